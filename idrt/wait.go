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
// clock reads the current tick; tick is the length of one tick. WaitPast
// reads the clock, then sleeps about a quarter tick between readings (it
// yields the processor instead when tick is under 4ns), for at most maxWait
// in all. If the clock has not passed last by then, because it stands still
// or went backwards, WaitPast returns the clock's last reading and
// ErrClockBackwards. With maxWait <= 0 it reads the clock once.
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
			return now, ErrClockBackwards
		}
		if nap > 0 {
			time.Sleep(min(nap, left))
		} else {
			runtime.Gosched()
		}
		if now = clock(); now > last {
			return now, nil
		}
	}
}
