package snowflake_test

import (
	"errors"
	"testing"
	"time"

	"github.com/idforge/idforge/internal/oracle"
	"github.com/idforge/idforge/snowflake"
)

// Under clock faults a Snowflake generator never repeats an ID and never
// goes backwards: it stays on its last millisecond, waits for the next when
// 4096 are used up, and returns ErrClockBackwards rather than wait more than
// a second or follow a clock more than a second behind.
func TestClockFaults(t *testing.T) {
	n := 100_000
	if testing.Short() {
		n = 10_000
	}
	start := time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC)
	for _, fault := range oracle.Faults(start, n) {
		clock := fault.Clock()
		// A sleep that returns at once: the fault's clock moves on with
		// each reading, and the wait counts its second by the sleeps.
		g, err := snowflake.NewGenerator(7, snowflake.WithClock(clock), snowflake.WithSleep(func(time.Duration) {}))
		if err != nil {
			t.Fatal(err)
		}
		var prev snowflake.ID
		made, backwards := 0, 0
		for i := range n {
			id, err := g.Next()
			if errors.Is(err, snowflake.ErrClockBackwards) {
				// Each such error follows a wait for a clock that will not
				// come back within this test: a few prove the point.
				if backwards++; backwards == 3 {
					break
				}
				continue
			}
			if err != nil {
				t.Fatalf("%s: ID %d: %v", fault.Name, i, err)
			}
			if made > 0 && id <= prev {
				t.Fatalf("%s: ID %d %d is not above %d", fault.Name, i, id, prev)
			}
			prev = id
			made++
		}
		t.Logf("%-16s %d IDs, increasing; %d ErrClockBackwards", fault.Name, made, backwards)
		switch fault.Name {
		case "frozen":
			// 4096 in the one millisecond, then nothing more to give.
			if made != 4096 || backwards == 0 {
				t.Errorf("frozen: %d IDs and %d errors, want 4096 IDs then ErrClockBackwards", made, backwards)
			}
		case "back 1h":
			if backwards == 0 {
				t.Errorf("back 1h: no ErrClockBackwards")
			}
		}
	}
}

// More than 4096 in one millisecond waits for the next one. The fake clock
// moves on only as the generator sleeps, so the test does not depend on how
// fast the machine reads a clock.
func TestExhaustionWaits(t *testing.T) {
	var slept time.Duration
	base := time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC)
	clock := func() time.Time { return base.Add(slept) }
	sleep := func(d time.Duration) { slept += d }
	g, err := snowflake.NewGenerator(1, snowflake.WithClock(clock), snowflake.WithSleep(sleep))
	if err != nil {
		t.Fatal(err)
	}
	var prev snowflake.ID
	for i := range 10000 {
		id, err := g.Next()
		if err != nil {
			t.Fatalf("ID %d: %v", i, err)
		}
		if i > 0 && id <= prev {
			t.Fatalf("ID %d not increasing", i)
		}
		if f := id.Fields(); i == 4096 && (f.Sequence != 0 || f.Timestamp != prev.Fields().Timestamp+1) {
			t.Fatalf("ID 4096: %+v, want sequence 0 in the next millisecond", f)
		}
		prev = id
	}
	// 10000 IDs at 4096 a millisecond take two waits of a millisecond.
	if slept != 2*time.Millisecond {
		t.Errorf("slept %v, want 2ms", slept)
	}
}

// A clock that stands still while the counter is spent is reported as
// stalled, and one that went back as backwards: an operator looks for
// different causes. Both match ErrClockBackwards, as callers check today.
func TestStalledOrBackwards(t *testing.T) {
	base := time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC)
	for _, c := range []struct {
		name    string
		after   time.Duration // where the clock reads after the first ID
		stalled bool
	}{
		{"stood still", 0, true},
		{"went back 5ms", -5 * time.Millisecond, false},
	} {
		now := base
		var slept time.Duration
		g, err := snowflake.NewGenerator(1,
			snowflake.WithClock(func() time.Time { return now }),
			snowflake.WithSleep(func(d time.Duration) { slept += d }))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := g.Next(); err != nil {
			t.Fatal(err)
		}
		now = base.Add(c.after)
		for range 4095 { // the rest of the tick's counter, on the last tick
			if _, err := g.Next(); err != nil {
				t.Fatalf("%s: %v", c.name, err)
			}
		}
		_, err = g.Next()
		if !errors.Is(err, snowflake.ErrClockBackwards) {
			t.Errorf("%s: %v does not match ErrClockBackwards", c.name, err)
		}
		if errors.Is(err, snowflake.ErrClockStalled) != c.stalled {
			t.Errorf("%s: errors.Is(%v, ErrClockStalled) = %v, want %v", c.name, err, !c.stalled, c.stalled)
		}
		if slept != time.Second {
			t.Errorf("%s: gave up after %v of sleep, want 1s", c.name, slept)
		}
		t.Logf("%s: %v", c.name, err)
	}
}

func TestTimeRange(t *testing.T) {
	epoch := time.UnixMilli(1288834974657)
	for _, tm := range []time.Time{epoch.Add(-time.Millisecond), epoch.Add((1 << 41) * time.Millisecond)} {
		g, _ := snowflake.NewGenerator(1, snowflake.WithClock(func() time.Time { return tm }))
		if _, err := g.Next(); !errors.Is(err, snowflake.ErrTime) {
			t.Errorf("%v: err = %v, want ErrTime", tm, err)
		}
	}
	if y := epoch.Add((1<<41 - 1) * time.Millisecond).Year(); y != 2080 {
		t.Errorf("the last Snowflake millisecond is in %d, want 2080 (69 years on)", y)
	}
}
