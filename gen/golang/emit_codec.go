package golang

import (
	"fmt"
	"math/big"
	"strings"

	"github.com/dave/jennifer/jen"

	"github.com/idforge/idforge/encodings"
)

// The fixed-width codecs: Base62, Crockford base32, hex and most declared
// canonical texts, emitted as unexported functions specialised to the ID's
// size. They produce exactly what the generic codecs of package encodings
// produce for the same bytes, and accept exactly what those accept, but
// the size being a constant lets every loop over limbs, groups and digits
// be written out: the generated code does only the arithmetic that the
// size needs, on values whose bounds the generator worked out, with no
// bounds checks.
//
// Every encoder has the shape encodeX(out *[W]byte, id *[N]byte) and every
// decoder decodeX(id *[N]byte, s string) error.

// hexAlphabet is the digits of hex; Base62's and Crockford's come from
// package encodings (base62Form, crockfordForm).
const hexAlphabet = "0123456789abcdef"

// base62Width returns the number of Base62 digits for n bytes.
func base62Width(n int) int { return base62Form.enc.DigitLen(n) }

// crockfordWidth returns the number of Crockford digits for n bytes.
func crockfordWidth(n int) int { return crockfordForm.enc.DigitLen(n) }

// emitCodecs writes the codecs every package uses, and those its canonical
// form needs.
func emitCodecs(f *jen.File, p *Package) error {
	n := p.size()
	emitSyntaxErrorHelper(f)
	emitHexCodec(f, n)
	if p.Text == "uuid" {
		emitUUIDCodec(f)
	}
	emitRadixCodec(f, n, base62Form)
	emitBase32Codec(f, n, crockfordForm)
	if p.Text == "decimal" {
		emitDecimalCodec(f, p)
	}
	if p.declared() {
		e := p.text().Encoding
		form := codecForm{enc: e, name: "text", fn: "Text"}
		switch s := e.Spec(); {
		case s.Check:
			emitDeclaredCodec(f, e, n)
		case len(s.Digits) == 32:
			emitBase32Codec(f, n, form)
		case !s.Bits:
			emitRadixCodec(f, n, form)
		default:
			emitDeclaredCodec(f, e, n)
		}
	}
	return nil
}

// emitDeclaredCodec writes the codec of a text form declared as data that
// the package does not write out for its size (a check symbol, or bits
// written from the top in a base other than 32): the encoding's Spec,
// from which package encodings builds the codec once, and the encoder and
// decoder the text API calls, which turn the codec's errors into the
// package's.
func emitDeclaredCodec(f *jen.File, e *encodings.Encoding, n int) {
	s, width := e.Spec(), e.EncodedLen(n)
	spec := []jen.Code{
		jen.Id("Name").Op(":").Lit(s.Name),
		jen.Id("Title").Op(":").Lit(s.Title),
		jen.Id("Digits").Op(":").Lit(s.Digits),
	}
	for _, o := range []struct {
		name string
		on   bool
	}{{"Fold", s.Fold}, {"Bits", s.Bits}, {"Check", s.Check}} {
		if o.on {
			spec = append(spec, jen.Id(o.name).Op(":").True())
		}
	}
	if s.Aliases != "" {
		spec = append(spec, jen.Id("Aliases").Op(":").Lit(s.Aliases))
	}
	writeDoc(f, fmt.Sprintf("textEncoding is the package's text form, %s, declared as data: package\nencodings builds its codec from the Spec.", s.Title))
	f.Var().Id("textEncoding").Op("=").Func().Params().Op("*").Qual(encodingsPath, "Encoding").Block(
		jen.List(jen.Id("e"), jen.Err()).Op(":=").Qual(encodingsPath, "New").Call(jen.Qual(encodingsPath, "Spec").Values(spec...)),
		jen.If(jen.Err().Op("!=").Nil()).Block(jen.Panic(jen.Err())),
		jen.Return(jen.Id("e")),
	).Call()
	f.Line()
	writeDoc(f, fmt.Sprintf("encodeText writes id in the %s form into out.", s.Title))
	encoderFunc(f, "encodeText", width, n, []jen.Code{
		jen.Id("textEncoding").Dot("AppendEncode").Call(jen.Id("out").Index(jen.Empty(), jen.Lit(0)), jen.Id("id").Index(jen.Empty(), jen.Empty())),
	})
	writeDoc(f, fmt.Sprintf("decodeText reads s, in the %s form, into id.", s.Title))
	decoderFunc(f, "decodeText", n, []jen.Code{
		lengthCheck(s.Title, width, n),
		jen.List(jen.Id("_"), jen.Err()).Op(":=").Id("textEncoding").Dot("AppendDecodeString").Call(jen.Id("id").Index(jen.Empty(), jen.Lit(0)), jen.Id("s")),
		jen.If(jen.Err().Op("==").Nil()).Block(jen.Return(jen.Nil())),
		jen.Var().Id("bad").Qual(encodingsPath, "InvalidCharError"),
		jen.If(jen.Qual("errors", "As").Call(jen.Err(), jen.Op("&").Id("bad"))).Block(
			jen.Return(syntaxLit(jen.Lit(s.Title), jen.Id("bad").Dot("Pos"), jen.Id("bad").Dot("Char"))),
		),
		jen.Return(jen.Id("errOverflow").Call(jen.Lit(s.Title), jen.Len(jen.Id("s")))),
	})
}

// encodingsPath is the import path of package encodings.
const encodingsPath = "github.com/idforge/idforge/encodings"

// elem returns name[i].
func elem(name string, i int) *jen.Statement { return jen.Id(name).Index(jen.Lit(i)) }

// span returns name[lo:hi].
func span(name string, lo, hi int) *jen.Statement {
	return jen.Id(name).Index(jen.Lit(lo), jen.Lit(hi))
}

// arrayPtr returns (*[n]byte)(name[lo:lo+n]).
func arrayPtr(name string, lo, n int) *jen.Statement {
	return jen.Parens(jen.Op("*").Index(jen.Lit(n)).Byte()).Call(span(name, lo, lo+n))
}

// limb returns the name of the i-th 64-bit limb, x0 the least significant.
func limb(i int) string { return fmt.Sprintf("x%d", i) }

// tableLiteral renders a decode table as the body of a [256]byte literal,
// sixteen entries a line: each byte that digit reads (a digit, in either
// case where the encoding folds it, or an alias) maps to its value, every
// other byte to 0xff.
func tableLiteral(digit func(c byte) (byte, bool)) jen.Code {
	var t [256]byte
	for c := range t {
		t[c] = 0xff
		if v, ok := digit(byte(c)); ok {
			t[c] = v
		}
	}
	var b strings.Builder
	b.WriteString("\n")
	for row := 0; row < 256; row += 16 {
		for i := row; i < row+16; i++ {
			if i > row {
				b.WriteString(" ")
			}
			fmt.Fprintf(&b, "%#02x,", t[i])
		}
		b.WriteString("\n")
	}
	return jen.Id(strings.ReplaceAll(b.String(), "0x0,", "0x00,"))
}

// emitTable writes a decode table of what digit reads.
func emitTable(f *jen.File, name string, digit func(c byte) (byte, bool), doc string) {
	writeDoc(f, doc)
	f.Var().Id(name).Op("=").Index(jen.Lit(256)).Byte().Values(tableLiteral(digit))
	f.Line()
}

// emitSyntaxErrorHelper writes the function that finds the first character
// a decoder rejected, and the one that moves a SyntaxError's position.
func emitSyntaxErrorHelper(f *jen.File) {
	writeDoc(f, "syntaxError returns the *SyntaxError for the first byte of s that table\nmaps to 0xff. The decoders call it once they know that there is one.")
	f.Func().Id("syntaxError").Params(
		jen.Id("form"), jen.Id("s").String(), jen.Id("table").Op("*").Index(jen.Lit(256)).Byte(),
	).Error().Block(
		jen.For(jen.Id("i").Op(":=").Lit(0), jen.Id("i").Op("<").Len(jen.Id("s")), jen.Id("i").Op("++")).Block(
			jen.If(jen.Id("table").Index(jen.Id("s").Index(jen.Id("i"))).Op("==").Id("0xff")).Block(
				jen.Return(syntaxLit(jen.Id("form"), jen.Id("i"), jen.Id("s").Index(jen.Id("i")))),
			),
		),
		jen.Return(jen.Op("&").Id("SyntaxError").Values(jen.Dict{jen.Id("Form"): jen.Id("form"), jen.Id("Len"): jen.Len(jen.Id("s"))})),
	)
	f.Line()
	writeDoc(f, "shiftError adds n to the position of err if it is a *SyntaxError, as the\ndecoders return them, for errors from decoding a part of the input that\nstarts at offset n, and gives it the whole input's length.")
	f.Func().Id("shiftError").Params(jen.Id("err").Error(), jen.List(jen.Id("n"), jen.Id("length")).Int()).Error().Block(
		jen.If(jen.List(jen.Id("se"), jen.Id("ok")).Op(":=").Id("err").Assert(jen.Op("*").Id("SyntaxError")), jen.Id("ok")).Block(
			jen.Id("se").Dot("Pos").Op("+=").Id("n"),
			jen.Id("se").Dot("Len").Op("=").Id("length"),
		),
		jen.Return(jen.Id("err")),
	)
	f.Line()
}

// syntaxLit returns &SyntaxError{Form: form, Pos: pos, Char: char, Len:
// len(s)}, for input s.
func syntaxLit(form, pos, char jen.Code) *jen.Statement {
	return jen.Op("&").Id("SyntaxError").Values(
		jen.Id("Form").Op(":").Add(form), jen.Id("Pos").Op(":").Add(pos), jen.Id("Char").Op(":").Add(char), jen.Id("Len").Op(":").Len(jen.Id("s")))
}

// lengthCheck returns the statement that rejects input of the wrong length.
func lengthCheck(form string, width, n int) jen.Code {
	return jen.If(jen.Len(jen.Id("s")).Op("!=").Lit(width)).Block(
		jen.Return(jen.Id("errLength").Call(jen.Lit(form+" text"), jen.Len(jen.Id("s")), jen.Lit(fmt.Sprint(width)))),
	)
}

// badCheck returns the statement that reports the first invalid character
// when the OR of the decode-table entries, bad, has its top bit set.
func badCheck(form, table string, n int) jen.Code {
	return jen.If(jen.Id("bad").Op("&").Id("0x80").Op("!=").Lit(0)).Block(
		jen.Return(jen.Id("syntaxError").Call(jen.Lit(form), jen.Id("s"), jen.Op("&").Id(table))),
	)
}

// decoderFunc declares func name(id *[n]byte, s string) error. A decoder
// writes into id, the caller's variable, rather than returning an array: a
// copy of what it has just written, in other sizes of stores, would have to
// wait for them to reach the cache. On error id holds garbage.
//
// The decoders take strings only. Generic ones, over strings and byte
// slices, would spare UnmarshalText a copy of long input, but the compiler
// does not carry what it knows about a generic function's pointer arguments
// across packages: a Parse inlined into its caller would move the ID to the
// heap.
func decoderFunc(f *jen.File, name string, n int, body []jen.Code) {
	f.Func().Id(name).Params(jen.Id("id").Op("*").Index(jen.Lit(n)).Byte(), jen.Id("s").String()).Error().Block(body...)
	f.Line()
}

// encoderFunc declares func name(out *[width]byte, id *[n]byte).
func encoderFunc(f *jen.File, name string, width, n int, body []jen.Code) {
	f.Func().Id(name).Params(jen.Id("out").Op("*").Index(jen.Lit(width)).Byte(), jen.Id("id").Op("*").Index(jen.Lit(n)).Byte()).Block(body...)
	f.Line()
}

// --- Reading an ID as words ---
//
// The encoders read the ID as big-endian words of up to 8 bytes and cut the
// bit fields they need out of the words in registers. The words are laid
// out to match how Go copies an array of the ID's size, as a caller does
// when it passes one: a load that spans two of the copy's stores cannot take
// its data from them (store-to-load forwarding fails) and waits for them to
// reach the cache. Go copies 8n bytes and sizes up to 16 from the front, in
// 8-byte moves and a shorter tail; sizes between 16 and 32 as two 16-byte
// moves, one at each end. For those the words are aligned to the end, with
// the odd bytes at the front.

// idChunk is a word of the ID: bytes [start, start+size).
type idChunk struct{ start, size int }

// idWords returns the words an n-byte ID is read as, most significant first.
func idWords(n int) []idChunk {
	var words []idChunk
	if n > 16 && n < 32 && n%8 != 0 {
		words = append(words, idChunk{0, n % 8})
		for at := n % 8; at < n; at += 8 {
			words = append(words, idChunk{at, 8})
		}
		return words
	}
	for at := 0; at < n; at += 8 {
		words = append(words, idChunk{at, min(8, n-at)})
	}
	return words
}

// loadWords returns the statements that load the words of id into w0, w1,
// and so on.
func loadWords(n int) []jen.Code {
	var out []jen.Code
	for k, w := range idWords(n) {
		out = append(out, jen.Id(fmt.Sprintf("w%d", k)).Op(":=").Add(loadUint("id", w.start, w.size)))
	}
	return out
}

// bitField returns an expression for bits [a, b) of an n-byte ID, counted
// from its most significant bit, as a uint64 cut out of the words. b-a is at
// most 64.
func bitField(n, a, b int) *jen.Statement {
	var terms []jen.Code
	for k, w := range idWords(n) {
		lo, hi := max(a, 8*w.start), min(b, 8*(w.start+w.size))
		if lo >= hi {
			continue
		}
		// Bits [lo, hi) of the ID are bits [lo, hi) of word k, whose last
		// bit is bit 8*(start+size)-1 of the ID.
		x := jen.Id(fmt.Sprintf("w%d", k))
		if sh := 8*(w.start+w.size) - hi; sh > 0 {
			x = x.Op(">>").Lit(sh)
		}
		if lo > 8*w.start {
			x = x.Op("&").Id(mask(hi - lo))
		}
		if sh := b - hi; sh > 0 {
			x = jen.Parens(x).Op("<<").Lit(sh)
		}
		terms = append(terms, x)
	}
	if len(terms) == 1 {
		if s, ok := terms[0].(*jen.Statement); ok {
			return s
		}
	}
	return joinOp("|", terms)
}

// --- Hex ---

// hexWord returns hex8(id[lo : lo+4]).
func hexWord(lo int) *jen.Statement {
	return jen.Id("hex8").Call(span("id", lo, lo+4))
}

func putUint(bits int, dst *jen.Statement, val jen.Code) *jen.Statement {
	return jen.Qual("encoding/binary", "BigEndian").Dot(fmt.Sprintf("PutUint%d", bits)).Call(dst, val)
}

func emitHexCodec(f *jen.File, n int) {
	w := 2 * n
	emitTable(f, "hexDecode", builtinForm("hex", "Hex").enc.Digit,
		"hexDecode maps each hex digit, in either case, to its value and every\nother byte to 0xff.")
	if n == 16 {
		writeDoc(f, "encodeHex writes id as 32 lower-case hex digits into out, with the\nruntime's encoder (SSE2 on amd64).")
		encoderFunc(f, "encodeHex", w, n, []jen.Code{jen.Qual(idrtPath, "EncodeHex16").Call(jen.Id("out"), jen.Id("id"))})
	} else {
		emitHexEncoder(f, n)
	}

	writeDoc(f, "hexHigh and hexLow map each hex digit to its value as the high and as the\nlow nibble of a byte, and every other byte to 0x100, so that one OR makes a\nbyte of two digits and flags it if either is not a digit.")
	f.Var().List(jen.Id("hexHigh"), jen.Id("hexLow")).Op("=").Func().Params().Params(jen.List(jen.Id("high"), jen.Id("low")).Index(jen.Lit(256)).Uint16()).Block(
		jen.For(jen.List(jen.Id("c"), jen.Id("v")).Op(":=").Range().Id("hexDecode")).Block(
			jen.List(jen.Id("high").Index(jen.Id("c")), jen.Id("low").Index(jen.Id("c"))).Op("=").Id("0x100").Op(",").Id("0x100"),
			jen.If(jen.Id("v").Op("!=").Id("0xff")).Block(
				jen.List(jen.Id("high").Index(jen.Id("c")), jen.Id("low").Index(jen.Id("c"))).Op("=").Uint16().Call(jen.Id("v")).Op("<<").Lit(4).Op(",").Uint16().Call(jen.Id("v")),
			),
		),
		jen.Return(jen.Id("high"), jen.Id("low")),
	).Call()
	f.Line()

	writeDoc(f, "hexByte returns the byte that the hex digits hi and lo denote. It ORs\ntheir table entries into *bad, whose bit 8 is then set if either is not a\nhex digit.")
	f.Func().Id("hexByte").Params(jen.List(jen.Id("hi"), jen.Id("lo")).Byte(), jen.Id("bad").Op("*").Uint16()).Byte().Block(
		jen.Id("x").Op(":=").Id("hexHigh").Index(jen.Id("hi")).Op("|").Id("hexLow").Index(jen.Id("lo")),
		jen.Op("*").Id("bad").Op("|=").Id("x"),
		jen.Return(jen.Byte().Call(jen.Id("x"))),
	)
	f.Line()

	dec := []jen.Code{lengthCheck("hex", w, n), jen.Var().Id("bad").Uint16()}
	for i := 0; i < n; i++ {
		dec = append(dec, elem("id", i).Op("=").Id("hexByte").Call(elem("s", 2*i), elem("s", 2*i+1), jen.Op("&").Id("bad")))
	}
	dec = append(dec, jen.If(jen.Id("bad").Op("&").Id("0x100").Op("!=").Lit(0)).Block(
		jen.Return(jen.Id("syntaxError").Call(jen.Lit("hex"), jen.Id("s"), jen.Op("&").Id("hexDecode"))),
	), jen.Return(jen.Nil()))
	writeDocf(f, "decodeHex reads %d hex digits, in either case.", w)
	decoderFunc(f, "decodeHex", n, dec)
}

// emitHexEncoder writes the table-driven hex encoder of an n-byte ID.
func emitHexEncoder(f *jen.File, n int) {
	w := 2 * n
	writeDoc(f, "hexDigits are the hex digits, lower case.")
	f.Const().Id("hexDigits").Op("=").Lit(hexAlphabet)
	f.Line()
	writeDoc(f, "hexPairs maps each byte to its two lower-case hex digits, as a big-endian\nuint16.")
	f.Var().Id("hexPairs").Op("=").Func().Params().Params(jen.Id("t").Index(jen.Lit(256)).Uint16()).Block(
		jen.For(jen.Id("b").Op(":=").Range().Id("t")).Block(
			jen.Id("t").Index(jen.Id("b")).Op("=").Uint16().Call(jen.Id("hexDigits").Index(jen.Id("b").Op(">>").Lit(4))).Op("<<").Lit(8).Op("|").Uint16().Call(jen.Id("hexDigits").Index(jen.Id("b").Op("&").Lit(15))),
		),
		jen.Return(jen.Id("t")),
	).Call()
	f.Line()

	writeDoc(f, "hex8 returns the eight lower-case hex digits of b[0:4] as the bytes of a\nbig-endian uint64: two digits from hexPairs for each byte, so that a\ncaller writes all eight with one store.")
	hexPair := func(i int) *jen.Statement {
		x := jen.Uint64().Call(jen.Id("hexPairs").Index(elem("b", i)))
		if i < 3 {
			x = x.Op("<<").Lit(16 * (3 - i))
		}
		return x
	}
	f.Func().Id("hex8").Params(jen.Id("b").Index().Byte()).Uint64().Block(
		jen.Id("_").Op("=").Add(elem("b", 3)),
		jen.Return(joinOp("|", []jen.Code{hexPair(0), hexPair(1), hexPair(2), hexPair(3)})),
	)
	f.Line()

	var enc []jen.Code
	i := 0
	for ; i+4 <= n; i += 4 {
		enc = append(enc, putUint(64, span("out", 2*i, 2*i+8), hexWord(i)))
	}
	for ; i < n; i++ {
		enc = append(enc, putUint(16, span("out", 2*i, 2*i+2), jen.Id("hexPairs").Index(elem("id", i))))
	}
	writeDocf(f, "encodeHex writes id as %d lower-case hex digits into out, four bytes at a time.", w)
	encoderFunc(f, "encodeHex", w, n, enc)
}

// uuidGroups are the byte ranges of the hyphen-separated groups of a UUID.
var uuidGroups = [][2]int{{0, 4}, {4, 6}, {6, 8}, {8, 10}, {10, 16}}

func emitUUIDCodec(f *jen.File) {
	writeDoc(f, "encodeUUID writes id in the canonical form of RFC 9562 into out, with the\nruntime's encoder (SSE2 on amd64): 32 lower-case hex digits in groups of 8,\n4, 4, 4 and 12, separated by hyphens.")
	encoderFunc(f, "encodeUUID", 36, 16, []jen.Code{jen.Qual(idrtPath, "EncodeUUID").Call(jen.Id("out"), jen.Id("id"))})

	dashes := jen.Null()
	for i, pos := range []int{8, 13, 18, 23} {
		if i > 0 {
			dashes.Op("||")
		}
		dashes.Add(elem("s", pos).Op("!=").LitRune('-'))
	}
	dec := []jen.Code{
		lengthCheck("UUID", 36, 16),
		jen.Var().Id("bad").Uint16(),
	}
	pos := 0
	for gi, g := range uuidGroups {
		if gi > 0 {
			pos++ // the hyphen
		}
		for i := g[0]; i < g[1]; i++ {
			dec = append(dec, elem("id", i).Op("=").Id("hexByte").Call(elem("s", pos), elem("s", pos+1), jen.Op("&").Id("bad")))
			pos += 2
		}
	}
	dec = append(dec,
		jen.If(jen.Id("bad").Op("&").Id("0x100").Op("!=").Lit(0).Op("||").Add(dashes)).Block(
			jen.Return(jen.Id("uuidSyntaxError").Call(jen.Id("s"))),
		),
		jen.Return(jen.Nil()),
	)
	writeDoc(f, "decodeUUID reads the canonical 36-character form, in either case.")
	decoderFunc(f, "decodeUUID", 16, dec)

	writeDoc(f, "uuidSyntaxError returns the *SyntaxError for the first character of s, a\nrejected 36-character UUID, that is neither a hex digit nor a hyphen where\nthe form has one.")
	f.Func().Id("uuidSyntaxError").Params(jen.Id("s").String()).Error().Block(
		jen.For(jen.Id("i").Op(":=").Lit(0), jen.Id("i").Op("<").Len(jen.Id("s")), jen.Id("i").Op("++")).Block(
			jen.Id("hyphen").Op(":=").Id("i").Op("==").Lit(8).Op("||").Id("i").Op("==").Lit(13).Op("||").Id("i").Op("==").Lit(18).Op("||").Id("i").Op("==").Lit(23),
			jen.If(jen.Id("hyphen").Op("&&").Id("s").Index(jen.Id("i")).Op("!=").LitRune('-').Op("||").
				Op("!").Id("hyphen").Op("&&").Id("hexDecode").Index(jen.Id("s").Index(jen.Id("i"))).Op("==").Id("0xff")).Block(
				jen.Return(syntaxLit(jen.Lit("UUID"), jen.Id("i"), jen.Id("s").Index(jen.Id("i")))),
			),
		),
		jen.Return(jen.Op("&").Id("SyntaxError").Values(jen.Dict{jen.Id("Form"): jen.Lit("UUID"), jen.Id("Len"): jen.Len(jen.Id("s"))})),
	)
	f.Line()
}

// --- Base62 ---

// codecForm is a text form whose codec the generator writes out for the
// ID's size: its encoding (digits, case folding, order of bits and title
// all come from it), the prefix of the names of its constants, tables and
// helpers ("base62", "crockford", "text") and the suffix of its encoder's
// and decoder's ("Base62", "Crockford", "Text"). Base62 and Crockford are
// in every package; a declared canonical text without a check symbol is
// written out too: as base 32 (emitBase32Codec), or as one right-aligned
// number in any other base (emitRadixCodec).
type codecForm struct {
	enc  *encodings.Encoding
	name string
	fn   string
}

// builtinForm returns the form of a built-in encoding.
func builtinForm(name, fn string) codecForm {
	e, ok := encodings.Lookup(name)
	if !ok {
		panic("gen: no built-in encoding " + name)
	}
	return codecForm{enc: e, name: name, fn: fn}
}

var (
	base62Form    = builtinForm("base62", "Base62")
	crockfordForm = builtinForm("crockford", "Crockford")
)

func (form codecForm) title() string  { return form.enc.Title() }
func (form codecForm) digits() string { return form.enc.Spec().Digits }
func (form codecForm) fold() bool     { return form.enc.Spec().Fold }

// emitDigits writes the form's digits as a constant, NAMEDigits, and its
// decode table, NAMEDecode, with the docs given, or plain ones where they
// are empty.
func emitDigits(f *jen.File, form codecForm, digitsDoc, tableDoc string) {
	digits, table := form.id("Digits"), form.id("Decode")
	if digitsDoc == "" {
		digitsDoc = fmt.Sprintf("%s are the digits of %s, digit 0 first.", digits, form.title())
	}
	if tableDoc == "" {
		tableDoc = fmt.Sprintf("%s maps each %s digit to its value and every other\nbyte to 0xff.", table, form.title())
		if form.fold() {
			tableDoc = fmt.Sprintf("%s maps each %s digit, in either case, to its value\nand every other byte to 0xff.", table, form.title())
		}
		if a := form.enc.Spec().DescribeAliases(); a != "" {
			tableDoc = fmt.Sprintf("%s maps each %s digit, in either case, to its value\n(%s) and every other byte to 0xff.", table, form.title(), a)
			if !form.fold() {
				tableDoc = fmt.Sprintf("%s maps each %s digit to its value (%s)\nand every other byte to 0xff.", table, form.title(), a)
			}
		}
	}
	writeDoc(f, digitsDoc)
	f.Const().Id(digits).Op("=").Lit(form.digits())
	f.Line()
	emitTable(f, table, form.enc.Digit, tableDoc)
}

// base returns the form's base.
func (form codecForm) base() int { return len(form.digits()) }

// chunk returns how many digits the codec moves at a time between text and
// 64-bit limbs: the largest even k with base^k below 2^64 (ten for Base62),
// and base^k.
func (form codecForm) chunk() (int, *big.Int) {
	limit := new(big.Int).Lsh(big.NewInt(1), 64)
	b2 := big.NewInt(int64(form.base() * form.base()))
	k, pow := 0, big.NewInt(1)
	for next := new(big.Int).Mul(pow, b2); next.Cmp(limit) < 0; next.Mul(pow, b2) {
		pow.Set(next)
		k += 2
	}
	return k, pow
}

// id returns the name of one of the form's constants or helpers, such as
// base62Pow10 or textPairs.
func (form codecForm) id(what string) string { return form.name + what }

// radixDigitStmts returns the statements that write the number in the
// uint64 variable v, below base^count, as count digits into
// out[at:at+count]: two digits at a time from the right, each pair looked
// up in the form's pairs, and a single digit at the front when count is
// odd.
func radixDigitStmts(form codecForm, v string, at, count int) []jen.Code {
	var out []jen.Code
	for end := at + count; end > at; {
		if end-at == 1 {
			out = append(out, elem("out", at).Op("=").Id(form.id("Digits")).Index(jen.Id(v).Op("%").Lit(form.base())))
			break
		}
		out = append(out, putUint(16, span("out", end-2, end), jen.Id(form.id("Pairs")).Index(jen.Id(v).Op("%").Id(form.id("Pow2")))))
		end -= 2
		if end > at {
			out = append(out, jen.Id(v).Op("/=").Id(form.id("Pow2")))
		}
	}
	return out
}

// emitRadixCodec writes form's tables, helpers, encoder and decoder for
// n-byte IDs.
func emitRadixCodec(f *jen.File, n int, form codecForm) {
	base := form.base()
	w := form.enc.DigitLen(n)
	limbs := (n + 7) / 8
	k, powK := form.chunk()
	powName := form.id(fmt.Sprintf("Pow%d", k))
	putName := form.id(fmt.Sprintf("Put%d", k))
	digits, table := form.id("Digits"), form.id("Decode")

	if form == base62Form {
		emitDigits(f, form, "base62Digits are the Base62 digits, in ASCII order so that the text of\nequal-width numbers sorts as the numbers do.",
			"base62Decode maps each Base62 digit to its value and every other byte to\n0xff. Base62 is case-sensitive.")
	} else {
		emitDigits(f, form, "", "")
	}

	// Encoding: load the limbs, then divide by base^k while the number
	// needs more than one limb, each remainder giving k digits from the
	// right.
	// The bound of the number at each step says how many limbs are live and
	// whether the top one is already below the divisor. The limbs are x0,
	// the least significant 64 bits, x1, the next, and so on: the words
	// themselves when those are aligned to the end.
	var enc []jen.Code
	words := idWords(n)
	if len(words) == limbs && words[len(words)-1].size == 8 {
		for i := limbs - 1; i >= 0; i-- {
			w := words[limbs-1-i]
			enc = append(enc, jen.Id(limb(i)).Op(":=").Add(loadUint("id", w.start, w.size)))
		}
	} else {
		enc = append(enc, loadWords(n)...)
		for i := limbs - 1; i >= 0; i-- {
			enc = append(enc, jen.Id(limb(i)).Op(":=").Add(bitField(n, max(0, 8*n-64*(i+1)), 8*n-64*i)))
		}
	}
	bound := new(big.Int).Lsh(big.NewInt(1), uint(8*n))
	bound.Sub(bound, big.NewInt(1))
	pos := w
	usesPut := false
	rDeclared := false
	for bound.BitLen() > 64 {
		live := (bound.BitLen() + 63) / 64
		top := live - 1
		topBound := new(big.Int).Rsh(bound, uint(64*top))
		// Long division of the live limbs by base^k, most significant first;
		// the remainder r carries down. A top limb below the divisor is
		// itself the first remainder.
		assign := func() string {
			if rDeclared {
				return "="
			}
			rDeclared = true
			return ":="
		}
		carry := jen.Id("r")
		if topBound.Cmp(powK) >= 0 {
			enc = append(enc, jen.List(jen.Id(limb(top)), jen.Id("r")).Op(assign()).Id(limb(top)).Op("/").Id(powName).Op(",").Id(limb(top)).Op("%").Id(powName))
		} else {
			carry = jen.Id(limb(top))
		}
		for i := top - 1; i >= 0; i-- {
			enc = append(enc, jen.List(jen.Id(limb(i)), jen.Id("r")).Op(assign()).Qual("math/bits", "Div64").Call(carry, jen.Id(limb(i)), jen.Id(powName)))
			carry = jen.Id("r")
		}
		enc = append(enc, jen.Id(putName).Call(arrayPtr("out", pos-k, k), jen.Id("r")))
		usesPut = true
		pos -= k
		bound.Div(bound, powK)
	}
	// One limb is left, x0.
	for pos >= k {
		if pos == k {
			enc = append(enc, jen.Id(putName).Call(arrayPtr("out", 0, k), jen.Id("x0")))
		} else {
			enc = append(enc,
				jen.Id(putName).Call(arrayPtr("out", pos-k, k), jen.Id("x0").Op("%").Id(powName)),
				jen.Id("x0").Op("/=").Id(powName),
			)
		}
		usesPut = true
		pos -= k
	}
	enc = append(enc, radixDigitStmts(form, "x0", 0, pos)...)

	// Decoding: read the digits in chunks of k (the first takes the odd
	// w%k), each a sum of digit pairs times powers of the base, whose
	// products are independent of one another; then fold the chunks into
	// limbs, x = x*base^k + chunk, from the most significant one on.
	dec := []jen.Code{lengthCheck(form.title(), w, n), jen.Var().Id("bad").Byte()}
	var chunks [][2]int
	first := w % k
	if first == 0 {
		first = k
	}
	for lo, hi := 0, first; lo < w; lo, hi = hi, hi+k {
		chunks = append(chunks, [2]int{lo, hi})
	}
	for j, c := range chunks {
		var terms []jen.Code
		at := c[0]
		if (c[1]-c[0])%2 == 1 {
			terms = append(terms, jen.Id(form.id("Digit")).Call(elem("s", at), jen.Op("&").Id("bad")).Add(powerOf(form, c[1]-at-1)))
			at++
		}
		for ; at < c[1]; at += 2 {
			terms = append(terms, jen.Id(form.id("Pair")).Call(elem("s", at), elem("s", at+1), jen.Op("&").Id("bad")).Add(powerOf(form, c[1]-at-2)))
		}
		sum := jen.Null()
		for i, t := range terms {
			if i > 0 {
				sum.Op("+")
				if i%2 == 0 {
					sum.Line()
				}
			}
			sum.Add(t)
		}
		dec = append(dec, jen.Id(fmt.Sprintf("c%d", j)).Op(":=").Add(sum))
	}
	dec = append(dec, jen.If(jen.Id("bad").Op("&").Id("0x80").Op("!=").Lit(0)).Block(
		jen.Return(jen.Id("syntaxError").Call(jen.Lit(form.title()), jen.Id("s"), jen.Op("&").Id(table))),
	))
	dec = append(dec, jen.Id("x0").Op(":=").Id("c0"))
	bound = new(big.Int).Exp(big.NewInt(int64(base)), big.NewInt(int64(chunks[0][1])), nil)
	bound.Sub(bound, big.NewInt(1))
	live := 1
	var over jen.Code // the carry out of the top limb, which must be zero
	declared := map[string]bool{}
	// assign returns ":=" if it is the first assignment to one of names.
	assign := func(names ...string) string {
		op := "="
		for _, name := range names {
			if !declared[name] {
				declared[name] = true
				op = ":="
			}
		}
		return op
	}
	for j := 1; j < len(chunks); j++ {
		cj := fmt.Sprintf("c%d", j)
		bound.Mul(bound, powK)
		bound.Add(bound, new(big.Int).Sub(powK, big.NewInt(1)))
		newLive := (bound.BitLen() + 63) / 64
		if newLive == 1 {
			dec = append(dec, jen.Id("x0").Op("=").Id("x0").Op("*").Id(powName).Op("+").Id(cj))
			continue
		}
		for i := 0; i < live; i++ {
			in := "carry"
			if i == 0 {
				in = cj
			}
			x := jen.Id(limb(i))
			if i == live-1 && newLive == live {
				// The bound says that the top limb does not carry out.
				dec = append(dec, x.Clone().Op("=").Add(x.Clone()).Op("*").Id(powName).Op("+").Id(in))
				continue
			}
			dec = append(dec,
				jen.List(jen.Id("hi"), jen.Id("lo")).Op(assign("hi", "lo")).Qual("math/bits", "Mul64").Call(x.Clone(), jen.Id(powName)),
				jen.List(x.Clone(), jen.Id("c")).Op(assign("c")).Qual("math/bits", "Add64").Call(jen.Id("lo"), jen.Id(in), jen.Lit(0)),
			)
			switch {
			case i < live-1:
				dec = append(dec, jen.Id("carry").Op(assign("carry")).Id("hi").Op("+").Id("c").Comment(fmt.Sprintf("hi < %d^%d, so this does not wrap", base, k)))
			case newLive > limbs:
				over = jen.Id("hi").Op("+").Id("c").Op("!=").Lit(0)
			default:
				dec = append(dec, jen.Id(limb(live)).Op(":=").Id("hi").Op("+").Id("c"))
			}
		}
		live = min(newLive, limbs)
	}
	var tooBig []jen.Code
	if over != nil {
		tooBig = append(tooBig, over)
	}
	if n%8 != 0 {
		tooBig = append(tooBig, jen.Id(limb(limbs-1)).Op(">>").Lit(8*(n%8)).Op("!=").Lit(0))
	}
	if len(tooBig) > 0 {
		// Without either, every text of the width fits (16 hex digits
		// in 64 bits), and there is nothing to check.
		dec = append(dec, jen.If(joinOp("||", tooBig)).Block(
			jen.Return(jen.Id("errOverflow").Call(jen.Lit(form.title()), jen.Len(jen.Id("s")))),
		))
	}
	for i := limbs - 1; i >= 0; i-- {
		lo, hi := max(0, n-8*(i+1)), n-8*i
		dec = append(dec, storeUint("id", lo, hi-lo, jen.Id(limb(i)))...)
	}
	dec = append(dec, jen.Return(jen.Nil()))
	// The constants and helpers, as far as the code above uses them.
	code := fmt.Sprintf("%#v %#v", jen.Block(enc...), jen.Block(dec...))
	if usesPut {
		code += fmt.Sprintf("%#v", jen.Block(radixDigitStmts(form, "v", 0, k)...))
	}
	uses := func(name string) bool { return strings.Contains(code, name) }
	var powers []jen.Code
	for j := 2; j <= k; j += 2 {
		name := form.id(fmt.Sprintf("Pow%d", j))
		if !uses(name) && !(j == 2 && uses(form.id("Pairs"))) {
			continue
		}
		value := jen.Id(form.id("Pow2")).Op("*").Id(form.id(fmt.Sprintf("Pow%d", j-2)))
		if j == 2 {
			value = jen.Lit(base).Op("*").Lit(base)
		}
		powers = append(powers, jen.Id(name).Op("=").Add(value))
	}
	if len(powers) > 0 {
		largest := "the largest power"
		if new(big.Int).Mul(powK, big.NewInt(int64(base))).BitLen() <= 64 {
			largest = "the largest even power"
		}
		writeDocf(f, "Powers of %d. The codec moves two digits at a time between text and\nnumbers, and %s, %d^%d being %s of %d below 2^64, between\nnumbers and 64-bit limbs.", base, numberWord(k), base, k, largest, base)
		f.Const().Defs(powers...)
		f.Line()
	}
	pairs := form.id("Pairs")
	if uses(pairs) {
		writeDocf(f, "%s maps each number below %d*%d to its two %s digits, as a\nbig-endian uint16.", pairs, base, base, form.title())
		f.Var().Id(pairs).Op("=").Func().Params().Params(jen.Id("t").Index(jen.Id(form.id("Pow2"))).Uint16()).Block(
			jen.For(jen.Id("i").Op(":=").Range().Lit(base)).Block(
				jen.For(jen.Id("j").Op(":=").Range().Lit(base)).Block(
					jen.Id("t").Index(jen.Id("i").Op("*").Lit(base).Op("+").Id("j")).Op("=").Uint16().Call(jen.Id(digits).Index(jen.Id("i"))).Op("<<").Lit(8).Op("|").Uint16().Call(jen.Id(digits).Index(jen.Id("j"))),
				),
			),
			jen.Return(jen.Id("t")),
		).Call()
		f.Line()
	}
	if uses(form.id("Digit(")) {
		writeDocf(f, "%s returns the value of the %s digit c. It ORs its\ndecode-table entry into *bad, whose top bit is then set if c is not a\ndigit.", form.id("Digit"), form.title())
		f.Func().Id(form.id("Digit")).Params(jen.Id("c").Byte(), jen.Id("bad").Op("*").Byte()).Uint64().Block(
			jen.Id("d").Op(":=").Id(table).Index(jen.Id("c")),
			jen.Op("*").Id("bad").Op("|=").Id("d"),
			jen.Return(jen.Uint64().Call(jen.Id("d"))),
		)
		f.Line()
	}
	writeDocf(f, "%s returns the number that the %s digits hi and lo denote.\nIt ORs their decode-table entries into *bad, whose top bit is then set if\neither is not a digit.", form.id("Pair"), form.title())
	f.Func().Id(form.id("Pair")).Params(jen.List(jen.Id("hi"), jen.Id("lo")).Byte(), jen.Id("bad").Op("*").Byte()).Uint64().Block(
		jen.List(jen.Id("h"), jen.Id("l")).Op(":=").Id(table).Index(jen.Id("hi")).Op(",").Id(table).Index(jen.Id("lo")),
		jen.Op("*").Id("bad").Op("|=").Id("h").Op("|").Id("l"),
		jen.Return(jen.Uint64().Call(jen.Id("h")).Op("*").Lit(base).Op("+").Uint64().Call(jen.Id("l"))),
	)
	f.Line()
	if usesPut {
		writeDocf(f, "%s writes v, below %d^%d, as %s %s digits into out, two at a time.", putName, base, k, numberWord(k), form.title())
		f.Func().Id(putName).Params(jen.Id("out").Op("*").Index(jen.Lit(k)).Byte(), jen.Id("v").Uint64()).Block(radixDigitStmts(form, "v", 0, k)...)
		f.Line()
	}
	encode, decode := "encode"+form.fn, "decode"+form.fn
	writeDocf(f, "%s writes id as %d %s digits into out: the big-endian number\nid holds, in base %d, zero-padded on the left.", encode, w, form.title(), base)
	encoderFunc(f, encode, w, n, enc)
	writeDocf(f, "%s reads %d %s digits%s. It reports digits whose value is\n2^%d or more, which %d digits can hold, as overflow.", decode, w, form.title(), foldDoc(form.fold(), form.enc.Spec().DescribeAliases()), 8*n, w)
	decoderFunc(f, decode, n, dec)
}

// powerOf returns *PowK of the form for k > 0, the factor of a digit pair
// k digits from the right of a chunk.
func powerOf(form codecForm, k int) *jen.Statement {
	if k == 0 {
		return jen.Null()
	}
	return jen.Op("*").Id(form.id(fmt.Sprintf("Pow%d", k)))
}

// numberWord returns a small even number as a word, as the docs write it.
func numberWord(k int) string {
	if words := map[int]string{2: "two", 4: "four", 6: "six", 8: "eight", 10: "ten", 12: "twelve", 14: "fourteen", 16: "sixteen", 18: "eighteen"}; words[k] != "" {
		return words[k]
	}
	return fmt.Sprint(k)
}

// --- Base 32: Crockford and declared ---

// base32Groups splits n bytes into groups of five bytes, eight digits
// each, and one group of the n%5 bytes left, ceil(8(n%5)/5) digits, which
// may be empty: the short group comes first when the ID is one
// right-aligned number, last when its bits are written from the top. It
// returns each group's byte offset and size and digit offset and count.
func base32Groups(n int, top bool) (groups [][4]int) {
	r := n % 5
	e := crockfordWidth(r)
	b, c := 0, 0
	if r > 0 && !top {
		groups = append(groups, [4]int{0, r, 0, e})
		b, c = r, e
	}
	for ; b+5 <= n; b, c = b+5, c+8 {
		groups = append(groups, [4]int{b, 5, c, 8})
	}
	if r > 0 && top {
		groups = append(groups, [4]int{b, r, c, e})
	}
	return groups
}

// emitBase32Codec writes form's tables, encoder and decoder for n-byte IDs.
// They work in groups of five bytes, eight digits; the encoder writes two
// digits at a time.
func emitBase32Codec(f *jen.File, n int, form codecForm) {
	w := form.enc.DigitLen(n)
	pad := 5*w - 8*n // the bits the digits hold beyond the ID's, which must be zero
	top := form.enc.Spec().Bits
	digits, table, pairs := form.id("Digits"), form.id("Decode"), form.id("Pairs")
	encode, decode := "encode"+form.fn, "decode"+form.fn

	if form == crockfordForm {
		emitDigits(f, form, "crockfordDigits are the digits of Crockford's base32, which leaves out I,\nL, O and U, in ASCII order.",
			"crockfordDecode maps each Crockford digit, in either case, to its value\nand every other byte, including I, L, O and U, to 0xff.")
	} else {
		emitDigits(f, form, "", "")
	}

	groups := base32Groups(n, top)
	last := len(groups) - 1
	enc := loadWords(n)
	for gi, g := range groups {
		b, size, c, count := g[0], g[1], g[2], g[3]
		op := "="
		if gi == 0 {
			op = ":="
		}
		v := bitField(n, 8*b, 8*(b+size))
		if top && gi == last && pad > 0 {
			v = jen.Parens(v).Op("<<").Lit(pad)
		}
		enc = append(enc, jen.Id("v").Op(op).Add(v))
		// The digits of v, in pairs after a single one if count is odd.
		shifted := func(sh int, mask string) *jen.Statement {
			x := jen.Id("v")
			if sh > 0 {
				x = x.Op(">>").Lit(sh)
			}
			return x.Op("&").Id(mask)
		}
		j := 0
		if count%2 == 1 {
			enc = append(enc, elem("out", c).Op("=").Id(digits).Index(shifted(5*(count-1), "31")))
			j = 1
		}
		for ; j < count; j += 2 {
			enc = append(enc, putUint(16, span("out", c+j, c+j+2), jen.Id(pairs).Index(shifted(5*(count-2-j), "1023"))))
		}
	}
	writeDocf(f, "%s maps each number below 32*32 to its two %s digits,\nas a big-endian uint16.", pairs, form.title())
	f.Var().Id(pairs).Op("=").Func().Params().Params(jen.Id("t").Index(jen.Lit(32).Op("*").Lit(32)).Uint16()).Block(
		jen.For(jen.Id("i").Op(":=").Range().Lit(32)).Block(
			jen.For(jen.Id("j").Op(":=").Range().Lit(32)).Block(
				jen.Id("t").Index(jen.Id("i").Op("*").Lit(32).Op("+").Id("j")).Op("=").Uint16().Call(jen.Id(digits).Index(jen.Id("i"))).Op("<<").Lit(8).Op("|").Uint16().Call(jen.Id(digits).Index(jen.Id("j"))),
			),
		),
		jen.Return(jen.Id("t")),
	).Call()
	f.Line()
	if form == crockfordForm {
		writeDocf(f, "encodeCrockford writes id as %d Crockford digits, upper case, into out:\nthe big-endian number id holds, in base 32, zero-padded on the left. It\nworks in groups of five bytes, eight digits, from the right, writing two\ndigits at a time.", w)
	} else if top {
		writeDocf(f, "%s writes id as %d %s digits into out: its bits from the\nmost significant, five a digit, the last digit's low %d bits zero. It\nworks in groups of five bytes, eight digits, writing two digits at a time.", encode, w, form.title(), pad)
	} else {
		writeDocf(f, "%s writes id as %d %s digits into out: the big-endian number\nid holds, in base 32, zero-padded on the left. It works in groups of five\nbytes, eight digits, from the right, writing two digits at a time.", encode, w, form.title())
	}
	encoderFunc(f, encode, w, n, enc)

	most := 0
	for _, g := range groups {
		most = max(most, g[3])
	}
	var digitVars []jen.Code
	for j := 0; j < most; j++ {
		digitVars = append(digitVars, jen.Id(fmt.Sprintf("d%d", j)))
	}
	dec := []jen.Code{
		lengthCheck(form.title(), w, n),
		jen.Var().Defs(
			jen.Id("bad").Byte().Comment("the OR of every digit's decode-table entry"),
			jen.List(digitVars...).Byte(),
			jen.Id("v").Uint64(),
		),
	}
	for gi, g := range groups {
		b, size, c, count := g[0], g[1], g[2], g[3]
		var loads, terms []jen.Code
		for j := 0; j < count; j++ {
			loads = append(loads, jen.Id(table).Index(elem("s", c+j)))
			terms = append(terms, shiftLeft(jen.Uint64().Call(digitVars[j].(*jen.Statement).Clone()), 5*(count-1-j)))
		}
		what := fmt.Sprintf("bytes %d to %d", b, b+size-1)
		if size == 1 {
			what = fmt.Sprintf("byte %d", b)
		}
		if pad > 0 && !top && gi == 0 {
			what += fmt.Sprintf(", below %d unused bits", pad)
		}
		if pad > 0 && top && gi == last {
			what += fmt.Sprintf(", above %d unused bits", pad)
		}
		digitsDoc := fmt.Sprintf("Digits %d to %d", c, c+count-1)
		if count == 2 {
			digitsDoc = fmt.Sprintf("Digits %d and %d", c, c+1)
		}
		dec = append(dec, jen.Comment(fmt.Sprintf("%s hold %s.", digitsDoc, what)))
		for lo := 0; lo < count; lo += 4 {
			hi := min(lo+4, count)
			dec = append(dec, jen.List(digitVars[lo:hi]...).Op("=").List(loads[lo:hi]...))
		}
		dec = append(dec, jen.Id("bad").Op("|=").Add(joinOp("|", digitVars[:count])))
		value := jen.Null()
		for i, t := range terms {
			if i > 0 {
				value.Op("|")
				if i%4 == 0 {
					value.Line()
				}
			}
			value.Add(t)
		}
		if top && gi == last && pad > 0 {
			value = jen.Parens(value).Op(">>").Lit(pad)
		}
		dec = append(dec, jen.Id("v").Op("=").Add(value))
		dec = append(dec, storeUint("id", b, size, jen.Id("v"))...)
	}
	dec = append(dec, badCheck(form.title(), table, n))
	switch {
	case pad > 0 && top:
		// No value ends in such a digit: it is a syntax error, as package
		// encodings has it.
		dec = append(dec, jen.If(jen.Id(table).Index(elem("s", w-1)).Op("&").Lit(1<<pad-1).Op("!=").Lit(0)).Block(
			jen.Return(syntaxLit(jen.Lit(form.title()), jen.Lit(w-1), elem("s", w-1))),
		))
	case pad > 0:
		dec = append(dec, jen.If(jen.Id(table).Index(elem("s", 0)).Op(">>").Lit(5-pad).Op("!=").Lit(0)).Block(
			jen.Return(jen.Id("errOverflow").Call(jen.Lit(form.title()), jen.Len(jen.Id("s")))),
		))
	}
	dec = append(dec, jen.Return(jen.Nil()))
	switch {
	case pad > 0 && top:
		writeDocf(f, "%s reads %d %s digits%s. The low %d bits of the last\ndigit lie beyond %d bits: a last digit with any of them set is a syntax\nerror.", decode, w, form.title(), foldDoc(form.fold(), form.enc.Spec().DescribeAliases()), pad, 8*n)
	case pad > 0:
		writeDocf(f, "%s reads %d %s digits%s. The top %d bits\nof the first digit lie beyond %d bits: a first digit above '%c' is overflow.", decode, w, form.title(), foldDoc(form.fold(), form.enc.Spec().DescribeAliases()), pad, 8*n, form.digits()[1<<(5-pad)-1])
	default:
		writeDocf(f, "%s reads %d %s digits%s.", decode, w, form.title(), foldDoc(form.fold(), form.enc.Spec().DescribeAliases()))
	}
	decoderFunc(f, decode, n, dec)
}

// foldDoc returns ", in either case" for a form that folds case, and
// what its aliases read as, if it has any.
func foldDoc(fold bool, aliases string) string {
	if aliases != "" {
		if fold {
			return ", in either case, with " + aliases
		}
		return ", with " + aliases
	}
	if fold {
		return ", in either case"
	}
	return ""
}

// --- Decimal ---

// signed reports whether some IDs of the package are negative as Go holds
// them: it is an int64 ID, and the top bit of some layout is not a
// constant zero. Such IDs are written in unsigned decimal, the number
// their 64 bits hold (as Discord writes its IDs), and their order as
// int64s (Go's <, and PostgreSQL's on a bigint) is not the order of their
// bits (Compare). resolved.Text.Signed decides it for each layout.
func (p *Package) signed() bool {
	if !p.Int64 {
		return false
	}
	for _, m := range p.Members {
		if m.Resolved.Text.Signed {
			return true
		}
	}
	return false
}

// emitDecimalCodec writes the parser of the canonical decimal form of an
// int64 ID: the unsigned number its 64 bits hold, with no sign and no
// leading zeros, and nothing else. Where the top bit is a constant zero
// that is what strconv.FormatInt writes, up to 2^63-1; else what
// strconv.FormatUint writes of the bits, up to 2^64-1.
func emitDecimalCodec(f *jen.File, p *Package) {
	t := p.Type
	wide := p.signed() // 20 digits, up to 2^64-1
	syntax := func(pos, char jen.Code) jen.Code {
		return jen.Return(jen.Lit(0), syntaxLit(jen.Lit("decimal"), pos, char))
	}
	maxDigits := p.text().Width // 19, or 20 where some ID's top bit is set (resolved.Text)
	lengthDoc := fmt.Sprintf("1 to %d", maxDigits)
	body := []jen.Code{
		jen.If(jen.Len(jen.Id("s")).Op("==").Lit(0).Op("||").Len(jen.Id("s")).Op(">").Lit(maxDigits)).Block(
			jen.Return(jen.Lit(0), jen.Id("errLength").Call(jen.Lit("decimal text"), jen.Len(jen.Id("s")), jen.Lit(lengthDoc))),
		),
		jen.If(jen.Id("s").Index(jen.Lit(0)).Op("==").LitRune('0').Op("&&").Len(jen.Id("s")).Op(">").Lit(1)).Block(
			jen.Comment("Only zero itself starts with a zero."),
			syntax(jen.Lit(0), jen.LitRune('0')),
		),
	}
	if wide {
		body = append(body,
			jen.Var().Defs(jen.Id("v").Uint64(), jen.Id("over").Uint64()),
			jen.For(jen.Id("i").Op(":=").Lit(0), jen.Id("i").Op("<").Len(jen.Id("s")), jen.Id("i").Op("++")).Block(
				jen.Id("d").Op(":=").Id("s").Index(jen.Id("i")).Op("-").LitRune('0'),
				jen.If(jen.Id("d").Op(">").Lit(9)).Block(syntax(jen.Id("i"), jen.Id("s").Index(jen.Id("i")))),
				jen.List(jen.Id("hi"), jen.Id("lo")).Op(":=").Qual("math/bits", "Mul64").Call(jen.Id("v"), jen.Lit(10)),
				jen.Var().Id("carry").Uint64(),
				jen.List(jen.Id("v"), jen.Id("carry")).Op("=").Qual("math/bits", "Add64").Call(jen.Id("lo"), jen.Uint64().Call(jen.Id("d")), jen.Lit(0)),
				jen.Id("over").Op("|=").Id("hi").Op("|").Id("carry").Comment("a 20th digit can carry past 2^64-1"),
			),
			jen.If(jen.Id("over").Op("!=").Lit(0)).Block(
				jen.Return(jen.Lit(0), jen.Id("errOverflow").Call(jen.Lit("decimal"), jen.Len(jen.Id("s")))),
			),
			jen.Return(jen.Id(t).Call(jen.Id("v")), jen.Nil()).Comment("2^63 and above are negative as an int64"),
		)
		writeDoc(f, "parseDecimal reads canonical decimal text, as strconv.FormatUint writes an ID's 64 bits: the digits of a number from 0 to 2^64-1, with no sign and no leading zeros. An ID whose top bit is set is 2^63 or more, as the services that publish such IDs write them; its int64 is negative.")
	} else {
		body = append(body,
			jen.Var().Id("v").Uint64(),
			jen.For(jen.Id("i").Op(":=").Lit(0), jen.Id("i").Op("<").Len(jen.Id("s")), jen.Id("i").Op("++")).Block(
				jen.Id("d").Op(":=").Id("s").Index(jen.Id("i")).Op("-").LitRune('0'),
				jen.If(jen.Id("d").Op(">").Lit(9)).Block(syntax(jen.Id("i"), jen.Id("s").Index(jen.Id("i")))),
				jen.Id("v").Op("=").Id("v").Op("*").Lit(10).Op("+").Uint64().Call(jen.Id("d")).Comment("19 digits cannot wrap"),
			),
			jen.If(jen.Id("v").Op(">").Qual("math", "MaxInt64")).Block(
				jen.Return(jen.Lit(0), jen.Id("errOverflow").Call(jen.Lit("decimal"), jen.Len(jen.Id("s")))),
			),
			jen.Return(jen.Id(t).Call(jen.Id("v")), jen.Nil()),
		)
		writeDoc(f, "parseDecimal reads canonical decimal text, as strconv.FormatInt writes it: the digits of a number from 0 to 2^63-1, with no sign and no leading zeros. IDs are never negative: their top bit is a constant zero.")
	}
	f.Func().Id("parseDecimal").Params(jen.Id("s").String()).Params(jen.Id(t), jen.Error()).Block(body...)
	f.Line()
}
