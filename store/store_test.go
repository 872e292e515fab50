package store

import (
	"bytes"
	"crypto/sha256"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// readMarks returns the marks of the store file at path, checked.
func readMarks(t *testing.T, path string) map[string]uint64 {
	t.Helper()
	marks, legacy, err := Check(path)
	if err != nil {
		t.Fatal(err)
	}
	if legacy {
		t.Fatalf("%s is in the older format", path)
	}
	return marks
}

func TestStoreWritesAhead(t *testing.T) {
	skipWithoutLock(t)
	path := filepath.Join(t.TempDir(), "state")
	s, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	m := s.openMark("uuidv7", 10)
	if err := m.Cover(100); err != nil {
		t.Fatal(err)
	}
	if got := readMarks(t, path); got["uuidv7"] != 110 || len(got) != 1 {
		t.Fatalf("after Cover(100): %v", got)
	}
	before, _ := os.ReadFile(path)
	for tick := uint64(101); tick < 110; tick++ {
		if err := m.Cover(tick); err != nil {
			t.Fatal(err)
		}
	}
	if after, _ := os.ReadFile(path); !bytes.Equal(before, after) {
		t.Fatalf("ticks under the mark rewrote it: %q", after)
	}
	if err := m.Cover(110); err != nil {
		t.Fatal(err)
	}
	if err := s.openMark("uuidv1", 1e7).Cover(5); err != nil {
		t.Fatal(err)
	}
	want := "idforge-state 1\nuuidv1 10000005\nuuidv7 120\n"
	got, _ := os.ReadFile(path)
	if !strings.HasPrefix(string(got), want) || !bytes.Equal(got, formatStore(map[string]uint64{"uuidv1": 10000005, "uuidv7": 120})) {
		t.Fatalf("two marks: %q", got)
	}
	// Another open of the same file is refused while this one holds it.
	if _, err := Open(path); !errors.Is(err, ErrLocked) {
		t.Fatalf("second open: err = %v, want ErrLocked", err)
	}
	if _, err := Repair(path); !errors.Is(err, ErrLocked) {
		t.Fatalf("repair of an open store: err = %v, want ErrLocked", err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	if err := m.Cover(500); !errors.Is(err, os.ErrClosed) {
		t.Fatalf("Cover after Close: %v, want an error matching os.ErrClosed", err)
	}

	// Reopened, the state resumes above the marks.
	s, err = Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if got := s.openMark("uuidv7", 10).Loaded(); got != 120 {
		t.Fatalf("the uuidv7 mark loaded %d after reopening, want 120", got)
	}
	if got := s.openMark("new", 10).Loaded(); got != 0 {
		t.Fatalf("a new mark loaded %d, want 0", got)
	}
	// A name the file cannot hold fails on Cover, and changes nothing.
	for _, name := range []string{"", "two words", "a\nb", strings.Repeat("x", MaxMarkName+1)} {
		if err := s.openMark(name, 1).Cover(1); !errors.Is(err, ErrMarkName) {
			t.Errorf("Mark(%q).Cover: err = %v, want ErrMarkName", name, err)
		}
	}
	if got := readMarks(t, path); len(got) != 2 {
		t.Errorf("bad names reached the file: %v", got)
	}
}

// v1 returns a valid current-format file of the given mark lines.
func v1(lines ...string) string {
	body := storeHeader + "\n" + strings.Join(lines, "")
	return body + fmt.Sprintf("sha256 %x\n", sha256.Sum256([]byte(body)))
}

// storeAttack is a damaged or hostile store file.
type storeAttack struct {
	name    string
	content string                          // the file, unless setup makes it
	setup   func(t *testing.T, path string) // makes the path, instead of content
	want    error
	line    int  // the line the error names, 0 for none
	lockBad bool // only the lock file is wrong: Check, which does not lock, reads the store
}

// skipWithoutLock skips t where Open cannot lock a store: see
// lock_other.go for the systems that lack a lock.
func skipWithoutLock(t *testing.T) {
	t.Helper()
	s, err := Open(filepath.Join(t.TempDir(), "probe"))
	if errors.Is(err, errors.ErrUnsupported) {
		t.Skipf("Open cannot lock a store on this system: %v", err)
	}
	if err == nil {
		s.Close()
	}
}

// Every way a store file can be damaged or hostile is refused with an error
// that names the file (and the line, for content), and the file is left as
// it was: the store never falls back to a lower mark or to none.
func TestStoreAttacks(t *testing.T) {
	skipWithoutLock(t)
	valid := v1("uuidv1 20000000\n", "uuidv7 1645557743000\n")
	cases := append([]storeAttack{
		{name: "long line before a mark (older format)", content: strings.Repeat("x", 70<<10) + "\nuuidv7 1645557743000\n", want: ErrCorrupt, line: 1},
		{name: "long line before a mark", content: storeHeader + "\n" + strings.Repeat("x", 70<<10) + "\nuuidv7 1645557743000\n", want: ErrCorrupt, line: 2},
		{name: "line just too long", content: "uuidv7 1" + strings.Repeat("0", MaxLine-8) + "\n", want: ErrCorrupt, line: 1},
		{name: "repeated name, later lower (older format)", content: "uuidv7 1645557743000\nuuidv7 1000\n", want: ErrCorrupt, line: 2},
		{name: "repeated name, later lower, good checksum", content: v1("uuidv7 1645557743000\n", "uuidv7 1000\n"), want: ErrCorrupt, line: 3},
		{name: "cut line (older format)", content: "uuidv7 16455577", want: ErrCorrupt, line: 1},
		{name: "cut after a mark line", content: storeHeader + "\nuuidv7 1645557743000\n", want: ErrCorrupt, line: 2},
		{name: "cut checksum", content: valid[:len(valid)-5], want: ErrCorrupt, line: 4},
		{name: "bad checksum", content: strings.Replace(valid, "1645557743000", "1645557742000", 1), want: ErrCorrupt, line: 4},
		{name: "mark removed", content: strings.Replace(valid, "uuidv1 20000000\n", "", 1), want: ErrCorrupt, line: 3},
		{name: "unknown format", content: "idforge-state 2\nuuidv7 5\nsha256 00\n", want: ErrCorrupt, line: 1},
		{name: "not a store", content: "{\"uuidv7\": 5}\n", want: ErrCorrupt, line: 1},
		{name: "empty", content: "", want: ErrCorrupt, line: 1},
		{name: "unsorted (older format)", content: "uuidv7 5\nuuidv1 9\n", want: ErrCorrupt, line: 2},
		{name: "leading zero", content: "uuidv7 0100\n", want: ErrCorrupt, line: 1},
		{name: "sign", content: "uuidv7 +100\n", want: ErrCorrupt, line: 1},
		{name: "two spaces", content: "uuidv7  100\n", want: ErrCorrupt, line: 1},
		{name: "carriage return", content: "uuidv7 100\r\n", want: ErrCorrupt, line: 1},
		{name: "tick too large", content: "uuidv7 18446744073709551616\n", want: ErrCorrupt, line: 1},
		{name: "blank line", content: "uuidv1 5\n\nuuidv7 5\n", want: ErrCorrupt, line: 2},
		{name: "too large", content: strings.Repeat("a 1\n", MaxSize/4+1), want: ErrCorrupt},
		{name: "directory", setup: func(t *testing.T, path string) {
			if err := os.Mkdir(path, 0o755); err != nil {
				t.Fatal(err)
			}
		}, want: ErrNotRegular},
	}, platformStoreAttacks(valid)...)
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "state")
			if c.setup != nil {
				c.setup(t, path)
			} else if err := os.WriteFile(path, []byte(c.content), 0o644); err != nil {
				t.Fatal(err)
			}
			var before []byte
			if c.setup == nil { // (reading a link to /dev/zero would not end)
				before, _ = os.ReadFile(path)
			}
			s, err := Open(path)
			if err == nil {
				s.Close()
				t.Fatal("Open succeeded")
			}
			if !errors.Is(err, c.want) {
				t.Fatalf("err = %v, want %v", err, c.want)
			}
			if !strings.Contains(err.Error(), path) {
				t.Errorf("err = %v: does not name the file", err)
			}
			if c.line > 0 && !strings.Contains(err.Error(), fmt.Sprintf("%s:%d:", path, c.line)) {
				t.Errorf("err = %v: does not name line %d", err, c.line)
			}
			if _, _, cerr := Check(path); !c.lockBad && !errors.Is(cerr, c.want) {
				t.Errorf("Check: err = %v, want %v", cerr, c.want)
			}
			if c.setup == nil {
				if after, _ := os.ReadFile(path); !bytes.Equal(before, after) {
					t.Error("the failed open changed the file")
				}
			}
		})
	}
}

// A current-format file cut anywhere is refused; so is any one byte changed.
func TestStoreEveryCutAndFlip(t *testing.T) {
	valid := []byte(v1("ulid 1645557743000\n", "uuidv1 20000000\n", "uuidv7 1645557743000\n"))
	dir := t.TempDir()
	path := filepath.Join(dir, "state")
	check := func(data []byte, what string) {
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		if _, _, err := Check(path); !errors.Is(err, ErrCorrupt) {
			t.Fatalf("%s: err = %v, want ErrCorrupt", what, err)
		}
	}
	for n := range len(valid) {
		check(valid[:n], fmt.Sprintf("cut to %d bytes", n))
	}
	for i := range valid {
		flipped := bytes.Clone(valid)
		flipped[i] ^= 0x01
		check(flipped, fmt.Sprintf("byte %d flipped", i))
	}
	os.WriteFile(path, valid, 0o644)
	if got := readMarks(t, path); len(got) != 3 || got["uuidv1"] != 20000000 {
		t.Fatalf("the valid file: %v", got)
	}
}

// A store in the older format (lines "NAME TICK") that is exactly what the
// older writer wrote is read, and rewritten in the current format by the
// first new mark.
func TestStoreOlderFormat(t *testing.T) {
	skipWithoutLock(t)
	path := filepath.Join(t.TempDir(), "state")
	if err := os.WriteFile(path, []byte("uuidv1 20000000\nuuidv7 1645557743000\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	marks, legacy, err := Check(path)
	if err != nil || !legacy || marks["uuidv7"] != 1645557743000 || marks["uuidv1"] != 20000000 {
		t.Fatalf("Check: %v, %v, %v", marks, legacy, err)
	}
	s, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if err := s.openMark("uuidv7", 1000).Cover(1645557743000); err != nil {
		t.Fatal(err)
	}
	if got := readMarks(t, path); got["uuidv7"] != 1645557744000 || got["uuidv1"] != 20000000 {
		t.Fatalf("after the first new mark: %v", got)
	}
}

// faultFS is the real file system with injected failures, slowed down so
// that other goroutines run while a write is under way. It records the
// durable mark: the one in a file whose rename and directory sync both
// succeeded.
type faultFS struct {
	osFS
	t       *testing.T
	path    string
	mu      sync.Mutex
	rng     *rand.Rand
	failPct int
	fails   atomic.Int64
	durable atomic.Uint64 // the durable mark of "m"
	pending uint64        // the mark in the file last renamed
}

func (f *faultFS) fail(op string) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.rng.IntN(100) < f.failPct {
		f.fails.Add(1)
		return fmt.Errorf("injected %s failure", op)
	}
	return nil
}

type faultFile struct {
	storeFile
	fs *faultFS
}

func (f faultFile) Write(b []byte) (int, error) {
	if err := f.fs.fail("write"); err != nil {
		n, _ := f.storeFile.Write(b[:len(b)/2]) // a short write
		return n, err
	}
	return f.storeFile.Write(b)
}

func (f faultFile) Sync() error {
	time.Sleep(50 * time.Microsecond)
	if err := f.fs.fail("sync"); err != nil {
		return err
	}
	return f.storeFile.Sync()
}

func (f *faultFS) create(name string) (storeFile, error) {
	if err := f.fail("create"); err != nil {
		return nil, err
	}
	file, err := f.osFS.create(name)
	if err != nil {
		return nil, err
	}
	return faultFile{file, f}, nil
}

func (f *faultFS) rename(from, to string) error {
	if err := f.fail("rename"); err != nil {
		return err
	}
	if err := f.osFS.rename(from, to); err != nil {
		return err
	}
	marks, _, err := Check(to)
	if err != nil {
		f.t.Errorf("a renamed store does not check: %v", err)
	}
	f.pending = marks["m"]
	return nil
}

func (f *faultFS) syncDir(dir string) error {
	time.Sleep(50 * time.Microsecond)
	if err := f.fail("directory sync"); err != nil {
		return err
	}
	if err := f.osFS.syncDir(dir); err != nil {
		return err
	}
	if f.pending < f.durable.Load() {
		f.t.Errorf("the durable mark went down from %d to %d", f.durable.Load(), f.pending)
	}
	f.durable.Store(f.pending)
	return nil
}

// Many goroutines cover ticks while writes, syncs, renames and directory
// syncs fail at random: no tick is ever let through at or above the mark
// that is durable at that moment, and after a failure the goroutines go on.
func TestStoreCoverUnderFaults(t *testing.T) {
	skipWithoutLock(t)
	for _, failPct := range []int{0, 10, 50} {
		t.Run(fmt.Sprint(failPct, "%"), func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "state")
			fsys := &faultFS{t: t, path: path, rng: rand.New(rand.NewPCG(1, uint64(failPct))), failPct: failPct}
			s, err := openStore(path, fsys)
			if err != nil {
				t.Fatal(err)
			}
			defer s.Close()
			m := s.openMark("m", 8)
			var clock atomic.Uint64 // a shared, advancing tick
			var issued, failed, escaped atomic.Int64
			var wg sync.WaitGroup
			for range 16 {
				wg.Add(1)
				go func() {
					defer wg.Done()
					for range 300 {
						tick := clock.Add(1) / 4
						if err := m.Cover(tick); err != nil {
							failed.Add(1)
							continue
						}
						// The ID on tick is out now: the durable mark must cover it.
						if d := fsys.durable.Load(); tick >= d {
							escaped.Add(1)
							t.Errorf("tick %d handed out with the durable mark at %d", tick, d)
						}
						issued.Add(1)
					}
				}()
			}
			wg.Wait()
			if issued.Load() == 0 {
				t.Fatal("no tick was covered")
			}
			if failPct > 0 && (failed.Load() == 0 || fsys.fails.Load() == 0) {
				t.Fatalf("no failure was injected (%d injected, %d Cover errors)", fsys.fails.Load(), failed.Load())
			}
			t.Logf("%d covered, %d Cover errors from %d injected failures, %d escaped", issued.Load(), failed.Load(), fsys.fails.Load(), escaped.Load())
			if got := readMarks(t, path)["m"]; got < fsys.durable.Load() {
				t.Errorf("the file holds %d, below the durable mark %d", got, fsys.durable.Load())
			}
		})
	}
}

// Report keeps, for each name, the highest tick on a whole mark line, saves
// the damaged file, and leaves a store that opens.
func TestStoreRepair(t *testing.T) {
	skipWithoutLock(t)
	cases := []struct {
		name    string
		content string
		want    map[string]uint64
		dropped int // lines dropped, besides the failed check
	}{
		{"long line before a mark", strings.Repeat("x", 70<<10) + "\nuuidv7 1645557743000\n", map[string]uint64{"uuidv7": 1645557743000}, 1},
		{"repeated name, later lower", "uuidv7 1645557743000\nuuidv7 1000\n", map[string]uint64{"uuidv7": 1645557743000}, 1},
		{"repeated name, later higher", v1("uuidv7 1000\n", "uuidv7 1645557743000\n"), map[string]uint64{"uuidv7": 1645557743000}, 1},
		{"cut line", "uuidv1 20000000\nuuidv7 16455577", map[string]uint64{"uuidv1": 20000000}, 1},
		{"bad checksum", strings.Replace(v1("uuidv7 1645557743000\n"), "43000", "43001", 1), map[string]uint64{"uuidv7": 1645557743001}, 0},
		{"junk between marks", "uuidv1 5\n\x00\x01junk\nuuidv7 7\n", map[string]uint64{"uuidv1": 5, "uuidv7": 7}, 1},
		{"empty", "", map[string]uint64{}, 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "state")
			os.WriteFile(path, []byte(c.content), 0o644)
			r, err := Repair(path)
			if err != nil {
				t.Fatal(err)
			}
			if fmt.Sprint(r.Marks) != fmt.Sprint(c.want) {
				t.Errorf("kept %v, want %v", r.Marks, c.want)
			}
			if len(r.Dropped) != c.dropped || !errors.Is(r.Damage, ErrCorrupt) {
				t.Errorf("dropped %q, want %d lines; damage %v", r.Dropped, c.dropped, r.Damage)
			}
			if saved, err := os.ReadFile(r.Backup); err != nil || string(saved) != c.content {
				t.Errorf("backup %s: %v (%d bytes)", r.Backup, err, len(saved))
			}
			if got := readMarks(t, path); fmt.Sprint(got) != fmt.Sprint(c.want) {
				t.Errorf("the repaired file holds %v", got)
			}
			// A second repair finds nothing to do.
			r, err = Repair(path)
			if err != nil || r.Backup != "" || len(r.Dropped) != 0 || r.Damage != nil {
				t.Errorf("second repair: %+v, %v", r, err)
			}
		})
	}
	// A path that is not a regular file is not repaired.
	path := filepath.Join(t.TempDir(), "state")
	os.Mkdir(path, 0o755)
	if _, err := Repair(path); !errors.Is(err, ErrNotRegular) {
		t.Errorf("repair of a directory: err = %v", err)
	}
}
