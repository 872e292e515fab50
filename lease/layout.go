package lease

import (
	"fmt"

	"github.com/idforge/idforge/layouts"
)

// SpaceOf returns the space of a layout's node numbers. It returns ErrSpace
// for a nil layout, a layout with no time or no node field, or one with a
// node that is a MAC address (UUIDv1 and v6 default to a random one).
func SpaceOf(l *layouts.Layout) (Space, error) {
	if l == nil {
		return Space{}, fmt.Errorf("%w: no layout (a nil *layouts.Layout)", ErrSpace)
	}
	node, hasNode := l.Value(layouts.Node)
	tv, hasTime := l.Value(layouts.Time)
	if !hasNode || !hasTime || node.MAC {
		return Space{}, fmt.Errorf("%w: layout %s has no node field to lease (or only a MAC-style one)", ErrSpace, l.Name)
	}
	s := Space{Layout: l.Name, Epoch: tv.Epoch, NodeBits: node.Width}
	return s, s.check()
}
