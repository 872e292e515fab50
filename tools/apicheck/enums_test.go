package apicheck

import (
	"testing"

	"github.com/idforge/idforge/idrt"
	"github.com/idforge/idforge/layouts"
)

// The model (layouts) keeps its own counter starts and overflows, so that
// its stable API names no type of the runtime (idrt); the emitters and the
// interpreter map them to the runtime's. The two must not drift apart:
// each start and overflow has the same value and the same spec word in
// both, and neither has one the other lacks.
func TestEnumsAgree(t *testing.T) {
	for i := range 256 {
		l, r := layouts.Init(i).String(), idrt.Init(i).String()
		if l != r {
			t.Errorf("Init %d is %q in layouts and %q in idrt", i, l, r)
		}
		l, r = layouts.Overflow(i).String(), idrt.Overflow(i).String()
		if l != r {
			t.Errorf("Overflow %d is %q in layouts and %q in idrt", i, l, r)
		}
	}
	inits := map[layouts.Init]idrt.Init{
		layouts.InitZero: idrt.InitZero, layouts.InitSeeded: idrt.InitSeeded,
		layouts.InitRandom: idrt.InitRandom, layouts.InitRunning: idrt.InitRunning,
	}
	for l, r := range inits {
		if uint8(l) != uint8(r) {
			t.Errorf("layouts.%v is %d, idrt.%v %d", l, l, r, r)
		}
	}
	overflows := map[layouts.Overflow]idrt.Overflow{
		layouts.OverflowWait: idrt.OverflowWait, layouts.OverflowBorrow: idrt.OverflowBorrow, layouts.OverflowWrap: idrt.OverflowWrap,
	}
	for l, r := range overflows {
		if uint8(l) != uint8(r) {
			t.Errorf("layouts.%v is %d, idrt.%v %d", l, l, r, r)
		}
	}
}
