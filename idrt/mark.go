package idrt

import (
	"errors"
	"time"

	"github.com/idforge/idforge/internal/marks"
	"github.com/idforge/idforge/store"
)

// Mark is a generator's time high-water mark in a state store (package
// github.com/idforge/idforge/store): the store durably holds a tick above
// every ID the generator has handed out, so that a restarted process
// resumes above it. A nil *Mark stands for no store: it covers every tick.
type Mark struct {
	m marks.Mark // package store's mark, which only idrt reaches
}

// errNoStore is returned by OpenMark for a nil store.
var errNoStore = errors.New("no state store")

// OpenMark returns the mark of a layout, by name (such as "uuidv7"), in the
// store s, which the generator writes ahead by the given number of ticks as
// it covers them. It returns the error every write of the mark would fail
// with: one matching os.ErrClosed for a closed store (or a Store that
// store.Open did not return), and store.ErrMarkName for a name the store
// cannot hold.
func OpenMark(s *store.Store, name string, ahead uint64) (*Mark, error) {
	if s == nil {
		return nil, errNoStore
	}
	m := marks.Open(s, name, ahead)
	if err := m.Err(); err != nil {
		return nil, err
	}
	return &Mark{m: m}, nil
}

// Loaded returns the mark the store held for the layout when it was
// opened, or 0 for a new one: the generator resumes above it
// (State.ResumePast), after Ahead has checked it.
func (m *Mark) Loaded() uint64 {
	if m == nil {
		return 0
	}
	return m.m.Loaded()
}

// Ahead returns an error matching store.ErrMarkAhead when at, the time of
// the tick Loaded returns, is further ahead of now than the store allows,
// and nil otherwise.
func (m *Mark) Ahead(at, now time.Time) error {
	if m == nil {
		return nil
	}
	return m.m.Ahead(at, now)
}

// Cover makes sure the store durably holds a mark above tick before an ID
// on that tick is handed out: most calls compare two numbers, and one in
// about a second's worth of ticks writes the store. Once the store is
// closed, a Cover that needs to write returns an error matching
// os.ErrClosed. Cover on a nil *Mark does nothing.
func (m *Mark) Cover(tick uint64) error {
	if m == nil {
		return nil
	}
	return m.m.Cover(tick)
}

// CoverNear is Cover for a generator whose counter waits for its clock and
// whose IDs may be a bounded number of ticks ahead of it (Policy.MaxBehind),
// now being the clock's tick: the mark it writes is ahead ticks past now,
// or just past tick if that is later. A generator restarted again and
// again, faster than its clock moves on, then resumes above a mark that
// stays near its clock, within the bound, instead of one that moves further
// ahead with each restart until the generator can make no ID.
func (m *Mark) CoverNear(tick, now uint64) error {
	if m == nil {
		return nil
	}
	return m.m.CoverNear(tick, now)
}
