//go:build race

package idrt

// raceEnabled reports whether the race detector is on: it changes escape
// analysis (crypto/rand.Read leaks its argument under -race), so allocation
// counts are only asserted without it.
const raceEnabled = true
