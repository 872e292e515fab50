package uuid_test

import (
	"testing"
	"time"

	"github.com/idforge/idforge/internal/oracle"
	"github.com/idforge/idforge/uuid"
)

// Under every clock fault, each UUIDv1, v6 and v7 from one generator is
// unique, and each v6 and v7 is greater than the last. The IDs run ahead of
// a frozen or backward clock by a bounded amount, logged here.
func TestClockFaults(t *testing.T) {
	n := 200_000
	if testing.Short() {
		n = 20_000
	}
	start := time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC)
	for _, fault := range oracle.Faults(start, n) {
		if fault.Name == "frozen" && !testing.Short() {
			n := 1_000_000 // as issue 8 asks: a million IDs on a clock that stands still
			fault = oracle.Faults(start, n)[0]
			checkFault(t, fault, n)
			continue
		}
		checkFault(t, fault, n)
	}
}

func checkFault(t *testing.T, fault oracle.Fault, n int) {
	{
		for _, v := range []struct {
			name    string
			next    func(*uuid.Generator) (uuid.UUID, error)
			ordered bool
		}{
			{"v1", (*uuid.Generator).NewV1, false},
			{"v6", (*uuid.Generator).NewV6, true},
			{"v7", (*uuid.Generator).NewV7, true},
		} {
			clock := fault.Clock()
			var last time.Time
			g := uuid.NewGenerator(uuid.WithClock(func() time.Time { last = clock(); return last }))
			seen := make(map[uuid.UUID]struct{}, n)
			var prev uuid.UUID
			var drift time.Duration
			for i := range n {
				u, err := v.next(g)
				if err != nil {
					t.Fatalf("%s %s: ID %d: %v", fault.Name, v.name, i, err)
				}
				if _, dup := seen[u]; dup {
					t.Fatalf("%s %s: ID %d %X is a duplicate", fault.Name, v.name, i, u)
				}
				seen[u] = struct{}{}
				if v.ordered && i > 0 && u.Compare(prev) <= 0 {
					t.Fatalf("%s %s: ID %d %X is not above %X", fault.Name, v.name, i, u, prev)
				}
				prev = u
				tm, _ := u.Time()
				drift = max(drift, tm.Sub(last))
			}
			t.Logf("%-16s %s: %d IDs, unique, ordered=%v; most ahead of the clock: %v", fault.Name, v.name, n, v.ordered, drift)
		}
	}
}
