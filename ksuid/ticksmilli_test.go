package ksuid

import (
	"math"
	"math/rand/v2"
	"testing"
	"time"
)

// TestTicksFromMilli checks that the generator's clock path, which turns the
// system clock's millisecond into ticks with no time.Time between (issue
// 69), gives the tick, or the error, that ticksFrom gives for the same instant:
// around the epoch, around the last tick, at the ends of int64 and at random
// milliseconds between.
func TestTicksFromMilli(t *testing.T) {
	const epoch = 1400000000000
	var last int64 // the first millisecond past the last tick
	for lo, hi := int64(epoch), int64(math.MaxInt64/2); lo < hi; {
		mid := lo + (hi-lo)/2
		if _, err := ticksFrom(time.UnixMilli(mid)); err == nil {
			lo = mid + 1
		} else {
			hi = mid
		}
		last = lo
	}
	ms := []int64{math.MinInt64 / 2, -1, 0, 1, epoch - 1001, epoch - 1000, epoch - 999, epoch - 1, epoch, epoch + 1, epoch + 999, epoch + 1000, last - 1001, last - 1000, last - 1, last, last + 1, last + 1000, math.MaxInt64 / 2}
	r := rand.New(rand.NewPCG(69, 69))
	for range 10000 {
		ms = append(ms, epoch+r.Int64N(last-epoch+2000)-1000)
	}
	for _, m := range ms {
		want, wantErr := ticksFrom(time.UnixMilli(m))
		got, err := ticksFromMilli(m)
		if got != want || (err == nil) != (wantErr == nil) || err != nil && err.Error() != wantErr.Error() {
			t.Fatalf("ticksFromMilli(%d) = %d, %v; ticksFrom(time.UnixMilli(%d)) = %d, %v", m, got, err, m, want, wantErr)
		}
	}
}
