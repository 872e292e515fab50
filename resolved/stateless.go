package resolved

import "github.com/idforge/idforge/layouts"

// MinStatelessBits is the fewest random bits a layout must draw afresh
// for each ID for a generator without state (SQL's P_new) to make it:
// each call draws them anew, so IDs of one tick are unique only by chance
// (the birthday bound: with 60 bits, a million IDs in one tick collide
// with a chance of about 4e-7). Mastodon's 16-bit sequence would collide
// at a few dozen IDs a millisecond, as idforge verify found.
const MinStatelessBits = 60

// Stateless reports whether IDs of the layout can be made without
// per-node state, as every SQL dialect's P_new makes them: no node, clock
// sequence, digest or bits chosen once, a counter, if any, that starts at
// random each tick, and at least MinStatelessBits random bits, so that
// IDs of one tick do not collide.
func (r *Layout) Stateless() bool {
	if r.Node != nil || r.ClockSeq != nil || r.Hash != nil {
		return false
	}
	if r.Random != nil && r.Random.Once {
		return false
	}
	if c := r.Counter; c != nil && c.Init != layouts.InitSeeded && c.Init != layouts.InitRandom {
		return false
	}
	return r.RandomBits() >= MinStatelessBits
}
