package idrt

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
)

// ErrLocked means another process holds the store: two generators sharing
// one store could make the same IDs.
var ErrLocked = errors.New("idrt: state store is locked by another process")

// Store keeps generators' time high-water marks across process restarts, in
// the spirit of RFC 9562 section 6.3 and the stable storage of RFC 4122: a
// small file, locked (flock) for as long as the store is open, that holds,
// for each layout, a tick no ID has reached yet.
//
// A generator writes its mark ahead of the ticks it uses, a second or so at
// a time, so it touches the file about once a second rather than once an
// ID. A process that restarts, even with its clock set back, resumes above
// the mark, and so can neither repeat an ID nor go back.
//
// The file is rewritten whole with one write and synced. It is small (a
// line a layout), so a crash leaves it either before or after the write.
type Store struct {
	mu    sync.Mutex
	f     *os.File
	path  string
	marks map[string]*Mark
}

// Mark is one layout's high-water mark in a Store.
type Mark struct {
	s        *Store
	name     string
	ahead    uint64        // how far past a covered tick the mark is written
	loaded   uint64        // the mark the file held when the store opened
	reserved atomic.Uint64 // the mark written: every tick up to it is covered
}

// OpenStore opens (creating it if need be) the store file at path and locks
// it. It returns ErrLocked if another process holds it.
func OpenStore(path string) (*Store, error) {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, fmt.Errorf("idrt: opening state store: %w", err)
	}
	if err := lockFile(f); err != nil {
		f.Close()
		return nil, err
	}
	s := &Store{f: f, path: path, marks: map[string]*Mark{}}
	if err := s.load(); err != nil {
		f.Close()
		return nil, err
	}
	return s, nil
}

// load reads the marks: lines of "name tick".
func (s *Store) load() error {
	data, err := os.ReadFile(s.path)
	if err != nil {
		return fmt.Errorf("idrt: reading state store: %w", err)
	}
	sc := bufio.NewScanner(bytes.NewReader(data))
	for line := 1; sc.Scan(); line++ {
		f := strings.Fields(sc.Text())
		if len(f) == 0 {
			continue
		}
		tick, err := strconv.ParseUint(f[len(f)-1], 10, 64)
		if len(f) != 2 || err != nil {
			return fmt.Errorf("idrt: state store %s:%d: want 'name tick', got %q", s.path, line, sc.Text())
		}
		m := &Mark{s: s, name: f[0], loaded: tick}
		m.reserved.Store(tick)
		s.marks[f[0]] = m
	}
	return nil
}

// Mark returns the mark of one layout (by name, such as "uuidv7"), which a
// generator writes ahead by the given number of ticks.
func (s *Store) Mark(name string, ahead uint64) *Mark {
	s.mu.Lock()
	defer s.mu.Unlock()
	m, ok := s.marks[name]
	if !ok {
		m = &Mark{s: s, name: name}
		s.marks[name] = m
	}
	m.ahead = max(ahead, 1)
	return m
}

// Resume makes st's next ID come after every ID a previous process could
// have made under this mark: above the mark loaded from the file, on a later
// tick. It does nothing for a new mark.
func (m *Mark) Resume(st *State, p *Policy) {
	if m.loaded == 0 {
		return
	}
	st.SkipPast(p, m.loaded)
}

// Cover makes sure the store holds a mark above tick before an ID on that
// tick is handed out: when tick is past the mark, it writes a new mark ahead
// of it and syncs the file. Most calls only compare two numbers.
func (m *Mark) Cover(tick uint64) error {
	if tick < m.reserved.Load() {
		return nil
	}
	s := m.s
	s.mu.Lock()
	defer s.mu.Unlock()
	if tick < m.reserved.Load() {
		return nil // another goroutine covered it
	}
	next := tick + m.ahead
	if next < tick {
		next = ^uint64(0)
	}
	old := m.reserved.Load()
	m.reserved.Store(next)
	if err := s.write(); err != nil {
		m.reserved.Store(old)
		return err
	}
	return nil
}

// write rewrites the file with every mark, in one write, and syncs it.
// s.mu must be held.
func (s *Store) write() error {
	if s.f == nil {
		return fmt.Errorf("idrt: state store %s is closed", s.path)
	}
	names := make([]string, 0, len(s.marks))
	for name := range s.marks {
		names = append(names, name)
	}
	slices.Sort(names)
	var b bytes.Buffer
	for _, name := range names {
		fmt.Fprintf(&b, "%s %d\n", name, s.marks[name].reserved.Load())
	}
	if _, err := s.f.WriteAt(b.Bytes(), 0); err != nil {
		return fmt.Errorf("idrt: writing state store: %w", err)
	}
	if err := s.f.Truncate(int64(b.Len())); err != nil {
		return fmt.Errorf("idrt: writing state store: %w", err)
	}
	if err := s.f.Sync(); err != nil {
		return fmt.Errorf("idrt: syncing state store: %w", err)
	}
	return nil
}

// Close releases the store's lock and closes its file.
func (s *Store) Close() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.f == nil {
		return nil
	}
	err := s.f.Close() // closing the file releases the lock
	s.f = nil
	return err
}
