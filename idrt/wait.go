package idrt

import (
	"errors"
	"fmt"
	"runtime"
	"time"
)

// errNilClock is returned by a wait that is given no clock.
var errNilClock = errors.New("a wait needs a clock")

// ErrClockStalled is matched by the error of a wait whose clock stood still
// on the awaited tick for the whole wait: a frozen VM clock or a stuck time
// source, not a clock that was set back. It also matches ErrClockBackwards,
// which is what callers checked for it before it had an error of its own.
var ErrClockStalled = ErrorOf("clock stalled", ErrClockBackwards)

// ErrorOf returns a new sentinel error with the text msg that errors.Is also
// matches to kind: a narrower kind of error that callers of the broader one
// keep catching. Generated packages declare their ErrClockStalled with it.
func ErrorOf(msg string, kind error) error {
	return &kindError{msg: msg, kind: kind}
}

type kindError struct {
	msg  string
	kind error
}

func (e *kindError) Error() string { return e.msg }
func (e *kindError) Unwrap() error { return e.kind }

// A ClockError is the error of a wait for a clock that did not pass the
// awaited tick in time. It matches ErrClockStalled when the clock stood on
// that tick, and ErrClockBackwards in either case.
type ClockError struct {
	Last   uint64        // the tick waited past
	Now    uint64        // the clock's last reading
	Waited time.Duration // how long the wait lasted, by its own measure
}

// Error says whether the clock stood still or is behind, and for how long.
func (e *ClockError) Error() string {
	if e.Now >= e.Last {
		return fmt.Sprintf("the clock did not advance for %v (it stayed on tick %d)", e.Waited, e.Now)
	}
	return fmt.Sprintf("the clock is %d ticks behind the last one used after a wait of %v", e.Last-e.Now, e.Waited)
}

// Unwrap returns ErrClockStalled for a clock that stood still and
// ErrClockBackwards for one behind the tick.
func (e *ClockError) Unwrap() error {
	if e.Now >= e.Last {
		return ErrClockStalled
	}
	return ErrClockBackwards
}

// Wait is how a generator waits for its clock to pass a tick: the wait of
// OverflowWait layouts such as Snowflake. When State.Next returns
// ErrExhausted with tick last, the generator calls Past(last, clock) and
// then Next again with the tick it returns.
type Wait struct {
	// Tick is the length of one tick of the clock.
	Tick time.Duration
	// Max is the longest the wait lasts. With Max <= 0 Past reads the clock
	// once.
	Max time.Duration
	// Sleep, if not nil, is called instead of time.Sleep, and the wait
	// measures its time by the sleeps alone: Past gives up once the
	// durations it asked Sleep for add up to Max. A test whose fake clock
	// moves on when Sleep is called gets waits that neither take real time
	// nor depend on how fast the machine runs.
	Sleep func(time.Duration)
}

// Past waits until clock returns a tick greater than last and returns that
// tick.
//
// With the system's sleep, Past first only yields the processor between
// readings, for two ticks: a counter that ran out usually needs less than a
// tick's wait, and a sleep would overshoot it, as timers are coarser than a
// millisecond on busy machines. After that it sleeps about a quarter tick
// between readings, for at most Max in all. With w.Sleep it sleeps from the
// start.
//
// If the clock has not passed last by then, Past returns its last reading
// and a *ClockError, which matches ErrClockStalled if the clock stood on
// last and ErrClockBackwards in any case.
func (w Wait) Past(last uint64, clock func() uint64) (uint64, error) {
	if clock == nil {
		return 0, errNilClock
	}
	now := clock()
	if now > last {
		return now, nil
	}
	if w.Max <= 0 {
		return now, &ClockError{Last: last, Now: now}
	}
	nap := max(w.Tick/4, time.Microsecond)
	if w.Sleep != nil {
		for slept := time.Duration(0); slept < w.Max; slept += nap {
			w.Sleep(min(nap, w.Max-slept))
			if now = clock(); now > last {
				return now, nil
			}
		}
		return now, &ClockError{Last: last, Now: now, Waited: w.Max}
	}
	begin := time.Now()
	for {
		waited := time.Since(begin)
		if waited >= w.Max {
			// One more reading: the time may have run out while the
			// process was paused after the last one.
			if now = clock(); now > last {
				return now, nil
			}
			return now, &ClockError{Last: last, Now: now, Waited: waited.Round(time.Millisecond)}
		}
		if w.Tick > 0 && waited > 2*w.Tick {
			time.Sleep(min(nap, w.Max-waited))
		} else {
			runtime.Gosched()
		}
		if now = clock(); now > last {
			return now, nil
		}
	}
}
