package layouts

import "time"

// SetNow makes the checks read the time from now, until the returned
// function restores the clock.
func SetNow(now time.Time) (restore func()) {
	timeNow = func() time.Time { return now }
	return func() { timeNow = time.Now }
}
