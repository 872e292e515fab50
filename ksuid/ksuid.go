package ksuid

import "time"

// FromParts returns the KSUID for a time and a payload. The time is kept to
// the second; it returns ErrTime for a time before 2014-05-13T16:53:20Z or
// from 2150-06-19T23:21:36Z on, which 32 bits of seconds cannot hold.
func FromParts(t time.Time, payload [16]byte) (KSUID, error) {
	ticks, err := ticksFrom(t)
	if err != nil {
		return Nil, err
	}
	return pack(Fields{Timestamp: uint32(ticks), Payload: payload}), nil
}
