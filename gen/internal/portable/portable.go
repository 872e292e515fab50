// Package portable is what the JavaScript and Python emitters (gen/js and
// gen/python) share: a layout read as shifts and masks over one big integer,
// the ID, and its text forms given as data (an alphabet, a width, case
// rules) rather than as hard-coded cases.
//
// Both languages have arbitrary-precision integers (BigInt, int), so the
// generated code holds an ID as one integer and reads every field and role
// with a shift and a mask. The plan says which: each run of a field's or a
// role's bits, where it lies in the ID and where in the value.
package portable

import (
	"errors"
	"fmt"
	"math/big"
	"regexp"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/idforge/idforge/encodings"
	"github.com/idforge/idforge/resolved"
)

// ErrName reports a name the emitters cannot paste into code: a type name
// or a field name that is not a plain identifier, or a reserved word.
var ErrName = errors.New("bad name")

// ErrLayout reports a layout the emitters cannot serve.
var ErrLayout = errors.New("unsupported layout")

// Form is a text form of an ID: a fixed-width one (an encoding's), the
// canonical UUID form, or decimal, a 64-bit layout's canonical text, which
// is not fixed-width: the unsigned number the ID's 64 bits hold, as Go's
// generated String writes it.
type Form struct {
	Name     string // "uuid", "decimal" or an encoding's: "base62", "crockford", "hex", "base58", ...
	Title    string // for messages: Base62, Crockford, hex, UUID, decimal, Base58
	Alphabet string // the digits, digit 0 first
	Width    int    // digits for one ID, not counting a check symbol; for decimal, the most
	FoldCase bool   // the decoder takes either case; the encoder writes Alphabet's
	// Aliases are characters the decoder reads as digits though the
	// encoder never writes them, as pairs of an alias and its digit
	// (encodings.Spec.Aliases): Crockford's "I1L1O0". With FoldCase an
	// alias is read in either case.
	Aliases string
	// Pad is the number of zero bits below the ID in its digits: an
	// encoding that writes the bits from the top (encodings.Spec.Bits)
	// writes the ID shifted left by Pad.
	Pad int
	// Check says a check symbol follows the digits: the ID modulo 37 in
	// encodings.CheckDigits, read in either case.
	Check bool
	Max   string // the largest ID's text: text above it (same width) overflows
	// Overflows says whether text of the right width and alphabet can
	// stand for a value above the largest ID.
	Overflows bool
	// NonNegative says, for decimal, that the layout's top bit is a
	// constant zero: the readers take the digits of 0 to 2^63-1, as Go's
	// generated parsers do, where a layout whose top bit is not constant
	// takes those of 0 to 2^64-1. Neither takes a sign.
	NonNegative bool
}

// Run is a run of bits of a field or a role: Width bits at Shift in the ID
// (counted from its least significant bit) holding bits [Lo, Lo+Width) of
// the value: resolved's one convention.
type Run = resolved.Run

// Field is one field of the ID, as fields() returns it.
type Field struct {
	Name  string // the spec's name, snake_case
	Width int
	Bytes bool // a byte string rather than an integer
	Runs  []Run
	What  string // what it holds, for a doc comment
}

// Role is the logical value of a role, such as the time or the counter.
type Role struct {
	Width int
	Runs  []Run
	V     *resolved.Role
}

// Clock is a layout's time scale: a tick is TickNum/TickDen nanoseconds
// (reduced), from EpochNs nanoseconds after the Unix epoch.
type Clock struct {
	EpochNs          *big.Int
	TickNum, TickDen *big.Int
	MaxTick          *big.Int
	Epoch            string // RFC 3339, for comments
	Unit             string // the unit as the spec has it, for comments
}

// Plan is a layout as the emitters need it.
type Plan struct {
	L      *resolved.Layout
	Type   string // the ID class's name
	Bits   int
	Size   int // bytes
	UUID   bool
	Text   Form   // the form toString writes and parse reads
	Forms  []Form // base62, crockford, hex
	Fields []Field

	ConstMask, ConstValue *big.Int // the constant bits, in place
	Max                   *big.Int // every bit one

	Time, Counter, ClockSeq, Node, Random, Hash *Role
	Clock                                       *Clock

	NeedsNode bool // a generator must be given its node
	Generates bool // the module has a generator (not for name-based layouts)
}

var ident = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*$`)

// New returns the plan of layout l for an ID class named typ whose text
// form is text: "uuid", "decimal", "base62", "crockford" or "hex", or ""
// for the layout's canonical text (resolved.Layout.Text). typeWords lists
// the words typ must not be, fieldWords those the field names must not be.
// Everything it knows of the layout comes from l: the text, the clock, the
// runs of the fields and roles and the constants.
func New(l *resolved.Layout, typ, text string, typeWords, fieldWords map[string]bool) (*Plan, error) {
	if !ident.MatchString(typ) || typeWords[typ] {
		return nil, fmt.Errorf("%w: type name %q is not an identifier that the language allows", ErrName, typ)
	}
	p := &Plan{L: l, Type: typ, Bits: l.Bits, Size: l.Bytes(), UUID: l.IsUUID()}
	p.Max = l.Max()
	for _, name := range resolved.CommonForms() {
		e, _ := encodings.Lookup(name)
		p.Forms = append(p.Forms, p.form(e))
	}
	t := l.Text
	if text != "" {
		var err error
		if t, err = l.TextIn(text); err != nil {
			return nil, fmt.Errorf("%w: %v", ErrLayout, err)
		}
	}
	switch t.Name {
	case "uuid":
		p.Text = Form{Name: "uuid", Title: "UUID", Alphabet: "0123456789abcdef", Width: t.Width, FoldCase: true}
	case "decimal":
		p.Text = Form{Name: "decimal", Title: "decimal", Alphabet: "0123456789", Width: t.Width, NonNegative: !t.Signed}
	default:
		p.Text = p.form(t.Encoding)
	}
	p.ConstMask, p.ConstValue = l.ConstMask(), l.ConstValue()

	for _, f := range l.Fields {
		if !ident.MatchString(f.Name) || fieldWords[f.Name] {
			return nil, fmt.Errorf("%w: field %q is a reserved word in the target language", ErrName, f.Name)
		}
		p.Fields = append(p.Fields, Field{Name: f.Name, Width: f.Width, Bytes: f.Bytes, What: what(l, &f), Runs: f.Runs})
	}
	role := func(r *resolved.Role) *Role {
		if r == nil {
			return nil
		}
		return &Role{Width: r.Width, Runs: r.Runs, V: r}
	}
	p.Time, p.Counter, p.ClockSeq = role(l.Time), role(l.Counter), role(l.ClockSeq)
	p.Node, p.Random, p.Hash = role(l.Node), role(l.Random), role(l.Hash)
	if c := l.Clock; c != nil {
		ns := c.TickIn(1e9)
		p.Clock = &Clock{
			EpochNs: c.EpochNanos(),
			TickNum: ns.Num(), TickDen: ns.Denom(),
			MaxTick: c.MaxTick(),
			Epoch:   c.Epoch.UTC().Format(time.RFC3339Nano),
			Unit:    c.Unit.String(),
		}
	}
	p.NeedsNode = l.NeedsNode
	p.Generates = l.Kind.Generates()
	return p, nil
}

// form returns the fixed-width form of an encoding for the plan's size.
func (p *Plan) form(e *encodings.Encoding) Form {
	s := e.Spec()
	f := Form{Name: s.Name, Title: s.Title, Alphabet: s.Digits, FoldCase: s.Fold, Aliases: s.Aliases, Check: s.Check,
		Width: e.DigitLen(p.Size), Pad: e.Pad(p.Size)}
	f.Max = Digits(new(big.Int).Lsh(p.Max, uint(f.Pad)), s.Digits, f.Width)
	// Text whose bits go from the top has no value above the largest ID,
	// only padding bits that must be zero.
	f.Overflows = !s.Bits && f.Max != strings.Repeat(s.Digits[len(s.Digits)-1:], f.Width)
	return f
}

// Len returns the length of the form's text: its digits and its check
// symbol, if it has one.
func (f Form) Len() int {
	if f.Check {
		return f.Width + 1
	}
	return f.Width
}

// Describe says what the form's text is, for docs: "22 Base58 digits",
// "16 Crockford-check digits and a check symbol", or for decimal what
// DecimalDoc says.
func (f Form) Describe() string {
	if f.Name == "decimal" {
		return f.DecimalDoc()
	}
	d := fmt.Sprintf("%d %s digits", f.Width, f.Title)
	if f.Check {
		d += " and a check symbol"
	}
	return d
}

// DecimalDoc says what decimal text is, for docs: the unsigned number the
// ID's 64 bits hold, and how large it gets.
func (f Form) DecimalDoc() string {
	if f.NonNegative {
		return "the unsigned number the ID's 64 bits hold, in decimal, as Go's strconv.FormatUint writes it (at most 2^63-1 for a valid ID: the layout's top bit is a constant zero)"
	}
	return "the unsigned number the ID's 64 bits hold, in decimal, as Go's strconv.FormatUint writes it: up to 2^64-1, never negative, as the services that publish such IDs (Discord's) write them"
}

// DecimalSyntax says, for a parser's doc, what decimal text it reads: the
// digits of a number from 0 to 2^63-1 for a layout whose top bit is a
// constant zero (NonNegative), else from 0 to 2^64-1, with no sign, as
// Go's generated parser of the layout reads it.
func (f Form) DecimalSyntax() string {
	bits := 64
	if f.NonNegative {
		bits = 63
	}
	return fmt.Sprintf("with no sign: 1 to %d digits, with no leading zeros, of a number from 0 to 2^%d-1; '-', '+', spaces and values above 2^%d-1 are errors", f.Width, bits, bits)
}

// Own reports whether the form is a layout's text form that is none of
// the forms every module has (base62, crockford, hex) nor uuid or decimal:
// one the module defines for itself.
func (f Form) Own() bool {
	return f.Name != "uuid" && f.Name != "decimal" && !resolved.IsCommonForm(f.Name)
}

// Ident returns the form's name as part of an identifier: its name with
// '-' as '_' ("crockford_check").
func (f Form) Ident() string { return strings.ReplaceAll(f.Name, "-", "_") }

// Digits writes x in the alphabet's base, zero-padded to width digits.
func Digits(x *big.Int, alphabet string, width int) string {
	out := make([]byte, width)
	base := big.NewInt(int64(len(alphabet)))
	x = new(big.Int).Set(x)
	d := new(big.Int)
	for i := width - 1; i >= 0; i-- {
		x.QuoRem(x, base, d)
		out[i] = alphabet[d.Int64()]
	}
	return string(out)
}

// what describes what a field holds, for the doc comment of its reader.
func what(l *resolved.Layout, f *resolved.Field) string {
	var roles []string
	for _, si := range f.Segments {
		for _, pi := range l.Segments[si].Parts {
			r := l.Parts[pi].Role.String()
			if len(roles) == 0 || roles[len(roles)-1] != r {
				roles = append(roles, r)
			}
		}
	}
	kind := "an integer"
	if f.Bytes {
		kind = fmt.Sprintf("%d bytes", f.Width/8)
	}
	return fmt.Sprintf("%d bits (%s): %s", f.Width, kind, strings.Join(roles, " + "))
}

// CommentSafe reports whether r may stand as itself in a generated
// comment, in every language idforge writes: a tab, or a printable
// character (unicode.IsPrint: a letter, mark, number, punctuation, symbol
// or the ASCII space). Every other rune is written as an escape: a
// control character or one a language reads as a line end (JavaScript
// takes U+2028 and U+2029, Python \f and \r, some SQL clients U+0085)
// could end the comment early, and a bidirectional or other format
// control (U+202A-202E, U+2066-2069, U+200E, U+200F, U+061C, U+FEFF and
// the rest of category Cf) could make the code read otherwise than it
// compiles ("Trojan Source", CVE-2021-42574). It is the one rule that
// every emitter's comments follow, Go's too.
func CommentSafe(r rune) bool { return r == '\t' || unicode.IsPrint(r) }

// SQLComments returns text as SQL line comments, one "-- " line for each
// of its lines, each made safe by Comment and without trailing blanks: the
// comments every SQL dialect's script writes.
func SQLComments(text string) string {
	var b strings.Builder
	for _, line := range strings.Split(strings.TrimRight(text, "\n"), "\n") {
		b.WriteString(strings.TrimRight("-- "+Comment(line), " ") + "\n")
	}
	return b.String()
}

// Comment returns text made safe for a comment: each rune that is not
// CommentSafe written as Go writes it in a quoted rune, ASCII only (\r,
// \x00, \u202e, \U000e0001), and each byte of invalid UTF-8 as \xNN.
func Comment(text string) string {
	var b strings.Builder
	for i, r := range text {
		size := utf8.RuneLen(r)
		switch {
		case r == utf8.RuneError && !strings.HasPrefix(text[i:], string(utf8.RuneError)):
			fmt.Fprintf(&b, `\x%02x`, text[i])
		case CommentSafe(r):
			b.WriteString(text[i : i+size])
		default:
			b.WriteString(strings.Trim(strconv.QuoteRuneToASCII(r), "'"))
		}
	}
	return b.String()
}

// Source returns generated source with every rune that is not
// CommentSafe, but the newlines that end its lines, escaped as Comment
// escapes it. The emitters whose code pastes a spec's text (a declared
// encoding's title, say) into comments and docs in many places pass their
// whole output through it, so that none of those places can show a
// control raw; their string literals escape such runes already, so only
// comments and docs change.
func Source(src []byte) []byte { return []byte(Doc(string(src))) }

// Doc returns text of several lines, a doc comment's, with each line made
// safe as Comment makes it and the newlines between them kept.
func Doc(text string) string {
	lines := strings.Split(text, "\n")
	for i, l := range lines {
		lines[i] = Comment(l)
	}
	return strings.Join(lines, "\n")
}

// Lines returns text's lines, each made safe with Comment, without trailing
// blank lines.
func Lines(text string) []string {
	var out []string
	for _, line := range strings.Split(strings.TrimRight(text, "\n"), "\n") {
		out = append(out, strings.TrimRight(Comment(line), " "))
	}
	return out
}

// Fill refills text's paragraphs to width columns: blank lines separate
// paragraphs, and lines that start with a tab are code, kept as they are.
func Fill(text string, width int) string {
	var out []string
	var words []string
	flush := func() {
		line := ""
		for _, w := range words {
			switch {
			case line == "":
				line = w
			case len(line)+1+len(w) > width:
				out = append(out, line)
				line = w
			default:
				line += " " + w
			}
		}
		if line != "" {
			out = append(out, line)
		}
		words = nil
	}
	for _, line := range strings.Split(text, "\n") {
		switch {
		case line == "":
			flush()
			out = append(out, "")
		case strings.HasPrefix(line, "\t"):
			flush()
			out = append(out, line)
		default:
			words = append(words, strings.Fields(line)...)
		}
	}
	flush()
	return strings.Join(out, "\n")
}

// CaseNote says, for a parser's doc, whether the form's decoder folds case,
// and what its aliases read as.
func (f Form) CaseNote() string {
	note := "; case matters"
	if f.FoldCase {
		note = ", in either case"
	}
	if a := (encodings.Spec{Aliases: f.Aliases}).DescribeAliases(); a != "" {
		note += ", with " + a
	}
	return note
}

// Mask returns 2^width - 1.
func Mask(width int) *big.Int {
	return new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), uint(width)), big.NewInt(1))
}

// RoleMask returns the bits of the ID a role's runs hold.
func RoleMask(r *Role) *big.Int {
	m := new(big.Int)
	for _, run := range r.Runs {
		m.Or(m, new(big.Int).Lsh(Mask(run.Width), uint(run.Shift)))
	}
	return m
}

// PublicFormDoc says, for the emitters' comments, what the public form of
// a layout's ID is (Private IDs): for a UUID layout a UUIDv4, for any other
// same (such as "an ID of the same layout") with the constant bits kept.
func PublicFormDoc(l *resolved.Layout, same string) string {
	if l.IsUUID() {
		return "a UUIDv4 (version 4, variant 0b10) whose other 122 bits are a keyed permutation of the ID's free bits"
	}
	return same + ", its constant bits kept and the others a keyed permutation of the ID's"
}

// NotMaskedDoc says, for the docs of unmask, which text of layout l's form
// is no public form (ErrNotMasked).
func NotMaskedDoc(l *resolved.Layout) string {
	if l.IsUUID() {
		return "a UUID that is not a version 4, such as an unmasked ID of this layout"
	}
	return "text of the layout's form whose constant bits are not the layout's"
}
