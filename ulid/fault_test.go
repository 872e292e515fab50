package ulid_test

import (
	"bytes"
	"errors"
	"testing"
	"testing/iotest"
	"time"

	"github.com/idforge/idforge/internal/oracle"
	"github.com/idforge/idforge/ulid"
)

// Under every clock fault each ULID is greater than the last: within a
// millisecond the entropy counts up by one, and past its end the generator
// takes the next millisecond.
func TestClockFaults(t *testing.T) {
	n := 200_000
	if testing.Short() {
		n = 20_000
	}
	start := time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC)
	for _, fault := range oracle.Faults(start, n) {
		clock := fault.Clock()
		var now time.Time
		g, err := ulid.NewGenerator(ulid.WithClock(func() time.Time { now = clock(); return now }))
		if err != nil {
			t.Fatal(err)
		}
		var prev ulid.ULID
		var drift time.Duration
		for i := range n {
			u, err := g.Next()
			if err != nil {
				t.Fatalf("%s: ID %d: %v", fault.Name, i, err)
			}
			if i > 0 && u.Compare(prev) <= 0 {
				t.Fatalf("%s: ID %d %x is not above %x", fault.Name, i, u, prev)
			}
			prev = u
			drift = max(drift, u.Time().Sub(now))
		}
		t.Logf("%-16s %d IDs, increasing; most ahead of the clock: %v", fault.Name, n, drift)
	}
}

// The entropy's overflow borrows the next millisecond instead of failing.
func TestOverflowBorrows(t *testing.T) {
	frozen := time.UnixMilli(1469918176385)
	stream := make([]byte, 32) // one random block per ID
	for i := 6; i < 16; i++ {
		stream[i] = 0xff // the first ID's entropy is the largest there is
	}
	g, err := ulid.NewGenerator(ulid.WithClock(func() time.Time { return frozen }), ulid.WithEntropy(iotest.OneByteReader(bytes.NewReader(stream))))
	if err != nil {
		t.Fatal(err)
	}
	a, err := g.Next()
	if err != nil {
		t.Fatal(err)
	}
	b, err := g.Next()
	if err != nil {
		t.Fatal(err)
	}
	if a.Time().UnixMilli() != frozen.UnixMilli() || b.Time().UnixMilli() != frozen.UnixMilli()+1 || b.Compare(a) <= 0 {
		t.Errorf("a %v %x, b %v %x: want b in the next millisecond", a.Time(), a, b.Time(), b)
	}
}

func TestTimeRange(t *testing.T) {
	for _, tm := range []time.Time{time.UnixMilli(-1), time.UnixMilli(1 << 48)} {
		g, err := ulid.NewGenerator(ulid.WithClock(func() time.Time { return tm }))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := g.Next(); !errors.Is(err, ulid.ErrTime) {
			t.Errorf("%v: err = %v, want ErrTime", tm, err)
		}
	}
	last := time.UnixMilli(1<<48 - 1)
	g, err := ulid.NewGenerator(ulid.WithClock(func() time.Time { return last }))
	if err != nil {
		t.Fatal(err)
	}
	if u, err := g.Next(); err != nil || !u.Time().Equal(last) {
		t.Errorf("last millisecond (%v): %v, %v", last, u.Time(), err)
	}
	if last.Year() != 10889 {
		t.Errorf("the last ULID millisecond is in %d, want 10889", last.Year())
	}
}

func TestEntropyFailure(t *testing.T) {
	boom := errors.New("boom")
	g, err := ulid.NewGenerator(ulid.WithEntropy(iotest.ErrReader(boom)))
	if err != nil {
		t.Fatal(err)
	}
	if u, err := g.Next(); !errors.Is(err, ulid.ErrEntropy) || !errors.Is(err, boom) || u != ulid.Nil() {
		t.Errorf("Next = %x, %v; want Nil, ErrEntropy wrapping boom", u, err)
	}
}
