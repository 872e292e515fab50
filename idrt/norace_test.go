//go:build !race

package idrt

const raceEnabled = false
