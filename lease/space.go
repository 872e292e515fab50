package lease

import (
	"errors"
	"fmt"
	"time"
)

// A Space is a set of node numbers that one layout's generators share: the
// layout's name, its epoch and the width of its node field. Two layouts
// that differ in any of them never share a lease.
type Space struct {
	Layout   string    // the layout's name, such as "snowflake"
	Epoch    time.Time // the layout's epoch
	NodeBits int       // the width of the node field, 1 to 63
}

// ErrSpace means a space that holds no node numbers, or a lease used with
// a generator of another space.
var ErrSpace = errors.New("lease: invalid space")

// Size returns how many node numbers the space holds: 2^NodeBits.
func (s Space) Size() uint64 { return 1 << s.NodeBits }

// String returns the space as the engines key it:
// "snowflake/2010-11-04T01:42:54.657Z/10".
func (s Space) String() string {
	return fmt.Sprintf("%s/%s/%d", s.Layout, s.Epoch.UTC().Format(time.RFC3339Nano), s.NodeBits)
}

// check returns ErrSpace for a space without a name or with a node width
// outside 1 to 63.
func (s Space) check() error {
	if s.Layout == "" || s.NodeBits < 1 || s.NodeBits > 63 {
		return fmt.Errorf("%w: %q with %d node bits", ErrSpace, s.Layout, s.NodeBits)
	}
	return nil
}
