// Package python generates a Python module for an ID layout: the same
// layouts model the Go, SQL and JavaScript emitters read, written out as one
// module for Python 3.9 and later that needs only the standard library and
// passes mypy --strict and pyright's strict mode.
//
// The module defines the ID class (named as gen's -type), its fields'
// TypedDict (the type name and Fields), IDError (a ValueError with a code,
// picklable), is_valid and, for layouts that are not name-based,
// Generator and new_id, the next ID of one process-wide generator (with
// set_node, for a layout with a node); a name-based layout's class has
// from_name. An ID holds its bits as one int; it is immutable, hashable,
// ordered as its bytes are and weak-referenceable, and has hex, int and
// bytes as uuid.UUID has them. A UUID layout's ID is a uuid.UUID, a
// subclass whose bits are uuid.UUID's int slot; any 128-bit layout's
// converts to and from one.
//
// The code every layout shares, the runtime (runtime.go), is written once:
// a module holds the parts of it that its code uses, unless it is one of
// the package idforge's, which import them from the package's _runtime
// (emit.Options.Runtime; Runtime writes it) and share its one IDError.
//
// What Python cannot express as Go does, and what the module does instead:
//
//   - A UUID layout's ID keeps every attribute uuid.UUID has, with the
//     standard library's meaning and type (time, fields, node, clock_seq,
//     version, variant, urn, bytes_le, is_safe, ...): the class overrides
//     none of them. idforge's own accessors take names uuid.UUID does not
//     have, the same in every module: values() (the spec's fields, a
//     TypedDict) and the property datetime.
//   - A datetime holds microseconds: the property datetime is the ID's
//     instant rounded down to the microsecond, an aware UTC datetime (it
//     raises ErrTime outside the years 1 to 9999), or None for a layout
//     without a time; unix_nanos() gives it exactly. min_at and max_at take
//     an aware datetime or an int of nanoseconds since the Unix epoch; a
//     naive datetime is ErrTime rather than a guess at its zone.
//   - pack takes the fields as keyword arguments, so a field named after a
//     Python keyword cannot be packed: such a layout is refused (ErrName).
//   - A forked child re-draws what a generator drew once (a random node, a
//     clock sequence, random once bits), drops the buffered randomness, and
//     moves every generator past the tick it was on, new_id's too, so that
//     pre-forked workers never repeat each other's IDs
//     (os.register_at_fork). A node is the caller's: a generator made with
//     one refuses in the child (ErrNoGenerator), and new_id's, if set_node
//     made it, is dropped there until set_node is called in the child.
//   - Name-based layouts (a hash role) get no generator, as in JavaScript.
//
// Generate is pure: it returns the module and writes nothing.
package python

import (
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/idforge/idforge/gen/internal/portable"
	"github.com/idforge/idforge/resolved"
	"github.com/idforge/idforge/storage"
)

// ErrName reports a type or field name the module cannot use.
var ErrName = portable.ErrName

// ErrLayout reports a layout or text form the module cannot serve.
var ErrLayout = portable.ErrLayout

var reserved = map[string]bool{}

func init() {
	for _, w := range strings.Fields(`False None True and as assert async await break class continue def
		del elif else except finally for from global if import in is lambda nonlocal not or pass
		raise return try while with yield cls self IDError Generator`) {
		reserved[w] = true
	}
}

var lang = portable.Lang{Lit: portable.Literal}

// Generate returns the module for layout l, with an ID class named typ and
// text, the form str writes: "uuid", "decimal", "base62", "crockford" or
// "hex", or "" for the layout's own: the form its spec declares, else the
// canonical UUID form for a UUID layout, decimal (the ID's bits as an
// int64) for a 64-bit layout and Base62 for any other
// (resolved.Layout.Text).
func Generate(l *resolved.Layout, typ, text string) ([]byte, error) {
	return generate(l, typ, text, "")
}

// generate is Generate, and the registry's Emitter, with the module that
// holds the runtime (runtime), or "" for a self-contained module.
func generate(r *resolved.Layout, typ, text, runtime string) ([]byte, error) {
	p, err := portable.New(r, typ, text, reserved, reserved)
	if err != nil {
		return nil, err
	}
	w := &writer{p: p, runtime: runtime}
	w.module()
	return []byte(w.b.String()), nil
}

type writer struct {
	p       *portable.Plan
	runtime string // the module to import the runtime from, or "" to hold it
	b       strings.Builder
}

func (w *writer) f(format string, args ...any) { fmt.Fprintf(&w.b, format, args...) }

func (w *writer) comment(indent, text string) {
	for _, line := range portable.Lines(text) {
		w.f("%s%s\n", indent, strings.TrimRight("# "+line, " "))
	}
}

// pyString returns s as a double-quoted Python string literal.
func pyString(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		switch {
		case r == '"' || r == '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r < ' ' || r == 0x7f || r > 0x7e:
			fmt.Fprintf(&b, "\\U%08x", r)
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String()
}

func (w *writer) module() {
	p := w.p
	w.comment("", fmt.Sprintf("Code generated by idforge gen -lang python from %s. DO NOT EDIT.", p.L.File))
	w.f("#\n")
	if p.L.Doc != "" {
		w.comment("", p.L.Doc)
		w.f("#\n")
	}
	w.comment("", fmt.Sprintf("Layout %s, %d bits, most significant first:", p.L.Name, p.Bits))
	w.f("#\n")
	for _, line := range portable.Lines(p.L.Diagram()) {
		w.f("#   %s\n", line)
	}
	text := p.Text.Describe()
	switch p.Text.Name {
	case "uuid":
		text = fmt.Sprintf("the canonical UUID form, and %s.parse reads every UUID form", p.Type)
	case "decimal":
		text = decimalDoc(p)
	}
	forms := docText("", "str(id) is "+text+"; base62() and crockford() write the fixed-width forms, as the property hex does, which sort as the bytes do.")
	when := "the property datetime the ID's time, an aware UTC datetime"
	if p.Clock == nil {
		when = "the property datetime is None, as the layout holds no time"
	}
	own := docText("", "values() gives the ID's fields, keyed by the spec's names (the TypedDict "+p.Type+"Fields), and "+when+": names that every module of idforge gives them, and that no attribute of uuid.UUID has.")
	if p.UUID {
		own = docText("", p.Type+" is a uuid.UUID, and keeps every attribute of one with the standard library's meaning and type (time, fields, node, clock_seq, version, variant, urn, bytes_le, is_safe, ...). The layout's own have names of their own, the same in every module of idforge: values() gives the ID's fields, keyed by the spec's names (the TypedDict "+p.Type+"Fields), and "+when+".")
	}
	w.f(`"""%s

%s

%s

%s"""

from __future__ import annotations

`, docText("", fmt.Sprintf("IDs of one layout, %d bits: the class %s, immutable, hashable and ordered as its bytes are, and IDError. Standard library only, Python 3.9 and later.", p.Bits, p.Type)), forms, own, examples(p))
	head := w.b.String()
	w.b.Reset()
	w.f(`

_LAYOUT = %s
_SIZE = %d
_MAX = %s  # every bit one
`, pyString(p.L.Name), p.Size, lang.Lit(p.Max))
	if p.ConstMask.Sign() != 0 {
		w.f("_CONST_MASK = %s  # the constant bits (versions, variants)\n_CONST_VALUE = %s\n", lang.Lit(p.ConstMask), lang.Lit(p.ConstValue))
	}
	w.forms()
	if p.Clock != nil {
		w.clock()
	}
	w.class()
	w.f(`

# Sets the slot of an ID's bits past %[1]s.__setattr__, which refuses: for the
# module's own readers, whose results are in range already. (The slot's
# descriptor, from the class's namespace: its __set__ is the fastest way in.)
_set_bits: Callable[[%[1]s, int], None] = vars(%[1]s)["_n"].__set__

_I = TypeVar("_I", bound=%[1]s)


def _made(cls: Type[_I], n: int) -> _I:
    """Returns a new ID of class cls (%[1]s or a subclass) whose bits are n,
    which the caller has checked: 0 <= n <= _MAX."""
    i = object.__new__(cls)
    _set_bits(i, n)
    return i


%[1]s.NIL = _made(%[1]s, 0)
%[1]s.MAX = _made(%[1]s, _MAX)


def is_valid(s: object) -> bool:
    """Reports whether s is the text of an ID of this layout: text that
    %[1]s.parse reads, whose constant bits (versions, variants) are the
    layout's, as %[1]s.valid checks them; so the text of another version's
    UUID is not valid here. It never raises: anything but a str is False.
    The same meaning as isValid in idforge's other languages."""
    if not isinstance(s, str):
        return False
    try:
        return %[1]s.parse(s).valid()
    except IDError:
        return False
`, p.Type)
	w.maskRuntime()
	if p.Generates {
		w.generator()
	}
	w.b.WriteString(stored(p))
	w.b.WriteString(sqlite(p))
	body := w.b.String()
	if p.UUID {
		body = asUUID(p, body)
	}
	w.b.Reset()
	w.b.WriteString(head)
	w.assemble(body)
}

// assemble writes the module's imports, its __all__ and the runtime (the
// pieces body uses, or an import of them from w.runtime), then body.
func (w *writer) assemble(body string) {
	std, typing, dt := bodyImports(body)
	var rt strings.Builder
	var names []string
	for _, pc := range used(body) {
		if w.runtime == "" {
			std = append(std, pc.std...)
			typing = append(typing, pc.typing...)
			if pc.datetime {
				dt = append(dt, "datetime", "timedelta", "timezone")
			}
			rt.WriteString(pc.text(false))
			continue
		}
		for _, n := range pc.names {
			if regexp.MustCompile(`\b` + n + `\b`).MatchString(body) {
				names = append(names, n)
			}
		}
	}
	w.b.WriteString(importLines(std, typing, dt))
	if w.runtime != "" {
		imp := []string{"IDError"}
		for _, n := range names {
			imp = append(imp, n[1:]+" as "+n)
		}
		w.f("\nfrom %s import (\n", w.runtime)
		for _, n := range imp {
			w.f("    %s,\n", n)
		}
		w.f(")\n")
	}
	w.f("\n__all__ = [%s]\n", exports(w.p))
	w.b.WriteString(rt.String())
	w.b.WriteString(body)
}

// bodyImports returns what a module's own code (body) imports: the
// standard library's modules, typing's names, and whether it uses
// datetime's.
func bodyImports(body string) (std, typing, dt []string) {
	for _, m := range []string{"builtins", "os", "re", "threading", "weakref", "time as _time", "uuid as _uuid", "hashlib as _hashlib", "hmac as _hmac", "struct as _struct"} {
		name := m
		if i := strings.LastIndex(m, " "); i >= 0 {
			name = m[i+1:]
		}
		if regexp.MustCompile(`(^|[^\w.])` + name + `\.`).MatchString(body) {
			std = append(std, m)
		}
	}
	for _, t := range []string{"Any", "Callable", "ClassVar", "Dict", "Iterator", "List", "NoReturn", "Optional", "Set", "Tuple", "Type", "TypeVar", "Union"} {
		if regexp.MustCompile(`\b` + t + `[\[(]|-> ` + t + `:`).MatchString(body) {
			typing = append(typing, t)
		}
	}
	if strings.Contains(body, "(TypedDict)") {
		typing = append(typing, "TypedDict")
	}
	// The property datetime, which every ID has, needs no import of its own.
	named := strings.ReplaceAll(body, "    def datetime(self)", "")
	for _, d := range []string{"datetime", "timedelta", "timezone"} {
		if regexp.MustCompile(`(^|[\[ (])` + d + `\b[^ ]`).MatchString(named) {
			dt = append(dt, d)
		}
	}
	return std, typing, dt
}

func exports(p *portable.Plan) string {
	names := []string{pyString(p.Type), pyString(p.Type + "Fields"), `"IDError"`, `"is_valid"`, `"register_psycopg"`, `"register_sqlite"`}
	if fit, _ := storage.Fitting(p.L); len(fit) > 0 {
		names = append(names, `"STORAGE_PROFILES"`, `"to_stored"`, `"from_stored"`)
	}
	if p.Generates {
		names = append(names, `"Generator"`, `"new_id"`)
		if p.Node != nil {
			names = append(names, `"set_node"`)
		}
		if _, _, ok := leaseSpace(p); ok {
			names = append(names, `"LEASE_SPACE"`)
		}
	}
	return strings.Join(names, ", ")
}

func (w *writer) forms() {
	p := w.p
	w.f("\n\n# The layout's text forms.")
	forms := p.Forms
	if p.Text.Own() {
		forms = append(slices.Clip(forms), p.Text)
	}
	for _, f := range forms {
		more := ""
		if f.Pad != 0 || f.Check {
			more = fmt.Sprintf(", %d, %s", f.Pad, pyBool(f.Check))
		}
		if f.Aliases != "" {
			more += ", aliases=" + pyString(f.Aliases)
		}
		w.f("\n_%s = _Form(_LAYOUT, %d, %s, %s, %d, %s%s)", constName(f), p.Bits, pyString(f.Title), pyString(f.Alphabet), f.Width, pyBool(f.FoldCase), more)
	}
	w.f("\n")
	var tables []string
	for _, f := range forms {
		if usesPairs(f) && w.writes(f) {
			tables = append(tables, fmt.Sprintf("%s = _digit_pairs(_%s)", pairsName(f), constName(f)))
		}
	}
	if len(tables) > 0 {
		w.f("\n# The tables of pairs of digits that the forms' own writers read.\n%s\n", strings.Join(tables, "\n"))
	}
}

// writes reports whether the class writes form f with a method of its own
// (str, or base62() and the like; hex is a property that %-formats).
func (w *writer) writes(f portable.Form) bool {
	return f.Name != "hex" || w.p.Text.Name == f.Name
}

func pyBool(b bool) string {
	if b {
		return "True"
	}
	return "False"
}

func (w *writer) clock() {
	c := w.p.Clock
	w.f(`

# The layout's clock: ticks of %s since %s, a tick being
# _TICK_NUM / _TICK_DEN nanoseconds.
_EPOCH_NS = %s  # the epoch, in nanoseconds since the Unix epoch
_TICK_NUM = %s
_TICK_DEN = %s
_MAX_TICK = %s


def _min_tick(k: int) -> int:
    """Returns min_at's tick k: the first tick before the epoch; after the
    last tick's time, which no tick is at or after, ErrTime."""
    if k > _MAX_TICK:
        raise IDError("ErrTime", f"{_LAYOUT}: no tick is at or after the time")
    return 0 if k < 0 else k


def _max_tick(k: int) -> int:
    """Returns max_at's tick k: the last tick past the last; before the
    epoch, which no tick is at or before, ErrTime."""
    if k < 0:
        raise IDError("ErrTime", f"{_LAYOUT}: no tick is at or before the time")
    return _MAX_TICK if k > _MAX_TICK else k
`, c.Unit, c.Epoch, lang.Lit(c.EpochNs), lang.Lit(c.TickNum), lang.Lit(c.TickDen), lang.Lit(c.MaxTick))
}

func (w *writer) class() {
	p := w.p
	w.f(`


class %[1]sFields(TypedDict):
    """The fields of an ID of layout %[2]s, keyed by the spec's names, as
    %[1]s.values returns them and %[1]s.pack takes them."""

`, p.Type, p.L.Name)
	for _, f := range p.Fields {
		typ := "int"
		if f.Bytes {
			typ = "bytes"
		}
		w.f("    %s: %s  # %s\n", f.Name, typ, f.What)
	}
	ctorType, ctorDoc := "Union[int, str]", fmt.Sprintf(" %s(s), for a str\n    s, is the ID that %s.parse(s) reads.", p.Type, p.Type)
	if p.Bits == 128 {
		ctorType, ctorDoc = "Union[int, str, _uuid.UUID]", ctorDoc+fmt.Sprintf(" %s(u), for a\n    uuid.UUID u, is the ID of u's 128 bits (u.int).", p.Type)
	}
	w.f(`

class %[1]s:
    """An ID of layout %[2]s: %[3]d bits, held as one int. It is immutable,
    hashable, ordered as its bytes are, and weak-referenceable. %[1]s(n) is
    the ID whose bytes, read as one big-endian number, are n; bytes(id) and
    int(id) give them back, as id.bytes and id.int do.%[5]s
    """

    __slots__ = ("_n", "__weakref__")
    _n: int

    NIL: ClassVar[%[1]s]
    """The ID with every bit zero."""
    MAX: ClassVar[%[1]s]
    """The ID with every bit one."""

    def __init__(self, n: %[4]s) -> None:
        object.__setattr__(self, "_n", _bits(n))

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"{type(self).__name__} is immutable")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"{type(self).__name__} is immutable")

    def __reduce__(self) -> Tuple[Type[%[1]s], Tuple[builtins.int]]:
        return (type(self), (self._n,))
`, p.Type, p.L.Name, p.Bits, ctorType, ctorDoc)

	sType, sDoc, sCheck := "str", "", ""
	if p.Bits == 128 {
		sType, sDoc = "Union[str, _uuid.UUID]", "\n        A uuid.UUID gives the ID of its 128 bits."
		sCheck = "\n        if isinstance(s, _uuid.UUID):\n            return _made(cls, s.int)"
	}
	switch p.Text.Name {
	case "decimal":
		w.f(`
    @classmethod
    def parse(cls, s: str) -> %[1]s:
        """%[2]s"""
        return _made(cls, %[3]s(_LAYOUT, s))
`, p.Type, docText("        ", "Reads the text str writes: the unsigned number the ID's 64 bits hold, in decimal, "+p.Text.DecimalSyntax()+"."), map[bool]string{true: "_parse_uint63", false: "_parse_uint64"}[p.Text.NonNegative])
	case "uuid":
		w.f(`
    @classmethod
    def parse(cls, s: %[2]s) -> %[1]s:
        """Reads a UUID in any of its forms: canonical 8-4-4-4-12, 32 hex digits,
        {canonical} or urn:uuid:canonical, hex digits in either case.%[3]s"""
        i = object.__new__(cls)
        _set_bits(i, _parse_uuid(s, _HEX))
        return i
`, p.Type, sType, sDoc)
	default:
		w.f(`
    @classmethod
    def parse(cls, s: %[5]s) -> %[1]s:
        """%[2]s%[6]s"""%[7]s
        return _made(cls, _decode(s, _%[4]s))
`, p.Type, docText("        ", fmt.Sprintf("Reads the text str writes: exactly %s%s.", p.Text.Describe(), p.Text.CaseNote())), "", constName(p.Text), sType, sDoc, sCheck)
	}
	for _, f := range p.Forms {
		over := ""
		if f.Overflows {
			over = fmt.Sprintf("\n        Text above %s is ErrOverflow.", f.Max)
		}
		w.f(`
    @classmethod
    def parse_%[2]s(cls, s: str) -> %[1]s:
        """%[3]s%[6]s"""
        return _made(cls, _decode(s, _%[7]s))
`, p.Type, f.Name, docText("        ", fmt.Sprintf("Reads the %s form: exactly %d digits%s.", f.Title, f.Width, f.CaseNote())), f.Width, "", over, constName(f))
	}
	w.f(`
    @classmethod
    def from_bytes(cls, b: builtins.bytes) -> %[1]s:
        """Returns the ID whose bytes are b (bytes, a bytearray or a
        memoryview): exactly %[2]d of them, big-endian."""
        return _made(cls, _from_bytes(_LAYOUT, b, _SIZE))
`, p.Type, p.Size)
	if p.Bits == 128 {
		w.f(`
    @classmethod
    def from_uuid(cls, u: _uuid.UUID) -> %[1]s:
        """Returns the ID of the 128 bits of u, a uuid.UUID; anything else is
        ErrType."""
        return _made(cls, _uuid_bits(u))
`, p.Type)
	}

	// pack
	var params []string
	for _, f := range p.Fields {
		if f.Bytes {
			params = append(params, fmt.Sprintf("%s: bytes = bytes(%d)", f.Name, f.Width/8))
		} else {
			params = append(params, fmt.Sprintf("%s: int = 0", f.Name))
		}
	}
	w.f(`
    @classmethod
    def pack(cls, *, %[2]s) -> %[1]s:
        """Builds an ID from its fields, given by the spec's names: ints, and
        bytes for bytes fields. A field left out is zero. A value that does not
        fit its field is ErrRange: nothing is masked."""
        n = %[3]s
`, p.Type, strings.Join(params, ", "), pyConstStart(p))
	for _, f := range p.Fields {
		if f.Bytes {
			w.f("        v = _bytes_field(_LAYOUT, %s, %s, %d)\n", pyString(f.Name), f.Name, f.Width/8)
		} else {
			w.f("        v = _integer(_LAYOUT, %s, %s, %d)\n", pyString(f.Name), f.Name, f.Width)
		}
		w.f("        n |= %s\n", lang.Place("v", f.Runs, f.Width))
	}
	w.f("        return _made(cls, n)\n")

	if p.Clock != nil {
		others := p.Untimed()
		w.f(`
    @classmethod
    def min_at(cls, t: Union[datetime, builtins.int]) -> %[1]s:
        """Returns the smallest ID whose time is at or after t (an aware datetime,
        or an int of nanoseconds since the Unix epoch): the first tick at or
        after t, with every other bit that is not a constant 0. Before the
        epoch it gives the first tick; after the last tick's time, which no
        ID is at or after, it raises ErrTime."""
        tick = _min_tick(-(-(_since_unix(_LAYOUT, t) - _EPOCH_NS) * _TICK_DEN // _TICK_NUM))
        return _made(cls, %[2]s | %[3]s)

    @classmethod
    def max_at(cls, t: Union[datetime, builtins.int]) -> %[1]s:
        """Returns the largest ID whose time is at or before t: the last tick
        whose time (rounded down to the nanosecond) is at or before t, with
        every other bit that is not a constant 1. Past the last tick it
        gives the last; before the epoch, which no ID is at or before, it
        raises ErrTime."""
        tick = _max_tick(-(-((_since_unix(_LAYOUT, t) - _EPOCH_NS) + 1) * _TICK_DEN // _TICK_NUM) - 1)
        return _made(cls, %[4]s | %[3]s)
`, p.Type, pyConstStart(p), lang.Place("tick", p.Time.Runs, p.Time.Width), lang.Lit(others.Or(others, p.ConstValue)))
	}

	switch p.Text.Name {
	case "decimal":
		w.f(`
    def __str__(self) -> str:
        """%s"""
        return str(self._n)
`, docText("        ", "Returns the ID's text: "+decimalDoc(p)+"."))
	case "uuid":
		w.f(`
    def __str__(self) -> str:
        """Returns the canonical UUID form: 8-4-4-4-12 lower-case hex digits."""
        h = self._n.to_bytes(16, "big").hex()  # a little faster than "%%032x" %%
        return f"{h[:8]}-{h[8:12]}-{h[12:16]}-{h[16:20]}-{h[20:]}"
`)
	default:
		as := ""
		if !p.Text.Own() {
			as = fmt.Sprintf(", as %s() writes them", p.Text.Name)
		}
		body := fmt.Sprintf("        return _encode(self._n, _%s)\n", constName(p.Text))
		if unrolls(p.Text) {
			body = unrolled(p.Text, "self._n")
		}
		w.f(`
    def __str__(self) -> str:
        """Returns the ID's text: %s%s."""
%s`, p.Text.Describe(), as, body)
	}
	w.f(`
    def __repr__(self) -> str:
        return f"{type(self).__name__}.parse({str(self)!r})"

    def __bytes__(self) -> builtins.bytes:
        """Returns the ID's %[2]d bytes, big-endian."""
        return self._n.to_bytes(_SIZE, "big")

    def __int__(self) -> builtins.int:
        """Returns the ID's bits as one int, its bytes read big-endian."""
        return self._n

    def __hash__(self) -> builtins.int:
        return hash(self._n)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, %[1]s):
            return self._n == other._n
        return NotImplemented

    def __lt__(self, other: object) -> bool:
        if isinstance(other, %[1]s):
            return self._n < other._n
        return NotImplemented

    def __le__(self, other: object) -> bool:
        if isinstance(other, %[1]s):
            return self._n <= other._n
        return NotImplemented

    def __gt__(self, other: object) -> bool:
        if isinstance(other, %[1]s):
            return self._n > other._n
        return NotImplemented

    def __ge__(self, other: object) -> bool:
        if isinstance(other, %[1]s):
            return self._n >= other._n
        return NotImplemented
`, p.Type, p.Size)
	for _, f := range p.Forms {
		if f.Name == "hex" {
			continue // a property, as the standard library's UUID.hex is: see below
		}
		body := fmt.Sprintf("        return _encode(self._n, _%s)\n", constName(f))
		if unrolls(f) {
			body = unrolled(f, "self._n")
		}
		w.f(`
    def %[1]s(self) -> str:
        """Returns the %[2]s form: %[3]d digits, zero-padded, sorting as the bytes do."""
%[4]s`, f.Name, f.Title, f.Width, body)
	}

	w.f(`
    def values(self) -> %[1]sFields:
        """Returns the values of the ID's fields, keyed by the spec's names: ints,
        and bytes for bytes fields. (A uuid.UUID's fields is another thing:
        the tuple of RFC 4122's version 1 fields.)"""
        n = self._n
        return {
`, p.Type)
	for _, f := range p.Fields {
		e := lang.Read("n", f.Runs, p.Bits)
		if f.Bytes {
			e = fmt.Sprintf("(%s).to_bytes(%d, \"big\")", e, f.Width/8)
		}
		w.f("            %s: %s,  # %s\n", pyString(f.Name), e, f.What)
	}
	w.f("        }\n")

	if p.Clock != nil {
		w.f(`
    def unix_nanos(self) -> builtins.int:
        """Returns the ID's time as nanoseconds since the Unix epoch, exactly."""
        n = self._n
        return _EPOCH_NS + (%s) * _TICK_NUM // _TICK_DEN

    @property
    def datetime(self) -> datetime:
        """The ID's time as an aware UTC datetime, rounded down to the
        microsecond. A time outside a datetime's years 1 to 9999 is ErrTime;
        unix_nanos has it. (A uuid.UUID's time is another thing: an int of
        the UUID's timestamp bits, as the standard library defines it.)"""
        try:
            return _UNIX + timedelta(microseconds=self.unix_nanos() // 1000)
        except OverflowError:
            raise IDError("ErrTime", f"{_LAYOUT}: the time is past what a datetime holds; use unix_nanos") from None
`, lang.Read("n", p.Time.Runs, p.Bits))
	} else {
		w.f(`
    @property
    def datetime(self) -> None:
        """None: an ID of layout %s holds no time."""
        return None
`, p.L.Name)
	}
	if p.ConstMask.Sign() != 0 {
		w.f(`
    def valid(self) -> bool:
        """Reports whether the ID's constant bits (versions, variants) are those
        of layout %s. The parsers check the form only, not these bits."""
        return self._n & _CONST_MASK == _CONST_VALUE
`, p.L.Name)
	} else {
		w.f(`
    def valid(self) -> bool:
        """Reports whether the ID is one of layout %s: always, as it has no
        constant bits."""
        return True
`, p.L.Name)
	}
	w.f(`
    def is_zero(self) -> bool:
        """Reports whether every bit of the ID is zero."""
        return self._n == 0
%[1]s
    # The properties named as the standard library's UUID has them come
    # last: within the class, after them, int, bytes and hex name them.

    @property
    def int(self) -> builtins.int:
        """The ID's bits as one int, its bytes read big-endian."""
        return self._n

    @property
    def bytes(self) -> builtins.bytes:
        """The ID's %[2]d bytes, big-endian."""
        return self._n.to_bytes(_SIZE, "big")

    @property
    def hex(self) -> str:
        """The hex form: %[3]d lower-case hex digits, sorting as the bytes do."""
        return "%%0%[3]dx" %% self._n


def _bits(n: object) -> int:
    """Returns the bits of the ID %[4]s(n) makes, checked: an int of at most
    %[5]d bits%[6]s, or the text of a str, as %[4]s.parse reads it."""%[7]s
    if isinstance(n, str):
        return %[4]s.parse(n).int
    if not isinstance(n, int) or isinstance(n, bool):
        raise IDError("ErrType", f"{_LAYOUT}: an ID is made from an int or a str, not {type(n).__name__}")
    if n < 0 or n > _MAX:
        raise IDError("ErrRange", f"{_LAYOUT}: {n} does not fit in %[5]d bits")
    return n
%[8]s
`, toUUID(p)+fromName(p)+maskMethods(p)+pydanticHooks(p)+conform(p), p.Size, p.Forms[2].Width, p.Type, p.Bits, map[bool]string{true: ", or a uuid.UUID", false: ""}[p.Bits == 128], uuidArg(p), argChecks(p)+psycopg(p))
}

// uuidArg returns the start of the constructor of a 128-bit layout's ID,
// which takes a uuid.UUID too, or "".
func uuidArg(p *portable.Plan) string {
	if p.Bits != 128 {
		return ""
	}
	return "\n    if isinstance(n, _uuid.UUID):\n        return n.int"
}

// toUUID returns the method to_uuid of a 128-bit layout's ID, or "".
func toUUID(p *portable.Plan) string {
	if p.Bits != 128 {
		return ""
	}
	return `
    def to_uuid(self) -> _uuid.UUID:
        """Returns the ID as a uuid.UUID of its 128 bits: the value that Django's
        UUIDField, SQLAlchemy's Uuid and pydantic's UUID fields take."""
        return _uuid.UUID(int=self._n)
`
}

func pyConstStart(p *portable.Plan) string {
	if p.ConstMask.Sign() != 0 {
		return "_CONST_VALUE"
	}
	return "0"
}

// constName returns the name of the module constant that holds form f,
// without its leading underscore: BASE62, CROCKFORD_CHECK.
func constName(f portable.Form) string { return strings.ToUpper(f.Ident()) }

// asUUID rewrites the module's own code (body) for a UUID layout, whose ID
// subclasses uuid.UUID: its bits are the int slot uuid.UUID has, which its
// hex, bytes, hash, int() and comparisons read as they are, and the class
// adds no slot of its own.
func asUUID(p *portable.Plan, body string) string {
	cut := func(from, to string) {
		i := strings.Index(body, from)
		j := strings.Index(body[i:], to)
		if i < 0 || j < 0 {
			panic("python: asUUID: " + from)
		}
		body = body[:i] + body[i+j:]
	}
	swap := func(old, new string) {
		if !strings.Contains(body, old) {
			panic("python: asUUID: " + old)
		}
		body = strings.ReplaceAll(body, old, new)
	}
	typ := p.Type
	swap("\nclass "+typ+":\n", "\nclass "+typ+"(_uuid.UUID):\n")
	swap(" "+typ+"(s), for a str\n    s, is the ID that "+typ+".parse(s) reads.", " Its constructor\n    takes uuid.UUID's arguments too, with uuid.UUID's meaning: "+typ+"(s) or\n    "+typ+"(hex=s) for the text of a str s (hyphens, braces and urn:uuid:\n    as uuid.UUID reads them), "+typ+"(bytes=b), "+typ+"(bytes_le=b),\n    "+typ+"(fields=f) and "+typ+"(int=n), and version= to set the version's\n    bits; what uuid.UUID refuses is an IDError.")
	swap(`hashable, ordered as its bytes are, and weak-referenceable.`, `hashable, ordered as its bytes are, weak-referenceable, and a uuid.UUID:
    Django's UUIDField, SQLAlchemy's Uuid, psycopg and pydantic take it as
    one, and it equals the uuid.UUID of the same bits.`)
	swap(`    __slots__ = ("_n", "__weakref__")
    _n: int
`, `    # uuid.UUID's slots hold it: int its bits, and __weakref__.
    __slots__ = ()
`)
	swap(`"""Returns the ID as a uuid.UUID of its 128 bits: the value that Django's
        UUIDField, SQLAlchemy's Uuid and pydantic's UUID fields take."""`, `"""Returns a plain uuid.UUID of the ID's 128 bits (the ID is a uuid.UUID
        too), for code that wants uuid.UUID's own type."""`)
	swap(`    def __init__(self, n: Union[int, str, _uuid.UUID]) -> None:
        object.__setattr__(self, "_n", _bits(n))`, `    def __init__(
        self,
        hex: Union[str, builtins.int, _uuid.UUID, None] = None,
        bytes: Optional[builtins.bytes] = None,
        bytes_le: Optional[builtins.bytes] = None,
        fields: Optional[Tuple[builtins.int, builtins.int, builtins.int, builtins.int, builtins.int, builtins.int]] = None,
        int: Optional[builtins.int] = None,
        version: Optional[builtins.int] = None,
    ) -> None:
        if bytes is None and bytes_le is None and fields is None and version is None:
            if hex is not None and int is None and not isinstance(hex, str):
                object.__setattr__(self, "int", _bits(hex))
                return
            if int is not None and hex is None:
                object.__setattr__(self, "int", _bits(int))
                return
        object.__setattr__(self, "int", _uuid_args(hex, bytes, bytes_le, fields, int, version))`)
	// uuid.UUID's __setattr__ refuses, with a TypeError; __delattr__ does too.
	cut("    def __setattr__(self, name: str, value: object)", "    def __delattr__(")
	swap(`raise AttributeError(f"{type(self).__name__} is immutable")`, `raise TypeError(f"{type(self).__name__} objects are immutable")`)
	// uuid.UUID's own: int(), hash and the comparisons of the bits, which
	// take any uuid.UUID.
	cut("    def __int__(self)", "    def "+firstFormMethod(body))
	swap(`
`+typ+`.NIL = _made(`+typ+`, 0)`, `
# uuid.UUID's is_safe is a slot its constructor fills, and the module's
# readers fill int alone: the class gives every ID the value uuid.UUID(int=n)
# has, unknown. (A class attribute over the slot, set here as the type
# checkers take uuid.UUID's for Final.)
setattr(`+typ+`, "is_safe", _uuid.SafeUUID.unknown)
`+typ+`.NIL = _made(`+typ+`, 0)`)
	cut("\n    # The properties named as the standard library's UUID has them come", "\n\ndef _bits(")
	swap(`
def _bits(n: object) -> int:`, `
def _uuid_args(
    hex: object,
    b: Optional[bytes],
    b_le: Optional[bytes],
    fields: Optional[Tuple[int, int, int, int, int, int]],
    n: Optional[int],
    version: Optional[int],
) -> int:
    """Returns the bits of the ID that `+typ+`(hex=..., bytes=..., bytes_le=...,
    fields=..., int=..., version=...) makes: what uuid.UUID makes of the
    same arguments, its mistakes as IDError (a ValueError, as uuid.UUID's
    are), and too many or too few arguments a TypeError, as there."""
    if hex is not None and not isinstance(hex, str):
        raise IDError("ErrType", f"{_LAYOUT}: hex is a str, not {type(hex).__name__}")
    if version is not None and not 1 <= version <= 8:
        raise IDError("ErrRange", f"{_LAYOUT}: version {version} is not one of RFC 9562's, 1 to 8")
    try:
        bits = _uuid.UUID(hex, b, b_le, fields, n).int
    except ValueError as e:
        code = "ErrRange"
        if hex is not None:
            digits = hex.replace("urn:", "").replace("uuid:", "").strip("{}").replace("-", "")
            code = "ErrLength" if len(digits) != 32 else "ErrSyntax"
        elif b is not None or b_le is not None:
            code = "ErrLength"
        raise IDError(code, f"{_LAYOUT}: {e}") from None
    if version is not None:
        # As uuid.UUID sets them (whose own takes 1 to 5 before Python 3.14):
        # RFC 9562's variant, and the version.
        bits = bits & ~(0xC000 << 48) | 0x8000 << 48
        bits = bits & ~(0xF000 << 64) | version << 76
    return bits


def _bits(n: object) -> int:`)
	swap(`vars(`+typ+`)["_n"].__set__`, `vars(_uuid.UUID)["int"].__set__`)
	swap(`# Sets the slot of an ID's bits past `+typ+`.__setattr__, which refuses: for the
# module's own readers, whose results are in range already. (The slot's
# descriptor, from the class's namespace: its __set__ is the fastest way in.)`, `# Sets the slot of an ID's bits, uuid.UUID's int, past __setattr__, which
# refuses: for the module's own readers, whose results are in range
# already. (The slot's descriptor, from uuid.UUID's namespace: its __set__
# is the fastest way in.)`)
	return regexp.MustCompile(`\b(self|other|\))\._n\b`).ReplaceAllString(body, "$1.int")
}

// firstFormMethod returns the name of the first method of a text form
// (base62, say) in body, the class's methods after the comparisons.
func firstFormMethod(body string) string {
	i := strings.Index(body, "    def __ge__(")
	rest := body[i+len("    def __ge__("):]
	j := strings.Index(rest, "\n    def ")
	name := rest[j+len("\n    def "):]
	return name[:strings.Index(name, "(")]
}

// pydanticHooks returns the class's hooks that give pydantic (1 and 2) a
// validator of fields of its type.
func pydanticHooks(p *portable.Plan) string {
	from, accepts := "", "the text of a str, as parse reads it"
	if p.Bits == 128 {
		from = "\n        elif isinstance(v, _uuid.UUID):\n            i = _made(cls, v.int)"
		accepts = "the bits of a uuid.UUID or the text of a str, as parse reads them"
	}
	return fmt.Sprintf(`
    @classmethod
    def _validate(cls, v: object) -> %[1]s:
        """%[4]s"""
        if isinstance(v, cls):
            i = v%[3]s
        elif isinstance(v, str):
            i = cls.parse(v)
        else:
            raise IDError("ErrType", f"{_LAYOUT}: an ID is read from a str, not {type(v).__name__}")
        if not i.valid():
            raise IDError("ErrInvalid", f"{_LAYOUT}: {i} is no valid ID of the layout: its constant bits are another's")
        return i

    @classmethod
    def __get_validators__(cls) -> Iterator[Callable[[object], %[1]s]]:
        """pydantic 1's hook: a field of this type takes what _validate takes.
        It tells pydantic 1's JSON encoder, too, that an ID's JSON is its
        text, str(id): a model's .json() then writes the ID's text, as
        pydantic 2's hook says."""
        import sys

        encoders: Dict[object, object] = getattr(sys.modules.get("pydantic.json"), "ENCODERS_BY_TYPE", {})
        encoders.setdefault(cls, str)
        yield cls._validate

    @classmethod
    def __get_pydantic_core_schema__(cls, source: object, handler: object) -> Dict[str, object]:
        """pydantic 2's hook: a field of this type takes what _validate takes,
        and JSON gets the ID's text."""
        return {
            "type": "function-plain",
            "function": {"type": "no-info", "function": cls._validate},
            "serialization": {"type": "function-plain", "function": str, "when_used": "json"},
        }
`, p.Type, accepts, from, docText("        ", "Returns v as an ID of the class: v itself if it is one, else the ID of "+accepts+"; anything else is ErrType, and an ID that is not valid() (another layout's: a UUIDv4's text for a UUIDv7) is ErrInvalid. The validator that pydantic's hooks give it."))
}

// fromName returns the class method from_name of a name-based layout (one
// with a hash role), or "".
func fromName(p *portable.Plan) string {
	if p.Hash == nil {
		return ""
	}
	alg := p.Hash.V.Algorithm
	nsType, nsDoc := p.Type, "an ID of the layout"
	if p.Bits == 128 {
		nsType, nsDoc = "_uuid.UUID", "a uuid.UUID (an ID of a UUID layout is one), such as uuid.NAMESPACE_DNS"
		if !p.UUID {
			nsType, nsDoc = "Union["+p.Type+", _uuid.UUID]", "an ID of the layout or a uuid.UUID"
		}
	}
	constBits := ""
	if p.ConstMask.Sign() != 0 {
		constBits = " & ~_CONST_MASK | _CONST_VALUE"
	}
	doc := docText("        ", fmt.Sprintf("Returns the ID of name in namespace: the first %d bytes of the %s digest of the namespace's %d bytes followed by the name's (a str as UTF-8, or bytes), with the layout's constant bits written over them, as RFC 9562 makes a name-based UUID. The same namespace and name always give the same ID. The namespace is %s; anything else is ErrType, as is a name that is neither str nor bytes.", p.Size, map[string]string{"md5": "MD5", "sha1": "SHA-1", "sha256": "SHA-256"}[alg], p.Size, nsDoc))
	return fmt.Sprintf(`
    @classmethod
    def from_name(cls, namespace: %[2]s, name: Union[str, builtins.bytes]) -> %[1]s:
        """%[3]s"""
        digest = _hashlib.%[4]s(_namespace_bytes(namespace) + _name_bytes(name)).digest()
        return _made(cls, int.from_bytes(digest[:_SIZE], "big")%[5]s)
`, p.Type, nsType, doc, alg, constBits)
}

// argChecks returns the module's functions that check, at run time, the
// arguments of from_uuid and from_name, for callers no type checker sees:
// they take an object, so that the check is no redundant isinstance of a
// declared type.
func argChecks(p *portable.Plan) string {
	var b strings.Builder
	if p.Bits == 128 {
		b.WriteString(`

def _uuid_bits(u: object) -> int:
    """Returns the bits of u, from_uuid's argument: a uuid.UUID, else
    ErrType."""
    if not isinstance(u, _uuid.UUID):
        raise IDError("ErrType", f"{_LAYOUT}: from_uuid takes a uuid.UUID, not {type(u).__name__}")
    return u.int
`)
	}
	if p.Hash == nil {
		return b.String()
	}
	nsDoc, nsCheck := "an ID of the layout", "isinstance(ns, "+p.Type+")"
	if p.Bits == 128 {
		nsDoc, nsCheck = "a uuid.UUID (an ID of a UUID layout is one)", "isinstance(ns, _uuid.UUID)"
		if !p.UUID {
			nsDoc, nsCheck = "an ID of the layout or a uuid.UUID", "isinstance(ns, ("+p.Type+", _uuid.UUID))"
		}
	}
	fmt.Fprintf(&b, `

def _namespace_bytes(ns: object) -> bytes:
    """Returns the bytes of ns, from_name's namespace: %[1]s, else ErrType."""
    if not %[2]s:
        raise IDError("ErrType", f"{_LAYOUT}: a namespace is %[1]s, not {type(ns).__name__}")
    return ns.bytes


def _name_bytes(name: object) -> bytes:
    """Returns the bytes of name, from_name's name: a str's UTF-8, or bytes.
    A str that is not valid Unicode (a lone surrogate, which UTF-8 cannot
    write) is ErrType, as is anything but a str or bytes."""
    if isinstance(name, str):
        try:
            return name.encode("utf-8")
        except UnicodeEncodeError:
            raise IDError("ErrType", f"{_LAYOUT}: the name is not valid Unicode (a lone surrogate, say), which UTF-8 cannot write; give its bytes") from None
    if isinstance(name, (bytes, bytearray)):
        return bytes(name)
    if isinstance(name, memoryview):
        return name.tobytes()
    raise IDError("ErrType", f"{_LAYOUT}: a name is a str or bytes, not {type(name).__name__}")
`, nsDoc, nsCheck)
	return b.String()
}

// examples returns the module docstring's examples, which run as doctests
// (the module's names are the doctest's).
func examples(p *portable.Plan) string {
	t := p.Type
	var b strings.Builder
	fmt.Fprintf(&b, ">>> %[1]s.parse(str(%[1]s.NIL)) == %[1]s.NIL, %[1]s.NIL.is_zero()\n(True, True)\n", t)
	fmt.Fprintf(&b, ">>> len(%[1]s.NIL.hex), len(bytes(%[1]s.NIL))\n(%[2]d, %[3]d)\n", t, 2*p.Size, p.Size)
	if p.Generates {
		node := ""
		if p.NeedsNode {
			node = "1"
		}
		fmt.Fprintf(&b, ">>> g = Generator(%s)\n>>> a, b = g.next(), g.next()\n>>> a != b and a.valid() and b.valid()\nTrue\n>>> %s.parse(str(a)) == a\nTrue\n", node, t)
	}
	return b.String()
}

// decimalDoc is the Plan's decimal text's doc, in Python's words.
func decimalDoc(p *portable.Plan) string {
	return strings.Replace(p.Text.DecimalDoc(), "as Go's strconv.FormatUint writes it", "as Python's str of an int writes it", 1)
}

// sqlType returns the PostgreSQL type that idforge gen -lang sql holds a
// layout's IDs in, its OID, and a Python expression of the text that type
// reads for the bits n: uuid for 128 bits, bigint (int8) of the same 64
// bits for 64, bytea otherwise.
func sqlType(p *portable.Plan) (name string, oid int, text string) {
	switch p.Bits {
	case 128:
		return "uuid", 2950, `str(_uuid.UUID(int=n))`
	case 64:
		return "bigint", 20, `str(n - (1 << 64) if n >> 63 else n)`
	}
	return "bytea", 17, `"\\x%0` + fmt.Sprint(p.Size*2) + `x" % n`
}

// conform returns the class's __conform__, psycopg2's hook: an ID adapts
// itself to the SQL literal of the type gen -lang sql holds it in.
func conform(p *portable.Plan) string {
	name, _, _ := sqlType(p)
	return fmt.Sprintf(`
    def __conform__(self, protocol: object) -> _SQLLiteral:
        """psycopg2's hook: an ID given as a query parameter is the %[1]s
        that idforge gen -lang sql holds the layout's IDs in, with no
        adapter to register (psycopg 3 needs register_psycopg)."""
        return _SQLLiteral(_pg_text(self._n), "%[1]s")
`, name)
}

// psycopg returns the module's functions and class for PostgreSQL's
// drivers: _pg_text, _SQLLiteral (psycopg2's adapter) and
// register_psycopg (psycopg 3's dumper).
func psycopg(p *portable.Plan) string {
	name, oid, text := sqlType(p)
	return fmt.Sprintf(`

def _pg_text(n: int) -> str:
    """Returns the text of the %[1]s that idforge gen -lang sql holds the
    ID of bits n in."""
    return %[3]s


class _SQLLiteral:
    """psycopg2's adapter of an ID (what ID.__conform__ returns): the SQL
    literal of its value, cast to its type."""

    __slots__ = ("_sql",)

    def __init__(self, text: str, typ: str) -> None:
        self._sql = f"'{text}'::{typ}".encode("ascii")

    def getquoted(self) -> bytes:
        """Returns the literal, as psycopg2 asks an adapter for it."""
        return self._sql


def register_psycopg(context: object = None) -> None:
    """Lets psycopg 3 take an ID of the layout as a query parameter: the
    %[1]s that idforge gen -lang sql holds the layout's IDs in. It
    registers a dumper on context (a connection, a cursor, or their
    adapters), or on psycopg.adapters, every connection's, without one.
    psycopg is imported here, and only here. (psycopg2 needs nothing: an
    ID adapts itself.)"""
    import importlib

    psycopg = importlib.import_module("psycopg")
    adapt = importlib.import_module("psycopg.adapt")

    def dump(self: object, obj: %[4]s) -> bytes:
        return _pg_text(obj.int).encode("ascii")

    dumper = type("%[4]sDumper", (adapt.Dumper,), {"oid": %[2]d, "dump": dump, "__module__": __name__})
    adapters: object = psycopg.adapters if context is None else getattr(context, "adapters", context)
    register: Callable[[object, object], None] = getattr(adapters, "register_dumper")
    register(%[4]s, dumper)
`, name, oid, text, p.Type)
}
