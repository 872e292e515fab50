package snowflake_test

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/idforge/idforge/lease"
	"github.com/idforge/idforge/snowflake"
	"github.com/idforge/idforge/store"
)

var snowflakeSpace = lease.Space{Layout: "snowflake", Epoch: time.UnixMilli(1288834974657).UTC(), NodeBits: 10}

// WithLease refuses nil and a nil *lease.Lease (what a failed Acquire
// returns), which once made IDs on node 0 or panicked; and the node
// argument must be 0 or the lease's, where 777 once gave way to the lease's.
func TestLeaseRefused(t *testing.T) {
	ctx := context.Background()
	e := lease.NewMemory(nil)
	var failed *lease.Lease
	if _, err := snowflake.NewGenerator(0, snowflake.WithLease(nil)); !errors.Is(err, snowflake.ErrOption) {
		t.Errorf("WithLease(nil): %v, want ErrOption", err)
	}
	if _, err := snowflake.NewGenerator(0, snowflake.WithLease(failed)); !errors.Is(err, snowflake.ErrOption) {
		t.Errorf("WithLease of a nil *lease.Lease: %v, want ErrOption", err)
	}
	l, err := lease.Acquire(ctx, e, snowflakeSpace, lease.WithNode(5))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := snowflake.NewGenerator(777, snowflake.WithLease(l)); !errors.Is(err, snowflake.ErrOption) {
		t.Errorf("node 777 with a lease of node 5: %v, want ErrOption", err)
	}
	g, err := snowflake.NewGenerator(5, snowflake.WithLease(l))
	if err != nil {
		t.Fatalf("the lease's own node: %v", err)
	}
	if id, err := g.Next(); err != nil || id.Node() != 5 {
		t.Errorf("Next = %v (node %d), %v; want node 5", id, id.Node(), err)
	}
	l.Close()
}

// After a restart with a store the generator resumes above the store's mark
// at once, where it once waited most of a second for its clock to pass the
// mark, however many times it restarts while the clock stands still; with
// its clock an hour behind the mark it fails at once.
func TestRestartAtOnce(t *testing.T) {
	path := filepath.Join(t.TempDir(), "ids.state")
	at := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	var slept int
	sleep := snowflake.WithSleep(func(time.Duration) { slept++ })
	var last snowflake.ID
	clocks := []time.Time{at, at, at, at, at, at, at, at, at.Add(-time.Hour)}
	for run, clock := range clocks {
		s, err := store.Open(path)
		if errors.Is(err, errors.ErrUnsupported) {
			t.Skip(err)
		}
		if err != nil {
			t.Fatal(err)
		}
		g, err := snowflake.NewGenerator(7, snowflake.WithStore(s), snowflake.WithClock(func() time.Time { return clock }), sleep)
		if err != nil {
			t.Fatal(err)
		}
		for i := range 4000 {
			id, err := g.Next()
			if run == len(clocks)-1 {
				if !errors.Is(err, snowflake.ErrClockBackwards) {
					t.Errorf("an hour behind the mark: %v, want ErrClockBackwards", err)
				}
				break
			}
			if err != nil {
				t.Fatalf("run %d, ID %d: %v", run, i, err)
			}
			if id <= last {
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
	g, err := snowflake.NewGenerator(7, snowflake.WithStore(s))
	if err != nil {
		t.Fatal(err)
	}
	s.Close()
	if _, err := snowflake.NewGenerator(7, snowflake.WithStore(s)); !errors.Is(err, os.ErrClosed) {
		t.Errorf("NewGenerator with a closed store: %v, want os.ErrClosed", err)
	}
	if _, err := g.Next(); !errors.Is(err, os.ErrClosed) {
		t.Errorf("Next after the store closed: %v, want os.ErrClosed", err)
	}
}

// UnmarshalJSON reads JSON strings with escapes, as encoding/json does.
func TestUnmarshalJSONEscapes(t *testing.T) {
	want := snowflake.ID(1541815603606036480)
	for _, in := range []string{`"1541815603606036480"`, `"\u0031541815603606036480"`, `"154181560360603648\u0030"`, `1541815603606036480`} {
		var got snowflake.ID
		if err := json.Unmarshal([]byte(in), &got); err != nil || got != want {
			t.Errorf("json.Unmarshal(%s) = %v, %v; want %v", in, got, err, want)
		}
	}
	for _, in := range []string{`"\u003`, `"\q1"`, "\"1\t\"", `"1"2`} {
		var got snowflake.ID
		if err := got.UnmarshalJSON([]byte(in)); !errors.Is(err, snowflake.ErrSyntax) {
			t.Errorf("UnmarshalJSON(%q): %v, want ErrSyntax", in, err)
		}
	}
}
