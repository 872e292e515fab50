package golang

import (
	"fmt"

	"github.com/dave/jennifer/jen"

	"github.com/idforge/idforge/layouts"
	"github.com/idforge/idforge/resolved"
)

// emitBounds writes, for each member whose bytes sort by its time, MinAt and
// MaxAt: the smallest and the largest ID of a time, the bounds of a range
// query on a key column. Members without a time, or whose time does not
// decide the order (UUIDv1), get none: no such bound would be right.
func emitBounds(f *jen.File, p *Package) error {
	for _, m := range p.Members {
		v, ok := m.Resolved.Value(layouts.Time)
		if !ok || m.NoTime || !m.Resolved.TimeSortable() {
			continue
		}
		emitMinTick(f, m, v)
		for _, fill := range []bool{false, true} {
			emitBound(f, p, m, v, fill)
		}
	}
	return nil
}

func emitMinTick(f *jen.File, m Member, v *resolved.Role) {
	ticksFrom, timeAt := timeNames(m)
	last := jen.Id(maxTick(v))
	none := jen.Return(jen.Lit(0), jen.Qual("fmt", "Errorf").Call(jen.Lit("%w: no tick of "+m.Resolved.Name+" is at or after %s"), jen.Id("ErrTime"),
		jen.Id("t").Dot("UTC").Call().Dot("Format").Call(jen.Qual("time", "RFC3339Nano"))))
	var body []jen.Code
	if unixMethod(m) != "" {
		// ticksFrom's method (UnixNano, ...) is undefined for a time its
		// int64 cannot hold, and such a time is outside the range: decide
		// it here. The last tick's time is one a time.Time holds, as the
		// unit is a second or less and the width 63 bits or less.
		body = append(body, jen.Switch().Block(
			jen.Case(jen.Id("t").Dot("Before").Call(jen.Id(timeAt).Call(jen.Lit(0)))).Block(jen.Return(jen.Lit(0), jen.Nil())),
			jen.Case(jen.Id("t").Dot("After").Call(jen.Id(timeAt).Call(last))).Block(none),
		))
	}
	body = append(body,
		jen.List(jen.Id("k"), jen.Err()).Op(":=").Id(ticksFrom).Call(jen.Id("t")),
		jen.Switch().Block(
			jen.Case(jen.Err().Op("!=").Nil().Op("&&").Id("t").Dot("Before").Call(jen.Id(timeAt).Call(jen.Lit(0)))).Block(jen.Return(jen.Lit(0), jen.Nil())),
			jen.Case(jen.Err().Op("!=").Nil()).Block(jen.Return(jen.Lit(0), jen.Err())),
			jen.Case(jen.Id(timeAt).Call(jen.Id("k")).Dot("Before").Call(jen.Id("t")).Op("&&").Id("k").Op("==").Add(last)).Block(none),
			jen.Case(jen.Id(timeAt).Call(jen.Id("k")).Dot("Before").Call(jen.Id("t"))).Block(jen.Return(jen.Id("k").Op("+").Lit(1), jen.Nil())),
		),
		jen.Return(jen.Id("k"), jen.Nil()),
	)
	commentf(f, "minTick%s returns the first tick whose time is at or after t: tick 0 for a\nt before the epoch; ErrTime for a t after the last tick's time, which no\ntick is at or after.", m.Suffix)
	f.Func().Id("minTick"+m.Suffix).Params(jen.Id("t").Qual("time", "Time")).Params(jen.Uint64(), jen.Error()).Block(body...)
	f.Line()
}

// emitBound writes MinAt (fill false) or MaxAt (fill true) of a member.
func emitBound(f *jen.File, p *Package, m Member, v *resolved.Role, fill bool) {
	l := m.Resolved
	_, timeAt := timeNames(m)
	name := "MinAt" + m.Suffix
	tick := []jen.Code{
		jen.List(jen.Id("tick"), jen.Err()).Op(":=").Id("minTick" + m.Suffix).Call(jen.Id("t")),
		jen.If(jen.Err().Op("!=").Nil()).Block(jen.Return(zeroID(p), jen.Err())),
	}
	doc := fmt.Sprintf(`%s returns the smallest %s whose time is at or after t: the first
tick at or after t, with every other bit that is not a constant 0. For a t
before the epoch it gives the first tick; for a t after the last tick's
time, which no ID is at or after, ErrTime. The IDs made in [t1, t2) are
those with %[1]s(t1) <= id < %[1]s(t2).`, name, l.Name)
	if p.signed() {
		doc = fmt.Sprintf(`%s returns the smallest %s whose time is at or after t: the first
tick at or after t, with every other bit that is not a constant 0. For a t
before the epoch it gives the first tick; for a t after the last tick's
time, which no ID is at or after, ErrTime. The IDs made in [t1, t2) are
those from %[1]s(t1), inclusive, to %[1]s(t2),
exclusive, as Compare orders them: an ID whose top bit is set is negative,
so Go's < does not.`, name, l.Name)
	}
	body := tick
	if fill {
		name = "MaxAt" + m.Suffix
		doc = fmt.Sprintf(`%s returns the largest %s whose time is at or before t: the last
tick whose time (rounded down to the nanosecond) is at or before t, with
every other bit that is not a constant 1. For a t before the epoch, which no
ID is at or before, it gives ErrTime; past the last tick, the last tick. The
IDs made in [t1, t2] are those with MinAt%s(t1) <= id <= %[1]s(t2).`, name, l.Name, m.Suffix)
		if p.signed() {
			doc = fmt.Sprintf(`%s returns the largest %s whose time is at or before t: the last
tick whose time (rounded down to the nanosecond) is at or before t, with
every other bit that is not a constant 1. For a t before the epoch, which no
ID is at or before, it gives ErrTime; past the last tick, the last tick. The
IDs made in [t1, t2] are those from MinAt%s(t1) to %[1]s(t2), both inclusive, as Compare orders
them: an ID whose top bit is set is negative, so Go's < does not.`, name, l.Name, m.Suffix)
		}
		body = []jen.Code{
			jen.If(jen.Id("t").Dot("Before").Call(jen.Id(timeAt).Call(jen.Lit(0)))).Block(
				jen.Return(zeroID(p), jen.Qual("fmt", "Errorf").Call(jen.Lit("%w: no tick of "+l.Name+" is at or before %s"), jen.Id("ErrTime"),
					jen.Id("t").Dot("UTC").Call().Dot("Format").Call(jen.Qual("time", "RFC3339Nano")))),
			),
			jen.List(jen.Id("tick"), jen.Err()).Op(":=").Id("minTick" + m.Suffix).Call(jen.Id("t").Dot("Add").Call(jen.Lit(1))),
			jen.Switch().Block(
				// t is at or after the last tick's time; or t is the last
				// instant a time.Time holds and t.Add(1) wrapped to the
				// first (a t at or after the epoch has a tick before t+1).
				jen.Case(jen.Err().Op("!=").Nil().Op("||").Id("tick").Op("==").Lit(0)).Block(jen.Id("tick").Op("=").Id(maxTick(v))),
				jen.Case(jen.Id("tick").Op(">").Lit(0).Op("&&").Id(timeAt).Call(jen.Id("tick")).Dot("After").Call(jen.Id("t"))).Block(jen.Id("tick").Op("--")),
			),
		}
	}
	body = append(body, declareID(p))
	pl := newPlan(p, l)
	if fill && !p.Int64 { // an int64 ID's bytes fields lie in its one word
		for i := range l.Fields {
			if fd := &l.Fields[i]; byteRegion(fd) {
				start, end := pl.bytesRange(fd)
				body = append(body, jen.For(jen.Id("i").Op(":=").Range().Id("id").Index(jen.Lit(start), jen.Lit(end))).Block(
					jen.Id("id").Index(jen.Lit(start).Op("+").Id("i")).Op("=").Lit(0xff),
				))
			}
		}
	}
	for _, c := range pl.chunks {
		body = append(body, storeWord(p, c, boundWord(p, l, v, c, fill))...)
	}
	body = append(body, jen.Return(jen.Id("id"), jen.Nil()))
	comment(f, doc)
	f.Func().Id(name).Params(jen.Id("t").Qual("time", "Time")).Params(jen.Id(p.Type), jen.Error()).Block(body...)
	f.Line()
}

// boundWord returns the terms of chunk c of a bound: its constant bits, its
// other bits set to fill, and its bits of the time value tick.
func boundWord(p *Package, l *resolved.Layout, v *resolved.Role, c chunk, fill bool) []jen.Code {
	runs, set := partRuns(l, c)
	var terms []jen.Code
	for _, r := range runs {
		switch {
		case r.role == layouts.Time:
			terms = append(terms, valueRun(p, layouts.Time, v.Width, r.from, r.width, r.shift, c.bits())...)
		case fill:
			set |= r.mask() << r.shift
		}
	}
	if set != 0 {
		terms = append([]jen.Code{jen.Id(fmt.Sprintf("%#x", set))}, terms...)
	}
	return terms
}

// zeroID is the zero ID of package p, which a bound returns with ErrTime.
func zeroID(p *Package) jen.Code {
	if p.Int64 {
		return jen.Lit(0)
	}
	return jen.Id(p.Type).Values()
}
