package ksuid

import "time"

// FromParts returns the KSUID for a time and a payload. The time is kept to
// the second; it returns ErrTime for a time before 2014-05-13T16:53:20Z or
// from 2150-06-19T23:21:36Z on, which 32 bits of seconds cannot hold.
func FromParts(t time.Time, payload [16]byte) (KSUID, error) {
	ticks, err := ticksFrom(t)
	if err != nil {
		return KSUID{}, err
	}
	return pack(Fields{Timestamp: uint32(ticks), Payload: payload}), nil
}

// Next returns the KSUID just after id in sort order: id's 20 bytes read as
// one 160-bit number, plus one. A payload of all ones carries into the
// timestamp, so the next KSUID after the last of a second is the first of
// the next second. Next of Max wraps around to Nil, as segmentio/ksuid's
// does; it is the one KSUID whose Next is not greater.
func (id KSUID) Next() KSUID {
	for i := len(id) - 1; i >= 0; i-- {
		id[i]++
		if id[i] != 0 { // no carry into the byte above
			break
		}
	}
	return id
}

// Prev returns the KSUID just before id in sort order: id's 20 bytes read
// as one 160-bit number, minus one. A payload of all zeros borrows from the
// timestamp, so the KSUID before the first of a second is the last of the
// second before. Prev of Nil wraps around to Max, as segmentio/ksuid's
// does; it is the one KSUID whose Prev is not smaller.
func (id KSUID) Prev() KSUID {
	for i := len(id) - 1; i >= 0; i-- {
		id[i]--
		if id[i] != 0xff { // no borrow from the byte above
			break
		}
	}
	return id
}
