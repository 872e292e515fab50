package idrt

import (
	"errors"
	"fmt"
	"math"
	"math/bits"
	"sync"
	"sync/atomic"
)

// Counter is a counter value of up to 128 bits: Hi holds bits 64 to 127 and
// Lo bits 0 to 63. Counters compare as unsigned 128-bit integers.
type Counter struct{ Hi, Lo uint64 }

// Init says where a layout's counter starts at each new tick (RFC 9562 §6.2).
type Init uint8

// The counter starting policies.
const (
	// InitZero starts the counter at zero at each new tick, as Snowflake
	// does: the most IDs per tick, and IDs of one tick are guessable.
	InitZero Init = iota
	// InitSeeded starts the counter at random bits with its top bit clear
	// at each new tick (RFC 9562 §6.2 method 1, "fixed bit-length dedicated
	// counter" with rollover guard): at least 2^(w-1) IDs per tick for a
	// w-bit counter before it runs out.
	InitSeeded
	// InitRandom starts the counter at random bits at each new tick (method
	// 2, "monotonic random", incremented by one, as ULID does). A tick is
	// only guaranteed one ID before the counter runs out.
	InitRandom
	// InitRunning never resets the counter: it starts at random bits on a
	// generator's first ID and then counts on across ticks, wrapping around
	// (as MongoDB's ObjectId does). It requires OverflowWrap.
	InitRunning
)

// String returns the word a layout spec declares the start with: zero,
// seeded, random or running.
func (i Init) String() string {
	if int(i) < len(initNames) {
		return initNames[i]
	}
	return fmt.Sprintf("Init(%d)", i)
}

var initNames = [...]string{"zero", "seeded", "random", "running"}

// Overflow says what happens when a counter runs out within a tick.
type Overflow uint8

// The overflow policies.
const (
	// OverflowWait makes Next return ErrExhausted: the caller waits for the
	// clock to pass the tick (see Wait) and tries again.
	OverflowWait Overflow = iota
	// OverflowBorrow takes the next tick at once, running ahead of the
	// clock, and restarts the counter there.
	OverflowBorrow
	// OverflowWrap wraps the counter around to zero. It is only valid with
	// InitRunning, and IDs are then not strictly increasing.
	OverflowWrap
)

// String returns the word a layout spec declares the overflow with: wait,
// borrow or wrap.
func (o Overflow) String() string {
	if int(o) < len(overflowNames) {
		return overflowNames[o]
	}
	return fmt.Sprintf("Overflow(%d)", o)
}

var overflowNames = [...]string{"wait", "borrow", "wrap"}

// Policy describes a layout's monotonic behaviour: its counter and its time
// field. Generated code declares one per layout as a package-level variable
// and passes its address to State.Next; it must not change while in use.
//
// A valid Policy has CounterBits in 0..128, a known Init and Overflow, and
// uses OverflowWrap exactly when Init is InitRunning. Next rejects any other
// Policy with an error.
//
// # Drift
//
// With OverflowBorrow, a generator that makes IDs faster than its counter
// allows runs ahead of the clock: each exhausted counter takes the next tick.
// It falls back in step as soon as the clock passes the borrowed tick. The
// drift is bounded by the rate: a w-bit counter gives every tick at least
// 2^w IDs with InitZero, at least 2^(w-1)+1 with InitSeeded (the seed's top
// bit is clear), and at least one with InitRandom (on average 2^(w-1)). With
// no counter (CounterBits 0), every ID takes a tick of its own, as UUIDv1
// and v6 generators do. MaxBehind, when set, caps the drift: a State that is
// more than MaxBehind ticks ahead of the clock returns ErrClockBackwards
// instead of borrowing further.
type Policy struct {
	// CounterBits is the width of the counter, 0 to 128. 0 means no
	// counter: then every ID needs a tick of its own, so the Overflow should
	// be OverflowBorrow (with OverflowWait, each tick holds a single ID).
	CounterBits int
	// Init is where the counter starts at each new tick.
	Init Init
	// Overflow is what happens when the counter runs out within a tick.
	Overflow Overflow
	// MaxTick is the largest tick the layout's time field holds,
	// 2^timeBits - 1. Next never returns a larger tick: it returns
	// ErrTimeOverflow rather than wrap time around.
	MaxTick uint64
	// MaxBehind is how many ticks the clock may be behind the last tick
	// used (because the clock went backwards, or because the generator
	// borrowed ticks ahead of it) before Next returns ErrClockBackwards.
	// 0 means no limit: the generator keeps counting on its last tick, and
	// borrowing, however far the clock falls behind.
	MaxBehind uint64
	// Seed, for NextRandom, returns the counter's starting value from an
	// ID's random bytes (Next takes the seed as an argument instead). Only
	// the counter's low CounterBits bits of it are used; nil means zero.
	Seed func(r []byte) Counter
}

// Errors returned by State.Next and Wait.Past.
var (
	// ErrExhausted is returned by State.Next, only with OverflowWait, when
	// the counter has run out for the tick it also returns: the caller must
	// wait for the clock to pass that tick (Wait.Past does) and call Next
	// again.
	ErrExhausted = errors.New("counter exhausted for this tick")
	// ErrClockBackwards is returned by State.Next when the clock is more
	// than Policy.MaxBehind ticks behind the last tick used, and matched by
	// the *ClockError of a Wait whose clock did not pass the awaited tick in
	// time (ErrClockStalled, also matched, tells a clock that stood still).
	ErrClockBackwards = errors.New("clock moved backwards too far")
	// ErrTimeOverflow is returned by State.Next when the next tick would be
	// past Policy.MaxTick, the last tick the layout's time field holds.
	ErrTimeOverflow = errors.New("time past the layout's last tick")
	// ErrEntropy is matched, along with the reader's own error, by the
	// error State.NextRandom returns when it cannot read random bits.
	ErrEntropy = errors.New("reading random bits failed")
)

// entropyError is the error of a failed read of random bits: it reads as the
// reader's error and matches both it and ErrEntropy.
type entropyError struct{ err error }

func (e entropyError) Error() string   { return e.err.Error() }
func (e entropyError) Unwrap() []error { return []error{ErrEntropy, e.err} }

// errPolicy is returned by State.Next for a nil State or an invalid Policy.
var errPolicy = errors.New("invalid policy (CounterBits outside 0..128, unknown Init or Overflow, or OverflowWrap without InitRunning) or nil State")

// State is one generator's monotonic state: the last tick used and the
// counter value within it. The zero value is ready to use. A State is safe for
// concurrent use and must not be copied after first use.
//
// For every Policy except InitRunning ones, the (tick, counter) pairs that
// Next returns from one State strictly increase, ordered by tick and then by
// counter, whatever the sequence of clock readings and however many
// goroutines call it: the State never repeats itself and never goes back.
//
// The state is a tick, a 128-bit counter and a flag under a sync.Mutex,
// held only for a few comparisons and additions, and, for NextRandom, up to
// 256 random bytes drawn ahead under the same mutex. Two kinds of policy
// take no lock in Next: one with no counter that borrows (UUIDv1 and v6)
// keeps only its next tick in an atomic word, and one whose tick and counter
// fit together in 58 bits (Snowflake's 41 + 12) keeps both packed in an
// atomic word; each advances its word with a compare-and-swap. (The packed
// word is started under the lock: at the first ID and after a Restore.)
type State struct {
	mu   sync.Mutex
	last // the last ID's tick and counter, guarded by mu

	// p is the policy last used, checked valid; room is the counter value
	// below which one more ID on the last tick takes the short path under
	// it (zero for a running counter), and behind how many ticks the clock
	// may then be behind the last tick (p.MaxBehind, or no limit). They are
	// guarded by mu.
	p      *Policy
	room   Counter
	behind uint64

	// next is the last tick used plus one, for policies with no counter that
	// borrow (UUIDv1 and v6: each ID takes a tick of its own). Such a policy
	// needs only the last tick, so Next advances it with a compare-and-swap
	// instead of the lock. Zero means no ID yet.
	next atomic.Uint64

	// word holds the last tick and counter, packed, for a packable policy:
	// Next advances it with a compare-and-swap instead of the lock (see
	// packWord). Zero means the state is in last: before the first ID on
	// this path, after Restore, and after a call on the locked path.
	word atomic.Uint64

	// pool holds random bytes drawn ahead from a crypto/rand-backed Entropy
	// for NextRandom, guarded by mu; the unread ones are the last poolN.
	pool  [poolSize]byte
	poolN int
}

// poolSize is how many random bytes NextRandom draws from a crypto/rand-backed
// Entropy at a time: the random blocks of 16 UUIDs, so that the Entropy's
// lock is taken once every 16 IDs rather than for each.
const poolSize = 256

// last is the tick and counter of the last ID made; ok is false before the
// first (or a Restore). After a ResumePast, resumed is set: no ID is on
// tick, which is a mark to resume above, and the next ID takes tick+1 at
// once, whatever the policy's overflow.
type last struct {
	tick    uint64
	c       Counter
	ok      bool
	resumed bool
}

// packable reports whether Next keeps a policy's state in State.word: a
// counter that is not a running one, and a tick and counter that fit
// together, with the counter's width, in 64 bits.
func packable(p *Policy) bool {
	return p.Init != InitRunning && p.CounterBits > 0 && bits.Len64(p.MaxTick)+p.CounterBits <= 58
}

// packWord packs the tick and counter of an ID made under a packable
// policy with a w-bit counter: tick, counter and w, in 6 bits at the bottom
// so that unpackWord needs no policy and the word is never zero.
func packWord(tick uint64, c Counter, w int) uint64 {
	return (tick<<w|c.Lo)<<6 | uint64(w)
}

// unpackWord returns the state packWord packed, or no state for zero.
func unpackWord(word uint64) last {
	if word == 0 {
		return last{}
	}
	w, v := word&63, word>>6
	return last{tick: v >> w, c: Counter{Lo: v & (1<<w - 1)}, ok: true}
}

// nextPacked is NextN for a packable policy: it advances s.word with a
// compare-and-swap. When the state is in s.last instead, it moves it to the
// word under the lock.
func (s *State) nextPacked(p *Policy, now uint64, seed Counter, n int) (tick uint64, c Counter, k int, err error) {
	m := mask(p.CounterBits)
	for {
		old := s.word.Load()
		if old == 0 {
			s.mu.Lock()
			if s.word.Load() == 0 {
				tick, c, k, err = s.last.advanceN(p, m, now, seed, n)
				if err == nil {
					s.word.Store(packWord(tick, Counter{Lo: c.Lo + uint64(k-1)}, p.CounterBits))
				}
				s.mu.Unlock()
				return tick, c, k, err
			}
			s.mu.Unlock()
			continue // another call moved it meanwhile
		}
		tick, c, k, err = unpackWord(old).advanceN(p, m, now, seed, n)
		if err != nil {
			return tick, c, 0, err
		}
		if s.word.CompareAndSwap(old, packWord(tick, Counter{Lo: c.Lo + uint64(k-1)}, p.CounterBits)) {
			return tick, c, k, nil
		}
	}
}

// settle moves the state back from s.word, where nextPacked keeps it, to
// s.last, for a call on the locked path. s.mu must be held.
func (s *State) settle() {
	if s.word.Load() != 0 { // a plain load: the word is zero but for packable policies
		if w := s.word.Swap(0); w != 0 {
			s.last = unpackWord(w)
		}
	}
}

// tickOnly reports whether a policy takes the lock-free path: no counter,
// borrowing, and no limit on how far behind the clock may be.
func tickOnly(p *Policy) bool {
	return p.CounterBits == 0 && p.Overflow == OverflowBorrow && p.MaxBehind == 0
}

// nextTick is Next for a tickOnly policy: the clock's tick, or the tick
// after the last one used if the clock has not passed it.
func (s *State) nextTick(p *Policy, now uint64) (uint64, Counter, error) {
	for {
		old := s.next.Load()
		tick := now
		if old != 0 && now < old {
			tick = old // now <= the last tick: take the one after it
		}
		if tick > p.MaxTick || tick == math.MaxUint64 {
			return 0, Counter{}, ErrTimeOverflow
		}
		if s.next.CompareAndSwap(old, tick+1) {
			return tick, Counter{}, nil
		}
	}
}

// Next returns the tick and counter for the next ID, given the clock's
// current tick now, in the layout's epoch and unit, and fresh random seed
// bits, which the caller reads from an Entropy. Next uses the seed only when
// a counter starts: bits above CounterBits are ignored.
//
// On a generator's first call, or when now is past the last tick used, the
// ID takes tick now and the counter starts afresh: at zero (InitZero), at the
// seed with its top bit cleared (InitSeeded), or at the seed (InitRandom).
// An InitRunning counter is not reset: it counts on from its previous value,
// and starts at the seed only on the first call.
//
// When now is at or before the last tick used (the same tick again, or a
// clock that went backwards) the ID stays on the last tick and the counter
// is incremented by one. If the counter is already at its largest value,
// 2^CounterBits - 1 (always, for a 0-bit counter), then:
//
//   - OverflowBorrow takes the next tick, last+1, ahead of the clock, and
//     starts the counter afresh there;
//   - OverflowWait returns the last tick, a zero Counter and ErrExhausted:
//     call Next again once the clock has passed that tick;
//   - OverflowWrap (InitRunning) wraps the counter to zero.
//
// An InitRunning counter counts on by one at every call, and its tick simply
// follows the clock, even backwards. Its IDs are therefore not strictly
// increasing: a running counter layout such as MongoDB's ObjectId promises
// uniqueness within a generator (as long as it makes fewer than
// 2^CounterBits IDs before its clock comes back to a tick), not order.
//
// Next returns ErrClockBackwards if Policy.MaxBehind is not 0 and the clock
// is more than MaxBehind ticks behind the last tick used, and
// ErrTimeOverflow if the tick would be past Policy.MaxTick. On any error,
// the State is unchanged, and the tick and counter are zero except as said
// for ErrExhausted.
func (s *State) Next(p *Policy, now uint64, seed Counter) (tick uint64, c Counter, err error) {
	if s == nil || p == nil || !p.valid() {
		return 0, Counter{}, errPolicy
	}
	if tickOnly(p) {
		return s.nextTick(p, now)
	}
	if packable(p) {
		tick, c, _, err = s.nextPacked(p, now, seed, 1)
		return tick, c, err
	}
	return s.nextLocked(p, now, seed)
}

// nextLocked is Next on the locked path.
func (s *State) nextLocked(p *Policy, now uint64, seed Counter) (tick uint64, c Counter, err error) {
	s.mu.Lock()
	s.settle()
	s.use(p)
	if c, ok := s.same(p, now); ok {
		s.c, tick = c, s.tick
		s.mu.Unlock()
		return tick, c, nil
	}
	tick, c, err = s.advance(p, mask(p.CounterBits), now, seed)
	if err == nil {
		s.last = last{tick: tick, c: c, ok: true}
	}
	s.mu.Unlock()
	return tick, c, err
}

// NextRandom is Next for IDs that also carry random bits: it fills r with
// random bytes from e and, if the ID starts a counter, seeds it with
// p.Seed(r), under the same lock that orders the IDs. Taking one lock per ID
// instead of two (the Entropy's and the State's) is most of what it saves.
// r may hold at most 256 bytes, the random block of a 2048-bit ID; layouts
// have at most 1024 bits.
//
// From a crypto/rand-backed Entropy (a nil one, [Crypto], or NewEntropy(nil))
// NextRandom draws 256 bytes ahead and keeps them in the State. From any
// other source it reads exactly len(r) bytes per call, so that a given
// stream makes the same IDs as Next with seeds from the same bytes would.
//
// If e fails, NextRandom returns an error that matches both ErrEntropy and
// the reader's error, and the State is unchanged. Otherwise its results are
// those of Next(p, now, p.Seed(r)).
func (s *State) NextRandom(p *Policy, now uint64, e *Entropy, r []byte) (tick uint64, c Counter, err error) {
	n := len(r)
	if s == nil || p == nil || n > poolSize {
		return 0, Counter{}, errPolicy
	}
	s.mu.Lock()
	s.settle()
	if !s.use(p) {
		s.mu.Unlock()
		return 0, Counter{}, errPolicy
	}
	var b []byte
	if s.poolN >= n {
		// The fast path: the pool holds enough (only crypto/rand bytes are
		// ever pooled).
		off := poolSize - s.poolN
		s.poolN -= n
		b = s.pool[off : off+n : off+n]
	} else if b, err = s.draw(e, n); err != nil {
		s.mu.Unlock()
		return 0, Counter{}, entropyError{err}
	}
	copyBlock(r, b)
	if c, ok := s.same(p, now); ok {
		// The common case under load: one more ID on the last tick, which
		// needs no seed and no check.
		s.c, tick = c, s.tick
		s.mu.Unlock()
		return tick, c, nil
	}
	if tickOnly(p) {
		s.mu.Unlock()
		return s.nextTick(p, now)
	}
	var seed Counter
	if p.Seed != nil {
		seed = p.Seed(b) // b, in the State, rather than r, so that r does not escape
	}
	tick, c, err = s.advance(p, mask(p.CounterBits), now, seed)
	if err == nil {
		s.last = last{tick: tick, c: c, ok: true}
	}
	s.mu.Unlock()
	return tick, c, err
}

// use records p as the policy in use, after checking that it is valid if it
// is not the one already in use, and reports whether it is valid. s.mu must
// be held.
func (s *State) use(p *Policy) bool {
	if s.p == p {
		return true
	}
	if !p.valid() {
		return false
	}
	s.p, s.room, s.behind = p, Counter{}, p.MaxBehind
	if p.Init != InitRunning {
		s.room = mask(p.CounterBits)
	}
	if p.MaxBehind == 0 {
		s.behind = math.MaxUint64
	}
	return true
}

// same returns the counter for one more ID on the last tick used, and true,
// when that is all advance would do: p is the policy in use, the clock is not
// past the last tick nor further behind it than p allows, the counter, not a
// running one, has room left, the tick is one the layout holds (a
// restored one need not be), and it is an ID's tick, not a mark to resume
// above (ResumePast). s.mu must be held.
func (s *State) same(p *Policy, now uint64) (Counter, bool) {
	if s.p != p || !s.ok || s.resumed || now > s.tick || s.tick-now > s.behind || !less(s.c, s.room) || s.tick > p.MaxTick {
		return Counter{}, false
	}
	return inc(s.c), true
}

// draw refills the pool and returns n <= poolSize random bytes from e, in
// the State's pool: drawn ahead, poolSize at a time, if e is backed by
// crypto/rand, and else read from e just now. Pooled bytes are handed out
// once; when fewer than n are left they are dropped. s.mu must be held, and
// the pool must hold fewer than n bytes (NextRandom takes them itself
// otherwise).
func (s *State) draw(e *Entropy, n int) ([]byte, error) {
	// Only bytes from crypto/rand are ever pooled, so this is the one
	// place that needs to know where e's bytes come from.
	if e == nil {
		e = &cryptoEntropy
	}
	if !e.crypto() {
		s.poolN = 0
		if _, err := e.Read(s.pool[:n]); err != nil {
			return nil, err
		}
		return s.pool[:n], nil
	}
	if _, err := e.Read(s.pool[:]); err != nil {
		s.poolN = 0
		return nil, err
	}
	s.poolN = poolSize - n
	return s.pool[:n], nil
}

// advance computes the next tick and counter after l, the last ID's, without
// changing it. m is the counter mask of p.
func (l last) advance(p *Policy, m Counter, now uint64, seed Counter) (uint64, Counter, error) {
	var tick uint64
	var c Counter
	switch {
	case !l.ok:
		tick, c = now, start(p.Init, m, seed)
	case p.Init == InitRunning:
		if now < l.tick && p.MaxBehind > 0 && l.tick-now > p.MaxBehind {
			return 0, Counter{}, ErrClockBackwards
		}
		tick, c = now, and(inc(l.c), m)
	case now > l.tick:
		tick, c = now, start(p.Init, m, seed)
	case l.resumed:
		// Resuming above a mark (ResumePast): the next tick at once, ahead
		// of the clock, with the counter started afresh, whatever the
		// overflow. The tick may be MaxBehind ticks ahead of the clock at
		// most, as any later ID's on it is.
		if p.MaxBehind > 0 && l.tick-now >= p.MaxBehind {
			return 0, Counter{}, ErrClockBackwards
		}
		if l.tick == math.MaxUint64 {
			return 0, Counter{}, ErrTimeOverflow
		}
		tick, c = l.tick+1, start(p.Init, m, seed)
	default:
		if p.MaxBehind > 0 && l.tick-now > p.MaxBehind {
			return 0, Counter{}, ErrClockBackwards
		}
		if less(l.c, m) {
			tick, c = l.tick, inc(l.c)
		} else if p.Overflow == OverflowBorrow {
			if l.tick == math.MaxUint64 {
				return 0, Counter{}, ErrTimeOverflow
			}
			tick, c = l.tick+1, start(p.Init, m, seed)
		} else {
			return l.tick, Counter{}, ErrExhausted
		}
	}
	if tick > p.MaxTick {
		return 0, Counter{}, ErrTimeOverflow
	}
	return tick, c, nil
}

// NextN is Next for a batch: it returns the tick and the first of k
// consecutive counter values (1 <= k <= n) that the caller may use on that
// tick, all after every ID made before and reserved as if made by k calls
// of Next. A batch stops at the end of the counter's room on one tick, so
// the caller calls again for the rest. For counters wider than 64 bits k is
// always 1.
func (s *State) NextN(p *Policy, now uint64, seed Counter, n int) (tick uint64, c Counter, k int, err error) {
	if n < 1 {
		n = 1
	}
	if s == nil || p == nil || !p.valid() {
		return 0, Counter{}, 0, errPolicy
	}
	if tickOnly(p) {
		tick, c, err = s.nextTick(p, now)
		return tick, c, 1, err
	}
	if packable(p) {
		return s.nextPacked(p, now, seed, n)
	}
	s.mu.Lock()
	s.settle()
	tick, c, k, err = s.last.advanceN(p, mask(p.CounterBits), now, seed, n)
	if err == nil {
		s.last = last{tick: tick, c: Counter{Hi: c.Hi, Lo: c.Lo + uint64(k-1)}, ok: true}
	}
	s.mu.Unlock()
	return tick, c, k, err
}

// advanceN is advance for a batch of up to n IDs: it also returns how many
// consecutive counter values, k, the batch may take on the tick.
func (l last) advanceN(p *Policy, m Counter, now uint64, seed Counter, n int) (tick uint64, c Counter, k int, err error) {
	tick, c, err = l.advance(p, m, now, seed)
	if err != nil {
		return tick, c, 0, err
	}
	k = 1
	if m.Hi == 0 && p.Init != InitRunning {
		room := m.Lo - c.Lo // further values left on this tick
		k = int(min(uint64(n-1), room)) + 1
	}
	return tick, c, k, nil
}

// Last returns the tick and counter of the last ID, for saving the state of
// a generator across restarts; ok is false before the first ID (and for a nil
// State).
func (s *State) Last() (tick uint64, c Counter, ok bool) {
	if s == nil {
		return 0, Counter{}, false
	}
	s.mu.Lock()
	l := s.last
	if w := s.word.Load(); w != 0 {
		l = unpackWord(w) // made on the packed path
	}
	s.mu.Unlock()
	tick, c, ok = l.tick, l.c, l.ok
	if n := s.next.Load(); n != 0 && (!ok || n-1 > tick) {
		return n - 1, Counter{}, true // made on the lock-free path
	}
	return tick, c, ok
}

// Restore sets the state as if the last ID had been made at tick with
// counter c, typically values saved from Last before a restart, so that the
// next ID comes after (tick, c): on tick with counter c+1, or on a later tick.
// A saved tick that is ahead of the clock is kept, exactly as a borrowed one
// would be. Restore on a nil State does nothing.
func (s *State) Restore(tick uint64, c Counter) {
	if s == nil {
		return
	}
	s.mu.Lock()
	s.last = last{tick: tick, c: c, ok: true}
	s.word.Store(0)
	s.mu.Unlock()
	// For the lock-free path: after the last tick there is none, and a
	// saturated next makes every later tick an ErrTimeOverflow.
	s.next.Store(min(tick, math.MaxUint64-1) + 1)
}

// ResumePast makes the State's next ID under p come on a tick after tick, at
// once: on the clock's tick if the clock has passed tick, and else on
// tick+1, ahead of the clock, with the counter started afresh, whatever p's
// Overflow; unless its last ID is on a later tick already. Generators use it
// to resume above a high-water mark (one kept in a store, or a node
// lease's) without waiting for the clock to pass the mark, as Restore
// with the counter at its largest makes a policy with OverflowWait do.
// Later IDs follow p as after any tick
// ahead of the clock: with OverflowWait, a counter that runs out on a tick
// the clock has not reached makes Next return ErrExhausted.
//
// With p.MaxBehind set, the first ID needs the clock less than MaxBehind
// ticks behind tick (so that tick+1 is at most MaxBehind ahead of it), and
// Next returns ErrClockBackwards otherwise. Last reports tick, with the
// counter at its largest, until the first ID. ResumePast on a nil State
// does nothing.
func (s *State) ResumePast(p *Policy, tick uint64) {
	if s == nil || p == nil {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	l := s.last
	if w := s.word.Load(); w != 0 {
		l = unpackWord(w)
	}
	if l.ok && l.tick > tick {
		return
	}
	if n := s.next.Load(); n != 0 && n-1 > tick {
		return // an ID on a later tick, made on the lock-free path
	}
	s.last = last{tick: tick, c: mask(p.CounterBits), ok: true, resumed: true}
	s.word.Store(0)
	s.next.Store(min(tick, math.MaxUint64-1) + 1)
}

// valid reports whether p is a policy Next accepts.
func (p *Policy) valid() bool {
	return p.CounterBits >= 0 && p.CounterBits <= 128 &&
		p.Init <= InitRunning && p.Overflow <= OverflowWrap &&
		(p.Init == InitRunning) == (p.Overflow == OverflowWrap)
}

// start returns the counter's value at a new tick (or, for InitRunning, at
// the first ID), given the counter mask m and the random seed.
func start(init Init, m, seed Counter) Counter {
	switch init {
	case InitZero:
		return Counter{}
	case InitSeeded:
		return and(seed, shr1(m)) // top bit clear: the rollover guard
	default: // InitRandom, InitRunning
		return and(seed, m)
	}
}

// mask returns the largest value of a w-bit counter, 2^w - 1, for w in 0..128.
func mask(w int) Counter {
	switch {
	case w <= 0:
		return Counter{}
	case w < 64:
		return Counter{Lo: 1<<w - 1}
	case w < 128:
		return Counter{Hi: 1<<(w-64) - 1, Lo: math.MaxUint64}
	default:
		return Counter{Hi: math.MaxUint64, Lo: math.MaxUint64}
	}
}

// inc returns c+1, modulo 2^128.
func inc(c Counter) Counter {
	lo, carry := bits.Add64(c.Lo, 1, 0)
	return Counter{Hi: c.Hi + carry, Lo: lo}
}

// and returns the bitwise and of a and b.
func and(a, b Counter) Counter {
	return Counter{Hi: a.Hi & b.Hi, Lo: a.Lo & b.Lo}
}

// shr1 returns c shifted right by one bit.
func shr1(c Counter) Counter {
	return Counter{Hi: c.Hi >> 1, Lo: c.Lo>>1 | c.Hi<<63}
}

// less reports whether a < b as unsigned 128-bit integers.
func less(a, b Counter) bool {
	return a.Hi < b.Hi || a.Hi == b.Hi && a.Lo < b.Lo
}
