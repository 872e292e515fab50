package golang

import (
	"fmt"
	"math/big"
	"math/bits"
	"slices"
	"strings"

	"github.com/dave/jennifer/jen"

	"github.com/idforge/idforge/encodings"
	"github.com/idforge/idforge/gen/internal/portable"
	"github.com/idforge/idforge/resolved"
)

// The text API of a generated package: its errors, the String, Base62,
// Crockford and Hex forms and their Append and Parse counterparts, binary,
// text and JSON marshalling, database/sql scanning and valuing, and the
// Null type. The codecs underneath come from emit_codec.go.

// textForm is one of the fixed-width text forms every package has.
type textForm struct {
	name      string // "Base62"; the methods are Base62, AppendBase62, ParseBase62
	method    string
	width     int
	encode    string // the codec functions
	decode    string
	what      string // what the form is, for doc comments
	cased     bool   // the parser accepts either case
	aliases   string // what else it reads, for docs: "I and L read as 1, O as 0" (encodings.Spec.DescribeAliases)
	overflows bool   // some text of the right length and alphabet is above Max
	digits    string // the alphabet
	pad       int    // zero bits below the ID in the digits (an encoding that writes bits from the top)
	check     bool   // a check symbol follows the digits
}

// caseDoc says, after what a parser reads, which case it reads and what
// aliases: ", in either case. ", "; case matters. ", or ", in either case,
// with I and L read as 1, O as 0 (written back as the digits). ".
func (form textForm) caseDoc() string {
	doc := "; case matters"
	if form.cased {
		doc = ", in either case"
	}
	if form.aliases != "" {
		doc += ",\nwith " + form.aliases + " (written back as the digits)"
	}
	return doc + ". "
}

// textPkg gathers what the text emitters need to know about a package.
type textPkg struct {
	p      *Package
	t      string // the type, "UUID"
	q      string // the qualified type, "uuid.UUID", for messages
	n      int    // bytes
	null   string // "NullUUID"
	forms  []textForm
	signed bool // an int64 ID whose top bit is not fixed at zero
	// declared is the canonical form when it is an encoding other than
	// the common forms (Package.declared), and enc that encoding.
	declared textForm
	enc      *encodings.Encoding
}

// declared reports whether the package's text form is an encoding other
// than the forms every package has (resolved.IsCommonForm): one declared
// as data, built in (base58, base32hex) or in the spec. Its encoding is
// the resolved text's (Package.text).
func (p *Package) declared() bool {
	t := p.Members[0].Resolved.Text
	return t.Encoding != nil && !resolved.IsCommonForm(t.Name)
}

func newTextPkg(p *Package) (*textPkg, error) {
	n := p.size()
	tp := &textPkg{p: p, t: p.Type, q: p.Name + "." + p.Type, n: n, null: "Null" + p.Type}
	tp.signed = p.signed()
	tp.forms = []textForm{
		{name: "Base62", method: "Base62", width: base62Width(n), encode: "encodeBase62", decode: "decodeBase62",
			what: fmt.Sprintf("%d Base62 digits (0-9, A-Z, a-z)", base62Width(n)), digits: base62Form.digits()},
		{name: "Crockford", method: "Crockford", width: crockfordWidth(n), encode: "encodeCrockford", decode: "decodeCrockford",
			what: fmt.Sprintf("%d digits of Crockford's base32 (0-9 and A-Z less I, L, O and U)", crockfordWidth(n)), cased: true, digits: crockfordForm.digits(),
			aliases: crockfordForm.enc.Spec().DescribeAliases()},
		{name: "hex", method: "Hex", width: 2 * n, encode: "encodeHex", decode: "decodeHex",
			what: fmt.Sprintf("%d hex digits", 2*n), cased: true, digits: hexAlphabet},
	}
	for i, name := range resolved.CommonForms() {
		if !strings.EqualFold(tp.forms[i].method, name) {
			panic("gen: the Go package's forms are not resolved.CommonForms: " + tp.forms[i].method + ", " + name)
		}
	}
	fixedSign := p.Int64 && !tp.signed
	tp.forms[0].overflows = true // the width is the least that holds every ID, so it holds more
	tp.forms[1].overflows = 5*crockfordWidth(n) > 8*n || fixedSign
	tp.forms[2].overflows = fixedSign
	if p.declared() {
		e := p.text().Encoding
		s := e.Spec()
		d := textForm{name: s.Title, width: e.EncodedLen(n), encode: "encodeText", decode: "decodeText",
			what: fmt.Sprintf("%d %s digits (%s)", e.DigitLen(n), s.Title, s.Digits), cased: s.Fold, digits: s.Digits,
			pad: e.Pad(n), check: s.Check, aliases: s.DescribeAliases()}
		if s.Check {
			d.what += " and a check symbol"
		}
		// Text above Max: a width that holds more than the ID's bits, and
		// bits not written from the top.
		d.overflows = !s.Bits && (tp.maxText(d) != strings.Repeat(s.Digits[len(s.Digits)-1:], e.DigitLen(n)) || fixedSign)
		tp.declared, tp.enc = d, e
	}
	return tp, nil
}

// canonicalForm returns the fixed-width form that is the package's
// canonical one, if it is one of them.
func (tp *textPkg) canonicalForm() (textForm, bool) {
	if i := slices.Index(resolved.CommonForms(), tp.p.Text); i >= 0 {
		return tp.forms[i], true // tp.forms are resolved.CommonForms, in order
	}
	if tp.p.declared() {
		return tp.declared, true
	}
	return textForm{}, false
}

// canonicalWidth returns the longest canonical text of an ID, as the
// resolved text has it (Package.text).
func (tp *textPkg) canonicalWidth() int { return tp.p.text().Width }

// bytesOf returns the statements and the expression that pass the ID's
// bytes to an encoder, as a pointer: an array passed by value would be
// stored and read back at other offsets, which CPUs cannot forward.
func (tp *textPkg) bytesOf() ([]jen.Code, *jen.Statement) {
	if tp.p.Int64 {
		return []jen.Code{jen.Id("bs").Op(":=").Id("id").Dot("bytes").Call()}, jen.Op("&").Id("bs")
	}
	return nil, jen.Parens(jen.Op("*").Index(jen.Lit(tp.n)).Byte()).Call(jen.Op("&").Id("id"))
}

// bits returns the number of bits an ID can hold.
func (tp *textPkg) bits() int {
	if tp.p.Int64 && !tp.signed {
		return 63
	}
	return 8 * tp.n
}

// maxText returns the form of Max, the largest ID, in a form.
func (tp *textPkg) maxText(form textForm) string {
	max := new(big.Int).Lsh(big.NewInt(1), uint(tp.bits()))
	max.Sub(max, big.NewInt(1))
	check := ""
	width := form.width
	if form.check {
		check = string(encodings.CheckDigits[new(big.Int).Mod(max, big.NewInt(37)).Int64()])
		width--
	}
	max.Lsh(max, uint(form.pad))
	digits := form.digits
	out := make([]byte, width)
	radix := big.NewInt(int64(len(digits)))
	d := new(big.Int)
	for i := len(out) - 1; i >= 0; i-- {
		max.DivMod(max, radix, d)
		out[i] = digits[d.Int64()]
	}
	return string(out) + check
}

// emitText writes the package's text API.
func emitText(f *jen.File, p *Package) error {
	switch {
	case p.Text == "uuid" && p.Int64:
		return fmt.Errorf("gen: package %s: the UUID text form needs a 16-byte ID, not an int64", p.Name)
	case p.Text == "decimal" && !p.Int64:
		return fmt.Errorf("gen: package %s: the decimal text form needs an int64 ID", p.Name)
	}
	tp, err := newTextPkg(p)
	if err != nil {
		return err
	}
	tp.emitErrors(f)
	tp.emitFormatting(f)
	tp.emitParsing(f)
	tp.emitMarshalling(f)
	tp.emitSQL(f)
	tp.emitNull(f)
	return nil
}

func (tp *textPkg) emitErrors(f *jen.File) {
	pkg, t := tp.p.Name, tp.t
	var roomy []string
	for _, form := range tp.forms {
		if form.overflows {
			roomy = append(roomy, form.name)
		}
	}
	overflow := fmt.Sprintf("ErrOverflow means text of the right length and alphabet whose value is above Max, as %s text can be.", strings.Join(roomy, " and "))
	if tp.p.Int64 {
		overflow = "ErrOverflow means a value that no ID has: one that needs all 64 bits of an\nunsigned number, or a negative one, as IDs are never negative."
		if tp.signed {
			overflow = "ErrOverflow means a value too large for 64 bits."
		}
	}
	writeDoc(f, "Errors from reading IDs: parsing text, decoding bytes and scanning database\nvalues. They come wrapped with detail; match them with errors.Is.")
	f.Var().Defs(
		jen.Comment("ErrLength means input of a length that the form being read never has."),
		jen.Id("ErrLength").Op("=").Qual("errors", "New").Call(jen.Lit(pkg+": invalid length")),
		jen.Comment("ErrSyntax means a character the form does not allow. It comes as a"),
		jen.Comment("*SyntaxError, which says which character and where."),
		jen.Id("ErrSyntax").Op("=").Qual("errors", "New").Call(jen.Lit(pkg+": invalid syntax")),
		jen.Add(commentLines(portable.Fill(overflow, docWidth-4))),
		jen.Id("ErrOverflow").Op("=").Qual("errors", "New").Call(jen.Lit(pkg+": value out of range")),
		jen.Comment(fmt.Sprintf("ErrNull means a database NULL scanned into %s; scan nullable columns", an(t))),
		jen.Comment(fmt.Sprintf("into %s instead.", an(tp.null))),
		jen.Id("ErrNull").Op("=").Qual("errors", "New").Call(jen.Lit(pkg+": NULL value")),
		jen.Comment(fmt.Sprintf("ErrType means a value of a type that holds no %s: a database value", t)),
		jen.Comment(tp.scanTypesDoc()+", or a JSON value other than a string."),
		jen.Id("ErrType").Op("=").Qual("errors", "New").Call(jen.Lit(pkg+": unsupported type")),
	)
	f.Line()

	writeDoc(f, "SyntaxError reports a character that the text form being read does not\nallow, and where it is. It matches ErrSyntax under errors.Is.")
	f.Type().Id("SyntaxError").Struct(
		jen.Id("Form").String().Comment(`the form being read, such as "Base62"`),
		jen.Id("Pos").Int().Comment("the byte offset of the character in the input"),
		jen.Id("Char").Byte().Comment("the character"),
		jen.Id("Len").Int().Comment("the input's length in bytes"),
	)
	f.Line()
	writeDoc(f, "Error describes the character, its position and the input's length, quoting\na printable character and writing any other byte in hexadecimal.")
	f.Func().Params(jen.Id("e").Op("*").Id("SyntaxError")).Id("Error").Params().String().Block(
		jen.If(jen.Id("e").Dot("Char").Op(">").LitRune(' ').Op("&&").Id("e").Dot("Char").Op("<").Id("0x7f")).Block(
			jen.Return(jen.Qual("fmt", "Sprintf").Call(jen.Lit(pkg+": invalid character %q at position %d of %s text of length %d"), jen.Id("e").Dot("Char"), jen.Id("e").Dot("Pos"), jen.Id("e").Dot("Form"), jen.Id("e").Dot("Len"))),
		),
		jen.Return(jen.Qual("fmt", "Sprintf").Call(jen.Lit(pkg+": invalid byte 0x%02x at position %d of %s text of length %d"), jen.Id("e").Dot("Char"), jen.Id("e").Dot("Pos"), jen.Id("e").Dot("Form"), jen.Id("e").Dot("Len"))),
	)
	f.Line()
	writeDoc(f, "Unwrap returns ErrSyntax, so that errors.Is(err, ErrSyntax) holds for every\n*SyntaxError.")
	f.Func().Params(jen.Id("e").Op("*").Id("SyntaxError")).Id("Unwrap").Params().Error().Block(
		jen.Return(jen.Id("ErrSyntax")),
	)
	f.Line()
	writeDoc(f, "errLength returns ErrLength for input of length n where what needs want.")
	f.Func().Id("errLength").Params(jen.Id("what").String(), jen.Id("n").Int(), jen.Id("want").String()).Error().Block(
		jen.Return(jen.Qual("fmt", "Errorf").Call(jen.Lit("%w: %s of length %d, want %s"), jen.Id("ErrLength"), jen.Id("what"), jen.Id("n"), jen.Id("want"))),
	)
	f.Line()
	writeDocf(f, "errOverflow returns ErrOverflow for %s text of length n whose value needs\nmore than %d bits.", "form", tp.bits())
	f.Func().Id("errOverflow").Params(jen.Id("form").String(), jen.Id("n").Int()).Error().Block(
		jen.Return(jen.Qual("fmt", "Errorf").Call(jen.Lit(fmt.Sprintf("%%w: %%s text of length %%d and a value above %d bits", tp.bits())), jen.Id("ErrOverflow"), jen.Id("form"), jen.Id("n"))),
	)
	f.Line()
}

// docWidth is the width doc comments are filled to, not counting the "// ".
const docWidth = 76

// writeDoc writes a doc comment, refilling each paragraph to docWidth. Lines
// that start with a tab are code and kept as they are; blank lines separate
// paragraphs.
func writeDoc(f *jen.File, text string) { comment(f, fill(text)) }

func writeDocf(f *jen.File, format string, args ...any) { writeDoc(f, fmt.Sprintf(format, args...)) }

// fill refills text as writeDoc describes.
func fill(text string) string { return portable.Fill(text, docWidth) }

// commentLines returns a doc comment of several // lines for a var or
// const block entry, each made safe as commentText makes it.
func commentLines(text string) *jen.Statement {
	s := jen.Null()
	for i, line := range strings.Split(text, "\n") {
		if i > 0 {
			s.Line()
		}
		s.Comment(commentText(line))
	}
	return s
}

func (tp *textPkg) scanTypesDoc() string {
	if tp.p.Int64 {
		return "other than an int64, a string or a []byte"
	}
	return "other than a string or a []byte"
}

// method declares func (id T) name(params) results { body }.
func (tp *textPkg) method(f *jen.File, doc, name string, params, results []jen.Code, body ...jen.Code) {
	writeDoc(f, doc)
	f.Func().Params(jen.Id("id").Id(tp.t)).Id(name).Params(params...).Params(results...).Block(body...)
	f.Line()
}

// ptrMethod declares func (id *T) name(params) error { body }.
func (tp *textPkg) ptrMethod(f *jen.File, doc, name string, params []jen.Code, body ...jen.Code) {
	writeDoc(f, doc)
	f.Func().Params(jen.Id("id").Op("*").Id(tp.t)).Id(name).Params(params...).Error().Block(body...)
	f.Line()
}

// encodeTo returns the statements that encode id into a new array buf.
func (tp *textPkg) encodeTo(buf string, width int, encode string) []jen.Code {
	pre, arg := tp.bytesOf()
	return append(pre,
		jen.Var().Id(buf).Index(jen.Lit(width)).Byte(),
		jen.Id(encode).Call(jen.Op("&").Id(buf), arg),
	)
}

// stringEncoded returns the statements of a String method that encodes id
// with encode straight into the width bytes of a new string. The bytes are
// allocated on their own and never written again once encoded, so the string
// can take them over, as strings.Builder does: no copy from a buffer on the
// stack (which, loaded right after the encoder's narrower stores, also stalls
// on them).
func (tp *textPkg) stringEncoded(width int, encode string) []jen.Code {
	pre, arg := tp.bytesOf()
	return append(pre,
		jen.Id("b").Op(":=").New(jen.Index(jen.Lit(width)).Byte()),
		jen.Id(encode).Call(jen.Id("b"), arg),
		jen.Return(jen.Qual("unsafe", "String").Call(jen.Op("&").Id("b").Index(jen.Lit(0)), jen.Lit(width))),
	)
}

// appendEncoded returns the statements that encode id into the width bytes
// past the end of b, growing b if it must, and ret(b[:len(b)+width]).
func (tp *textPkg) appendEncoded(width int, encode string, ret func(...jen.Code) *jen.Statement) []jen.Code {
	end := jen.Len(jen.Id("b")).Op("+").Lit(width)
	pre, arg := tp.bytesOf()
	return append(pre,
		jen.Id("b").Op("=").Qual("slices", "Grow").Call(jen.Id("b"), jen.Lit(width)),
		jen.Id(encode).Call(jen.Parens(jen.Op("*").Index(jen.Lit(width)).Byte()).Call(jen.Id("b").Index(jen.Len(jen.Id("b")), end.Clone())), arg),
		ret(jen.Id("b").Index(jen.Empty(), end)),
	)
}

func (tp *textPkg) sortsDoc() string {
	if tp.signed {
		return "the number its 64 bits hold, unsigned, zero-padded to a fixed width, so\nthat the text of IDs sorts as Compare orders them"
	}
	if tp.p.Int64 {
		return "the number id holds, zero-padded to a fixed width, so that the text of\nIDs sorts as the IDs do"
	}
	return "the number its bytes hold, zero-padded to a fixed width, so that the text\nof IDs sorts as their bytes do"
}

func (tp *textPkg) emitFormatting(f *jen.File) {
	t := tp.t
	str := []jen.Code{jen.String()}
	bytesResult := []jen.Code{jen.Index().Byte()}
	bParam := []jen.Code{jen.Id("b").Index().Byte()}

	// String and AppendText: the canonical form.
	switch {
	case tp.p.Text == "uuid":
		tp.method(f, "String returns id in the canonical form of RFC 9562: 36 characters, lower-case\nhex digits in groups of 8, 4, 4, 4 and 12 separated by hyphens, such as\nf81d4fae-7dec-11d0-a765-00a0c91e6bf6.",
			"String", nil, str, tp.stringEncoded(36, "encodeUUID")...)
		tp.method(f, "URN returns id as a URN of RFC 9562's form: \"urn:uuid:\" and the canonical form.",
			"URN", nil, str,
			jen.Var().Id("b").Index(jen.Lit(45)).Byte(),
			jen.Copy(jen.Id("b").Index(jen.Empty(), jen.Empty()), jen.Lit("urn:uuid:")),
			jen.Id("encodeUUID").Call(arrayPtr("b", 9, 36), jen.Parens(jen.Op("*").Index(jen.Lit(16)).Byte()).Call(jen.Op("&").Id("id"))),
			jen.Return(jen.String().Call(jen.Id("b").Index(jen.Empty(), jen.Empty()))),
		)
		tp.method(f, "AppendText appends the canonical form of id, as String writes it, to b and\nreturns the extended slice. It implements encoding.TextAppender and\nallocates only if b lacks the capacity.",
			"AppendText", bParam, []jen.Code{jen.Index().Byte(), jen.Error()},
			tp.appendEncoded(36, "encodeUUID", func(b ...jen.Code) *jen.Statement { return jen.Return(append(b, jen.Nil())...) })...)
	case tp.p.Text == "decimal":
		doc := "String returns id in decimal, its canonical text form: the number its 64\nbits hold, unsigned, as strconv.FormatUint writes it. Base62 gives a\nshorter form of fixed width that sorts as the IDs do."
		if tp.signed {
			doc = "String returns id in decimal, its canonical text form: the number its 64\nbits hold, unsigned, as strconv.FormatUint writes it, so an ID whose top\nbit is set is 2^63 or more, never negative, as the services that publish\nsuch IDs (Discord's) write them. Base62 gives a shorter form of fixed width\nthat sorts as Compare orders the IDs."
		}
		tp.method(f, doc,
			"String", nil, str, jen.Return(jen.Qual("strconv", "FormatUint").Call(jen.Uint64().Call(jen.Id("id")), jen.Lit(10))))
		tp.method(f, "AppendText appends id in decimal, as String writes it, to b and returns the\nextended slice. It implements encoding.TextAppender and allocates only if b\nlacks the capacity.",
			"AppendText", bParam, []jen.Code{jen.Index().Byte(), jen.Error()},
			jen.Return(jen.Qual("strconv", "AppendUint").Call(jen.Id("b"), jen.Uint64().Call(jen.Id("id")), jen.Lit(10)), jen.Nil()))
	case tp.p.declared():
		form := tp.declared
		sorts := tp.sortsDoc()
		if tp.enc.Spec().Bits {
			sorts = fmt.Sprintf("its bits from the most significant, %d to a digit, with zero padding last", bits.Len(uint(len(form.digits)-1)))
			if tp.enc.Sorts() {
				sorts += ",\nso that the text of IDs sorts as their bytes do"
			} else {
				sorts += ";\nthe digits do not ascend in byte order, so the text does not sort as the\nIDs do"
			}
		} else if !tp.enc.Sorts() {
			sorts = "zero-padded to a fixed width; the digits do not ascend in byte order,\nso the text does not sort as the IDs do"
		}
		tp.method(f, fmt.Sprintf("String returns id in its canonical text form: %s,\n%s.", form.what, sorts),
			"String", nil, str, tp.stringEncoded(form.width, form.encode)...)
		tp.method(f, "AppendText appends the canonical form of id, as String writes it, to b and\nreturns the extended slice. It implements encoding.TextAppender and\nallocates only if b lacks the capacity.",
			"AppendText", bParam, []jen.Code{jen.Index().Byte(), jen.Error()},
			tp.appendEncoded(form.width, form.encode, func(b ...jen.Code) *jen.Statement { return jen.Return(append(b, jen.Nil())...) })...)
	default:
		form, _ := tp.canonicalForm()
		tp.method(f, fmt.Sprintf("String returns id in its canonical text form, as %s returns it: %s,\n%s.", form.method, form.what, tp.sortsDoc()),
			"String", nil, str, tp.stringEncoded(form.width, form.encode)...)
		tp.method(f, "AppendText appends the canonical form of id, as String writes it, to b and\nreturns the extended slice. It implements encoding.TextAppender and\nallocates only if b lacks the capacity.",
			"AppendText", bParam, []jen.Code{jen.Index().Byte(), jen.Error()},
			jen.Return(jen.Id("id").Dot("Append"+form.method).Call(jen.Id("b")), jen.Nil()))
	}

	// The fixed-width forms.
	for _, form := range tp.forms {
		var doc string
		switch form.name {
		case "Base62":
			doc = fmt.Sprintf("Base62 returns id as %s: %s. ParseBase62 reads it back.", form.what, tp.sortsDoc())
		case "Crockford":
			doc = fmt.Sprintf("Crockford returns id as %s, upper case:\n%s. ParseCrockford reads it back, in either case.", form.what, tp.sortsDoc())
		default:
			if tp.signed {
				doc = fmt.Sprintf("Hex returns id as %d lower-case hex digits, its big-endian bytes in order,\nwhich sort as Compare orders the IDs. ParseHex reads them back, in either\ncase.", form.width)
			} else if tp.p.Int64 {
				doc = fmt.Sprintf("Hex returns id as %d lower-case hex digits, its big-endian bytes in order,\nwhich sort as the IDs do. ParseHex reads them back, in either case.", form.width)
			} else {
				doc = fmt.Sprintf("Hex returns id as %d lower-case hex digits, its bytes in order, which sort\nas the bytes do. ParseHex reads them back, in either case.", form.width)
			}
		}
		tp.method(f, doc, form.method, nil, str,
			append(tp.encodeTo("b", form.width, form.encode), jen.Return(jen.String().Call(jen.Id("b").Index(jen.Empty(), jen.Empty()))))...)
		tp.method(f, fmt.Sprintf("Append%s appends id's %s form, as %s returns it, to b and returns the\nextended slice. It allocates only if b lacks the capacity.", form.method, form.name, form.method),
			"Append"+form.method, bParam, bytesResult, tp.appendEncoded(form.width, form.encode, jen.Return)...)
	}
	if tp.p.Int64 {
		writeDoc(f, "bytes returns id's bytes, big-endian, as the fixed-width codecs read them.")
		f.Func().Params(jen.Id("id").Id(t)).Id("bytes").Params().Index(jen.Lit(8)).Byte().Block(
			jen.Var().Id("b").Index(jen.Lit(8)).Byte(),
			jen.Qual("encoding/binary", "BigEndian").Dot("PutUint64").Call(jen.Id("b").Index(jen.Empty(), jen.Empty()), jen.Uint64().Call(jen.Id("id"))),
			jen.Return(jen.Id("b")),
		)
		f.Line()
	}
}

// parseErrorsDoc describes the errors of a parser.
func (tp *textPkg) parseErrorsDoc(overflow bool) string {
	if overflow {
		return "It returns an error matching ErrLength, ErrSyntax (a *SyntaxError, which\ngives the position) or ErrOverflow."
	}
	return "It returns an error matching ErrLength or ErrSyntax (a *SyntaxError, which\ngives the position)."
}

func (tp *textPkg) emitParsing(f *jen.File) {
	t := tp.t
	sParam := []jen.Code{jen.Id("s").String()}
	fn := func(doc, name string, params []jen.Code, body ...jen.Code) {
		writeDoc(f, doc)
		results := []jen.Code{jen.Id(t), jen.Error()}
		if !tp.p.Int64 {
			// A named result that the decoder writes into directly: no copy.
			results = []jen.Code{jen.Id("id").Id(t), jen.Err().Error()}
		}
		f.Func().Id(name).Params(params...).Params(results...).Block(body...)
		f.Line()
	}

	// Parse, and parseText, the parser of the canonical form that the
	// unmarshalers share.
	var parseDoc string
	var textBody []jen.Code
	switch {
	case tp.p.Text == "uuid":
		parseDoc = "Parse reads a UUID in any of the forms RFC 9562 and common use give it, with\nhex digits in either case:\n\n" +
			"\txxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx           the canonical form, 36 characters\n" +
			"\txxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx               32 hex digits\n" +
			"\t{xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx}         in braces\n" +
			"\turn:uuid:xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx  as a URN (the prefix in either case)\n\n" +
			"It accepts nothing else: no other punctuation, no whitespace, no text\naround the UUID. " +
			tp.parseErrorsDoc(false) + " ParseBase62 and ParseCrockford read the\nsortable forms."
		textBody = tp.uuidParseBody()
	case tp.p.Text == "decimal":
		parseDoc = "Parse reads an ID in decimal, as String writes it: the digits of a number\nfrom 0 to 9223372036854775807, with no sign, no leading zeros and no\nspaces. " + tp.parseErrorsDoc(true) + "\nParseBase62 reads the sortable form."
		if tp.signed {
			parseDoc = "Parse reads an ID in decimal, as String writes it: the digits of the\nunsigned number its 64 bits hold, from 0 to 18446744073709551615, with no\nsign, no leading zeros and no spaces. " + tp.parseErrorsDoc(true)
		}
		textBody = []jen.Code{jen.Return(jen.Id("parseDecimal").Call(jen.Id("s")))}
	default:
		form, _ := tp.canonicalForm()
		parseDoc = fmt.Sprintf("Parse reads the canonical text form of %s, as String writes it: exactly\n%s", an(t), form.what)
		parseDoc += form.caseDoc()
		if form.overflows {
			parseDoc += fmt.Sprintf("Text above %s is an error\nmatching ErrOverflow; other errors match ErrLength or ErrSyntax (a\n*SyntaxError, which gives the position).", tp.maxText(form))
		} else {
			parseDoc += tp.parseErrorsDoc(false)
		}
		if tp.p.Int64 {
			textBody = tp.int64Decode(form.decode, form.name+" text", jen.Id("s"))
		} else {
			textBody = []jen.Code{jen.Return(jen.Id(form.decode).Call(jen.Id("id"), jen.Id("s")))}
		}
	}
	if tp.p.Int64 {
		fn(parseDoc, "Parse", sParam, jen.Return(jen.Id("parseText").Call(jen.Id("s"))))
		writeDoc(f, "parseText implements Parse, for the unmarshalers too.")
		f.Func().Id("parseText").Params(jen.Id("s").String()).Params(jen.Id(t), jen.Error()).Block(textBody...)
	} else {
		fn(parseDoc, "Parse", sParam, tp.decodeInto("parseText", jen.Id("s"))...)
		writeDoc(f, "parseText implements Parse, for the unmarshalers too, writing the ID into\nid.")
		f.Func().Id("parseText").Params(jen.Id("id").Op("*").Index(jen.Lit(tp.n)).Byte(), jen.Id("s").String()).Error().Block(textBody...)
	}
	f.Line()

	writeDoc(f, fmt.Sprintf("MustParse is like Parse but panics if s is not valid. It is meant for\nconstants and tests, where the text is known to be good:\n\n\tvar id = %s.MustParse(%q)", tp.p.Name, tp.exampleText()))
	f.Func().Id("MustParse").Params(sParam...).Id(t).Block(
		jen.List(jen.Id("id"), jen.Err()).Op(":=").Id("Parse").Call(jen.Id("s")),
		jen.If(jen.Err().Op("!=").Nil()).Block(jen.Panic(jen.Err())),
		jen.Return(jen.Id("id")),
	)
	f.Line()

	for _, form := range tp.forms {
		doc := fmt.Sprintf("Parse%s reads the %s form that %s writes: exactly %s", form.method, form.name, form.method, form.what)
		doc += form.caseDoc()
		if form.overflows {
			doc += fmt.Sprintf("Text above %s is an error matching ErrOverflow; other errors\nmatch ErrLength or ErrSyntax (a *SyntaxError, which gives the position).", tp.maxText(form))
		} else {
			doc += tp.parseErrorsDoc(false)
		}
		if tp.p.Int64 {
			fn(doc, "Parse"+form.method, sParam, tp.int64Decode(form.decode, form.name+" text", jen.Id("s"))...)
		} else {
			fn(doc, "Parse"+form.method, sParam, tp.decodeInto(form.decode, jen.Id("s"))...)
		}
	}

	bParam := []jen.Code{jen.Id("b").Index().Byte()}
	if tp.p.Int64 {
		doc := "FromBytes returns the ID whose bytes, big-endian, are b, as MarshalBinary\nwrites them. It returns an error matching ErrLength unless b has 8 bytes"
		if tp.signed {
			doc += "."
		} else {
			doc += ",\nand one matching ErrOverflow if the top bit is set: IDs are never negative."
		}
		fn(doc, "FromBytes", bParam,
			jen.If(jen.Len(jen.Id("b")).Op("!=").Lit(8)).Block(
				jen.Return(jen.Lit(0), jen.Id("errLength").Call(jen.Lit("binary form"), jen.Len(jen.Id("b")), jen.Lit("8 bytes"))),
			),
			jen.Return(jen.Id("fromBigEndian").Call(jen.Index(jen.Lit(8)).Byte().Call(jen.Id("b")), jen.Lit("binary form"), jen.Len(jen.Id("b")))),
		)
		var body []jen.Code
		doc = "fromBigEndian returns the ID whose big-endian bytes are b, read from\nwhat, of length n."
		if !tp.signed {
			doc += " An ID's top bit is a constant zero: b with it set is\noverflow."
			body = append(body, jen.If(jen.Id("b").Index(jen.Lit(0)).Op("&").Id("0x80").Op("!=").Lit(0)).Block(
				jen.Return(jen.Lit(0), jen.Qual("fmt", "Errorf").Call(jen.Lit("%w: %s of length %d with the top bit set, which no ID has (IDs are never negative)"), jen.Id("ErrOverflow"), jen.Id("what"), jen.Id("n"))),
			))
		}
		body = append(body, jen.Return(jen.Id(t).Call(jen.Qual("encoding/binary", "BigEndian").Dot("Uint64").Call(jen.Id("b").Index(jen.Empty(), jen.Empty()))), jen.Nil()))
		writeDoc(f, doc)
		f.Func().Id("fromBigEndian").Params(jen.Id("b").Index(jen.Lit(8)).Byte(), jen.Id("what").String(), jen.Id("n").Int()).Params(jen.Id(t), jen.Error()).Block(body...)
		f.Line()
	} else {
		writeDoc(f, fmt.Sprintf("FromBytes returns the %s whose bytes are b, as MarshalBinary writes them. It\nreturns an error matching ErrLength unless b has %d bytes.", t, tp.n))
		f.Func().Id("FromBytes").Params(bParam...).Params(jen.Id(t), jen.Error()).Block(
			jen.If(jen.Len(jen.Id("b")).Op("!=").Id("Size")).Block(
				jen.Return(zero(tp.p), jen.Id("errLength").Call(jen.Lit("binary form"), jen.Len(jen.Id("b")), jen.Lit(fmt.Sprintf("%d bytes", tp.n)))),
			),
			jen.Return(jen.Id(t).Call(jen.Id("b")), jen.Nil()),
		)
		f.Line()
	}
}

// decodeInto returns the body of a parser with named results (id T, err
// error) that decodes input straight into id with the decoder decode.
func (tp *textPkg) decodeInto(decode string, input jen.Code) []jen.Code {
	return []jen.Code{
		jen.If(jen.Err().Op(":=").Id(decode).Call(tp.arrayOf("id"), input), jen.Err().Op("!=").Nil()).Block(
			jen.Return(zero(tp.p), jen.Err()),
		),
		jen.Return(jen.Id("id"), jen.Nil()),
	}
}

// arrayOf returns (*[n]byte)(&name) for a variable of the ID type.
func (tp *textPkg) arrayOf(name string) *jen.Statement {
	return jen.Parens(jen.Op("*").Index(jen.Lit(tp.n)).Byte()).Call(jen.Op("&").Id(name))
}

// int64Decode returns the body of a parser of an int64 ID that decodes
// input, text in the form what names, with the decoder decode.
func (tp *textPkg) int64Decode(decode, what string, input jen.Code) []jen.Code {
	return []jen.Code{
		jen.Var().Id("b").Index(jen.Lit(8)).Byte(),
		jen.If(jen.Err().Op(":=").Id(decode).Call(jen.Op("&").Id("b"), input), jen.Err().Op("!=").Nil()).Block(
			jen.Return(jen.Lit(0), jen.Err()),
		),
		jen.Return(jen.Id("fromBigEndian").Call(jen.Id("b"), jen.Lit(what), jen.Len(input))),
	}
}

// exampleText returns the canonical text of an example ID for doc comments.
func (tp *textPkg) exampleText() string {
	switch {
	case tp.p.Text == "uuid":
		return "f81d4fae-7dec-11d0-a765-00a0c91e6bf6"
	case tp.p.Text == "decimal":
		return "1541815603606036480"
	}
	form, _ := tp.canonicalForm()
	// An ID whose bytes run 01 23 45 67 89 ab cd ef and over again.
	pattern := []byte{0x01, 0x23, 0x45, 0x67, 0x89, 0xab, 0xcd, 0xef}
	x := new(big.Int)
	for i := 0; i < tp.n; i++ {
		x.Lsh(x, 8)
		x.Or(x, big.NewInt(int64(pattern[i%len(pattern)])))
	}
	if tp.p.declared() {
		return tp.enc.EncodeToString(x.FillBytes(make([]byte, tp.n)))
	}
	digits := form.digits
	out := make([]byte, form.width)
	radix := big.NewInt(int64(len(digits)))
	d := new(big.Int)
	for i := len(out) - 1; i >= 0; i-- {
		x.DivMod(x, radix, d)
		out[i] = digits[d.Int64()]
	}
	return string(out)
}

func (tp *textPkg) uuidParseBody() []jen.Code {
	s := func(i int) *jen.Statement { return elem("s", i) }
	syntax := func(pos jen.Code, char jen.Code) jen.Code {
		return jen.Return(syntaxLit(jen.Lit("UUID"), pos, char))
	}
	return []jen.Code{
		jen.Switch(jen.Len(jen.Id("s"))).Block(
			jen.Case(jen.Lit(36)).Block(jen.Return(jen.Id("decodeUUID").Call(jen.Id("id"), jen.Id("s")))),
			jen.Case(jen.Lit(32)).Block(jen.Return(jen.Id("decodeHex").Call(jen.Id("id"), jen.Id("s")))),
			jen.Case(jen.Lit(38)).Block(
				jen.If(s(0).Op("!=").LitRune('{')).Block(syntax(jen.Lit(0), s(0))),
				jen.If(s(37).Op("!=").LitRune('}')).Block(syntax(jen.Lit(37), s(37))),
				jen.Return(jen.Id("shiftError").Call(jen.Id("decodeUUID").Call(jen.Id("id"), span("s", 1, 37)), jen.Lit(1), jen.Len(jen.Id("s")))),
			),
			jen.Case(jen.Lit(45)).Block(
				jen.For(jen.Id("i").Op(":=").Lit(0), jen.Id("i").Op("<").Lit(9), jen.Id("i").Op("++")).Block(
					jen.Id("c").Op(":=").Id("s").Index(jen.Id("i")),
					jen.If(jen.LitRune('A').Op("<=").Id("c").Op("&&").Id("c").Op("<=").LitRune('Z')).Block(
						jen.Id("c").Op("+=").LitRune('a').Op("-").LitRune('A'),
					),
					jen.If(jen.Id("c").Op("!=").Lit("urn:uuid:").Index(jen.Id("i"))).Block(syntax(jen.Id("i"), jen.Id("s").Index(jen.Id("i")))),
				),
				jen.Return(jen.Id("shiftError").Call(jen.Id("decodeUUID").Call(jen.Id("id"), jen.Id("s").Index(jen.Lit(9), jen.Empty())), jen.Lit(9), jen.Len(jen.Id("s")))),
			),
		),
		jen.Return(jen.Id("errLength").Call(jen.Lit("UUID text"), jen.Len(jen.Id("s")), jen.Lit("36, 32, 38 or 45"))),
	}
}

func (tp *textPkg) emitMarshalling(f *jen.File) {
	t := tp.t
	bParam := []jen.Code{jen.Id("b").Index().Byte()}
	bytesErr := []jen.Code{jen.Index().Byte(), jen.Error()}
	w := tp.canonicalWidth()
	// setFrom returns the statements that parse input with parseText and
	// store the ID in *id; wrap adjusts the error.
	setFrom := func(input jen.Code, wrap func(jen.Code) jen.Code) []jen.Code {
		var out []jen.Code
		if tp.p.Int64 {
			out = append(out,
				jen.List(jen.Id("v"), jen.Err()).Op(":=").Id("parseText").Call(input),
				jen.If(jen.Err().Op("!=").Nil()).Block(jen.Return(wrap(jen.Err()))),
			)
		} else {
			out = append(out,
				jen.Var().Id("v").Id(t),
				jen.If(jen.Err().Op(":=").Id("parseText").Call(tp.arrayOf("v"), input), jen.Err().Op("!=").Nil()).Block(jen.Return(wrap(jen.Err()))),
			)
		}
		return append(out, jen.Op("*").Id("id").Op("=").Id("v"), jen.Return(jen.Nil()))
	}
	same := func(err jen.Code) jen.Code { return err }

	tp.method(f, "MarshalText returns the canonical text form of id, as String writes it. It\nimplements encoding.TextMarshaler.",
		"MarshalText", nil, bytesErr,
		jen.Return(jen.Id("id").Dot("AppendText").Call(jen.Make(jen.Index().Byte(), jen.Lit(0), jen.Lit(w)))))
	tp.ptrMethod(f, "UnmarshalText sets *id from text in any form Parse accepts, leaving *id\nunchanged on error. It implements encoding.TextUnmarshaler.",
		"UnmarshalText", bParam, setFrom(jen.String().Call(jen.Id("b")), same)...)

	binDoc := fmt.Sprintf("the %d bytes of id", tp.n)
	appendBinary := jen.Append(jen.Id("b"), jen.Id("id").Index(jen.Empty(), jen.Empty()).Op("..."))
	if tp.p.Int64 {
		binDoc = "the 8 bytes of id, big-endian"
		appendBinary = jen.Qual("encoding/binary", "BigEndian").Dot("AppendUint64").Call(jen.Id("b"), jen.Uint64().Call(jen.Id("id")))
	}
	tp.method(f, fmt.Sprintf("AppendBinary appends %s to b and returns the extended slice.\nIt implements encoding.BinaryAppender.", binDoc),
		"AppendBinary", bParam, bytesErr, jen.Return(appendBinary, jen.Nil()))
	tp.method(f, fmt.Sprintf("MarshalBinary returns %s. It implements\nencoding.BinaryMarshaler.", binDoc),
		"MarshalBinary", nil, bytesErr,
		jen.Return(jen.Id("id").Dot("AppendBinary").Call(jen.Make(jen.Index().Byte(), jen.Lit(0), jen.Lit(tp.n)))))
	tp.ptrMethod(f, "UnmarshalBinary sets *id from bytes as FromBytes reads them, leaving *id\nunchanged on error. It implements encoding.BinaryUnmarshaler.",
		"UnmarshalBinary", bParam,
		jen.List(jen.Id("v"), jen.Err()).Op(":=").Id("FromBytes").Call(jen.Id("b")),
		jen.If(jen.Err().Op("!=").Nil()).Block(jen.Return(jen.Err())),
		jen.Op("*").Id("id").Op("=").Id("v"),
		jen.Return(jen.Nil()),
	)

	jsonDoc := "MarshalJSON writes id as a JSON string of its canonical text form. It\nimplements json.Marshaler."
	if tp.p.Text == "decimal" {
		jsonDoc = "MarshalJSON writes id as a JSON string of its decimal form, such as\n\"1541815603606036480\", not as a JSON number: JavaScript reads numbers as\nfloat64, which holds integers exactly only up to 2^53, and IDs are larger.\nIt implements json.Marshaler."
	}
	tp.method(f, jsonDoc, "MarshalJSON", nil, bytesErr,
		jen.Id("b").Op(":=").Make(jen.Index().Byte(), jen.Lit(0), jen.Lit(w+2)),
		jen.Id("b").Op("=").Append(jen.Id("b"), jen.LitRune('"')),
		jen.List(jen.Id("b"), jen.Id("_")).Op("=").Id("id").Dot("AppendText").Call(jen.Id("b")),
		jen.Return(jen.Append(jen.Id("b"), jen.LitRune('"')), jen.Nil()),
	)
	numberNote := ""
	jsonBody := []jen.Code{
		jen.If(jen.String().Call(jen.Id("data")).Op("==").Lit("null")).Block(jen.Return(jen.Nil())),
	}
	if tp.p.Int64 {
		// APIs often send int64 IDs as JSON numbers: read an integer written
		// in decimal, as Parse reads it.
		numberNote = " A JSON\nnumber is read too when it is an integer written out in decimal, as Parse\nreads it (1.5e3 is an error matching ErrSyntax); note that one that\npassed through JavaScript may have lost digits above 2^53."
		jsonBody = append(jsonBody, jen.If(jen.Len(jen.Id("data")).Op(">").Lit(0).Op("&&").Parens(
			jen.Id("data").Index(jen.Lit(0)).Op("==").LitRune('-').Op("||").LitRune('0').Op("<=").Id("data").Index(jen.Lit(0)).Op("&&").Id("data").Index(jen.Lit(0)).Op("<=").LitRune('9'))).Block(
			setFrom(jen.String().Call(jen.Id("data")), same)...,
		))
	}
	jsonBody = append(jsonBody,
		jen.If(jen.Len(jen.Id("data")).Op("==").Lit(0).Op("||").Id("data").Index(jen.Lit(0)).Op("!=").LitRune('"')).Block(
			jen.Return(jen.Qual("fmt", "Errorf").Call(jen.Lit("%w: the JSON value is not a string"), jen.Id("ErrType"))),
		),
		jen.List(jen.Id("text"), jen.Id("raw"), jen.Err()).Op(":=").Qual(idrtPath, "UnquoteJSON").Call(jen.Id("data")),
		jen.If(jen.Err().Op("!=").Nil()).Block(
			jen.Return(jen.Qual("fmt", "Errorf").Call(jen.Lit("%w: %w"), jen.Id("ErrSyntax"), jen.Err())),
		),
	)
	// The position of an error in text is one less than in data when text
	// is the bytes between data's quotes (raw); an escaped string's is a
	// position in its value.
	shift := jen.If(jen.Id("raw")).Block(jen.Err().Op("=").Id("shiftError").Call(jen.Err(), jen.Lit(1), jen.Len(jen.Id("data"))))
	if tp.p.Int64 {
		jsonBody = append(jsonBody,
			jen.List(jen.Id("v"), jen.Err()).Op(":=").Id("parseText").Call(jen.String().Call(jen.Id("text"))),
			jen.If(jen.Err().Op("!=").Nil()).Block(shift, jen.Return(jen.Err())),
		)
	} else {
		jsonBody = append(jsonBody,
			jen.Var().Id("v").Id(t),
			jen.If(jen.Err().Op(":=").Id("parseText").Call(tp.arrayOf("v"), jen.String().Call(jen.Id("text"))), jen.Err().Op("!=").Nil()).Block(shift, jen.Return(jen.Err())),
		)
	}
	jsonBody = append(jsonBody, jen.Op("*").Id("id").Op("=").Id("v"), jen.Return(jen.Nil()))
	tp.ptrMethod(f, "UnmarshalJSON sets *id from a JSON string in any form Parse accepts, read\nas encoding/json reads a string, escapes and all. It implements\njson.Unmarshaler. JSON null leaves *id unchanged and returns nil, as\nencoding/json does for null; use "+tp.null+" to tell null apart."+numberNote+"\nAny other JSON value is an error matching ErrType, and a string that is\nnot valid JSON one matching ErrSyntax.",
		"UnmarshalJSON", []jen.Code{jen.Id("data").Index().Byte()}, jsonBody...)
}

func (tp *textPkg) emitSQL(f *jen.File) {
	t := tp.t
	var cases []jen.Code
	var doc, valueDoc string
	var value jen.Code
	if tp.p.Int64 {
		intCase := []jen.Code{}
		if !tp.signed {
			intCase = append(intCase, jen.If(jen.Id("src").Op("<").Lit(0)).Block(
				jen.Return(jen.Qual("fmt", "Errorf").Call(jen.Lit("%w: %d is negative, and IDs never are"), jen.Id("ErrOverflow"), jen.Id("src"))),
			))
		}
		intCase = append(intCase, jen.Id("v").Op("=").Id(t).Call(jen.Id("src")))
		cases = []jen.Code{
			jen.Case(jen.Int64()).Block(intCase...),
			jen.Case(jen.String()).Block(jen.List(jen.Id("v"), jen.Err()).Op("=").Id("parseText").Call(jen.Id("src"))),
			jen.Case(jen.Index().Byte()).Block(
				jen.List(jen.Id("v"), jen.Err()).Op("=").Id("parseText").Call(jen.String().Call(jen.Id("src"))),
				jen.If(jen.Err().Op("!=").Nil().Op("&&").Len(jen.Id("src")).Op("==").Lit(8)).Block(
					jen.Comment("Not decimal text: the 8 big-endian bytes MarshalBinary writes."),
					jen.Err().Op("=").Id("v").Dot("UnmarshalBinary").Call(jen.Id("src")),
				),
			),
		}
		doc = "Scan sets *id from a database value, leaving *id unchanged on error. It\nimplements sql.Scanner and accepts an int64, as a BIGINT column gives, a\nstring or []byte in decimal, as Parse reads it, or the 8 bytes\nMarshalBinary writes, for a binary column. Eight bytes that are all\ndecimal digits read as decimal."
		valueDoc = "Value returns id as an int64, for a BIGINT column. It implements\ndriver.Valuer."
		value = jen.Int64().Call(jen.Id("id"))
	} else {
		cases = []jen.Code{
			jen.Case(jen.String()).Block(jen.Err().Op("=").Id("parseText").Call(tp.arrayOf("v"), jen.Id("src"))),
			jen.Case(jen.Index().Byte()).Block(
				jen.If(jen.Len(jen.Id("src")).Op("==").Id("Size")).Block(
					jen.Comment("Raw bytes: no text form is this short."),
					jen.Id("v").Op("=").Id(t).Call(jen.Id("src")),
				).Else().If(jen.Err().Op("=").Id("parseText").Call(tp.arrayOf("v"), jen.String().Call(jen.Id("src"))), jen.Qual("errors", "Is").Call(jen.Err(), jen.Id("ErrLength"))).Block(
					jen.Comment("Neither raw bytes nor text of any length Parse reads: say so in bytes."),
					jen.Err().Op("=").Qual("fmt", "Errorf").Call(jen.Lit(fmt.Sprintf("%%w: %%d bytes, want %d raw bytes or text Parse reads", tp.n)), jen.Id("ErrLength"), jen.Len(jen.Id("src"))),
				),
			),
		}
		col := "BINARY(16) or bytea"
		if tp.n != 16 {
			col = fmt.Sprintf("BINARY(%d) or bytea", tp.n)
		}
		doc = fmt.Sprintf("Scan sets *id from a database value, leaving *id unchanged on error. It\nimplements sql.Scanner and accepts a string or []byte in any form Parse\naccepts, or a []byte of exactly %d raw bytes, as a %s column gives.", tp.n, col)
		valueDoc = "Value returns the canonical text form of id, as String writes it, for a\ntext column. It implements driver.Valuer."
		if tp.p.Text == "uuid" {
			valueDoc = "Value returns the canonical text form of id, as String writes it, for a\ntext column or PostgreSQL's uuid type. It implements driver.Valuer."
		}
		value = jen.Id("id").Dot("String").Call()
	}
	doc += fmt.Sprintf("\n\nA NULL is an error matching ErrNull: scan nullable columns into a\n%s. An empty string is an error matching ErrLength, like any text\nof the wrong length; %s is stored as the value it is, never as NULL.", tp.null, nilName(tp))
	cases = append(cases,
		jen.Case(jen.Nil()).Block(jen.Return(jen.Qual("fmt", "Errorf").Call(jen.Lit("%w: cannot scan NULL into "+tp.q+"; use "+tp.null), jen.Id("ErrNull")))),
		jen.Default().Block(jen.Return(jen.Qual("fmt", "Errorf").Call(jen.Lit("%w: cannot scan %T into "+tp.q), jen.Id("ErrType"), jen.Id("src")))),
	)
	tp.ptrMethod(f, doc, "Scan", []jen.Code{jen.Id("src").Any()},
		jen.Var().Id("v").Id(t),
		jen.Var().Err().Error(),
		jen.Switch(jen.Id("src").Op(":=").Id("src").Assert(jen.Type())).Block(cases...),
		jen.If(jen.Err().Op("!=").Nil()).Block(jen.Return(jen.Err())),
		jen.Op("*").Id("id").Op("=").Id("v"),
		jen.Return(jen.Nil()),
	)
	tp.method(f, valueDoc, "Value", nil, []jen.Code{jen.Qual("database/sql/driver", "Value"), jen.Error()},
		jen.Return(value, jen.Nil()))
}

func nilName(tp *textPkg) string {
	if tp.p.Int64 {
		return "the zero ID"
	}
	return "Nil"
}

func (tp *textPkg) emitNull(f *jen.File) {
	t, null := tp.t, tp.null
	writeDocf(f, "%s is %s that may be NULL in a database or null in JSON. Its zero value\nis NULL. It implements sql.Scanner, driver.Valuer, json.Marshaler and\njson.Unmarshaler.", null, an(t))
	f.Type().Id(null).Struct(
		jen.Id(t).Id(t),
		jen.Id("Valid").Bool().Comment(fmt.Sprintf("Valid is true if %s is not NULL", t)),
	)
	f.Line()
	recv := func(ptr bool) *jen.Statement {
		if ptr {
			return jen.Params(jen.Id("n").Op("*").Id(null))
		}
		return jen.Params(jen.Id("n").Id(null))
	}
	writeDoc(f, fmt.Sprintf("Scan sets n from a database value: NULL makes it invalid, and anything else\nis scanned as %s.Scan scans it. On error n is unchanged.", t))
	f.Func().Add(recv(true)).Id("Scan").Params(jen.Id("src").Any()).Error().Block(
		jen.If(jen.Id("src").Op("==").Nil()).Block(
			jen.Op("*").Id("n").Op("=").Id(null).Values(),
			jen.Return(jen.Nil()),
		),
		jen.If(jen.Err().Op(":=").Id("n").Dot(t).Dot("Scan").Call(jen.Id("src")), jen.Err().Op("!=").Nil()).Block(jen.Return(jen.Err())),
		jen.Id("n").Dot("Valid").Op("=").True(),
		jen.Return(jen.Nil()),
	)
	f.Line()
	writeDoc(f, fmt.Sprintf("Value returns nil, a NULL, if n is invalid, and otherwise what %s.Value\nreturns.", t))
	f.Func().Add(recv(false)).Id("Value").Params().Params(jen.Qual("database/sql/driver", "Value"), jen.Error()).Block(
		jen.If(jen.Op("!").Id("n").Dot("Valid")).Block(jen.Return(jen.Nil(), jen.Nil())),
		jen.Return(jen.Id("n").Dot(t).Dot("Value").Call()),
	)
	f.Line()
	writeDoc(f, fmt.Sprintf("MarshalJSON writes null if n is invalid, and otherwise what\n%s.MarshalJSON writes.", t))
	f.Func().Add(recv(false)).Id("MarshalJSON").Params().Params(jen.Index().Byte(), jen.Error()).Block(
		jen.If(jen.Op("!").Id("n").Dot("Valid")).Block(jen.Return(jen.Index().Byte().Call(jen.Lit("null")), jen.Nil())),
		jen.Return(jen.Id("n").Dot(t).Dot("MarshalJSON").Call()),
	)
	f.Line()
	writeDoc(f, fmt.Sprintf("UnmarshalJSON sets n from JSON: null makes it invalid, and any other value\nis read as %s.UnmarshalJSON reads it. On error n is unchanged.", t))
	f.Func().Add(recv(true)).Id("UnmarshalJSON").Params(jen.Id("data").Index().Byte()).Error().Block(
		jen.If(jen.String().Call(jen.Id("data")).Op("==").Lit("null")).Block(
			jen.Op("*").Id("n").Op("=").Id(null).Values(),
			jen.Return(jen.Nil()),
		),
		jen.If(jen.Err().Op(":=").Id("n").Dot(t).Dot("UnmarshalJSON").Call(jen.Id("data")), jen.Err().Op("!=").Nil()).Block(jen.Return(jen.Err())),
		jen.Id("n").Dot("Valid").Op("=").True(),
		jen.Return(jen.Nil()),
	)
	f.Line()
}
