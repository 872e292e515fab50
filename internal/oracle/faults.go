package oracle

import "time"

// Fault is a clock misbehaving in one way: At returns the clock's reading
// for the i-th ID.
type Fault struct {
	Name string
	At   func(i int) time.Time
}

// Faults returns the clock faults every time-ordered generator must
// survive, for n IDs from start over three seconds: frozen; back by 1 ms,
// 1 s and 1 h half way; a jump forward of a day half way; a repeated second,
// as around a leap second (after one second the clock reads that second
// again).
func Faults(start time.Time, n int) []Fault {
	step := 3 * time.Second / time.Duration(n) // the clock's pace: n readings span three seconds
	at := func(i int) time.Time { return start.Add(time.Duration(i) * step) }
	back := func(d time.Duration) func(int) time.Time {
		return func(i int) time.Time {
			if i >= n/2 {
				return at(i).Add(-d)
			}
			return at(i)
		}
	}
	return []Fault{
		{"frozen", func(int) time.Time { return start }},
		{"back 1ms", back(time.Millisecond)},
		{"back 1s", back(time.Second)},
		{"back 1h", back(time.Hour)},
		{"forward 24h", back(-24 * time.Hour)},
		{"repeated second", func(i int) time.Time {
			t := at(i)
			if t.Sub(start) >= time.Second {
				return t.Add(-time.Second)
			}
			return t
		}},
	}
}

// Clock returns a clock that reads a fault's time for each call in turn.
func (f Fault) Clock() func() time.Time {
	i := 0
	return func() time.Time {
		t := f.At(i)
		i++
		return t
	}
}
