package idrt

import (
	"errors"
	"testing"
)

// The policies of the four kinds of generator a store or a lease resumes:
// Snowflake's (a narrow counter that waits, with MaxBehind), KSUID's (a
// wide seeded counter that waits), UUIDv7's (a counter that borrows) and
// UUIDv1's (no counter: a tick per ID, on the lock-free path).
var resumePolicies = map[string]Policy{
	"snowflake": {CounterBits: 12, Init: InitZero, Overflow: OverflowWait, MaxTick: 1<<41 - 1, MaxBehind: 1000},
	"ksuid":     {CounterBits: 64, Init: InitSeeded, Overflow: OverflowWait, MaxTick: 1<<32 - 1},
	"uuidv7":    {CounterBits: 12, Init: InitSeeded, Overflow: OverflowBorrow, MaxTick: 1<<48 - 1},
	"uuidv1":    {Overflow: OverflowBorrow, MaxTick: 1<<60 - 1},
	"wide":      {CounterBits: 80, Init: InitRandom, Overflow: OverflowWait, MaxTick: 1<<48 - 1}, // a counter of two words: the locked path
}

// After ResumePast(mark), with the clock behind the mark, the next ID comes
// at once on the tick after the mark, the counter started afresh, whatever
// the overflow, where Restore with the counter at its largest makes a
// policy that waits return ErrExhausted, so that its generator waits for
// the clock to pass the mark.
func TestResumePastAtOnce(t *testing.T) {
	const mark = 50_000
	seed := Counter{Hi: 0x1234, Lo: 0x0123456789abcdef}
	for name, p := range resumePolicies {
		for _, now := range []uint64{mark - 500, mark - 1, mark} {
			for _, call := range []string{"Next", "NextN", "NextRandom"} {
				var s State
				s.ResumePast(&p, mark)
				if tick, c, ok := s.Last(); !ok || tick != mark || c != mask(p.CounterBits) {
					t.Fatalf("%s: Last after ResumePast = %d, %x, %v", name, tick, c, ok)
				}
				tick, c, err := resumeCall(&s, &p, call, now, seed)
				want := start(p.Init, mask(p.CounterBits), seed)
				if err != nil || tick != mark+1 || c != want {
					t.Errorf("%s, clock at mark-%d, %s: (%d, %x, %v); want (%d, %x) at once", name, mark-now, call, tick, c, err, mark+1, want)
				}
				// The next ID counts on from it, on the same tick.
				if p.CounterBits > 0 {
					tick2, c2, err := s.Next(&p, now, seed)
					if err != nil || tick2 != mark+1 || c2 != inc(c) {
						t.Errorf("%s, %s: the second ID is (%d, %x, %v); want (%d, %x)", name, call, tick2, c2, err, mark+1, inc(c))
					}
				}
			}
		}
		// With the clock past the mark, the ID takes the clock's tick.
		var s State
		s.ResumePast(&p, mark)
		if tick, _, err := s.Next(&p, mark+7, seed); err != nil || tick != mark+7 {
			t.Errorf("%s: clock past the mark: tick %d, %v; want %d", name, tick, err, mark+7)
		}
	}

	// What Restore with a full counter does under a policy that waits:
	// the generator must wait for the clock to pass the mark.
	p := resumePolicies["snowflake"]
	var s State
	s.Restore(mark, mask(p.CounterBits))
	if _, _, err := s.Next(&p, mark-500, Counter{}); !errors.Is(err, ErrExhausted) {
		t.Errorf("Restore then Next behind the mark: %v, want ErrExhausted", err)
	}
}

func resumeCall(s *State, p *Policy, call string, now uint64, seed Counter) (uint64, Counter, error) {
	switch call {
	case "NextN":
		tick, c, _, err := s.NextN(p, now, seed, 1)
		return tick, c, err
	case "NextRandom":
		// A reader of fixed bytes, so that the seed is known: Seed reads
		// the counter's start from them.
		q := *p
		q.Seed = func([]byte) Counter { return seed }
		e := NewEntropy(zeroReader{})
		var r [16]byte
		return s.NextRandom(&q, now, e, r[:])
	}
	return s.Next(p, now, seed)
}

type zeroReader struct{}

func (zeroReader) Read(b []byte) (int, error) {
	clear(b)
	return len(b), nil
}

// MaxBehind bounds how far ahead of the clock a resumed ID may be: the
// tick after the mark at most MaxBehind ticks ahead of it, so that every
// later ID on that tick is allowed too.
func TestResumePastMaxBehind(t *testing.T) {
	p := resumePolicies["snowflake"]
	const mark = 50_000
	for _, tc := range []struct {
		now uint64
		ok  bool
	}{{mark - 998, true}, {mark - 999, true}, {mark - 1000, false}, {0, false}} {
		var s State
		s.ResumePast(&p, mark)
		tick, _, err := s.Next(&p, tc.now, Counter{})
		if tc.ok != (err == nil) || err != nil && !errors.Is(err, ErrClockBackwards) {
			t.Errorf("clock %d behind the mark: tick %d, %v; want ok %v (or ErrClockBackwards)", mark-tc.now, tick, err, tc.ok)
			continue
		}
		if err == nil {
			// Every ID the counter has room for on that tick.
			for i := 1; i < 4096; i++ {
				if _, _, err := s.Next(&p, tc.now, Counter{}); err != nil {
					t.Fatalf("clock %d behind the mark: ID %d: %v", mark-tc.now, i, err)
				}
			}
			if _, _, err := s.Next(&p, tc.now, Counter{}); !errors.Is(err, ErrExhausted) {
				t.Errorf("clock %d behind the mark: ID 4096: %v, want ErrExhausted", mark-tc.now, err)
			}
		}
	}
}

// ResumePast never moves a State back: a mark below the last ID's tick
// changes nothing, on the locked, packed and lock-free paths.
func TestResumePastNeverBack(t *testing.T) {
	for name, p := range resumePolicies {
		var s State
		for now := uint64(1000); now < 1010; now++ {
			if _, _, err := s.Next(&p, now, Counter{}); err != nil {
				t.Fatal(err)
			}
		}
		lt, lc, _ := s.Last()
		s.ResumePast(&p, 500)
		if t2, c2, _ := s.Last(); t2 != lt || c2 != lc {
			t.Errorf("%s: ResumePast below the last ID moved Last from (%d, %x) to (%d, %x)", name, lt, lc, t2, c2)
		}
		tick, c, err := s.Next(&p, 600, Counter{})
		if err != nil && !errors.Is(err, ErrExhausted) && !errors.Is(err, ErrClockBackwards) {
			t.Fatal(err)
		}
		if err == nil && !greater(tick, c, lt, lc) {
			t.Errorf("%s: after ResumePast(500), (%d, %x) is not above the last ID (%d, %x)", name, tick, c, lt, lc)
		}
	}
	var nilState *State
	nilState.ResumePast(&Policy{}, 5) // does nothing
}
