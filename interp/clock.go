package interp

import (
	"fmt"
	"math/big"
	"time"

	"github.com/idforge/idforge/layouts"
)

// clock is the interpreter's own arithmetic of a time value, exact and
// plain: a tick lasts num/den seconds, and tick k starts k*num/den seconds
// after the epoch. Every instant is an integer count of nanoseconds since
// the Unix epoch, so every step below is a product or a quotient of
// integers; nothing is rounded except where a function says so.
//
// It shares no code with package resolved, whose Clock it checks: the
// conformance corpus's times and bounds come from here.
type clock struct {
	epochNs  *big.Int // the epoch, in nanoseconds since the Unix epoch
	num, den *big.Int // a tick is num/den seconds
	width    int      // bits of the time value
}

// billion is a second in nanoseconds.
var billion = big.NewInt(1_000_000_000)

// clockOf returns the clock of a time value: an error matching ErrNoRole
// for a nil v (a layout without a time) or a v with no unit of time.
func clockOf(v *layouts.Value) (*clock, error) {
	if v == nil || v.Unit.Num == 0 || v.Unit.Den == 0 {
		return nil, fmt.Errorf("%w: no time value with a unit", ErrNoRole)
	}
	return &clock{
		epochNs: nanosOf(v.Epoch),
		num:     new(big.Int).SetUint64(v.Unit.Num),
		den:     new(big.Int).SetUint64(v.Unit.Den),
		width:   v.Width,
	}, nil
}

// nanosOf returns t in nanoseconds since the Unix epoch: its whole
// seconds times a billion, plus its nanoseconds.
func nanosOf(t time.Time) *big.Int {
	ns := new(big.Int).Mul(big.NewInt(t.Unix()), billion)
	return ns.Add(ns, big.NewInt(int64(t.Nanosecond())))
}

// instant returns the time.Time of ns nanoseconds since the Unix epoch,
// in UTC.
func instant(ns *big.Int) time.Time {
	sec, nsec := new(big.Int).DivMod(ns, billion, new(big.Int)) // nsec in [0, 1e9)
	return time.Unix(sec.Int64(), nsec.Int64()).UTC()
}

// tickNanos returns the numerator and denominator of a tick's length in
// nanoseconds: num*1e9 / den.
func (c *clock) tickNanos() (n, d *big.Int) {
	return new(big.Int).Mul(c.num, billion), c.den
}

// startNanos returns the nanoseconds from the epoch to the start of tick
// k, rounded down (toward the past): floor(k*num*1e9 / den).
func (c *clock) startNanos(k *big.Int) *big.Int {
	n, d := c.tickNanos()
	ns := new(big.Int).Mul(k, n)
	return floorDiv(ns, d)
}

// at returns the instant tick k starts, rounded down to the nanosecond.
func (c *clock) at(k *big.Int) time.Time {
	ns := c.startNanos(k)
	return instant(ns.Add(ns, c.epochNs))
}

// since returns the nanoseconds from the epoch to t, negative before it.
func (c *clock) since(t time.Time) *big.Int {
	ns := nanosOf(t)
	return ns.Sub(ns, c.epochNs)
}

// floor returns the tick t falls in: the largest k whose exact start,
// k*num*1e9/den nanoseconds after the epoch, is at or before t. That is
// k <= since*den / (num*1e9), so k = floor(since*den / (num*1e9)). It is
// negative before the epoch and may be past the last tick.
func (c *clock) floor(t time.Time) *big.Int {
	n, d := c.tickNanos()
	x := new(big.Int).Mul(c.since(t), d)
	return floorDiv(x, n)
}

// ceil returns the first tick whose exact start is at or after t: the
// floor, unless t is past that tick's exact start, then the next.
func (c *clock) ceil(t time.Time) *big.Int {
	n, d := c.tickNanos()
	k := c.floor(t)
	// The floor's start is exactly t when k*n == since*d.
	start := new(big.Int).Mul(k, n)
	if start.Cmp(new(big.Int).Mul(c.since(t), d)) != 0 {
		k.Add(k, big.NewInt(1))
	}
	return k
}

// last returns the last tick whose start, rounded down to the nanosecond
// as at rounds it, is at or before t. floor(k*n/d) <= s holds exactly when
// k*n/d < s+1, that is k*n < (s+1)*d: the largest such k is
// ceil((s+1)*d / n) - 1.
func (c *clock) last(t time.Time) *big.Int {
	n, d := c.tickNanos()
	s1 := c.since(t)
	s1.Add(s1, big.NewInt(1))
	k := ceilDiv(s1.Mul(s1, d), n)
	return k.Sub(k, big.NewInt(1))
}

// maxTick returns the last tick the time value holds: 2^width - 1.
func (c *clock) maxTick() *big.Int { return mask(c.width) }

// perSecondCeil returns the fewest ticks that span a second: ceil(den/num).
func (c *clock) perSecondCeil() uint64 {
	return ceilDiv(new(big.Int).Set(c.den), c.num).Uint64()
}

// duration returns a tick's length rounded down to the nanosecond, but at
// least a nanosecond.
func (c *clock) duration() time.Duration {
	n, d := c.tickNanos()
	ns := new(big.Int).Quo(n, d)
	if !ns.IsInt64() {
		return time.Duration(1<<63 - 1)
	}
	return time.Duration(max(ns.Int64(), 1))
}

// floorDiv returns floor(a/b) for b > 0, toward minus infinity for a
// negative a.
func floorDiv(a, b *big.Int) *big.Int {
	q, m := new(big.Int).QuoRem(a, b, new(big.Int))
	if m.Sign() < 0 {
		q.Sub(q, big.NewInt(1))
	}
	return q
}

// ceilDiv returns ceil(a/b) for b > 0.
func ceilDiv(a, b *big.Int) *big.Int {
	q, m := new(big.Int).QuoRem(a, b, new(big.Int))
	if m.Sign() > 0 {
		q.Add(q, big.NewInt(1))
	}
	return q
}
