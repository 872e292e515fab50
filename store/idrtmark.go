package store

import "github.com/idforge/idforge/internal/marks"

// Generated code reaches a store's marks through package idrt
// (idrt.OpenMark), which calls this.
func init() {
	marks.Open = func(s any, name string, ahead uint64) marks.Mark {
		return s.(*Store).openMark(name, ahead)
	}
}

// Err returns the error that every Cover of m that needs to write fails
// with, without trying to write: ErrMarkName for a name the store cannot
// hold, an error matching os.ErrClosed once the store is closed (or for a
// Store that Open did not return), and nil otherwise. A generator made with
// a store checks it where it is made, so that a closed store is refused
// there rather than at its first ID.
func (m *layoutMark) Err() error {
	if m == nil || m.s == nil {
		return errNoStore
	}
	s := m.s
	s.mu.Lock()
	defer s.mu.Unlock()
	if m.err != nil {
		return m.err
	}
	if s.lock == nil {
		return s.closed()
	}
	return nil
}

// CoverNear is Cover for a generator whose IDs may be on ticks ahead of its
// clock, now being the clock's tick: the mark it writes is ahead ticks past
// now, rather than past tick, or just past tick if that is later. A mark is
// then never further ahead of the clock than it must be, so that a
// generator restarted again and again above its mark, faster than its
// clock moves on, does not end up far ahead of its clock. Cover(tick) is
// CoverNear(tick, tick).
func (m *layoutMark) CoverNear(tick, now uint64) error {
	return m.cover(tick, now)
}
