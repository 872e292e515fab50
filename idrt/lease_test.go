package idrt

import (
	"errors"
	"math"
	"testing"
)

func TestFence(t *testing.T) {
	var f Fence
	for _, tick := range []uint64{0, 1, math.MaxUint64 - 1} {
		if !f.Allows(tick) {
			t.Errorf("the zero Fence refuses tick %d", tick)
		}
	}
	lost := errors.New("lost")
	f.Set(100, lost)
	if !f.Allows(99) || f.Allows(100) || f.Allows(101) {
		t.Errorf("Set(100): Allows(99, 100, 101) = %v, %v, %v; want true, false, false", f.Allows(99), f.Allows(100), f.Allows(101))
	}
	f.Set(0, errors.New("other"))
	if f.Allows(0) || f.Allows(math.MaxUint64) {
		t.Error("Set(0) allows a tick")
	}
	if f.Err() != lost {
		t.Errorf("Err = %v, want the first error set", f.Err())
	}
}

func TestSkipPast(t *testing.T) {
	p := &Policy{CounterBits: 12, Init: InitZero, Overflow: OverflowWait, MaxTick: 1<<41 - 1}
	var s State
	s.SkipPast(p, 1000)
	if _, _, err := s.Next(p, 1000, Counter{}); !errors.Is(err, ErrExhausted) {
		t.Fatalf("Next on the skipped tick: %v, want ErrExhausted", err)
	}
	if tick, c, err := s.Next(p, 1001, Counter{}); err != nil || tick != 1001 || c.Lo != 0 {
		t.Fatalf("Next on the tick after: %d, %d, %v; want 1001, 0, nil", tick, c.Lo, err)
	}
	s.SkipPast(p, 500) // behind the last ID: no change
	if tick, c, err := s.Next(p, 1001, Counter{}); err != nil || tick != 1001 || c.Lo != 1 {
		t.Fatalf("after SkipPast(500): %d, %d, %v; want 1001, 1, nil", tick, c.Lo, err)
	}
}
