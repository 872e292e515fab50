package portable

import "github.com/idforge/idforge/lease"

// LeaseSpace returns the key of the node space that leases of the layout
// are taken from, as Go's lease.Space.String() writes it
// ("snowflake/2010-11-04T01:42:54.657Z/10"), and the width of its node,
// so that the lease clients of every language take their rows from the
// same space as Go's. ok is false for a layout without a node and a time,
// or with a MAC-style node, which lease.SpaceOf refuses.
func LeaseSpace(p *Plan) (key string, nodeBits int, ok bool) {
	s, err := lease.SpaceOf(p.L)
	if err != nil {
		return "", 0, false
	}
	return s.String(), s.NodeBits, true
}
