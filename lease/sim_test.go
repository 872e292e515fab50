package lease

import (
	"container/heap"
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/idforge/idforge/snowflake"
	"github.com/idforge/idforge/testenv"
)

// The simulation runs many holders of one space against the in-memory
// engine on a fake clock, in one goroutine, deterministically from a seed.
// Each holder has its own clocks: a wall clock (its generator's) with a skew
// of up to ±3s (one in 20 up to ±2 TTLs) that is sometimes stepped by up to ±5s, and a monotonic clock
// (its lease's) that runs up to 100 ppm fast or slow. Holders acquire,
// issue Snowflake IDs, renew, close, crash, are paused (even between a
// generator's fence check and the use of its ID), are cut off from the
// engine (requests lost on the way there or back) and see slow answers.
// At every event it checks that no node has two holders that believe their
// lease valid, and that no ID repeats.

// simConfig is one simulation's size.
type simConfig struct {
	seed    uint64
	holders int
	hours   float64
	ttl     time.Duration
}

// simStats are the figures a simulation reports.
type simStats struct {
	events, acquired, full, behind, renewals, ids                int
	closed, crashed, paused, partitioned, stepped, slow, lateIDs int
	lost, backwards, checks                                      int
	lostWhy                                                      map[string]int
}

// simHolder is one process that holds leases, one at a time.
type simHolder struct {
	id        int
	skew      time.Duration // its wall clock's offset from true time
	ppm       int64         // its monotonic clock's rate error
	busy      time.Duration // true time it is busy until (a slow answer)
	cutUntil  time.Duration // cut off from the engine until then
	lease     *Lease
	gen       *snowflake.Generator
	stepAt    time.Duration // when the lease's next step is due
	issueAt   time.Duration // when it next makes IDs
	issueNext bool          // after a pause: make IDs before the lease steps
	epoch     *epoch        // its tenure of the node it holds
}

// epoch is one holder's tenure of a node: the IDs it made there. Every ID
// of a later tenure must be above every ID of an earlier one.
type epoch struct {
	h        *simHolder
	min, max snowflake.ID
	any      bool
	done     bool
}

// tenures are a node's tenures: those still open, in the order the engine
// granted them, and the largest ID of the closed ones before them.
type tenures struct {
	sealed snowflake.ID
	open   []*epoch
}

type simEvent struct {
	at  time.Duration
	seq int
	h   *simHolder
}

type simQueue []simEvent

func (q simQueue) Len() int { return len(q) }
func (q simQueue) Less(i, j int) bool {
	return q[i].at < q[j].at || q[i].at == q[j].at && q[i].seq < q[j].seq
}
func (q simQueue) Swap(i, j int) { q[i], q[j] = q[j], q[i] }
func (q *simQueue) Push(x any)   { *q = append(*q, x.(simEvent)) }
func (q *simQueue) Pop() any {
	old := *q
	e := old[len(old)-1]
	*q = old[:len(old)-1]
	return e
}

// owner is a node's holder that last believed its lease valid, and the true
// time its belief ends at the latest.
type owner struct {
	h     *simHolder
	until time.Duration
}

type sim struct {
	t      *testing.T
	cfg    simConfig
	rng    *rand.Rand
	now    time.Duration // true time since the start
	server time.Duration // the engine's clock, set for each request
	base   time.Time
	engine *Memory
	space  Space
	queue  simQueue
	seq    int
	owners map[uint64]owner
	ids    map[snowflake.ID]struct{}
	nodes  map[uint64]*tenures
	stats  simStats
}

// errCut is the error of a request that a partition swallowed.
var errCut = errors.New("sim: cut off from the engine")

// simEngine is the engine as one holder reaches it: through a partition,
// with latency, and on the engine's clock.
type simEngine struct {
	s *sim
	h *simHolder
}

// call runs one request: it fails when the holder is cut off (half the time
// after the engine has acted, so that the answer is what was lost), and it
// reaches the engine after a delay of up to 50ms (rarely up to 2s) and
// answers after as long again (rarely a TTL).
func (e simEngine) call(f func() error) error {
	s, h := e.s, e.h
	local := s.local(h)
	if h.cutUntil > local && s.rng.IntN(2) == 0 {
		return errCut
	}
	there := time.Duration(s.rng.IntN(50)) * time.Millisecond
	if s.rng.IntN(100) == 0 {
		there = time.Duration(s.rng.IntN(2000)) * time.Millisecond
	}
	back := there
	if s.rng.IntN(200) == 0 {
		back = time.Duration(s.rng.Int64N(int64(s.cfg.ttl)))
		s.stats.slow++
	}
	s.server = local + there
	err := f()
	h.busy = local + there + back
	if h.cutUntil > local {
		return errCut
	}
	return err
}

func (e simEngine) Acquire(ctx context.Context, c Claim, span uint64) (node, hw uint64, err error) {
	err = e.call(func() error { node, hw, err = e.s.engine.Acquire(ctx, c, span); return err })
	return node, hw, err
}

func (e simEngine) Renew(ctx context.Context, c Claim, hw uint64) error {
	e.s.stats.renewals++
	return e.call(func() error { return e.s.engine.Renew(ctx, c, hw) })
}

func (e simEngine) Release(ctx context.Context, c Claim, hw uint64) error {
	return e.call(func() error { return e.s.engine.Release(ctx, c, hw) })
}

// local is true time as a holder lives it: later than now while it waits
// for a slow answer.
func (s *sim) local(h *simHolder) time.Duration { return max(s.now, h.busy) }

// mono reads a holder's monotonic clock.
func (s *sim) mono(h *simHolder) time.Duration {
	l := s.local(h)
	return l + time.Duration(int64(l)/1_000_000*h.ppm)
}

// monoEnds returns the earliest true time at which h's monotonic clock
// reads d or more.
func (s *sim) monoEnds(h *simHolder, d time.Duration) time.Duration {
	l := time.Duration(float64(d) / (1 + float64(h.ppm)/1e6))
	for l > 0 && l-1+time.Duration(int64(l-1)/1_000_000*h.ppm) >= d {
		l--
	}
	for l+time.Duration(int64(l)/1_000_000*h.ppm) < d {
		l++
	}
	return l
}

// wall reads a holder's wall clock, its generator's clock.
func (s *sim) wall(h *simHolder) time.Time { return s.base.Add(s.local(h) + h.skew) }

func (s *sim) schedule(h *simHolder, at time.Duration) {
	s.seq++
	heap.Push(&s.queue, simEvent{at: max(at, s.local(h)), seq: s.seq, h: h})
}

// exp returns an exponentially distributed duration with the given mean.
func (s *sim) exp(mean time.Duration) time.Duration {
	return time.Duration(s.rng.ExpFloat64() * float64(mean))
}

// uniform returns a duration in [-d, d].
func (s *sim) uniform(d time.Duration) time.Duration {
	return time.Duration(s.rng.Int64N(int64(2*d)+1)) - d
}

func runSim(t *testing.T, cfg simConfig) simStats {
	s := &sim{
		t:      t,
		cfg:    cfg,
		rng:    rand.New(rand.NewPCG(cfg.seed, cfg.seed^0x9e3779b97f4a7c15)),
		base:   time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC),
		space:  Space{Layout: "snowflake", Epoch: time.UnixMilli(1288834974657).UTC(), NodeBits: 10},
		owners: map[uint64]owner{},
		ids:    map[snowflake.ID]struct{}{},
		nodes:  map[uint64]*tenures{},
	}
	s.stats.lostWhy = map[string]int{}
	s.engine = NewMemory(func() time.Time { return s.base.Add(s.server) })
	for i := range cfg.holders {
		h := &simHolder{id: i}
		s.restart(h)
		s.schedule(h, s.exp(time.Minute))
	}
	end := time.Duration(cfg.hours * float64(time.Hour))
	for s.queue.Len() > 0 {
		ev := heap.Pop(&s.queue).(simEvent)
		if ev.at > end {
			break
		}
		s.now = ev.at
		s.stats.events++
		s.wake(ev.h)
	}
	return s.stats
}

// restart gives a holder fresh clocks, as a new process on another machine
// would have.
func (s *sim) restart(h *simHolder) {
	s.endTenure(h)
	h.skew = s.uniform(3 * time.Second)
	if s.rng.IntN(20) == 0 { // a badly set clock
		h.skew = s.uniform(2 * s.cfg.ttl)
	}
	h.ppm = s.rng.Int64N(201) - 100
	h.lease, h.gen, h.cutUntil = nil, nil, 0
}

func (s *sim) wake(h *simHolder) {
	if h.lease == nil {
		s.acquire(h)
		return
	}
	s.check(h)
	// Faults, each a few times an hour per holder, drawn per event.
	switch r := s.rng.IntN(4000); {
	case r < 3: // a crash: the process dies, its lease left to expire
		s.stats.crashed++
		s.restart(h)
		s.schedule(h, s.now+s.exp(time.Minute))
		return
	case r < 6: // a clean shutdown
		s.stats.closed++
		s.release(h)
		if err := h.lease.Close(); err != nil && !errors.Is(err, errCut) {
			s.t.Fatalf("holder %d: Close: %v", h.id, err)
		}
		s.restart(h)
		s.schedule(h, s.now+s.exp(time.Minute))
		return
	case r < 8: // a pause (SIGSTOP, a VM freeze) of up to 3 TTLs; half the
		// time right after the generator checked its fence for an ID that
		// is used only after the pause
		s.stats.paused++
		if s.rng.IntN(2) == 0 {
			s.issue(h, 1)
			s.stats.lateIDs++
		}
		h.busy = s.local(h) + time.Duration(s.rng.Int64N(int64(3*s.cfg.ttl)))
		h.issueNext = true
		s.schedule(h, h.busy)
		return
	case r < 10: // a partition of up to 3 TTLs
		s.stats.partitioned++
		h.cutUntil = s.local(h) + time.Duration(s.rng.Int64N(int64(3*s.cfg.ttl)))
	case r < 11: // the wall clock is stepped by up to 5s either way
		s.stats.stepped++
		h.skew += s.uniform(5 * time.Second)
	}
	local := s.local(h)
	if h.issueNext || h.issueAt <= local {
		h.issueNext = false
		s.issue(h, 1+s.rng.IntN(3))
		h.issueAt = local + s.exp(10*time.Second)
	}
	if h.lease != nil && h.stepAt <= local {
		wait, ok := h.lease.step(context.Background())
		s.check(h)
		if !ok {
			s.lost(h)
		} else {
			h.stepAt = s.local(h) + wait
		}
	}
	if h.lease == nil {
		s.schedule(h, s.now+s.exp(10*time.Second))
		return
	}
	s.schedule(h, min(h.stepAt, h.issueAt))
}

// acquire tries once to lease a node and bind a generator to it.
func (s *sim) acquire(h *simHolder) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel() // one try: the simulation waits on its own clock
	l, err := Acquire(ctx, simEngine{s, h}, s.space, WithTTL(s.cfg.ttl), WithHolder(fmt.Sprint(h.id, "/", s.seq)),
		func(o *options) {
			o.manual, o.mono = true, func() time.Duration { return s.mono(h) }
			o.start = func(size uint64) uint64 { return s.rng.Uint64N(size) }
			o.renewIn = func(ttl time.Duration) time.Duration { return ttl/4 + time.Duration(s.rng.Int64N(int64(ttl/6)+1)) }
		})
	switch {
	case errors.Is(err, ErrFull):
		s.stats.full++
		s.schedule(h, s.now+s.exp(10*time.Second))
		return
	case errors.Is(err, errCut):
		s.schedule(h, s.now+s.exp(10*time.Second))
		return
	case err != nil:
		s.t.Fatalf("holder %d: Acquire: %v", h.id, err)
	}
	g, err := snowflake.NewGenerator(0, snowflake.WithClock(func() time.Time { return s.wall(h) }), snowflake.WithLease(l))
	if err != nil {
		if errors.Is(err, ErrClockBehind) {
			s.stats.behind++
		} else if !errors.Is(err, errCut) && !errors.Is(err, ErrLeaseLost) {
			s.t.Fatalf("holder %d: NewGenerator: %v", h.id, err)
		}
		l.Close() // never bound, never believed in by a generator
		s.restart(h)
		s.schedule(h, s.now+s.exp(10*time.Second))
		return
	}
	s.stats.acquired++
	h.lease, h.gen = l, g
	ts := s.nodes[l.Node()]
	if ts == nil {
		ts = &tenures{}
		s.nodes[l.Node()] = ts
	}
	h.epoch = &epoch{h: h}
	ts.open = append(ts.open, h.epoch)
	s.check(h)
	h.stepAt, h.issueAt = s.local(h), s.local(h)+s.exp(time.Second)
	s.schedule(h, min(h.stepAt, h.issueAt))
}

// issue makes up to n IDs and checks each. A generator whose clock is not
// yet past the node's high-water tick would wait for it; the simulation
// waits on its own clock instead.
func (s *sim) issue(h *simHolder, n int) {
	if h.gen == nil {
		return
	}
	if tick := uint64(s.wall(h).UnixMilli() - 1288834974657); tick <= h.lease.above {
		h.issueAt = s.local(h) + time.Duration(h.lease.above-tick+1)*time.Millisecond
		return
	}
	for range n {
		id, err := h.gen.Next()
		switch {
		case errors.Is(err, ErrLeaseLost):
			s.lost(h)
			return
		case errors.Is(err, snowflake.ErrClockBackwards):
			s.stats.backwards++
			return
		case err != nil:
			s.t.Fatalf("holder %d: Next: %v", h.id, err)
		}
		if _, dup := s.ids[id]; dup {
			s.t.Fatalf("holder %d: ID %d (%+v) made twice", h.id, id, id.Fields())
		}
		if uint64(id.Node()) != h.lease.Node() {
			s.t.Fatalf("holder %d: ID %d has node %d, the lease holds %d", h.id, id, id.Node(), h.lease.Node())
		}
		s.ids[id] = struct{}{}
		s.stats.ids++
		s.checkOrder(h, id)
	}
}

// lost drops a holder's lost lease; it acquires another later.
func (s *sim) lost(h *simHolder) {
	s.stats.lost++
	err := h.lease.Err()
	switch {
	case err == nil:
		s.stats.lostWhy["fence"]++ // the generator refused before the lease noticed
	default:
		msg := err.Error()
		for _, why := range []string{"in time", "too late", "not held", "not confirmed"} {
			if strings.Contains(msg, why) {
				s.stats.lostWhy[why]++
				break
			}
		}
	}
	s.release(h)
	h.lease.Close()
	s.endTenure(h)
	h.lease, h.gen = nil, nil
}

// checkOrder checks that id, just made by h, is above every ID of the
// node's earlier tenures and below every ID of its later ones.
func (s *sim) checkOrder(h *simHolder, id snowflake.ID) {
	ts := s.nodes[h.lease.Node()]
	if id <= ts.sealed {
		s.t.Fatalf("holder %d: ID %d is not above %d, made on node %d before it held it", h.id, id, ts.sealed, h.lease.Node())
	}
	later := false
	for _, e := range ts.open {
		switch {
		case e == h.epoch:
			later = true
		case e.any && !later && id <= e.max:
			s.t.Fatalf("holder %d: ID %d is not above %d, made on node %d by the earlier holder %d", h.id, id, e.max, h.lease.Node(), e.h.id)
		case e.any && later && id >= e.min:
			s.t.Fatalf("holder %d: ID %d is not below %d, made on node %d by the later holder %d", h.id, id, e.min, h.lease.Node(), e.h.id)
		}
	}
	e := h.epoch
	if !e.any || id < e.min {
		e.min = id
	}
	e.max, e.any = max(e.max, id), true
}

// endTenure closes h's tenure, and folds the node's closed tenures that
// have no open one before them.
func (s *sim) endTenure(h *simHolder) {
	if h.epoch == nil {
		return
	}
	h.epoch.done = true
	ts := s.nodes[h.lease.Node()]
	for len(ts.open) > 0 && ts.open[0].done {
		ts.sealed = max(ts.sealed, ts.open[0].max)
		ts.open = ts.open[1:]
	}
	h.epoch = nil
}

// release records that h's belief in its lease ends now, as it closes it.
func (s *sim) release(h *simHolder) {
	if o, ok := s.owners[h.lease.Node()]; ok && o.h == h {
		s.owners[h.lease.Node()] = owner{h: h, until: min(o.until, s.local(h))}
	}
}

// check verifies that h, if it believes its lease valid, is its node's only
// such holder, and records until when its belief can last.
func (s *sim) check(h *simHolder) {
	l := h.lease
	if l == nil || l.err != nil || s.mono(h) >= l.deadline {
		return
	}
	s.stats.checks++
	n, local := l.Node(), s.local(h)
	if o, ok := s.owners[n]; ok && o.h != h && o.until > local {
		s.t.Fatalf("at %v node %d has two valid holders: %d (until %v) and %d", local, n, o.h.id, o.until, h.id)
	}
	s.owners[n] = owner{h: h, until: s.monoEnds(h, l.deadline)}
}

// TestSimulation runs 1,000 holders through 2 simulated hours by default
// and 24 with IDFORGE_FULL=1 (a step of .ci/run: several minutes on 2
// cores, too long for a default `go test work`).
func TestSimulation(t *testing.T) {
	cfg := simConfig{seed: 1, holders: 1000, hours: 2, ttl: time.Minute}
	if testenv.IsFull() {
		cfg.hours = 24
	}
	began := time.Now()
	st := runSim(t, cfg)
	t.Logf("%d holders, %g simulated hours, TTL %v, in %v: %d events, %d checks of the holders of a node, %d IDs (%d used after a pause), none repeated",
		cfg.holders, cfg.hours, cfg.ttl, time.Since(began).Round(time.Millisecond), st.events, st.checks, st.ids, st.lateIDs)
	t.Logf("%d leases acquired, %d renewals sent, %d closed, %d crashed, %d paused, %d partitioned, %d wall-clock steps, %d slow answers",
		st.acquired, st.renewals, st.closed, st.crashed, st.paused, st.partitioned, st.stepped, st.slow)
	t.Logf("%d lost (%v), %d refused for a clock behind the high-water mark, %d ErrClockBackwards, %d tries with every node held",
		st.lost, st.lostWhy, st.behind, st.backwards, st.full)
	if st.ids == 0 || st.lost == 0 || st.paused == 0 || st.acquired < cfg.holders {
		t.Errorf("the simulation exercised too little: %+v", st)
	}
}
