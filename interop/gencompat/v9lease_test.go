package gencompat_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/idforge/idforge/interop/gencompat/v9/shardflake"
	"github.com/idforge/idforge/lease"
)

// notLease has a Node method, as shardflake.Lease asks, but is no lease of
// package lease.
type notLease struct{}

func (notLease) Node() uint64 { return 9 }

// Code generated for runtime version 9 takes a *lease.Lease in WithLease
// and reaches it through idrt.LeaseOf. The generator takes its node from
// the lease, binds to it (its first IDs above the node's high-water mark)
// and stops with lease.ErrLeaseLost once the lease is closed; a second
// holder of the node starts above the first's last ID. WithLease refuses
// nil, a nil *lease.Lease and any other value with ErrOption, as does
// NewGenerator a node other than the lease's.
func TestV9ShardflakeLease(t *testing.T) {
	space := lease.Space{Layout: "shardflake", Epoch: time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC), NodeBits: 10}
	ctx := context.Background()
	e := lease.NewMemory(nil)
	var last shardflake.ID
	for holder := range 2 {
		l, err := lease.Acquire(ctx, e, space, lease.WithNode(9))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := shardflake.NewGenerator(3, shardflake.WithLease(l)); !errors.Is(err, shardflake.ErrOption) {
			t.Fatalf("holder %d: NewGenerator(3) with a lease of node 9: %v, want ErrOption", holder, err)
		}
		g, err := shardflake.NewGenerator(0, shardflake.WithLease(l))
		if err != nil {
			t.Fatal(err)
		}
		for i := range 5000 {
			id, err := g.Next()
			if err != nil {
				t.Fatalf("holder %d, ID %d: %v", holder, i, err)
			}
			if id.Fields().Node != 9 {
				t.Fatalf("holder %d: node %d, want the lease's 9", holder, id.Fields().Node)
			}
			if id.Compare(last) <= 0 {
				t.Fatalf("holder %d, ID %d: %v is not above %v", holder, i, id, last)
			}
			last = id
		}
		if err := l.Close(); err != nil {
			t.Fatal(err)
		}
		if _, err := g.Next(); !errors.Is(err, lease.ErrLeaseLost) {
			t.Fatalf("holder %d: Next after Close: %v, want lease.ErrLeaseLost", holder, err)
		}
	}
	var failed *lease.Lease
	for _, v := range []shardflake.Lease{nil, failed, notLease{}} {
		if _, err := shardflake.NewGenerator(0, shardflake.WithLease(v)); !errors.Is(err, shardflake.ErrOption) {
			t.Errorf("WithLease(%#v): %v, want ErrOption", v, err)
		}
	}
}
