//go:build linux && amd64 && !purego

package idrt

import (
	"testing"
	"time"
)

const calibrationForTest = calibration

// TestNowMilliCalibrates checks that, on a processor with an invariant
// time-stamp counter, use calibrates it to a rate between 100 MHz and 10 GHz,
// and that the cached millisecond is then served: NowMilli returns it
// without reading the wall clock.
//
// Calibration takes 20 ms of use when nothing interrupts its samples; on a
// loaded machine an interrupted sample, or a check that finds the rate
// below its bound, starts it again. (CI once found it uncalibrated after
// 60 ms, under Go 1.27 with other test binaries beside it.) So the test
// waits up to 5 s for it.
func TestNowMilliCalibrates(t *testing.T) {
	if !invariantTSC {
		t.Skip("no invariant time-stamp counter: NowMilli reads the clock every time")
	}
	var perUs float64
	for stop := time.Now().Add(5 * time.Second); perUs == 0 && time.Now().Before(stop); {
		nowMilli()
		tsc.mu.Lock()
		perUs = tsc.perUs
		tsc.mu.Unlock()
	}
	if perUs < 100 || perUs > 10000 {
		t.Fatalf("calibrated rate %v cycles per microsecond, want 100 to 10000", perUs)
	}
	// Within one millisecond most calls find the cached one valid.
	served := 0
	for range 1000 {
		s := millis.seq.Load()
		if t := rdtsc(); s&1 == 0 && millis.start.Load() <= t && t < millis.end.Load() {
			served++
		}
		nowMilli()
	}
	if served == 0 {
		t.Errorf("the cached millisecond was never valid in 1000 calls")
	}
}

// TestNowMilliCounterJumpedBack checks that a cached millisecond is not
// served when the time-stamp counter reads below the value it was recorded
// at, as after a virtual machine moved to a host whose counter is behind:
// NowMilli reads the clock instead of returning a millisecond long past.
func TestNowMilliCounterJumpedBack(t *testing.T) {
	tsc.mu.Lock() // no refresh may overwrite the planted millisecond
	s := millis.seq.Load()
	millis.seq.Store(s + 1)
	millis.ms.Store(0) // 1970: far in the past
	millis.start.Store(^uint64(0) - 1)
	millis.end.Store(^uint64(0))
	millis.seq.Store(s + 2)
	got := nowMilli()
	tsc.mu.Unlock()
	if want := time.Now().UnixMilli(); got < want-1000 || got > want+1000 {
		t.Fatalf("nowMilli() = %d after the counter fell below the cached start, want the clock's %d", got, want)
	}
}
