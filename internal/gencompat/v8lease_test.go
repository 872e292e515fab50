package gencompat_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/idforge/idforge/idrt"
	"github.com/idforge/idforge/internal/gencompat/v8/shardflake"
	"github.com/idforge/idforge/lease"
)

// Code generated for runtime version 8 takes an idrt.Lease in WithLease,
// which a *lease.Lease no longer is: idrt.LeaseOf adapts one. The v8
// generator takes its node from the lease, binds to it (its first IDs above
// the node's high-water mark) and stops with lease.ErrLeaseLost once the
// lease is closed; a second holder of the node starts above the first's
// last ID. LeaseOf refuses nil and a nil *lease.Lease.
func TestV8ShardflakeLease(t *testing.T) {
	space := lease.Space{Layout: "shardflake", Epoch: time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC), NodeBits: 10}
	ctx := context.Background()
	e := lease.NewMemory(nil)
	var last shardflake.ID
	for holder := range 2 {
		l, err := lease.Acquire(ctx, e, space, lease.WithNode(9))
		if err != nil {
			t.Fatal(err)
		}
		il, err := idrt.LeaseOf(l)
		if err != nil {
			t.Fatal(err)
		}
		g, err := shardflake.NewGenerator(0, shardflake.WithLease(il))
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
	for _, v := range []any{nil, failed, "not a lease"} {
		if _, err := idrt.LeaseOf(v); !errors.Is(err, idrt.ErrNotLease) {
			t.Errorf("LeaseOf(%#v): %v, want ErrNotLease", v, err)
		}
	}
}
