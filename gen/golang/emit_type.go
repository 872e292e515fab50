package golang

import (
	"fmt"
	"strings"

	"github.com/dave/jennifer/jen"

	"github.com/idforge/idforge/layouts"
	"github.com/idforge/idforge/resolved"
)

const (
	idrtPath  = "github.com/idforge/idforge/idrt"
	storePath = "github.com/idforge/idforge/store"
	keyPath   = "github.com/idforge/idforge/maskkey"
)

// runtimeVersion is the version of the idrt API that generated code uses
// (idrt.MinVersion to idrt.MaxVersion): 9, the first released one,
// v0.1.0's. It rises by one, with idrt.MaxVersion, when generated code
// starts to call something new; see idrt's doc for what each version
// holds. Raising it adds a vN directory to the library's
// interop/gencompat.
const runtimeVersion = 9

// emitGuards ties the file to the runtime's version: built against a
// runtime that no longer serves that version, or one older than it, the
// file fails to compile. (Nothing ties it to its specs at compile time: a
// test regenerates the committed files and compares them.)
func emitGuards(f *jen.File, p *Package) error {
	v := runtimeVersion
	commentf(f, "Compile-time guards: this file needs runtime version %d.", v)
	f.Const().Defs(
		jen.Id("_").Op("=").Qual(idrtPath, "EnforceVersion").Call(jen.Lit(v).Op("-").Qual(idrtPath, "MinVersion")),
		jen.Id("_").Op("=").Qual(idrtPath, "EnforceVersion").Call(jen.Qual(idrtPath, "MaxVersion").Op("-").Lit(v)),
	)
	f.Line()
	return nil
}

// emitType writes the ID type, its size and bounds, and Compare.
func emitType(f *jen.File, p *Package) error {
	t := p.Type
	var doc strings.Builder
	head := fmt.Sprintf("%s is %s", t, an(fmt.Sprintf("%d-bit ID", p.size()*8)))
	if len(p.Members) == 1 {
		fmt.Fprintf(&doc, "%s\n", fill(head+": "+firstLine(p.Members[0].Resolved)))
	} else {
		fmt.Fprintf(&doc, "%s\n", fill(head+" of one of these layouts, told apart by their constant bits."))
	}
	for _, m := range p.Members {
		l := m.Resolved
		if len(p.Members) > 1 {
			fmt.Fprintf(&doc, "\n%s\n", firstLine(l))
		}
		fmt.Fprintf(&doc, "\nLayout %s, from %s:\n\n", l.Name, l.File)
		for _, line := range strings.Split(strings.TrimRight(l.Diagram(), "\n"), "\n") {
			fmt.Fprintf(&doc, "\t%s\n", line)
		}
	}
	if p.Text != "decimal" {
		doc.WriteString("\nIts bytes are big-endian, so comparing IDs as bytes, or as their fixed-width\ntext, orders them like the numbers they hold.")
	}
	if p.signed() {
		doc.WriteString("\n" + fill(fmt.Sprintf("The type holds the ID's 64 bits as an int64, in two's complement, as Go and PostgreSQL's bigint hold them: %s whose top bit is set is negative as an int64, though its decimal text is the unsigned number its bits hold, 2^63 or more. Compare orders IDs as their bits do, as unsigned numbers, which is the order of their bytes and of their fixed-width text; Go's < puts the negative ones first.", an(t))))
	}
	comment(f, strings.TrimRight(doc.String(), "\n"))
	if p.Int64 {
		f.Type().Id(t).Int64()
	} else {
		f.Type().Id(t).Index(jen.Lit(p.size())).Byte()
	}
	f.Line()
	if !p.Int64 {
		comment(f, fmt.Sprintf("Size is the length of %s in bytes.", an(t)))
		f.Const().Id("Size").Op("=").Lit(p.size())
		f.Line()
		// Functions, not variables: Go has no constant arrays, and a variable
		// any caller could change for every other.
		comment(f, fmt.Sprintf("Nil returns the %s with every bit zero.", t))
		f.Func().Id("Nil").Params().Id(t).Block(jen.Return(jen.Id(t).Values()))
		f.Line()
		comment(f, fmt.Sprintf("Max returns the %s with every bit one.", t))
		f.Func().Id("Max").Params().Id(t).Block(
			jen.Return(jen.Id(t).Values(jen.Id(strings.TrimSuffix(strings.Repeat("0xff, ", p.size()), ", ")))),
		)
		f.Line()
		comment(f, fmt.Sprintf("Compare returns -1, 0 or +1 as id is less than, equal to or greater than\nother, comparing their bytes. It is the order of %s's fixed-width text.", t))
		f.Func().Params(jen.Id("id").Id(t)).Id("Compare").Params(jen.Id("other").Id(t)).Int().Block(
			jen.Return(jen.Qual("bytes", "Compare").Call(jen.Id("id").Index(jen.Empty(), jen.Empty()), jen.Id("other").Index(jen.Empty(), jen.Empty()))),
		)
	} else if p.signed() {
		comment(f, fill("Compare returns -1, 0 or +1 as id is less than, equal to or greater than other, comparing their 64 bits as unsigned numbers: the order of their big-endian bytes and of their fixed-width text. It differs from Go's < where one ID is negative and the other not."))
		f.Func().Params(jen.Id("id").Id(t)).Id("Compare").Params(jen.Id("other").Id(t)).Int().Block(
			jen.Return(jen.Qual("cmp", "Compare").Call(jen.Uint64().Call(jen.Id("id")), jen.Uint64().Call(jen.Id("other")))),
		)
	} else {
		comment(f, "Compare returns -1, 0 or +1 as id is less than, equal to or greater than other.")
		f.Func().Params(jen.Id("id").Id(t)).Id("Compare").Params(jen.Id("other").Id(t)).Int().Block(
			jen.Return(jen.Qual("cmp", "Compare").Call(jen.Id("id"), jen.Id("other"))),
		)
	}
	f.Line()
	what := "Nil(), the " + t + " with every bit zero"
	if p.Int64 {
		what = "0"
	}
	comment(f, fill(fmt.Sprintf("IsZero reports whether id is %s, which by common use stands for no ID at all (encoding/json's omitzero asks it).", what)))
	f.Func().Params(jen.Id("id").Id(t)).Id("IsZero").Params().Bool().Block(
		jen.Return(jen.Id("id").Op("==").Add(zero(p))),
	)
	f.Line()
	if len(p.Members) > 1 {
		emitMembership(f, p)
	}
	emitValid(f, p)
	return nil
}

// emitValid writes Valid, which tells an ID of the package's layouts from
// other bits of the same length by the layouts' constant bits.
func emitValid(f *jen.File, p *Package) {
	var tests []jen.Code
	var names []string
	if len(p.Members) == 1 {
		tests = constantTests(p, p.Members[0])
	} else {
		seen := map[string]bool{} // members with the same constants need one test
		for _, m := range p.Members {
			names = append(names, m.Resolved.Name)
			if key := constants(m.Resolved); !seen[key] {
				seen[key] = true
				tests = append(tests, jen.Id("id").Dot("is"+m.Suffix).Call())
			}
		}
	}
	name := p.Members[0].Resolved.Name
	doc := fmt.Sprintf("Valid reports whether the constant bits of id are those of layout %s.", name)
	body := joinOp("&&", tests)
	switch {
	case len(p.Members) > 1:
		doc = fmt.Sprintf("Valid reports whether the constant bits of id are those of one of this package's layouts: %s.", strings.Join(names, ", "))
		body = joinOp("||", tests)
	case len(tests) == 0:
		doc = fmt.Sprintf("Valid reports whether id is an ID of layout %s: always, as the layout has no constant bits. It is here so that code can ask any generated ID type.", name)
		body = jen.True()
	}
	if len(tests) > 0 {
		doc += " The readers (Parse, FromBytes, Scan and the rest) check an ID's form, not its layout, so they take an ID of another layout of the same size; Valid refuses it when its constant bits differ."
	}
	comment(f, fill(doc))
	f.Func().Params(jen.Id("id").Id(p.Type)).Id("Valid").Params().Bool().Block(jen.Return(body))
	f.Line()
}

// constants returns a layout's constant runs as text, the same for layouts
// (of one size) whose constant bits are the same.
func constants(r *resolved.Layout) string {
	var b strings.Builder
	for _, c := range r.Consts {
		fmt.Fprintf(&b, "%d:%d=%d ", c.Shift, c.Width, c.Value)
	}
	return b.String()
}

// constantTests returns a test of each constant piece of a member: the bits
// read from id equal the constant's.
func constantTests(p *Package, m Member) []jen.Code {
	pl := newPlan(p, m.Resolved)
	var conds []jen.Code
	for _, pc := range pl.pieces {
		if want, ok := pl.constant(pc); ok {
			conds = append(conds, bitsExpr(p, pl, pc).Op("==").Id(fmt.Sprintf("%#x", want)))
		}
	}
	return conds
}

// emitErrors writes the errors of packing, time and generation. (Parsing
// has its own, written with the encodings.)
func emitErrors(f *jen.File, p *Package) error {
	comment(f, "Errors from packing fields and making IDs. Match them with errors.Is.")
	defs := []jen.Code{
		jen.Comment("ErrRange means a field's value does not fit its width; nothing is masked."),
		jen.Id("ErrRange").Op("=").Qual("errors", "New").Call(jen.Lit(p.Name + ": field out of range")),
		jen.Comment("ErrTime means a time before the layout's epoch or past its last tick."),
		jen.Id("ErrTime").Op("=").Qual("errors", "New").Call(jen.Lit(p.Name + ": time out of range")),
	}
	if drawsRandom(p) {
		defs = append(defs,
			jen.Comment("ErrEntropy means the source of randomness failed; no ID is made without it."),
			jen.Id("ErrEntropy").Op("=").Qual("errors", "New").Call(jen.Lit(p.Name+": entropy source failed")),
		)
	}
	f.Var().Defs(defs...)
	f.Line()
	return nil
}

// emitMembership writes, for a family, a test of each member's constant bits
// and, when every member has a version field in one place, Version.
func emitMembership(f *jen.File, p *Package) {
	seen := map[string]bool{}
	for _, m := range p.Members {
		// Valid tests the first member of each set of constants, and Time
		// each member with a time it reads; no other member needs a test.
		key := constants(m.Resolved)
		_, hasTime := m.Resolved.Value(layouts.Time)
		if seen[key] && (m.NoTime || !hasTime) {
			continue
		}
		seen[key] = true
		commentf(f, "is%s reports whether the constant bits of id are those of %s.", m.Suffix, m.Resolved.Name)
		f.Func().Params(jen.Id("id").Id(p.Type)).Id("is" + m.Suffix).Params().Bool().Block(
			jen.Return(joinOp("&&", constantTests(p, m))),
		)
		f.Line()
	}
	ver, ok := versionRun(p)
	if !ok {
		return
	}
	pl := newPlan(p, p.Members[0].Resolved)
	off := ver.Offset(pl.l.Bits)
	var parts []jen.Code
	for _, pc := range pl.pieces {
		if off <= pc.offset && pc.offset < off+ver.Width {
			parts = append(parts, shiftLeft(jen.Int().Call(bitsExpr(p, pl, pc)), pc.lo))
		}
	}
	comment(f, "Version returns the value of the version bits, whatever the layout.")
	f.Func().Params(jen.Id("id").Id(p.Type)).Id("Version").Params().Int().Block(
		jen.Return(joinOp("|", parts)),
	)
	f.Line()
}

// versionRun returns the run of the constant segment named "ver" that
// every member has at the same place.
func versionRun(p *Package) (resolved.Run, bool) {
	var ver resolved.Run
	for i, m := range p.Members {
		found := false
		for si, s := range m.Resolved.Segments {
			if s.Name == "ver" && s.Field < 0 {
				run := m.Resolved.Segments[si].Run
				if i > 0 && (run.Shift != ver.Shift || run.Width != ver.Width) {
					return ver, false
				}
				ver, found = run, true
			}
		}
		if !found {
			return ver, false
		}
	}
	return ver, true
}

// bitsExpr returns an expression for a piece's bits read from id, as the
// chunk's unsigned type.
func bitsExpr(p *Package, pl *plan, pc piece) *jen.Statement {
	return bitsOf(p, "id", pl.chunks[pc.chunk], pc.shift, pc.width)
}

// bitsOf returns width bits at shift in a chunk of the ID variable src.
func bitsOf(p *Package, src string, c chunk, shift, width int) *jen.Statement {
	w := wordExpr(p, src, c)
	if shift > 0 {
		w.Op(">>").Lit(shift)
	}
	if shift+width < c.bits() {
		w.Op("&").Id(mask(width))
	}
	return w
}

// keepBits returns chunk c's word read from src, with only the bits of keep.
func keepBits(p *Package, src string, c chunk, keep uint64) *jen.Statement {
	if keep == c.mask() {
		return wordExpr(p, src, c)
	}
	return wordExpr(p, src, c).Op("&").Id(fmt.Sprintf("%#x", keep))
}

// wordExpr reads a chunk of the ID variable src as an unsigned integer.
func wordExpr(p *Package, src string, c chunk) *jen.Statement {
	switch {
	case p.Int64:
		return jen.Uint64().Call(jen.Id(src))
	case c.size == 1:
		return jen.Id(src).Index(jen.Lit(c.start))
	}
	return jen.Qual("encoding/binary", "BigEndian").Dot(fmt.Sprintf("Uint%d", c.bits())).Call(
		jen.Id(src).Index(jen.Lit(c.start), jen.Lit(c.start+c.size)))
}

// shiftLeft returns x<<n, or x when n is zero.
func shiftLeft(x *jen.Statement, n int) *jen.Statement {
	if n == 0 {
		return x
	}
	return x.Op("<<").Lit(n)
}

// joinOp joins expressions with a binary operator.
func joinOp(op string, xs []jen.Code) *jen.Statement {
	s := jen.Null()
	for i, x := range xs {
		if i > 0 {
			s.Op(op)
		}
		s.Add(x)
	}
	return s
}

// firstLine returns the first sentence of the layout's doc, which may run
// over several lines of the spec, or its name if it has no doc.
func firstLine(l *resolved.Layout) string {
	para, _, _ := strings.Cut(l.Doc, "\n\n")
	para = strings.Join(strings.Fields(para), " ")
	if para == "" {
		return l.Name
	}
	if i := strings.Index(para, ". "); i >= 0 {
		return para[:i+1]
	}
	return para
}
