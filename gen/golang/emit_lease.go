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
		if m.Layout.NeedsNode() {
			found = append(found, m)
		}
	}
	if len(found) != 1 || !stateful(found[0].Layout) {
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

// emitLeaseOption writes WithLease, if the package takes a lease.
func emitLeaseOption(f *jen.File, p *Package) {
	if _, ok := leaseMember(p); !ok {
		return
	}
	comment(f, "WithLease makes the generator take its node from a lease (package\ngithub.com/idforge/idforge/lease) instead of NewGenerator's node argument,\nwhich is then ignored: pass 0. The generator makes every ID above the\nnode's high-water mark, and once the lease is lost or closed it returns an\nerror matching lease.ErrLeaseLost for every ID. A lease serves one\ngenerator.")
	f.Func().Id("WithLease").Params(jen.Id("l").Qual(idrtPath, "Lease")).Id("Option").Block(
		jen.Return(jen.Func().Params(jen.Id("g").Op("*").Id("Generator")).Error().Block(jen.Id("g").Dot("lease").Op("=").Id("l"), jen.Return(jen.Nil()))),
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
	l := m.Layout
	node, _ := l.Value(layouts.Node)
	ticksFrom, timeAt := timeNames(m)
	behind := ticksPerSecond(l)
	comment(f, "bindLease takes the generator's node from its lease and binds the lease to\nthe generator, which starts above the node's high-water tick, with its\nclock up to a second behind that tick at most.")
	f.Func().Params(jen.Id("g").Op("*").Id("Generator")).Id("bindLease").Params().Error().Block(
		jen.Id("node").Op(":=").Id("g").Dot("lease").Dot("Node").Call(),
		jen.If(jen.Id("node").Op(">").Id(mask(node.Width))).Block(
			jen.Return(jen.Qual("fmt", "Errorf").Call(jen.Lit(fmt.Sprintf("%%w: leased node %%d does not fit in %d bits", node.Width)), jen.Id("ErrRange"), jen.Id("node"))),
		),
		jen.List(jen.Id("above"), jen.Err()).Op(":=").Id("g").Dot("lease").Dot("Bind").Call(jen.Op("&").Qual(idrtPath, "Binding").Values(jen.Dict{
			jen.Id("Layout"):   jen.Lit(l.Name),
			jen.Id("NodeBits"): jen.Lit(node.Width),
			jen.Id("Fence"):    jen.Op("&").Id("g").Dot("fence"),
			jen.Id("Clock"):    jen.Func().Params().Qual("time", "Time").Block(jen.Return(readClock(l))),
			jen.Id("Ticks"):    jen.Id(ticksFrom),
			jen.Id("TimeOf"):   jen.Id(timeAt),
			jen.Id("Last"): jen.Func().Params().Params(jen.Uint64(), jen.Bool()).Block(
				jen.List(jen.Id("tick"), jen.Id("_"), jen.Id("ok")).Op(":=").Id("g").Dot("state"+m.Suffix).Dot("Last").Call(),
				jen.Return(jen.Id("tick"), jen.Id("ok")),
			),
			jen.Id("Behind"): num(behind),
		})),
		jen.If(jen.Err().Op("!=").Nil()).Block(jen.Return(jen.Err())),
		jen.Id("g").Dot("node").Op("=").Id("node"),
		jen.Id("g").Dot("state"+m.Suffix).Dot("SkipPast").Call(jen.Op("&").Id("policy"+m.Suffix), jen.Id("above")),
		jen.Return(jen.Nil()),
	)
	f.Line()
}

// leaseCheck returns the statement that refuses an ID on a tick the lease's
// fence does not allow, for the member a lease serves; ret makes the
// return statement of an error.
func leaseCheck(p *Package, m Member, ret func(jen.Code) jen.Code) jen.Code {
	if lm, ok := leaseMember(p); !ok || lm.Layout != m.Layout {
		return jen.Null()
	}
	return jen.If(jen.Op("!").Id("g").Dot("fence").Dot("Allows").Call(jen.Id("tick"))).Block(ret(jen.Id("g").Dot("fence").Dot("Err").Call()))
}
