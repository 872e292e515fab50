package idrt

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
)

const max64 = math.MaxUint64

// step is one call in a table test: a Restore when restore is set (with tick
// and c as its arguments), otherwise a call of Next(now, seed) that must
// return tick, c and err.
type step struct {
	restore bool
	now     uint64
	seed    Counter
	tick    uint64
	c       Counter
	err     error
}

func next(now uint64, seed Counter, tick uint64, c Counter) step {
	return step{now: now, seed: seed, tick: tick, c: c}
}

func fail(now uint64, tick uint64, err error) step {
	return step{now: now, seed: Counter{max64, max64}, tick: tick, err: err}
}

func restore(tick uint64, c Counter) step {
	return step{restore: true, tick: tick, c: c}
}

func lo(x uint64) Counter { return Counter{Lo: x} }

var ones = Counter{max64, max64}

func TestNextTable(t *testing.T) {
	tests := []struct {
		name  string
		p     Policy
		steps []step
	}{
		{
			name: "seeded 12 borrow: first, same, new, backwards",
			p:    Policy{CounterBits: 12, Init: InitSeeded, Overflow: OverflowBorrow, MaxTick: 1<<48 - 1},
			steps: []step{
				next(100, lo(0xffff), 100, lo(0x7ff)), // first call: seed masked, top bit clear
				next(100, lo(0x123), 100, lo(0x800)),  // same tick: +1, seed unused
				next(101, lo(0x1234), 101, lo(0x234)), // new tick: reseeded
				next(100, lo(0), 101, lo(0x235)),      // backwards 1: stay on last tick
				next(0, lo(0), 101, lo(0x236)),        // backwards far: still stay
				next(5000, lo(0x0fff), 5000, lo(0x7ff)),
			},
		},
		{
			name: "seeded 12 borrow: exhaustion borrows the next tick and drift recovers",
			p:    Policy{CounterBits: 12, Init: InitSeeded, Overflow: OverflowBorrow, MaxTick: 1<<48 - 1},
			steps: []step{
				restore(5, lo(0xffe)),
				next(5, lo(0xabc), 5, lo(0xfff)),
				next(5, lo(0xabc), 6, lo(0x2bc)), // borrowed: ahead of the clock
				next(5, lo(0), 6, lo(0x2bd)),     // the clock is still on 5: count on 6
				next(6, lo(0), 6, lo(0x2be)),     // the clock reached 6: still 6
				next(7, lo(0x001), 7, lo(0x001)), // the clock passed 6: follows it again
			},
		},
		{
			name: "zero 12 wait (snowflake)",
			p:    Policy{CounterBits: 12, Init: InitZero, Overflow: OverflowWait, MaxTick: 1<<41 - 1},
			steps: []step{
				next(10, ones, 10, lo(0)),
				next(10, ones, 10, lo(1)),
				restore(10, lo(0xffe)),
				next(10, ones, 10, lo(0xfff)),
				fail(10, 10, ErrExhausted),
				fail(9, 10, ErrExhausted), // backwards while exhausted
				fail(10, 10, ErrExhausted),
				next(11, ones, 11, lo(0)),
				next(3, ones, 11, lo(1)),
			},
		},
		{
			name: "running 24 wrap (objectid)",
			p:    Policy{CounterBits: 24, Init: InitRunning, Overflow: OverflowWrap, MaxTick: 1<<32 - 1},
			steps: []step{
				next(50, lo(0xabcdef12), 50, lo(0xcdef12)), // first call: seed masked
				next(50, ones, 50, lo(0xcdef13)),
				next(51, ones, 51, lo(0xcdef14)), // not reset at a new tick
				next(49, ones, 49, lo(0xcdef15)), // follows the clock backwards
				restore(60, lo(0xffffff)),
				next(60, ones, 60, lo(0)), // wraps
				next(61, ones, 61, lo(1)),
				restore(61, lo(0xfffffe)),
				next(62, ones, 62, lo(0xffffff)),
				next(63, ones, 63, lo(0)), // wraps across ticks too
			},
		},
		{
			name: "running 24 wrap with MaxBehind",
			p:    Policy{CounterBits: 24, Init: InitRunning, Overflow: OverflowWrap, MaxTick: 1<<32 - 1, MaxBehind: 2},
			steps: []step{
				next(50, lo(7), 50, lo(7)),
				next(48, ones, 48, lo(8)),
				fail(45, 0, ErrClockBackwards),
				next(48, ones, 48, lo(9)),
			},
		},
		{
			name: "no counter borrow (uuidv1/v6)",
			p:    Policy{CounterBits: 0, Init: InitZero, Overflow: OverflowBorrow, MaxTick: 1<<60 - 1},
			steps: []step{
				next(7, ones, 7, lo(0)),
				next(7, ones, 8, lo(0)),
				next(7, ones, 9, lo(0)),
				next(3, ones, 10, lo(0)),
				next(20, ones, 20, lo(0)),
				next(20, ones, 21, lo(0)),
				next(22, ones, 22, lo(0)),
			},
		},
		{
			name: "no counter seeded/random ignore the seed",
			p:    Policy{CounterBits: 0, Init: InitRandom, Overflow: OverflowBorrow, MaxTick: 1<<60 - 1},
			steps: []step{
				next(7, ones, 7, lo(0)),
				next(7, ones, 8, lo(0)),
			},
		},
		{
			name: "no counter wait",
			p:    Policy{CounterBits: 0, Init: InitZero, Overflow: OverflowWait, MaxTick: 1<<60 - 1},
			steps: []step{
				next(7, ones, 7, lo(0)),
				fail(7, 7, ErrExhausted),
				fail(6, 7, ErrExhausted),
				next(8, ones, 8, lo(0)),
			},
		},
		{
			name: "seeded 26 borrow",
			p:    Policy{CounterBits: 26, Init: InitSeeded, Overflow: OverflowBorrow, MaxTick: 1<<48 - 1},
			steps: []step{
				next(1, ones, 1, lo(1<<25-1)),
				next(1, ones, 1, lo(1<<25)),
				restore(1, lo(1<<26-1)),
				next(1, lo(0x5555555), 2, lo(0x1555555)),
			},
		},
		{
			name: "zero 64 borrow",
			p:    Policy{CounterBits: 64, Init: InitZero, Overflow: OverflowBorrow, MaxTick: 1<<32 - 1},
			steps: []step{
				next(1, ones, 1, lo(0)),
				restore(1, lo(max64-1)),
				next(1, ones, 1, lo(max64)),
				next(1, ones, 2, lo(0)),
			},
		},
		{
			name: "random 64 borrow",
			p:    Policy{CounterBits: 64, Init: InitRandom, Overflow: OverflowBorrow, MaxTick: 1<<32 - 1},
			steps: []step{
				next(1, Counter{5, max64}, 1, lo(max64)), // Hi masked off
				next(1, Counter{5, 9}, 2, lo(9)),         // exhausted at once: borrow
				next(1, ones, 2, lo(10)),
			},
		},
		{
			name: "seeded 64 borrow",
			p:    Policy{CounterBits: 64, Init: InitSeeded, Overflow: OverflowBorrow, MaxTick: 1<<32 - 1},
			steps: []step{
				next(1, ones, 1, lo(1<<63-1)),
				next(1, ones, 1, lo(1<<63)),
			},
		},
		{
			name: "random 80 borrow (ulid): carry from Lo to Hi",
			p:    Policy{CounterBits: 80, Init: InitRandom, Overflow: OverflowBorrow, MaxTick: 1<<48 - 1},
			steps: []step{
				next(9, Counter{0xabc12, max64}, 9, Counter{0xbc12, max64}), // Hi masked to 16 bits
				next(9, ones, 9, Counter{0xbc13, 0}),
				next(10, ones, 10, Counter{0xffff, max64}), // the largest counter
				next(10, Counter{0x1234, 5}, 11, Counter{0x1234, 5}),
				next(8, ones, 11, Counter{0x1234, 6}),
			},
		},
		{
			name: "random 80 wait",
			p:    Policy{CounterBits: 80, Init: InitRandom, Overflow: OverflowWait, MaxTick: 1<<48 - 1},
			steps: []step{
				next(10, ones, 10, Counter{0xffff, max64}),
				fail(10, 10, ErrExhausted),
				next(11, Counter{1, 2}, 11, Counter{1, 2}),
			},
		},
		{
			name: "seeded 80 borrow",
			p:    Policy{CounterBits: 80, Init: InitSeeded, Overflow: OverflowBorrow, MaxTick: 1<<48 - 1},
			steps: []step{
				next(9, ones, 9, Counter{0x7fff, max64}),
				next(9, ones, 9, Counter{0x8000, 0}),
			},
		},
		{
			name: "random 128 borrow: carry and full width",
			p:    Policy{CounterBits: 128, Init: InitRandom, Overflow: OverflowBorrow, MaxTick: max64},
			steps: []step{
				next(1, Counter{3, max64}, 1, Counter{3, max64}),
				next(1, ones, 1, Counter{4, 0}),
				next(1, ones, 1, Counter{4, 1}),
				next(2, ones, 2, ones),
				next(2, Counter{8, 9}, 3, Counter{8, 9}),
			},
		},
		{
			name: "seeded 128 borrow",
			p:    Policy{CounterBits: 128, Init: InitSeeded, Overflow: OverflowBorrow, MaxTick: max64},
			steps: []step{
				next(1, ones, 1, Counter{1<<63 - 1, max64}),
				next(1, ones, 1, Counter{1 << 63, 0}),
			},
		},
		{
			name: "zero 128 wait",
			p:    Policy{CounterBits: 128, Init: InitZero, Overflow: OverflowWait, MaxTick: max64},
			steps: []step{
				next(1, ones, 1, Counter{}),
				restore(1, Counter{max64, max64 - 1}),
				next(0, ones, 1, ones),
				fail(1, 1, ErrExhausted),
			},
		},
		{
			name: "MaxBehind",
			p:    Policy{CounterBits: 12, Init: InitZero, Overflow: OverflowBorrow, MaxTick: 1<<48 - 1, MaxBehind: 10},
			steps: []step{
				next(100, ones, 100, lo(0)),
				next(90, ones, 100, lo(1)), // exactly MaxBehind: allowed
				fail(89, 0, ErrClockBackwards),
				fail(0, 0, ErrClockBackwards),
				next(100, ones, 100, lo(2)), // state unchanged by the errors
				restore(100, lo(0xfff)),
				next(95, ones, 101, lo(0)),
				fail(90, 0, ErrClockBackwards), // borrowed ahead: drift counts too
				next(91, ones, 101, lo(1)),
			},
		},
		{
			name: "MaxBehind with wait",
			p:    Policy{CounterBits: 1, Init: InitZero, Overflow: OverflowWait, MaxTick: 1<<48 - 1, MaxBehind: 1},
			steps: []step{
				next(100, ones, 100, lo(0)),
				next(99, ones, 100, lo(1)),
				fail(99, 100, ErrExhausted),
				fail(98, 0, ErrClockBackwards),
			},
		},
		{
			name: "MaxTick: first call, new tick and borrow",
			p:    Policy{CounterBits: 2, Init: InitZero, Overflow: OverflowBorrow, MaxTick: 1000},
			steps: []step{
				fail(1001, 0, ErrTimeOverflow),
				fail(max64, 0, ErrTimeOverflow),
				next(999, ones, 999, lo(0)),
				fail(1001, 0, ErrTimeOverflow),
				restore(999, lo(3)),
				next(999, ones, 1000, lo(0)),
				next(1000, ones, 1000, lo(1)),
				next(1000, ones, 1000, lo(2)),
				next(1000, ones, 1000, lo(3)),
				fail(1000, 0, ErrTimeOverflow), // would borrow 1001
				fail(5, 0, ErrTimeOverflow),
				fail(1000, 0, ErrTimeOverflow), // and the state is unchanged
			},
		},
		{
			name: "MaxTick: running",
			p:    Policy{CounterBits: 8, Init: InitRunning, Overflow: OverflowWrap, MaxTick: 10},
			steps: []step{
				next(10, lo(0x1ff), 10, lo(0xff)),
				fail(11, 0, ErrTimeOverflow),
				next(9, ones, 9, lo(0)),
			},
		},
		{
			name: "borrow at the largest uint64 tick",
			p:    Policy{CounterBits: 4, Init: InitZero, Overflow: OverflowBorrow, MaxTick: max64},
			steps: []step{
				next(max64, ones, max64, lo(0)),
				restore(max64, lo(15)),
				fail(max64, 0, ErrTimeOverflow),
				fail(0, 0, ErrTimeOverflow),
			},
		},
		{
			name: "restore of a counter too wide for the policy",
			p:    Policy{CounterBits: 4, Init: InitZero, Overflow: OverflowBorrow, MaxTick: 1000},
			steps: []step{
				restore(10, lo(99)),
				next(10, ones, 11, lo(0)),
			},
		},
		{
			name: "restore of a counter too wide, wait",
			p:    Policy{CounterBits: 4, Init: InitZero, Overflow: OverflowWait, MaxTick: 1000},
			steps: []step{
				restore(10, Counter{1, 0}),
				fail(10, 10, ErrExhausted),
				next(11, ones, 11, lo(0)),
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var s State
			if _, _, ok := s.Last(); ok {
				t.Fatal("Last of a new State: ok")
			}
			for i, st := range tt.steps {
				if st.restore {
					s.Restore(st.tick, st.c)
					continue
				}
				lt, lc, lok := s.Last()
				tick, c, err := s.Next(&tt.p, st.now, st.seed)
				if !errors.Is(err, st.err) || tick != st.tick || c != st.c {
					t.Fatalf("step %d: Next(%d, %x) = %d, %x, %v; want %d, %x, %v",
						i, st.now, st.seed, tick, c, err, st.tick, st.c, st.err)
				}
				nt, nc, nok := s.Last()
				if err != nil {
					if nt != lt || nc != lc || nok != lok {
						t.Fatalf("step %d: error %v changed the state from %d, %x, %v to %d, %x, %v",
							i, err, lt, lc, lok, nt, nc, nok)
					}
				} else if nt != tick || nc != c || !nok {
					t.Fatalf("step %d: Last = %d, %x, %v; want %d, %x, true", i, nt, nc, nok, tick, c)
				}
			}
		})
	}
}

func TestNextInvalid(t *testing.T) {
	bad := []Policy{
		{CounterBits: -1, Overflow: OverflowBorrow, MaxTick: max64},
		{CounterBits: 129, Overflow: OverflowBorrow, MaxTick: max64},
		{CounterBits: math.MaxInt, Overflow: OverflowBorrow, MaxTick: max64},
		{CounterBits: math.MinInt, Overflow: OverflowBorrow, MaxTick: max64},
		{CounterBits: 12, Init: InitRunning + 1, Overflow: OverflowBorrow, MaxTick: max64},
		{CounterBits: 12, Init: 255, Overflow: OverflowWrap, MaxTick: max64},
		{CounterBits: 12, Overflow: OverflowWrap + 1, MaxTick: max64},
		{CounterBits: 12, Init: InitZero, Overflow: OverflowWrap, MaxTick: max64},   // wrap would repeat
		{CounterBits: 12, Init: InitSeeded, Overflow: OverflowWrap, MaxTick: max64}, // wrap would repeat
		{CounterBits: 12, Init: InitRunning, Overflow: OverflowBorrow, MaxTick: max64},
		{CounterBits: 12, Init: InitRunning, Overflow: OverflowWait, MaxTick: max64},
	}
	for _, p := range bad {
		var s State
		for range 3 {
			tick, c, err := s.Next(&p, 5, ones)
			if err == nil || errors.Is(err, ErrExhausted) || errors.Is(err, ErrClockBackwards) || errors.Is(err, ErrTimeOverflow) {
				t.Errorf("Next with %+v = %d, %x, %v; want the invalid policy error", p, tick, c, err)
			}
		}
		if _, _, ok := s.Last(); ok {
			t.Errorf("Next with %+v changed the state", p)
		}
	}
	good := Policy{CounterBits: 12, Overflow: OverflowBorrow, MaxTick: max64}
	if _, _, err := (*State)(nil).Next(&good, 1, ones); err == nil {
		t.Error("Next on a nil State: no error")
	}
	var s State
	if _, _, err := s.Next(nil, 1, ones); err == nil {
		t.Error("Next with a nil Policy: no error")
	}
	if _, _, ok := (*State)(nil).Last(); ok {
		t.Error("Last on a nil State: ok")
	}
	(*State)(nil).Restore(1, ones) // must not panic
}

// TestNextZeroPolicy checks that the zero Policy (a 0-bit zero-init counter
// that waits, and a time field holding only tick 0) behaves as documented.
func TestNextZeroPolicy(t *testing.T) {
	var s State
	var p Policy
	if tick, c, err := s.Next(&p, 0, ones); err != nil || tick != 0 || c != (Counter{}) {
		t.Fatalf("first: %d, %x, %v", tick, c, err)
	}
	if _, _, err := s.Next(&p, 0, ones); !errors.Is(err, ErrExhausted) {
		t.Fatalf("second: %v", err)
	}
	if _, _, err := s.Next(&p, 1, ones); !errors.Is(err, ErrTimeOverflow) {
		t.Fatalf("tick 1: %v", err)
	}
}

func TestMask(t *testing.T) {
	for w := 0; w <= 128; w++ {
		m := mask(w)
		got := bits64(m.Hi) + bits64(m.Lo)
		if got != w {
			t.Errorf("mask(%d) = %x has %d ones", w, m, got)
		}
		if inc(m) != (Counter{}) && w == 128 {
			t.Errorf("mask(128)+1 = %x", inc(m))
		}
		// The mask is 2^w - 1: adding one gives a single bit at w.
		if w < 128 {
			want := Counter{}
			if w < 64 {
				want.Lo = 1 << w
			} else {
				want.Hi = 1 << (w - 64)
			}
			if inc(m) != want {
				t.Errorf("mask(%d)+1 = %x, want %x", w, inc(m), want)
			}
		}
		if w > 0 && w < 128 {
			if s := start(InitSeeded, m, ones); inc(s) != shr1(inc(m)) {
				t.Errorf("seeded start for %d bits = %x", w, s)
			}
		}
	}
}

func bits64(x uint64) int {
	n := 0
	for ; x != 0; x &= x - 1 {
		n++
	}
	return n
}

// clockModel makes a random sequence of clock readings around a true time
// that mostly creeps forward: readings are often frozen, sometimes behind
// the true time by 1, 1000 or a huge step, sometimes past MaxTick for one
// reading, and the true time itself sometimes jumps forward, or back to the
// middle of the range when it nears MaxTick.
type clockModel struct {
	r    *rand.Rand
	base uint64 // the true time
	last uint64 // the last reading
	max  uint64 // MaxTick
}

func (m *clockModel) next() uint64 {
	back := func(d uint64) uint64 { return m.base - min(m.base, d) }
	reading := m.base
	switch k := m.r.IntN(100); {
	case k < 30: // frozen
		reading = m.last
	case k < 60:
		m.base++
		reading = m.base
	case k < 70:
		reading = back(1)
	case k < 78:
		reading = back(1000)
	case k < 80:
		reading = back(m.r.Uint64N(m.base + 1))
	case k < 88:
		m.base += m.r.Uint64N(1000)
		reading = m.base
	case k < 90:
		m.base += m.r.Uint64N(min(1<<20, m.max/64) + 1)
		reading = m.base
	case k < 91: // a glitch: past MaxTick, or when there is no such tick, ahead
		if m.max < math.MaxUint64/2 {
			reading = m.max + 1 + m.r.Uint64N(m.max)
		} else {
			reading = m.base + m.r.Uint64N(100)
		}
	}
	if m.base > m.max-m.max/16 {
		m.base = m.max / 2
	}
	m.last = reading
	return reading
}

func (m *clockModel) seed() Counter {
	return Counter{m.r.Uint64(), m.r.Uint64()}
}

func greater(t1 uint64, c1 Counter, t0 uint64, c0 Counter) bool {
	return t1 > t0 || t1 == t0 && less(c0, c1)
}

var monotonicPolicies = []Policy{
	{CounterBits: 12, Init: InitSeeded, Overflow: OverflowBorrow, MaxTick: 1<<48 - 1},
	{CounterBits: 12, Init: InitZero, Overflow: OverflowWait, MaxTick: 1<<41 - 1},
	{CounterBits: 80, Init: InitRandom, Overflow: OverflowBorrow, MaxTick: 1<<48 - 1},
	{CounterBits: 26, Init: InitSeeded, Overflow: OverflowBorrow, MaxTick: 1<<48 - 1},
	{CounterBits: 0, Init: InitZero, Overflow: OverflowBorrow, MaxTick: 1<<60 - 1},
	{CounterBits: 128, Init: InitRandom, Overflow: OverflowBorrow, MaxTick: max64},
	{CounterBits: 64, Init: InitRandom, Overflow: OverflowWait, MaxTick: max64},
	{CounterBits: 2, Init: InitZero, Overflow: OverflowBorrow, MaxTick: 1<<36 - 1},
	{CounterBits: 3, Init: InitRandom, Overflow: OverflowBorrow, MaxTick: 1 << 31},
	{CounterBits: 1, Init: InitSeeded, Overflow: OverflowWait, MaxTick: 1 << 40},
	{CounterBits: 2, Init: InitRandom, Overflow: OverflowBorrow, MaxTick: 1<<36 - 1, MaxBehind: 5},
	{CounterBits: 12, Init: InitSeeded, Overflow: OverflowBorrow, MaxTick: 1<<48 - 1, MaxBehind: 1000},
	{CounterBits: 0, Init: InitZero, Overflow: OverflowBorrow, MaxTick: 1<<40 - 1, MaxBehind: 3},
	{CounterBits: 4, Init: InitZero, Overflow: OverflowWait, MaxTick: 1<<40 - 1, MaxBehind: 2},
}

// TestNextStrictlyIncreasing drives each policy with 100k random clock
// readings and checks every result against the documented rules.
func TestNextStrictlyIncreasing(t *testing.T) {
	const calls = 100_000
	for i, p := range monotonicPolicies {
		t.Run(fmt.Sprintf("%d:%+v", i, p), func(t *testing.T) {
			m := &clockModel{r: rand.New(rand.NewPCG(uint64(i), 42)), base: p.MaxTick / 2, max: p.MaxTick}
			var s State
			cmask := mask(p.CounterBits)
			var lastT uint64
			var lastC Counter
			started := false
			count := map[error]int{}
			borrowed := 0
			for range calls {
				now := m.next()
				tick, c, err := s.Next(&p, now, m.seed())
				count[err]++
				// What the rules say should happen, from the outside.
				var want error
				switch {
				case !started || now > lastT:
					if now > p.MaxTick {
						want = ErrTimeOverflow
					}
				case p.MaxBehind > 0 && lastT-now > p.MaxBehind:
					want = ErrClockBackwards
				case less(lastC, cmask):
				case p.Overflow == OverflowWait:
					want = ErrExhausted
				case lastT >= p.MaxTick:
					want = ErrTimeOverflow
				}
				if err != want {
					t.Fatalf("now %d after (%d, %x): err %v, want %v", now, lastT, lastC, err, want)
				}
				if err != nil {
					if err == ErrExhausted && tick != lastT {
						t.Fatalf("ErrExhausted with tick %d, want %d", tick, lastT)
					}
					lt, lc, ok := s.Last()
					if ok != started || started && (lt != lastT || lc != lastC) {
						t.Fatalf("error %v changed the state", err)
					}
					continue
				}
				if started && !greater(tick, c, lastT, lastC) {
					t.Fatalf("now %d: (%d, %x) not after (%d, %x)", now, tick, c, lastT, lastC)
				}
				if tick > p.MaxTick || less(cmask, c) {
					t.Fatalf("now %d: (%d, %x) out of range", now, tick, c)
				}
				if tick < now {
					t.Fatalf("tick %d behind the clock %d", tick, now)
				}
				if started && now <= lastT && tick > lastT {
					borrowed++
				}
				if started && tick > max(now, lastT+1) {
					t.Fatalf("tick %d jumped past both the clock %d and last+1 (%d)", tick, now, lastT+1)
				}
				lastT, lastC, started = tick, c, true
			}
			if count[nil] < calls/10 {
				t.Errorf("only %d successes: %v", count[nil], count)
			}
			if p.Overflow == OverflowBorrow && p.CounterBits <= 4 && borrowed == 0 {
				t.Errorf("never borrowed a tick")
			}
			t.Logf("%v, %d borrowed ticks", count, borrowed)
		})
	}
}

// TestNextDrift checks that a borrowing generator on a frozen clock makes
// at least the documented number of IDs per tick, and comes back to the
// clock once it passes the borrowed ticks.
func TestNextDrift(t *testing.T) {
	for _, tc := range []struct {
		p      Policy
		perTic int
	}{
		{Policy{CounterBits: 8, Init: InitZero, Overflow: OverflowBorrow, MaxTick: max64}, 256},
		{Policy{CounterBits: 8, Init: InitSeeded, Overflow: OverflowBorrow, MaxTick: max64}, 129},
		{Policy{CounterBits: 8, Init: InitRandom, Overflow: OverflowBorrow, MaxTick: max64}, 1},
		{Policy{CounterBits: 0, Init: InitZero, Overflow: OverflowBorrow, MaxTick: max64}, 1},
	} {
		var s State
		r := rand.New(rand.NewPCG(1, 2))
		const n = 10_000
		var tick uint64
		for range n {
			var err error
			tick, _, err = s.Next(&tc.p, 1000, Counter{r.Uint64(), r.Uint64()})
			if err != nil {
				t.Fatal(err)
			}
		}
		if ahead := tick - 1000; ahead > uint64(n/tc.perTic) {
			t.Errorf("%+v: %d IDs on a frozen clock drifted %d ticks, more than %d", tc.p, n, ahead, n/tc.perTic)
		}
		next, _, err := s.Next(&tc.p, tick+1, ones)
		if err != nil || next != tick+1 {
			t.Errorf("%+v: after the clock passed the drift: tick %d, %v", tc.p, next, err)
		}
	}
}

// TestNextConcurrent has 8 goroutines share one State under a frozen and a
// jittering clock: every result must be distinct and each goroutine's own
// results increasing. Run it with -race.
func TestNextConcurrent(t *testing.T) {
	const goroutines, calls = 8, 100_000
	policies := []Policy{
		{CounterBits: 12, Init: InitSeeded, Overflow: OverflowBorrow, MaxTick: 1<<48 - 1},
		{CounterBits: 80, Init: InitRandom, Overflow: OverflowBorrow, MaxTick: 1<<48 - 1},
		{CounterBits: 12, Init: InitZero, Overflow: OverflowWait, MaxTick: 1<<41 - 1},
		{CounterBits: 0, Init: InitZero, Overflow: OverflowBorrow, MaxTick: 1<<60 - 1},
	}
	if testing.Short() {
		policies = policies[:1]
	}
	for _, p := range policies {
		for _, tc := range []struct{ jitter, random bool }{{false, false}, {true, false}, {true, true}} {
			jitter := tc.jitter
			t.Run(fmt.Sprintf("%+v/jitter=%v/random=%v", p, jitter, tc.random), func(t *testing.T) {
				var s State
				var clock atomic.Uint64
				clock.Store(1 << 30)
				results := make([][]pair, goroutines)
				var wg sync.WaitGroup
				for g := range goroutines {
					wg.Add(1)
					go func() {
						defer wg.Done()
						r := rand.New(rand.NewPCG(uint64(g), 7))
						out := make([]pair, 0, calls)
						for len(out) < calls {
							now := clock.Load()
							if jitter {
								switch r.IntN(64) {
								case 0:
									now = clock.Add(1)
								case 1:
									now -= r.Uint64N(50)
								case 2:
									now += r.Uint64N(3)
								}
							}
							var tick uint64
							var c Counter
							var err error
							if tc.random {
								var block [16]byte
								tick, c, err = s.NextRandom(&p, now, nil, block[:])
							} else {
								tick, c, err = s.Next(&p, now, Counter{r.Uint64(), r.Uint64()})
							}
							if errors.Is(err, ErrExhausted) {
								clock.CompareAndSwap(now, now+1) // time passes
								clock.CompareAndSwap(tick, tick+1)
								continue
							}
							if err != nil {
								t.Error(err)
								return
							}
							if n := len(out); n > 0 && !greater(tick, c, out[n-1].tick, out[n-1].c) {
								t.Errorf("goroutine %d: (%d, %x) after (%d, %x)", g, tick, c, out[n-1].tick, out[n-1].c)
								return
							}
							out = append(out, pair{tick, c})
						}
						results[g] = out
					}()
				}
				wg.Wait()
				var all []pair
				for _, r := range results {
					all = append(all, r...)
				}
				if len(all) != goroutines*calls {
					t.Fatalf("%d results, want %d", len(all), goroutines*calls)
				}
				slices.SortFunc(all, func(a, b pair) int {
					switch {
					case greater(a.tick, a.c, b.tick, b.c):
						return 1
					case greater(b.tick, b.c, a.tick, a.c):
						return -1
					}
					return 0
				})
				for i := 1; i < len(all); i++ {
					if all[i] == all[i-1] {
						t.Fatalf("duplicate (%d, %x)", all[i].tick, all[i].c)
					}
				}
			})
		}
	}
}

type pair struct {
	tick uint64
	c    Counter
}

func TestRestore(t *testing.T) {
	p := Policy{CounterBits: 12, Init: InitSeeded, Overflow: OverflowBorrow, MaxTick: 1<<48 - 1}
	var a State
	for now := uint64(1); now < 50; now++ {
		a.Next(&p, now/3, ones)
	}
	tick, c, ok := a.Last()
	if !ok {
		t.Fatal("Last: not ok")
	}
	var b State
	b.Restore(tick, c)
	if bt, bc, _ := b.Last(); bt != tick || bc != c {
		t.Fatalf("Last after Restore = %d, %x; want %d, %x", bt, bc, tick, c)
	}
	for _, now := range []uint64{0, tick - 1, tick} {
		var s State
		s.Restore(tick, c)
		nt, nc, err := s.Next(&p, now, Counter{})
		if err != nil || !greater(nt, nc, tick, c) {
			t.Errorf("after Restore(%d, %x), Next(%d) = %d, %x, %v", tick, c, now, nt, nc, err)
		}
	}
}

// FuzzNext feeds Next arbitrary policies, restored states and clock
// readings: it must never panic, and for valid non-running policies every
// success must come after the previous one and respect MaxTick.
func FuzzNext(f *testing.F) {
	f.Add(12, uint8(1), uint8(1), uint64(1<<48-1), uint64(0), uint64(5), uint64(0xfff), []byte{5, 5, 4, 200, 0, 6})
	f.Add(0, uint8(0), uint8(0), uint64(10), uint64(2), uint64(10), uint64(0), []byte{10, 10, 9, 11, 255})
	f.Add(128, uint8(2), uint8(1), uint64(max64), uint64(0), uint64(max64), uint64(max64), []byte{255, 0, 1})
	f.Add(24, uint8(3), uint8(2), uint64(1<<32-1), uint64(0), uint64(0), uint64(0), []byte{1, 2, 3})
	f.Add(-3, uint8(9), uint8(7), uint64(0), uint64(0), uint64(0), uint64(0), []byte{})
	// Packable: Snowflake's policy, then a 2-bit seeded counter that borrows.
	f.Add(12, uint8(0), uint8(1), uint64(1<<41-1), uint64(1000), uint64(0), uint64(0), []byte{1, 1, 1, 0, 2, 2})
	f.Add(2, uint8(1), uint8(0), uint64(1<<56-1), uint64(0), uint64(1<<56-2), uint64(3), []byte{0, 0, 0, 0, 0, 255, 1})
	f.Fuzz(func(t *testing.T, w int, init, overflow uint8, maxTick, maxBehind, rTick, rLo uint64, nows []byte) {
		p := Policy{CounterBits: w, Init: Init(init), Overflow: Overflow(overflow), MaxTick: maxTick, MaxBehind: maxBehind}
		var s, ref State // ref takes the locked path, whatever the policy
		if rTick != 0 {
			s.Restore(rTick, Counter{Lo: rLo})
			ref.Restore(rTick, Counter{Lo: rLo})
		}
		lastT, lastC, started := s.Last()
		for i, b := range nows {
			now := rTick + uint64(int8(b)) // around the restored tick, both ways
			if b == 255 {
				now = max64
			}
			seed := Counter{uint64(i) * 0x9e3779b97f4a7c15, ^uint64(i)}
			// The short path is a copy of one case of advance: wherever it
			// answers, advance must give the same ID.
			s.mu.Lock()
			if p.valid() && s.use(&p) {
				if sc, ok := s.same(&p, now); ok {
					at, ac, aerr := s.advance(&p, mask(p.CounterBits), now, seed)
					if aerr != nil || at != s.tick || ac != sc {
						t.Fatalf("%+v: now %d: the short path gives (%d, %x), advance (%d, %x, %v)", p, now, s.tick, sc, at, ac, aerr)
					}
				}
			}
			s.mu.Unlock()
			tick, c, err := s.Next(&p, now, seed)
			if p.valid() && !tickOnly(&p) {
				// The lock-free packed path is a copy of the locked one.
				rt, rc, rerr := ref.nextLocked(&p, now, seed)
				if rt != tick || rc != c || rerr != err {
					t.Fatalf("%+v: now %d: Next gives (%d, %x, %v), the locked path (%d, %x, %v)", p, now, tick, c, err, rt, rc, rerr)
				}
				st, sc, sok := s.Last()
				if rt, rc, rok := ref.Last(); st != rt || sc != rc || sok != rok {
					t.Fatalf("%+v: now %d: Last gives (%d, %x, %v), the locked path's (%d, %x, %v)", p, now, st, sc, sok, rt, rc, rok)
				}
			}
			if err != nil || !p.valid() || p.Init == InitRunning {
				continue
			}
			if tick > p.MaxTick || started && !greater(tick, c, lastT, lastC) {
				t.Fatalf("%+v: now %d: (%d, %x) after (%d, %x)", p, now, tick, c, lastT, lastC)
			}
			lastT, lastC, started = tick, c, true
		}
	})
}

// NextN hands out the same IDs as as many calls of Next.
func TestNextNMatchesNext(t *testing.T) {
	policies := []Policy{
		{CounterBits: 26, Init: InitSeeded, Overflow: OverflowBorrow, MaxTick: 1<<48 - 1},
		{CounterBits: 4, Init: InitZero, Overflow: OverflowBorrow, MaxTick: 1<<48 - 1},
		{CounterBits: 12, Init: InitRandom, Overflow: OverflowBorrow, MaxTick: 1<<48 - 1},
		{CounterBits: 0, Overflow: OverflowBorrow, MaxTick: 1<<48 - 1},
	}
	for _, p := range policies {
		var one, batch State
		nows := []uint64{10, 10, 10, 9, 11, 11, 5, 30, 30, 30}
		for i, now := range nows {
			seed := Counter{Lo: uint64(i) * 0x9e3779b97f4a7c15}
			n := 1 + i%7
			tick, c, k, err := batch.NextN(&p, now, seed, n)
			if err != nil {
				t.Fatal(err)
			}
			if k < 1 || k > n {
				t.Fatalf("k = %d for n = %d", k, n)
			}
			for j := range k {
				wt, wc, err := one.Next(&p, now, seed)
				if err != nil {
					t.Fatal(err)
				}
				if wt != tick || wc != (Counter{Hi: c.Hi, Lo: c.Lo + uint64(j)}) {
					t.Fatalf("bits %d, call %d, ID %d of %d: batch (%d, %v), one by one (%d, %v)", p.CounterBits, i, j, k, tick, c.Lo+uint64(j), wt, wc)
				}
			}
		}
	}
}
