//go:build unix

package idrt

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestStoreWritesAhead(t *testing.T) {
	path := filepath.Join(t.TempDir(), "state")
	s, err := OpenStore(path)
	if err != nil {
		t.Fatal(err)
	}
	m := s.Mark("uuidv7", 10)
	read := func() string {
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	if err := m.Cover(100); err != nil {
		t.Fatal(err)
	}
	if got := read(); got != "uuidv7 110\n" {
		t.Fatalf("after Cover(100): %q", got)
	}
	for tick := uint64(101); tick < 110; tick++ {
		if err := m.Cover(tick); err != nil {
			t.Fatal(err)
		}
	}
	if got := read(); got != "uuidv7 110\n" {
		t.Fatalf("ticks under the mark rewrote it: %q", got)
	}
	if err := m.Cover(110); err != nil {
		t.Fatal(err)
	}
	s.Mark("uuidv1", 1e7).Cover(5)
	if got := read(); got != "uuidv1 10000005\nuuidv7 120\n" {
		t.Fatalf("two marks: %q", got)
	}
	// Another open of the same file is refused while this one holds it.
	if _, err := OpenStore(path); !errors.Is(err, ErrLocked) {
		t.Fatalf("second open: err = %v, want ErrLocked", err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	if err := m.Cover(500); err == nil {
		t.Fatal("Cover after Close succeeded")
	}

	// Reopened, the state resumes above the marks.
	s, err = OpenStore(path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	policy := &Policy{CounterBits: 12, Init: InitZero, Overflow: OverflowBorrow, MaxTick: 1<<48 - 1}
	var st State
	s.Mark("uuidv7", 10).Resume(&st, policy)
	if tick, _, err := st.Next(policy, 50, Counter{}); err != nil || tick != 121 {
		t.Fatalf("first tick after reopening with the clock at 50: %d, %v; want 121", tick, err)
	}
	var fresh State
	s.Mark("new", 10).Resume(&fresh, policy)
	if _, _, ok := fresh.Last(); ok {
		t.Fatal("a new mark changed the state")
	}
}

func TestStoreCorrupt(t *testing.T) {
	path := filepath.Join(t.TempDir(), "state")
	if err := os.WriteFile(path, []byte("uuidv7 12x\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := OpenStore(path); err == nil || !strings.Contains(err.Error(), ":1:") {
		t.Fatalf("corrupt store: err = %v, want one naming line 1", err)
	}
}
