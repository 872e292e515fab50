package ksuid_test

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/idforge/idforge/ksuid"
	"github.com/idforge/idforge/store"
)

// After a restart with a store the generator resumes above the store's mark
// at once, where it once waited up to a second for its clock to pass the
// mark, and, with its clock an hour behind the mark, three seconds before
// it failed: it makes its IDs on the tick after the mark, ahead of the
// clock, as UUIDv7 and ULID do.
func TestRestartAtOnce(t *testing.T) {
	path := filepath.Join(t.TempDir(), "ids.state")
	at := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	var slept int
	sleep := ksuid.WithSleep(func(time.Duration) { slept++ })
	var last ksuid.KSUID
	for run, clock := range []time.Time{at, at, at.Add(-time.Hour), at.Add(-time.Hour)} {
		s, err := store.Open(path)
		if errors.Is(err, errors.ErrUnsupported) {
			t.Skip(err)
		}
		if err != nil {
			t.Fatal(err)
		}
		g, err := ksuid.NewGenerator(ksuid.WithStore(s), ksuid.WithClock(func() time.Time { return clock }), sleep)
		if err != nil {
			t.Fatal(err)
		}
		for i := range 1000 {
			id, err := g.Next()
			if err != nil {
				t.Fatalf("run %d, ID %d: %v", run, i, err)
			}
			if id.Compare(last) <= 0 {
				t.Fatalf("run %d, ID %d: %v is not above %v", run, i, id, last)
			}
			last = id
		}
		s.Close()
	}
	if slept > 0 {
		t.Errorf("the generator slept %d times", slept)
	}
}

// A closed store is refused where the generator is made, and a store closed
// later fails the next ID that needs a mark, both with os.ErrClosed.
func TestClosedStore(t *testing.T) {
	s, err := store.Open(filepath.Join(t.TempDir(), "ids.state"))
	if errors.Is(err, errors.ErrUnsupported) {
		t.Skip(err)
	}
	if err != nil {
		t.Fatal(err)
	}
	g, err := ksuid.NewGenerator(ksuid.WithStore(s))
	if err != nil {
		t.Fatal(err)
	}
	s.Close()
	if _, err := ksuid.NewGenerator(ksuid.WithStore(s)); !errors.Is(err, os.ErrClosed) {
		t.Errorf("NewGenerator with a closed store: %v, want os.ErrClosed", err)
	}
	if _, err := g.Next(); !errors.Is(err, os.ErrClosed) {
		t.Errorf("Next after the store closed: %v, want os.ErrClosed", err)
	}
}

// UnmarshalJSON reads JSON strings with escapes, as encoding/json does.
func TestUnmarshalJSONEscapes(t *testing.T) {
	want := ksuid.MustParse("0ujtsYcgvSTl8PAuAdqWYSMnLOv")
	for _, in := range []string{`"0ujtsYcgvSTl8PAuAdqWYSMnLOv"`, `"\u0030ujtsYcgvSTl8PAuAdqWYSMnLOv"`, `"0ujtsYcgvSTl8PAuAdqWYSMnLO\u0076"`} {
		var got ksuid.KSUID
		if err := json.Unmarshal([]byte(in), &got); err != nil || got != want {
			t.Errorf("json.Unmarshal(%s) = %v, %v; want %v", in, got, err, want)
		}
	}
	for _, in := range []string{`"\u003`, `"\q0ujtsYcgvSTl8PAuAdqWYSMnLOv"`, "\"0ujtsYcgvSTl8PAuAdqWYSMnLOv\t\"", `"0ujtsYcgvSTl8PAuAdqWYSMnLOv"x`} {
		var got ksuid.KSUID
		if err := got.UnmarshalJSON([]byte(in)); !errors.Is(err, ksuid.ErrSyntax) {
			t.Errorf("UnmarshalJSON(%q): %v, want ErrSyntax", in, err)
		}
	}
}
