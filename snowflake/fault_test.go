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
		g, err := snowflake.NewGenerator(7, snowflake.WithClock(clock))
		if err != nil {
			t.Fatal(err)
		}
		var prev snowflake.ID
		made, backwards := 0, 0
		for i := range n {
			id, err := g.Next()
			if errors.Is(err, snowflake.ErrClockBackwards) {
				// Each such error may follow a wait of up to a second for a
				// clock that will not come back within this test: a few prove
				// the point.
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

// More than 4096 in one millisecond waits for the next one.
//
// The clock moves on a millisecond every 4200 reads: each Next reads it
// once, so each millisecond's counter runs out some 100 reads before it
// ends, and the generator's wait reads it that often. The wait gives up
// after a second of real time, so the fewer reads it needs the less the test
// depends on the machine's speed (under emulation on arm, the 1,800 reads
// it needed with a millisecond every 5000 took longer than that).
func TestExhaustionWaits(t *testing.T) {
	var calls int
	base := time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC)
	clock := func() time.Time {
		calls++
		return base.Add(time.Duration(calls/4200) * time.Millisecond)
	}
	g, _ := snowflake.NewGenerator(1, snowflake.WithClock(clock))
	var prev snowflake.ID
	for i := range 10000 {
		id, err := g.Next()
		if err != nil {
			t.Fatalf("ID %d: %v", i, err)
		}
		if i > 0 && id <= prev {
			t.Fatalf("ID %d not increasing", i)
		}
		if f := id.Fields(); i == 4096 && (f.Sequence != 0 || f.Timestamp == prev.Fields().Timestamp) {
			t.Fatalf("ID 4096: %+v, want sequence 0 in the next millisecond", f)
		}
		prev = id
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
