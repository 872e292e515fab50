package oracle

import (
	"math/rand/v2"
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
