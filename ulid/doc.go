// Package ulid makes and reads ULIDs: 48 bits of Unix milliseconds and 80
// bits of entropy, written as 26 Crockford base32 characters. IDs made within
// one millisecond increase by one, as the ULID spec's monotonic mode says.
package ulid

//go:generate go run ../internal/regen ulid
