package lease

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"sync"
	"time"

	"github.com/idforge/idforge/idrt"
)

// DefaultTTL is a lease's time to live unless WithTTL says otherwise.
const DefaultTTL = 10 * time.Second

// DefaultSkew is the clock-skew bound unless WithSkew says otherwise: a node
// whose lease expired goes to no one until a TTL plus this after the
// expiry. It is the SQL lease functions' default too.
const DefaultSkew = time.Second

// Lease is one node of a Space, held from an Engine. It renews itself in the
// background about every TTL/3 (see WithTTL) until it is closed or lost. A generated generator
// takes it in place of a fixed node (snowflake.WithLease, for example), as
// does the interpreter's (interp.WithLease). Its methods are safe for
// concurrent use.
//
// A Lease is made by Acquire. A zero Lease, and a nil *Lease, hold no
// node: Node and HighWater return 0, Space the zero Space, Done a closed
// channel, ValidUntil the zero Time, and Err and Close an error matching
// ErrNotAcquired.
type Lease struct {
	engine    Engine
	claim     Claim
	margin    time.Duration
	clockWait time.Duration
	above     uint64 // the previous holder's high-water tick
	mono      func() time.Duration
	renewIn   func(ttl time.Duration) time.Duration // the wait from a confirmed renewal to the next

	mu       sync.Mutex    // guards the fields below, and orders renewals
	deadline time.Duration // on mono: the last confirmed expiry minus the margin
	renewAt  time.Duration // on mono: when the next renewal is due
	reserved uint64        // the high-water tick the engine last confirmed
	bound    *idrt.Binding // the generator, once bind is called
	limit    uint64        // the first tick the bound generator's fence refuses
	refused  error         // the error of an ID the generator's fence refuses
	err      error         // why the lease was lost; nil while held
	done     chan struct{} // closed when the lease is lost or closed

	stop    context.CancelFunc // stops the renewer
	stopped chan struct{}      // closed when the renewer has returned
}

// options are Acquire's settings.
type options struct {
	ttl, margin, clockWait time.Duration
	skew                   time.Duration
	holder                 string
	node                   uint64
	exact                  bool
	mono                   func() time.Duration
	manual                 bool                                  // no renewer goroutine: the simulation drives step
	start                  func(size uint64) uint64              // where to start looking for a free node; randomNode if nil
	renewIn                func(ttl time.Duration) time.Duration // when the next renewal is due; renewJitter if nil
}

// An Option changes how Acquire leases a node.
type Option func(*options)

// WithTTL sets the lease's time to live (default DefaultTTL, 10s): how long
// after its last confirmed renewal the engine keeps the node for a holder
// that went silent. A shorter TTL frees a crashed holder's node sooner and
// costs more renewals. The holder renews about every TTL/3: between TTL/4
// and 5/12 of the TTL after its last confirmed renewal, at random, so that
// holders that began together (a fleet's pods started at once) do not all
// renew at the same moment.
func WithTTL(d time.Duration) Option { return func(o *options) { o.ttl = d } }

// WithMargin sets the safety margin (default TTL/5): the holder stops
// handing out IDs this long before the engine would let the node go. It
// must cover the holder's scheduling delays and any difference in rate
// between its clock and the engine's.
func WithMargin(d time.Duration) Option { return func(o *options) { o.margin = d } }

// WithSkew sets the clock-skew bound (default DefaultSkew, 1s): how far
// the holder's clocks may be off the engine's, in rate over a TTL and in
// the delay between a holder's last check of its lease and the last ID it
// hands out. When the lease expires instead of being released (the holder
// crashed, paused or lost the engine), the engine quarantines the node: no
// one gets it until the TTL plus this bound after the expiry. A node
// released by Close is free at once. It must not be negative.
func WithSkew(d time.Duration) Option { return func(o *options) { o.skew = d } }

// WithHolder sets the identity recorded in the engine (default the host
// name, the process ID and random bits). It must be unique to each lease.
func WithHolder(name string) Option { return func(o *options) { o.holder = name } }

// WithNode makes Acquire take this node only, waiting for it to be free,
// instead of any free node.
func WithNode(n uint64) Option { return func(o *options) { o.node, o.exact = n, true } }

// WithClockWait sets how long the generator made with the lease (its
// NewGenerator) waits for its clock to come within the layout's bound of
// the node's high-water tick before it fails with ErrClockBehind (default
// 0: it fails at once).
func WithClockWait(d time.Duration) Option { return func(o *options) { o.clockWait = d } }

// init tells package idrt which values are leases, so that generated
// generators, which know nothing of this package, take a *Lease in
// WithLease and bind to it (idrt.LeaseOf).
func init() {
	idrt.RegisterLeases(func(v any) (idrt.Lease, bool) {
		switch v := v.(type) {
		case *Lease:
			if v == nil {
				return nil, true
			}
			return binder{v}, true
		case binder:
			return v, true
		}
		return nil, false
	})
}

// binder is a Lease as package idrt sees it: its node, and bind.
type binder struct{ l *Lease }

func (b binder) Node() uint64                         { return b.l.Node() }
func (b binder) Bind(x *idrt.Binding) (uint64, error) { return b.l.bind(x) }

// systemMono reads the system's monotonic clock, as a duration since the
// process started using it.
func systemMono() func() time.Duration {
	start := time.Now()
	return func() time.Duration { return time.Since(start) }
}

// Acquire leases a free node of space from e. When every node is held it
// retries until ctx is done, then returns an error matching ErrFull that
// names the space and its size; with no deadline on ctx and every node held
// it waits until one is free or ctx is cancelled. The lease renews itself
// until Close. A nil e is an error matching ErrNoEngine; a nil ctx is taken
// as context.Background(), and a nil Option is ignored.
func Acquire(ctx context.Context, e Engine, space Space, opts ...Option) (*Lease, error) {
	if ctx == nil {
		ctx = context.Background()
	}
	if e == nil {
		return nil, fmt.Errorf("%w: Acquire with a nil Engine", ErrNoEngine)
	}
	if err := space.check(); err != nil {
		return nil, err
	}
	o := options{ttl: DefaultTTL, margin: -1, skew: DefaultSkew}
	for _, opt := range opts {
		if opt != nil {
			opt(&o)
		}
	}
	if o.margin < 0 {
		o.margin = o.ttl / 5
	}
	if o.ttl <= 0 || o.margin >= o.ttl*2/3 {
		return nil, fmt.Errorf("lease: TTL %v with margin %v: want a positive TTL and a margin below 2/3 of it", o.ttl, o.margin)
	}
	if o.skew < 0 {
		return nil, fmt.Errorf("lease: clock-skew bound %v: want 0 or more", o.skew)
	}
	if o.exact && o.node >= space.Size() {
		return nil, fmt.Errorf("%w: node %d is outside %s, which holds %d", ErrSpace, o.node, space, space.Size())
	}
	if o.holder == "" {
		o.holder = holderName()
	}
	if o.mono == nil {
		o.mono = systemMono()
	}
	if o.renewIn == nil {
		o.renewIn = renewJitter
	}
	span := space.Size()
	if o.exact {
		span = 1
	} else if o.start != nil {
		o.node = o.start(space.Size())
	} else {
		o.node = randomNode(space.Size())
	}
	l := &Lease{
		engine:    e,
		claim:     Claim{Space: space, Node: o.node, Holder: o.holder, TTL: o.ttl, Skew: o.skew},
		margin:    o.margin,
		clockWait: o.clockWait,
		mono:      o.mono,
		renewIn:   o.renewIn,
		done:      make(chan struct{}),
	}
	if err := l.acquire(ctx, span); err != nil {
		return nil, err
	}
	l.stopped = make(chan struct{})
	if o.manual {
		close(l.stopped)
		l.stop = func() {}
	} else {
		var rctx context.Context
		rctx, l.stop = context.WithCancel(context.Background())
		go l.run(rctx)
	}
	return l, nil
}

// acquire asks the engine for a node until it gets one or ctx is done,
// backing off while every node is held.
func (l *Lease) acquire(ctx context.Context, span uint64) error {
	nap := 10 * time.Millisecond
	began := time.Now()
	full := false
	for {
		sent := l.mono()
		node, hw, err := l.engine.Acquire(ctx, l.claim, span)
		if err == nil {
			l.claim.Node, l.above, l.reserved = node, hw, hw
			l.deadline = sent + l.claim.TTL - l.margin
			l.renewAt = sent + l.renewIn(l.claim.TTL)
			return nil
		}
		full = full || errors.Is(err, ErrFull)
		if !errors.Is(err, ErrFull) && (!full || ctx.Err() == nil) {
			return fmt.Errorf("lease: acquiring a node of %s: %w", l.claim.Space, err)
		}
		select {
		case <-ctx.Done():
			what := fmt.Sprintf("all %d nodes", l.claim.Space.Size())
			if span == 1 {
				what = fmt.Sprintf("node %d", l.claim.Node)
			}
			return fmt.Errorf("%w: %s of space %s held, after waiting %v", ErrFull, what, l.claim.Space, time.Since(began).Round(time.Millisecond))
		case <-time.After(jitter(nap)):
		}
		nap = min(2*nap, time.Second, l.claim.TTL/4)
	}
}

// acquired reports whether Acquire made l: a zero Lease, or a nil *Lease,
// holds no node.
func (l *Lease) acquired() bool { return l != nil && l.done != nil }

// errNotAcquired is the error of Err and Close on a Lease Acquire did not
// make.
var errNotAcquired = fmt.Errorf("%w: a zero Lease or a nil *Lease holds no node", ErrNotAcquired)

// closedChan is the channel Done returns for a Lease Acquire did not make:
// closed, since there is no lease to wait on.
var closedChan = func() chan struct{} {
	c := make(chan struct{})
	close(c)
	return c
}()

// Node returns the node number held.
func (l *Lease) Node() uint64 {
	if l == nil {
		return 0
	}
	return l.claim.Node
}

// Space returns the space the node belongs to.
func (l *Lease) Space() Space {
	if l == nil {
		return Space{}
	}
	return l.claim.Space
}

// HighWater returns the high-water tick the node's previous holder left:
// a generator bound to the lease makes every ID on a later tick.
func (l *Lease) HighWater() uint64 {
	if l == nil {
		return 0
	}
	return l.above
}

// Done returns a channel that is closed when the lease is lost or closed.
func (l *Lease) Done() <-chan struct{} {
	if !l.acquired() {
		return closedChan
	}
	return l.done
}

// Err returns nil while the lease is held, and then why it ended: an error
// matching ErrLeaseLost.
func (l *Lease) Err() error {
	if !l.acquired() {
		return errNotAcquired
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.err
}

// ValidUntil returns the instant, on the system clock, until which the
// lease is confirmed: the engine's expiry minus the margin, as far as the
// holder can know it. It is the zero Time once the lease is lost.
func (l *Lease) ValidUntil() time.Time {
	if !l.acquired() {
		return time.Time{}
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.err != nil {
		return time.Time{}
	}
	return time.Now().Add(l.deadline - l.mono())
}

// bind ties the lease to the generator that will issue IDs under it; a
// generator's WithLease option calls it, through package idrt (see init).
// It checks that the
// generator's layout is the lease's space, waits up to WithClockWait for
// the generator's clock to come within b.Behind ticks of the node's
// high-water tick (else it returns an error matching ErrClockBehind),
// records a first high-water tick for the generator's IDs and opens its
// fence. A lease serves one generator.
func (l *Lease) bind(b *idrt.Binding) (uint64, error) {
	s := l.claim.Space
	if b.Layout != s.Layout || b.NodeBits != s.NodeBits || !b.TimeOf(0).Equal(s.Epoch) {
		return 0, fmt.Errorf("%w: a lease of %s for a generator of %s/%s/%d", ErrSpace, s, b.Layout, b.TimeOf(0).UTC().Format(time.RFC3339Nano), b.NodeBits)
	}
	if err := l.waitClock(b); err != nil {
		return 0, err
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.err != nil {
		return 0, l.err
	}
	if l.bound != nil {
		return 0, errors.New("lease: the lease is bound to a generator already")
	}
	l.bound = b
	l.refused = fmt.Errorf("%w: node %d of %s is not confirmed", ErrLeaseLost, l.claim.Node, l.claim.Space)
	// Record a high-water tick that covers the generator's first IDs
	// before it makes any, so that every ID it makes is covered.
	began := l.mono()
	if err := l.renew(context.Background()); err != nil || l.err != nil {
		l.bound = nil
		if err != nil {
			return 0, fmt.Errorf("lease: confirming node %d of %s for the generator's first IDs (waited %v): %w", l.claim.Node, l.claim.Space, (l.mono() - began).Round(time.Millisecond), err)
		}
		return 0, l.err
	}
	return l.above, nil
}

// waitClock waits up to the lease's clock wait for the generator's clock to
// come within b.Behind ticks of the high-water tick.
func (l *Lease) waitClock(b *idrt.Binding) error {
	if b.Behind == 0 {
		return nil
	}
	began := time.Now()
	for {
		t := b.Clock()
		now, err := b.Ticks(t)
		if err != nil {
			return err
		}
		if now >= l.above || l.above-now <= b.Behind {
			return nil
		}
		gap := b.TimeOf(l.above).Sub(t)
		if time.Since(began) >= l.clockWait {
			return fmt.Errorf("%w: node %d of %s was used up to %v; this clock reads %v, %v behind, and %s allows %v",
				ErrClockBehind, l.claim.Node, l.claim.Space, b.TimeOf(l.above).UTC(), t.UTC(), gap, b.Layout, b.TimeOf(b.Behind).Sub(b.TimeOf(0)))
		}
		time.Sleep(min(gap/2, l.clockWait-time.Since(began), time.Second) + time.Millisecond)
	}
}

// Close stops the renewals, closes the generator's fence and releases the
// node at once, recording the last tick the generator used as the node's
// high-water mark. Close on a lost lease only stops the renewals.
func (l *Lease) Close() error {
	if !l.acquired() {
		return errNotAcquired
	}
	l.stop()
	<-l.stopped
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.err != nil {
		return nil
	}
	l.lose(fmt.Errorf("%w: closed", ErrLeaseLost))
	// The fence is shut, so every ID made under it is in Last: the mark
	// can come down to the last tick used (never below the previous
	// holder's).
	hw := l.reserved
	if b := l.bound; b != nil {
		hw = l.above
		if last, ok := b.Last(); ok {
			hw = max(hw, last)
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), l.claim.TTL)
	defer cancel()
	if err := l.engine.Release(ctx, l.claim, hw); err != nil && !errors.Is(err, ErrLeaseLost) {
		return fmt.Errorf("lease: releasing node %d of %s: %w", l.claim.Node, l.claim.Space, err)
	}
	return nil
}

// run renews the lease until it is lost or ctx is cancelled.
func (l *Lease) run(ctx context.Context) {
	defer close(l.stopped)
	t := time.NewTimer(0)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
		wait, ok := l.step(ctx)
		if !ok {
			return
		}
		t.Reset(wait)
	}
}

// step renews the lease if it is due and moves the fence on. It returns how
// long to wait before the next step, and false once the lease is lost.
func (l *Lease) step(ctx context.Context) (time.Duration, bool) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.err != nil {
		return 0, false
	}
	if now := l.mono(); now >= l.deadline || l.fenced() {
		l.lose(fmt.Errorf("%w: node %d of %s: no renewal confirmed in time", ErrLeaseLost, l.claim.Node, l.claim.Space))
		return 0, false
	} else if now >= l.renewAt {
		if err := l.renew(ctx); err != nil {
			// The engine is out of reach or failed: try again soon, while
			// the deadline allows.
			l.renewAt = now + l.claim.TTL/20
		}
	}
	if l.err != nil {
		return 0, false
	}
	now := l.mono()
	l.fence(now)
	// Wake for the next renewal, and often enough in between to keep the
	// fence close to the deadline if the generator's clock is stepped.
	return max(min(l.renewAt-now, l.deadline-now, l.margin/4), time.Millisecond), true
}

// renew renews the lease once, recording a high-water tick above every tick
// the generator can reach before the new deadline. It returns an error only
// when the engine could not be asked or did not answer; a refusal loses the
// lease. l.mu must be held.
func (l *Lease) renew(ctx context.Context) error {
	sent := l.mono()
	hw, err := l.highWater()
	if err != nil {
		l.lose(fmt.Errorf("%w: node %d of %s: %w", ErrLeaseLost, l.claim.Node, l.claim.Space, err))
		return nil
	}
	ctx, cancel := context.WithTimeout(ctx, max(l.deadline-sent, 0))
	defer cancel()
	err = l.engine.Renew(ctx, l.claim, hw)
	switch {
	case errors.Is(err, ErrLeaseLost):
		l.lose(fmt.Errorf("%w: node %d of %s: %w", ErrLeaseLost, l.claim.Node, l.claim.Space, err))
		return nil
	case err != nil:
		return err
	case l.mono() >= l.deadline:
		// Confirmed, but only after the holder had stopped believing in
		// the lease: a lapsed lease stays lost.
		l.lose(fmt.Errorf("%w: node %d of %s: the renewal was confirmed too late", ErrLeaseLost, l.claim.Node, l.claim.Space))
		return nil
	}
	l.deadline = sent + l.claim.TTL - l.margin
	l.renewAt = sent + l.renewIn(l.claim.TTL)
	l.reserved = max(l.reserved, hw)
	l.fence(l.mono())
	return nil
}

// highWater returns the tick to record on renewal: one above every tick
// the bound generator has used or can use before a deadline a TTL from now
// (its clock, or its last tick if that is ahead, plus a TTL), or the tick
// last recorded if no generator is bound.
func (l *Lease) highWater() (uint64, error) {
	b := l.bound
	if b == nil {
		return l.reserved, nil
	}
	now, err := b.Ticks(b.Clock())
	if err != nil {
		return 0, err
	}
	if last, ok := b.Last(); ok && last > now {
		now = last
	}
	hw, err := b.Ticks(b.TimeOf(now).Add(l.claim.TTL))
	if err != nil {
		return 0, err
	}
	return max(hw, l.reserved), nil
}

// fence moves the bound generator's fence to the first tick of its clock at
// or past the deadline, and never past the confirmed high-water tick.
// l.mu must be held.
func (l *Lease) fence(now time.Duration) {
	b := l.bound
	if b == nil || l.err != nil {
		return
	}
	limit, err := b.Ticks(b.Clock().Add(l.deadline - now))
	if err != nil {
		limit = 0
	}
	l.limit = min(limit, l.reserved)
	b.Fence.Set(l.limit, l.refused)
}

// fenced reports whether the bound generator's clock has reached its fence,
// so that it refuses IDs now: the lease is then lost for good, even if a
// renewal could still be confirmed before the deadline, so that a generator
// that returned ErrLeaseLost never issues under the lease again. The fence's
// tick can be reached a little before the deadline on the monotonic clock
// (the tick holding the deadline begins before it). l.mu must be held.
func (l *Lease) fenced() bool {
	b := l.bound
	if b == nil {
		return false
	}
	tick, err := b.Ticks(b.Clock())
	return err == nil && tick >= l.limit
}

// lose ends the lease with err: the fence refuses every ID from now on.
// l.mu must be held.
func (l *Lease) lose(err error) {
	if l.err != nil {
		return
	}
	l.err = err
	if b := l.bound; b != nil {
		b.Fence.Set(0, err)
	}
	close(l.done)
}

// holderName returns a holder identity unique to this lease: host, process
// and 64 random bits.
func holderName() string {
	host, _ := os.Hostname()
	var b [8]byte
	rand.Read(b[:])
	return fmt.Sprintf("%s/%d/%s", host, os.Getpid(), hex.EncodeToString(b[:]))
}

// randomNode returns a random node of a space of the given size, where
// Acquire starts looking, so that racing holders seldom try the same one.
func randomNode(size uint64) uint64 {
	var b [8]byte
	rand.Read(b[:])
	var x uint64
	for _, c := range b {
		x = x<<8 | uint64(c)
	}
	return x & (size - 1)
}

// renewJitter returns how long after a confirmed renewal the next is due:
// TTL/3 give or take TTL/12, at random. The deadline is TTL minus the
// margin (below 2/3 of the TTL) after the renewal, so a renewal that fails
// leaves time for retries.
func renewJitter(ttl time.Duration) time.Duration {
	return ttl/4 + time.Duration(randomNode(1<<20))*(ttl/6)/(1<<20)
}

// jitter returns d plus up to half of it at random.
func jitter(d time.Duration) time.Duration {
	return d + time.Duration(randomNode(1<<20))*d/(2<<20)
}
