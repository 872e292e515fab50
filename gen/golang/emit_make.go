package golang

import (
	"fmt"
	"math/big"
	"strings"
	"time"

	"github.com/dave/jennifer/jen"

	"github.com/idforge/idforge/layouts"
	"github.com/idforge/idforge/resolved"
)

var hashPackages = map[string]string{"md5": "crypto/md5", "sha1": "crypto/sha1", "sha256": "crypto/sha256"}

// emitNameBased writes the function that makes a member's name-based ID.
func emitNameBased(f *jen.File, p *Package, m Member) {
	n := memberNames(m)
	_, _, fn := genNames(p, m)
	v, _ := m.Resolved.Value(layouts.Hash)
	commentf(f, "%s returns the %s for a name in a namespace: the %s digest\nof the namespace's bytes followed by the name, with the constant bits written\nover it. The same namespace and name always give the same ID.", fn, idNamed(p, m.Resolved), strings.ToUpper(v.Algorithm))
	body := []jen.Code{
		jen.Id("h").Op(":=").Qual(hashPackages[v.Algorithm], "New").Call(),
		jen.Id("h").Dot("Write").Call(jen.Id("ns").Index(jen.Empty(), jen.Empty())),
		jen.Qual("io", "WriteString").Call(jen.Id("h"), jen.Id("name")),
		jen.Var().Id("id").Id(p.Type),
		jen.Copy(jen.Id("id").Index(jen.Empty(), jen.Empty()), jen.Id("h").Dot("Sum").Call(jen.Nil())),
	}
	if p.Int64 {
		// The namespace's bytes are its big-endian ones, and the ID the
		// digest's first eight read the same way.
		body = []jen.Code{
			jen.Id("h").Op(":=").Qual(hashPackages[v.Algorithm], "New").Call(),
			jen.Id("b").Op(":=").Id("ns").Dot("bytes").Call(),
			jen.Id("h").Dot("Write").Call(jen.Id("b").Index(jen.Empty(), jen.Empty())),
			jen.Qual("io", "WriteString").Call(jen.Id("h"), jen.Id("name")),
			jen.Id("id").Op(":=").Id(p.Type).Call(jen.Qual("encoding/binary", "BigEndian").Dot("Uint64").Call(jen.Id("h").Dot("Sum").Call(jen.Nil()))),
		}
	}
	body = append(body, jen.Return(jen.Id(n.packRaw).Call(jen.Id("id"))))
	f.Func().Id(fn).Params(jen.Id("ns").Id(p.Type), jen.Id("name").String()).Id(p.Type).Block(body...)
	f.Line()
}

// emitMake writes the generator method that makes a member's IDs, the batch
// form for monotonic members, and the package-level function.
func emitMake(f *jen.File, p *Package, m Member) error {
	l := m.Resolved
	n := memberNames(m)
	method, fill, fn := genNames(p, m)
	_, nodeParam := needsNode(p)
	t := p.Type
	fail := func(err jen.Code) jen.Code { return jen.Return(zero(p), err) }

	body := []jen.Code{
		jen.If(jen.Err().Op(":=").Id("g").Dot("ready").Call(), jen.Err().Op("!=").Nil()).Block(fail(jen.Err())),
	}
	if needsRandom(l) && !drawsInState(l) {
		body = append(body, readRandom(p, l, fail)...)
	}

	var doc string
	if memberKind(l) == random {
		switch {
		case inPlace(p, l):
			body = append(body, overlay(p, l, "id", true)...)
			body = append(body, jen.Return(jen.Id("id"), jen.Nil()))
		case hasFields(l):
			// An int64 ID with a node, say: the random block read as
			// fields, the node set, and the fields packed.
			body = append(body, packRoles(p, m)...)
		default:
			body = append(body, jen.Return(jen.Id(n.packRaw).Call(jen.Id("r")), jen.Nil()))
		}
		doc = fmt.Sprintf("%s returns a new %s: random bits with\nthe constant bits written over them.", method, idNamed(p, l))
	} else {
		stmts, d, err := timedBody(f, p, m)
		if err != nil {
			return err
		}
		body = append(body, stmts...)
		doc = fmt.Sprintf("%s returns a new %s.\n%s", method, idNamed(p, l), d)
	}
	comment(f, doc)
	// Named results in every case: where the ID is made in place, the random
	// block is read into the result and the other bits are written over it
	// there, as copying an ID out right after writing its words would stall
	// on store forwarding.
	results := jen.Params(jen.Id("id").Id(t), jen.Err().Error())
	f.Func().Params(jen.Id("g").Op("*").Id("Generator")).Id(method).Params().Add(results).Block(body...)
	f.Line()

	if batchable(l) {
		emitBatchFill(f, p, m)
	} else if monotonic(l) {
		commentf(f, "%s fills dst with new %s, each greater than the one before and\ncontinuing the generator's sequence. On an error it stops and returns it.", fill, idNoun(p, l, true))
		f.Func().Params(jen.Id("g").Op("*").Id("Generator")).Id(fill).Params(jen.Id("dst").Index().Id(t)).Error().Block(
			jen.For(jen.Id("i").Op(":=").Range().Id("dst")).Block(
				jen.List(jen.Id("id"), jen.Err()).Op(":=").Id("g").Dot(method).Call(),
				jen.If(jen.Err().Op("!=").Nil()).Block(jen.Return(jen.Err())),
				jen.Id("dst").Index(jen.Id("i")).Op("=").Id("id"),
			),
			jen.Return(jen.Nil()),
		)
		f.Line()
	}
	if !nodeParam {
		if memberKind(l) == random {
			commentf(f, "%s returns a new %s from the package's default generator, which\nreads crypto/rand. It panics only if crypto/rand fails.", fn, idNoun(p, l, false))
		} else if needsRandom(l) || l.DrawsOnce() {
			commentf(f, "%s returns a new %s from the package's default generator, which\nreads the system clock and crypto/rand. It panics only if the clock is\noutside the layout's range or crypto/rand fails.", fn, idNoun(p, l, false))
		} else {
			commentf(f, "%s returns a new %s from the package's default generator, which\nreads the system clock. It panics only if the clock is outside the\nlayout's range.", fn, idNoun(p, l, false))
		}
		f.Func().Id(fn).Params().Id(t).Block(jen.Return(jen.Id("must").Call(jen.Id("defaultGenerator").Dot(method).Call())))
		f.Line()
	}
	return nil
}

// timedBody returns the statements that make a time-based ID from the clock
// and the random block r, and a sentence on how they stay in order.
func timedBody(f *jen.File, p *Package, m Member) ([]jen.Code, string, error) {
	l := m.Resolved
	tv, _ := l.Value(layouts.Time)
	cv, hasCounter := l.Value(layouts.Counter)
	fail := func(err jen.Code) jen.Code { return jen.Return(zero(p), err) }
	var body []jen.Code
	var doc string

	body = append(body,
		jen.List(jen.Id("now"), jen.Err()).Op(":=").Add(clockTicks(m)),
		jen.If(jen.Err().Op("!=").Nil()).Block(fail(jen.Err())),
	)
	counter := "_"
	if hasCounter {
		counter = "c"
	}
	if stateful(l) {
		policy := "policy" + m.Suffix
		seed := jen.Qual(idrtPath, "Counter").Values()
		state := jen.Id("g").Dot("state" + m.Suffix)
		if drawsInState(l) {
			// The State draws the random bits under the lock that orders
			// the IDs, and seeds the counter from them itself.
			rb := randomBytes(p, l)
			if seeded(l) {
				seed = jen.Id("seed" + m.Suffix).Call(rb.Clone())
			}
			if !inPlace(p, l) {
				body = append(body, randomVar(p))
			}
			body = append(body,
				jen.List(jen.Id("tick"), jen.Id(counter), jen.Err()).Op(":=").Add(state.Clone()).Dot("NextRandom").Call(jen.Op("&").Id(policy), jen.Id("now"), jen.Id("g").Dot("entropy"), rb),
			)
		} else {
			// No random bits, so no seed: a seeded counter draws in the State.
			body = append(body,
				jen.List(jen.Id("tick"), jen.Id(counter), jen.Err()).Op(":=").Add(state.Clone()).Dot("Next").Call(jen.Op("&").Id(policy), jen.Id("now"), seed.Clone()),
			)
		}
		emitPolicy(f, p, m, policy)
		if hasCounter && cv.Overflow == layouts.OverflowWait {
			clock := jen.Func().Params().Uint64().Block(
				jen.List(jen.Id("t"), jen.Id("_")).Op(":=").Add(clockTicks(m)),
				jen.Return(jen.Id("t")),
			)
			body = append(body, jen.If(jen.Err().Op("!=").Nil().Op("&&").Qual("errors", "Is").Call(jen.Err(), jen.Qual(idrtPath, "ErrExhausted"))).Block(
				jen.Comment("The counter ran out within this tick: wait for the clock's next one."),
				jen.List(jen.Id("now"), jen.Err()).Op("=").Qual(idrtPath, "Wait").Values(
					jen.Id("Tick").Op(":").Id("tickLength"+m.Suffix),
					jen.Id("Max").Op(":").Id("maxWait"+m.Suffix),
					jen.Id("Sleep").Op(":").Id("g").Dot("sleep"),
				).Dot("Past").Call(jen.Id("tick"), clock),
				jen.If(jen.Err().Op("==").Nil()).Block(
					jen.List(jen.Id("tick"), jen.Id(counter), jen.Err()).Op("=").Add(state.Clone()).Dot("Next").Call(jen.Op("&").Id(policy), jen.Id("now"), seed.Clone()),
				),
			))
		}
		body = append(body,
			jen.If(jen.Err().Op("!=").Nil()).Block(fail(jen.Id("stateError").Call(jen.Err()))),
			leaseCheck(p, m, fail),
			jen.If(jen.Err().Op(":=").Add(cover(m)), jen.Err().Op("!=").Nil()).Block(fail(jen.Err())),
		)
		_, _, usesRF, _ := fieldsFromRoles(p, l)
		if drawsInState(l) && p.Int64 && usesRF {
			// The random bits of an int64 ID, read as one; a block that
			// only seeded the counter is done with.
			body = append(body, jen.Id("r").Op(":=").Id(p.Type).Call(jen.Qual("encoding/binary", "BigEndian").Dot("Uint64").Call(jen.Id("rb").Index(jen.Empty(), jen.Empty()))))
		}
		tick := tickName(tv.Unit)
		switch {
		case !hasCounter:
			doc = fmt.Sprintf("Each ID takes a %s of its own: within one tick, or when the\nclock goes back, the generator takes the tick after its last.", tick)
		case cv.Init == layouts.InitRunning:
			doc = fmt.Sprintf("A %d-bit counter counts on from ID to ID, across ticks, and wraps:\nIDs are unique while fewer than 2^%d are made in one %s, but they\nare not ordered within it, and it follows the clock back.", cv.Width, cv.Width, tick)
		case waitBounded(cv):
			doc = fmt.Sprintf("Within one %s %s counter, starting at %s,\norders the IDs; when it runs out the generator waits for the next tick,\n%s at most, and then returns ErrClockStalled if the clock stood still\nand ErrClockBackwards if it is behind. When the clock goes back it stays\non its last tick, up to a second: further back, it returns\nErrClockBackwards at once.", tick, an(fmt.Sprintf("%d-bit", cv.Width)), startName(cv), maxWaitWords(m.Resolved.Clock))
		case cv.Overflow == layouts.OverflowWait:
			doc = fmt.Sprintf("Within one %s %s counter, starting at %s,\norders the IDs; when it runs out the generator waits for the next tick,\n%s at most, and then returns ErrClockStalled if the clock stood still\nand ErrClockBackwards if it is behind. When the clock goes back it stays\non its last tick and counts on there.", tick, an(fmt.Sprintf("%d-bit", cv.Width)), startName(cv), maxWaitWords(m.Resolved.Clock))
		default:
			doc = fmt.Sprintf("Within one %s %s counter, starting at %s,\norders the IDs (RFC 9562 §6.2); when it runs out the generator takes\nthe next tick, running ahead of the clock until the clock catches up.\nWhen the clock goes back it stays on its last tick.", tick, an(fmt.Sprintf("%d-bit", cv.Width)), startName(cv))
		}
	} else {
		body = append(body, jen.Id("tick").Op(":=").Id("now"))
		doc = "IDs made within one tick are not ordered among themselves."
	}

	if !hasFields(l) {
		return nil, "", fmt.Errorf("gen: %s: a time-based layout needs fields", l.File)
	}
	if inPlace(p, l) {
		body = append(body, overlay(p, l, "id", true)...)
		body = append(body, jen.Return(jen.Id("id"), jen.Nil()))
		return body, doc, nil
	}
	return append(body, packRoles(p, m)...), doc, nil
}

// packRoles returns the statements that pack and return an ID made from the
// values fieldsFromRoles reads: the random block r read as fields, the
// random bits drawn once, and the generator's other values.
func packRoles(p *Package, m Member) []jen.Code {
	n := memberNames(m)
	var body []jen.Code
	lit, after, usesRF, usesOnce := fieldsFromRoles(p, m.Resolved)
	if usesRF {
		body = append(body, jen.Id("rf").Op(":=").Id("r").Dot(n.unpack).Call())
	}
	if usesOnce {
		body = append(body, jen.Id("of").Op(":=").Id("g").Dot("once").Dot(n.unpack).Call())
	}
	body = append(body, jen.Id("f").Op(":=").Id(n.fields).Values(lit...))
	body = append(body, after...)
	return append(body, jen.Return(jen.Id(n.packRaw).Call(jen.Id("f")), jen.Nil()))
}

// cover returns the call that makes the store cover an ID's tick before
// the ID is handed out. A counter that waits and bounds how far behind its
// last tick the clock may be (waitBounded) has its mark written ahead of
// the clock's tick, now, rather than of the ID's (idrt.Mark.CoverNear), so
// that a generator restarted again and again stays within that bound.
func cover(m Member) *jen.Statement {
	mark := jen.Id("g").Dot("mark" + m.Suffix)
	if cv, ok := m.Resolved.Value(layouts.Counter); ok && waitBounded(cv) {
		return mark.Dot("CoverNear").Call(jen.Id("tick"), jen.Id("now"))
	}
	return mark.Dot("Cover").Call(jen.Id("tick"))
}

// tickName names a tick of a unit in prose: "millisecond", "100ns tick".
func tickName(u layouts.Unit) string {
	switch u.String() {
	case "s":
		return "second"
	case "ms":
		return "millisecond"
	case "us":
		return "microsecond"
	case "ns":
		return "nanosecond"
	}
	return u.String() + " tick"
}

func startName(v *resolved.Role) string {
	switch v.Init {
	case layouts.InitSeeded:
		return "a random value with its top bit clear"
	case layouts.InitRandom:
		return "a random value"
	case layouts.InitRunning:
		return "where it left off"
	}
	return "zero"
}

// emitPolicy writes a member's ordering policy and, for one that waits for
// the clock, its tick length and longest wait.
func emitPolicy(f *jen.File, p *Package, m Member, name string) {
	l := m.Resolved
	tv, _ := l.Value(layouts.Time)
	cv, hasCounter := l.Value(layouts.Counter)
	d := jen.Dict{jen.Id("MaxTick"): jen.Id(maxTick(tv))}
	if drawsInState(l) && seeded(l) {
		d[jen.Id("Seed")] = jen.Id("seed" + m.Suffix)
		defer emitSeed(f, p, m)
	}
	if !hasCounter {
		d[jen.Id("Overflow")] = jen.Qual(idrtPath, "OverflowBorrow")
		commentf(f, "%s keeps %s in order: each takes a tick of its own.", name, idNoun(p, l, true))
		f.Var().Id(name).Op("=").Qual(idrtPath, "Policy").Values(d)
		f.Line()
		return
	}
	d[jen.Id("CounterBits")] = jen.Lit(cv.Width)
	d[jen.Id("Init")] = jen.Qual(idrtPath, map[layouts.Init]string{
		layouts.InitZero: "InitZero", layouts.InitSeeded: "InitSeeded", layouts.InitRandom: "InitRandom", layouts.InitRunning: "InitRunning",
	}[cv.Init])
	d[jen.Id("Overflow")] = jen.Qual(idrtPath, map[layouts.Overflow]string{
		layouts.OverflowWait: "OverflowWait", layouts.OverflowBorrow: "OverflowBorrow", layouts.OverflowWrap: "OverflowWrap",
	}[cv.Overflow])
	if waitBounded(cv) {
		d[jen.Id("MaxBehind")] = num(ticksPerSecond(m.Resolved))
	}
	commentf(f, "%s keeps %s in order (RFC 9562 §6.2): %s counter,\nstarting at %s in each tick, that %s when it runs out.", name, idNoun(p, l, true), an(fmt.Sprintf("%d-bit", cv.Width)), startName(cv),
		map[layouts.Overflow]string{layouts.OverflowWait: "waits for the next tick", layouts.OverflowBorrow: "borrows the next tick", layouts.OverflowWrap: "wraps"}[cv.Overflow])
	f.Var().Id(name).Op("=").Qual(idrtPath, "Policy").Values(d)
	f.Line()
	if cv.Overflow == layouts.OverflowWait {
		tick := uint64(clockOf(m.Resolved).Duration())
		f.Const().Defs(
			jen.Comment("tickLength"+m.Suffix+" is one tick of the "+l.Name+" clock."),
			jen.Id("tickLength"+m.Suffix).Op("=").Add(num(tick)).Op("*").Qual("time", "Nanosecond"),
			jen.Comment("maxWait"+m.Suffix+" is how long a generator waits for the clock to pass its last tick."),
			jen.Id("maxWait"+m.Suffix).Op("=").Add(maxWait(m.Resolved.Clock)),
		)
		f.Line()
	}
}

// waitBounded reports whether a counter that waits for the clock when it
// runs out also bounds how far behind its last tick the clock may be: one
// narrower than 64 bits can run out while the clock is far behind and would
// then wait for it, so its generator returns ErrClockBackwards once the
// clock is more than a second behind instead. A wider one does not run out
// in practice, so, like a borrowing counter, it stays on its last tick
// however far the clock goes back.
func waitBounded(cv *resolved.Role) bool {
	return cv.Overflow == layouts.OverflowWait && cv.Width < 64
}

// maxWaitTicks is how many ticks a waiting generator waits at most, when
// that is longer than a second: a counter that runs out early in a tick
// waits almost a whole tick for the next, and the second leaves room for a
// loaded machine. (A generator resumed from a store or a lease does not
// wait for the clock to pass the mark: State.ResumePast.)
const maxWaitTicks = 2

// maxWaitNanos returns how long, in nanoseconds, a generator waits for the
// clock's next tick: a second, or maxWaitTicks ticks if that is longer.
func maxWaitNanos(c *resolved.Clock) uint64 {
	return max(c.NanosAt(big.NewInt(maxWaitTicks)).Uint64(), 1e9)
}

// maxWait returns maxWaitNanos as a Go duration.
func maxWait(c *resolved.Clock) *jen.Statement {
	ns := maxWaitNanos(c)
	switch {
	case ns == 1e9:
		return jen.Qual("time", "Second")
	case ns%1e9 == 0:
		return num(ns/1e9).Op("*").Qual("time", "Second")
	}
	return num(ns).Op("*").Qual("time", "Nanosecond")
}

// maxWaitWords says maxWaitNanos in words, for a doc.
func maxWaitWords(c *resolved.Clock) string {
	ns := maxWaitNanos(c)
	switch {
	case ns == 1e9:
		return "a second"
	case ns%1e9 == 0:
		return fmt.Sprintf("%d seconds", ns/1e9)
	}
	return time.Duration(ns).String()
}

// drawsInState reports whether a member's random bits are drawn by its
// State (State.NextRandom), under the one lock that also orders its IDs.
func drawsInState(l *resolved.Layout) bool {
	return stateful(l) && needsRandom(l)
}

// seeded reports whether a member's counter starts at random bits.
func seeded(l *resolved.Layout) bool {
	c, ok := l.Value(layouts.Counter)
	return ok && c.Init != layouts.InitZero
}

// randomVar declares the variable that one ID's random bits are read into:
// r, an ID, or for an int64 ID the bytes rb.
func randomVar(p *Package) jen.Code {
	if p.Int64 {
		return jen.Var().Id("rb").Index(jen.Lit(8)).Byte()
	}
	return jen.Var().Id("r").Id(p.Type)
}

// randomBytes returns the slice that one ID's random bits are read into: the
// result id when the ID is made in place, or else the variable that
// randomVar declares.
func randomBytes(p *Package, l *resolved.Layout) *jen.Statement {
	switch {
	case p.Int64:
		return jen.Id("rb").Index(jen.Empty(), jen.Empty())
	case inPlace(p, l):
		return jen.Id("id").Index(jen.Empty(), jen.Empty())
	}
	return jen.Id("r").Index(jen.Empty(), jen.Empty())
}

// inPlace reports whether a member's ID is made in its generator method's
// result: the random block is read into it and the other bits are written
// over it (see overlay).
func inPlace(p *Package, l *resolved.Layout) bool {
	return !p.Int64 && (memberKind(l) == random || memberKind(l) == timed && canOverlay(p, l))
}

// emitSeed writes the function of a member's Policy.Seed, which takes the
// counter's starting value from an ID's random bits.
func emitSeed(f *jen.File, p *Package, m Member) {
	l := m.Resolved
	cv, _ := l.Value(layouts.Counter)
	name := "seed" + m.Suffix
	commentf(f, "%s returns the %s counter's starting value: the bits of the\nrandom block r where the counter lies.", name, l.Name)
	if p.Int64 {
		f.Func().Id(name).Params(jen.Id("b").Index().Byte()).Qual(idrtPath, "Counter").Block(
			jen.Id("r").Op(":=").Id(p.Type).Call(jen.Qual("encoding/binary", "BigEndian").Dot("Uint64").Call(jen.Id("b"))),
			jen.Return(counterSeed(p, l, cv)),
		)
	} else {
		f.Func().Id(name).Params(jen.Id("r").Index().Byte()).Qual(idrtPath, "Counter").Block(
			jen.Return(counterSeed(p, l, cv)),
		)
	}
	f.Line()
}

// counterSeed returns an expression for the counter's bits in the random
// block r, as an idrt.Counter.
func counterSeed(p *Package, l *resolved.Layout, cv *resolved.Role) *jen.Statement {
	if cv.Width <= 64 {
		return jen.Qual(idrtPath, "Counter").Values(jen.Dict{jen.Id("Lo"): roleValue(p, l, layouts.Counter, "r")})
	}
	pl := newPlan(p, l)
	fd := &l.Fields[l.Segments[l.Parts[cv.Parts[0]].Segment].Field]
	start, end := pl.bytesRange(fd)
	return jen.Qual(idrtPath, "Counter").Values(jen.Dict{
		jen.Id("Hi"): loadUint("r", start, end-start-8),
		jen.Id("Lo"): loadUint("r", end-8, 8),
	})
}

// loadUint reads n (1 to 8) big-endian bytes of src from start as a uint64.
func loadUint(src string, start, n int) *jen.Statement {
	var terms []jen.Code
	for at := start; at < start+n; {
		k := 8
		for k > start+n-at {
			k /= 2
		}
		var x *jen.Statement
		if k == 1 {
			x = jen.Id(src).Index(jen.Lit(at))
		} else {
			x = jen.Qual("encoding/binary", "BigEndian").Dot(fmt.Sprintf("Uint%d", k*8)).Call(jen.Id(src).Index(jen.Lit(at), jen.Lit(at+k)))
		}
		if k != 8 {
			x = jen.Uint64().Call(x)
		}
		terms = append(terms, shiftLeft(x, 8*(start+n-at-k)))
		at += k
	}
	return joinOp("|", terms)
}

// storeUint writes the low n*8 bits of val (a uint64) to dst[start:start+n].
func storeUint(dst string, start, n int, val *jen.Statement) []jen.Code {
	var out []jen.Code
	for at := start; at < start+n; {
		k := 8
		for k > start+n-at {
			k /= 2
		}
		x := val.Clone()
		if sh := 8 * (start + n - at - k); sh > 0 {
			x = x.Op(">>").Lit(sh)
		}
		if k == 1 {
			out = append(out, jen.Id(dst).Index(jen.Lit(at)).Op("=").Byte().Call(x))
		} else {
			if k != 8 {
				x = jen.Id(fmt.Sprintf("uint%d", k*8)).Call(x)
			}
			out = append(out, jen.Qual("encoding/binary", "BigEndian").Dot(fmt.Sprintf("PutUint%d", k*8)).Call(jen.Id(dst).Index(jen.Lit(at), jen.Lit(at+k)), x))
		}
		at += k
	}
	return out
}

// fieldsFromRoles returns the fields literal of an ID made from the values
// tick, c (the counter), g.node and g.clockSeq, with its random bits from rf
// (the random block read as fields) and its once-random bits from of; and the
// statements that fill its bytes fields afterwards.
func fieldsFromRoles(p *Package, l *resolved.Layout) (lit []jen.Code, after []jen.Code, usesRF, usesOnce bool) {
	set := func(name string, val jen.Code) { lit = append(lit, jen.Line().Id(name).Op(":").Add(val)) }
	sources := map[layouts.Role]string{
		layouts.Time: "tick", layouts.Counter: "c.Lo", layouts.Node: "g.node", layouts.ClockSeq: "g.clockSeq",
	}
	for i := range l.Fields {
		fd := &l.Fields[i]
		name := layouts.GoName(fd.Name)
		if fd.Bytes {
			switch fd.Role {
			case layouts.Random:
				if v, _ := l.Value(layouts.Random); v.Once {
					set(name, jen.Id("of").Dot(name))
					usesOnce = true
				} else {
					set(name, jen.Id("rf").Dot(name))
					usesRF = true
				}
			case layouts.Counter:
				w := fd.Width / 8
				dst := "f." + name
				if w > 8 {
					after = append(after, storeUint(dst, 0, w-8, jen.Id("c.Hi"))...)
					after = append(after, storeUint(dst, w-8, 8, jen.Id("c.Lo"))...)
				} else {
					after = append(after, storeUint(dst, 0, w, jen.Id("c.Lo"))...)
				}
			}
			continue
		}
		if fd.Split() && fd.Role != layouts.Random {
			// A split field holds the whole of its role's value.
			set(name, convertTo(p, fd, jen.Id(sources[fd.Role])))
			continue
		}
		if p.Int64 && fd.Role == layouts.Random && !fd.Split() {
			// A field of an int64 ID that is random bits alone: the same
			// field of the random block, of the same type.
			if v, _ := l.Value(layouts.Random); v.Once {
				set(name, jen.Id("of").Dot(name))
				usesOnce = true
			} else {
				set(name, jen.Id("rf").Dot(name))
				usesRF = true
			}
			continue
		}
		var terms []jen.Code
		r := l
		for k, si := range fd.Segments {
			seg := l.Segments[si]
			for _, pi := range seg.Parts {
				pt := l.Parts[pi]
				pos := r.Parts[pi].Shift - r.Segments[si].Shift // the part's lowest bit in the segment
				if fd.Split() {
					pos = fd.Lo[k]
				}
				if pt.Role == layouts.Random {
					v, _ := l.Value(layouts.Random)
					src := "rf"
					if v.Once {
						src, usesOnce = "of", true
					} else {
						usesRF = true
					}
					x := jen.Id(src).Dot(name)
					if fieldBits(p, fd) != 64 || signedField(p, fd) {
						x = jen.Uint64().Call(x)
					}
					if pt.Width != fd.Width {
						x = x.Op("&").Id(maskAt(pt.Width, pos))
					}
					terms = append(terms, x)
					continue
				}
				v, _ := l.Value(pt.Role)
				x := jen.Id(sources[pt.Role])
				if pt.Lo > 0 {
					x = x.Op(">>").Lit(pt.Lo)
				}
				if pt.Hi < v.Width {
					x = x.Op("&").Id(mask(pt.Width))
				}
				terms = append(terms, shiftLeft(x, pos))
			}
		}
		set(name, convertTo(p, fd, joinOp("|", terms)))
	}
	lit = append(lit, jen.Line())
	return lit, after, usesRF, usesOnce
}

// convertTo converts a uint64 expression to a numeric field's type.
func convertTo(p *Package, fd *resolved.Field, x *jen.Statement) *jen.Statement {
	switch {
	case signedField(p, fd):
		return jen.Int64().Call(x)
	case fieldBits(p, fd) != 64:
		return jen.Id(fmt.Sprintf("uint%d", fieldBits(p, fd))).Call(x)
	}
	return x
}

// maskAt returns a literal with width one bits starting at bit pos.
func maskAt(width, pos int) string {
	return fmt.Sprintf("%#x", (uint64(1)<<width-1)<<pos)
}

// batchLimit is how many IDs a batch fill makes from one clock reading, one
// read of randomness and one reservation of counter values.
const batchLimit = 64

// batchable reports whether a member's Fill can reserve counter values in
// batches: a counter of at most 64 bits that borrows the next tick.
func batchable(l *resolved.Layout) bool {
	c, ok := l.Value(layouts.Counter)
	return ok && monotonic(l) && c.Width <= 64 && c.Overflow == layouts.OverflowBorrow && c.Init != layouts.InitRunning
}

// emitBatchFill writes a Fill that reads the clock, the random bits and the
// counter's state once for every batchLimit IDs.
func emitBatchFill(f *jen.File, p *Package, m Member) {
	l := m.Resolved
	n := memberNames(m)
	method, fill, _ := genNames(p, m)
	cv, _ := l.Value(layouts.Counter)
	t := p.Type
	lit, after, usesRF, usesOnce := fieldsFromRoles(p, l)
	// The size of one ID's random block: the package's Size, which an
	// int64 ID's package does not declare.
	size := jen.Id("Size")
	if p.Int64 {
		size = jen.Lit(8)
	}
	block := jen.Id("blocks").Index(jen.Id("i").Op("*").Add(size.Clone()), jen.Parens(jen.Id("i").Op("+").Lit(1)).Op("*").Add(size.Clone()))
	random := jen.Id(t).Call(block) // the block read as an ID
	if p.Int64 {
		random = jen.Id(t).Call(jen.Qual("encoding/binary", "BigEndian").Dot("Uint64").Call(block))
	}
	perID := []jen.Code{
		jen.Id("c").Op(":=").Qual(idrtPath, "Counter").Values(jen.Dict{jen.Id("Lo"): jen.Id("c0").Dot("Lo").Op("+").Uint64().Call(jen.Id("i"))}),
	}
	if canOverlay(p, l) {
		// Overlay in place: copying the ID out after its words were
		// written would stall on store forwarding.
		perID = append(perID,
			jen.Id("dst").Index(jen.Id("i")).Op("=").Id(t).Call(block),
			jen.Id("r").Op(":=").Op("&").Id("dst").Index(jen.Id("i")))
		perID = append(perID, overlay(p, l, "r", false)...)
	} else {
		if usesRF {
			perID = append(perID, jen.Id("rf").Op(":=").Add(random).Dot(n.unpack).Call())
		}
		perID = append(perID, jen.Id("f").Op(":=").Id(n.fields).Values(lit...))
		perID = append(perID, after...)
		perID = append(perID, jen.Id("dst").Index(jen.Id("i")).Op("=").Id(n.packRaw).Call(jen.Id("f")))
	}

	seed := jen.Qual(idrtPath, "Counter").Values()
	if cv.Init != layouts.InitZero {
		seed = jen.Id("seed")
	}
	loop := []jen.Code{jen.Id("n").Op(":=").Min(jen.Len(jen.Id("dst")), jen.Id("batch"))}
	// A layout with no random bits (a counter from zero, and nothing else
	// drawn) reads none.
	var blocks jen.Code = jen.Null()
	if needsRandom(l) {
		blocks = jen.Var().Id("blocks").Index(jen.Id("batch").Op("*").Add(size.Clone())).Byte()
		loop = append(loop, jen.If(jen.List(jen.Id("_"), jen.Err()).Op(":=").Id("g").Dot("entropy").Dot("Read").Call(jen.Id("blocks").Index(jen.Empty(), jen.Id("n").Op("*").Add(size.Clone()))), jen.Err().Op("!=").Nil()).Block(
			jen.Return(jen.Qual("fmt", "Errorf").Call(jen.Lit("%w: %w"), jen.Id("ErrEntropy"), jen.Err())),
		))
	}
	loop = append(loop,
		jen.List(jen.Id("now"), jen.Err()).Op(":=").Add(clockTicks(m)),
		jen.If(jen.Err().Op("!=").Nil()).Block(jen.Return(jen.Err())),
	)
	if cv.Init != layouts.InitZero {
		loop = append(loop, jen.Id("seed").Op(":=").Id("seed"+m.Suffix).Call(jen.Id("blocks").Index(jen.Empty(), size.Clone())))
	}
	loop = append(loop,
		jen.List(jen.Id("tick"), jen.Id("c0"), jen.Id("k"), jen.Err()).Op(":=").Id("g").Dot("state"+m.Suffix).Dot("NextN").Call(jen.Op("&").Id("policy"+m.Suffix), jen.Id("now"), seed, jen.Id("n")),
		jen.If(jen.Err().Op("!=").Nil()).Block(jen.Return(jen.Id("stateError").Call(jen.Err()))),
		leaseCheck(p, m, func(err jen.Code) jen.Code { return jen.Return(err) }),
		jen.If(jen.Err().Op(":=").Add(cover(m)), jen.Err().Op("!=").Nil()).Block(jen.Return(jen.Err())),
		jen.For(jen.Id("i").Op(":=").Range().Id("k")).Block(perID...),
		jen.Id("dst").Op("=").Id("dst").Index(jen.Id("k"), jen.Empty()),
	)
	if needsRandom(l) {
		commentf(f, "%s fills dst with new %s, each greater than the one before and\ncontinuing the generator's sequence, as that many calls of %s would. It\nreads the clock, the random bits and the counter's state once for every\n%d IDs. On an error it stops and returns it.", fill, idNoun(p, l, true), method, batchLimit)
	} else {
		commentf(f, "%s fills dst with new %s, each greater than the one before and\ncontinuing the generator's sequence, as that many calls of %s would. It\nreads the clock and the counter's state once for every %d IDs. On an\nerror it stops and returns it.", fill, idNoun(p, l, true), method, batchLimit)
	}
	var once jen.Code = jen.Null()
	if usesOnce {
		once = jen.Id("of").Op(":=").Id("g").Dot("once").Dot(n.unpack).Call()
	}
	f.Func().Params(jen.Id("g").Op("*").Id("Generator")).Id(fill).Params(jen.Id("dst").Index().Id(t)).Error().Block(
		jen.If(jen.Err().Op(":=").Id("g").Dot("ready").Call(), jen.Err().Op("!=").Nil()).Block(jen.Return(jen.Err())),
		once,
		jen.Const().Id("batch").Op("=").Lit(batchLimit),
		blocks,
		jen.For(jen.Len(jen.Id("dst")).Op(">").Lit(0)).Block(loop...),
		jen.Return(jen.Nil()),
	)
	f.Line()
}

// ticksPerSecond returns how many of the layout's ticks make a second,
// rounded up.
func ticksPerSecond(r *resolved.Layout) uint64 {
	return clockOf(r).PerSecondCeil()
}

// needsRandom reports whether making an ID reads fresh random bits: for
// random parts, or to seed a counter.
func needsRandom(l *resolved.Layout) bool {
	if v, ok := l.Value(layouts.Random); ok && !v.Once {
		return true
	}
	c, ok := l.Value(layouts.Counter)
	return ok && c.Init != layouts.InitZero
}

// readRandom returns the statements that read one ID's worth of random bits
// into r, or into the result id when the ID is made in place.
func readRandom(p *Package, l *resolved.Layout, fail func(jen.Code) jen.Code) []jen.Code {
	var out []jen.Code
	if !inPlace(p, l) {
		out = append(out, randomVar(p))
	}
	into := randomBytes(p, l)
	out = append(out, jen.If(jen.List(jen.Id("_"), jen.Err()).Op(":=").Id("g").Dot("entropy").Dot("Read").Call(into), jen.Err().Op("!=").Nil()).Block(
		fail(jen.Qual("fmt", "Errorf").Call(jen.Lit("%w: %w"), jen.Id("ErrEntropy"), jen.Err())),
	))
	if p.Int64 {
		out = append(out, jen.Id("r").Op(":=").Id(p.Type).Call(jen.Qual("encoding/binary", "BigEndian").Dot("Uint64").Call(jen.Id("rb").Index(jen.Empty(), jen.Empty()))))
	}
	return out
}
