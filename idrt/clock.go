package idrt

import "time"

// Now returns the current wall-clock time, as time.Now does, but without a
// monotonic reading; on linux/amd64 it reads the system clock only once.
//
// time.Now reads two clocks: the wall clock, and a monotonic clock that
// Time.Sub and time.Since use to measure intervals. IDs need only the wall
// clock, and on linux/amd64, where each reading is a vDSO call that costs
// about as much as the rest of making a UUIDv7, Now skips the second one by
// calling gettimeofday through the vDSO: half the cost, at microsecond
// resolution (the purego build tag does not change this: it has no assembly
// of its own). Elsewhere Now is time.Now with its monotonic reading
// stripped, at the platform's own resolution.
//
// On every platform the Time that Now returns carries no monotonic reading:
// comparing two of them compares wall-clock readings. Generated
// generators use Now by default when every clock-based layout they make
// either counts time in ticks of a microsecond or more (UUIDv7, ULID, KSUID,
// Snowflake), or gives each ID a tick of its own (UUIDv1 and v6, whose
// 100-ns ticks within one microsecond then count on from the last, as RFC
// 9562 §6.1 allows a coarser clock to do).
func Now() time.Time { return now() }

// NowMilli returns the current wall-clock time truncated to the millisecond,
// for layouts whose ticks are whole milliseconds from an epoch on a whole
// millisecond (UUIDv7, ULID, KSUID, Snowflake), which lose nothing by it.
//
// On linux/amd64 with an invariant time-stamp counter, NowMilli reads the
// clock, as Now does, only when the millisecond it last read may have ended:
// it keeps that millisecond, process-wide, with the counter reading before
// which it certainly has not, and otherwise costs one RDTSC instruction. The
// counter's rate is measured against the monotonic clock over the first
// 20 ms of use, and checked at every clock read after that. The millisecond
// returned is never later than the true one; it can be earlier by at most a
// few microseconds' worth of skew between the counters of different cores,
// which is less than a goroutine can be delayed between reading any clock
// and using the reading. Elsewhere NowMilli truncates Now.
//
// Like Now's, the Time carries no monotonic reading.
func NowMilli() time.Time { return time.UnixMilli(nowMilli()) }

// UnixMilli returns what NowMilli does, as milliseconds since the Unix
// epoch: the same cached millisecond on linux/amd64 with an invariant
// time-stamp counter, and the same fallback elsewhere, without making a
// time.Time. Generated generators whose ticks are whole milliseconds from an
// epoch on a whole millisecond turn it into ticks with a subtraction (and a
// division for ticks of 10 ms or a second), where a time.Time would be taken
// apart into seconds and nanoseconds again.
func UnixMilli() int64 { return nowMilli() }
