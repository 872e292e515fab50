//go:build race

package uuid_test

const raceEnabled = true
