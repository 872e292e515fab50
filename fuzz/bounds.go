package fuzz

import (
	"bytes"
	"math/big"
	"testing"
	"time"

	"github.com/idforge/idforge/interp"
	"github.com/idforge/idforge/layouts"
)

// Bounds checks a time-sortable layout's range bounds, as a generated
// package's MinAt and MaxAt give them (as bytes), at the given times and at
// the ends of the layout's range (the epoch and the overflow, a nanosecond
// and a tick either side):
//
//   - they equal the interpreter's interp.MinAt and interp.MaxAt;
//   - within the range, MinAt(t)'s time is at or after t and MaxAt(t)'s at
//     or before it, and the tick before MinAt(t) (after MaxAt(t)) is not:
//     they are the first and last ticks that qualify;
//   - MinAt(t) <= MaxAt(t) whenever some tick's time is t; t before the
//     epoch gives the first tick, t past the last tick the last.
func Bounds(t *testing.T, l *layouts.Layout, minAt, maxAt func(time.Time) []byte, times ...time.Time) {
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
		edges = append(edges, end)
	}
	for _, e := range edges {
		times = append(times, e, e.Add(-1), e.Add(1), e.Add(-tick), e.Add(tick), e.Add(-time.Hour), e.Add(time.Hour))
	}
	for _, at := range times {
		lo, hi := minAt(at), maxAt(at)
		wantLo, err := interp.MinAt(l, at)
		if err != nil {
			t.Fatal(err)
		}
		wantHi, _ := interp.MaxAt(l, at)
		if !bytes.Equal(lo, wantLo) || !bytes.Equal(hi, wantHi) {
			t.Fatalf("%s at %v: MinAt %X, MaxAt %X; the interpreter says %X, %X", l.Name, at, lo, hi, wantLo, wantHi)
		}
		checkBound(t, l, v, at, lo, hi)
	}
}

// checkBound checks that lo and hi are the first tick at or after at and
// the last at or before it, or the first or last tick when at is outside
// the range.
func checkBound(t *testing.T, l *layouts.Layout, v *layouts.Value, at time.Time, lo, hi []byte) {
	t.Helper()
	kLo, _ := interp.Role(l, lo, layouts.Time)
	kHi, _ := interp.Role(l, hi, layouts.Time)
	maxTick := new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), uint(v.Width)), big.NewInt(1))
	one := big.NewInt(1)
	switch {
	case at.Before(v.Epoch):
		if kLo.Sign() != 0 || kHi.Sign() != 0 {
			t.Fatalf("%s before the epoch (%v): ticks %v and %v, want 0", l.Name, at, kLo, kHi)
		}
		return
	case at.After(interp.TicksTime(v, maxTick)):
		if kLo.Cmp(maxTick) != 0 || kHi.Cmp(maxTick) != 0 {
			t.Fatalf("%s past the last tick (%v): ticks %v and %v, want %v", l.Name, at, kLo, kHi, maxTick)
		}
		return
	}
	if tLo := interp.TicksTime(v, kLo); tLo.Before(at) {
		t.Fatalf("%s: MinAt(%v) has time %v, before it", l.Name, at, tLo)
	}
	if kLo.Sign() > 0 {
		if prev := interp.TicksTime(v, new(big.Int).Sub(kLo, one)); !prev.Before(at) {
			t.Fatalf("%s: MinAt(%v) is not the first tick: the one before has time %v", l.Name, at, prev)
		}
	}
	if tHi := interp.TicksTime(v, kHi); tHi.After(at) {
		t.Fatalf("%s: MaxAt(%v) has time %v, after it", l.Name, at, tHi)
	}
	if kHi.Cmp(maxTick) < 0 {
		if next := interp.TicksTime(v, new(big.Int).Add(kHi, one)); !next.After(at) {
			t.Fatalf("%s: MaxAt(%v) is not the last tick: the one after has time %v", l.Name, at, next)
		}
	}
	if kLo.Cmp(kHi) <= 0 && bytes.Compare(lo, hi) > 0 {
		t.Fatalf("%s at %v: MinAt %X is above MaxAt %X", l.Name, at, lo, hi)
	}
}
