// Package ksuid makes and reads KSUIDs, Segment's K-Sortable Unique
// IDentifiers: 32 bits of seconds since 2014-05-13T16:53:20Z and a 128-bit
// payload, written as 27 Base62 characters that sort like the bytes.
//
// The KSUIDs of one generator strictly increase, in bytes and in text. The
// payload's first 64 bits are a counter, seeded at random with its top bit
// clear at each new second and counting up by one within it; its last 64
// bits are drawn fresh for every KSUID, as segmentio/ksuid draws all 128.
// Someone who sees one KSUID can tell that the next KSUID of the same
// generator and second likely carries the next count, but cannot guess its
// 64 random bits, so a KSUID in a URL gives none of its neighbours away.
// Every KSUID reader sees payloads of 16 bytes, as ever. (The counter would
// need 2^63 KSUIDs in one second to run out; then the generator would wait
// for the next second.)
package ksuid

//go:generate go run ../gen/tools/regen ksuid
