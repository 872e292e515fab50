package store

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
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
	m := s.Mark("uuidv7", 10)
	if err := m.Err(); err != nil {
		t.Fatalf("Err of an open store's mark: %v", err)
	}
	if err := s.Mark("two words", 10).Err(); !errors.Is(err, ErrMarkName) {
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
	if err := s.Mark("ulid", 10).Err(); !errors.Is(err, os.ErrClosed) {
		t.Errorf("Err of a mark taken after Close: %v, want an error matching os.ErrClosed", err)
	}
}
