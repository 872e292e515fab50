package interp

import (
	"crypto/md5"
	"crypto/rand"
	"crypto/sha1"
	"crypto/sha256"
	"errors"
	"fmt"
	"hash"
	"io"
	"math/big"
	"sync"
	"time"

	"github.com/idforge/idforge/idrt"
	"github.com/idforge/idforge/layouts"
)

// More errors from generation.
var (
	ErrEntropy   = errors.New("interp: reading randomness failed")
	ErrExhausted = errors.New("interp: counter exhausted and the clock did not move on")
	ErrNoTime    = errors.New("interp: the layout has no time to generate")
)

// Generator makes IDs of one layout, filling each part according to its role:
//
//   - time: the clock, in the layout's epoch and unit;
//   - counter: starting at each new tick as the layout says, counting up
//     within a tick; when it runs out it waits for the clock, borrows the next
//     tick or wraps, as the layout says;
//   - clockseq and mac nodes: random once per generator unless given;
//   - random: fresh for every ID (or once per generator, for random once).
//
// Randomness is read as one block the size of the ID per ID, and each random
// role takes the bits at its own positions, so a UUIDv4 is the block with its
// version and variant written over it. Values chosen once (a random MAC node,
// a clock sequence, random once bits) come from one more block, read first
// when the generator is made; a running counter starts at the first ID's
// block.
//
// If the clock goes backwards, a generator with a counter or a clock sequence
// stays on its last tick, so its IDs keep increasing. It is safe for
// concurrent use.
//
// A generator of a layout with neither (its IDs within a tick differ in
// their random bits only) can repeat an ID, and does not refuse one equal
// to the one before it: that would hide only the repeats that are
// neighbours, not the others, while the layout stays as it is. Such a
// layout has a warning instead (layouts.Layout.RepeatWarning) that names
// the cure, a counter; the CLI prints it before it makes any ID.
//
// A Generator is made by NewGenerator: a zero Generator, or a nil
// *Generator, has no layout, and its Next returns an error matching
// ErrNoLayout.
type Generator struct {
	l     *layouts.Layout
	clock func() time.Time
	rand  io.Reader
	wait  time.Duration
	sleep func(time.Duration) // set by WithSleep

	lease     Lease      // set by WithLease
	leased    bool       // WithLease was given, even with nil
	nodeGiven bool       // WithFixed gave the node
	fence     idrt.Fence // the lease's limit on ticks; none without a lease

	mu      sync.Mutex
	fixed   map[layouts.Role]*big.Int // node, clock sequence, random once
	last    *big.Int                  // the last tick used, nil before the first ID
	counter *big.Int
}

// Option configures a Generator. NewGenerator ignores a nil Option.
type Option func(*Generator) error

// WithClock sets the clock; the default, and what a nil now means, is
// time.Now.
func WithClock(now func() time.Time) Option {
	return func(g *Generator) error {
		if now != nil {
			g.clock = now
		}
		return nil
	}
}

// WithRand sets the source of randomness; the default, and what a nil r
// means, is crypto/rand.
func WithRand(r io.Reader) Option {
	return func(g *Generator) error {
		if r != nil {
			g.rand = r
		}
		return nil
	}
}

// WithMaxWait sets how long a generator whose counter ran out waits for the
// clock's next tick before it returns ErrExhausted; the default is one second.
func WithMaxWait(d time.Duration) Option {
	return func(g *Generator) error { g.wait = d; return nil }
}

// WithSleep makes a generator whose counter ran out call sleep instead of
// time.Sleep while it waits for the clock's next tick, and measure that wait
// by the durations it sleeps, as a generated generator's WithSleep does. A
// nil sleep means time.Sleep, the wait measured by real time.
func WithSleep(sleep func(time.Duration)) Option {
	return func(g *Generator) error { g.sleep = sleep; return nil }
}

// WithFixed sets the value of a node or clock sequence, instead of a random
// one. The generator keeps a copy of x.
func WithFixed(r layouts.Role, x *big.Int) Option {
	return func(g *Generator) error {
		if x == nil {
			return fmt.Errorf("%w: %s: no value given", ErrRange, r)
		}
		x = new(big.Int).Set(x)
		v, ok := g.l.Value(r)
		if !ok || r != layouts.Node && r != layouts.ClockSeq {
			return fmt.Errorf("%w: %s has no %s to set", ErrNoRole, g.l.Name, r)
		}
		if x.Sign() < 0 || x.BitLen() > v.Width {
			return fmt.Errorf("%w: %s %v does not fit in %d bits", ErrRange, r, x, v.Width)
		}
		g.fixed[r] = x
		g.nodeGiven = g.nodeGiven || r == layouts.Node
		return nil
	}
}

// Lease is a node lease: a *lease.Lease from lease.Acquire (package
// github.com/idforge/idforge/lease), which WithLease takes. NewGenerator
// refuses any other value, nil and a nil *lease.Lease included, with an
// error matching ErrLease.
type Lease interface {
	// Node returns the node number held.
	Node() uint64
}

// ErrLease means a value given to WithLease that is not a lease from
// package lease (nil, or a nil *lease.Lease from a failed Acquire), or a
// node given with WithFixed that is not the lease's.
var ErrLease = errors.New("interp: not a usable node lease")

// WithLease takes the node from a lease (a *lease.Lease), as a generated
// generator's WithLease does: the generator starts above the node's
// high-water tick and returns the lease's error (lease.ErrLeaseLost) for
// every ID once it is lost. The layout needs a counter or a clock
// sequence, to order IDs above that tick. A node given with WithFixed too
// must be the lease's.
func WithLease(ls Lease) Option {
	return func(g *Generator) error { g.lease, g.leased = ls, true; return nil }
}

// bindLease takes the node from the generator's lease and binds the lease to
// the generator.
func (g *Generator) bindLease() error {
	l := g.l
	nv, hasNode := l.Value(layouts.Node)
	tv, hasTime := l.Value(layouts.Time)
	c, hasCounter := l.Value(layouts.Counter)
	_, hasSeq := l.Value(layouts.ClockSeq)
	if !hasNode || !hasTime || !hasCounter && !hasSeq {
		return fmt.Errorf("%w: %s needs a time, a node and a counter or clock sequence to take a lease", ErrNoRole, l.Name)
	}
	ls, err := idrt.LeaseOf(g.lease)
	if err != nil {
		return fmt.Errorf("%w: %w", ErrLease, err)
	}
	node := new(big.Int).SetUint64(ls.Node())
	if node.BitLen() > nv.Width {
		return fmt.Errorf("%w: leased node %v does not fit in %d bits", ErrRange, node, nv.Width)
	}
	if fixed := g.fixed[layouts.Node]; g.nodeGiven && fixed.Cmp(node) != 0 {
		return fmt.Errorf("%w: node %v given with a lease of node %v", ErrLease, fixed, node)
	}
	clk, err := clockOf(tv)
	if err != nil {
		return err
	}
	ticks := func(t time.Time) (uint64, error) {
		x, err := Ticks(tv, t)
		if err != nil {
			return 0, err
		}
		if !x.IsUint64() {
			return 0, fmt.Errorf("%w: %v is too far from the epoch to lease under", ErrTime, t)
		}
		return x.Uint64(), nil
	}
	above, err := ls.Bind(&idrt.Binding{
		Layout:   l.Name,
		NodeBits: nv.Width,
		Fence:    &g.fence,
		Clock:    g.clock,
		Ticks:    ticks,
		TimeOf:   func(tick uint64) time.Time { return TicksTime(tv, new(big.Int).SetUint64(tick)) },
		Last: func() (uint64, bool) {
			g.mu.Lock()
			defer g.mu.Unlock()
			if g.last == nil {
				return 0, false
			}
			return g.last.Uint64(), true
		},
		Behind: clk.perSecondCeil(), // a second
	})
	if err != nil {
		return err
	}
	g.fixed[layouts.Node] = node
	if above > 0 {
		// As if the last ID had been made on the high-water tick with the
		// counter at its largest: the next one comes on a later tick.
		g.last = new(big.Int).SetUint64(above)
		if hasCounter {
			g.counter = mask(c.Width)
		}
	}
	return nil
}

// NewGenerator returns a generator for the layout. It keeps a copy of the
// layout (layouts.Layout.Clone), so that changing l afterwards does not
// change the generator. A nil l is an error matching ErrNoLayout.
func NewGenerator(l *layouts.Layout, opts ...Option) (*Generator, error) {
	if l == nil {
		return nil, errNoLayout
	}
	l = l.Clone()
	g := &Generator{l: l, clock: time.Now, rand: rand.Reader, wait: time.Second, fixed: map[layouts.Role]*big.Int{}}
	for _, o := range opts {
		if o == nil {
			continue
		}
		if err := o(g); err != nil {
			return nil, err
		}
	}
	if _, ok := l.Value(layouts.Hash); ok {
		return nil, fmt.Errorf("%w: %s is name-based; use Hash", ErrNoTime, l.Name)
	}
	// Values drawn once, when the generator is made, come from one random
	// block, read only when the layout has such values.
	var block []byte
	for _, r := range []layouts.Role{layouts.Node, layouts.ClockSeq, layouts.Random} {
		v, ok := l.Value(r)
		if !ok || r == layouts.Random && !v.Once || r == layouts.Node && !v.MAC && g.fixed[r] != nil {
			continue
		}
		if block == nil {
			var err error
			if block, err = g.block(); err != nil {
				return nil, err
			}
		}
		if g.fixed[r] != nil {
			continue
		}
		x, _ := Role(l, block, r)
		if v.MAC {
			x.SetBit(x, 40, 1) // the multicast bit: the least significant bit of the first octet
		}
		g.fixed[r] = x
	}
	if g.leased {
		if err := g.bindLease(); err != nil {
			return nil, err
		}
	}
	return g, nil
}

// block reads one ID's worth of randomness.
func (g *Generator) block() ([]byte, error) {
	b := make([]byte, g.l.Bytes())
	if _, err := io.ReadFull(g.rand, b); err != nil {
		return nil, fmt.Errorf("%w: %w", ErrEntropy, err)
	}
	return b, nil
}

// Next returns a new ID.
func (g *Generator) Next() ([]byte, error) {
	if g == nil || g.l == nil {
		return nil, fmt.Errorf("%w: a Generator NewGenerator did not make", ErrNoLayout)
	}
	block, err := g.block()
	if err != nil {
		return nil, err
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	l := g.l
	id := new(big.Int).SetBytes(block) // random parts keep these bits
	if tv, ok := l.Value(layouts.Time); ok {
		tick, err := g.tick(tv, block)
		if err != nil {
			return nil, err
		}
		if g.lease != nil && !g.fence.Allows(tick.Uint64()) {
			return nil, g.fence.Err()
		}
		setRole(l, id, tv, tick)
		if c, ok := l.Value(layouts.Counter); ok {
			setRole(l, id, c, g.counter)
		}
	}
	for r, x := range g.fixed {
		v, _ := l.Value(r)
		setRole(l, id, v, x)
	}
	for _, p := range l.Parts {
		if p.Role == layouts.Const {
			at := uint(shift(l, p.Offset, p.Width))
			id.AndNot(id, new(big.Int).Lsh(mask(p.Width), at))
			id.Or(id, new(big.Int).Lsh(new(big.Int).SetUint64(p.Const), at))
		}
	}
	return id.FillBytes(make([]byte, l.Bytes())), nil
}

// tick returns the tick for the next ID and leaves g.counter set for it.
func (g *Generator) tick(tv *layouts.Value, block []byte) (*big.Int, error) {
	l := g.l
	now, err := Ticks(tv, g.clock())
	if err != nil {
		return nil, err
	}
	c, hasCounter := l.Value(layouts.Counter)
	_, hasSeq := l.Value(layouts.ClockSeq)
	switch {
	case g.last == nil || now.Cmp(g.last) > 0:
		// A new tick.
	case hasCounter && c.Init == layouts.InitRunning:
		// A running counter counts on below; the tick follows the clock.
	case hasCounter:
		// The same tick, or the clock went back: count on from the last ID.
		next := new(big.Int).Add(g.counter, big.NewInt(1))
		if next.BitLen() <= c.Width {
			g.counter = next
			return g.last, nil
		}
		switch c.Overflow {
		case layouts.OverflowBorrow:
			now = new(big.Int).Add(g.last, big.NewInt(1))
		case layouts.OverflowWait:
			if now, err = g.waitPast(tv, g.last); err != nil {
				return nil, err
			}
		}
	case hasSeq:
		// No counter: step the time itself, as RFC 9562 §6.2 allows.
		now = new(big.Int).Add(g.last, big.NewInt(1))
	}
	if now.BitLen() > tv.Width {
		return nil, fmt.Errorf("%w: the next tick is past the %d-bit time's last", ErrTime, tv.Width)
	}
	g.last = now
	if hasCounter {
		g.counter = g.startCounter(c, block)
	}
	return now, nil
}

// startCounter returns the counter's value for an ID.
func (g *Generator) startCounter(c *layouts.Value, block []byte) *big.Int {
	x, _ := Role(g.l, block, layouts.Counter)
	switch c.Init {
	case layouts.InitZero:
		return x.SetInt64(0)
	case layouts.InitSeeded:
		return x.SetBit(x, c.Width-1, 0)
	case layouts.InitRunning:
		if g.counter == nil {
			return x // the first ID: start anywhere
		}
		x.Add(g.counter, big.NewInt(1))
		return x.And(x, mask(c.Width))
	}
	return x
}

// waitPast waits until the clock's tick is after last, for at most the
// generator's maximum wait, measured by real time or, with WithSleep, by the
// sleeps. When the clock does not get past last, the error matches
// ErrExhausted, and idrt.ErrClockStalled if the clock stood on last or
// idrt.ErrClockBackwards if it is behind.
func (g *Generator) waitPast(tv *layouts.Value, last *big.Int) (*big.Int, error) {
	clk, err := clockOf(tv)
	if err != nil {
		return nil, err
	}
	nap := max(clk.duration()/4, time.Microsecond)
	begin := time.Now()
	for slept := time.Duration(0); ; slept += nap {
		now, err := Ticks(tv, g.clock())
		if err != nil {
			return nil, err
		}
		if now.Cmp(last) > 0 {
			return now, nil
		}
		waited := time.Since(begin)
		if g.sleep != nil {
			waited = slept
		}
		if waited >= g.wait {
			kind := idrt.ErrClockStalled
			if now.Cmp(last) < 0 {
				kind = idrt.ErrClockBackwards
			}
			return nil, fmt.Errorf("%w: %w: the clock read tick %v, the last used is %v, after a wait of %v", ErrExhausted, kind, now, last, waited)
		}
		if g.sleep != nil {
			g.sleep(nap)
		} else {
			time.Sleep(nap)
		}
	}
}

// Hash returns the name-based ID of a layout with a hash role for the given
// data: for RFC 9562 UUIDs, the namespace's 16 bytes followed by the name.
func Hash(l *layouts.Layout, data []byte) ([]byte, error) {
	if l == nil {
		return nil, errNoLayout
	}
	v, ok := l.Value(layouts.Hash)
	if !ok {
		return nil, fmt.Errorf("%w: %s has no hash", ErrNoRole, l.Name)
	}
	var h hash.Hash
	switch v.Algorithm {
	case "md5":
		h = md5.New()
	case "sha1":
		h = sha1.New()
	default:
		h = sha256.New()
	}
	h.Write(data)
	id := new(big.Int)
	setRole(l, id, v, new(big.Int).SetBytes(h.Sum(nil)))
	for _, p := range l.Parts {
		switch p.Role {
		case layouts.Const:
			id.Or(id, new(big.Int).Lsh(new(big.Int).SetUint64(p.Const), uint(shift(l, p.Offset, p.Width))))
		case layouts.Hash:
		default:
			return nil, fmt.Errorf("%w: %s has parts other than the hash", ErrNoRole, l.Name)
		}
	}
	return id.FillBytes(make([]byte, l.Bytes())), nil
}
