package store_test

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/idforge/idforge/store"
	"github.com/idforge/idforge/uuid"
)

// TestZeroStore holds a zero Store, which Open did not make, to what its
// documentation says: a closed store with no marks, whose marks' Cover
// fails with an error matching os.ErrClosed, and which never panics.
func TestZeroStore(t *testing.T) {
	var s store.Store
	m := s.Mark("uuidv7", 1000)
	if got := m.Loaded(); got != 0 {
		t.Errorf("Loaded() = %d, want 0", got)
	}
	if err := m.Ahead(time.Now().Add(1000*time.Hour), time.Now()); err != nil {
		t.Errorf("Ahead: %v, want nil", err)
	}
	if err := m.Cover(1); !errors.Is(err, os.ErrClosed) {
		t.Errorf("Cover(1) = %v, want an error matching os.ErrClosed", err)
	}
	if err := s.Mark("bad name", 1).Cover(1); err == nil {
		t.Error("Cover on a mark with a bad name succeeded")
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

// TestNilStore holds a nil *Store and the mark it gives to the same rules
// as a zero Store.
func TestNilStore(t *testing.T) {
	var s *store.Store
	if err := s.Close(); err != nil {
		t.Errorf("Close: %v", err)
	}
	s.AllowAhead(time.Hour)
	if err := s.CheckAhead(store.MarkClock{}); err != nil {
		t.Errorf("CheckAhead: %v", err)
	}
	for _, m := range []*store.Mark{s.Mark("uuidv7", 1), nil, new(store.Mark)} {
		if got := m.Loaded(); got != 0 {
			t.Errorf("Loaded() = %d, want 0", got)
		}
		if err := m.Ahead(time.Now().Add(1000*time.Hour), time.Now()); err != nil {
			t.Errorf("Ahead: %v, want nil", err)
		}
		if err := m.Cover(0); !errors.Is(err, os.ErrClosed) {
			t.Errorf("Cover(0) = %v, want an error matching os.ErrClosed", err)
		}
	}
}

// TestClosedStoreCover checks that a mark of a closed store that needs a
// write fails with an error matching os.ErrClosed.
func TestClosedStoreCover(t *testing.T) {
	s, err := store.Open(filepath.Join(t.TempDir(), "ids.state"))
	if err != nil {
		t.Fatal(err)
	}
	m := s.Mark("uuidv7", 10)
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
