package ulid_test

import (
	"errors"
	"testing"
	"time"

	oklog "github.com/oklog/ulid/v2"

	"github.com/idforge/idforge/ulid"
)

func TestMaxTime(t *testing.T) {
	if got := ulid.MaxTime(); got != 1<<48-1 || got != oklog.MaxTime() {
		t.Fatalf("MaxTime() = %d, want 2^48-1 = %d, oklog's %d", got, uint64(1<<48-1), oklog.MaxTime())
	}
	last := time.UnixMilli(int64(ulid.MaxTime()))
	if s := last.UTC().Format(time.RFC3339Nano); s != "10889-08-02T05:31:50.655Z" {
		t.Errorf("MaxTime is %s", s)
	}
	// The generator makes IDs at MaxTime and refuses the millisecond after.
	g, err := ulid.NewGenerator(ulid.WithClock(func() time.Time { return last }))
	if err != nil {
		t.Fatal(err)
	}
	id, err := g.Next()
	if err != nil || !id.Time().Equal(last) {
		t.Errorf("at MaxTime: %v (%v), %v", id, id.Time(), err)
	}
	g, err = ulid.NewGenerator(ulid.WithClock(func() time.Time { return last.Add(time.Millisecond) }))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := g.Next(); !errors.Is(err, ulid.ErrTime) {
		t.Errorf("after MaxTime: err = %v, want ErrTime", err)
	}
}
