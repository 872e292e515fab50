//go:build unix

package store

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// A fake clock and a layout whose ticks are Unix milliseconds, as
// uuidv7's are; other names are unknown.
var (
	fakeNow = time.Date(2025, 6, 1, 12, 0, 0, 0, time.UTC)
	msClock = MarkClock{
		Now: func() time.Time { return fakeNow },
		TimeOf: func(name string, tick uint64) (time.Time, bool) {
			return time.UnixMilli(int64(tick)), name == "uuidv7"
		},
	}
	ms2058 = uint64(time.Date(2058, 1, 1, 0, 0, 0, 0, time.UTC).UnixMilli())
)

func TestMarkClockCheck(t *testing.T) {
	at := func(d time.Duration) uint64 { return uint64(fakeNow.Add(d).UnixMilli()) }
	cases := []struct {
		name     string
		marks    map[string]uint64
		maxAhead time.Duration
		ahead    bool
	}{
		{"2058", map[string]uint64{"uuidv7": ms2058}, 0, true},
		{"an hour ahead", map[string]uint64{"uuidv7": at(time.Hour)}, 0, false},
		{"a day ahead", map[string]uint64{"uuidv7": at(24 * time.Hour)}, 0, false},
		{"a day and a second ahead", map[string]uint64{"uuidv7": at(24*time.Hour + time.Second)}, 0, true},
		{"behind", map[string]uint64{"uuidv7": at(-time.Hour)}, 0, false},
		{"2058 allowed", map[string]uint64{"uuidv7": ms2058}, 40 * 365 * 24 * time.Hour, false},
		{"a minute, allowed a second", map[string]uint64{"uuidv7": at(time.Minute)}, time.Second, true},
		{"a name it cannot read", map[string]uint64{"mine": ms2058}, 0, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			mc := msClock
			mc.MaxAhead = c.maxAhead
			err := mc.Check("ids.state", c.marks)
			if errors.Is(err, ErrMarkAhead) != c.ahead {
				t.Fatalf("err = %v, want ErrMarkAhead: %v", err, c.ahead)
			}
		})
	}
	// The error names both times, so a reader can see how far ahead.
	err := msClock.Check("ids.state", map[string]uint64{"uuidv7": ms2058})
	for _, want := range []string{"2058-01-01T00:00:00Z", "2025-06-01T12:00:00Z", "ids.state"} {
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%v: no %s", err, want)
		}
	}
}

// An open store's marks are checked with CheckAhead.
func TestStoreCheckAhead(t *testing.T) {
	path := filepath.Join(t.TempDir(), "state")
	os.WriteFile(path, formatStore(map[string]uint64{"uuidv7": ms2058, "mine": 5}), 0o644)
	s, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if err := s.CheckAhead(msClock); !errors.Is(err, ErrMarkAhead) {
		t.Errorf("CheckAhead: err = %v, want ErrMarkAhead", err)
	}
	s.openMark("uuidv1", 1) // a mark with nothing loaded is not checked
	if err := s.CheckAhead(MarkClock{TimeOf: msClock.TimeOf, Now: msClock.Now, MaxAhead: 100 * 365 * 24 * time.Hour}); err != nil {
		t.Errorf("CheckAhead with room: %v", err)
	}
}

// A repair with a clock refuses to keep a mark far ahead, whether the file
// is damaged or not, and then leaves the file byte for byte as it was and
// saves no backup; Set lowers it knowingly, and the old file is saved.
func TestRepairRefusesMarkAhead(t *testing.T) {
	clean := string(formatStore(map[string]uint64{"uuidv7": ms2058, "uuidv1": 5}))
	damaged := strings.Replace(clean, "uuidv1 5", "uuidv1 6", 1) // fails its checksum
	for name, content := range map[string]string{"clean": clean, "damaged": damaged} {
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			path := filepath.Join(dir, "state")
			os.WriteFile(path, []byte(content), 0o644)
			if _, err := RepairWith(path, RepairOptions{Clock: msClock}); !errors.Is(err, ErrMarkAhead) {
				t.Fatalf("err = %v, want ErrMarkAhead", err)
			}
			if got, _ := os.ReadFile(path); string(got) != content {
				t.Errorf("the refused repair changed the file:\n%q\nwant\n%q", got, content)
			}
			if backups, _ := filepath.Glob(path + ".corrupt-*"); len(backups) != 0 {
				t.Errorf("the refused repair saved %v", backups)
			}

			// Lowering the mark knowingly.
			lower := uint64(fakeNow.UnixMilli())
			r, err := RepairWith(path, RepairOptions{Clock: msClock, Set: map[string]uint64{"uuidv7": lower}})
			if err != nil {
				t.Fatal(err)
			}
			if r.Marks["uuidv7"] != lower {
				t.Errorf("marks %v", r.Marks)
			}
			if saved, err := os.ReadFile(r.Backup); err != nil || string(saved) != content {
				t.Errorf("backup %q: %v", r.Backup, err)
			}
			if got := readMarks(t, path); got["uuidv7"] != lower {
				t.Errorf("the file holds %v", got)
			}
		})
	}
	// Raising the tolerance keeps the mark.
	path := filepath.Join(t.TempDir(), "state")
	os.WriteFile(path, []byte(damaged), 0o644)
	mc := msClock
	mc.MaxAhead = 40 * 365 * 24 * time.Hour
	if r, err := RepairWith(path, RepairOptions{Clock: mc}); err != nil || r.Marks["uuidv7"] != ms2058 {
		t.Errorf("with room: %v, %v", r, err)
	}
	// A bad name in Set is refused before anything is written.
	if _, err := RepairWith(path, RepairOptions{Set: map[string]uint64{"no/slash": 1}}); !errors.Is(err, ErrMarkName) {
		t.Errorf("bad name: err = %v", err)
	}
}
