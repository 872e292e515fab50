// Package java generates a Java class for an ID layout: the same layouts
// model the Go, SQL, JavaScript and Python emitters read, written out as
// one final class for Java 17 and later that needs only the JDK and
// compiles with javac --release 17 -Xlint:all -Xdoclint:all -Werror.
//
// The class (named as gen's -type, else after its file, else after the
// layout as Java writes a class's name: UuidV7, ObjectId; see ClassName)
// holds an ID of at most 128 bits in private longs, hi and lo (v
// alone for 64 bits or fewer), as java.util.UUID does, and a wider one's
// bytes, big-endian, in a private array that never leaves it: it is
// immutable, Comparable in unsigned byte order (its Javadoc says why that
// is not java.util.UUID's signed order) and Serializable (the ID's bytes
// as the raw data of a proxy with no fields, which checks what it reads: 68
// bytes for a UUID layout's). Beside the ID's readers and writers and a
// static isValid(String) (parse succeeds, and the constant bits are the
// layout's) it has a Fields record whose components are the spec's names
// in camelCase (ComponentName), a thread-safe Generator with an
// injectable java.time.Clock and random source, a process-wide newId, mask
// and unmask (HMAC-SHA-256: javax.crypto.Mac for the subkey,
// java.security.MessageDigest for the rounds, the last few keys' kept),
// and fromName for a name-based layout (java.security.MessageDigest; the
// name space an ID or a java.util.UUID, the name a String, refused as
// ErrType where it is not valid Unicode, or a byte[]). A generator's node
// is a long; Generator.withRandomNode makes one without. Every bad input
// throws IDException (unchecked, in the same package, written beside the
// class: see Exception), whose code is an enum, IDException.Code, each
// constant naming the error kind as Go's sentinel errors and the
// conformance corpus name it (errorName); a null argument throws
// NullPointerException.
//
// Such a class is self-contained: it holds, as private static members, the
// helpers it uses that do not depend on its layout (the text forms' codec,
// the bit moves, the mask's round function and Feistel network, ...). The
// classes of idforge's own Java package, io.github.idforge, share them
// instead: Runtime writes them into one package-private class, IDRuntime,
// which each class imports statically (emit.Options.Runtime), so that a
// call to a helper reads the same in both, and only where it lives
// differs. What a helper needs of its layout it takes as a parameter.
//
// What Java cannot express as Go does, and what the class does instead:
//
//   - An integer field is a long (the spec language holds them to 64 bits);
//     one of 64 bits holds its value's bits, read unsigned
//     (Long.toUnsignedString). A bytes field is a byte[], which the record
//     compares by content.
//   - Text lengths and error positions count bytes of UTF-8, as Go does,
//     not Java's UTF-16 chars.
//   - Name-based layouts (a hash role) get no generator, as in JavaScript
//     and Python.
//
// Generate is pure: it returns the source and writes nothing.
package java

import (
	"fmt"
	"math/big"
	"regexp"
	"slices"
	"strings"

	"github.com/idforge/idforge/encodings"
	"github.com/idforge/idforge/gen/internal/portable"
	"github.com/idforge/idforge/mask"
	"github.com/idforge/idforge/resolved"
)

// ErrName reports a type, package or field name the class cannot use.
var ErrName = portable.ErrName

// ErrLayout reports a layout or text form the class cannot serve.
var ErrLayout = portable.ErrLayout

// keywords are Java's reserved words and literals.
var keywords = words(`abstract assert boolean break byte case catch char class const continue default do
	double else enum extends final finally float for goto if implements import instanceof int interface
	long native new package private protected public return short static strictfp super switch
	synchronized this throw throws transient try void volatile while true false null var yield record
	sealed permits non_sealed _`)

// typeWords are the names a class may not take besides the keywords: the
// names the class uses unqualified (java.lang's and its imports') and its
// own nested types.
var typeWords = words(`Object String Long Integer Math System Character Byte Boolean Thread Class Override
	SuppressWarnings Comparable Iterable Runnable Record Enum Error Exception RuntimeException
	IllegalArgumentException IllegalStateException InterruptedException ArithmeticException
	StringBuilder Serializable MethodHandles VarHandle ByteOrder InvalidObjectException ObjectInputStream ObjectOutputStream IOException ObjectStreamException Arrays
	BigInteger Instant Clock Duration UUID MessageDigest Mac SecretKeySpec SecureRandom RandomGenerator
	StandardCharsets GeneralSecurityException NoSuchAlgorithmException DateTimeException
	LockSupport IDException IDRuntime Fields Generator Form Ser Shared Masker Objects`)

// fieldWords are the names a field may not take besides the keywords: a
// record's component may not be named as a method of Object.
var fieldWords = words(`clone finalize getClass hashCode notify notifyAll toString wait equals`)

func words(s string) map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(s) {
		m[w] = true
	}
	return m
}

var packageName = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*$`)

// Generate returns the class of layout l, named typ, in package pkg, whose
// toString writes text: "uuid", "decimal", an encoding's name, or "" for
// the layout's canonical text (resolved.Layout.Text).
func Generate(l *resolved.Layout, pkg, typ, text string) ([]byte, error) {
	return generate(l, pkg, typ, text, false)
}

// generate returns the class; with runtime, one of the package whose
// IDRuntime (Runtime) holds the shared helpers, which the class imports.
func generate(r *resolved.Layout, pkg, typ, text string, runtime bool) ([]byte, error) {
	if !packageName.MatchString(pkg) {
		return nil, fmt.Errorf("%w: package %q is not a Java package name", ErrName, pkg)
	}
	for _, w := range strings.Split(pkg, ".") {
		if keywords[w] {
			return nil, fmt.Errorf("%w: package %q holds the reserved word %q", ErrName, pkg, w)
		}
	}
	reservedTypes := map[string]bool{}
	for w := range keywords {
		reservedTypes[w] = true
	}
	for w := range typeWords {
		reservedTypes[w] = true
	}
	reservedFields := map[string]bool{}
	for w := range keywords {
		reservedFields[w] = true
	}
	for w := range fieldWords {
		reservedFields[w] = true
	}
	p, err := portable.New(r, typ, text, reservedTypes, reservedFields)
	if err != nil {
		return nil, err
	}
	// The record's components are the spec's snake_case names in Java's
	// lowerCamelCase: unix_ms is unixMs.
	components := map[string]string{}
	for i, f := range p.Fields {
		name := javaField(f.Name)
		if reservedFields[name] {
			return nil, fmt.Errorf("%w: field %q is %q in Java, a reserved word", ErrName, f.Name, name)
		}
		if other, ok := components[name]; ok {
			return nil, fmt.Errorf("%w: fields %q and %q are both %q in Java", ErrName, other, f.Name, name)
		}
		components[name] = f.Name
		p.Fields[i].Name = name
	}
	for _, role := range []*portable.Role{p.Time, p.ClockSeq, p.Node} {
		if role != nil && role.Width > 64 {
			return nil, fmt.Errorf("%w: %s: a time, clock sequence or node wider than 64 bits", ErrLayout, r.Name)
		}
	}
	declared, err := declaredForms(p)
	if err != nil {
		return nil, err
	}
	w := newWriter(p, pkg, declared)
	w.runtime = runtime
	w.profiles = arrangements(r)
	if runtime {
		if !runtimeNeeds().covers(w.needs()) {
			return nil, fmt.Errorf("%w: %s: IDRuntime serves the built-in layouts' classes, and this layout needs helpers it does not hold (a check symbol?): generate a self-contained class", ErrLayout, r.Name)
		}
		for _, f := range w.forms() {
			for _, n := range []string{lowerCamel(f.Ident()), "parse" + camel(f.Ident()), formConst(f)} {
				if runtimeMembers()[n] {
					return nil, fmt.Errorf("%w: encoding %q: the class's %s would hide IDRuntime's", ErrName, f.Name, n)
				}
			}
		}
	}
	w.class()
	return []byte(w.source()), nil
}

// newWriter returns the writer of plan p's class in package pkg.
func newWriter(p *portable.Plan, pkg string, declared []portable.Form) *writer {
	w := &writer{p: p, pkg: pkg, declared: declared}
	if s, err := mask.ShapeOf(p.L.Model); err == nil {
		w.shape = &s
	}
	return w
}

type writer struct {
	p *portable.Plan
	// declared are the forms of the encodings the spec declares besides
	// its text form.
	declared []portable.Form
	pkg      string
	shape    *mask.Shape // nil for a layout that cannot be masked
	// runtime says that the class uses IDRuntime's shared helpers rather
	// than holding them.
	runtime bool
	// profiles are the storage profiles the layout fits, and those it
	// does not.
	profiles storedProfiles
	b        strings.Builder
}

// t writes a template: each $NAME$ in it becomes the value vars gives it,
// besides $T$ (the class), $LAYOUT$ (the layout's name as a string
// literal), $SIZE$ and $BITS$.
func (w *writer) t(template string, vars ...string) {
	pairs := []string{"$T$", w.p.Type, "$LAYOUT$", javaString(w.p.L.Name),
		"$SIZE$", fmt.Sprint(w.p.Size), "$BITS$", fmt.Sprint(w.p.Bits)}
	for i := 0; i+1 < len(vars); i += 2 {
		pairs = append(pairs, "$"+vars[i]+"$", vars[i+1])
	}
	w.b.WriteString(strings.NewReplacer(pairs...).Replace(template))
}

// imports are the classes the source may name, each imported where its
// simple name appears in the class.
var imports = []string{
	"java.io.IOException",
	"java.io.InvalidObjectException",
	"java.io.ObjectInputStream",
	"java.io.ObjectOutputStream",
	"java.io.ObjectStreamException",
	"java.io.Serializable",
	"java.lang.invoke.MethodHandles",
	"java.lang.invoke.VarHandle",
	"java.math.BigInteger",
	"java.nio.ByteOrder",
	"java.nio.charset.StandardCharsets",
	"java.security.GeneralSecurityException",
	"java.security.MessageDigest",
	"java.security.NoSuchAlgorithmException",
	"java.security.SecureRandom",
	"java.time.Clock",
	"java.time.DateTimeException",
	"java.time.Instant",
	"java.util.Arrays",
	"java.util.List",
	"java.util.Objects",
	"java.util.UUID",
	"java.util.concurrent.locks.LockSupport",
	"java.util.random.RandomGenerator",
	"javax.crypto.Mac",
	"javax.crypto.spec.SecretKeySpec",
}

// source returns the file: its header, package, imports and the class.
func (w *writer) source() string {
	body := w.b.String()
	var b strings.Builder
	fmt.Fprintf(&b, "// Code generated by idforge gen -lang java from %s. DO NOT EDIT.\n\npackage %s;\n\n", asciiComment(w.p.L.File), w.pkg)
	b.WriteString(importLines(body))
	if w.runtime {
		fmt.Fprintf(&b, "\nimport static %s.%s.*;\n", w.pkg, RuntimeClass)
	}
	b.WriteString("\n")
	b.WriteString(body)
	return b.String()
}

// blockComment is a /* */ or /** */ comment.
var blockComment = regexp.MustCompile(`(?s)/\*.*?\*/`)

// importLines returns the imports of the classes that code names outside
// its block comments (a name a Javadoc mentions needs no import).
func importLines(code string) string {
	code = blockComment.ReplaceAllString(code, "")
	var b strings.Builder
	for _, imp := range imports {
		name := imp[strings.LastIndexByte(imp, '.')+1:]
		if regexp.MustCompile(`\b` + name + `\b`).MatchString(code) {
			fmt.Fprintf(&b, "import %s;\n", imp)
		}
	}
	return b.String()
}

// javaString returns s as a Java string literal, ASCII only.
func javaString(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		switch {
		case r == '"' || r == '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r < ' ' || r > 0x7e:
			for _, u := range utf16(r) {
				fmt.Fprintf(&b, "\\u%04x", u)
			}
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String()
}

func utf16(r rune) []rune {
	if r < 0x10000 {
		return []rune{r}
	}
	r -= 0x10000
	return []rune{0xd800 + r>>10, 0xdc00 + r&0x3ff}
}

// html returns text for a Javadoc comment: HTML's special characters, '@'
// (which could start a tag), '\' (which could start a Unicode escape, which
// javac reads even in comments) and "*/" escaped, and every character
// outside ASCII as a character reference, so that the source is ASCII.
func html(text string) string {
	var b strings.Builder
	for _, r := range portable.Comment(text) {
		switch {
		case r == '<':
			b.WriteString("&lt;")
		case r == '>':
			b.WriteString("&gt;")
		case r == '&':
			b.WriteString("&amp;")
		case r == '@':
			b.WriteString("&#64;")
		case r == '\\':
			b.WriteString("&#92;")
		case r == '/' && strings.HasSuffix(b.String(), "*"):
			b.WriteString("&#47;")
		case r > 0x7e:
			fmt.Fprintf(&b, "&#x%x;", r)
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// asciiComment returns text for a line comment: ASCII, with '\' and
// characters outside ASCII as '?'.
func asciiComment(text string) string {
	return strings.Map(func(r rune) rune {
		if r > 0x7e || r == '\\' {
			return '?'
		}
		return r
	}, portable.Comment(text))
}

// doc returns a Javadoc comment indented by indent: text's paragraphs
// (separated by blank lines) filled, the second and later starting with
// <p>, and its block tags (lines starting with '@', after the text) each
// filled on its own, continued four spaces in.
func doc(indent, text string) string {
	width := 76 - len(indent)
	var b strings.Builder
	b.WriteString(indent + "/**\n")
	line := func(s string) {
		if s == "" {
			b.WriteString(indent + " *\n")
		} else {
			b.WriteString(indent + " * " + s + "\n")
		}
	}
	var tags []string
	paras := 0
	for _, para := range strings.Split(strings.TrimSpace(text), "\n\n") {
		if strings.HasPrefix(para, "@") {
			tags = append(tags, strings.Split(para, "\n")...)
			continue
		}
		if paras > 0 {
			line("")
			para = "<p>" + para
		}
		paras++
		for _, l := range strings.Split(portable.Fill(para, width), "\n") {
			line(l)
		}
	}
	if len(tags) > 0 {
		line("")
	}
	for _, tag := range tags {
		for i, l := range strings.Split(portable.Fill(tag, width-4), "\n") {
			if i > 0 {
				l = "    " + l
			}
			line(l)
		}
	}
	b.WriteString(indent + " */\n")
	return b.String()
}

// hexBytes returns b as a Java string of hex digits, for the class's
// unhex helper that turns it into a byte[].
func hexBytes(b []byte) string { return fmt.Sprintf("\"%x\"", b) }

// bytesOf returns x as the ID's bytes, big-endian.
func (w *writer) bytesOf(x *big.Int) []byte {
	return x.FillBytes(make([]byte, w.p.Size))
}

// long returns the Java literal of x, a long or a value of at most 64
// bits read unsigned: decimal for a negative number or one below 2^31,
// else hex, which spells all 64 bits.
func long(x *big.Int) string {
	if x.Sign() < 0 || x.BitLen() <= 31 {
		return x.String() + "L"
	}
	return "0x" + x.Text(16) + "L"
}

// mask64 returns 2^width - 1 as a long literal.
func mask64(width int) string { return long(portable.Mask(width)) }

// camel returns a form's name as a Java method name's tail: crockford_check
// gives CrockfordCheck.
func camel(name string) string { return upperCamel(name) }

// lowerCamel returns a form's or a field's name as a Java method name:
// crockford-check gives crockfordCheck, unix_ms unixMs.
func lowerCamel(name string) string {
	c := camel(name)
	return strings.ToLower(c[:1]) + c[1:]
}

// ComponentName returns a spec's field name as the Fields record's
// component (and accessor) has it: lowerCamelCase, unix_ms giving unixMs,
// clock_seq clockSeq; a name of underscores alone stays as it is.
func ComponentName(name string) string { return javaField(name) }

func javaField(name string) string {
	if strings.Trim(name, "_-") == "" {
		return name
	}
	return lowerCamel(name)
}

// formConst returns the name of the constant that holds form f: BASE62,
// CROCKFORD_CHECK.
func formConst(f portable.Form) string { return strings.ToUpper(f.Ident()) }

// fieldType returns the Java type of a field's value.
func fieldType(f portable.Field) string {
	if f.Bytes {
		return "byte[]"
	}
	return "long" // an integer field has at most 64 bits (layouts.Parse)
}

// read returns the Java expression of a value of at most 64 bits spread
// over runs of the array arr.
func read(arr string, runs []portable.Run) string {
	if len(runs) == 0 {
		return "0L"
	}
	var terms []string
	for _, r := range runs {
		t := fmt.Sprintf("get(%s, %d, %d)", arr, r.Shift, r.Width)
		if r.Lo > 0 {
			t = fmt.Sprintf("%s << %d", t, r.Lo)
		}
		terms = append(terms, t)
	}
	return strings.Join(terms, " | ")
}

// place returns the statements that OR value v, of at most 64 bits, into
// its runs of the array arr, each ending with a newline and indented.
func place(indent, arr, v string, runs []portable.Run) string {
	var b strings.Builder
	for _, r := range runs {
		x := v
		if r.Lo > 0 {
			x = fmt.Sprintf("%s >>> %d", v, r.Lo)
		}
		fmt.Fprintf(&b, "%splace(%s, %d, %d, %s);\n", indent, arr, r.Shift, r.Width, x)
	}
	return b.String()
}

// placeBig returns the statements that OR a BigInteger v into its runs.
func placeBig(indent, arr, v string, runs []portable.Run) string {
	var b strings.Builder
	for _, r := range runs {
		fmt.Fprintf(&b, "%splaceBig(%s, %d, %d, %s.shiftRight(%d));\n", indent, arr, r.Shift, r.Width, v, r.Lo)
	}
	return b.String()
}

// readBig returns the expression of a BigInteger value over runs.
func readBig(arr string, runs []portable.Run) string {
	e := "BigInteger.ZERO"
	for i, r := range runs {
		t := fmt.Sprintf("getBig(%s, %d, %d)", arr, r.Shift, r.Width)
		if r.Lo > 0 {
			t += fmt.Sprintf(".shiftLeft(%d)", r.Lo)
		}
		if i == 0 {
			e = t
		} else {
			e += fmt.Sprintf(".or(%s)", t)
		}
	}
	return e
}

// wideCounter reports whether the layout's generator has a counter wider
// than a long, which it keeps as a BigInteger.
func (w *writer) wideCounter() bool {
	return w.p.Generates && w.p.Clock != nil && w.p.Counter != nil && w.p.Counter.Width > 64
}

// needsBig reports whether the class moves runs of any width, as
// BigIntegers: for wide fields, a wide counter or the mask.
func (w *writer) needsBig() bool { return w.unalignedBytes() || w.wideCounter() || w.shape != nil }

// unalignedBytes reports whether the layout has a bytes field that is not
// one run of whole bytes, which the class reads and writes through
// BigInteger.
func (w *writer) unalignedBytes() bool {
	return slices.ContainsFunc(w.p.Fields, func(f portable.Field) bool {
		_, _, ok := w.alignedBytes(f)
		return f.Bytes && !ok
	})
}

// hasBytes reports whether the layout has a bytes field, which the Fields
// record compares by content.
func (w *writer) hasBytes() bool {
	return slices.ContainsFunc(w.p.Fields, func(f portable.Field) bool { return f.Bytes })
}

// forms returns every fixed-width form of the class: base62, crockford,
// hex and the layout's own text form, if it is another encoding.
func (w *writer) forms() []portable.Form {
	forms := slices.Clip(w.p.Forms)
	if w.p.Text.Own() {
		forms = append(forms, w.p.Text)
	}
	return append(forms, w.declared...)
}

// hasCheck reports whether a form of the class has a check symbol.
func (w *writer) hasCheck() bool {
	return slices.ContainsFunc(w.forms(), func(f portable.Form) bool { return f.Check })
}

// methods are the names of the class's methods that a declared encoding's
// writer, named after it, must not take.
var methods = words(`bytes fields time unixNanos isValid isZero toUUID toLong toStored toStoredUUID fromStored mask compareTo equals hashCode
	toString getClass notify notifyAll wait clone finalize`)

// declaredForms returns the forms of the encodings the spec declares that
// the class has no method of yet (the text form is one already): each
// gets its parser and its writer, as base62 has.
func declaredForms(p *portable.Plan) ([]portable.Form, error) {
	var out []portable.Form
	for _, s := range p.L.Encodings {
		if s.Name == p.Text.Name || slices.ContainsFunc(p.Forms, func(f portable.Form) bool { return f.Name == s.Name }) {
			continue
		}
		e, err := encodings.New(s)
		if err != nil {
			return nil, fmt.Errorf("%w: encoding %s: %v", ErrLayout, s.Name, err)
		}
		name := lowerCamel(strings.ReplaceAll(s.Name, "-", "_"))
		if !ident.MatchString(name) || keywords[name] || methods[name] {
			return nil, fmt.Errorf("%w: encoding %q cannot name a Java method", ErrName, s.Name)
		}
		f := portable.Form{Name: s.Name, Title: s.Title, Alphabet: s.Digits, FoldCase: s.Fold, Aliases: s.Aliases, Check: s.Check,
			Width: e.DigitLen(p.Size), Pad: e.Pad(p.Size)}
		f.Max = portable.Digits(new(big.Int).Lsh(p.Max, uint(f.Pad)), s.Digits, f.Width)
		f.Overflows = !s.Bits && f.Max != strings.Repeat(s.Digits[len(s.Digits)-1:], f.Width)
		out = append(out, f)
	}
	return out, nil
}

var ident = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*$`)

// limbs returns the number of 32-bit limbs that hold any text of form f:
// its largest value, base^width, with room to see that it overflows.
func (w *writer) limbs(f portable.Form) int {
	max := new(big.Int).Exp(big.NewInt(int64(len(f.Alphabet))), big.NewInt(int64(f.Width)), nil)
	bits := max.BitLen()
	if need := w.p.Bits + f.Pad; need > bits {
		bits = need
	}
	return bits/32 + 1
}

// checkDigits are Crockford's check symbols, for forms that have one.
const checkDigits = encodings.CheckDigits

// alignedBytes returns, for a bytes field held in one run of whole bytes,
// the range [from, to) of the ID's bytes that hold it, and whether it is
// so held.
func (w *writer) alignedBytes(f portable.Field) (from, to int, ok bool) {
	if len(f.Runs) != 1 || f.Runs[0].Shift%8 != 0 || f.Runs[0].Width%8 != 0 {
		return 0, 0, false
	}
	r := f.Runs[0]
	return w.p.Size - (r.Shift+r.Width)/8, w.p.Size - r.Shift/8, true
}

// words returns the names of the long fields that hold the bits of an ID
// of at most 128 bits, most significant first: v for one of at most 64
// bits, hi and lo for a wider one, whose hi holds the bits above lo's 64.
// A wider ID (nil) keeps its bytes in an array, b.
func (w *writer) words() []string {
	switch {
	case w.p.Bits <= 64:
		return []string{"v"}
	case w.p.Bits <= 128:
		return []string{"hi", "lo"}
	}
	return nil
}

// bytesOfID returns the expression of the bytes of the ID id ("" for this
// one) in code that only reads them: a wide ID's own array, else a new one
// (bytes()).
func (w *writer) bytesOfID(id string) string {
	if id != "" {
		id += "."
	}
	if w.words() == nil {
		return id + "b"
	}
	return id + "bytes()"
}

// wordValues returns x, an ID's bits, as the Java literals of its words,
// most significant first.
func (w *writer) wordValues(x *big.Int) []string {
	n := len(w.words())
	out := make([]string, n)
	for i := range out {
		word := new(big.Int).Rsh(x, uint(64*(n-1-i)))
		out[i] = hexLong(word.And(word, portable.Mask(64)))
	}
	return out
}

// hexLong returns the Java literal of x, at most 64 bits read unsigned, in
// hex (0L for zero).
func hexLong(x *big.Int) string {
	if x.Sign() == 0 {
		return "0L"
	}
	return "0x" + x.Text(16) + "L"
}

// newID returns the expression of the ID whose bits are x.
func (w *writer) newID(x *big.Int) string {
	if w.words() == nil {
		return "of(unhex(" + hexBytes(w.bytesOf(x)) + "))"
	}
	return "new " + w.p.Type + "(" + strings.Join(w.wordValues(x), ", ") + ")"
}

// readID returns the Java expression of a value of at most 64 bits over
// runs of the ID's own bits: of its words, or of its array, b.
func (w *writer) readID(runs []portable.Run) string {
	ws := w.words()
	if ws == nil {
		return read("b", runs)
	}
	if len(runs) == 0 {
		return "0L"
	}
	var terms []string
	for _, r := range runs {
		t := w.wordBits(r.Shift, r.Width)
		if r.Lo > 0 {
			t = fmt.Sprintf("(%s) << %d", t, r.Lo)
		}
		terms = append(terms, t)
	}
	if len(terms) == 1 {
		return terms[0]
	}
	for i, t := range terms {
		if !strings.HasPrefix(t, "(") {
			terms[i] = "(" + t + ")"
		}
	}
	return strings.Join(terms, " | ")
}

// wordBits returns the expression of width bits (1 to 64) of the ID's
// words at shift, counted from the least significant bit.
func (w *writer) wordBits(shift, width int) string {
	ws := w.words()
	name := func(k int) string { return ws[len(ws)-1-k] } // the k-th word from the least significant
	k, off := shift/64, shift%64
	held := min(64, w.p.Bits-64*k) // the bits word k holds; those above are zero
	if off+width <= 64 {
		e := name(k)
		if off > 0 {
			e = fmt.Sprintf("%s >>> %d", e, off)
		}
		if off+width < held {
			e = fmt.Sprintf("%s & %s", e, hexLong(portable.Mask(width)))
		}
		return e
	}
	e := fmt.Sprintf("%s >>> %d | %s << %d", name(k), off, name(k+1), 64-off)
	if width < 64 {
		e = fmt.Sprintf("(%s) & %s", e, hexLong(portable.Mask(width)))
	}
	return e
}
