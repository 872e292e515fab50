//go:build !race

package uuid_test

// raceEnabled reports whether the race detector is on; heavy tests shrink.
const raceEnabled = false
