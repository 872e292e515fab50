package lease_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/idforge/idforge/lease"
)

// TestZeroLease holds a zero Lease and a nil *Lease, which Acquire did not
// make, to what Lease's documentation says: no node, a closed Done, and
// ErrNotAcquired from Err and Close, never a panic.
func TestZeroLease(t *testing.T) {
	for name, l := range map[string]*lease.Lease{"zero": new(lease.Lease), "nil": nil} {
		if n := l.Node(); n != 0 {
			t.Errorf("%s: Node() = %d, want 0", name, n)
		}
		if s := l.Space(); s != (lease.Space{}) {
			t.Errorf("%s: Space() = %v, want the zero Space", name, s)
		}
		if hw := l.HighWater(); hw != 0 {
			t.Errorf("%s: HighWater() = %d, want 0", name, hw)
		}
		select {
		case <-l.Done():
		default:
			t.Errorf("%s: Done() is not closed", name)
		}
		if err := l.Err(); !errors.Is(err, lease.ErrNotAcquired) {
			t.Errorf("%s: Err() = %v, want ErrNotAcquired", name, err)
		}
		if at := l.ValidUntil(); !at.IsZero() {
			t.Errorf("%s: ValidUntil() = %v, want the zero Time", name, at)
		}
		if err := l.Close(); !errors.Is(err, lease.ErrNotAcquired) {
			t.Errorf("%s: Close() = %v, want ErrNotAcquired", name, err)
		}
	}
}

// TestZeroMemory checks that the zero Memory is a working engine on the
// system clock, as NewMemory(nil) is: it leases, refuses a held node,
// keeps the high-water tick across holders, and renews and releases only
// for the holder.
func TestZeroMemory(t *testing.T) {
	var m lease.Memory
	ctx := context.Background()
	space := lease.Space{Layout: "tiny", NodeBits: 1}
	c := lease.Claim{Space: space, Node: 1, Holder: "a", TTL: time.Minute}
	if err := m.Renew(ctx, c, 5); !errors.Is(err, lease.ErrLeaseLost) {
		t.Errorf("Renew before any Acquire: %v, want ErrLeaseLost", err)
	}
	if err := m.Release(ctx, c, 5); !errors.Is(err, lease.ErrLeaseLost) {
		t.Errorf("Release before any Acquire: %v, want ErrLeaseLost", err)
	}
	n, hw, err := m.Acquire(ctx, c, 1)
	if err != nil || n != 1 || hw != 0 {
		t.Fatalf("Acquire = %d, %d, %v; want node 1, high-water 0", n, hw, err)
	}
	if _, _, err := m.Acquire(ctx, lease.Claim{Space: space, Node: 1, Holder: "b", TTL: time.Minute}, 1); !errors.Is(err, lease.ErrFull) {
		t.Errorf("Acquire of a held node: %v, want ErrFull", err)
	}
	if err := m.Renew(ctx, c, 7); err != nil {
		t.Errorf("Renew: %v", err)
	}
	if err := m.Release(ctx, c, 9); err != nil {
		t.Errorf("Release: %v", err)
	}
	if _, hw, err := m.Acquire(ctx, lease.Claim{Space: space, Node: 1, Holder: "b", TTL: time.Minute}, 1); err != nil || hw != 9 {
		t.Errorf("Acquire after Release = high-water %d, %v; want 9", hw, err)
	}

	// Through Acquire, as a program would use it.
	var m2 lease.Memory
	l, err := lease.Acquire(ctx, &m2, space, lease.WithNode(0))
	if err != nil {
		t.Fatal(err)
	}
	if l.Node() != 0 || l.Err() != nil {
		t.Errorf("lease of node %d, Err() = %v; want node 0, held", l.Node(), l.Err())
	}
	if err := l.Close(); err != nil {
		t.Errorf("Close: %v", err)
	}
}

// TestNoEngine checks that Acquire without an engine, or with one made
// from nil, fails with ErrNoEngine rather than panic.
func TestNoEngine(t *testing.T) {
	space := lease.Space{Layout: "tiny", NodeBits: 1}
	for name, e := range map[string]lease.Engine{
		"nil":           nil,
		"nil *Memory":   (*lease.Memory)(nil),
		"Postgres(nil)": lease.Postgres(nil),
		"Etcd(nil)":     lease.Etcd(nil),
	} {
		l, err := lease.Acquire(context.Background(), e, space)
		if !errors.Is(err, lease.ErrNoEngine) || l != nil {
			t.Errorf("Acquire with %s = %v, %v; want ErrNoEngine", name, l, err)
		}
		if e == nil {
			continue
		}
		c := lease.Claim{Space: space, Holder: "a", TTL: time.Second}
		if err := e.Renew(context.Background(), c, 1); !errors.Is(err, lease.ErrNoEngine) {
			t.Errorf("%s: Renew = %v, want ErrNoEngine", name, err)
		}
		if err := e.Release(context.Background(), c, 1); !errors.Is(err, lease.ErrNoEngine) {
			t.Errorf("%s: Release = %v, want ErrNoEngine", name, err)
		}
	}
}

// TestAcquireNilArguments checks that a nil context and a nil Option do
// not make Acquire panic, and that SpaceOf refuses a nil layout.
func TestAcquireNilArguments(t *testing.T) {
	//lint:ignore SA1012 the nil context is what is tested
	l, err := lease.Acquire(nil, lease.NewMemory(nil), lease.Space{Layout: "tiny", NodeBits: 1}, nil, lease.WithTTL(time.Minute))
	if err != nil {
		t.Fatal(err)
	}
	if err := l.Close(); err != nil {
		t.Error(err)
	}
	if _, err := lease.SpaceOf(nil); !errors.Is(err, lease.ErrSpace) {
		t.Errorf("SpaceOf(nil): %v, want ErrSpace", err)
	}
}
