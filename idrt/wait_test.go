package idrt

import (
	"errors"
	"sync/atomic"
	"testing"
	"time"
)

// fakeClock is a tick clock that advances by step at every reading.
type fakeClock struct {
	now   atomic.Uint64
	step  uint64
	reads atomic.Int64
}

func (c *fakeClock) read() uint64 {
	c.reads.Add(1)
	return c.now.Add(c.step) - c.step
}

func TestWaitPast(t *testing.T) {
	t.Run("already past", func(t *testing.T) {
		c := &fakeClock{}
		c.now.Store(11)
		got, err := waitPast(10, c.read, time.Hour, time.Hour)
		if got != 11 || err != nil || c.reads.Load() != 1 {
			t.Errorf("WaitPast = %d, %v after %d reads; want 11, nil after 1", got, err, c.reads.Load())
		}
	})
	t.Run("advancing", func(t *testing.T) {
		c := &fakeClock{step: 1}
		c.now.Store(5)
		got, err := waitPast(10, c.read, 40*time.Microsecond, time.Hour)
		if got != 11 || err != nil {
			t.Errorf("WaitPast = %d, %v; want 11, nil", got, err)
		}
		if n := c.reads.Load(); n != 7 {
			t.Errorf("%d clock reads, want 7", n)
		}
	})
	t.Run("backwards then recovers", func(t *testing.T) {
		c := &fakeClock{}
		c.now.Store(3)
		go func() {
			time.Sleep(5 * time.Millisecond)
			c.now.Store(1000)
		}()
		got, err := waitPast(500, c.read, 100*time.Microsecond, 5*time.Second)
		if got != 1000 || err != nil {
			t.Errorf("WaitPast = %d, %v; want 1000, nil", got, err)
		}
	})
	t.Run("frozen", func(t *testing.T) {
		c := &fakeClock{}
		c.now.Store(10)
		begin := time.Now()
		got, err := waitPast(10, c.read, 4*time.Millisecond, 20*time.Millisecond)
		d := time.Since(begin)
		if !errors.Is(err, ErrClockStalled) || !errors.Is(err, ErrClockBackwards) || got != 10 {
			t.Errorf("WaitPast = %d, %v; want 10, ErrClockStalled (and so ErrClockBackwards)", got, err)
		}
		// A timer never fires early, so the wait lasts at least maxWait;
		// how much longer depends on the machine's load, so no upper bound.
		if d < 20*time.Millisecond {
			t.Errorf("gave up after %v, want 20ms at least", d)
		}
		if n := c.reads.Load(); n < 2 {
			t.Errorf("%d clock reads in 20ms", n)
		}
	})
	t.Run("no wait", func(t *testing.T) {
		c := &fakeClock{step: 1}
		c.now.Store(10)
		for _, maxWait := range []time.Duration{0, -time.Second} {
			got, err := waitPast(10, c.read, time.Millisecond, maxWait)
			if !errors.Is(err, ErrClockBackwards) || got < 10 {
				t.Errorf("maxWait %v: WaitPast = %d, %v", maxWait, got, err)
			}
			c.now.Store(10)
		}
	})
	t.Run("zero tick yields", func(t *testing.T) {
		c := &fakeClock{step: 1}
		for _, tick := range []time.Duration{0, 3, -time.Second} {
			c.now.Store(0)
			got, err := waitPast(1000, c.read, tick, 10*time.Second)
			if got != 1001 || err != nil {
				t.Errorf("tick %v: WaitPast = %d, %v; want 1001, nil", tick, got, err)
			}
		}
	})
	t.Run("nil clock", func(t *testing.T) {
		if _, err := waitPast(1, nil, time.Millisecond, time.Second); err == nil {
			t.Error("no error")
		}
	})
}

// With its own sleep a wait measures its time by the sleeps: a fake clock
// that the sleeps move on makes it exact, however slow the machine.
func TestWaitSleep(t *testing.T) {
	const tick = time.Millisecond
	var slept time.Duration
	var naps int
	clock := func() uint64 { return 100 + uint64(slept/tick) }
	w := Wait{Tick: tick, Max: time.Second, Sleep: func(d time.Duration) { slept += d; naps++ }}
	got, err := w.Past(100, clock)
	if got != 101 || err != nil || naps != 4 || slept != tick {
		t.Errorf("Past = %d, %v after %d naps (%v); want 101, nil after 4 naps of a quarter tick", got, err, naps, slept)
	}

	// A clock that never moves: the wait ends after exactly Max of sleeps.
	slept, naps = 0, 0
	frozen := func() uint64 { return 100 }
	got, err = w.Past(100, frozen)
	if got != 100 || slept != time.Second || naps != 4000 {
		t.Errorf("frozen: Past = %d after %d naps (%v); want 100 after 4000 naps (1s)", got, naps, slept)
	}
	var ce *ClockError
	if !errors.As(err, &ce) || ce.Waited != time.Second || !errors.Is(err, ErrClockStalled) {
		t.Errorf("frozen: err = %v, want a *ClockError of 1s matching ErrClockStalled", err)
	}
}

// A clock that stood still and one that is behind give different errors,
// both matching ErrClockBackwards, which callers check today.
func TestWaitStalledOrBackwards(t *testing.T) {
	nap := func(time.Duration) {}
	w := Wait{Tick: time.Millisecond, Max: 10 * time.Millisecond, Sleep: nap}
	for _, c := range []struct {
		name    string
		reading uint64
		stalled bool
		text    string
	}{
		{"stood still", 50, true, "the clock did not advance for 10ms (it stayed on tick 50)"},
		{"behind", 47, false, "the clock is 3 ticks behind the last one used after a wait of 10ms"},
	} {
		_, err := w.Past(50, func() uint64 { return c.reading })
		if !errors.Is(err, ErrClockBackwards) {
			t.Errorf("%s: %v does not match ErrClockBackwards", c.name, err)
		}
		if errors.Is(err, ErrClockStalled) != c.stalled {
			t.Errorf("%s: errors.Is(%v, ErrClockStalled) = %v, want %v", c.name, err, !c.stalled, c.stalled)
		}
		if err.Error() != c.text {
			t.Errorf("%s: %q, want %q", c.name, err, c.text)
		}
	}
	// ErrClockStalled itself, and a sentinel made by ErrorOf, match their kind.
	if !errors.Is(ErrClockStalled, ErrClockBackwards) || errors.Is(ErrClockBackwards, ErrClockStalled) {
		t.Error("ErrClockStalled must match ErrClockBackwards, and not the other way round")
	}
}

// TestWaitPastWithNext runs the OverflowWait loop a generated Snowflake
// generator runs: Next, and on ErrExhausted WaitPast then Next again.
func TestWaitPastWithNext(t *testing.T) {
	p := Policy{CounterBits: 2, Init: InitZero, Overflow: OverflowWait, MaxTick: 1<<41 - 1}
	c := &fakeClock{}
	c.now.Store(100)
	var s State
	var prevT uint64
	var prevC Counter
	for i := range 100 {
		now := c.read()
		tick, ctr, err := s.Next(&p, now, Counter{})
		for errors.Is(err, ErrExhausted) {
			c.now.Add(1) // the clock moves on while we wait
			if now, err = waitPast(tick, c.read, time.Microsecond, time.Second); err != nil {
				t.Fatal(err)
			}
			tick, ctr, err = s.Next(&p, now, Counter{})
		}
		if err != nil {
			t.Fatal(err)
		}
		if i > 0 && !greater(tick, ctr, prevT, prevC) {
			t.Fatalf("(%d, %x) after (%d, %x)", tick, ctr, prevT, prevC)
		}
		prevT, prevC = tick, ctr
	}
	if prevT != 124 || prevC != lo(3) {
		t.Errorf("100 IDs at 4 per tick from tick 100 ended at (%d, %x), want (124, 3)", prevT, prevC)
	}
}

// A process paused between a reading of the clock and the check of the
// time left finds the clock past the tick when it resumes: no
// ErrClockBackwards for a clock that moved on.
func TestWaitPastAfterPause(t *testing.T) {
	reads := 0
	clock := func() uint64 {
		reads++
		if reads == 2 {
			time.Sleep(50 * time.Millisecond) // paused right after this reading
			return 10
		}
		if reads > 2 {
			return 11
		}
		return 10
	}
	now, err := waitPast(10, clock, time.Millisecond, 20*time.Millisecond)
	if err != nil || now != 11 {
		t.Fatalf("WaitPast after a pause: %d, %v; want 11, nil", now, err)
	}
}

// waitPast is a Wait with the system's sleep, as a generator without
// WithSleep has.
func waitPast(last uint64, clock func() uint64, tick, maxWait time.Duration) (uint64, error) {
	return Wait{Tick: tick, Max: maxWait}.Past(last, clock)
}
