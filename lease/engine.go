package lease

import (
	"context"
	"errors"
	"fmt"
	"time"
)

// Errors of leases and engines. Match them with errors.Is.
var (
	// ErrLeaseLost means the lease is no longer held: it lapsed (no renewal
	// was confirmed before the deadline), the engine gave the node to
	// another holder, or it was closed. A generator bound to it returns it
	// for every ID from then on.
	ErrLeaseLost = errors.New("lease: lease lost")
	// ErrFull means every node of the space was held for as long as
	// Acquire waited. The error names the space and its size.
	ErrFull = errors.New("lease: no free node")
	// ErrClockBehind means the generator's clock is behind the node's
	// high-water tick by more than its layout allows, for longer than
	// WithClockWait.
	ErrClockBehind = errors.New("lease: clock behind the node's high-water mark")
	// ErrNoEngine means Acquire was given no engine: a nil Engine, a nil
	// *Memory, or the engine of Postgres(nil) or Etcd(nil).
	ErrNoEngine = errors.New("lease: no engine")
	// ErrNotAcquired means a Lease that Acquire did not make: a zero
	// Lease, or a nil *Lease, which holds no node.
	ErrNotAcquired = errors.New("lease: not a lease Acquire made")
)

// noEngine is the engine of Postgres(nil) and Etcd(nil): every call fails
// with an error matching ErrNoEngine that says which.
type noEngine struct{ what string }

func (e noEngine) err() error { return fmt.Errorf("%w: %s", ErrNoEngine, e.what) }

func (e noEngine) Acquire(context.Context, Claim, uint64) (uint64, uint64, error) {
	return 0, 0, e.err()
}

func (e noEngine) Renew(context.Context, Claim, uint64) error { return e.err() }

func (e noEngine) Release(context.Context, Claim, uint64) error { return e.err() }

// A Claim is what a holder asks an engine for: a node of a space, held by
// an identity for a time to live.
type Claim struct {
	Space  Space
	Node   uint64 // the node held; for Acquire, the first node tried
	Holder string // the holder's identity, unique to this lease
	TTL    time.Duration
	// Skew is the clock-skew bound the holder states: an engine keeps a
	// node whose lease expired (rather than being released) from every
	// holder until TTL + Skew after the expiry, its quarantine. Acquire
	// sets it from WithSkew (DefaultSkew unless changed).
	Skew time.Duration
}

// An Engine keeps leases on a server whose clock alone decides when they
// end. Each method is one atomic step on the server. Engines are safe for
// concurrent use.
type Engine interface {
	// Acquire takes the first node that is free (never held, released, or
	// past its expiry plus its quarantine, its last holder's TTL + Skew, on
	// the engine's clock) among span nodes counted up
	// from c.Node, wrapping around the space, and holds it for c.Holder
	// until c.TTL from now on the engine's clock. It returns the node and
	// the high-water tick the node's last holder recorded (0 if none), or
	// an error matching ErrFull when none of them is free.
	Acquire(ctx context.Context, c Claim, span uint64) (node, highWater uint64, err error)
	// Renew extends c's lease to c.TTL from now on the engine's clock and
	// raises the node's high-water tick to highWater, if c.Holder still
	// holds c.Node and the lease has not expired; otherwise it returns an
	// error matching ErrLeaseLost and changes nothing.
	Renew(ctx context.Context, c Claim, highWater uint64) error
	// Release ends c's lease at once and sets the node's high-water tick
	// to highWater, if c.Holder still holds c.Node; otherwise it returns an
	// error matching ErrLeaseLost. The holder knows its last tick exactly
	// once it has stopped, so this may lower the mark that its renewals
	// raised ahead of its IDs.
	Release(ctx context.Context, c Claim, highWater uint64) error
}
