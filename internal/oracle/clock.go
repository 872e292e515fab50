package oracle

import (
	"math"
	"math/rand/v2"
	"testing"
	"time"
)

// Script returns a clock that walks through a scripted mix of the ways real
// clocks misbehave: standing still, stepping forward by less than and more
// than a tick, and jumping back by a tick, a second or an hour. Each call
// returns the next instant. Two scripts from one seed return the same
// instants.
func Script(seed uint64, start time.Time, tick time.Duration) func() time.Time {
	return script(seed, start, tick, true)
}

// Forward is Script without the jumps back.
func Forward(seed uint64, start time.Time, tick time.Duration) func() time.Time {
	return script(seed, start, tick, false)
}

func script(seed uint64, start time.Time, tick time.Duration, back bool) func() time.Time {
	rng := rand.New(rand.NewPCG(seed, 1))
	now := start
	return func() time.Time {
		switch r := rng.IntN(100); {
		case r < 40: // stand still
		case r < 75:
			now = now.Add(time.Duration(rng.Int64N(int64(tick) + 1)))
		case r < 90 || !back:
			now = now.Add(time.Duration(rng.Int64N(int64(10*tick) + 1)))
		case r < 96:
			now = now.Add(-tick)
		case r < 99:
			now = now.Add(-time.Second)
		default:
			now = now.Add(-time.Hour)
		}
		return now
	}
}

// TicksFromMilli checks that a generator's clock path, which turns the
// system clock's millisecond into ticks with no time.Time between
// (fromMilli), gives the tick, or the error, that ticksFrom gives for the
// same instant: around the layout's epoch (epochMs, milliseconds since the
// Unix epoch), around its last tick, at the ends of int64 and at random
// milliseconds between.
func TicksFromMilli(t *testing.T, epochMs int64, ticksFrom func(time.Time) (uint64, error), fromMilli func(int64) (uint64, error)) {
	t.Helper()
	var last int64 // the first millisecond past the last tick
	for lo, hi := epochMs, int64(math.MaxInt64/2); lo < hi; {
		mid := lo + (hi-lo)/2
		if _, err := ticksFrom(time.UnixMilli(mid)); err == nil {
			lo = mid + 1
		} else {
			hi = mid
		}
		last = lo
	}
	ms := []int64{math.MinInt64 / 2, -1, 0, 1, epochMs - 1001, epochMs - 1000, epochMs - 999, epochMs - 1, epochMs, epochMs + 1, epochMs + 999, epochMs + 1000, last - 1001, last - 1000, last - 1, last, last + 1, last + 1000, math.MaxInt64 / 2}
	r := rand.New(rand.NewPCG(69, 69))
	for range 10000 {
		ms = append(ms, epochMs+r.Int64N(last-epochMs+2000)-1000)
	}
	for _, m := range ms {
		want, wantErr := ticksFrom(time.UnixMilli(m))
		got, err := fromMilli(m)
		if got != want || (err == nil) != (wantErr == nil) || err != nil && err.Error() != wantErr.Error() {
			t.Fatalf("from the millisecond %d: %d, %v; from time.UnixMilli(%d): %d, %v", m, got, err, m, want, wantErr)
		}
	}
}
