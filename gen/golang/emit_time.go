package golang

import (
	"fmt"
	"math"
	"strings"

	"github.com/dave/jennifer/jen"

	"github.com/idforge/idforge/layouts"
	"github.com/idforge/idforge/resolved"
)

// tunit is a time unit in the form the generated arithmetic needs: ticks per
// second (10 ms, 100 ns, or ms/4096, whose tick is no whole number of
// nanoseconds), a binary fraction of a second (2^-12 s), or seconds per
// tick.
type tunit struct {
	perSec    uint64 // ticks per second, for a whole number of ticks per second
	nsPerTick uint64 // 0 when a tick is no whole number of nanoseconds
	shift     int    // for 2^-shift seconds
	secPerTik uint64 // for ticks of whole seconds
}

func timeUnit(c *resolved.Clock) (tunit, error) {
	per, whole := c.PerSecond()
	if whole && 1e9%per == 0 {
		return tunit{perSec: per, nsPerTick: 1e9 / per}, nil
	}
	if k, ok := c.BinaryFraction(); ok && k <= 33 {
		return tunit{shift: k}, nil
	}
	if whole && per <= maxPerSec {
		// A whole number of ticks a second, but no whole number of
		// nanoseconds a tick (ms/4096): ns*perSec/1e9 fits in 64 bits.
		return tunit{perSec: per}, nil
	}
	if s, ok := c.Seconds(); ok {
		return tunit{secPerTik: s}, nil
	}
	return tunit{}, fmt.Errorf("unit %s: the generator takes ticks of whole nanoseconds that divide a second evenly (ms, 10ms, 100ns, ...), a whole number of ticks a second up to 2^34 (ms/4096), binary fractions of a second down to 2^-33 s, and whole seconds", c.Unit)
}

// clockOf returns the clock of a member's layout, which has a time: its
// tick and time arithmetic, as resolved once (resolved.Layout.Clock).
func clockOf(r *resolved.Layout) *resolved.Clock {
	if r.Clock == nil {
		panic("gen: the clock of a layout without a time: " + r.Name)
	}
	return r.Clock
}

// maxPerSec is the most ticks a second the generated arithmetic takes for a
// tick of no whole number of nanoseconds: the nanoseconds within a second
// times it stay below 2^64.
const maxPerSec = 1 << 34

// timeNames returns the names of a member's time helpers.
func timeNames(m Member) (ticksFrom, timeAt string) {
	return "ticksFrom" + m.Suffix, "timeAt" + m.Suffix
}

// emitTime writes, for each member with a time, the conversions between
// time.Time and ticks, and the type's Time method.
func emitTime(f *jen.File, p *Package) error {
	var withTime []Member
	for _, m := range p.Members {
		v, ok := m.Resolved.Value(layouts.Time)
		if !ok {
			continue
		}
		// Each conversion only where something calls it: ticksFrom to make
		// IDs and for MinAt and MaxAt; timeAt for Time, MaxAt, and to check
		// a store's mark and bind a lease.
		emitTickConversions(f, m, v,
			memberKind(m.Resolved) == timed || !m.NoTime && m.Resolved.TimeSortable(),
			!m.NoTime || stateful(m.Resolved))
		if !m.NoTime {
			withTime = append(withTime, m)
		}
	}
	if len(withTime) == 0 {
		return nil
	}
	if len(p.Members) == 1 {
		m := withTime[0]
		_, timeAt := timeNames(m)
		comment(f, "Time returns the instant id holds, in UTC.")
		f.Func().Params(jen.Id("id").Id(p.Type)).Id("Time").Params().Qual("time", "Time").Block(
			jen.Return(jen.Id(timeAt).Call(roleValue(p, m.Resolved, layouts.Time, "id"))),
		)
		f.Line()
		return nil
	}
	var cases []jen.Code
	var names []string
	for _, m := range withTime {
		_, timeAt := timeNames(m)
		names = append(names, m.Resolved.Name)
		cases = append(cases, jen.Case(jen.Id("id").Dot("is"+m.Suffix).Call()).Block(
			jen.Return(jen.Id(timeAt).Call(roleValue(p, m.Resolved, layouts.Time, "id")), jen.True()),
		))
	}
	commentf(f, "Time returns the instant id holds, in UTC, and true, when id is one of\n%s; otherwise it returns false.", joinNames(names))
	f.Func().Params(jen.Id("id").Id(p.Type)).Id("Time").Params().Params(jen.Qual("time", "Time"), jen.Bool()).Block(
		jen.Switch().Block(cases...),
		jen.Return(jen.Qual("time", "Time").Values(), jen.False()),
	)
	f.Line()
	return nil
}

// joinNames joins names into a list with "or": "a", "a or b", "a, b, or c".
func joinNames(xs []string) string { return joinList(xs, "or") }

// joinList joins names into a list with a conjunction: "a, b, and c".
func joinList(xs []string, conj string) string {
	switch len(xs) {
	case 0:
		return ""
	case 1:
		return xs[0]
	case 2:
		return xs[0] + " " + conj + " " + xs[1]
	}
	return strings.Join(xs[:len(xs)-1], ", ") + ", " + conj + " " + xs[len(xs)-1]
}

// unixMethod returns the method of time.Time that gives a member's ticks
// outright (Unix, UnixMilli, UnixMicro, UnixNano: a unit of them since the
// Unix epoch), or "" where ticksFrom computes them. The method's int64 holds
// every tick of the time's range only up to 63 bits (UnixNano passes it in
// 2262), so a 64-bit time computes them, except in seconds. Outside that
// range the method's result is undefined: a caller that may be given such
// a time (minTick) checks the range first.
func unixMethod(m Member) string {
	c := clockOf(m.Resolved)
	u, _ := timeUnit(c)
	if c.Epoch.Unix() != 0 || c.Epoch.Nanosecond() != 0 || u.perSec != 1 && c.Width >= 64 {
		return ""
	}
	return map[uint64]string{1: "Unix", 1e3: "UnixMilli", 1e6: "UnixMicro", 1e9: "UnixNano"}[u.perSec]
}

// maxTick returns the largest tick a time value holds, as a Go literal.
func maxTick(v *resolved.Role) string { return mask(v.Width) }

// emitTickConversions writes a member's conversion from time.Time to ticks
// (ticksFrom), if from, and back (timeAt), if to.
func emitTickConversions(f *jen.File, m Member, v *resolved.Role, from, to bool) {
	u, _ := timeUnit(m.Resolved.Clock)
	ticksFrom, timeAt := timeNames(m)
	epochSec, epochNs := v.Epoch.Unix(), int64(v.Epoch.Nanosecond())
	unix := v.Epoch.Equal(layouts.UnixEpoch())
	epoch := fmt.Sprintf("%s since %s", v.Unit, epochName(v))

	// time.Time -> ticks.
	// The time in RFC 3339, UTC: %v would show a monotonic clock reading.
	tooEarly := jen.Return(jen.Lit(0), jen.Qual("fmt", "Errorf").Call(jen.Lit("%w: %s is outside "+m.Resolved.Name+"'s range"), jen.Id("ErrTime"),
		jen.Id("t").Dot("UTC").Call().Dot("Format").Call(jen.Qual("time", "RFC3339Nano"))))
	var body []jen.Code
	if method := unixMethod(m); method != "" {
		body = append(body,
			jen.Id("n").Op(":=").Id("t").Dot(method).Call(),
			jen.If(outside(jen.Id("n"), 1<<v.Width-1, maxTick(v))).Block(tooEarly),
			jen.Return(jen.Uint64().Call(jen.Id("n")), jen.Nil()),
		)
	} else {
		// The seconds and nanoseconds since the epoch; ticks of whole
		// seconds need the seconds alone. t.Nanosecond() is never
		// negative: only an epoch with nanoseconds can make ns so.
		sec := subConst(jen.Id("t").Dot("Unix").Call(), epochSec)
		ns := subConst(jen.Int64().Call(jen.Id("t").Dot("Nanosecond").Call()), epochNs)
		wholeSeconds := u.secPerTik != 0 || u.perSec == 1
		switch {
		case wholeSeconds && epochNs == 0:
			body = append(body, jen.Id("sec").Op(":=").Add(sec))
		case wholeSeconds:
			body = append(body,
				jen.Id("sec").Op(":=").Add(sec),
				jen.If(jen.Id("t").Dot("Nanosecond").Call().Op("<").Add(num(epochNs))).Block(jen.Id("sec").Op("--")),
			)
		case epochNs == 0:
			body = append(body, jen.List(jen.Id("sec"), jen.Id("ns")).Op(":=").Add(sec).Op(",").Add(ns))
		default:
			body = append(body,
				jen.List(jen.Id("sec"), jen.Id("ns")).Op(":=").Add(sec).Op(",").Add(ns),
				jen.If(jen.Id("ns").Op("<").Lit(0)).Block(jen.Id("sec").Op("--"), jen.Id("ns").Op("+=").Add(num(1_000_000_000))),
			)
		}
		// Each bound only where it can fail: sec is an int64, and ticks
		// of whole seconds or of a binary fraction never pass the last
		// tick once sec is within bounds.
		max := uint64(1)<<v.Width - 1 // 2^64 - 1 for 64 bits: the shift wraps
		tick := jen.Id("ticks").Op(":=")
		switch {
		case u.perSec == 1:
			body = append(body,
				jen.If(outside(jen.Id("sec"), max, maxTick(v))).Block(tooEarly),
				jen.Return(jen.Uint64().Call(jen.Id("sec")), jen.Nil()),
			)
		case u.perSec != 0:
			frac := jen.Uint64().Call(jen.Id("ns"))
			switch {
			case u.nsPerTick == 0: // ns*perSec < 1e9 * 2^34 < 2^64
				frac = frac.Op("*").Add(num(u.perSec)).Op("/").Add(num(1_000_000_000))
			case u.nsPerTick > 1:
				frac = frac.Op("/").Add(num(u.nsPerTick))
			}
			body = append(body, jen.If(outside(jen.Id("sec"), max/u.perSec, fmt.Sprintf("%s/%d", maxTick(v), u.perSec))).Block(tooEarly))
			whole := jen.Uint64().Call(jen.Id("sec")).Op("*").Add(num(u.perSec))
			if v.Width == 64 {
				// The last second's ticks may pass 2^64 - 1: a carry out.
				body = append(body,
					jen.List(jen.Id("ticks"), jen.Id("carry")).Op(":=").Qual("math/bits", "Add64").Call(whole, frac, jen.Lit(0)),
					jen.If(jen.Id("carry").Op("!=").Lit(0)).Block(tooEarly),
				)
			} else {
				body = append(body,
					tick.Add(whole).Op("+").Add(frac),
					jen.If(jen.Id("ticks").Op(">").Id(maxTick(v))).Block(tooEarly),
				)
			}
			body = append(body, jen.Return(jen.Id("ticks"), jen.Nil()))
		case u.secPerTik != 0:
			body = append(body,
				jen.If(jen.Id("sec").Op("<").Lit(0)).Block(tooEarly),
				tick.Add(jen.Uint64().Call(jen.Id("sec")).Op("/").Add(num(u.secPerTik))),
			)
			if math.MaxInt64/u.secPerTik > max {
				body = append(body, jen.If(jen.Id("ticks").Op(">").Id(maxTick(v))).Block(tooEarly))
			}
			body = append(body, jen.Return(jen.Id("ticks"), jen.Nil()))
		default:
			body = append(body,
				jen.If(outside(jen.Id("sec"), max>>u.shift, fmt.Sprintf("%s>>%d", maxTick(v), u.shift))).Block(tooEarly),
				jen.Return(jen.Uint64().Call(jen.Id("sec")).Op("<<").Lit(u.shift).Op("|").Uint64().Call(jen.Id("ns")).Op("<<").Lit(u.shift).Op("/").Add(num(1_000_000_000)), jen.Nil()),
			)
		}
	}
	if from {
		commentf(f, "%s returns the count of %s for t, or ErrTime when t\nis before the epoch or past the last tick %d bits hold.", ticksFrom, epoch, v.Width)
		f.Func().Id(ticksFrom).Params(jen.Id("t").Qual("time", "Time")).Params(jen.Uint64(), jen.Error()).Block(body...)
		f.Line()
		if memberKind(m.Resolved) == timed && milliClock(m.Resolved) {
			emitTicksNow(f, m, v, epoch)
		}
	}
	if !to {
		return
	}

	// ticks -> time.Time.
	var at jen.Code
	switch {
	case unix && u.perSec == 1e3:
		at = jen.Qual("time", "UnixMilli").Call(jen.Int64().Call(jen.Id("ticks")))
	case unix && u.perSec == 1e6:
		at = jen.Qual("time", "UnixMicro").Call(jen.Int64().Call(jen.Id("ticks")))
	case unix && u.perSec == 1:
		at = jen.Qual("time", "Unix").Call(jen.Int64().Call(jen.Id("ticks")), jen.Lit(0))
	case u.perSec == 1:
		at = jen.Qual("time", "Unix").Call(addConst(epochSec, jen.Int64().Call(jen.Id("ticks"))), num(epochNs))
	case u.perSec != 0 && u.nsPerTick == 0:
		// The nanosecond the tick starts in: (ticks%perSec)*1e9 < 2^34 * 1e9 < 2^64.
		at = jen.Qual("time", "Unix").Call(
			addConst(epochSec, jen.Int64().Call(jen.Id("ticks").Op("/").Add(num(u.perSec)))),
			addConst(epochNs, jen.Int64().Call(jen.Id("ticks").Op("%").Add(num(u.perSec)).Op("*").Add(num(1_000_000_000)).Op("/").Add(num(u.perSec)))))
	case u.perSec != 0:
		at = jen.Qual("time", "Unix").Call(
			addConst(epochSec, jen.Int64().Call(jen.Id("ticks").Op("/").Add(num(u.perSec)))),
			addConst(epochNs, jen.Int64().Call(jen.Id("ticks").Op("%").Add(num(u.perSec)).Op("*").Add(num(u.nsPerTick)))))
	case u.secPerTik != 0:
		at = jen.Qual("time", "Unix").Call(addConst(epochSec, jen.Int64().Call(jen.Id("ticks").Op("*").Add(num(u.secPerTik)))), num(epochNs))
	default:
		at = jen.Qual("time", "Unix").Call(
			addConst(epochSec, jen.Int64().Call(jen.Id("ticks").Op(">>").Lit(u.shift))),
			addConst(epochNs, jen.Int64().Call(jen.Parens(jen.Id("ticks").Op("&").Id(mask(u.shift))).Op("*").Add(num(1_000_000_000)).Op(">>").Lit(u.shift))))
	}
	commentf(f, "%s returns the instant a count of %s stands for, in UTC.", timeAt, epoch)
	f.Func().Id(timeAt).Params(jen.Id("ticks").Uint64()).Qual("time", "Time").Block(
		jen.Return(jen.Add(at).Dot("UTC").Call()),
	)
	f.Line()
}

// emitTicksNow writes, for a member whose ticks are whole milliseconds from
// an epoch on a whole millisecond, the generator's method that reads the
// clock's current tick, and the conversion it uses: from the system clock's
// millisecond (idrt.UnixMilli, the cached one where the platform has it)
// straight to ticks, with no time.Time between them, and from the clock
// WithClock gave through ticksFrom. Both give the tick ticksFrom gives for
// the same instant.
func emitTicksNow(f *jen.File, m Member, v *resolved.Role, epoch string) {
	ticksFrom, _ := timeNames(m)
	fromMilli, now := "ticksFromMilli"+m.Suffix, "ticksNow"+m.Suffix
	tickMs := clockOf(m.Resolved).TickIn(1000).Num().Int64()
	epochMs := v.Epoch.UnixMilli()
	n := subConst(jen.Id("ms"), epochMs)
	tick := jen.Uint64().Call(jen.Id("n"))
	if tickMs > 1 {
		tick = tick.Op("/").Add(num(tickMs))
	}
	max := uint64(1)<<v.Width - 1
	// The range is checked on n, before any division: the last
	// millisecond of the last tick, where the unit is coarser. (The
	// quotient compared, ticks := uint64(n)/1000; ticks > 0xffffffff, let
	// KSUID's first millisecond past its range through on s390x under
	// qemu-user with Go 1.26.8, where the same lines inline in a test did
	// not: whether the compiler or the emulator, not found.)
	check := jen.Id("n").Op("<").Lit(0)
	switch {
	case tickMs == 1 && max < math.MaxInt64:
		check = check.Op("||").Uint64().Call(jen.Id("n")).Op(">").Id(maxTick(v))
	case tickMs > 1 && max < math.MaxInt64/uint64(tickMs):
		check = check.Op("||").Id("n").Op(">").Add(num((max+1)*uint64(tickMs) - 1))
	}
	tooEarly := jen.Return(jen.Lit(0), jen.Qual("fmt", "Errorf").Call(jen.Lit("%w: %s is outside "+m.Resolved.Name+"'s range"), jen.Id("ErrTime"),
		jen.Qual("time", "UnixMilli").Call(jen.Id("ms")).Dot("UTC").Call().Dot("Format").Call(jen.Qual("time", "RFC3339Nano"))))
	body := []jen.Code{
		jen.Id("n").Op(":=").Add(n),
		jen.If(check).Block(tooEarly),
		jen.Return(tick, jen.Nil()),
	}
	commentf(f, "%s returns the count of %s for ms, milliseconds since the\nUnix epoch, as %s does for the same instant, or ErrTime.", fromMilli, epoch, ticksFrom)
	f.Func().Id(fromMilli).Params(jen.Id("ms").Int64()).Params(jen.Uint64(), jen.Error()).Block(body...)
	f.Line()
	commentf(f, "%s returns the clock's current count of %s: from the clock\nWithClock gave, or else from idrt.UnixMilli, the system clock's millisecond\n(cached where the platform allows), with no time.Time made between.", now, epoch)
	f.Func().Params(jen.Id("g").Op("*").Id("Generator")).Id(now).Params().Params(jen.Uint64(), jen.Error()).Block(
		jen.If(jen.Id("g").Dot("clock").Op("!=").Nil()).Block(jen.Return(jen.Id(ticksFrom).Call(jen.Id("g").Dot("clock").Call()))),
		jen.Return(jen.Id(fromMilli).Call(jen.Qual(idrtPath, "UnixMilli").Call())),
	)
	f.Line()
}

// outside returns the test that x, an int64, is outside 0 to limit, which
// the Go expression expr computes: only x < 0 when every non-negative int64
// is within.
func outside(x *jen.Statement, limit uint64, expr string) *jen.Statement {
	if limit >= math.MaxInt64 {
		return x.Op("<").Lit(0)
	}
	return x.Clone().Op("<").Lit(0).Op("||").Uint64().Call(x).Op(">").Id(expr)
}

// addConst returns c + x, or x when c is zero.
func addConst(c int64, x *jen.Statement) *jen.Statement {
	if c == 0 {
		return x
	}
	return num(c).Op("+").Add(x)
}

// subConst returns x - c, or x when c is zero.
func subConst(x *jen.Statement, c int64) *jen.Statement {
	if c == 0 {
		return x
	}
	if c < 0 {
		return x.Op("+").Add(num(-c))
	}
	return x.Op("-").Add(num(c))
}

// roleValue returns an expression for the value of a role (at most 64 bits)
// read from the ID variable src, as a uint64.
func roleValue(p *Package, l *resolved.Layout, r layouts.Role, src string) *jen.Statement {
	pl := newPlan(p, l)
	var terms []jen.Code
	for _, run := range pl.r.Role(r).Runs {
		off := run.Offset(l.Bits)
		for _, c := range pl.chunks {
			lo, hi := max(off, c.start*8), min(off+run.Width, c.end())
			if lo >= hi {
				continue
			}
			bits := bitsOf(p, src, c, c.end()-hi, hi-lo)
			if c.bits() != 64 {
				bits = jen.Uint64().Call(bits)
			}
			// The chunk's lowest bit of the run is this far above the
			// run's lowest bit, which is bit Lo of the value.
			terms = append(terms, shiftLeft(bits, run.Lo+off+run.Width-hi))
		}
	}
	return joinOp("|", terms)
}
