package idrt

import (
	"sync"
	"testing"
	"time"
)

// TestNowMilli checks, over enough milliseconds to calibrate the cached one
// and cross many millisecond boundaries, from two goroutines, that NowMilli
// is always the millisecond of an instant between a clock reading taken
// before the call and one taken after it.
func TestNowMilli(t *testing.T) {
	var wg sync.WaitGroup
	for range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			// Until the calibration period has passed three times over and
			// at least 10 milliseconds were seen: a loaded machine (or an
			// emulated one) may run this goroutine only now and then, so the
			// test waits for milliseconds rather than for a time. A NowMilli
			// stuck on one millisecond still fails, at the deadline.
			stop := time.Now().Add(3 * calibrationForTest)
			deadline := time.Now().Add(20 * time.Second)
			seen := 0
			for last := int64(0); seen < 10 || time.Now().Before(stop); {
				if time.Now().After(deadline) {
					t.Errorf("saw only %d distinct milliseconds in 20s", seen)
					return
				}
				before := time.Now().UnixMilli()
				got := NowMilli()
				after := time.Now().UnixMilli()
				ms := got.UnixMilli()
				if ms < before || ms > after {
					t.Errorf("NowMilli = %d ms, outside [%d, %d] read around it", ms, before, after)
					return
				}
				if got.Nanosecond()%1e6 != 0 {
					t.Errorf("NowMilli = %v, not on a whole millisecond", got)
					return
				}
				if ms != last {
					seen++
					last = ms
				}
			}
		}()
	}
	wg.Wait()
}
