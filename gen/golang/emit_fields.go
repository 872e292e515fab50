package golang

import (
	"fmt"
	"slices"
	"strings"

	"github.com/dave/jennifer/jen"

	"github.com/idforge/idforge/layouts"
	"github.com/idforge/idforge/resolved"
)

// Names the generated package declares itself; a field accessor may not
// take one of them.
var methodNames = map[string]bool{
	"Time": true, "String": true, "Compare": true, "Fields": true, "Version": true,
	"Base62": true, "Crockford": true, "Hex": true, "URN": true, "Bytes": true,
	"AppendText": true, "AppendBase62": true, "AppendCrockford": true, "AppendHex": true,
	"MarshalText": true, "UnmarshalText": true, "MarshalBinary": true, "UnmarshalBinary": true,
	"MarshalJSON": true, "UnmarshalJSON": true, "Scan": true, "Value": true, "IsZero": true, "Valid": true,
	"AppendBinary": true,
}

// names holds the declaration names of one member.
type names struct {
	fields, pack, unpack string // V7Fields, PackV7, V7 (or Fields, Pack, Fields)
	packRaw              string // packV7
}

func memberNames(m Member) names {
	if m.Suffix == "" {
		return names{fields: "Fields", pack: "Pack", unpack: "Fields", packRaw: "pack"}
	}
	return names{fields: m.Suffix + "Fields", pack: "Pack" + m.Suffix, unpack: m.Suffix, packRaw: "pack" + m.Suffix}
}

// hasFields reports whether a member gets a fields struct: a layout whose
// fields are all random or all digest bits has nothing to pack.
func hasFields(l *resolved.Layout) bool {
	for _, f := range l.Fields {
		if f.Role != layouts.Random && f.Role != layouts.Hash {
			return true
		}
	}
	return false
}

// fieldType returns the Go type of a field: an array of a bytes field's
// bytes, an int64 for a numeric field of an int64 ID (signedField), and
// otherwise the smallest unsigned type that holds the field's width.
func fieldType(p *Package, f *resolved.Field) *jen.Statement {
	switch {
	case f.Bytes:
		return jen.Index(jen.Lit(f.Width / 8)).Byte()
	case signedField(p, f):
		return jen.Int64()
	}
	return jen.Id(fmt.Sprintf("uint%d", uintBits(f.Width)))
}

// signedField reports whether a numeric field's Go type is int64: every
// numeric field of an int64 ID is, as Snowflake's are, but one of all 64
// bits, whose values only a uint64 holds.
func signedField(p *Package, f *resolved.Field) bool {
	return p.Int64 && !f.Bytes && f.Width < 64
}

// fieldBits returns the width of a numeric field's Go type.
func fieldBits(p *Package, f *resolved.Field) int {
	if p.Int64 {
		return 64
	}
	return uintBits(f.Width)
}

// describe says what a field holds, for its doc comment.
func describe(l *resolved.Layout, f *resolved.Field) string {
	var parts []string
	for _, si := range f.Segments {
		for _, pi := range l.Segments[si].Parts {
			pt := l.Parts[pi]
			v, _ := l.Value(pt.Role)
			s := roleNoun(v)
			if !f.Split() && v != nil && pt.Role != layouts.Random && (pt.Lo != 0 || pt.Hi != v.Width) {
				s = fmt.Sprintf("bits %d to %d of %s", pt.Lo, pt.Hi-1, s)
			}
			if !containsString(parts, s) {
				parts = append(parts, s)
			}
		}
	}
	return fmt.Sprintf("%d bits: %s", f.Width, strings.Join(parts, ", then "))
}

// roleNoun names what a role's value is, in words.
func roleNoun(v *resolved.Role) string {
	switch v.Role {
	case layouts.Time:
		return fmt.Sprintf("the time in %s since %s", v.Unit, epochName(v))
	case layouts.Counter:
		if v.Init == layouts.InitRunning {
			return "a counter that counts on from ID to ID"
		}
		return fmt.Sprintf("a counter starting at %s in each tick", startName(v))
	case layouts.ClockSeq:
		return "the clock sequence"
	case layouts.Node:
		return "the node"
	case layouts.Random:
		if v.Once {
			return "random bits drawn once per generator"
		}
		return "random bits"
	case layouts.Hash:
		return fmt.Sprintf("bits of %s digest", an(strings.ToUpper(v.Algorithm)))
	}
	return v.Role.String()
}

func epochName(v *resolved.Role) string {
	switch {
	case v.Epoch.Equal(layouts.UnixEpoch()):
		return "the Unix epoch"
	case v.Epoch.Equal(layouts.GregorianEpoch()):
		return "1582-10-15"
	}
	return v.Epoch.Format("2006-01-02T15:04:05.999999999Z07:00")
}

func containsString(xs []string, s string) bool {
	for _, x := range xs {
		if x == s {
			return true
		}
	}
	return false
}

// emitFields writes, for each member with fields, its struct, Pack, the
// unchecked pack that generation uses, and the method that reads the fields
// back; a package with one layout also gets an accessor per field.
func emitFields(f *jen.File, p *Package) error {
	for _, m := range p.Members {
		if !hasFields(m.Resolved) {
			// The pack that writes the constant bits over an ID, for the
			// makers that need it: a name-based ID's, and a random one's
			// not made in place (overlay writes those bits itself).
			if k := memberKind(m.Resolved); k == nameHash || k == random && !inPlace(p, m.Resolved) {
				emitPackRaw(f, p, m)
			}
			continue
		}
		n := memberNames(m)
		l := m.Resolved
		var fields []jen.Code
		for i := range l.Fields {
			fd := &l.Fields[i]
			fields = append(fields, jen.Comment(layouts.GoName(fd.Name)+" holds "+describe(l, fd)+"."), jen.Id(layouts.GoName(fd.Name)).Add(fieldType(p, fd)))
		}
		commentf(f, "%s are the fields of %s.", n.fields, article(p, l))
		f.Type().Id(n.fields).Struct(fields...)
		f.Line()
		emitPack(f, p, m)
		emitPackRaw(f, p, m)
		emitUnpack(f, p, m)
		if len(p.Members) == 1 {
			if err := emitAccessors(f, p, m); err != nil {
				return err
			}
		}
	}
	return nil
}

// article names one ID of a member, with its article and the spec it came
// from: "a ULID (layouts/ulid.layout)", "a UUID of layout uuidv7
// (layouts/uuidv7.layout)", "an ID of layout orderid (orderid.layout)".
func article(p *Package, l *resolved.Layout) string {
	return an(idNamed(p, l))
}

// idNamed is idNoun with the spec the member came from: "ULID
// (layouts/ulid.layout)".
func idNamed(p *Package, l *resolved.Layout) string {
	return fmt.Sprintf("%s (%s)", idNoun(p, l, false), l.File)
}

// idNoun names a member's IDs: the type where it names the layout alone
// (ULID, KSUID), or else the type of the layout ("UUID of layout uuidv7",
// "ID of layout snowflake"), in the plural if asked.
func idNoun(p *Package, l *resolved.Layout, many bool) string {
	t := p.Type
	if many {
		t = plural(t)
	}
	if len(p.Members) == 1 && p.Type != "ID" {
		return t
	}
	return t + " of layout " + l.Name
}

// zero returns the ID type's zero value as an expression.
func zero(p *Package) *jen.Statement {
	if p.Int64 {
		return jen.Lit(0)
	}
	return jen.Id(p.Type).Values()
}

func emitPack(f *jen.File, p *Package, m Member) {
	n := memberNames(m)
	l := m.Resolved
	var body []jen.Code
	for i := range l.Fields {
		fd := &l.Fields[i]
		if fd.Bytes || fd.Width == fieldBits(p, fd) {
			continue
		}
		name := "f." + layouts.GoName(fd.Name)
		cond := jen.Id(name).Op(">").Id(mask(fd.Width))
		if signedField(p, fd) {
			cond = jen.Id(name).Op("<").Lit(0).Op("||").Add(cond)
		}
		body = append(body, jen.If(cond).Block(
			jen.Return(zero(p), jen.Qual("fmt", "Errorf").Call(
				jen.Lit(fmt.Sprintf("%%w: %s %%d does not fit in %d bits", layouts.GoName(fd.Name), fd.Width)), jen.Id("ErrRange"), jen.Id(name))),
		))
	}
	body = append(body, jen.Return(jen.Id(n.packRaw).Call(jen.Id("f")), jen.Nil()))
	commentf(f, "%s builds %s from its fields. It returns ErrRange, and\nmasks nothing, when a field does not fit its width.", n.pack, article(p, l))
	f.Func().Id(n.pack).Params(jen.Id("f").Id(n.fields)).Params(jen.Id(p.Type), jen.Error()).Block(body...)
	f.Line()
}

// emitPackRaw writes the pack that trusts its fields to fit. A member
// without fields gets one that takes an ID and sets its constant bits.
func emitPackRaw(f *jen.File, p *Package, m Member) {
	n := memberNames(m)
	l := m.Resolved
	pl := newPlan(p, l)
	var body []jen.Code
	var param jen.Code
	if hasFields(l) {
		param = jen.Id("f").Id(n.fields)
		body = append(body, declareID(p))
		for _, fd := range l.Fields {
			if fd.Bytes && !p.Int64 { // an int64 ID's bytes fields are pieces of its word
				start, end := pl.bytesRange(&fd)
				body = append(body, jen.Copy(jen.Id("id").Index(jen.Lit(start), jen.Lit(end)), jen.Id("f."+layouts.GoName(fd.Name)).Index(jen.Empty(), jen.Empty())))
			}
		}
		words := make([][]jen.Code, len(pl.chunks))
		for ci, c := range pl.chunks {
			for _, pc := range pl.pieces {
				if pc.chunk != ci {
					continue
				}
				if v, ok := pl.constant(pc); ok {
					if v != 0 {
						words[ci] = append(words[ci], shiftLeft(jen.Id(fmt.Sprintf("%#x", v)), pc.shift))
					}
					continue
				}
				fd := &l.Fields[pc.field]
				name, lo := "f."+layouts.GoName(fd.Name), pl.fieldLo(pc)
				var bits *jen.Statement
				switch {
				case fd.Bytes: // in an int64 ID: the field's bytes read as a number
					bits = loadUint(name, 0, fd.Width/8)
					if k := fd.Width / 8; k&(k-1) != 0 && (lo > 0 || lo+pc.width < fd.Width) {
						bits = jen.Parens(bits) // several loads ORed, then shifted or masked
					}
					bits = shiftMask(bits, fd.Width, lo, pc.width)
				case p.Int64 && !signedField(p, fd): // a uint64 of all the ID's bits
					bits = shiftMask(jen.Id(name), fd.Width, lo, pc.width)
				default:
					bits = extract(p, jen.Id(name), fieldBits(p, fd), fd.Width, lo, pc.width, c.bits())
				}
				words[ci] = append(words[ci], shiftLeft(bits, pc.shift))
			}
		}
		copied := make([]bool, len(pl.chunks)) // chunks that a bytes field's copy above wrote whole
		for ci, c := range pl.chunks {
			// The bits of a bytes field that lies in chunks, copied above.
			if keep := mixedBytes(pl.r, c); keep == c.mask() {
				copied[ci] = true
			} else if keep != 0 {
				words[ci] = append(words[ci], keepBits(p, "id", c, keep))
			}
		}
		if twoWords(p, pl) && !slices.Contains(copied, true) {
			// One 16-byte store, as overlay writes a returned ID.
			body = append(body, putWords("id", orOf(words[0]), orOf(words[1])))
		} else {
			for ci, c := range pl.chunks {
				if !copied[ci] {
					body = append(body, storeWord(p, c, words[ci])...)
				}
			}
		}
		body = append(body, jen.Return(jen.Id("id")))
		commentf(f, "%s builds %s from fields that fit their widths.", n.packRaw, article(p, l))
	} else {
		// Set the constant bits of an ID whose other bits are already in place.
		param = jen.Id("id").Id(p.Type)
		for ci, c := range pl.chunks {
			var keep, set uint64
			for _, pc := range pl.pieces {
				if pc.chunk != ci {
					continue
				}
				if v, ok := pl.constant(pc); ok {
					set |= v << pc.shift
				} else {
					keep |= (1<<pc.width - 1) << pc.shift
				}
			}
			if keep == c.mask() {
				continue
			}
			terms := []jen.Code{keepBits(p, "id", c, keep)}
			if set != 0 {
				terms = append(terms, jen.Id(fmt.Sprintf("%#x", set)))
			}
			if p.Int64 { // id is the parameter, not a new variable
				body = append(body, jen.Id("id").Op("=").Id(p.Type).Call(orOf(terms)))
				continue
			}
			body = append(body, storeWord(p, c, terms)...)
		}
		body = append(body, jen.Return(jen.Id("id")))
		commentf(f, "%s writes the constant bits of %s over id.", n.packRaw, article(p, l))
	}
	f.Func().Id(n.packRaw).Params(param).Id(p.Type).Block(body...)
	f.Line()
}

func declareID(p *Package) jen.Code {
	if p.Int64 {
		return jen.Null()
	}
	return jen.Var().Id("id").Id(p.Type)
}

// extract returns the bits [lo, lo+width) of x (a Go integer of xBits bits
// holding a value of valueBits) as an integer of toBits bits, leaving out
// the shifts, masks and conversions that change nothing.
func extract(p *Package, x *jen.Statement, xBits, valueBits, lo, width, toBits int) *jen.Statement {
	x = shiftMask(x, valueBits, lo, width)
	if xBits != toBits || p.Int64 {
		x = jen.Id(fmt.Sprintf("uint%d", toBits)).Call(x)
	}
	return x
}

// shiftMask returns the bits [lo, lo+width) of x, an unsigned integer holding
// a value of valueBits, in x's own type: x>>lo&mask, less what changes
// nothing.
func shiftMask(x *jen.Statement, valueBits, lo, width int) *jen.Statement {
	if lo > 0 {
		x = x.Op(">>").Lit(lo)
	}
	if lo+width < valueBits {
		x = x.Op("&").Id(mask(width))
	}
	return x
}

// twoWords reports whether a plan is a 16-byte ID's two 8-byte words.
func twoWords(p *Package, pl *plan) bool {
	return !p.Int64 && len(pl.chunks) == 2 && pl.chunks[0] == chunk{0, 8} && pl.chunks[1] == chunk{8, 8}
}

// orOf returns the OR of terms, or 0 when there are none.
func orOf(terms []jen.Code) *jen.Statement {
	if len(terms) == 0 {
		return jen.Lit(0)
	}
	return joinOp("|", terms)
}

// storeWord writes the OR of terms into a chunk of id.
func storeWord(p *Package, c chunk, terms []jen.Code) []jen.Code {
	val := orOf(terms)
	if p.Int64 {
		return []jen.Code{jen.Id("id").Op(":=").Id(p.Type).Call(val)}
	}
	return []jen.Code{storeWordTo("id", c, val)}
}

func emitUnpack(f *jen.File, p *Package, m Member) {
	n := memberNames(m)
	l := m.Resolved
	pl := newPlan(p, l)
	body := []jen.Code{jen.Var().Id("f").Id(n.fields)}
	for i := range l.Fields {
		fd := &l.Fields[i]
		body = append(body, jen.Id("f."+layouts.GoName(fd.Name)).Op("=").Add(fieldValue(p, pl, fd)))
	}
	body = append(body, jen.Return(jen.Id("f")))
	commentf(f, "%s returns the fields of id read as %s.", n.unpack, article(p, l))
	f.Func().Params(jen.Id("id").Id(p.Type)).Id(n.unpack).Params().Id(n.fields).Block(body...)
	f.Line()
}

// fieldValue returns an expression for a field's value read from id.
func fieldValue(p *Package, pl *plan, fd *resolved.Field) *jen.Statement {
	if fd.Bytes && p.Int64 {
		return int64Bytes(pl, fd)
	}
	if fd.Bytes {
		start, end := pl.bytesRange(fd)
		return jen.Id(fmt.Sprintf("[%d]byte", end-start)).Call(jen.Id("id").Index(jen.Lit(start), jen.Lit(end)))
	}
	var terms []jen.Code
	to := fieldBits(p, fd)
	for _, pc := range pl.pieces {
		if pc.field < 0 || &pl.l.Fields[pc.field] != fd {
			continue
		}
		bits := bitsExpr(p, pl, pc)
		if pl.chunks[pc.chunk].bits() != to || signedField(p, fd) {
			typ := fmt.Sprintf("uint%d", to)
			if signedField(p, fd) {
				typ = "int64"
			}
			bits = jen.Id(typ).Call(bits)
		}
		terms = append(terms, shiftLeft(bits, pl.fieldLo(pc)))
	}
	return joinOp("|", terms)
}

// int64Bytes returns an expression for a bytes field of an int64 ID: an
// array of the bytes of its bits, read from the ID's word, most significant
// first, or id.bytes() for a field of all eight.
func int64Bytes(pl *plan, fd *resolved.Field) *jen.Statement {
	if fd.Width == 64 {
		return jen.Id("id").Dot("bytes").Call()
	}
	run := pl.r.Segments[fd.Segments[0]]
	var elems []jen.Code
	for shift := run.Shift + run.Width - 8; shift >= run.Shift; shift -= 8 {
		elems = append(elems, jen.Byte().Call(shiftRight(jen.Uint64().Call(jen.Id("id")), shift)))
	}
	return jen.Index(jen.Lit(fd.Width / 8)).Byte().Values(elems...)
}

// shiftRight returns x>>n, or x when n is zero.
func shiftRight(x *jen.Statement, n int) *jen.Statement {
	if n == 0 {
		return x
	}
	return x.Op(">>").Lit(n)
}

func emitAccessors(f *jen.File, p *Package, m Member) error {
	l := m.Resolved
	pl := newPlan(p, l)
	for i := range l.Fields {
		fd := &l.Fields[i]
		name := layouts.GoName(fd.Name)
		if methodNames[name] {
			return fmt.Errorf("gen: %s:%d: field %s would shadow method %s; rename it with 'as'", l.File, fd.Line, fd.Name, name)
		}
		commentf(f, "%s returns the %s field of id: %s.", name, fd.Name, describe(l, fd))
		f.Func().Params(jen.Id("id").Id(p.Type)).Id(name).Params().Add(fieldType(p, fd)).Block(
			jen.Return(fieldValue(p, pl, fd)),
		)
		f.Line()
	}
	return nil
}
