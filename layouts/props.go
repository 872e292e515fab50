package layouts

import (
	"fmt"
	"math"
	"math/big"
	"time"
)

// TimeSortable reports whether sorting IDs by their bytes sorts them by
// time: the layout has a time, and reading from the most significant bit,
// every bit before the last time bit is a time bit or a constant, and the
// time bits come most significant first.
func (l *Layout) TimeSortable() bool {
	v, ok := l.Value(Time)
	if !ok {
		return false
	}
	next := v.Width
	for _, p := range l.Parts {
		if next == 0 {
			return true
		}
		switch {
		case p.Role == Const:
		case p.Role == Time && p.Hi == next:
			next = p.Lo
		default:
			return false
		}
	}
	return next == 0
}

// Tick returns the length of one time unit and whether the layout has a time.
// Units shorter than a nanosecond round down to zero.
func (l *Layout) Tick() (time.Duration, bool) {
	v, ok := l.Value(Time)
	if !ok {
		return 0, false
	}
	return time.Duration(v.Unit.Num * uint64(time.Second) / v.Unit.Den), true
}

// Overflow returns the first instant the layout's time cannot hold: its epoch
// plus 2^width units. ok is false when the layout has no time or the instant
// lies beyond what time.Time holds.
func (l *Layout) Overflow() (t time.Time, ok bool) {
	v, ok := l.Value(Time)
	if !ok {
		return time.Time{}, false
	}
	// 2^width * Num / Den seconds, as whole seconds and nanoseconds.
	ns := new(big.Int).Lsh(big.NewInt(1), uint(v.Width))
	ns.Mul(ns, new(big.Int).SetUint64(v.Unit.Num*1e9))
	ns.Quo(ns, new(big.Int).SetUint64(v.Unit.Den))
	sec, nsec := new(big.Int).QuoRem(ns, big.NewInt(1e9), new(big.Int))
	sec.Add(sec, big.NewInt(v.Epoch.Unix()))
	if !sec.IsInt64() || sec.Int64() > maxUnix {
		return time.Time{}, false
	}
	return time.Unix(sec.Int64(), int64(v.Epoch.Nanosecond())+nsec.Int64()).UTC(), true
}

// maxUnix is the last Unix second that time.Time can hold and still format.
const maxUnix = 1<<63 - 1 - (1969*365+1969/4-1969/100+1969/400)*86400

// PerTick returns how many IDs one generator can make within one tick before
// its counter runs out: 2^w for a counter of w bits that starts at zero, and
// 2^(w-1) for one that starts at random bits. A counter seeded with its top
// bit clear makes at least 2^(w-1); one that starts anywhere at random (as
// ULID's and KSUID's do) is guaranteed only one, but makes 2^(w-1) or more
// in half of all ticks, and the figure is that median. A running counter
// makes 2^w before it comes back to where it started. A layout with a
// clock sequence and no counter makes one ID per tick in order (a UUIDv1
// generator then borrows the next tick). A time-based layout with neither
// makes any number, told apart by random bits only and not ordered
// (Monotonic is false): PerTick returns +Inf. Above 2^53 the count is
// rounded.
func (l *Layout) PerTick() float64 {
	c, ok := l.Value(Counter)
	if !ok {
		_, seq := l.Value(ClockSeq)
		if _, timed := l.Value(Time); timed && !seq {
			return math.Inf(1)
		}
		return 1
	}
	switch c.Init {
	case InitSeeded, InitRandom:
		return math.Ldexp(1, c.Width-1)
	}
	return math.Ldexp(1, c.Width)
}

// RandomBits returns the number of bits of an ID drawn at random: the
// random bits drawn fresh for every ID, and the random bits a counter starts
// at in each tick (w for a w-bit counter that starts anywhere at random, as
// ULID's does, and w-1 for one seeded with its top bit clear, as UUIDv7's
// is). Within a tick, the counter of every ID after the first follows from
// the one before. Bits chosen once per generator (random once, and the start
// of a running counter) do not count.
func (l *Layout) RandomBits() int {
	n := 0
	if r, ok := l.Value(Random); ok && !r.Once {
		n = r.Width
	}
	if c, ok := l.Value(Counter); ok {
		switch c.Init {
		case InitSeeded:
			n += c.Width - 1
		case InitRandom:
			n += c.Width
		}
	}
	return n
}

// FreshBits returns the number of random bits a generator draws anew for
// every ID: those of the random role, unless it is drawn once. Unlike
// RandomBits it leaves out the random start of a counter, which the IDs after
// the first of a tick only count on from, so it is what keeps one ID from
// giving away the next.
func (l *Layout) FreshBits() int {
	if r, ok := l.Value(Random); ok && !r.Once {
		return r.Width
	}
	return 0
}

// NeedsNode reports whether a generator of the layout must be given its
// node: the layout has a time and a node that is not MAC-style (a MAC-style
// node defaults to random bits with the multicast bit set).
func (l *Layout) NeedsNode() bool {
	n, hasNode := l.Value(Node)
	_, hasTime := l.Value(Time)
	_, hasHash := l.Value(Hash)
	return hasNode && !n.MAC && hasTime && !hasHash
}

// DrawsOnce reports whether a generator of the layout draws random values
// once, when it is made: a MAC-style node, a clock sequence or random once
// bits.
func (l *Layout) DrawsOnce() bool {
	n, hasNode := l.Value(Node)
	_, hasSeq := l.Value(ClockSeq)
	r, hasRandom := l.Value(Random)
	return hasNode && n.MAC || hasSeq || hasRandom && r.Once
}

// Monotonic reports whether a generator of the layout makes strictly
// increasing IDs: it has a time and either a counter that does not wrap or a
// clock sequence (a UUIDv1 or v6 generator steps the time itself within a
// tick).
func (l *Layout) Monotonic() bool {
	_, hasTime := l.Value(Time)
	c, hasCounter := l.Value(Counter)
	_, hasSeq := l.Value(ClockSeq)
	return hasTime && (hasCounter && c.Init != InitRunning || hasSeq)
}

// drawnBits returns the bits that tell apart two IDs made within one tick
// by one generator, or by several whose other bits are equal: RandomBits,
// and for a name-based layout the digest bits it holds, which differ for
// distinct names.
func (l *Layout) drawnBits() int {
	n := l.RandomBits()
	if _, ok := l.Value(Hash); ok {
		for _, p := range l.Parts {
			if p.Role == Hash {
				n += p.Width
			}
		}
	}
	return n
}

// crossBits returns the bits that tell apart the IDs of two generators made
// within one tick, or +Inf when distinct nodes tell them apart outright.
func (l *Layout) crossBits(generators int) float64 {
	b := float64(l.drawnBits())
	if r, ok := l.Value(Random); ok && r.Once {
		b += float64(r.Width)
	}
	if c, ok := l.Value(Counter); ok && c.Init == InitRunning {
		b += float64(c.Width)
	}
	if s, ok := l.Value(ClockSeq); ok {
		b += float64(s.Width)
	}
	if n, ok := l.Value(Node); ok {
		switch {
		case n.MAC:
			b += float64(n.Width - 1) // random, with the multicast bit set
		case n.Width >= 63 || generators <= 1<<n.Width:
			return math.Inf(1)
		}
	}
	return b
}

// FullSpeed is the rate, in IDs a second, at which Warnings judges whether
// one generator repeats itself: one ID every 10 ns, about as fast as
// idforge's generated generators make them in a batch.
const FullSpeed = 1e8

// clockStep is the shortest tick, in seconds, that the estimates count: a
// clock reading (time.Time) tells nothing finer than a nanosecond apart, so
// a finer unit does not tell more IDs apart.
const clockStep = 1e-9

// Duplicates returns the expected numbers of pairs of equal IDs when the
// given number of generators each make rate IDs a second for the given
// number of seconds: self counts the pairs made by one generator (a layout
// that is not Monotonic has them: its IDs within a tick are told apart by
// random bits only, or, with a running counter, until it wraps), and cross
// the pairs made by two. It assumes what Collision assumes. For a
// name-based layout, it counts the IDs of distinct names.
func (l *Layout) Duplicates(rate float64, generators int, seconds float64) (self, cross float64) {
	if rate <= 0 || generators <= 0 || seconds <= 0 {
		return 0, 0
	}
	tick := seconds
	if v, ok := l.Value(Time); ok {
		tick = min(tick, max(float64(v.Unit.Num)/float64(v.Unit.Den), clockStep))
	}
	ticks := seconds / tick
	n := rate * tick // IDs per generator per tick, on average
	g := float64(generators)
	if cb := l.crossBits(generators); generators > 1 && !math.IsInf(cb, 1) {
		cross = ticks * g * (g - 1) / 2 * n * n * math.Exp2(-cb)
	}
	if !l.Monotonic() {
		if pairs := l.selfPairs(n); pairs > 0 {
			self = ticks * g * pairs * math.Exp2(-float64(l.drawnBits()))
		}
	}
	return self, cross
}

// Collision returns the birthday-bound probability that two IDs collide when
// the given number of generators each make rate IDs per second for the given
// window: 1 - exp(-d), where d is the expected number of equal pairs
// (Duplicates), within one generator and across generators. It assumes
// generators are given distinct node ids where the layout has a
// caller-chosen node (if there are enough), that MAC nodes and clock
// sequences are random, and that a monotonic generator never repeats itself.
func (l *Layout) Collision(rate float64, generators int, window time.Duration) float64 {
	self, cross := l.Duplicates(rate, generators, window.Seconds())
	return -math.Expm1(-(self + cross))
}

// FirstDuplicate returns how long, in seconds, the given number of
// generators making rate IDs a second each run before their first duplicate
// is as likely as not (the median wait): all, the first pair of equal IDs
// that Duplicates counts, and self, the first that one generator makes
// itself. Each is +Inf when no such pair can come.
func (l *Layout) FirstDuplicate(rate float64, generators int) (all, self float64) {
	all = median(func(s float64) float64 { a, b := l.Duplicates(rate, generators, s); return a + b })
	self = median(func(s float64) float64 { a, _ := l.Duplicates(rate, generators, s); return a })
	return all, self
}

// median returns the t at which pairs(t), a non-decreasing count of
// expected pairs, reaches ln 2, so that a first pair is as likely as not by
// then; +Inf when it stays below.
func median(pairs func(seconds float64) float64) float64 {
	lo, hi := -40.0, 300.0 // log10 of seconds
	if !(pairs(math.Pow(10, hi)) >= math.Ln2) {
		return math.Inf(1)
	}
	if pairs(math.Pow(10, lo)) >= math.Ln2 {
		return math.Pow(10, lo)
	}
	// Bisect on log10(t) until the bracket is a part in 10^12 of a decade
	// (48 steps from 340 decades), far finer than any answer is written.
	for hi-lo > 1e-12 {
		mid := (lo + hi) / 2
		if pairs(math.Pow(10, mid)) >= math.Ln2 {
			hi = mid
		} else {
			lo = mid
		}
	}
	return math.Pow(10, hi)
}

// selfPairs returns how many pairs of the n IDs one non-monotonic generator
// makes in one tick only random bits tell apart: all of them, or, with a
// running counter of w bits, the pairs 2^w IDs apart, whose counters are
// equal (none while n <= 2^w).
func (l *Layout) selfPairs(n float64) float64 {
	if c, ok := l.Value(Counter); ok && c.Init == InitRunning {
		period := math.Ldexp(1, c.Width)
		return max(0, n*(n-period)/(2*period))
	}
	return n * n / 2
}

// FormatWait writes a wait in seconds as the CLI and Warnings write one:
// in the largest unit, from nanoseconds to years, with three significant
// digits, or "never" for +Inf.
func FormatWait(seconds float64) string {
	const year = 365.25 * 24 * 3600
	switch {
	case math.IsInf(seconds, 1):
		return "never"
	case seconds >= year:
		return fmt.Sprintf("%.3g years", seconds/year)
	case seconds >= 86400:
		return fmt.Sprintf("%.3g days", seconds/86400)
	case seconds >= 3600:
		return fmt.Sprintf("%.3g hours", seconds/3600)
	case seconds >= 60:
		return fmt.Sprintf("%.3g minutes", seconds/60)
	case seconds >= 1:
		return fmt.Sprintf("%.3gs", seconds)
	case seconds >= 1e-3:
		return fmt.Sprintf("%.3gms", seconds*1e3)
	case seconds >= 1e-6:
		return fmt.Sprintf("%.3gµs", seconds*1e6)
	}
	return fmt.Sprintf("%.3gns", seconds*1e9)
}

// IsUUID reports whether the layout is an RFC 9562 UUID layout: 128 bits
// with a constant 4-bit version at bits 48 to 51 and the constant variant
// 0b10 at bits 64 and 65 (bits counted from the most significant end). Such
// a layout's default text is the canonical 8-4-4-4-12 form, and its IDs
// parse from every UUID form.
func (l *Layout) IsUUID() bool {
	if l == nil || l.Bits != 128 {
		return false
	}
	version, variant := false, false
	for _, p := range l.Parts {
		if p.Role != Const {
			continue
		}
		switch {
		case p.Offset == 48 && p.Width == 4:
			version = true
		case p.Offset == 64 && p.Width == 2 && p.Const == 0b10:
			variant = true
		}
	}
	return version && variant
}
