// Package uuid makes, reads and converts RFC 9562 UUIDs: versions 1, 3, 4,
// 5, 6, 7 and 8, generated from the layout specs in idforge's layouts
// directory.
//
// NewV7 is the one to reach for: its UUIDs sort by creation time, as bytes
// and as text, and each is greater than the last one made in the process.
//
// # The standard library's uuid package
//
// Go 1.27's package uuid declares its UUID as [16]byte too, so values convert
// both ways with a plain conversion and no copy of meaning: stduuid.UUID(id)
// hands one of ours to code that takes the standard library's, and
// uuid.UUID(s) takes one back. The two write the same canonical text and
// read the same forms (canonical, 32 hex digits, braces, URN), with one
// difference: Parse takes the URN prefix in any case, as RFC 8141 makes
// "urn:uuid:" case-insensitive, and the standard library only in lower case.
// Each reads the other's UUIDv4 and UUIDv7; in the standard library's v7,
// rand_a holds a 12-bit fraction of the millisecond, which Time, reading
// the millisecond, leaves aside.
//
// What this package adds: versions 1, 3, 5, 6 and 8; UUIDv7s that strictly
// increase within the process even when the clock goes back (the standard
// library's follow the clock back); generators with an injected clock and
// randomness, FillV7 for batches; fields for backfills; the sortable Base62
// and Crockford forms; and database/sql and JSON support.
package uuid

//go:generate go run ../gen/tools/regen uuid
