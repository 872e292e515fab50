package interp_test

import (
	"context"
	"errors"
	"math/big"
	"testing"

	"github.com/idforge/idforge/interp"
	"github.com/idforge/idforge/layouts"
	"github.com/idforge/idforge/lease"
)

// WithLease takes a lease from package lease and nothing else: nil and a
// nil *lease.Lease (what a failed Acquire returns) are refused with
// ErrLease, as is a node given with WithFixed that is not the lease's.
func TestWithLeaseRefused(t *testing.T) {
	l, err := layouts.Builtin("sonyflake")
	if err != nil {
		t.Fatal(err)
	}
	space, err := lease.SpaceOf(l)
	if err != nil {
		t.Fatal(err)
	}
	var failed *lease.Lease
	for name, ls := range map[string]interp.Lease{"nil": nil, "a nil *lease.Lease": failed} {
		if _, err := interp.NewGenerator(l, interp.WithLease(ls)); !errors.Is(err, interp.ErrLease) {
			t.Errorf("WithLease(%s): %v, want ErrLease", name, err)
		}
	}
	ls, err := lease.Acquire(context.Background(), lease.NewMemory(nil), space, lease.WithNode(3))
	if err != nil {
		t.Fatal(err)
	}
	defer ls.Close()
	if _, err := interp.NewGenerator(l, interp.WithFixed(layouts.Node, big.NewInt(4)), interp.WithLease(ls)); !errors.Is(err, interp.ErrLease) {
		t.Errorf("node 4 given with a lease of node 3: %v, want ErrLease", err)
	}
	g, err := interp.NewGenerator(l, interp.WithLease(ls), interp.WithFixed(layouts.Node, big.NewInt(3)))
	if err != nil {
		t.Fatalf("the lease's own node given too: %v", err)
	}
	id, err := g.Next()
	if err != nil {
		t.Fatal(err)
	}
	if node, _ := interp.Role(l, id, layouts.Node); node.Int64() != 3 {
		t.Errorf("node %v, want the lease's 3", node)
	}
}
