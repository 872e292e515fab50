package ulid

import "errors"

// ErrClockBackwards was the error of a generator whose clock went back too
// far. No generator of this package returns it: it stays on its last tick,
// or borrows the next, however far the clock goes back.
//
// Deprecated: never returned; it stays so that code that checks for it
// compiles.
var ErrClockBackwards = errors.New("ulid: clock moved backwards")

// MaxTime returns the largest time a ULID can hold, in Unix milliseconds:
// 2^48 - 1, which is 10889-08-02T05:31:50.655Z, as oklog/ulid's MaxTime
// does. A generator whose clock is past it returns ErrTime; it never wraps.
func MaxTime() uint64 { return policy.MaxTick }
