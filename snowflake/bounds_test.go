package snowflake_test

import (
	"math/rand/v2"
	"testing"
	"time"

	"github.com/idforge/idforge/fuzz"
	"github.com/idforge/idforge/layouts"
	"github.com/idforge/idforge/snowflake"
)

// The range bounds agree with the interpreter at a thousand random times
// and at the ends of the range, and are the first and last ticks of a time.
func TestBounds(t *testing.T) {
	r := rand.New(rand.NewPCG(17, 0))
	for _, c := range []struct {
		layout   string
		min, max func(time.Time) snowflake.ID
	}{
		{"snowflake", snowflake.MinAt, snowflake.MaxAt},
	} {
		l, err := layouts.Builtin(c.layout)
		if err != nil {
			t.Fatal(err)
		}
		var times []time.Time
		for range 1000 {
			// From 1900 to 2100, to the nanosecond.
			times = append(times, time.Unix(r.Int64N(6_311_390_400)-2_208_988_800, r.Int64N(1e9)).UTC())
		}
		fuzz.Bounds(t, l, bytesAt(c.min), bytesAt(c.max), times...)
	}
}

func bytesAt(f func(time.Time) snowflake.ID) func(time.Time) []byte {
	return func(t time.Time) []byte { return bytesOf(f(t)) }
}
