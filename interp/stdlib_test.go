//go:build go1.27

package interp_test

import (
	"testing"
	"time"
	stduuid "uuid"

	"github.com/idforge/idforge/interp"
	"github.com/idforge/idforge/layouts"
)

// Go 1.27's uuid.NewV7 makes UUIDv7s by RFC 9562 §6.2 method 3: Unix
// milliseconds, then floor(ns * 4096 / 10^6) of the nanoseconds past the
// millisecond in rand_a, taking the tick after its last when the clock has
// not passed it. Read as uuidv7-subms, each is valid, its milliseconds are
// unix_ts_ms and its fraction rand_a, its time lies within the clock
// readings around the calls (ahead by at most one tick an ID), and the
// times rise strictly in the order the IDs were made, which only a right
// reading of the fraction gives.
func TestStdlibNewV7Subms(t *testing.T) {
	l, err := layouts.Builtin("uuidv7-subms")
	if err != nil {
		t.Fatal(err)
	}
	v, _ := l.Value(layouts.Time)
	const n = 200_000
	ids := make([]stduuid.UUID, n)
	before := time.Now().Round(0) // the wall clock, as NewV7 reads it
	for i := range ids {
		ids[i] = stduuid.NewV7()
	}
	after := time.Now().Round(0)
	tick := time.Duration(1_000_000 / 4096) // 244 ns, rounded down
	var prev uint64
	for i, u := range ids {
		if _, err := interp.Unpack(l, u[:]); err != nil {
			t.Fatalf("%v: not a valid uuidv7-subms: %v", u, err)
		}
		ticks, err := interp.Role(l, u[:], layouts.Time)
		if err != nil {
			t.Fatal(err)
		}
		k := ticks.Uint64()
		ms := uint64(u[0])<<40 | uint64(u[1])<<32 | uint64(u[2])<<24 | uint64(u[3])<<16 | uint64(u[4])<<8 | uint64(u[5])
		frac := uint64(u[6]&0x0f)<<8 | uint64(u[7])
		if k>>12 != ms || k&0xfff != frac {
			t.Fatalf("%v: ms %d and fraction %d, want %d and %d", u, k>>12, k&0xfff, ms, frac)
		}
		if i > 0 && k <= prev {
			t.Fatalf("%v (ID %d): time %d ticks, not after the one before's %d", u, i, k, prev)
		}
		prev = k
		at := interp.TicksTime(v, ticks)
		if want := time.UnixMilli(int64(ms)).Add(time.Duration(frac * 1_000_000 / 4096)); !at.Equal(want) {
			t.Fatalf("%v: time %v, want %v", u, at, want)
		}
		// The tick's start, rounded down to the nanosecond, is at most a
		// tick before the clock reading it came from.
		if at.Before(before.Add(-tick-1)) || at.After(after.Add(time.Duration(i+1)*(tick+1))) {
			t.Fatalf("%v: time %v is outside the clock's %v to %v", u, at, before, after)
		}
	}
}
