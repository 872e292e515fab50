package store_test

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/idforge/idforge/idrt"
	"github.com/idforge/idforge/store"
	"github.com/idforge/idforge/uuid"
)

// TestZeroStore holds a zero Store, which Open did not make, to what its
// documentation says: a closed store with no marks, whose marks idrt
// refuses to open with an error matching os.ErrClosed, and which never
// panics. (TestZeroStoreMarks holds its marks themselves.)
func TestZeroStore(t *testing.T) {
	var s store.Store
	if _, err := idrt.OpenMark(&s, "uuidv7", 1000); !errors.Is(err, os.ErrClosed) {
		t.Errorf("OpenMark: %v, want an error matching os.ErrClosed", err)
	}
	s.AllowAhead(time.Hour)
	if err := s.CheckAhead(store.MarkClock{TimeOf: func(string, uint64) (time.Time, bool) { return time.Now().Add(1000 * time.Hour), true }}); err != nil {
		t.Errorf("CheckAhead: %v, want nil (no marks)", err)
	}
	if err := s.Close(); err != nil {
		t.Errorf("Close: %v", err)
	}
	if err := s.Close(); err != nil {
		t.Errorf("Close again: %v", err)
	}
}

// TestZeroStoreGenerator is the case: a generator given a zero
// Store refuses it, where it is made or at its first ID, with an error
// matching os.ErrClosed, rather than panic on the store's nil map.
func TestZeroStoreGenerator(t *testing.T) {
	g, err := uuid.NewGenerator(uuid.WithStore(&store.Store{}))
	if err == nil {
		_, err = g.NewV7()
	}
	if !errors.Is(err, os.ErrClosed) {
		t.Errorf("a generator with a zero Store: %v, want an error matching os.ErrClosed", err)
	}
}

// TestNilStore holds a nil *Store to the same rules as a zero Store
// (TestZeroStoreMarks holds the marks it gives).
func TestNilStore(t *testing.T) {
	var s *store.Store
	if err := s.Close(); err != nil {
		t.Errorf("Close: %v", err)
	}
	s.AllowAhead(time.Hour)
	if err := s.CheckAhead(store.MarkClock{}); err != nil {
		t.Errorf("CheckAhead: %v", err)
	}
	if _, err := idrt.OpenMark(s, "uuidv7", 1); err == nil {
		t.Error("OpenMark of a nil *Store succeeded")
	}
}

// TestClosedStoreCover checks that a mark of a closed store that needs a
// write fails with an error matching os.ErrClosed, through idrt, as
// generated code reaches it.
func TestClosedStoreCover(t *testing.T) {
	s, err := store.Open(filepath.Join(t.TempDir(), "ids.state"))
	if err != nil {
		t.Fatal(err)
	}
	m, err := idrt.OpenMark(s, "uuidv7", 10)
	if err != nil {
		t.Fatal(err)
	}
	if err := m.Cover(5); err != nil {
		t.Fatal(err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	if err := m.Cover(9); err != nil {
		t.Errorf("Cover(9) under the durable mark after Close: %v", err)
	}
	if err := m.Cover(100); !errors.Is(err, os.ErrClosed) {
		t.Errorf("Cover(100) after Close = %v, want an error matching os.ErrClosed", err)
	}
}
