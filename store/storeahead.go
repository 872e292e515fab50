package store

import (
	"errors"
	"fmt"
	"maps"
	"slices"
	"time"
)

// ErrMarkAhead means a state store holds a mark further ahead of the clock
// than a generator can have written it (see MarkClock): a hand-edited or
// damaged file, or a clock set far back. Using it would date every new ID
// at that mark, years ahead perhaps, with no warning, so the mark is refused
// and the file left as it is. The error names the file, the mark, both
// times and the ways out: wait until the clock catches up, lower the mark
// knowingly (RepairOptions.Set; idforge store repair -set), or allow more
// (MarkClock.MaxAhead; idforge -max-ahead).
var ErrMarkAhead = errors.New("store: state store mark is far ahead of the clock")

// DefaultMaxAhead is how far ahead of the clock a store's mark may be
// before MarkClock refuses it: a generator writes its marks about a second
// ahead of the IDs it makes, so a mark further ahead than a day means a
// damaged or edited file, or a clock set back by more than a day.
const DefaultMaxAhead = 24 * time.Hour

// MarkClock reads a store's marks as times, to tell a mark too far ahead of
// the clock. A store holds ticks only; TimeOf knows each layout's epoch and
// unit.
type MarkClock struct {
	// Now is the clock; nil means time.Now.
	Now func() time.Time
	// TimeOf returns the time of a tick of the mark of that name (a
	// layout's name), and false for a mark it cannot read, which is not
	// checked.
	TimeOf func(name string, tick uint64) (time.Time, bool)
	// MaxAhead is how far ahead of Now a mark may be; 0 means
	// DefaultMaxAhead.
	MaxAhead time.Duration
}

// Check returns an error that matches ErrMarkAhead, naming each mark in
// marks (read from the store file at path) whose time is more than MaxAhead
// ahead of the clock, or nil. It changes nothing.
func (c MarkClock) Check(path string, marks map[string]uint64) error {
	if c.TimeOf == nil {
		return nil
	}
	now := time.Now
	if c.Now != nil {
		now = c.Now
	}
	limit := cmpOr(c.MaxAhead, DefaultMaxAhead)
	t0 := now()
	var errs []error
	for _, name := range slices.Sorted(maps.Keys(marks)) {
		tick := marks[name]
		at, ok := c.TimeOf(name, tick)
		if !ok || at.Sub(t0) <= limit {
			continue
		}
		errs = append(errs, fmt.Errorf("%w: %s: mark %s %d is %s, %s ahead of the clock (%s), more than the %s allowed; "+
			"the file is left as it is. Wait until the clock reaches %s, lower the mark knowingly "+
			"(IDs made under it then sort after the new ones; idforge store repair -set %s=TIME %s), "+
			"or allow more (-max-ahead, Store.AllowAhead, MarkClock.MaxAhead)",
			ErrMarkAhead, path, name, tick, rfc3339(at), roundAhead(at.Sub(t0)), rfc3339(t0), limit,
			rfc3339(at.Add(-limit)), name, path))
	}
	return errors.Join(errs...)
}

// CheckAhead checks, with c, the marks the store held when it was opened:
// an error matching ErrMarkAhead for any too far ahead of the clock. A
// program that opens a store for a generator should call it first (the
// command line's new -store does), since a generator resumes above the
// marks it finds, however far ahead.
func (s *Store) CheckAhead(c MarkClock) error {
	if s == nil {
		return nil // no marks
	}
	s.mu.Lock()
	marks := make(map[string]uint64, len(s.marks))
	for name, m := range s.marks {
		if m.loaded > 0 {
			marks[name] = m.loaded
		}
	}
	s.mu.Unlock()
	return c.Check(s.path, marks)
}

func cmpOr(d, def time.Duration) time.Duration {
	if d > 0 {
		return d
	}
	return def
}

func rfc3339(t time.Time) string { return t.UTC().Format(time.RFC3339) }

// roundAhead writes a duration for a message: to the second, and in days
// past three days.
func roundAhead(d time.Duration) string {
	if d > 72*time.Hour {
		return fmt.Sprintf("%d days", d/(24*time.Hour))
	}
	return d.Round(time.Second).String()
}

// AllowAhead sets how far ahead of the clock a mark of s may be before a
// generator made with s refuses it (ErrMarkAhead); d <= 0 means
// DefaultMaxAhead. On a nil *Store
// it does nothing.
func (s *Store) AllowAhead(d time.Duration) {
	if s == nil {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.ahead = d
}

// Ahead returns an error matching ErrMarkAhead when at, the time of the
// mark Loaded returns, is further ahead of now than the store allows
// (DefaultMaxAhead, or what AllowAhead set), and nil otherwise. A generator
// made with a store calls it before it resumes above the mark, so that a
// damaged or hand-edited mark years ahead is refused where the generator is
// made instead of dating every ID there.
func (m *layoutMark) Ahead(at, now time.Time) error {
	if m == nil || m.loaded == 0 { // a mark of no Store has none loaded
		return nil
	}
	m.s.mu.Lock()
	limit := m.s.ahead
	m.s.mu.Unlock()
	c := MarkClock{
		Now:      func() time.Time { return now },
		TimeOf:   func(string, uint64) (time.Time, bool) { return at, true },
		MaxAhead: limit,
	}
	return c.Check(m.s.path, map[string]uint64{m.name: m.loaded})
}
