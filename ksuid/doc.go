// Package ksuid makes and reads KSUIDs, Segment's K-Sortable Unique
// IDentifiers: 32 bits of seconds since 2014-05-13T16:53:20Z and a 128-bit
// payload, written as 27 Base62 characters that sort like the bytes.
//
// The payload is random at the first KSUID a generator makes in a second,
// and counts up by one from there for each further KSUID in that second, as
// ULID's entropy does within a millisecond: the KSUIDs of one generator
// strictly increase, in bytes and in text. Every KSUID reader sees random
// payloads, as ever; only KSUIDs from the same generator and second lie next
// to each other. If the count ran out within a second (from a random start,
// it does not in practice), the generator would wait for the next second.
package ksuid

//go:generate go run ../internal/regen ksuid
