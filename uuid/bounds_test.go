package uuid_test

import (
	"math/rand/v2"
	"testing"
	"time"

	"github.com/idforge/idforge/fuzz"
	"github.com/idforge/idforge/layouts"
	"github.com/idforge/idforge/uuid"
)

// The range bounds agree with the interpreter at a thousand random times
// and at the ends of the range, and are the first and last ticks of a time.
func TestBounds(t *testing.T) {
	r := rand.New(rand.NewPCG(17, 0))
	for _, c := range []struct {
		layout   string
		min, max func(time.Time) uuid.UUID
	}{
		{"uuidv6", uuid.MinAtV6, uuid.MaxAtV6},
		{"uuidv7", uuid.MinAtV7, uuid.MaxAtV7},
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
		fuzz.Bounds(t, l, bytesOf(c.min), bytesOf(c.max), times...)
	}
}

func bytesOf(f func(time.Time) uuid.UUID) func(time.Time) []byte {
	return func(t time.Time) []byte {
		id := f(t)
		return id[:]
	}
}
