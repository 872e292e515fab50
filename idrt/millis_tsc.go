//go:build linux && amd64 && !purego

package idrt

import (
	"sync"
	"sync/atomic"
	"syscall"
	"time"
)

// rdtsc returns the processor's time-stamp counter. It is in tsc_linux_amd64.s.
func rdtsc() uint64

// cpuid returns the EAX and EDX registers of CPUID leaf (subleaf 0). It is in
// tsc_linux_amd64.s.
func cpuid(leaf uint32) (eax, edx uint32)

// invariantTSC reports whether the time-stamp counter runs at a constant
// rate in every power state (CPUID 0x80000007, EDX bit 8), as the cached
// millisecond needs.
var invariantTSC = func() bool {
	if top, _ := cpuid(0x80000000); top < 0x80000007 {
		return false
	}
	_, edx := cpuid(0x80000007)
	return edx&(1<<8) != 0
}()

// millis is the current millisecond of the wall clock, as last read; start,
// the time-stamp counter when it was read; and end, a counter reading before
// which that millisecond has certainly not ended. A counter outside
// [start, end) is never trusted: a counter that jumped back (a virtual
// machine moved to another host, say) makes the next call read the clock
// rather than hand out a millisecond that has long passed. seq is odd while they are written (a sequence lock:
// readers take no lock and retry nothing; they read the clock instead). The
// padding keeps the line they share to themselves.
var millis struct {
	_     [64]byte
	seq   atomic.Uint64
	ms    atomic.Int64
	start atomic.Uint64
	end   atomic.Uint64
	_     [64]byte
}

// Calibration of the time-stamp counter against the monotonic clock. Only
// the goroutine that holds mu reads the wall clock for millis and writes it.
var tsc struct {
	mu sync.Mutex
	// perUs is a lower bound on the counter's cycles per microsecond: the
	// measured rate less 2%. Zero until measured (and after a check failed).
	perUs float64
	// The calibration's first sample: the counter just before and just
	// after the monotonic clock was read.
	start          time.Time
	start0, start1 uint64
	// The last refresh not interrupted between its readings: the counter,
	// and the wall clock in microseconds read just after it.
	lastTSC uint64
	lastUs  int64
}

const (
	// calibration is how long the counter is measured against the monotonic
	// clock before the cached millisecond is used.
	calibration = 20 * time.Millisecond
	// marginUs is how many microseconds before a millisecond's end the
	// cached one stops being used: for the counter reading being taken a
	// little early (RDTSC does not wait for earlier instructions) and for a
	// small skew between the counters of different cores.
	marginUs = 5
)

// nowMilli returns the wall clock in milliseconds since the Unix epoch. While
// the millisecond last read has certainly not ended, as the time-stamp
// counter tells, it returns that millisecond without reading the clock: an
// RDTSC costs a third of a vDSO clock read on the machines measured.
func nowMilli() int64 {
	s := millis.seq.Load()
	ms, start, end := millis.ms.Load(), millis.start.Load(), millis.end.Load()
	if t := rdtsc(); s&1 == 0 && start <= t && t < end && millis.seq.Load() == s {
		return ms
	}
	return refreshMilli()
}

// refreshMilli reads the wall clock and, when the counter is calibrated and
// no other goroutine is doing the same, records the millisecond and the
// counter reading at which it certainly has not yet ended.
func refreshMilli() int64 {
	if !invariantTSC || !tsc.mu.TryLock() {
		return wallMicro() / 1000
	}
	defer tsc.mu.Unlock()
	if tsc.perUs == 0 {
		return calibrate()
	}
	t0 := rdtsc()
	us := wallMicro()
	if rdtsc()-t0 > uint64(marginUs*tsc.perUs) {
		return us / 1000 // interrupted between the readings: neither check nor record it
	}
	// The counter's rate must not have fallen below the bound since the
	// last refresh: if more wall time passed than the counter says at most,
	// measure it again. (A wall clock stepped forward also fails the check,
	// harmlessly.)
	if t0 > tsc.lastTSC && float64(us-tsc.lastUs) > float64(t0-tsc.lastTSC)/tsc.perUs+marginUs {
		tsc.perUs, tsc.start = 0, time.Time{}
		return us / 1000
	}
	tsc.lastTSC, tsc.lastUs = t0, us
	ms := us / 1000
	// The reading truncates to the microsecond, and the counter was read
	// before the clock: at least left microseconds of this millisecond
	// remain after t0's cycle.
	left := (ms+1)*1000 - us - 1 - marginUs
	if left > 0 {
		s := millis.seq.Load()
		millis.seq.Store(s + 1)
		millis.ms.Store(ms)
		millis.start.Store(t0)
		millis.end.Store(t0 + uint64(float64(left)*tsc.perUs))
		millis.seq.Store(s + 2)
	}
	return ms
}

// calibrate measures the counter's rate against the monotonic clock over at
// least the calibration period, from two samples each taken between two
// counter readings close enough together to bound the error to 0.1%, and
// returns the wall clock's millisecond. tsc.mu must be held.
func calibrate() int64 {
	t0 := rdtsc()
	now := time.Now()
	t1 := rdtsc()
	if tsc.start.IsZero() || t1 < tsc.start1 {
		tsc.start, tsc.start0, tsc.start1 = now, t0, t1
		return now.UnixMilli()
	}
	d := now.Sub(tsc.start)
	if d < calibration {
		return now.UnixMilli()
	}
	cycles := t0 - tsc.start1
	if (tsc.start1-tsc.start0)+(t1-t0) > cycles/1000 {
		tsc.start, tsc.start0, tsc.start1 = now, t0, t1 // a sample was interrupted: start again
		return now.UnixMilli()
	}
	tsc.perUs = float64(cycles) / float64(d.Microseconds()) * 0.98
	tsc.lastTSC, tsc.lastUs = t1, now.UnixMicro()
	return now.UnixMilli()
}

// wallMicro reads the wall clock in microseconds since the Unix epoch with
// gettimeofday, through the vDSO, as now does.
func wallMicro() int64 {
	var tv syscall.Timeval
	if syscall.Gettimeofday(&tv) != nil {
		return time.Now().UnixMicro()
	}
	return tv.Sec*1e6 + tv.Usec
}
