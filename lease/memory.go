package lease

import (
	"context"
	"fmt"
	"sync"
	"time"
)

// Memory is an Engine that keeps leases in memory, on its own clock, with
// the same semantics as the PostgreSQL and etcd engines, the quarantine of
// a node whose lease expired included: for the holders of one process, and
// for tests.
//
// The zero Memory is ready to use, on the system clock, as NewMemory(nil)
// is. A Memory must not be copied after its first use. A nil *Memory is
// no engine: its methods return an error matching ErrNoEngine.
type Memory struct {
	clock func() time.Time // nil means time.Now
	mu    sync.Mutex
	rows  map[string]map[uint64]*memoryRow // by space, then node; nil until the first Acquire
}

// memoryRow is one node's lease.
type memoryRow struct {
	holder    string
	expires   time.Time
	highWater uint64
	// quarantine is how long after an expiry the node stays out of reach:
	// the lease's longest TTL plus its holder's clock-skew bound. A release
	// (holder "") ends it.
	quarantine time.Duration
}

// free reports whether the row's node can be taken at now: never leased,
// released, or expired at least its quarantine ago.
func (r *memoryRow) free(now time.Time) bool {
	if r.expires.After(now) {
		return false
	}
	return r.holder == "" || !r.expires.Add(r.quarantine).After(now)
}

// NewMemory returns an in-memory engine that reads the time from clock
// (time.Now if nil): it plays the server's clock.
func NewMemory(clock func() time.Time) *Memory {
	if clock == nil {
		clock = time.Now
	}
	return &Memory{clock: clock}
}

// now reads the engine's clock. m.mu must be held.
func (m *Memory) now() time.Time {
	if m.clock == nil {
		return time.Now()
	}
	return m.clock()
}

// errNilMemory is the error of every method of a nil *Memory.
var errNilMemory = fmt.Errorf("%w: a nil *lease.Memory", ErrNoEngine)

// Acquire implements Engine. The in-memory engine never blocks, so it
// ignores the context, as Renew and Release do.
func (m *Memory) Acquire(_ context.Context, c Claim, span uint64) (node, highWater uint64, err error) {
	if m == nil {
		return 0, 0, errNilMemory
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	now := m.now()
	rows := m.rows[c.Space.String()]
	if rows == nil {
		rows = map[uint64]*memoryRow{}
		if m.rows == nil {
			m.rows = map[string]map[uint64]*memoryRow{}
		}
		m.rows[c.Space.String()] = rows
	}
	size := c.Space.Size()
	for i := range min(span, size) {
		n := (c.Node + i) & (size - 1)
		r := rows[n]
		if r == nil {
			r = &memoryRow{}
			rows[n] = r
		} else if !r.free(now) {
			continue
		}
		r.holder, r.expires, r.quarantine = c.Holder, now.Add(c.TTL), c.TTL+max(c.Skew, 0)
		return n, r.highWater, nil
	}
	return 0, 0, fmt.Errorf("%w in %s", ErrFull, c.Space)
}

// held returns c's row if c.Holder holds c.Node unexpired. m.mu must be held.
func (m *Memory) held(c Claim, now time.Time) (*memoryRow, error) {
	r := m.rows[c.Space.String()][c.Node]
	if r == nil || r.holder != c.Holder || !r.expires.After(now) {
		return nil, fmt.Errorf("%w: node %d of %s is not held by %s", ErrLeaseLost, c.Node, c.Space, c.Holder)
	}
	return r, nil
}

// Renew implements Engine.
func (m *Memory) Renew(_ context.Context, c Claim, highWater uint64) error {
	if m == nil {
		return errNilMemory
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	now := m.now()
	r, err := m.held(c, now)
	if err != nil {
		return err
	}
	r.expires, r.highWater = now.Add(c.TTL), max(r.highWater, highWater)
	r.quarantine = max(r.quarantine, c.TTL+max(c.Skew, 0))
	return nil
}

// Release implements Engine.
func (m *Memory) Release(_ context.Context, c Claim, highWater uint64) error {
	if m == nil {
		return errNilMemory
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	now := m.now()
	r, err := m.held(c, now)
	if err != nil {
		return err
	}
	r.holder, r.expires, r.highWater = "", now, highWater
	return nil
}
