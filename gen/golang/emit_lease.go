package golang

import (
	"fmt"

	"github.com/dave/jennifer/jen"

	"github.com/idforge/idforge/layouts"
)

// leaseMember returns the member whose node a lease can supply: a package's
// one time-based member with a node given to its generator, when it keeps
// the state that orders its IDs (so that it can start above the node's
// high-water tick).
func leaseMember(p *Package) (Member, bool) {
	if _, ok := needsNode(p); !ok {
		return Member{}, false
	}
	var found []Member
	for _, m := range p.Members {
		if m.Resolved.NeedsNode {
			found = append(found, m)
		}
	}
	if len(found) != 1 || !stateful(found[0].Resolved) {
		return Member{}, false
	}
	return found[0], true
}

// leaseFields returns the Generator's fields for a lease, if the package
// takes one.
func leaseFields(p *Package) []jen.Code {
	if _, ok := leaseMember(p); !ok {
		return nil
	}
	return []jen.Code{
		jen.Id("lease").Qual(idrtPath, "Lease").Comment("set by WithLease"),
		jen.Id("fence").Qual(idrtPath, "Fence").Comment("the lease's limit on ticks; none without a lease"),
	}
}

// emitLeaseOption writes the Lease type and WithLease, if the package takes
// a lease.
func emitLeaseOption(f *jen.File, p *Package) {
	if _, ok := leaseMember(p); !ok {
		return
	}
	writeDoc(f, "Lease is a node lease, as WithLease takes it: a *lease.Lease from\nlease.Acquire (package github.com/idforge/idforge/lease), which holds one\nnode number of a layout's space for a limited time. NewGenerator refuses\nany other value.")
	f.Type().Id("Lease").Interface(
		jen.Comment("Node returns the node number held."),
		jen.Id("Node").Params().Uint64(),
	)
	f.Line()
	writeDoc(f, "WithLease makes the generator take its node from l, a lease from\nlease.Acquire, instead of NewGenerator's node argument, which must then be\n0 or the lease's node (l.Node()). NewGenerator returns an error matching\nErrOption for another node, for a nil l, for a nil *lease.Lease (what a\nfailed Acquire returns) and for a value that is not a lease from package\nlease. The generator makes every ID above the node's high-water mark, at\nonce, and once the lease is lost or closed it returns an error matching\nlease.ErrLeaseLost for every ID. A lease serves one generator.")
	f.Func().Id("WithLease").Params(jen.Id("l").Id("Lease")).Id("Option").Block(
		jen.Return(option("WithLease",
			jen.List(jen.Id("lease"), jen.Err()).Op(":=").Qual(idrtPath, "LeaseOf").Call(jen.Id("l")),
			jen.If(jen.Err().Op("!=").Nil()).Block(
				jen.Return(jen.Qual("fmt", "Errorf").Call(jen.Lit("%w: WithLease: %w"), jen.Id("ErrOption"), jen.Err())),
			),
			jen.Id("g").Dot("lease").Op("=").Id("lease"),
			jen.Return(jen.Nil()),
		)),
	)
	f.Line()
}

// emitBindLease writes the method that takes the generator's node from its
// lease and binds the lease to the generator, if the package takes one.
func emitBindLease(f *jen.File, p *Package) {
	m, ok := leaseMember(p)
	if !ok {
		return
	}
	l := m.Resolved
	node, _ := l.Value(layouts.Node)
	cv, _ := l.Value(layouts.Counter)
	ticksFrom, timeAt := timeNames(m)
	// How far behind the node's high-water tick the clock may be: a second,
	// or for a counter that bounds how far behind its last tick the clock
	// may be (waitBounded), one tick less than that bound, so that the
	// first ID, on the tick after the high-water tick, is within it.
	behind := ticksPerSecond(m.Resolved)
	if cv != nil && waitBounded(cv) {
		behind--
	}
	agrees := jen.Id("node").Op("!=").Id("leased")
	if p.Int64 {
		agrees = jen.Uint64().Call(jen.Id("node")).Op("!=").Id("leased")
	}
	writeDoc(f, "bindLease takes the generator's node from its lease, which node, the\nargument of NewGenerator, must be or stand for (0), and binds the lease to\nthe generator, which resumes at once above the node's high-water tick, with\nits clock up to a second behind that tick at most.")
	f.Func().Params(jen.Id("g").Op("*").Id("Generator")).Id("bindLease").Params(jen.Id("node").Add(nodeType(p))).Error().Block(
		jen.Id("leased").Op(":=").Id("g").Dot("lease").Dot("Node").Call(),
		jen.If(jen.Id("leased").Op(">").Id(mask(node.Width))).Block(
			jen.Return(jen.Qual("fmt", "Errorf").Call(jen.Lit(fmt.Sprintf("%%w: leased node %%d does not fit in %d bits", node.Width)), jen.Id("ErrRange"), jen.Id("leased"))),
		),
		jen.If(jen.Id("node").Op("!=").Lit(0).Op("&&").Add(agrees)).Block(
			jen.Return(jen.Qual("fmt", "Errorf").Call(jen.Lit("%w: node %d given with a lease of node %d: pass 0 or the lease's node"), jen.Id("ErrOption"), jen.Id("node"), jen.Id("leased"))),
		),
		jen.List(jen.Id("above"), jen.Err()).Op(":=").Id("g").Dot("lease").Dot("Bind").Call(jen.Op("&").Qual(idrtPath, "Binding").Values(jen.Dict{
			jen.Id("Layout"):   jen.Lit(l.Name),
			jen.Id("NodeBits"): jen.Lit(node.Width),
			jen.Id("Fence"):    jen.Op("&").Id("g").Dot("fence"),
			jen.Id("Clock"):    jen.Func().Params().Qual("time", "Time").Block(jen.Return(readClock(m.Resolved))),
			jen.Id("Ticks"):    jen.Id(ticksFrom),
			jen.Id("TimeOf"):   jen.Id(timeAt),
			jen.Id("Last"): jen.Func().Params().Params(jen.Uint64(), jen.Bool()).Block(
				jen.List(jen.Id("tick"), jen.Id("_"), jen.Id("ok")).Op(":=").Id("g").Dot("state"+m.Suffix).Dot("Last").Call(),
				jen.Return(jen.Id("tick"), jen.Id("ok")),
			),
			jen.Id("Behind"): num(behind),
		})),
		jen.If(jen.Err().Op("!=").Nil()).Block(jen.Return(jen.Err())),
		jen.Id("g").Dot("node").Op("=").Id("leased"),
		jen.Id("g").Dot("state"+m.Suffix).Dot("ResumePast").Call(jen.Op("&").Id("policy"+m.Suffix), jen.Id("above")),
		jen.Return(jen.Nil()),
	)
	f.Line()
}

// leaseCheck returns the statement that refuses an ID on a tick the lease's
// fence does not allow, for the member a lease serves; ret makes the
// return statement of an error.
func leaseCheck(p *Package, m Member, ret func(jen.Code) jen.Code) jen.Code {
	if lm, ok := leaseMember(p); !ok || lm.Resolved != m.Resolved {
		return jen.Null()
	}
	return jen.If(jen.Op("!").Id("g").Dot("fence").Dot("Allows").Call(jen.Id("tick"))).Block(ret(jen.Id("g").Dot("fence").Dot("Err").Call()))
}
