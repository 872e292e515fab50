package portable

import (
	"fmt"
	"math/big"

	"github.com/idforge/idforge/layouts"
)

// OrderDoc says, in a sentence or two for a generator's doc, how the IDs a
// generator of the plan makes are ordered.
func OrderDoc(p *Plan) string {
	switch {
	case p.Clock == nil:
		return "Each ID is fresh random bits around the layout's fixed ones."
	case p.Counter != nil && p.Counter.V.Init == layouts.InitRunning:
		return fmt.Sprintf("Its counter runs on across ticks, wrapping around: its IDs are unique while it makes fewer than 2^%d within a tick, but not ordered.", p.Counter.Width)
	case p.L.Monotonic():
		return "Each ID it makes is greater than the last, even when the clock stands still or goes back."
	}
	return "Its IDs carry the time and random bits; they are not ordered within a tick."
}

// NextDoc says how a generator's next makes its ID, where the layout's
// counter or clock sequence needs saying, or returns "".
func NextDoc(p *Plan) string {
	switch {
	case p.Counter != nil && p.Counter.V.Init != layouts.InitRunning:
		how := "borrows the next tick, running ahead of the clock until it catches up"
		if p.Counter.V.Overflow == layouts.OverflowWait {
			how = "waits for the clock's next tick"
		}
		return fmt.Sprintf("Within a tick a %d-bit counter, starting %s, orders the IDs; when it runs out the generator %s. When the clock goes back it stays on its last tick.", p.Counter.Width, initDoc(p.Counter.V.Init), how)
	case p.ClockSeq != nil:
		return "Each ID takes a tick of its own: the clock's, or the one after the last ID's when the clock has not passed it."
	}
	return ""
}

// NodeSet reports whether a generator sets every ID's node itself: one the
// layout requires it to be given, or a MAC-style one it draws once.
func (p *Plan) NodeSet() bool { return p.Node != nil && (p.NeedsNode || p.Node.V.MAC) }

// Drawn returns the bits of an ID that a generator takes as they are from
// the random bits it draws for each ID: all but the constants, the time and
// counter where there is a clock, the clock sequence, random bits drawn
// once, and a node the generator sets (NodeSet).
func (p *Plan) Drawn() *big.Int {
	keep := new(big.Int).AndNot(p.Max, p.ConstMask)
	drop := func(r *Role) {
		if r != nil {
			keep.AndNot(keep, RoleMask(r))
		}
	}
	if p.Clock != nil {
		drop(p.Time)
		drop(p.Counter)
	}
	drop(p.ClockSeq)
	if p.Random != nil && p.Random.V.Once {
		drop(p.Random)
	}
	if p.NodeSet() {
		drop(p.Node)
	}
	return keep
}

// Untimed returns the bits of an ID that are neither constant nor time: what
// MaxAt sets and MinAt clears.
func (p *Plan) Untimed() *big.Int {
	others := new(big.Int).AndNot(p.Max, p.ConstMask)
	return others.AndNot(others, RoleMask(p.Time))
}

// initDoc says where a counter of the given start begins each tick.
func initDoc(i layouts.Init) string {
	switch i {
	case layouts.InitZero:
		return "at zero"
	case layouts.InitSeeded:
		return "at random bits with its top bit clear"
	}
	return "at random bits"
}

// Below returns the parts of runs that hold a value's bits below bit n: for
// a counter seeded with its top bit clear, the random bits it takes.
func Below(runs []Run, n int) []Run {
	var out []Run
	for _, r := range runs {
		if r.Lo+r.Width > n {
			r.Width = n - r.Lo
		}
		if r.Width > 0 {
			out = append(out, r)
		}
	}
	return out
}
