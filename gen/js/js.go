// Package js generates a JavaScript module for an ID layout: the same
// layouts model the Go and SQL emitters read, written out as one ES module
// with no dependencies and no top-level await, which runs unchanged in
// browsers, Node 20 and later (imported, or required from CommonJS where
// Node can require an ES module: 20.19 and later), Deno and Bun, and which
// esbuild, webpack and Rollup bundle at es2020; and a TypeScript
// declaration file beside it.
//
// The module exports the ID class (named as gen's -type), IDError,
// isValid, textToBytes and bytesToText, the masking functions, fromName for
// name-based layouts and, for the others, newId (the next ID of one
// process-wide generator), newText, newGenerator and, for layouts with a
// node, setNode. An ID holds its bits as 32-bit words in plain numbers,
// which the text forms, the parsers, time() and the generator work on
// (BigInt arithmetic allocates at every step), and as one BigInt once one
// is asked for, which fields, pack, minAt, maxAt and unixNanos work on: so
// a 64-bit layout never passes through a JavaScript number whole. fields()
// returns integers as BigInt and bytes fields as Uint8Array. Bad input
// throws IDError, whose code names the kind of error as Go's sentinel
// errors do (ErrLength, ErrSyntax, ErrOverflow, ErrRange, ErrTime, ErrType,
// ErrClockBackwards, ErrClockStalled, ErrNoGenerator, ErrOption), or
// ErrRandom, where there is no crypto.getRandomValues.
//
// What does not depend on the layout (IDError, the readers and writers of
// each text form, the field and clock tables' readers, the random pool) is
// the runtime (runtime.js). Generate writes a self-contained module, which
// carries the part of the runtime it uses; GenerateShared writes one that
// imports it from the runtime module Runtime returns, as the npm package
// does, so that the layouts of one bundle share it. The layout's own code
// is its constants and tables, the reader and writer of its canonical text
// (straight-line code where its base is a power of two; a 64-bit layout's
// decimal, the runtime's), the ID class and its generator, whose next()
// places the time, counter and random words by straight-line code.
//
// What JavaScript cannot express as Go does, and what the module does
// instead:
//
//   - A Date holds milliseconds: time() rounds the ID's instant down to the
//     millisecond (and throws ErrTime past the ±8.64e15 ms a Date holds);
//     unixNanos() gives it exactly, as a BigInt. minAt and maxAt take a
//     Date or a BigInt count of nanoseconds since the Unix epoch.
//   - The generator reads Date.now(), a millisecond clock: a layout with
//     finer ticks gets IDs whose time is a whole millisecond, ordered within
//     it by its counter or, for clock-sequence layouts (UUIDv1, v6), by
//     stepping the tick as Go does.
//   - next() is synchronous, and must not block the event loop, so a
//     counter that runs out in a layout that waits for the clock
//     (Snowflake) fails at once on the system clock (ErrClockStalled, or
//     ErrClockBackwards), where Go's generator sleeps; a clock of the
//     options, which a test moves on as it is read, it reads again.
//   - Name-based layouts (a hash role) get fromName and no generator: Web
//     Crypto's digest is asynchronous and has no MD5 or SHA-1, so the
//     runtime has synchronous MD5, SHA-1 and SHA-256 of its own.
//   - newGenerator takes an options object ({ clock, random }) where Go
//     takes Option values; an option the layout's generator cannot use is
//     ErrOption, as Go's NewGenerator reports one.
//
// Generate and GenerateShared are pure: they return the module and write
// nothing.
package js

import (
	"fmt"
	"math/big"
	"strings"
	"unicode/utf16"

	"github.com/idforge/idforge/gen/internal/portable"
	"github.com/idforge/idforge/resolved"
)

// ErrName reports a type or field name the module cannot use.
var ErrName = portable.ErrName

// ErrLayout reports a layout or text form the module cannot serve.
var ErrLayout = portable.ErrLayout

// reserved are JavaScript's reserved words and the module's own names, which
// the class cannot be. A field name is only ever an object key, which may be
// a reserved word, but not __proto__, which would set the object's prototype.
var reserved = map[string]bool{}

func init() {
	for _, w := range strings.Fields(`break case catch class const continue debugger default delete do
		else enum export extends false finally for function if import in instanceof new null return
		super switch this throw true try typeof var void while with yield let static implements
		interface package private protected public await arguments eval undefined NaN Infinity
		IDError Generator Object BigInt Date Error`) {
		reserved[w] = true
	}
}

var lang = portable.Lang{Lit: func(x *big.Int) string { return portable.Literal(x) + "n" }}

// Generate returns a self-contained module (FILE.js), which carries the
// part of the runtime it uses, and its declarations (FILE.d.ts) for layout
// l, with an ID class named typ and text, the form toString writes:
// "uuid", "decimal", "base62", "crockford" or "hex", or "" for the
// layout's own: the form its spec declares, else the canonical UUID form
// for a UUID layout, decimal (the ID's bits as an int64) for a 64-bit
// layout and Base62 for any other (resolved.Layout.Text).
func Generate(l *resolved.Layout, typ, text string) (module, decls []byte, err error) {
	return generateResolved(l, typ, text, "")
}

// GenerateShared is Generate for a module of a package: it imports what it
// uses of the runtime from the module runtime (a specifier, such as
// "./runtime.js"), which holds what Runtime returns.
func GenerateShared(l *resolved.Layout, typ, text, runtime string) (module, decls []byte, err error) {
	return generateResolved(l, typ, text, runtime)
}

// generateResolved is Generate and GenerateShared, and the registry's
// Emitter.
func generateResolved(r *resolved.Layout, typ, text, runtime string) (module, decls []byte, err error) {
	p, err := portable.New(r, typ, text, reserved, map[string]bool{"__proto__": true})
	if err != nil {
		return nil, nil, err
	}
	w := &writer{p: p}
	w.module(runtime)
	d := &writer{p: p}
	d.decls()
	return []byte(wrapComments(w.b.String())), []byte(wrapComments(d.b.String())), nil
}

type writer struct {
	p *portable.Plan
	b strings.Builder

	allowed []string // the options of newGenerator, once generator has written it
}

func (w *writer) f(format string, args ...any) { fmt.Fprintf(&w.b, format, args...) }

// comment writes text as // lines at the given indent.
func (w *writer) comment(indent, text string) {
	for _, line := range portable.Lines(text) {
		w.f("%s%s\n", indent, strings.TrimRight("// "+line, " "))
	}
}

func (w *writer) header() {
	p := w.p
	w.comment("", fmt.Sprintf("Code generated by idforge gen -lang js from %s. DO NOT EDIT.", p.L.File))
	w.f("//\n")
	if p.L.Doc != "" {
		w.comment("", p.L.Doc)
		w.f("//\n")
	}
	w.comment("", fmt.Sprintf("Layout %s, %d bits, most significant first:", p.L.Name, p.Bits))
	w.f("//\n")
	for _, line := range portable.Lines(p.L.Diagram()) {
		w.f("//   %s\n", line)
	}
	w.f("//\n")
}

func (w *writer) module(runtime string) {
	p := w.p
	w.header()
	where := "It carries the part of idforge's JavaScript runtime it uses: it needs\nnothing else."
	if runtime != "" {
		where = fmt.Sprintf("It imports what it uses of idforge's JavaScript runtime from %s.", runtime)
	}
	head := fmt.Sprintf(`An ES module for browsers, Node 20 and later, Deno and Bun, with no
top-level await. %s An ID holds its %d bits as 32-bit
words, and as one BigInt when asked for one (toBigInt, fields). Its text
(toString) is %s; base62(), crockford() and hex() write the fixed-width
forms, which sort as the bytes do. Errors are IDError, whose code (such as
ErrSyntax) says what is wrong.`, where, p.Bits, textDoc(p))
	w.comment("", portable.Fill(head, 77))
	body := &writer{p: p}
	body.body()
	if runtime != "" {
		w.f("%s", imports(code(body.b.String()), runtime))
	} else {
		w.f("%s", inline(needed(code(body.b.String()))))
	}
	w.f("%s", body.b.String())
}

// body writes the layout's own code: its constants and tables, its
// canonical text's reader and writer, the ID class and the generator.
func (w *writer) body() {
	p := w.p
	w.f(`
/**
 * The layout, as the runtime's functions take it: its name, which prefixes
 * every error's message, its width in bits, its size in bytes, and the
 * count of 32-bit words that hold its bits.
 */
const L = { name: %s, bits: %d, size: %d, words: %d };
`, jsString(p.L.Name), p.Bits, p.Size, words(p.Bits))
	if p.ConstMask.Sign() != 0 {
		w.f(`
/** The constant bits of the layout (versions, variants), and their values. */
const CONST_MASK = %s;
const CONST_VALUE = %s;
`, lang.Lit(p.ConstMask), lang.Lit(p.ConstValue))
	}
	w.f(`
/**
 * The fields, in the spec's order, a row each: the name, the width in
 * bits, whether it is bytes, and where its bits lie in the ID, three
 * numbers a run (its shift, its width, and the field's bit it starts at).
 */
const FIELDS = [
`)
	for _, f := range p.Fields {
		w.f("  [%s, %d, %t, [%s]], // %s\n", jsString(f.Name), f.Width, f.Bytes, runs(f.Runs), f.What)
	}
	w.f("];\n")
	if c := p.Clock; c != nil {
		w.f(`
/**
 * The clock: ticks of %s since %s, a tick being num / den
 * nanoseconds; the epoch in nanoseconds since the Unix epoch, the last
 * tick, and where the time's bits lie in the ID (as FIELDS has them).
 */
const CLOCK = { epoch: %s, num: %s, den: %s, max: %s, runs: [%s] };

/** The bits maxAt sets beside the time: the constant ones, and every bit that is neither a constant nor the time. */
const REST = %s;
`, c.Unit, c.Epoch, lang.Lit(c.EpochNs), lang.Lit(c.TickNum), lang.Lit(c.TickDen), lang.Lit(c.MaxTick), runs(p.Time.Runs),
			lang.Lit(new(big.Int).Or(p.Untimed(), p.ConstValue)))
	}
	if p.Text.Own() {
		w.ownForm(p.Text)
	}
	if p.Text.Name != "uuid" && log2(len(p.Text.Alphabet)) != 0 {
		w.bitsEncoder(p.Text)
		w.bitsDecoder(p.Text)
	}
	c := &writer{p: p}
	c.idClass()
	w.f("%s", pureClass(c.b.String()))
	toBytesDoc := fmt.Sprintf(`Reads the text toString writes%s, and returns the ID's %d
 * bytes, big-endian, as ID.parse(s).bytes() would: a bundle that needs no
 * more than that, and bytesToText, leaves the %s class out.`, parseDoc(w), p.Size, p.Type)
	if p.Text.Name == "decimal" {
		toBytesDoc = docText("", fmt.Sprintf("Reads decimal text, as ID.parse does, and returns the ID's %d bytes, big-endian, as ID.parse(s).bytes() would: a bundle that needs no more than that, and bytesToText, leaves the %s class out.", p.Size, p.Type))
	}
	w.f(`
/**
 * %[1]s
 * @param {string} s
 * @returns {Uint8Array}
 */
export function textToBytes(s) {
  return bytesOf(%[4]s, %[2]d);
}

/**
 * Returns the text of the ID whose bytes are b (exactly %[2]d of them,
 * big-endian, in an ArrayBuffer or any view of one), as
 * ID.fromBytes(b).toString() would.
 * @param {ArrayBufferLike | ArrayBufferView} b
 * @returns {string}
 */
export function bytesToText(b) {
  return %[5]s;
}
`, toBytesDoc, p.Size, p.Type, decodeCall(p, p.Text, "s"), encodeCall(p, p.Text, "bytesWords(L, b)"))
	w.isValid()
	if p.Hash != nil {
		w.fromName()
	}
	w.maskFunctions()
	if p.Generates {
		w.generator()
	}
	w.stored()
	w.sqlite()
}

// isValid writes isValid, the check of text that never throws: true when
// ID.parse reads the text and the ID it reads has the layout's constant
// bits (docs/contract.md), worked out on the words the reader gives,
// without the class, so that a bundle that checks text need not carry it.
func (w *writer) isValid() {
	p := w.p
	check := "return true;"
	constDoc := "The layout has no constant bits, so\n * every text parse reads is valid."
	if p.ConstMask.Sign() != 0 {
		check = "return (bigOf(" + decodeCall(p, p.Text, "s") + ") & CONST_MASK) === CONST_VALUE;"
		constDoc = "Text of an ID of another layout of the same\n * size (a UUID of another version or variant) is false, though ID.parse\n * reads it: parse it to see which it is (docs/contract.md)."
	} else {
		check = decodeCall(p, p.Text, "s") + ";\n    return true;"
	}
	w.f(`
/**
 * Reports whether s is the text of an ID of layout %[1]s, without throwing:
 * text ID.parse reads (%[2]s),
 * of an ID whose constant bits are the layout's (valid()). It is false for
 * anything else, a value that is not a string included, as in every
 * language idforge writes. %[3]s
 * @param {unknown} s
 * @returns {boolean}
 */
export function isValid(s) {
  try {
    %[4]s
  } catch {
    return false;
  }
}
`, p.L.Name, strings.TrimPrefix(parseDoc(w), ": "), constDoc, check)
}

// hashNames are the runtime's digests of the algorithms a hash role names.
var hashNames = map[string]string{"md5": "md5", "sha1": "sha1", "sha256": "sha256"}

// fromName writes fromName, for a name-based layout (one with a hash role).
func (w *writer) fromName() {
	p := w.p
	alg := p.Hash.V.Algorithm
	w.f(`
/**
 * Returns the ID of layout %[1]s for a name in a namespace, as idforge
 * makes it in every language: the %[2]s digest of the namespace's %[3]d bytes
 * followed by the name's, its first %[3]d bytes with the constant bits
 * written over them. The same namespace and name always give the same ID.
 * The namespace is an ID (its bytes: any ID of %[3]d bytes, such as a UUID
 * of another version), text ID.parse reads, or %[3]d bytes; the name is text
 * (its UTF-8 bytes) or bytes, hashed as they are. Text that is not valid
 * Unicode (a string with a surrogate that is not half of a pair), which
 * has no UTF-8, is IDError ErrType, as in every language idforge writes.
 * @param {{bytes(): Uint8Array} | string | ArrayBufferLike | ArrayBufferView} namespace
 * @param {string | ArrayBufferLike | ArrayBufferView} name
 * @returns {%[4]s}
 */
export function fromName(namespace, name) {
  return new %[4]s(nameBits(L, %[5]s, (s) => %[6]s, namespace, name) & ~%[7]s | %[8]s);
}
`, p.L.Name, strings.ToUpper(alg), p.Size, p.Type, hashNames[alg], decodeCall(p, p.Text, "s"), constMaskName(p), constStart(p))
}

// constMaskName returns the expression of the layout's constant bits' mask.
func constMaskName(p *portable.Plan) string {
	if p.ConstMask.Sign() != 0 {
		return "CONST_MASK"
	}
	return "0n"
}

// pureClass returns the text idClass writes with the class, which follows
// the line that opens the arrow function marked pure, indented in it, and
// the call that closes it.
func pureClass(text string) string {
	const open = "(() =>\n"
	i := strings.Index(text, open) + len(open)
	lines := strings.Split(strings.TrimSuffix(text[i:], "\n"), "\n")
	for k, line := range lines {
		if line != "" {
			lines[k] = "  " + line
		}
	}
	return text[:i] + strings.Join(lines, "\n") + ")();\n"
}

// runs returns runs as FIELDS and CLOCK hold them: three numbers a run.
func runs(rs []portable.Run) string {
	var out []string
	for _, r := range rs {
		out = append(out, fmt.Sprintf("%d, %d, %d", r.Shift, r.Width, r.Lo))
	}
	return strings.Join(out, ", ")
}

func textDoc(p *portable.Plan) string {
	if p.Text.Name == "uuid" {
		return "the canonical UUID form\n(8-4-4-4-12 lower-case hex), and ID.parse reads every UUID form"
	}
	return p.Text.Describe()
}

// jsString returns s as a single-quoted JavaScript string literal.
func jsString(s string) string {
	var b strings.Builder
	b.WriteByte('\'')
	for _, r := range s {
		switch {
		case r == '\'' || r == '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case !portable.CommentSafe(r) || r == '\t':
			// Controls, line ends and bidirectional controls, escaped by
			// the rule the comments follow, so that none shows raw.
			for _, u := range utf16.Encode([]rune{r}) {
				fmt.Fprintf(&b, "\\u%04x", u)
			}
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('\'')
	return b.String()
}

func (w *writer) idClass() {
	p := w.p
	nw := words(p.Bits)
	w.f(`
/**
 * The key that lets this module's own code make an ID from words it has
 * checked already, past the constructor's checks, and the key of an ID's
 * bits, as words. Neither is exported, and an ID is frozen, so no code
 * changes an ID's bits.
 */
const RAW = /* @__PURE__ */ Symbol('raw');
const W = /* @__PURE__ */ Symbol('words');

/**
 * Returns the ID of words w, which the caller made: %[4]d numbers, each
 * 0 <= w[i] < 2^32, none above the ID's width.
 */
function make(w) {
  return new %[3]s(RAW, w);
}

/** The IDs with every bit zero and every bit one, made when first asked for. */
let nil;
let max;

/**
 * An ID of layout %[1]s: %[2]d bits, immutable: they are held under a key
 * only this module has, as 32-bit words (most significant first), in a
 * frozen object, the words frozen too. Compare IDs with compare or equals;
 * they order as their bytes do.
 *
 * The class is the value of a call marked pure, so that a bundler leaves it
 * out of a program that uses none of it (newText, say): the key of its
 * method for util.inspect is computed, which a bundler cannot tell from
 * code with side effects.
 */
export const %[3]s = /* @__PURE__ */ (() =>
class %[3]s {
  /**
   * Returns the ID whose bytes, read as one big-endian number, are n.
   * @param {bigint} n
   */
  constructor(n, w) {
    if (n !== RAW) {
      if (typeof n !== 'bigint') throw fail(L, 'ErrType', 'an ID is made from a BigInt, not ' + typeof n);
      if (!fits(L, n)) throw fail(L, 'ErrRange', n + ' does not fit in %[2]d bits');
      w = wordsOf(n, %[4]d);
    }
    // Frozen, words and all: a write through the key (which
    // Object.getOwnPropertySymbols shows) throws in strict mode and changes
    // nothing, so ID.NIL, shared by every importer, stays the ID it is.
    this[W] = Object.freeze(w);
    Object.freeze(this);
  }

  /** The ID with every bit zero. */
  static get NIL() {
    return nil ?? (nil = make(%[6]s));
  }

  /** The ID with every bit one. */
  static get MAX() {
    return max ?? (max = make(%[5]s));
  }
`, p.L.Name, p.Bits, p.Type, nw, maxWords(p.Bits), zeroWords(p.Bits))

	// Parsers.
	if p.Text.Name == "uuid" {
		w.f(`
  /**
   * Reads a UUID in any of its forms: canonical 8-4-4-4-12, 32 hex digits,
   * {canonical} or urn:uuid:canonical, hex digits in either case.
   * @param {string} s
   * @returns {%[1]s}
   */
  static parse(s) {
    return make(%[2]s);
  }
`, p.Type, decodeCall(p, p.Text, "s"))
	} else if p.Text.Name == "decimal" {
		w.f(`
  /**
   * %[2]s
   * @param {string} s
   * @returns {%[1]s}
   */
  static parse(s) {
    return make(%[3]s);
  }
`, p.Type, docText("  ", "Reads the text toString writes: the unsigned number the ID's 64 bits hold, in decimal, "+p.Text.DecimalSyntax()+"."), decodeCall(p, p.Text, "s"))
	} else {
		w.f(`
  /**
   * %[2]s
   * @param {string} s
   * @returns {%[1]s}
   */
  static parse(s) {
    return make(%[3]s);
  }
`, p.Type, docText("  ", fmt.Sprintf("Reads the text toString writes: exactly %s%s.", p.Text.Describe(), p.Text.CaseNote())), decodeCall(p, p.Text, "s"))
	}
	for _, f := range p.Forms {
		read := fmt.Sprintf("decodeRadix(L, s, %s_DIGITS, %d)", constName(f), f.Width)
		if isText(p, f) {
			read = decodeCall(p, f, "s")
		}
		w.f(`
  /**
   * %[2]s
   * @param {string} s
   * @returns {%[1]s}
   */
  static parse%[3]s(s) {
    return make(%[4]s);
  }
`, p.Type, docText("  ", fmt.Sprintf("Reads the %s form: exactly %d digits%s.", f.Title, f.Width, f.CaseNote()))+overflowNote(f), title(f.Name), read)
	}
	w.f(`
  /**
   * Returns the ID whose bytes are b: exactly %[2]d of them, big-endian, in
   * an ArrayBuffer (or a SharedArrayBuffer) or any view of one (a
   * Uint8Array, a Node Buffer, a DataView).
   * @param {ArrayBufferLike | ArrayBufferView} b
   * @returns {%[1]s}
   */
  static fromBytes(b) {
    return make(bytesWords(L, b));
  }

  /**
   * Builds an ID from its fields, keyed by the spec's names: integers as
   * BigInt or safe integer numbers, bytes fields as Uint8Array. A field left
   * out is zero. A value that does not fit its field is ErrRange: nothing is
   * masked.
   * @param {%[1]sFieldsInput} fields
   * @returns {%[1]s}
   */
  static pack(fields) {
    return new %[1]s(packFields(L, fields, FIELDS, %[3]s));
  }
`, p.Type, p.Size, constStart(p))
	if p.Clock != nil {
		w.f(`
  /**
   * Returns the smallest ID whose time is at or after t (a Date, or a BigInt
   * of nanoseconds since the Unix epoch): the first tick at or after t, with
   * every other bit that is not a constant 0. Before the epoch it gives the
   * first tick; after the last tick's time, which no ID is at or after, it
   * throws ErrTime. For a layout that sorts by time, the IDs made in [t1, t2)
   * are those with minAt(t1) <= id < minAt(t2).
   * @param {Date | bigint} t
   * @returns {%[1]s}
   */
  static minAt(t) {
    return new %[1]s(boundBits(L, CLOCK, t, %[2]s, 0n));
  }

  /**
   * Returns the largest ID whose time is at or before t: the last tick whose
   * time (rounded down to the nanosecond) is at or before t, with every
   * other bit that is not a constant 1. Before the epoch, which no ID is at
   * or before, it throws ErrTime; past the last tick it gives the last.
   * @param {Date | bigint} t
   * @returns {%[1]s}
   */
  static maxAt(t) {
    return new %[1]s(boundBits(L, CLOCK, t, REST, 1n));
  }
`, p.Type, constStart(p))
	}

	// Text.
	if p.Text.Name == "uuid" {
		w.f(`
  /** Returns the canonical UUID form: 8-4-4-4-12 lower-case hex digits. */
  toString() {
    return uuidOf(this[W]);
  }
`)
	} else if p.Text.Name == "decimal" {
		w.f(`
  /**
   * %s
   */
  toString() {
    return %s;
  }
`, docText("  ", "Returns the ID's text: "+p.Text.DecimalDoc()+"."), encodeCall(p, p.Text, "this[W]"))
	} else {
		as := ""
		if !p.Text.Own() {
			as = fmt.Sprintf(", as %s() writes them", p.Text.Name)
		}
		w.f(`
  /** Returns the ID's text: %s%s. */
  toString() {
    return %s;
  }
`, p.Text.Describe(), as, encodeCall(p, p.Text, "this[W]"))
	}
	w.f(`
  /** Returns the ID's text, as toString does, so that JSON.stringify writes it. */
  toJSON() {
    return this.toString();
  }

  /** Returns the ID's text, as toString does, for util.inspect and console.log. */
  [INSPECT]() {
    return this.toString();
  }
`)
	for _, f := range p.Forms {
		write := fmt.Sprintf("encodeRadix(this[W], %s_DIGITS, %d)", constName(f), f.Width)
		if isText(p, f) {
			write = encodeCall(p, f, "this[W]")
		}
		w.f(`
  /** Returns the %[1]s form: %[2]d digits (%[3]s), zero-padded, sorting as the bytes do. */
  %[4]s() {
    return %[5]s;
  }
`, f.Title, f.Width, digitsDoc(f), f.Name, write)
	}
	w.f(`
  /** Returns the ID's %d bytes, big-endian, in a new Uint8Array. */
  bytes() {
    return bytesOf(this[W], %d);
  }

  /** Returns the ID's bits as one BigInt, its bytes read big-endian. */
  toBigInt() {
    return bigOf(this[W]);
  }

  /**
   * Returns the ID's fields, keyed by the spec's names: integers as BigInt,
   * bytes fields as Uint8Array.
   * @returns {%sFields}
   */
  fields() {
    return fieldsOf(this.toBigInt(), FIELDS);
  }
`, p.Size, p.Size, p.Type)
	w.timeMethods()
	if p.ConstMask.Sign() != 0 {
		w.f(`
  /**
   * Reports whether the ID's constant bits (versions, variants) are those of
   * layout %s. The parsers check the form only.
   */
  valid() {
    return (this.toBigInt() & CONST_MASK) === CONST_VALUE;
  }
`, p.L.Name)
	} else {
		w.f(`
  /** Reports whether the ID is one of layout %s: always, as it has no constant bits. */
  valid() {
    return true;
  }
`, p.L.Name)
	}
	w.f(`
  /** Reports whether every bit of the ID is zero. */
  isZero() {
    return this[W].every((x) => x === 0);
  }

  /**
   * Returns -1, 0 or +1 as this ID is less than, equal to or greater than o,
   * comparing their bytes.
   * @param {%[1]s} o
   */
  compare(o) {
    if (!(o instanceof %[1]s)) throw fail(L, 'ErrType', 'compare takes an ID of the same layout');
    const a = this[W];
    const b = o[W];
    for (let i = 0; i < %[2]d; i++) {
      if (a[i] !== b[i]) return a[i] < b[i] ? -1 : 1;
    }
    return 0;
  }

  /**
   * Reports whether o is an ID with the same bits.
   * @param {unknown} o
   */
  equals(o) {
    return o instanceof %[1]s && this.compare(o) === 0;
  }
}
`, p.Type, nw)
}

// maxWords returns the array literal of the words of the ID of bits bits
// whose every bit is one.
func maxWords(bits int) string {
	var ws []string
	for i := range words(bits) {
		n := 32
		if i == 0 && bits%32 != 0 {
			n = bits % 32
		}
		ws = append(ws, wordMask(n))
	}
	return "[" + strings.Join(ws, ", ") + "]"
}

// zeroWords returns the array literal of the words of the ID of bits bits
// whose every bit is zero.
func zeroWords(bits int) string {
	return "[" + strings.Repeat("0, ", words(bits)-1) + "0]"
}

func overflowNote(f portable.Form) string {
	if f.Overflows {
		return fmt.Sprintf("\n   * Text above %s is ErrOverflow.", f.Max)
	}
	return ""
}

func digitsDoc(f portable.Form) string {
	switch f.Name {
	case "base62":
		return "0-9, A-Z, a-z"
	case "crockford":
		return "Crockford's base32, upper case"
	}
	return "lower-case hex"
}

func title(s string) string { return strings.ToUpper(s[:1]) + s[1:] }

func constStart(p *portable.Plan) string {
	if p.ConstMask.Sign() != 0 {
		return "CONST_VALUE"
	}
	return "0n"
}

func (w *writer) timeMethods() {
	p := w.p
	if p.Clock == nil {
		w.f(`
  /** Returns null: layout %s holds no time. */
  time() {
    return null;
  }
`, p.L.Name)
		return
	}
	w.f(`
  /** Returns the ID's time as nanoseconds since the Unix epoch, exactly. */
  unixNanos() {
    return nanosOf(CLOCK, this.toBigInt());
  }
`)
	if ms, ok := msTime(p); ok {
		w.f(`
  /**
   * Returns the ID's time as a Date. Every time the layout holds is a whole
   * millisecond a Date holds, so it reads it from the words, in numbers.
   * @returns {Date}
   */
  time() {
    const w = this[W];
    return new Date(%s);
  }
`, ms)
		return
	}
	w.f(`
  /**
   * Returns the ID's time as a Date, rounded down to the millisecond. A time
   * past what a Date holds (±8.64e15 ms) is ErrTime; unixNanos has it.
   * @returns {Date}
   */
  time() {
    return dateOf(L, this.unixNanos());
  }
`)
}

// msClock reports whether the layout's clock counts whole milliseconds in
// a JavaScript number: its epoch and tick are whole milliseconds, and every
// time it holds is exact in a number and within what a Date holds. Then it
// returns the epoch, in milliseconds since the Unix epoch, and the tick, in
// milliseconds.
func msClock(p *portable.Plan) (epoch, step *big.Int, ok bool) {
	c := p.Clock
	million := big.NewInt(1e6)
	per := new(big.Int).Mul(c.TickDen, million)
	if p.Time.Width > 53 || new(big.Int).Rem(c.EpochNs, million).Sign() != 0 || new(big.Int).Rem(c.TickNum, per).Sign() != 0 {
		return nil, nil, false
	}
	epoch = new(big.Int).Quo(c.EpochNs, million)
	step = new(big.Int).Quo(c.TickNum, per)
	last := new(big.Int).Add(epoch, new(big.Int).Mul(c.MaxTick, step))
	if epoch.CmpAbs(big.NewInt(8.64e15)) > 0 || last.CmpAbs(big.NewInt(8.64e15)) > 0 {
		return nil, nil, false
	}
	return epoch, step, true
}

// msTime returns the expression, over the ID's words w, of its time in
// milliseconds since the Unix epoch, when its clock is one of whole
// milliseconds (msClock).
func msTime(p *portable.Plan) (string, bool) {
	epoch, step, ok := msClock(p)
	if !ok {
		return "", false
	}
	var terms []string
	for _, r := range p.Time.Runs {
		for _, pc := range pieces(words(p.Bits), r.Shift, 2, r.Lo, r.Width) {
			t := piece{src: pc.src, srcOff: pc.srcOff, width: pc.width}.expr(indexed("w", ""), 32)
			if strings.Contains(t, " ") {
				t = "(" + t + ")"
			}
			if at := (1-pc.dst)*32 + pc.dstOff; at > 0 {
				t = fmt.Sprintf("%s * 0x%x", t, new(big.Int).Lsh(big.NewInt(1), uint(at)))
			}
			terms = append(terms, t)
		}
	}
	e := strings.Join(terms, " + ")
	if step.Cmp(big.NewInt(1)) != 0 {
		e = fmt.Sprintf("(%s) * %s", e, step)
	}
	if epoch.Sign() != 0 {
		e = fmt.Sprintf("%s + %s", epoch, e)
	}
	return e, true
}

// isText reports whether form f, one of p.Forms, is the layout's
// canonical text, whose reader and writer are the fastest the module has
// (straight-line code, or the runtime's that take the digits a chunk at a
// time). The other forms are read and written a digit at a time, with no
// tables to build: a bundle that keeps the class keeps them all.
func isText(p *portable.Plan, f portable.Form) bool { return f.Name == p.Text.Name }

// encodeCall returns the call that writes the words w in form f, the
// layout's canonical text: the layout's own writer, if it has one, else
// the runtime's; and the check symbol after it, if the form has one.
func encodeCall(p *portable.Plan, f portable.Form, w string) string {
	var call string
	switch {
	case f.Name == "uuid":
		return "uuidOf(" + w + ")"
	case f.Name == "decimal":
		return "decimalOf(" + w + ")"
	case log2(len(f.Alphabet)) != 0:
		call = f.Ident() + "Of(" + w + ")"
	default:
		call = fmt.Sprintf("encodeDivide(%s, %s, %d)", w, constName(f), f.Width)
	}
	if f.Check {
		call = fmt.Sprintf("withCheck(%s, %s)", call, w)
	}
	return call
}

// decodeCall returns the call that reads s in form f, the layout's
// canonical text, as the ID's words.
func decodeCall(p *portable.Plan, f portable.Form, s string) string {
	read := func(s string) string {
		if log2(len(f.Alphabet)) != 0 {
			return f.Ident() + "Words(" + s + ")"
		}
		return fmt.Sprintf("decodeMultiply(L, %s, %s, %d)", s, constName(f), f.Width)
	}
	switch {
	case f.Name == "uuid":
		return "parseUUID(L, " + s + ")"
	case f.Name == "decimal" && f.NonNegative:
		return "nonNegativeDecimalWords(L, " + s + ")"
	case f.Name == "decimal":
		return "decimalWords(L, " + s + ")"
	case f.Check:
		// checked reads the digits, s without its check symbol, with the
		// function it is given, and compares the symbol with the words.
		return fmt.Sprintf("checked(L, %s, %s, %d, (t) => %s)", s, constName(f), f.Width, read("t"))
	}
	return read(s)
}

// constName returns the name of the constant that holds form f: BASE62,
// CROCKFORD_CHECK.
func constName(f portable.Form) string { return strings.ToUpper(f.Ident()) }
