package idrt

import "time"

// Now returns the current wall-clock time, as time.Now does, but reads the
// system clock only once.
//
// time.Now reads two clocks: the wall clock, and a monotonic clock that
// Time.Sub and time.Since use to measure intervals. IDs need only the wall
// clock, and on linux/amd64, where each reading is a vDSO call that costs
// about as much as the rest of making a UUIDv7, Now skips the second one by
// calling gettimeofday through the vDSO: half the cost, at microsecond
// resolution. Elsewhere Now is time.Now.
//
// The Time that Now returns carries no monotonic reading. Generated
// generators use Now by default when every clock-based layout they make
// either counts time in ticks of a microsecond or more (UUIDv7, ULID, KSUID,
// Snowflake), or gives each ID a tick of its own (UUIDv1 and v6, whose
// 100-ns ticks within one microsecond then count on from the last, as RFC
// 9562 §6.1 allows a coarser clock to do).
func Now() time.Time { return now() }
