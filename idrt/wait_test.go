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
		got, err := WaitPast(10, c.read, time.Hour, time.Hour)
		if got != 11 || err != nil || c.reads.Load() != 1 {
			t.Errorf("WaitPast = %d, %v after %d reads; want 11, nil after 1", got, err, c.reads.Load())
		}
	})
	t.Run("advancing", func(t *testing.T) {
		c := &fakeClock{step: 1}
		c.now.Store(5)
		begin := time.Now()
		got, err := WaitPast(10, c.read, 40*time.Microsecond, time.Second)
		if got != 11 || err != nil {
			t.Errorf("WaitPast = %d, %v; want 11, nil", got, err)
		}
		if n := c.reads.Load(); n != 7 {
			t.Errorf("%d clock reads, want 7", n)
		}
		// Within its first two ticks WaitPast yields rather than sleeps.
		if d := time.Since(begin); d > 500*time.Millisecond {
			t.Errorf("took %v for 6 readings", d)
		}
	})
	t.Run("backwards then recovers", func(t *testing.T) {
		c := &fakeClock{}
		c.now.Store(3)
		go func() {
			time.Sleep(5 * time.Millisecond)
			c.now.Store(1000)
		}()
		got, err := WaitPast(500, c.read, 100*time.Microsecond, 5*time.Second)
		if got != 1000 || err != nil {
			t.Errorf("WaitPast = %d, %v; want 1000, nil", got, err)
		}
	})
	t.Run("frozen", func(t *testing.T) {
		c := &fakeClock{}
		c.now.Store(10)
		begin := time.Now()
		got, err := WaitPast(10, c.read, 4*time.Millisecond, 20*time.Millisecond)
		d := time.Since(begin)
		if !errors.Is(err, ErrClockBackwards) || got != 10 {
			t.Errorf("WaitPast = %d, %v; want 10, ErrClockBackwards", got, err)
		}
		if d < 20*time.Millisecond || d > 2*time.Second {
			t.Errorf("gave up after %v, want about 20ms", d)
		}
		// It yields through the first two ticks (8ms), then naps.
		if n := c.reads.Load(); n < 2 {
			t.Errorf("%d clock reads in 20ms", n)
		}
	})
	t.Run("no wait", func(t *testing.T) {
		c := &fakeClock{step: 1}
		c.now.Store(10)
		for _, maxWait := range []time.Duration{0, -time.Second} {
			got, err := WaitPast(10, c.read, time.Millisecond, maxWait)
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
			got, err := WaitPast(1000, c.read, tick, 10*time.Second)
			if got != 1001 || err != nil {
				t.Errorf("tick %v: WaitPast = %d, %v; want 1001, nil", tick, got, err)
			}
		}
	})
	t.Run("nil clock", func(t *testing.T) {
		if _, err := WaitPast(1, nil, time.Millisecond, time.Second); err == nil {
			t.Error("no error")
		}
	})
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
			if now, err = WaitPast(tick, c.read, time.Microsecond, time.Second); err != nil {
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
	now, err := WaitPast(10, clock, time.Millisecond, 20*time.Millisecond)
	if err != nil || now != 11 {
		t.Fatalf("WaitPast after a pause: %d, %v; want 11, nil", now, err)
	}
}
