package store

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
	"time"
)

// Err tells, without writing, whether a mark can be covered: not once its
// store is closed (os.ErrClosed), nor with a name the file cannot hold.
func TestMarkErr(t *testing.T) {
	skipWithoutLock(t)
	path := filepath.Join(t.TempDir(), "ids.state")
	s, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	m := s.openMark("uuidv7", 10)
	if err := m.Err(); err != nil {
		t.Fatalf("Err of an open store's mark: %v", err)
	}
	if err := s.openMark("two words", 10).Err(); !errors.Is(err, ErrMarkName) {
		t.Errorf("Err of a bad name: %v, want ErrMarkName", err)
	}
	if _, err := os.Stat(path); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("Err wrote the store: %v", err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	if err := m.Err(); !errors.Is(err, os.ErrClosed) {
		t.Errorf("Err after Close: %v, want an error matching os.ErrClosed", err)
	}
	if err := s.openMark("ulid", 10).Err(); !errors.Is(err, os.ErrClosed) {
		t.Errorf("Err of a mark taken after Close: %v, want an error matching os.ErrClosed", err)
	}
}

// CoverNear writes its mark ahead of the clock's tick, not of the ID's:
// just past an ID's tick far ahead of the clock, and ahead ticks past the
// clock otherwise, so that marks written by generators resumed again and
// again above them stay near the clock.
func TestCoverNear(t *testing.T) {
	skipWithoutLock(t)
	path := filepath.Join(t.TempDir(), "ids.state")
	s, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	m := s.openMark("snowflake", 500)
	for _, c := range []struct{ tick, now, want uint64 }{
		{1000, 1000, 1500}, // as Cover: ahead past the tick, which is the clock's
		{1499, 1200, 1500}, // covered: no write
		{1500, 1200, 1700}, // the clock's tick plus ahead
		{5000, 1300, 5001}, // far ahead of the clock: just past the tick
		{5001, 4900, 5400},
	} {
		if err := m.CoverNear(c.tick, c.now); err != nil {
			t.Fatal(err)
		}
		if got := readMarks(t, path)["snowflake"]; got != c.want {
			t.Errorf("CoverNear(%d, %d): mark %d, want %d", c.tick, c.now, got, c.want)
		}
	}
}

// TestZeroStoreMarks holds the marks of a zero Store, of a nil *Store, and
// a zero or nil mark, to what layoutMark's documentation says: they belong
// to no store, Loaded returns 0, Ahead nil, and Cover an error matching
// os.ErrClosed, and none panics.
func TestZeroStoreMarks(t *testing.T) {
	var zero Store
	var none *Store
	for i, m := range []*layoutMark{zero.openMark("uuidv7", 1000), none.openMark("uuidv7", 1), nil, new(layoutMark)} {
		if got := m.Loaded(); got != 0 {
			t.Errorf("mark %d: Loaded() = %d, want 0", i, got)
		}
		if err := m.Ahead(time.Now().Add(1000*time.Hour), time.Now()); err != nil {
			t.Errorf("mark %d: Ahead: %v, want nil", i, err)
		}
		if err := m.Cover(1); !errors.Is(err, os.ErrClosed) {
			t.Errorf("mark %d: Cover(1) = %v, want an error matching os.ErrClosed", i, err)
		}
		if err := m.Err(); !errors.Is(err, os.ErrClosed) {
			t.Errorf("mark %d: Err() = %v, want an error matching os.ErrClosed", i, err)
		}
	}
	if err := zero.openMark("bad name", 1).Cover(1); err == nil {
		t.Error("Cover on a mark with a bad name succeeded")
	}
}
