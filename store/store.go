package store

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"github.com/idforge/idforge/internal/regfile"
)

// Errors of a state store. Match them with errors.Is.
var (
	// ErrLocked means another process holds the store: two generators sharing
	// one store could make the same IDs.
	ErrLocked = errors.New("store: state store is locked by another process")
	// ErrCorrupt means the store file is not one a Store wrote, whole: a bad
	// checksum, a line cut short, a line too long, a mark given twice, an
	// unknown format, or a file too large. The error names the file and the
	// line. The store is not reset: see Store for the way to recover.
	ErrCorrupt = errors.New("store: state store is corrupt")
	// ErrNotRegular means the store path (or its lock file) is not a
	// regular file: a symbolic link, a device, a directory or a pipe.
	ErrNotRegular = errors.New("store: state store is not a regular file")
	// ErrMarkName means a mark's name is not one a store can hold: 1 to
	// MaxMarkName bytes of ASCII letters, digits, '.', '_' and '-'.
	ErrMarkName = errors.New("store: invalid state store mark name")
)

// Limits of a state store file.
const (
	// MaxSize is the largest store file Open reads, in bytes. A
	// store holds a line per layout, some 40 bytes each.
	MaxSize = 1 << 20
	// MaxLine is the longest line, newline included, a store file may
	// have.
	MaxLine = 256
	// MaxMarkName is the longest mark name, in bytes.
	MaxMarkName = 128
)

// The current store format: its first line, and the prefix of its last.
const (
	storeHeader = "idforge-state 1"
	storeMagic  = "idforge-state "
	sumPrefix   = "sha256 "
)

// Store keeps generators' time high-water marks across process restarts, in
// the spirit of RFC 9562 section 6.3 and the stable storage of RFC 4122: a
// small file that holds, for each layout, a tick no ID has reached yet.
//
// A generator writes its mark ahead of the ticks it uses, a second or so at
// a time, so it touches the file about once a second rather than once an
// ID. A process that restarts, even with its clock set back, resumes above
// the mark, and so can neither repeat an ID nor go back.
//
// # The file
//
// The file is text, a line each, every line ending in a newline:
//
//	idforge-state 1
//	uuidv7 1645557743000
//	sha256 5c1d...(64 hex digits)
//
// The first line names the format; then comes a line "NAME TICK" per mark,
// sorted by name, each name once; the last line is the SHA-256 of every
// byte before it. A store is written whole, atomically: to a temporary file
// beside it (FILE.tmp), which is synced, renamed over FILE, and then the
// directory is synced. A crash leaves the old file or the new one, never a
// mix, and an edited or torn file fails its checksum.
//
// Open refuses, with an error that names the file and the line, a file
// that is corrupt in any way: a bad checksum, a line cut short, a line longer
// than MaxLine, a name given twice, an unknown format (ErrCorrupt), a
// file over MaxSize (ErrCorrupt), or a path that is not a regular file
// (ErrNotRegular; a symbolic link is refused rather than followed, since the
// rename would replace the link, not its target). It never silently starts
// afresh: a lost mark is how IDs repeat.
//
// The older format, "NAME TICK" lines with no header and no checksum, is read
// when it is exactly what the older writer wrote (names in strict order,
// canonical numbers, a final newline) and is rewritten in the current format
// by the first new mark. It cannot show a cut at a line's end, so upgrade
// stores while their processes are stopped and check them first.
//
// # Recovery
//
// Check reads a store as Open does, without locking or changing
// it. Repair rewrites a corrupt store from what it can still read: see
// its documentation for exactly what it keeps. The command line offers both
// as `idforge store check FILE` and `idforge store repair FILE`.
//
// # The lock
//
// An open Store holds an exclusive lock on a lock file beside the store,
// FILE.lock, created if need be and never removed. The lock cannot be on the
// store file itself: each write replaces that file by a rename, and a lock
// belongs to the replaced inode, so a second process opening the new file
// would lock another inode and both would write marks. Nor is it on the
// directory, which would let one store lock out every other store beside
// it. The lock file's inode never changes, so its lock covers every version
// of the store. Another open of the same store, from this process or any
// other, returns ErrLocked.
//
// # Zero and nil
//
// A Store is made by Open. A zero Store, and a nil *Store, are closed
// stores that hold no marks: Close and AllowAhead do nothing, CheckAhead
// finds nothing to refuse, and a generator given one refuses it as it
// refuses a store that was closed, with an error matching os.ErrClosed.
// None of them panics.
//
// # Platforms
//
// On Linux, macOS, the BSDs and illumos the lock is a flock, and a write is
// made durable by syncing the file, renaming it and syncing the directory.
// On Windows the lock is LockFileEx's on the lock file's first byte (called
// through the standard library's syscall package), released by
// UnlockFileEx on Close; since Windows cannot sync a directory, the rename
// is MoveFileEx with MOVEFILE_WRITE_THROUGH, which returns once the rename is
// on disk. AIX, Solaris, Plan 9, js and wasip1 offer neither lock through
// the standard library, and a POSIX record lock would not keep a second
// open in the same process out; there Open and Repair fail with
// an error that matches errors.ErrUnsupported rather than run unlocked, and
// Check, which takes no lock, still works.
type Store struct {
	mu    sync.Mutex
	lock  *os.File // holds the lock; nil once closed
	path  string
	fs    storeFS
	marks map[string]*layoutMark
	ahead time.Duration // set by AllowAhead; 0 means DefaultMaxAhead
}

// layoutMark is one layout's high-water mark in a Store. Generated code
// reaches it through package idrt (idrt.OpenMark), by way of
// internal/marks: no package exports it, and programs hand a Store to a
// generator (WithStore) instead. A zero layoutMark, and a nil one, belong
// to no store: Loaded returns 0, Ahead nil, and Cover an error matching
// os.ErrClosed.
type layoutMark struct {
	s      *Store
	name   string
	err    error         // an invalid name: every Cover fails with it
	ahead  uint64        // how far past a covered tick the mark is written
	loaded uint64        // the mark the file held when the store opened
	mark   atomic.Uint64 // the durable mark: written and synced; every tick below it is covered
	tried  uint64        // the highest mark written or tried, under s.mu: the file never holds less
}

// storeFS is the file system operations a Store writes with. Tests replace
// it to make writes, syncs and renames fail.
type storeFS interface {
	create(name string) (storeFile, error) // a new file, created exclusively
	rename(from, to string) error
	syncDir(dir string) error
}

// storeFile is a file being written.
type storeFile interface {
	io.Writer
	Sync() error
	Close() error
}

// osFS is the real file system.
type osFS struct{}

func (osFS) create(name string) (storeFile, error) {
	// A stale temporary file (from a crash) is removed first; Remove takes
	// away a link itself, never its target, and O_EXCL creates a new file.
	if err := os.Remove(name); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return nil, err
	}
	return os.OpenFile(name, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
}

func (osFS) rename(from, to string) error { return renameFile(from, to) }

func (osFS) syncDir(dir string) error { return syncDir(dir) }

// Open opens the store file at path, locks it, and reads its marks. A
// missing file is a new, empty store; the file is created by the first mark
// written. It returns ErrLocked if another open Store holds it, and an
// ErrCorrupt or ErrNotRegular error, naming the file, if it cannot be
// trusted.
//
// The lock is a flock on Linux, macOS, the BSDs and illumos, and LockFileEx
// on Windows; on AIX, Solaris, Plan 9, js and wasip1, which have neither,
// Open returns an error that matches errors.ErrUnsupported. See Store
// for what each platform does.
func Open(path string) (*Store, error) {
	return openStore(path, osFS{})
}

func openStore(path string, fsys storeFS) (*Store, error) {
	lock, err := lockStore(path)
	if err != nil {
		return nil, err
	}
	s := &Store{lock: lock, path: path, fs: fsys, marks: map[string]*layoutMark{}}
	data, exists, err := readStore(path, MaxSize)
	if err == nil && exists {
		var marks []storeMark
		marks, _, err = parseStore(path, data)
		for _, sm := range marks {
			m := &layoutMark{s: s, name: sm.name, loaded: sm.tick, tried: sm.tick}
			m.mark.Store(sm.tick)
			s.marks[sm.name] = m
		}
	}
	if err != nil {
		unlockStore(lock)
		return nil, err
	}
	return s, nil
}

// lockStore opens (creating it if need be) the lock file of the store at
// path and takes its flock.
func lockStore(path string) (*os.File, error) {
	name := path + ".lock"
	f, err := os.OpenFile(name, os.O_RDWR|os.O_CREATE|oNoFollow, 0o644)
	if err != nil {
		if isLoop(err) {
			return nil, fmt.Errorf("%w: %s is a symbolic link", ErrNotRegular, name)
		}
		return nil, fmt.Errorf("store: opening state store lock: %w", err)
	}
	if err := regular(f, name); err != nil {
		f.Close()
		return nil, err
	}
	if err := lockFile(f); err != nil {
		f.Close()
		return nil, err
	}
	return f, nil
}

// unlockStore releases the lock lockStore took and closes its file.
func unlockStore(f *os.File) error {
	err := unlockFile(f)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

// regular returns an ErrNotRegular error unless f is a regular file.
func regular(f *os.File, name string) error {
	fi, err := f.Stat()
	if err != nil {
		return fmt.Errorf("store: state store %s: %w", name, err)
	}
	if !fi.Mode().IsRegular() {
		return fmt.Errorf("%w: %s is a %s", ErrNotRegular, name, regfile.Kind(fi.Mode()))
	}
	return nil
}

// readStore returns the bytes of the store file at path, and whether there
// is one. It refuses a path that is not a regular file, and a file over
// limit bytes.
func readStore(path string, limit int64) (data []byte, exists bool, err error) {
	fi, err := os.Lstat(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, false, nil
	}
	if err != nil {
		return nil, false, fmt.Errorf("store: reading state store: %w", err)
	}
	if !fi.Mode().IsRegular() {
		return nil, true, fmt.Errorf("%w: %s is a %s", ErrNotRegular, path, regfile.Kind(fi.Mode()))
	}
	// Should the path have become a named pipe after Lstat, opening it
	// does not wait for a writer.
	f, err := regfile.OpenRead(path, oNoFollow)
	if err != nil {
		if isLoop(err) {
			return nil, true, fmt.Errorf("%w: %s is a symbolic link", ErrNotRegular, path)
		}
		return nil, true, fmt.Errorf("store: reading state store: %w", err)
	}
	defer f.Close()
	if err := regular(f, path); err != nil { // the path may have changed since Lstat
		return nil, true, err
	}
	data, err = io.ReadAll(io.LimitReader(f, limit+1))
	if err != nil {
		return nil, true, fmt.Errorf("store: reading state store: %w", err)
	}
	if int64(len(data)) > limit {
		return nil, true, fmt.Errorf("%w: %s is larger than %d bytes", ErrCorrupt, path, limit)
	}
	return data, true, nil
}

// storeMark is one mark line of a store file.
type storeMark struct {
	name string
	tick uint64
	line int
}

// parseStore reads a store file's marks, strictly: any flaw is an
// ErrCorrupt error that names the file and the line. legacy reports that
// the file is in the older format.
func parseStore(path string, data []byte) (marks []storeMark, legacy bool, err error) {
	bad := func(line int, format string, args ...any) error {
		return fmt.Errorf("%w: %s:%d: %s", ErrCorrupt, path, line, fmt.Sprintf(format, args...))
	}
	lines, err := splitStore(data)
	if err != nil {
		return nil, false, bad(len(lines)+1, "%v", err)
	}
	if len(lines) == 0 {
		return nil, false, bad(1, "empty file: no format line (a store an older idforge created but never wrote: remove it, or repair it)")
	}
	legacy = !bytes.HasPrefix(lines[0], []byte(storeMagic))
	body := lines
	if !legacy {
		if string(lines[0]) != storeHeader {
			return nil, false, bad(1, "unknown format %q; this version reads %q", lines[0], storeHeader)
		}
		if len(lines) < 2 || !bytes.HasPrefix(lines[len(lines)-1], []byte(sumPrefix)) {
			return nil, false, bad(len(lines), "no checksum line: the file is cut short")
		}
		body = lines[1 : len(lines)-1]
	}
	seen := map[string]int{}
	for i, text := range body {
		n := i + 1
		if !legacy {
			n++
		}
		name, tick, err := parseMarkLine(text)
		if err != nil {
			if legacy && i == 0 {
				return nil, false, bad(n, "unknown format: %v", err)
			}
			return nil, false, bad(n, "%v", err)
		}
		if first, ok := seen[name]; ok {
			return nil, false, bad(n, "mark %q given again (first on line %d)", name, first)
		}
		if legacy && len(marks) > 0 && name < marks[len(marks)-1].name {
			return nil, false, bad(n, "mark %q out of order: the older format's writer sorted its marks", name)
		}
		seen[name] = n
		marks = append(marks, storeMark{name, tick, n})
	}
	if !legacy {
		n := len(lines)
		want := hex.EncodeToString(storeSum(data))
		if got := string(lines[n-1][len(sumPrefix):]); got != want {
			return nil, false, bad(n, "checksum %q does not match the file's content: it was torn or edited", got)
		}
	}
	return marks, legacy, nil
}

// splitStore splits a store file into lines, without their newlines. Every
// line must end in a newline and be at most MaxLine bytes long; on an
// error, lines holds the lines before the bad one.
func splitStore(data []byte) (lines [][]byte, err error) {
	for len(data) > 0 {
		i := bytes.IndexByte(data, '\n')
		switch {
		case i >= MaxLine || i < 0 && len(data) >= MaxLine:
			return lines, fmt.Errorf("line longer than %d bytes", MaxLine)
		case i < 0:
			return lines, fmt.Errorf("line %q cut short: no newline at its end", data)
		}
		lines = append(lines, data[:i])
		data = data[i+1:]
	}
	return lines, nil
}

// parseMarkLine reads a "NAME TICK" line.
func parseMarkLine(text []byte) (string, uint64, error) {
	name, num, ok := bytes.Cut(text, []byte(" "))
	if !ok {
		return "", 0, fmt.Errorf("want 'NAME TICK', got %q", text)
	}
	if err := checkMarkName(string(name)); err != nil {
		return "", 0, fmt.Errorf("%w in %q", err, text)
	}
	tick, err := strconv.ParseUint(string(num), 10, 64)
	if err != nil || strconv.FormatUint(tick, 10) != string(num) {
		return "", 0, fmt.Errorf("want a decimal tick after %q, got %q", name, num)
	}
	return string(name), tick, nil
}

// checkMarkName returns an ErrMarkName error for a name a store cannot hold.
func checkMarkName(name string) error {
	if len(name) == 0 || len(name) > MaxMarkName {
		return fmt.Errorf("%w: %q is not 1 to %d bytes long", ErrMarkName, name, MaxMarkName)
	}
	for i := range len(name) {
		c := name[i]
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '.' || c == '_' || c == '-') {
			return fmt.Errorf("%w: %q has the byte %q at %d", ErrMarkName, name, c, i)
		}
	}
	return nil
}

// storeSum returns the SHA-256 of a current-format file's content before its
// checksum line, which is the file's last line.
func storeSum(data []byte) []byte {
	end := bytes.LastIndexByte(data[:len(data)-1], '\n') + 1
	sum := sha256.Sum256(data[:end])
	return sum[:]
}

// formatStore returns the file content that holds marks, in the current
// format.
func formatStore(marks map[string]uint64) []byte {
	names := make([]string, 0, len(marks))
	for name := range marks {
		names = append(names, name)
	}
	slices.Sort(names)
	b := []byte(storeHeader + "\n")
	for _, name := range names {
		b = fmt.Appendf(b, "%s %d\n", name, marks[name])
	}
	sum := sha256.Sum256(b)
	return fmt.Appendf(b, "%s%x\n", sumPrefix, sum)
}

// writeStore replaces the store file at path with data, atomically: a
// synced temporary file renamed over it, then the directory synced. When it
// returns nil, data is durable.
func writeStore(fsys storeFS, path string, data []byte) error {
	tmp := path + ".tmp"
	f, err := fsys.create(tmp)
	if err != nil {
		return fmt.Errorf("store: writing state store %s: %w", path, err)
	}
	_, err = f.Write(data)
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = fsys.rename(tmp, path)
	}
	if err != nil {
		os.Remove(tmp)
		return fmt.Errorf("store: writing state store %s: %w", path, err)
	}
	if err := fsys.syncDir(filepath.Dir(path)); err != nil {
		return fmt.Errorf("store: syncing the directory of state store %s: %w", path, err)
	}
	return nil
}

// openMark returns the mark of one layout (by name, such as "uuidv7"),
// which a generator writes ahead by the given number of ticks. A name a
// store cannot hold (see ErrMarkName) gives a mark whose Cover always
// fails.
func (s *Store) openMark(name string, ahead uint64) *layoutMark {
	if s == nil {
		return &layoutMark{name: name, ahead: max(ahead, 1)}
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	m, ok := s.marks[name]
	if !ok {
		m = &layoutMark{s: s, name: name, err: checkMarkName(name)}
		if m.err == nil {
			if s.marks == nil { // a zero Store
				s.marks = map[string]*layoutMark{}
			}
			s.marks[name] = m
		}
	}
	m.ahead = max(ahead, 1)
	return m
}

// Loaded returns the mark the store file held for this name when the store
// was opened, or 0 for a new mark. A generator resumes above it: its next ID
// takes a later tick, so that it comes after every ID a previous process
// could have made under the mark.
func (m *layoutMark) Loaded() uint64 {
	if m == nil {
		return 0
	}
	return m.loaded
}

// Cover makes sure the store durably holds a mark above tick before an ID on
// that tick is handed out. When tick is at or past the mark, it writes a new
// mark ahead of it, and only once the write and every sync have succeeded
// does the new mark count: until then, every other goroutine with a tick past
// the old mark waits here, and on an error the mark in use stays where it
// was (the file keeps the higher one tried, so it never goes down). So no
// ID is ever handed out on a tick the file does not cover. Most calls only
// compare two numbers. On a closed store, a Cover that needs to write fails
// with an error matching os.ErrClosed.
func (m *layoutMark) Cover(tick uint64) error {
	return m.cover(tick, tick)
}

// cover is Cover, and CoverNear with the clock's tick from: it writes a
// mark ahead ticks past from, and past tick at least.
func (m *layoutMark) cover(tick, from uint64) error {
	if m == nil || m.s == nil {
		return errNoStore
	}
	if tick < m.mark.Load() {
		return nil
	}
	s := m.s
	s.mu.Lock()
	defer s.mu.Unlock()
	if m.err != nil {
		return m.err
	}
	if tick < m.mark.Load() {
		return nil // another goroutine covered it
	}
	if s.lock == nil {
		return s.closed()
	}
	next := from + m.ahead
	if next < from {
		next = ^uint64(0)
	}
	if next <= tick {
		next = max(tick+1, tick) // tick+1, or tick itself at the last tick
	}
	// A write that failed may still have reached the disk: the file never
	// goes below a mark once tried.
	next = max(next, m.tried)
	m.tried = next
	marks := make(map[string]uint64, len(s.marks))
	for name, o := range s.marks {
		if o.tried > 0 { // a mark never written is left out
			marks[name] = o.tried
		}
	}
	if err := writeStore(s.fs, s.path, formatStore(marks)); err != nil {
		return err
	}
	m.mark.Store(next) // published only now that it is durable
	return nil
}

// errNoStore is the error of Cover on a mark of no Store: a zero
// layoutMark, or one a nil *Store gave.
var errNoStore = fmt.Errorf("store: a mark of no state store (a Store is made by Open): %w", os.ErrClosed)

// closed returns the error of a write to a closed store, or to a zero
// Store, which Open did not make. s.mu must be held.
func (s *Store) closed() error {
	if s.path == "" {
		return fmt.Errorf("store: a zero Store is not open (a Store is made by Open): %w", os.ErrClosed)
	}
	return fmt.Errorf("store: state store %s is closed: %w", s.path, os.ErrClosed)
}

// Close releases the store's lock. Later calls to Cover that need to write
// fail with an error matching os.ErrClosed. Closing a closed, zero or nil
// Store does nothing and returns nil.
func (s *Store) Close() error {
	if s == nil {
		return nil
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.lock == nil {
		return nil
	}
	err := unlockStore(s.lock)
	s.lock = nil
	return err
}
