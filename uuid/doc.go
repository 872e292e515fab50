// Package uuid makes, reads and converts RFC 9562 UUIDs: versions 1, 3, 4,
// 5, 6, 7 and 8, generated from the layout specs in idforge's layouts
// directory.
//
// NewV7 is the one to reach for: its UUIDs sort by creation time, as bytes
// and as text, and each is greater than the last one made in the process.
package uuid

//go:generate go run ../internal/regen uuid
