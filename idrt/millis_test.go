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
			stop := time.Now().Add(3 * calibrationForTest)
			seen := 0
			for last := int64(0); time.Now().Before(stop); {
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
			if seen < 10 {
				t.Errorf("saw only %d distinct milliseconds", seen)
			}
		}()
	}
	wg.Wait()
}
