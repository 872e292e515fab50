package golang

import (
	"fmt"

	"github.com/dave/jennifer/jen"

	"github.com/idforge/idforge/gen/internal/portable"
	idmask "github.com/idforge/idforge/mask"
)

// maskable lists the members whose IDs can be masked (Private IDs): those
// with 20 to 256 free bits in their public form.
func maskable(p *Package) []Member {
	var ms []Member
	for _, m := range p.Members {
		if _, err := idmask.ShapeOf(m.Resolved.Model); err == nil {
			ms = append(ms, m)
		}
	}
	return ms
}

// byteSlice returns a []byte literal of b.
func byteSlice(b []byte) *jen.Statement {
	var xs []jen.Code
	for _, x := range b {
		xs = append(xs, jen.Id(fmt.Sprintf("%#02x", x)))
	}
	return jen.Index().Byte().Values(xs...)
}

// emitMask writes the Masker: NewMasker (NewMasker<Suffix> for each member
// of a family), Mask and Unmask, over idrt's Mask.
func emitMask(f *jen.File, p *Package) error {
	ms := maskable(p)
	if len(ms) == 0 {
		return nil
	}
	comment(f, "Errors from masking. Match them with errors.Is.")
	f.Var().Defs(
		jen.Comment("ErrKey means the zero maskkey.Key, or a zero Masker."),
		jen.Id("ErrKey").Op("=").Qual("errors", "New").Call(jen.Lit(p.Name+": no mask key (make one with maskkey.New, Parse or ReadFile)")),
		jen.Comment("ErrNotMasked means a value whose constant bits are not a public form's, or that"),
		jen.Comment("unmasks to bits no ID has. A public form made under another key or tweak is not"),
		jen.Comment("detected: it unmasks to some other ID."),
		jen.Id("ErrNotMasked").Op("=").Qual("errors", "New").Call(jen.Lit(p.Name+": not a public ID of this layout")),
		jen.Comment("ErrInvalid means an ID given to Mask whose constant bits are not its layout's"),
		jen.Comment("(a UUIDv4 given to a UUIDv7 Masker, say): nothing is masked."),
		jen.Id("ErrInvalid").Op("=").Qual("errors", "New").Call(jen.Lit(p.Name+": not an ID of the Masker's layout")),
	)
	f.Line()

	public := portable.PublicFormDoc(ms[0].Resolved, "an "+p.Type+" again")
	comment(f, portable.Fill(fmt.Sprintf("A Masker turns %[1]ss into their public forms and back (Private IDs). A public form is %[2]s: deterministic for a key and a tweak, and different for every key, tweak and layout. Keep the %[1]s in the database, in order, and show the world its public form, which shows neither when the ID was made, nor its order, node or counter. It hides neither equality nor how many IDs exist.", p.Type, public), 76)+`

The permutation is FFX over the ID's free bits: 10 Feistel rounds of
HMAC-SHA-256, as package github.com/idforge/idforge/mask documents, with
published vectors; the SQL, JavaScript and Python that idforge gen writes
compute the same. A permutation cannot tell a public form made under
another key or tweak from its own: Unmask gives some other ID for it, so
look the ID up. A Masker is safe for concurrent use; make one with
NewMasker.`)
	f.Type().Id("Masker").Struct(jen.Id("m").Op("*").Qual(idrtPath, "Mask"))
	f.Line()

	shape := func(m Member) jen.Code {
		s, _ := idmask.ShapeOf(m.Resolved.Model) // maskable
		return jen.Qual(idrtPath, "MaskShape").Values(jen.Dict{
			jen.Id("IDMask"):  byteSlice(s.IDMask),
			jen.Id("IDBits"):  byteSlice(s.IDBits),
			jen.Id("PubMask"): byteSlice(s.PubMask),
			jen.Id("PubBits"): byteSlice(s.PubBits),
		})
	}
	// build is the body that makes a Masker of layout from the shape s.
	build := func(layout string, s jen.Code) []jen.Code {
		return []jen.Code{
			jen.List(jen.Id("m"), jen.Err()).Op(":=").Qual(idrtPath, "NewMaskOf").Call(jen.Id("key"), jen.Id(layout), jen.Id("tweak"), s),
			jen.If(jen.Err().Op("!=").Nil()).Block(
				jen.Comment("The shape is the layout's, checked when this file was written: only the key can be wrong."),
				jen.Return(jen.Nil(), jen.Id("ErrKey")),
			),
			jen.Return(jen.Op("&").Id("Masker").Values(jen.Id("m")), jen.Nil()),
		}
	}
	keyParams := []jen.Code{jen.Id("key").Qual(keyPath, "Key"), jen.Id("tweak").Index().Byte()}
	if len(ms) > 1 {
		comment(f, "newMasker returns the Masker of the layout named layout, whose IDs and public\nforms have the constant bits of s, under key and tweak.")
		f.Func().Id("newMasker").Params(append(keyParams, jen.Id("layout").String(), jen.Id("s").Qual(idrtPath, "MaskShape"))...).Params(jen.Op("*").Id("Masker"), jen.Error()).Block(
			build("layout", jen.Id("s"))...,
		)
		f.Line()
	}
	for _, m := range ms {
		name := "NewMasker" + m.Suffix
		commentf(f, `%s returns the Masker of %s IDs under key (from maskkey.New, Parse or
ReadFile) and tweak, which may be empty (a tenant's name, say, gives each
tenant public IDs of its own). The key is never kept, nor shown in an error.`, name, m.Resolved.Name)
		body := build(fmt.Sprintf("%q", m.Resolved.Name), shape(m))
		if len(ms) > 1 {
			body = []jen.Code{jen.Return(jen.Id("newMasker").Call(jen.Id("key"), jen.Id("tweak"), jen.Lit(m.Resolved.Name), shape(m)))}
		}
		f.Func().Id(name).Params(keyParams...).Params(jen.Op("*").Id("Masker"), jen.Error()).Block(body...)
		f.Line()
	}

	toBytes := func(v string) (decl []jen.Code, slice *jen.Statement) {
		if p.Int64 {
			return []jen.Code{
				jen.Var().Id("b").Index(jen.Lit(8)).Byte(),
				jen.Qual("encoding/binary", "BigEndian").Dot("PutUint64").Call(jen.Id("b").Index(jen.Empty(), jen.Empty()), jen.Uint64().Call(jen.Id(v))),
			}, jen.Id("b").Index(jen.Empty(), jen.Empty())
		}
		return nil, jen.Id(v).Index(jen.Empty(), jen.Empty())
	}
	fromOut := func() jen.Code {
		if p.Int64 {
			return jen.Id(p.Type).Call(jen.Qual("encoding/binary", "BigEndian").Dot("Uint64").Call(jen.Id("out").Index(jen.Empty(), jen.Empty())))
		}
		return jen.Id("out")
	}
	outDecl := jen.Var().Id("out").Id(p.Type)
	if p.Int64 {
		outDecl = jen.Var().Id("out").Index(jen.Lit(8)).Byte()
	}

	comment(f, "Mask returns the public form of id, or ErrInvalid when id's constant bits are\nnot its layout's.")
	decl, src := toBytes("id")
	body := []jen.Code{
		jen.If(jen.Id("m").Op("==").Nil().Op("||").Id("m").Dot("m").Op("==").Nil()).Block(jen.Return(jen.Id(p.Type).Values(), jen.Id("ErrKey"))),
	}
	if p.Int64 {
		body[0] = jen.If(jen.Id("m").Op("==").Nil().Op("||").Id("m").Dot("m").Op("==").Nil()).Block(jen.Return(jen.Lit(0), jen.Id("ErrKey")))
	}
	body = append(body, decl...)
	zero := jen.Id(p.Type).Values()
	if p.Int64 {
		zero = jen.Lit(0)
	}
	body = append(body, outDecl,
		jen.If(jen.Id("m").Dot("m").Dot("Mask").Call(jen.Id("out").Index(jen.Empty(), jen.Empty()), src).Op("!=").Nil()).Block(jen.Return(zero, jen.Id("ErrInvalid"))),
		jen.Return(fromOut(), jen.Nil()))
	f.Func().Params(jen.Id("m").Op("*").Id("Masker")).Id("Mask").Params(jen.Id("id").Id(p.Type)).Params(jen.Id(p.Type), jen.Error()).Block(body...)
	f.Line()

	comment(f, "Unmask returns the ID whose public form is public, or ErrNotMasked when public's\nconstant bits are not a public form's. A public form made under another key or\ntweak unmasks, with no error, to some other ID.")
	decl, src = toBytes("public")
	body = []jen.Code{
		jen.If(jen.Id("m").Op("==").Nil().Op("||").Id("m").Dot("m").Op("==").Nil()).Block(jen.Return(zero, jen.Id("ErrKey"))),
	}
	body = append(body, decl...)
	body = append(body, outDecl,
		jen.If(jen.Id("m").Dot("m").Dot("Unmask").Call(jen.Id("out").Index(jen.Empty(), jen.Empty()), src).Op("!=").Nil()).Block(jen.Return(zero, jen.Id("ErrNotMasked"))),
		jen.Return(fromOut(), jen.Nil()))
	f.Func().Params(jen.Id("m").Op("*").Id("Masker")).Id("Unmask").Params(jen.Id("public").Id(p.Type)).Params(jen.Id(p.Type), jen.Error()).Block(body...)
	f.Line()
	return nil
}
