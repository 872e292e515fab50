package ulid

// MaxTime returns the largest time a ULID can hold, in Unix milliseconds:
// 2^48 - 1, which is 10889-08-02T05:31:50.655Z, as oklog/ulid's MaxTime
// does. A generator whose clock is past it returns ErrTime; it never wraps.
func MaxTime() uint64 { return policy.MaxTick }
