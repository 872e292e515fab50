package fuzz

import (
	"bytes"
	"errors"
	"math"
	"math/big"
	"testing"
	"time"

	"github.com/idforge/idforge/interp"
	"github.com/idforge/idforge/layouts"
)

// Bounds checks a time-sortable layout's range bounds, as a generated
// package's MinAt and MaxAt give them (as bytes, or an error), at the given
// times and at the ends of the layout's range (the epoch and the overflow,
// a nanosecond and a tick either side):
//
//   - they equal the interpreter's interp.MinAt and interp.MaxAt, and
//     refuse where it does (with the package's ErrTime);
//   - MinAt(t)'s time is at or after t and MaxAt(t)'s at or before it, and
//     the tick before MinAt(t) (after MaxAt(t)) is not: they are the first
//     and last ticks that qualify (DESIGN's time bounds);
//   - MinAt(t) <= MaxAt(t) whenever some tick's time is t; t before the
//     epoch gives the first tick from MinAt and an error from MaxAt, t
//     after the last tick's time an error from MinAt and the last tick
//     from MaxAt.
func Bounds(t *testing.T, l *layouts.Layout, minAt, maxAt func(time.Time) ([]byte, error), times ...time.Time) {
	t.Helper()
	needLayout(t, l)
	if minAt == nil || maxAt == nil {
		t.Fatal("fuzz: Bounds needs both minAt and maxAt")
	}
	v, ok := l.Value(layouts.Time)
	if !ok || !l.TimeSortable() {
		t.Fatalf("%s has no time that orders its IDs", l.Name)
	}
	tick, _ := l.Tick()
	edges := []time.Time{v.Epoch}
	if end, ok := l.Overflow(); ok {
		last := interp.TicksTime(v, new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), uint(v.Width)), big.NewInt(1)))
		edges = append(edges, end, last)
	}
	for _, e := range edges {
		times = append(times, e, e.Add(-1), e.Add(1), e.Add(-tick), e.Add(tick), e.Add(-time.Hour), e.Add(time.Hour))
	}
	times = append(times, farTimes()...)
	for _, at := range times {
		lo, errLo := minAt(at)
		hi, errHi := maxAt(at)
		wantLo, wantErrLo := interp.MinAt(l, at)
		wantHi, wantErrHi := interp.MaxAt(l, at)
		for _, err := range []error{wantErrLo, wantErrHi} {
			if err != nil && !errors.Is(err, interp.ErrTime) {
				t.Fatal(err)
			}
		}
		if !bytes.Equal(lo, wantLo) || !bytes.Equal(hi, wantHi) || (errLo != nil) != (wantErrLo != nil) || (errHi != nil) != (wantErrHi != nil) {
			t.Fatalf("%s at %v: MinAt %X (%v), MaxAt %X (%v); the interpreter says %X (%v), %X (%v)", l.Name, at, lo, errLo, hi, errHi, wantLo, wantErrLo, wantHi, wantErrHi)
		}
		checkBound(t, l, v, at, lo, hi)
	}
}

// farTimes returns instants far from any layout's range, where a fast path's
// int64 arithmetic may overflow: the first and last instants a time.Time
// holds, year 1 (the zero Time), the Unix epoch, the ends of what an int64
// of Unix nanoseconds holds (1677 and 2262) a nanosecond either side, and
// years 10000, 300,000 (past an int64 of microseconds) and 300 million
// (past one of milliseconds), and as far before the epoch.
func farTimes() []time.Time {
	const unixToInternal = 62135596800 // seconds from year 1 to 1970
	ts := []time.Time{
		time.Unix(math.MinInt64, 0), time.Unix(math.MaxInt64-unixToInternal, 999_999_999),
		{}, time.Unix(0, 0), time.Unix(0, math.MinInt64), time.Unix(0, math.MaxInt64),
	}
	for _, y := range []int{10_000, 300_000, 300_000_000} {
		ts = append(ts, time.Date(y, 1, 1, 0, 0, 0, 0, time.UTC), time.Date(-y, 1, 1, 0, 0, 0, 0, time.UTC))
	}
	for _, t := range ts[4:6] {
		ts = append(ts, t.Add(-1), t.Add(1))
	}
	return ts
}

// checkBound checks that lo is the first tick at or after at, or nil when
// there is none, and hi the last at or before it, or nil.
func checkBound(t *testing.T, l *layouts.Layout, v *layouts.Value, at time.Time, lo, hi []byte) {
	t.Helper()
	maxTick := new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), uint(v.Width)), big.NewInt(1))
	last := interp.TicksTime(v, maxTick)
	one := big.NewInt(1)
	if (lo == nil) != at.After(last) {
		t.Fatalf("%s at %v: MinAt %X; the last tick's time is %v", l.Name, at, lo, last)
	}
	if (hi == nil) != at.Before(v.Epoch) {
		t.Fatalf("%s at %v: MaxAt %X; the epoch is %v", l.Name, at, hi, v.Epoch)
	}
	var kLo, kHi *big.Int
	if lo != nil {
		kLo, _ = interp.Role(l, lo, layouts.Time)
		if tLo := interp.TicksTime(v, kLo); tLo.Before(at) {
			t.Fatalf("%s: MinAt(%v) has time %v, before it", l.Name, at, tLo)
		}
		if kLo.Sign() > 0 {
			if prev := interp.TicksTime(v, new(big.Int).Sub(kLo, one)); !prev.Before(at) {
				t.Fatalf("%s: MinAt(%v) is not the first tick: the one before has time %v", l.Name, at, prev)
			}
		}
	}
	if hi != nil {
		kHi, _ = interp.Role(l, hi, layouts.Time)
		if tHi := interp.TicksTime(v, kHi); tHi.After(at) {
			t.Fatalf("%s: MaxAt(%v) has time %v, after it", l.Name, at, tHi)
		}
		if kHi.Cmp(maxTick) < 0 {
			if next := interp.TicksTime(v, new(big.Int).Add(kHi, one)); !next.After(at) {
				t.Fatalf("%s: MaxAt(%v) is not the last tick: the one after has time %v", l.Name, at, next)
			}
		}
	}
	if kLo != nil && kHi != nil && kLo.Cmp(kHi) <= 0 && bytes.Compare(lo, hi) > 0 {
		t.Fatalf("%s at %v: MinAt %X is above MaxAt %X", l.Name, at, lo, hi)
	}
}
