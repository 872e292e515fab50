package idrt

import (
	"errors"
	"runtime"
	"time"
)

// errNilClock is returned by WaitPast when it is given no clock.
var errNilClock = errors.New("idrt: WaitPast needs a clock")

// WaitPast waits until clock returns a tick greater than last and returns
// that tick. It is the wait of OverflowWait layouts such as Snowflake: when
// State.Next returns ErrExhausted with tick last, the generator calls
// WaitPast(last, ...) and then Next again with the tick it returns.
//
// clock reads the current tick; tick is the length of one tick. For the
// first two ticks WaitPast only yields the processor between readings: a
// counter that ran out usually needs less than a tick's wait, and a sleep
// would overshoot it, as timers are coarser than a millisecond on busy
// machines. After that it sleeps about a quarter tick between readings, for
// at most maxWait in all. If the clock has not passed last by then, because
// it stands still or went backwards, WaitPast returns the clock's last
// reading and ErrClockBackwards. With maxWait <= 0 it reads the clock once.
func WaitPast(last uint64, clock func() uint64, tick time.Duration, maxWait time.Duration) (uint64, error) {
	if clock == nil {
		return 0, errNilClock
	}
	now := clock()
	if now > last {
		return now, nil
	}
	if maxWait <= 0 {
		return now, ErrClockBackwards
	}
	nap := tick / 4
	begin := time.Now()
	for {
		left := maxWait - time.Since(begin)
		if left <= 0 {
			// One more reading: the time may have run out while the
			// process was paused after the last one.
			if now = clock(); now > last {
				return now, nil
			}
			return now, ErrClockBackwards
		}
		if nap > 0 && time.Since(begin) > 2*tick {
			time.Sleep(min(nap, left))
		} else {
			runtime.Gosched()
		}
		if now = clock(); now > last {
			return now, nil
		}
	}
}
