package golang

import (
	"fmt"
	"strings"
	"time"

	"github.com/dave/jennifer/jen"

	"github.com/idforge/idforge/layouts"
	"github.com/idforge/idforge/resolved"
)

// kind says how a member is made.
type kind int

const (
	noGen    kind = iota
	timed         // from the clock, and maybe a counter and random bits
	random        // from random bits alone
	nameHash      // from a namespace and a name
)

func memberKind(l *resolved.Layout) kind {
	if _, ok := l.Value(layouts.Hash); ok {
		return nameHash
	}
	if _, ok := l.Value(layouts.Time); ok {
		return timed
	}
	if _, ok := l.Value(layouts.Random); ok {
		return random
	}
	return noGen
}

// needsNode reports whether the package's generator must be given a node:
// some member has a node that is not a MAC-style one, which could default to
// random.
func needsNode(p *Package) (resolved.Role, bool) {
	for _, m := range p.Members {
		if m.Resolved.NeedsNode {
			return *m.Resolved.Node, true
		}
	}
	return resolved.Role{}, false
}

// drawnNode returns the node a generator draws at random when it is made,
// unless WithNode gives it, and its member: a MAC-style node of a time-based
// layout, or the node of a layout of random bits, which no one need give
// (with no time, the random bits keep its IDs apart). It has none when the
// generator takes its node (needsNode).
func drawnNode(p *Package) (Member, *resolved.Role, bool) {
	if _, ok := needsNode(p); ok {
		return Member{}, nil, false
	}
	for _, m := range p.Members {
		k := memberKind(m.Resolved)
		if v, ok := m.Resolved.Value(layouts.Node); ok && (k == timed && v.MAC || k == random) {
			return m, v, true
		}
	}
	return Member{}, nil, false
}

// genNames returns a member's method and function names: NewV7 for a
// family, Next and New for a package with one layout.
func genNames(p *Package, m Member) (method, fill, fn string) {
	if m.Suffix == "" {
		return "Next", "Fill", "New"
	}
	return "New" + m.Suffix, "Fill" + m.Suffix, "New" + m.Suffix
}

// roleOf returns the value of a role that some member has, and the member.
func roleOf(p *Package, r layouts.Role) (Member, *resolved.Role, bool) {
	for _, m := range p.Members {
		if memberKind(m.Resolved) != timed {
			continue
		}
		if v, ok := m.Resolved.Value(r); ok {
			return m, v, true
		}
	}
	return Member{}, nil, false
}

// emitGenerate writes the Generator with its options, the methods that make
// each member's IDs, and the package-level functions that use a default
// generator.
func emitGenerate(f *jen.File, p *Package) error {
	var gens []Member
	for _, m := range p.Members {
		switch memberKind(m.Resolved) {
		case timed, random:
			gens = append(gens, m)
		case nameHash:
			emitNameBased(f, p, m)
		}
	}
	if len(gens) == 0 {
		return nil
	}
	if err := emitGeneratorType(f, p, gens); err != nil {
		return err
	}
	if usesNow(p, gens) {
		emitNow(f)
	}
	for _, m := range gens {
		if err := emitMake(f, p, m); err != nil {
			return err
		}
	}
	return nil
}

func emitGeneratorType(f *jen.File, p *Package, gens []Member) error {
	t := p.Type
	nodeVal, nodeParam := needsNode(p)
	nodeMember, drawn, hasDrawn := drawnNode(p)
	_, seqVal, hasSeq := roleOf(p, layouts.ClockSeq)

	needOnce := hasDrawn || hasSeq || usesOnceRandom(gens)
	usesEntropy := drawsRandom(p)
	mono := anyStateful(gens)
	fields := []jen.Code{
		jen.Id("made").Qual("sync/atomic", "Bool").Comment("set once setup has run, by NewGenerator or a zero Generator's first call"),
	}
	if !nodeParam {
		fields = append(fields,
			jen.Id("setupMu").Qual("sync", "Mutex").Comment("runs a zero Generator's setup once"),
			jen.Id("err").Error().Comment("why a zero Generator could not be set up, returned by every call"),
		)
	}
	fields = append(fields, jen.Id("clock").Func().Params().Qual("time", "Time").Comment("set by WithClock"))
	if usesEntropy {
		fields = append(fields, jen.Id("entropy").Op("*").Qual(idrtPath, "Entropy"))
	}
	if needOnce {
		fields = append(fields, jen.Id("once").Id(t).Comment("random bits drawn when the generator was set up"))
	}
	if nodeParam || hasDrawn {
		fields = append(fields, jen.Id("node").Uint64())
	}
	if hasSeq {
		fields = append(fields, jen.Id("clockSeq").Uint64())
	}
	if anyWaits(gens) {
		fields = append(fields, jen.Id("sleep").Func().Params(jen.Qual("time", "Duration")).Comment("set by WithSleep"))
	}
	if mono {
		fields = append(fields, jen.Id("store").Op("*").Qual(storePath, "Store").Comment("set by WithStore"))
	}
	fields = append(fields, leaseFields(p)...)
	for _, m := range gens {
		if stateful(m.Resolved) {
			fields = append(fields,
				jen.Id("state"+m.Suffix).Qual(idrtPath, "State"),
				jen.Id("mark"+m.Suffix).Op("*").Qual(idrtPath, "Mark").Comment("in the store; nil without one"))
		}
	}
	var doc strings.Builder
	fmt.Fprintf(&doc, "Generator makes %s. It reads the clock and randomness as the layout's\nroles say, and keeps the state that orders the IDs it makes", plural(t))
	var monoNames []string
	for _, m := range gens {
		if monotonic(m.Resolved) {
			monoNames = append(monoNames, m.Resolved.Name)
		}
	}
	if len(monoNames) > 0 {
		fmt.Fprintf(&doc, ": each %s it makes\nis greater than the last, even when the clock stands still or goes back", joinNames(monoNames))
	}
	doc.WriteString(".\nIt is safe for concurrent use.\n\n")
	if nodeParam {
		doc.WriteString("Make one with NewGenerator, which takes its node. The zero Generator has\nno node, so that it cannot repeat the IDs of another: every call on it\nreturns ErrNoGenerator.")
	} else {
		var random []string
		if hasDrawn {
			random = append(random, "node")
		}
		if hasSeq {
			random = append(random, "clock sequence")
		}
		doc.WriteString("The zero Generator is ready to use: on its first call it sets itself up\nas NewGenerator() would")
		if len(random) > 0 {
			fmt.Fprintf(&doc, ", with a random %s", strings.Join(random, " and "))
		}
		doc.WriteString(".")
	}
	comment(f, doc.String())
	f.Type().Id("Generator").Struct(fields...)
	f.Line()

	writeDoc(f, "Option configures a Generator. NewGenerator applies the options it is\ngiven, and nothing else can: a Generator in use never changes. Each option\nmay be given once, in any order; NewGenerator returns an error matching\nErrOption for one given twice or for the zero Option, and the error of an\noption given a value it cannot use.")
	f.Type().Id("Option").Struct(
		jen.Id("name").String().Comment("the function that made it, such as \"WithClock\""),
		jen.Id("apply").Func().Params(jen.Op("*").Id("Generator")).Error().Comment("run by NewGenerator alone, on the new generator"),
	)
	f.Line()
	emitErrOption(f, p, mono)
	emitOption(f, "WithClock makes the generator read the time from now instead of the\nsystem clock. A nil now means the system clock.",
		"WithClock", jen.Id("now").Func().Params().Qual("time", "Time"), jen.Id("g").Dot("clock").Op("=").Id("now"))
	if usesEntropy {
		emitOption(f, "WithEntropy makes the generator read random bits from r instead of\ncrypto/rand. If r fails, the generator returns ErrEntropy and no ID. A nil r\nmeans crypto/rand.",
			"WithEntropy", jen.Id("r").Qual("io", "Reader"), jen.Id("g").Dot("entropy").Op("=").Qual(idrtPath, "NewEntropy").Call(jen.Id("r")))
	}
	if anyWaits(gens) {
		emitOption(f, "WithSleep makes the generator call sleep instead of time.Sleep while it\nwaits for the clock to pass a tick whose counter ran out, and measure how\nlong it has waited by the durations it sleeps. With a fake clock\n(WithClock) that a sleep moves on, waits take no real time and do not\ndepend on how fast the machine runs. A nil sleep means time.Sleep.",
			"WithSleep", jen.Id("sleep").Func().Params(jen.Qual("time", "Duration")), jen.Id("g").Dot("sleep").Op("=").Id("sleep"))
	}
	if hasDrawn {
		doc := fmt.Sprintf("WithNode sets the %d-bit node instead of a random one drawn when the\ngenerator is made.", drawn.Width)
		if drawn.MAC {
			doc = fmt.Sprintf("WithNode sets the %d-bit node instead of a random one with the multicast bit set.", drawn.Width)
		}
		emitFixedOption(f, "WithNode", "node", "node", "node", drawn.Width, doc)
	}
	if hasSeq {
		emitFixedOption(f, "WithClockSeq", "clockSeq", "seq", "clock sequence", seqVal.Width,
			fmt.Sprintf("WithClockSeq sets the %d-bit clock sequence instead of a random one.", seqVal.Width))
	}
	if mono {
		emitStoreOption(f, gens)
	}
	emitLeaseOption(f, p)

	// NewGenerator and setup.
	var params, args []jen.Code
	var setup []jen.Code
	if nodeParam {
		params = append(params, jen.Id("node").Add(nodeType(p)))
		args = append(args, jen.Id("node"))
		// An int64 node can be negative; a uint64 one only too large.
		outside, node := jen.Id("node").Op(">").Id(mask(nodeVal.Width)), jen.Id("node")
		if p.Int64 {
			outside = jen.Id("node").Op("<").Lit(0).Op("||").Add(outside)
			node = jen.Uint64().Call(node)
		}
		setup = append(setup, jen.If(outside).Block(
			jen.Return(jen.Qual("fmt", "Errorf").Call(jen.Lit(fmt.Sprintf("%%w: node %%d does not fit in %d bits", nodeVal.Width)), jen.Id("ErrRange"), jen.Id("node"))),
		), jen.Id("g").Dot("node").Op("=").Add(node))
	}
	params = append(params, jen.Id("opts").Index().Id("Option"))
	args = append(args, jen.Id("opts"))
	if usesEntropy {
		setup = append(setup, jen.Id("g").Dot("entropy").Op("=").Qual(idrtPath, "Crypto").Call())
	}
	if hasDrawn {
		setup = append(setup, jen.Id("g").Dot("node").Op("=").Id("noValue"))
	}
	if hasSeq {
		setup = append(setup, jen.Id("g").Dot("clockSeq").Op("=").Id("noValue"))
	}
	setup = append(setup, jen.For(jen.List(jen.Id("i"), jen.Id("o")).Op(":=").Range().Id("opts")).Block(
		jen.If(jen.Id("o").Dot("apply").Op("==").Nil()).Block(
			jen.Return(jen.Qual("fmt", "Errorf").Call(jen.Lit("%w: option %d is the zero Option"), jen.Id("ErrOption"), jen.Id("i"))),
		),
		jen.For(jen.List(jen.Id("_"), jen.Id("prev")).Op(":=").Range().Id("opts").Index(jen.Empty(), jen.Id("i"))).Block(
			jen.If(jen.Id("prev").Dot("name").Op("==").Id("o").Dot("name")).Block(
				jen.Return(jen.Qual("fmt", "Errorf").Call(jen.Lit("%w: %s given twice"), jen.Id("ErrOption"), jen.Id("o").Dot("name"))),
			),
		),
		jen.If(jen.Err().Op(":=").Id("o").Dot("apply").Call(jen.Id("g")), jen.Err().Op("!=").Nil()).Block(jen.Return(jen.Err())),
	))
	if needOnce && p.Int64 {
		// An int64 ID's bits are read from big-endian bytes, as FromBytes
		// reads them.
		setup = append(setup,
			jen.Var().Id("once").Index(jen.Lit(8)).Byte(),
			jen.If(jen.List(jen.Id("_"), jen.Err()).Op(":=").Id("g").Dot("entropy").Dot("Read").Call(jen.Id("once").Index(jen.Empty(), jen.Empty())), jen.Err().Op("!=").Nil()).Block(
				jen.Return(jen.Qual("fmt", "Errorf").Call(jen.Lit("%w: %w"), jen.Id("ErrEntropy"), jen.Err())),
			),
			jen.Id("g").Dot("once").Op("=").Id(t).Call(jen.Qual("encoding/binary", "BigEndian").Dot("Uint64").Call(jen.Id("once").Index(jen.Empty(), jen.Empty()))),
		)
	} else if needOnce {
		setup = append(setup, jen.If(jen.List(jen.Id("_"), jen.Err()).Op(":=").Id("g").Dot("entropy").Dot("Read").Call(jen.Id("g").Dot("once").Index(jen.Empty(), jen.Empty())), jen.Err().Op("!=").Nil()).Block(
			jen.Return(jen.Qual("fmt", "Errorf").Call(jen.Lit("%w: %w"), jen.Id("ErrEntropy"), jen.Err())),
		))
	}
	if hasDrawn && drawn.MAC {
		setup = append(setup, jen.If(jen.Id("g").Dot("node").Op("==").Id("noValue")).Block(
			jen.Comment("A random node, with the multicast bit set so it never matches a real MAC address."),
			jen.Id("g").Dot("node").Op("=").Add(roleValue(p, nodeMember.Resolved, layouts.Node, "g.once")).Op("|").Lit(1).Op("<<").Lit(40),
		))
	} else if hasDrawn {
		setup = append(setup, jen.If(jen.Id("g").Dot("node").Op("==").Id("noValue")).Block(
			jen.Id("g").Dot("node").Op("=").Add(roleValue(p, nodeMember.Resolved, layouts.Node, "g.once")),
		))
	}
	if hasSeq {
		m, _, _ := roleOf(p, layouts.ClockSeq)
		setup = append(setup, jen.If(jen.Id("g").Dot("clockSeq").Op("==").Id("noValue")).Block(
			jen.Id("g").Dot("clockSeq").Op("=").Add(roleValue(p, m.Resolved, layouts.ClockSeq, "g.once")),
		))
	}
	if mono {
		resume := []jen.Code{jen.Var().Err().Error()}
		for _, m := range gens {
			if !stateful(m.Resolved) {
				continue
			}
			mark := jen.Id("g").Dot("mark" + m.Suffix)
			_, timeAt := timeNames(m)
			resume = append(resume,
				jen.If(jen.List(mark.Clone(), jen.Err()).Op("=").Qual(idrtPath, "OpenMark").Call(jen.Id("g").Dot("store"), jen.Lit(m.Resolved.Name), num(storeAhead(m.Resolved))), jen.Err().Op("!=").Nil()).Block(
					jen.Return(jen.Err()),
				),
				jen.If(jen.Id("t").Op(":=").Add(mark.Clone()).Dot("Loaded").Call(), jen.Id("t").Op("!=").Lit(0)).Block(
					jen.Comment("Refuse a mark far ahead of the clock, then resume above it at once."),
					jen.If(jen.Err().Op(":=").Add(mark.Clone()).Dot("Ahead").Call(jen.Id(timeAt).Call(jen.Id("t")), jen.Id("g").Dot("now").Call(jen.Qual("time", "Now"))), jen.Err().Op("!=").Nil()).Block(
						jen.Return(jen.Err()),
					),
					jen.Id("g").Dot("state"+m.Suffix).Dot("ResumePast").Call(jen.Op("&").Id("policy"+m.Suffix), jen.Id("t")),
				),
			)
		}
		setup = append(setup, jen.If(jen.Id("g").Dot("store").Op("!=").Nil()).Block(resume...))
	}
	if _, ok := leaseMember(p); ok {
		setup = append(setup, jen.If(jen.Id("g").Dot("lease").Op("!=").Nil()).Block(jen.Return(jen.Id("g").Dot("bindLease").Call(jen.Id("node")))))
	}
	setup = append(setup, jen.Return(jen.Nil()))

	var newParams []jen.Code
	if nodeParam {
		newParams = append(newParams, jen.Id("node").Add(nodeType(p)))
		commentf(f, "NewGenerator returns a generator for the given node (%d bits). It returns\nErrRange when the node does not fit, and the error of an option given a\nvalue it cannot use.", nodeVal.Width)
	} else {
		comment(f, "NewGenerator returns a generator. It returns the error of an option\ngiven a value it cannot use.")
	}
	newParams = append(newParams, jen.Id("opts").Op("...").Id("Option"))
	f.Func().Id("NewGenerator").Params(newParams...).Params(jen.Op("*").Id("Generator"), jen.Error()).Block(
		jen.Id("g").Op(":=").New(jen.Id("Generator")),
		jen.If(jen.Err().Op(":=").Id("g").Dot("setup").Call(args...), jen.Err().Op("!=").Nil()).Block(jen.Return(jen.Nil(), jen.Err())),
		jen.Id("g").Dot("made").Dot("Store").Call(jen.True()),
		jen.Return(jen.Id("g"), jen.Nil()),
	)
	f.Line()

	comment(f, "setup applies the options to a new generator and fills in what they left\nunset.")
	f.Func().Params(jen.Id("g").Op("*").Id("Generator")).Id("setup").Params(params...).Error().Block(setup...)
	f.Line()

	if nodeParam {
		comment(f, "ErrNoGenerator is returned by every call on a zero Generator, which has\nno node: make one with NewGenerator.")
		f.Var().Id("ErrNoGenerator").Op("=").Qual("errors", "New").Call(jen.Lit(p.Name + ": a zero Generator has no node: make one with NewGenerator"))
		f.Line()
		comment(f, "ready returns ErrNoGenerator for a zero Generator.")
		f.Func().Params(jen.Id("g").Op("*").Id("Generator")).Id("ready").Params().Error().Block(
			jen.If(jen.Op("!").Id("g").Dot("made").Dot("Load").Call()).Block(jen.Return(jen.Id("ErrNoGenerator"))),
			jen.Return(jen.Nil()),
		)
	} else {
		comment(f, "ready returns the error that left a zero Generator unusable, if any,\nsetting it up on its first call. It is small enough to inline: one\natomic load once the generator is set up.")
		f.Func().Params(jen.Id("g").Op("*").Id("Generator")).Id("ready").Params().Error().Block(
			jen.If(jen.Id("g").Dot("made").Dot("Load").Call()).Block(jen.Return(jen.Id("g").Dot("err"))),
			jen.Return(jen.Id("g").Dot("setupZero").Call()),
		)
		f.Line()
		comment(f, "setupZero sets up a zero Generator as NewGenerator() would, once, and\nreturns the error that left it unusable, if any.")
		f.Func().Params(jen.Id("g").Op("*").Id("Generator")).Id("setupZero").Params().Error().Block(
			jen.Id("g").Dot("setupMu").Dot("Lock").Call(),
			jen.Defer().Id("g").Dot("setupMu").Dot("Unlock").Call(),
			jen.If(jen.Op("!").Id("g").Dot("made").Dot("Load").Call()).Block(
				jen.Id("g").Dot("err").Op("=").Id("g").Dot("setup").Call(jen.Nil()),
				jen.Id("g").Dot("made").Dot("Store").Call(jen.True()),
			),
			jen.Return(jen.Id("g").Dot("err")),
		)
	}
	f.Line()
	emitBindLease(f, p)
	if hasDrawn || hasSeq {
		comment(f, "noValue marks a node or clock sequence not set by an option.")
		f.Const().Id("noValue").Op("=").Op("^").Uint64().Call(jen.Lit(0))
		f.Line()
	}
	// stateError maps the runtime's errors to the package's. Only a
	// generator that waits for its clock can find it too far behind: one
	// that borrows ticks stays on its last tick however far the clock goes
	// back, so its package declares no ErrClockBackwards.
	if anyStateful(gens) {
		var backwards jen.Code = jen.Null()
		if anyWaits(gens) {
			f.Var().Defs(
				commentLines("ErrClockBackwards means the clock went back further than the generator\nwaits for; it returns no ID rather than risk a duplicate."),
				jen.Id("ErrClockBackwards").Op("=").Qual("errors", "New").Call(jen.Lit(p.Name+": clock moved backwards")),
				jen.Line(),
				commentLines("ErrClockStalled means the clock stood still for as long as a generator\nwhose counter ran out waits for the next tick. It also matches\nErrClockBackwards, which callers checked for it before it had an error\nof its own."),
				jen.Id("ErrClockStalled").Op("=").Qual(idrtPath, "ErrorOf").Call(jen.Lit(p.Name+": clock stalled"), jen.Id("ErrClockBackwards")),
			)
			f.Line()
			backwards = jen.If(jen.Qual("errors", "Is").Call(jen.Id("err"), jen.Qual(idrtPath, "ErrClockBackwards"))).Block(
				jen.Return(jen.Qual("fmt", "Errorf").Call(jen.Lit("%w: %w"), jen.Id("ErrClockBackwards"), jen.Id("err"))),
			)
		}
		comment(f, "stateError turns an error of the runtime's monotonic state into this package's.")
		f.Func().Id("stateError").Params(jen.Id("err").Error()).Error().Block(
			stalledCase(gens),
			backwards,
			entropyCase(gens),
			jen.Return(jen.Qual("fmt", "Errorf").Call(jen.Lit("%w: %w"), jen.Id("ErrTime"), jen.Id("err"))),
		)
		f.Line()
	}
	if !nodeParam {
		comment(f, "defaultGenerator serves the package-level functions. Being a zero\nGenerator, it sets itself up on its first call.")
		f.Var().Id("defaultGenerator").Op("=").New(jen.Id("Generator"))
		f.Line()
		comment(f, "must returns id, or panics with err. The default generator fails only if\nthe system clock is outside the layout's range or crypto/rand fails.")
		f.Func().Id("must").Params(jen.Id("id").Id(t), jen.Id("err").Error()).Id(t).Block(
			jen.If(jen.Id("err").Op("!=").Nil()).Block(jen.Panic(jen.Id("err"))),
			jen.Return(jen.Id("id")),
		)
		f.Line()
	}
	return nil
}

// emitOption writes an option that sets one field of the generator and
// cannot fail.
func emitOption(f *jen.File, doc, name string, param, set jen.Code) {
	comment(f, doc)
	f.Func().Id(name).Params(param).Id("Option").Block(
		jen.Return(option(name, set, jen.Return(jen.Nil()))),
	)
	f.Line()
}

// option returns an Option literal: the option's name, and the function
// that applies it to a new generator, with the given body.
func option(name string, body ...jen.Code) *jen.Statement {
	return jen.Id("Option").Values(jen.Lit(name), jen.Func().Params(jen.Id("g").Op("*").Id("Generator")).Error().Block(body...))
}

// emitErrOption writes ErrOption, the error of an option NewGenerator
// cannot apply, saying which ones the package has.
func emitErrOption(f *jen.File, p *Package, mono bool) {
	cases := []string{"one given twice", "the zero Option"}
	if mono {
		cases = append(cases, "WithStore(nil)")
	}
	if _, ok := leaseMember(p); ok {
		cases = append(cases, "WithLease of a value that is not a lease from package lease (nil, or a nil *lease.Lease from a failed Acquire)", "a node argument that is not the lease's")
	}
	writeDoc(f, "ErrOption means an Option that NewGenerator cannot apply: "+joinNames(cases)+".")
	f.Var().Id("ErrOption").Op("=").Qual("errors", "New").Call(jen.Lit(p.Name + ": invalid option"))
	f.Line()
}

// emitStoreOption writes WithStore, for a package whose generators keep
// the state that orders their IDs.
func emitStoreOption(f *jen.File, gens []Member) {
	doc := "WithStore makes the generator keep its time high-water marks in s, a state\nstore from store.Open, so that after a restart, even with the clock set\nback, it neither repeats an ID nor goes back. NewGenerator refuses a mark\nfurther ahead of the clock than the store allows (store.ErrMarkAhead); then\nthe generator resumes at once above the marks the store holds: its first\nID takes the tick after its mark, or the clock's if that is later, even\nahead of the clock, and later IDs stay on that tick until the clock\ncatches up."
	if anyWaits(gens) {
		doc += " A counter that runs out on a tick the clock has not reached\nwaits for the clock, as after the clock went back (see " + waitsIn(gens) + ")."
	}
	doc += fmt.Sprintf("\n\nThe generator writes new marks about %s ahead of the IDs it makes. One\nstore serves one generator at a time. NewGenerator refuses a nil s with\nErrOption and a closed one with an error matching os.ErrClosed; once s is\nclosed, an ID that needs a new mark fails with an error matching\nos.ErrClosed.", storeAheadWords(gens))
	writeDoc(f, doc)
	f.Func().Id("WithStore").Params(jen.Id("s").Op("*").Qual(storePath, "Store")).Id("Option").Block(
		jen.Return(option("WithStore",
			jen.If(jen.Id("s").Op("==").Nil()).Block(
				jen.Return(jen.Qual("fmt", "Errorf").Call(jen.Lit("%w: WithStore(nil): a store from store.Open is needed"), jen.Id("ErrOption"))),
			),
			jen.Id("g").Dot("store").Op("=").Id("s"),
			jen.Return(jen.Nil()),
		)),
	)
	f.Line()
}

// waitsIn names the generator methods of the members whose counter waits.
func waitsIn(gens []Member) string {
	var names []string
	for _, m := range gens {
		if cv, ok := m.Resolved.Value(layouts.Counter); ok && stateful(m.Resolved) && cv.Overflow == layouts.OverflowWait {
			method, _, _ := genNames(nil, m)
			names = append(names, method)
		}
	}
	return strings.Join(names, ", ")
}

// storeAhead returns how many ticks ahead of the IDs it covers a member's
// generator writes its mark in a store: a second's worth, so that it
// writes about once a second at most; half that for a counter that waits
// and bounds how far behind its last tick the clock may be (waitBounded),
// so that a generator resumed above its mark, up to that far ahead of the
// clock, can go on making IDs.
func storeAhead(r *resolved.Layout) uint64 {
	if r.Counter != nil && waitBounded(r.Counter) {
		return max(ticksPerSecond(r)/2, 1)
	}
	return ticksPerSecond(r)
}

// storeAheadWords says in words how far ahead the package's generators
// write their marks.
func storeAheadWords(gens []Member) string {
	for _, m := range gens {
		if stateful(m.Resolved) && storeAhead(m.Resolved) < ticksPerSecond(m.Resolved) {
			if len(gens) == 1 {
				return "half a second"
			}
			return "half a second to a second"
		}
	}
	return "a second"
}

// drawsRandom reports whether a generator of the package reads random bits:
// for an ID, to seed a counter, or once when it is made (a random MAC-style
// node, a clock sequence, random once bits). It decides both the Generator's
// entropy and the package's ErrEntropy.
func drawsRandom(p *Package) bool {
	var gens []Member
	for _, m := range p.Members {
		if k := memberKind(m.Resolved); k == timed || k == random {
			gens = append(gens, m)
		}
	}
	_, _, hasDrawn := drawnNode(p)
	_, _, hasSeq := roleOf(p, layouts.ClockSeq)
	if hasDrawn || hasSeq || usesOnceRandom(gens) {
		return true
	}
	for _, m := range gens {
		if needsRandom(m.Resolved) {
			return true
		}
	}
	return false
}

// usesOnceRandom reports whether some member has random bits drawn once per
// generator.
func usesOnceRandom(ms []Member) bool {
	for _, m := range ms {
		if v, ok := m.Resolved.Value(layouts.Random); ok && v.Once {
			return true
		}
	}
	return false
}

func nodeType(p *Package) *jen.Statement {
	if p.Int64 {
		return jen.Int64()
	}
	return jen.Uint64()
}

// emitFixedOption writes an option that sets a generator's fixed value,
// taking the smallest unsigned type that holds its width, and refusing a
// value that does not fit with ErrRange.
func emitFixedOption(f *jen.File, name, field, param, what string, width int, doc string) {
	comment(f, doc+"\nNewGenerator returns ErrRange for a value that does not fit.")
	typ, typeBits := jen.Uint64(), 64
	switch {
	case width <= 8:
		typ, typeBits = jen.Uint8(), 8
	case width <= 16:
		typ, typeBits = jen.Uint16(), 16
	case width <= 32:
		typ, typeBits = jen.Uint32(), 32
	}
	set := jen.Id(param)
	if typeBits < 64 {
		set = jen.Uint64().Call(jen.Id(param))
	}
	var check jen.Code = jen.Null()
	if width < typeBits {
		check = jen.If(jen.Id(param).Op(">").Id(mask(width))).Block(
			jen.Return(jen.Qual("fmt", "Errorf").Call(jen.Lit(fmt.Sprintf("%%w: %s %%d does not fit in %d bits", what, width)), jen.Id("ErrRange"), jen.Id(param))),
		)
	}
	f.Func().Id(name).Params(jen.Id(param).Add(typ)).Id("Option").Block(
		jen.Return(option(name,
			check,
			jen.Id("g").Dot(field).Op("=").Add(set),
			jen.Return(jen.Nil()),
		)),
	)
	f.Line()
}

// monotonic reports whether a member's generator makes each ID greater
// than the last.
func monotonic(l *resolved.Layout) bool {
	return l.Monotonic() && memberKind(l) == timed
}

// anyWaits reports whether some member's counter waits for the clock's next
// tick when it runs out.
func anyWaits(ms []Member) bool {
	for _, m := range ms {
		if cv, ok := m.Resolved.Value(layouts.Counter); ok && stateful(m.Resolved) && cv.Overflow == layouts.OverflowWait {
			return true
		}
	}
	return false
}

// stalledCase returns the case of stateError for a clock that stood still
// through a wait, if a member waits.
func stalledCase(gens []Member) jen.Code {
	if !anyWaits(gens) {
		return jen.Null()
	}
	return jen.If(jen.Qual("errors", "Is").Call(jen.Id("err"), jen.Qual(idrtPath, "ErrClockStalled"))).Block(
		jen.Return(jen.Qual("fmt", "Errorf").Call(jen.Lit("%w: %w"), jen.Id("ErrClockStalled"), jen.Id("err"))),
	)
}

// entropyCase returns the case of stateError for a failed read of random
// bits, if a member's State draws them.
func entropyCase(gens []Member) jen.Code {
	for _, m := range gens {
		if drawsInState(m.Resolved) {
			return jen.If(jen.Qual("errors", "Is").Call(jen.Id("err"), jen.Qual(idrtPath, "ErrEntropy"))).Block(
				jen.Return(jen.Qual("fmt", "Errorf").Call(jen.Lit("%w: %w"), jen.Id("ErrEntropy"), jen.Id("err"))),
			)
		}
	}
	return jen.Null()
}

// fastClock reports whether a member can read the system clock with
// idrt.Now, once per ID at microsecond resolution, rather than with
// time.Now: its ticks are a microsecond or more, or each ID takes a tick of
// its own (then ticks within one microsecond count on from the last, as
// UUIDv1 and v6 do).
func fastClock(r *resolved.Layout) bool {
	perTick := stateful(r) && r.Counter == nil
	return clockOf(r).AtLeast(time.Microsecond) || perTick
}

// milliClock reports whether a member can read the system clock with
// idrt.NowMilli, truncated to the millisecond: its ticks are whole
// milliseconds counted from an epoch on a whole millisecond, so that the
// truncation never changes the tick.
func milliClock(r *resolved.Layout) bool {
	return clockOf(r).WholeMillis()
}

// readClock returns the expression that reads the time for a member's ID:
// the generator's clock, with the system clock read by idrt.NowMilli or
// idrt.Now if the member's ticks allow it, or else by time.Now.
func readClock(r *resolved.Layout) *jen.Statement {
	read := jen.Qual("time", "Now")
	switch {
	case milliClock(r):
		read = jen.Qual(idrtPath, "NowMilli")
	case fastClock(r):
		read = jen.Qual(idrtPath, "Now")
	}
	return jen.Id("g").Dot("now").Call(read)
}

// clockTicks returns the expression that reads the clock's current tick for
// a member's ID, and its error: the generator's ticksNow method where the
// member's ticks are whole milliseconds, or else ticksFrom of readClock.
func clockTicks(m Member) *jen.Statement {
	if memberKind(m.Resolved) == timed && milliClock(m.Resolved) {
		return jen.Id("g").Dot("ticksNow" + m.Suffix).Call()
	}
	ticksFrom, _ := timeNames(m)
	return jen.Id(ticksFrom).Call(readClock(m.Resolved))
}

// usesNow reports whether the generator's code reads its clock through its
// now method: a member whose ticks are not whole milliseconds does for each
// ID (whole milliseconds come from ticksNow, with no time.Time), a
// stateful generator to check a stored mark against the clock, and a lease
// for its clock.
func usesNow(p *Package, gens []Member) bool {
	for _, m := range gens {
		if memberKind(m.Resolved) == timed && !milliClock(m.Resolved) {
			return true
		}
	}
	_, leased := leaseMember(p)
	return anyStateful(gens) || leased
}

// emitNow writes the generator's method that reads its clock.
func emitNow(f *jen.File) {
	comment(f, "now returns the time from the clock WithClock gave, or else from the\nsystem clock, read with read: idrt.NowMilli for layouts with ticks of whole\nmilliseconds, idrt.Now, which reads it once at microsecond resolution, or\ntime.Now for layouts with finer ticks.")
	f.Func().Params(jen.Id("g").Op("*").Id("Generator")).Id("now").Params(jen.Id("read").Func().Params().Qual("time", "Time")).Qual("time", "Time").Block(
		jen.If(jen.Id("g").Dot("clock").Op("!=").Nil()).Block(jen.Id("read").Op("=").Id("g").Dot("clock")),
		jen.Return(jen.Id("read").Call()),
	)
	f.Line()
}

// stateful reports whether a member's generator keeps a tick and counter
// between IDs: a time with a counter (running ones too) or a clock sequence.
func stateful(l *resolved.Layout) bool {
	_, counter := l.Value(layouts.Counter)
	_, seq := l.Value(layouts.ClockSeq)
	return memberKind(l) == timed && (counter || seq)
}

func anyStateful(ms []Member) bool {
	for _, m := range ms {
		if stateful(m.Resolved) {
			return true
		}
	}
	return false
}
