// Package ksuid makes and reads KSUIDs, Segment's K-Sortable Unique
// IDentifiers: 32 bits of seconds since 2014-05-13T16:53:20Z and 128 random
// bits, written as 27 Base62 characters that sort like the bytes.
package ksuid

//go:generate go run ../internal/regen ksuid
