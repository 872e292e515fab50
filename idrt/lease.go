package idrt

import (
	"errors"
	"fmt"
	"sync/atomic"
	"time"
)

// Lease is a node number held for a limited time, as a generated generator
// takes it (its WithLease option) in place of a fixed node: what a generator
// needs from a lease of package github.com/idforge/idforge/lease, which
// holds them on PostgreSQL, etcd and memory. LeaseOf returns the Lease of
// such a lease: a generated WithLease takes the *lease.Lease itself and
// calls it.
type Lease interface {
	// Node returns the node number held.
	Node() uint64
	// Bind ties the lease to the one generator that issues IDs under it,
	// described by b, and returns the previous holder's high-water tick:
	// the generator must make every ID on a later tick
	// (State.ResumePast). From then on the lease keeps b.Fence up to
	// date: the generator checks it before it hands out each ID, and the
	// lease records the generator's progress (b.Last) as the node's
	// high-water mark when it renews.
	Bind(b *Binding) (above uint64, err error)
}

// Binding describes a generator to the lease it issues IDs under.
type Binding struct {
	Layout   string // the layout's name: with its epoch and node width it names the lease's space
	NodeBits int    // the width of the layout's node field
	// Fence is the generator's fence, which it checks before each ID.
	Fence *Fence
	// Clock reads the generator's clock.
	Clock func() time.Time
	// Ticks converts a time to the layout's ticks since its epoch, and
	// TimeOf a tick back to the instant it starts (TimeOf(0) is the epoch).
	Ticks  func(time.Time) (uint64, error)
	TimeOf func(tick uint64) time.Time
	// Last returns the tick of the last ID made, if any (State.Last).
	Last func() (tick uint64, ok bool)
	// Behind is how many ticks the generator's clock may be behind the
	// previous holder's high-water tick and still make IDs, above that
	// tick, which the generator resumes above at once (State.ResumePast);
	// for a clock further behind, the lease waits or refuses the binding.
	// 0 means any number.
	Behind uint64
}

// Fence is the limit a lease puts on a generator: the generator hands out an
// ID only if the ID's tick is below the limit, which the lease moves on as
// it renews and sets to zero when it loses the node. The zero Fence has no
// limit. A Fence must not be copied after first use.
type Fence struct {
	inv atomic.Uint64 // the complement of the first tick refused, so that zero means no limit
	err error         // what Err returns; set before the first Set, which publishes it
}

// Allows reports whether an ID on tick may be handed out: one atomic load
// and a compare.
func (f *Fence) Allows(tick uint64) bool {
	return tick < ^f.inv.Load()
}

// Set makes the fence refuse every tick at or after limit (all of them for
// 0), and sets the error Err returns. Only the lease calls it.
func (f *Fence) Set(limit uint64, err error) {
	if f.err == nil {
		f.err = err
	}
	f.inv.Store(^limit)
}

// Err returns the error a generator returns for an ID the fence refuses.
func (f *Fence) Err() error {
	return f.err
}

// ErrNotLease is matched by the error of LeaseOf for a value that is not a
// lease of package github.com/idforge/idforge/lease: nil, a nil pointer, or
// a value of another type.
var ErrNotLease = errors.New("not a node lease")

// leasesOf is the function package lease registers (RegisterLeases).
var leasesOf atomic.Pointer[func(v any) (Lease, bool)]

// RegisterLeases is for package github.com/idforge/idforge/lease, which
// calls it in an init function: of returns the Lease of a value that is one
// of its leases, and false for any other value; for a nil pointer of its
// lease type it returns a nil Lease and true. A later call replaces an
// earlier one.
func RegisterLeases(of func(v any) (l Lease, ok bool)) {
	leasesOf.Store(&of)
}

// LeaseOf returns the Lease of v, a node lease of package
// github.com/idforge/idforge/lease (the *lease.Lease that lease.Acquire
// returns), through which a generator binds to it. For nil, a nil
// *lease.Lease (what a failed Acquire returns) and any value that is not
// such a lease it returns an error matching ErrNotLease that says which.
//
// Generated generators call it for their WithLease option.
func LeaseOf(v any) (Lease, error) {
	if v == nil {
		return nil, fmt.Errorf("%w: none given (nil)", ErrNotLease)
	}
	if of := leasesOf.Load(); of != nil {
		if l, ok := (*of)(v); ok {
			if l == nil {
				return nil, fmt.Errorf("%w: a nil %T (did lease.Acquire fail?)", ErrNotLease, v)
			}
			return l, nil
		}
	}
	return nil, fmt.Errorf("%w: a %T, not a lease from package github.com/idforge/idforge/lease (lease.Acquire)", ErrNotLease, v)
}
