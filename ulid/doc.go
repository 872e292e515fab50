// Package ulid makes and reads ULIDs: 48 bits of Unix milliseconds and 80
// bits of entropy, written as 26 Crockford base32 characters.
//
// The ULIDs of one generator strictly increase, as the ULID spec's
// monotonic mode says: the entropy is drawn at random at each new
// millisecond and increases by one for each further ULID within it. So one
// ULID gives away the next ULIDs of the same generator and millisecond
// (each is one more), though nothing of other milliseconds or other
// generators. Where IDs must not be guessable from one another, as in URLs,
// use KSUIDs (package ksuid), which keep 64 bits of every ID random, or
// UUIDv4s. (oklog/ulid adds a random step of up to 2^32 instead of one;
// that leaves about 32 bits to guess, and IDs that count up by one keep
// ULID's conversion to UUIDv7 in order, which package compat relies on.)
package ulid

//go:generate go run ../gen/tools/regen ulid
