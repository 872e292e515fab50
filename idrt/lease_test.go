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
