package resolved

import (
	"errors"
	"math/big"
	"math/bits"
	"time"

	"github.com/idforge/idforge/layouts"
)

// Clock is the arithmetic of a layout's time, exact: a time value counts
// ticks of Unit since Epoch, in Width bits. Every conversion between ticks
// and instants in idforge goes through it; code elsewhere never reads the
// unit's numerator and denominator.
type Clock struct {
	Epoch time.Time
	Unit  layouts.Unit
	Width int // bits of the time value

	tick *big.Rat // a tick, in seconds
}

// NewClock returns the clock of a time value. A value without a unit of
// time (a layout made by hand) is an error.
func NewClock(v *layouts.Value) (*Clock, error) {
	if v == nil || v.Unit.Num == 0 || v.Unit.Den == 0 {
		return nil, errors.New("the time has no unit")
	}
	return &Clock{
		Epoch: v.Epoch, Unit: v.Unit, Width: v.Width,
		tick: new(big.Rat).SetFrac(new(big.Int).SetUint64(v.Unit.Num), new(big.Int).SetUint64(v.Unit.Den)),
	}, nil
}

// Tick returns the length of a tick in seconds, exactly, in lowest terms.
func (c *Clock) Tick() *big.Rat { return new(big.Rat).Set(c.tick) }

// TickIn returns the length of a tick in units of 1/perSecond of a second
// (1e9 for nanoseconds, 1e6 for microseconds), exactly, in lowest terms.
func (c *Clock) TickIn(perSecond int64) *big.Rat {
	return new(big.Rat).Mul(c.tick, new(big.Rat).SetInt64(perSecond))
}

// Nanos returns a tick's length in whole nanoseconds, rounded down, and
// whether that is exact (it is not for 1/4096 ms, or 2^-12 s).
func (c *Clock) Nanos() (ns uint64, exact bool) {
	return floorUint(c.TickIn(1e9))
}

// Duration returns a tick's length rounded down to the nanosecond, but at
// least a nanosecond: what a generator waits for a tick to pass.
func (c *Clock) Duration() time.Duration {
	ns, _ := c.Nanos()
	return time.Duration(max(ns, 1))
}

// AtLeast reports whether a tick lasts d or longer.
func (c *Clock) AtLeast(d time.Duration) bool {
	return c.TickIn(1e9).Cmp(new(big.Rat).SetInt64(int64(d))) >= 0
}

// PerSecond returns how many ticks make a second, rounded down, and
// whether that is exact: a second is a whole number of ticks.
func (c *Clock) PerSecond() (n uint64, exact bool) {
	return floorUint(new(big.Rat).Inv(c.tick))
}

// PerSecondCeil returns how many ticks make a second, rounded up: the
// fewest ticks that span a second.
func (c *Clock) PerSecondCeil() uint64 {
	n, exact := c.PerSecond()
	if !exact {
		n++
	}
	return n
}

// Seconds returns a tick's length in seconds when it is a whole number of
// them.
func (c *Clock) Seconds() (n uint64, ok bool) {
	if !c.tick.IsInt() || !c.tick.Num().IsUint64() {
		return 0, false
	}
	return c.tick.Num().Uint64(), true
}

// BinaryFraction returns k when a tick is 2^-k seconds, for k from 1 to 63.
func (c *Clock) BinaryFraction() (k int, ok bool) {
	num, den := c.tick.Num(), c.tick.Denom()
	if num.Cmp(big.NewInt(1)) != 0 || !den.IsUint64() {
		return 0, false
	}
	d := den.Uint64()
	if d < 2 || d&(d-1) != 0 {
		return 0, false
	}
	return bits.TrailingZeros64(d), true
}

// WholeMillis reports whether a tick is a whole number of milliseconds
// counted from an epoch on a whole millisecond, so that truncating a clock
// reading to the millisecond never changes its tick.
func (c *Clock) WholeMillis() bool {
	return c.TickIn(1000).IsInt() && c.Epoch.Nanosecond()%1e6 == 0
}

// MaxTick returns the last tick the time value holds: 2^Width - 1.
func (c *Clock) MaxTick() *big.Int { return ones(c.Width) }

// EpochNanos returns the epoch in nanoseconds since the Unix epoch.
func (c *Clock) EpochNanos() *big.Int { return unixNanos(c.Epoch) }

// SinceEpoch returns the nanoseconds from the epoch to t: negative before it.
func (c *Clock) SinceEpoch(t time.Time) *big.Int {
	ns := unixNanos(t)
	return ns.Sub(ns, c.EpochNanos())
}

// NanosAt returns the nanoseconds from the epoch to the start of a tick,
// rounded down.
func (c *Clock) NanosAt(tick *big.Int) *big.Int {
	r := c.TickIn(1e9)
	if breakage.tick != 0 {
		tick = new(big.Int).Add(tick, big.NewInt(int64(breakage.tick)))
	}
	ns := new(big.Int).Mul(tick, r.Num())
	return ns.Div(ns, r.Denom())
}

// Time returns the instant a tick starts, rounded down to the nanosecond,
// in UTC.
func (c *Clock) Time(tick *big.Int) time.Time {
	ns := c.NanosAt(tick)
	ns.Add(ns, c.EpochNanos())
	sec, nsec := new(big.Int).DivMod(ns, big.NewInt(1e9), new(big.Int))
	return time.Unix(sec.Int64(), nsec.Int64()).UTC()
}

// Floor returns the tick t falls in: the last tick that starts at or
// before t. It is negative before the epoch and may be past MaxTick.
func (c *Clock) Floor(t time.Time) *big.Int {
	r := c.TickIn(1e9)
	k := new(big.Int).Mul(c.SinceEpoch(t), r.Denom())
	return early(k.Div(k, r.Num()))
}

// Ceil returns the first tick that starts at or after t.
func (c *Clock) Ceil(t time.Time) *big.Int {
	r := c.TickIn(1e9)
	k := new(big.Int).Mul(c.SinceEpoch(t), r.Denom())
	return early(ceilDiv(k, r.Num()))
}

// Last returns the last tick whose time, as Time rounds it down to the
// nanosecond, is at or before t: the tick before the first one whose time
// is after t.
func (c *Clock) Last(t time.Time) *big.Int {
	r := c.TickIn(1e9)
	ns := c.SinceEpoch(t)
	k := new(big.Int).Mul(ns.Add(ns, big.NewInt(1)), r.Denom())
	k = ceilDiv(k, r.Num())
	return early(k.Sub(k, big.NewInt(1)))
}

// early returns tick k, which it may change, as resolved broken on purpose
// reads it (breakage): tick ticks earlier. It is k itself otherwise.
func early(k *big.Int) *big.Int {
	if breakage.tick != 0 {
		k.Sub(k, big.NewInt(int64(breakage.tick)))
	}
	return k
}

// Range returns the first and last instants the time holds: the epoch and
// the start of the last tick.
func (c *Clock) Range() (first, last time.Time) {
	return c.Time(new(big.Int)), c.Time(c.MaxTick())
}

// unixNanos returns t in nanoseconds since the Unix epoch.
func unixNanos(t time.Time) *big.Int {
	ns := new(big.Int).Mul(big.NewInt(t.Unix()), big.NewInt(1e9))
	return ns.Add(ns, big.NewInt(int64(t.Nanosecond())))
}

// ceilDiv returns ceil(a/b), b > 0.
func ceilDiv(a, b *big.Int) *big.Int {
	q, m := new(big.Int).DivMod(a, b, new(big.Int))
	if m.Sign() != 0 {
		q.Add(q, big.NewInt(1))
	}
	return q
}

// floorUint returns r rounded down, if it fits a uint64 (else the
// largest), and whether r is whole.
func floorUint(r *big.Rat) (uint64, bool) {
	q := new(big.Int).Quo(r.Num(), r.Denom())
	if !q.IsUint64() {
		return ^uint64(0), false
	}
	return q.Uint64(), r.IsInt()
}

// Plausible returns the window of times plausible for an ID a live
// generator made, 1990 to 2100: from, and to (exclusive). `idforge
// inspect` ranks readings outside it lower, and `idforge verify` fails IDs
// before it; both take it from here.
func Plausible() (from, to time.Time) {
	return time.Date(1990, 1, 1, 0, 0, 0, 0, time.UTC), time.Date(2101, 1, 1, 0, 0, 0, 0, time.UTC)
}
