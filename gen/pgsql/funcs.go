package pgsql

import (
	"fmt"
	"math/big"
	"strings"

	"github.com/idforge/idforge/encodings"
	"github.com/idforge/idforge/layouts"
	"github.com/idforge/idforge/resolved"
)

const (
	base62Chunk           = 10                 // Base62 digits per bigint
	base62ChunkBase int64 = 839299365868340224 // 62^10, the largest power of 62 in a bigint
)

// alphabet returns the digits of a built-in encoding, as package encodings
// declares them: the alphabets of the forms every script has
// (resolved.CommonForms).
func alphabet(name string) string {
	e, ok := encodings.Lookup(name)
	if !ok {
		panic("pgsql: no built-in encoding " + name)
	}
	return e.Spec().Digits
}

// both returns a body built as every server from 13 runs it, and as
// PostgreSQL 18 and later run it (empty when the two are the same).
func (s *script) both(build func() string) (body, fast string) {
	body = build()
	s.fast = true
	defer func() { s.fast = false }()
	if fast = build(); fast == body {
		fast = ""
	}
	return body, fast
}

// sqlType returns the SQL type of a field's values.
func sqlType(f *resolved.Field) string {
	switch {
	case f.Bytes:
		return "bytea"
	case f.Width == 64:
		return "numeric"
	}
	return "bigint"
}

// describe says what a field holds, for its function's comment.
func describe(l *resolved.Layout, f *resolved.Field) string {
	roles := map[layouts.Role]bool{}
	var names []string
	for _, si := range f.Segments {
		for _, pi := range l.Segments[si].Parts {
			if r := l.Parts[pi].Role; !roles[r] {
				roles[r] = true
				names = append(names, r.String())
			}
		}
	}
	return strings.Join(names, " and ")
}

// emitValid writes P_valid, the Go packages' Valid: whether an ID's
// constant bits (and, for a bytea, its length) are the layout's. For a uuid
// or bigint it is one strict expression, which the planner inlines; a
// CHECK on a column can use it.
func (s *script) emitValid() {
	mask, constants := s.constantMask()
	test := fmt.Sprintf("(%s & %s) = %s", s.idBits("$1"), mask, s.template('0'))
	doc := fmt.Sprintf("Whether id is a %s ID: its constant bits are the layout's.", s.l.Name)
	if !constants {
		test = "$1 = $1" // true for every ID and NULL for NULL: strict, so it inlines
		doc = fmt.Sprintf("Whether id is a %s ID: always, as the layout has no constant bits.", s.l.Name)
	}
	body := "SELECT " + test
	fastTest := test
	if constants && s.kind != kBigint {
		fastTest = s.fastConstTest()
	}
	fast := "SELECT " + fastTest
	if s.kind == kBytea {
		n := s.l.Bytes()
		body = fmt.Sprintf("SELECT CASE WHEN octet_length($1) = %d THEN %s ELSE false END", n, test)
		fast = fmt.Sprintf("SELECT CASE WHEN octet_length($1) = %d THEN %s ELSE false END", n, fastTest)
		doc = fmt.Sprintf("Whether id is a %s ID: %d bytes long, with the layout's constant bits.", s.l.Name, n)
		if !constants {
			body = fmt.Sprintf("SELECT octet_length($1) = %d", n)
			fast = body
			doc = fmt.Sprintf("Whether id is a %s ID: %d bytes long (the layout has no constant bits).", s.l.Name, n)
		}
	}
	s.function(function{
		suffix: "valid", params: [][2]string{{"id", s.typ}}, returns: "boolean", anyLength: true, body: body, fast: fast,
		doc: doc + " The other functions read the bits of any ID of the right type: a CHECK (" + s.name("valid") + "(id)) on a column keeps the IDs of other layouts out.",
	})
}

// fastConstTest returns P_valid's test on PostgreSQL 18: the bytes that
// hold constant bits, read in windows of at most 8 bytes cast to bigint,
// masked and compared with the constants. One window is (w & m) = v; more
// are ((w1 & m1) # v1) | ((w2 & m2) # v2) = 0, which stays one strict
// expression (AND would not: the planner does not inline a STRICT
// function whose body has one).
func (s *script) fastConstTest() string {
	isConst := make([]bool, s.l.Bits)
	want := make([]byte, s.l.Bits)
	for _, c := range s.l.Consts {
		for i := range c.Width {
			isConst[s.off(c.Run)+i] = true
			if c.Bit(c.Value, i) {
				want[s.off(c.Run)+i] = 1
			}
		}
	}
	type window struct{ first, n int }
	var windows []window
	for bit, c := range isConst {
		if !c {
			continue
		}
		byteAt := bit / 8
		if k := len(windows) - 1; k >= 0 && byteAt < windows[k].first+8 {
			windows[k].n = byteAt - windows[k].first + 1
			continue
		}
		windows = append(windows, window{byteAt, 1})
	}
	var terms []string
	for _, w := range windows {
		var mask, val uint64
		for i := range 8 * w.n {
			bit := 8*w.first + i
			mask, val = mask<<1, val<<1
			if bit < s.l.Bits && isConst[bit] {
				mask |= 1
				val |= uint64(want[bit])
			}
		}
		word := fmt.Sprintf("substring(%s from %d for %d)::bigint", s.bytesOf("$1"), w.first+1, w.n)
		if len(windows) == 1 {
			return fmt.Sprintf("(%s & %d) = %d", word, int64(mask), int64(val))
		}
		terms = append(terms, fmt.Sprintf("((%s & %d) # %d)", word, int64(mask), int64(val)))
	}
	return "(" + strings.Join(terms, " | ") + ") = 0"
}

func (s *script) emitFields() {
	for i := range s.l.Fields {
		f := &s.l.Fields[i]
		body, fast := s.both(func() string {
			if f.Bytes {
				start, end := s.fieldRuns(f)[0].Bytes(s.l.Bits)
				return fmt.Sprintf("SELECT substring(%s from %d for %d)", s.bytesOf("$1"), start+1, end-start)
			}
			e, _ := s.value("$1", s.fieldRuns(f), f.Width)
			return "SELECT " + e
		})
		s.function(function{
			suffix: f.Name, params: [][2]string{{"id", s.typ}}, returns: sqlType(f), body: body, fast: fast,
			doc: fmt.Sprintf("The %d-bit field %s (%s) of a %s ID.", f.Width, f.Name, describe(s.l, f), s.l.Name),
		})
	}
}

func (s *script) emitTime() {
	v, ok := s.l.Value(layouts.Time)
	if !ok {
		return
	}
	us, ok := s.runMicros(v)
	if !ok {
		ticks, numeric := s.value("$1", s.valueRuns(v), v.Width)
		us = s.microsExpr(v, ticks, numeric)
	}
	base, _ := epochBase(v)
	s.fast = true
	fast := s.fastTimeExpr(v)
	guarded := false
	if version, c, ok := s.builtinTime(v); ok {
		// PostgreSQL's own reader where it reads this layout's time: a
		// CASE, so the function is not STRICT (STRICT would stop the
		// planner from inlining it); NULL still gives NULL.
		fast = fmt.Sprintf("CASE WHEN uuid_extract_version($1) = %d THEN %s ELSE %s END", version, c, fast)
		guarded = true
	}
	fast = "SELECT " + fast
	s.fast = false
	s.function(function{
		suffix: "time", params: [][2]string{{"id", s.typ}}, returns: "timestamptz",
		body: "SELECT " + timestamptzExpr(base, us), fast: fast, fastLax: guarded,
		doc: fmt.Sprintf("The time a %s ID holds (%s ticks since %s), rounded down to the microsecond.",
			s.l.Name, v.Unit, v.Epoch.UTC().Format("2006-01-02T15:04:05.999999999Z")),
	})
}

// template returns a bit-string literal of the ID with its constants in
// place and every other bit fill ('0' or '1').
func (s *script) template(fill byte) string {
	return s.bitString(func(bit byte) byte { return bit }, fill)
}

// constantMask returns a bit-string literal with a 1 at each of the
// layout's constant bits, and whether it has any.
func (s *script) constantMask() (string, bool) {
	mask := s.bitString(func(byte) byte { return '1' }, '0')
	return mask, strings.Contains(mask, "1")
}

// bitString returns a bit-string literal of Bits bits: at a constant's bit,
// constant of the bit's value ('0' or '1'), and fill at every other.
func (s *script) bitString(constant func(bit byte) byte, fill byte) string {
	b := []byte(strings.Repeat(string(fill), s.l.Bits))
	for _, c := range s.l.Consts {
		for i := range c.Width {
			bit := byte('0')
			if c.Bit(c.Value, i) {
				bit = '1'
			}
			b[s.off(c.Run)+i] = constant(bit)
		}
	}
	return "B'" + string(b) + "'"
}

// idBits returns the ID in v as bit(Bits).
func (s *script) idBits(v string) string {
	if s.kind == kBigint {
		return v + "::bit(64)"
	}
	return fmt.Sprintf("(%s)::bit(%d)", s.cat(s.str("x"), s.call("encode", s.bytesOf(v), s.str("hex"))), s.l.Bits)
}

// fromBits returns the ID whose bits are the bit string b.
func (s *script) fromBits(b string) string {
	if s.kind == kBigint {
		return b + "::bigint"
	}
	var hex []string
	for at := 0; at < s.l.Bits; at += 64 {
		w := min(64, s.l.Bits-at)
		hex = append(hex, s.call("lpad", s.call("to_hex", s.sub(b, at+1, w)+"::bigint"), fmt.Sprint(w/4), s.str("0")))
	}
	h := strings.Join(hex, "\n    "+s.catOp()+" ")
	if s.kind == kUUID {
		return "(" + h + ")::" + s.sqlType("uuid")
	}
	return s.call("decode", h, s.str("hex"))
}

// valueBits returns bits [lo, lo+width) of a value (an expression under 2^64,
// bigint or numeric) as a bit string.
func valueBits(e string, numeric bool, lo, width int) string {
	full := e + "::bit(64)"
	if numeric {
		full = fmt.Sprintf("(div(%s, 4294967296)::bigint::bit(32) || mod(%s, 4294967296)::bigint::bit(32))", e, e)
	}
	return fmt.Sprintf("substring(%s from %d for %d)", full, 65-lo-width, width)
}

// placeValue returns the statements that write a value's bits into the
// bit-string variable b, run by run.
func (s *script) placeValue(e string, numeric bool, runs []resolved.Run) string {
	var out []string
	for _, r := range runs {
		out = append(out, fmt.Sprintf("  b := overlay(b placing %s from %d);", valueBits(e, numeric, r.Lo, r.Width), s.off(r)+1))
	}
	return strings.Join(out, "\n")
}

// timeDecls are the PL/pgSQL variables the time statements use.
const timeDecls = "  iv interval;\n  us bigint;\n  x numeric;\n  ticks numeric;\n"

// maxValue returns 2^width - 1.
func maxValue(width int) string {
	return new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), uint(width)), big.NewInt(1)).String()
}

// ticksStmts returns the statements that set ticks to the tick of the
// timestamptz t, rounded down, raising 22008 when it is out of range.
func (s *script) ticksStmts(suffix, t string) string {
	v, _ := s.l.Value(layouts.Time)
	base, _ := epochBase(v)
	return fmt.Sprintf(`  %s
  x := %s;
  IF x < 0 THEN
    %s
  END IF;
  ticks := div(x, %s);
  IF ticks > %s THEN
    %s
  END IF;`,
		microsStmts(base, t), s.tickNum(v, "us"),
		s.raise(suffix, "22008", "%s is before the epoch of "+s.l.Name+", %s", t, literal(v.Epoch.UTC().Format("2006-01-02T15:04:05.999999999Z"))),
		s.tickDen(v), maxValue(v.Width),
		s.raise(suffix, "22008", "%s is past the last tick of "+s.l.Name+"'s %s-bit time", t, fmt.Sprint(v.Width)))
}

// packParam is a parameter of P_pack: a field, or the time (field nil).
type packParam struct {
	name, typ string
	field     *resolved.Field
}

// packParams returns P_pack's parameters: each non-constant field in spec
// order, except that the fields that hold nothing but time bits give way to
// one timestamptz, where the first field holding time bits stands. It is
// named after the first of those time fields, or "time" if there is none.
func (s *script) packParams() []packParam {
	tv, hasTime := s.l.Value(layouts.Time)
	holdsTime := map[int]bool{}
	timeName := ""
	if hasTime {
		for _, pi := range tv.Parts {
			holdsTime[s.l.Segments[s.l.Parts[pi].Segment].Field] = true
		}
		for _, f := range s.l.Fields {
			if f.Role == layouts.Time && timeName == "" {
				timeName = f.Name
			}
		}
		if timeName == "" {
			timeName = "time"
			for _, taken := s.l.Field(timeName); taken; _, taken = s.l.Field(timeName) {
				timeName += "_"
			}
		}
	}
	var params []packParam
	for i := range s.l.Fields {
		f := &s.l.Fields[i]
		if holdsTime[i] && timeName != "" {
			params = append(params, packParam{timeName, "timestamptz", nil})
			timeName = ""
		}
		if !hasTime || f.Role != layouts.Time {
			params = append(params, packParam{f.Name, sqlType(f), f})
		}
	}
	return params
}

func (s *script) emitPack() {
	params := s.packParams()
	var checks, places []string
	timeArg := ""
	var sig [][2]string
	for i, pp := range params {
		sig = append(sig, [2]string{pp.name, pp.typ})
		p := fmt.Sprintf("$%d", i+1)
		f := pp.field
		switch {
		case f == nil:
			timeArg = p
		case f.Bytes:
			run := s.fieldRuns(f)[0]
			checks = append(checks, fmt.Sprintf("  IF octet_length(%s) <> %d THEN\n    %s\n  END IF;", p, f.Width/8,
				s.raise("pack", "22026", "%s is %s bytes, want "+fmt.Sprint(f.Width/8), literal(f.Name), "octet_length("+p+")")))
			places = append(places, fmt.Sprintf("  b := overlay(b placing ('x' || encode(%s, 'hex'))::bit(%d) from %d);", p, f.Width, s.off(run)+1))
		default:
			bad := fmt.Sprintf("%s < 0 OR %s > %s", p, p, maxValue(f.Width))
			if f.Width == 64 {
				bad += fmt.Sprintf(" OR %s <> trunc(%s)", p, p)
			}
			checks = append(checks, fmt.Sprintf("  IF %s THEN\n    %s\n  END IF;", bad,
				s.raise("pack", "22003", "%s %s does not fit in "+fmt.Sprint(f.Width)+" bits", literal(f.Name), p)))
			places = append(places, s.placeValue(p, f.Width == 64, s.fieldRuns(f)))
		}
	}
	var b strings.Builder
	b.WriteString("DECLARE\n  b bit(" + fmt.Sprint(s.l.Bits) + ") := " + s.template('0') + ";\n")
	if timeArg != "" {
		b.WriteString(timeDecls)
	}
	b.WriteString("BEGIN\n")
	for _, c := range checks {
		b.WriteString(c + "\n")
	}
	if timeArg != "" {
		b.WriteString(s.ticksStmts("pack", timeArg) + "\n")
	}
	for _, p := range places {
		b.WriteString(p + "\n")
	}
	doc := fmt.Sprintf("A %s ID from its fields, in spec order; each must fit its width (SQLSTATE 22003 if not).", s.l.Name)
	if timeArg != "" {
		v, _ := s.l.Value(layouts.Time)
		b.WriteString(s.placeValue("ticks", true, s.valueRuns(v)) + "\n")
		doc += fmt.Sprintf(" The time is a timestamptz, rounded down to the %s tick; outside the layout's range it is an error (22008).", v.Unit)
		if mixedTime(s.l) {
			doc += " It sets every time bit, also those inside fields that hold time and other bits: those fields' time bits are overwritten."
		}
	}
	b.WriteString("  RETURN " + s.fromBits("b") + ";\nEND")
	s.function(function{suffix: "pack", params: sig, returns: s.typ, plpgsql: true, body: b.String(), doc: doc})
}

// mixedTime reports whether a field holds time bits and other bits.
func mixedTime(l *resolved.Layout) bool {
	tv, ok := l.Value(layouts.Time)
	if !ok {
		return false
	}
	for _, pi := range tv.Parts {
		if fi := l.Segments[l.Parts[pi].Segment].Field; fi >= 0 && l.Fields[fi].Role != layouts.Time {
			return true
		}
	}
	return false
}

func (s *script) emitBounds() {
	v, ok := s.l.Value(layouts.Time)
	if !ok || !s.l.TimeSortable() {
		return
	}
	base, _ := epochBase(v)
	den := s.tickDen(v)
	for _, bound := range []struct {
		suffix, x, ticks, doc string
		fill                  byte
	}{
		{"min_at", s.tickNum(v, "us"), fmt.Sprintf("div(x + %s - 1, %s)", den, den),
			"The smallest %s ID whose time (as %[1]s_time reads it) is at or after t: the first tick at or after t, every other variable bit 0. For t before the epoch it is the first tick's; after the last tick's time, which no ID is at or after, it is an error (SQLSTATE 22008). id >= %[2]s_min_at(t1) AND id < %[2]s_min_at(t2) selects [t1, t2)%[3]s.", '0'},
		{"max_at", s.tickNum(v, "us + 1"), fmt.Sprintf("div(x + %s - 1, %s) - 1", den, den),
			"The largest %s ID whose time (as %[1]s_time reads it, to the microsecond) is at or before t: the last such tick, every other variable bit 1. Past the last tick it is the last tick's; before the epoch, which no ID is at or before, it is an error (SQLSTATE 22008). id >= %[2]s_min_at(t1) AND id <= %[2]s_max_at(t2) selects [t1, t2]%[3]s.", '1'},
	} {
		// DESIGN's time bounds: the first tick before the epoch (min_at),
		// the last past the last tick (max_at); where no tick qualifies,
		// 22008.
		limit := fmt.Sprintf(`IF ticks > %s THEN
    %s
  END IF;
  ticks := greatest(0, ticks);`, maxValue(v.Width), s.raise(bound.suffix, "22008", "no tick of "+s.l.Name+" is at or after %s", "$1"))
		if bound.fill == '1' {
			limit = fmt.Sprintf(`IF ticks < 0 THEN
    %s
  END IF;
  ticks := least(%s, ticks);`, s.raise(bound.suffix, "22008", "no tick of "+s.l.Name+" is at or before %s", "$1"), maxValue(v.Width))
		}
		body := fmt.Sprintf(`DECLARE
  b bit(%d) := %s;
%sBEGIN
  %s
  x := %s;
  ticks := %s;
  %s
%s
  RETURN %s;
END`, s.l.Bits, s.template(bound.fill), timeDecls, microsStmts(base, "$1"), bound.x, bound.ticks, limit,
			s.placeValue("ticks", true, s.valueRuns(v)), s.fromBits("b"))
		note := " on an index of the key"
		if s.kind == kBigint && !s.l.TopBitZero() {
			note = "; bigint compares signed, so this holds while the top bit is 0"
		}
		s.function(function{
			suffix: bound.suffix, params: [][2]string{{"t", "timestamptz"}}, returns: s.typ, plpgsql: true, body: body,
			doc: fmt.Sprintf(bound.doc, s.l.Name, s.prefix, note),
		})
	}
}

func (s *script) emitHex() {
	n := s.l.Bytes()
	enc := fmt.Sprintf("encode(%s, 'hex')", s.bytesOf("$1"))
	if s.kind == kBigint {
		enc = "lpad(to_hex($1), 16, '0')"
	}
	s.function(function{
		suffix: "to_hex", params: [][2]string{{"id", s.typ}}, returns: "text", body: "SELECT " + enc,
		doc: fmt.Sprintf("A %s ID as %d lower-case hex digits.", s.l.Name, 2*n),
	})
	var ret string
	switch s.kind {
	case kUUID:
		ret = "$1::uuid"
	case kBigint:
		ret = "('x' || $1)::bit(64)::bigint"
	default:
		ret = "decode($1, 'hex')"
	}
	s.function(function{
		suffix: "from_hex", params: [][2]string{{"s", "text"}}, returns: s.typ, plpgsql: true,
		body: "BEGIN\n" + s.checkText("from_hex", 2*n, "0-9A-Fa-f") + "  RETURN " + ret + ";\nEND",
		doc:  fmt.Sprintf("The %s ID that %d hex digits (either case) spell; anything else is an error (SQLSTATE 22P02).", s.l.Name, 2*n),
	})
}

// checkText returns the statements that raise 22P02 unless $1 has the
// given length and only characters of the bracket expression class.
func (s *script) checkText(suffix string, width int, class string) string {
	return s.checkTextLen(suffix, width) + fmt.Sprintf(`  IF $1 !~ '^[%s]*$' THEN
    %s
  END IF;
`, class, s.raise(suffix, "22P02", "invalid character %L at position %s of %L (length %s)", fmt.Sprintf("substring($1 from '[^%s]')", class),
		fmt.Sprintf("strpos($1, substring($1 from '[^%s]')) - 1", class), "$1", "length($1)"))
}

// checkTextLen returns the statement that raises 22P02 unless $1 has the
// given length.
func (s *script) checkTextLen(suffix string, width int) string {
	return fmt.Sprintf(`  IF length($1) <> %d THEN
    %s
  END IF;
`, width, s.raise(suffix, "22P02", "%L is of length %s, want "+fmt.Sprint(width), "$1", "length($1)"))
}

// checkChars returns the statement that raises 22P02 unless the first
// width characters of $1 are of the bracket expression class.
func (s *script) checkChars(suffix string, width int, class string) string {
	text := fmt.Sprintf("substr($1, 1, %d)", width)
	bad := fmt.Sprintf("substring(%s from %s)", text, literal("[^"+class+"]"))
	return fmt.Sprintf(`  IF %s !~ %s THEN
    %s
  END IF;
`, text, literal("^["+class+"]*$"), s.raise(suffix, "22P02", "invalid character %L at position %s of %L (length %s)", bad,
		fmt.Sprintf("strpos($1, %s) - 1", bad), "$1", "length($1)"))
}

func (s *script) emitBase62() {
	n := s.l.Bytes()
	width := encodings.Base62.EncodedLen(n)
	// Groups of up to 10 digits, each a bigint, least significant first.
	var enc strings.Builder
	groups := (width + base62Chunk - 1) / base62Chunk
	var vars []string
	for g := range groups {
		vars = append(vars, fmt.Sprintf("g%d", g))
	}
	fmt.Fprintf(&enc, "DECLARE\n  n numeric;\n  %s bigint;\nBEGIN\n  n := %s;\n", strings.Join(vars, " bigint;\n  "), s.numeric("$1"))
	var digits [][2]string // group variable and power of 62, most significant first
	for g := range groups {
		if g < groups-1 {
			fmt.Fprintf(&enc, "  g%d := mod(n, %d)::bigint;\n  n := div(n, %d);\n", g, base62ChunkBase, base62ChunkBase)
		} else {
			fmt.Fprintf(&enc, "  g%d := n::bigint;\n", g)
		}
	}
	for g := groups - 1; g >= 0; g-- {
		k := min(base62Chunk, width-g*base62Chunk)
		p := new(big.Int).Exp(big.NewInt(62), big.NewInt(int64(k-1)), nil)
		for range k {
			digits = append(digits, [2]string{vars[g], p.String()})
			p.Quo(p, big.NewInt(62))
		}
	}
	// The characters' ASCII codes, packed big-endian into integers of 8, 4,
	// 2 or 1 bytes sent as bytea: no text is built a character at a time.
	var words []string
	for len(digits) > 0 {
		size := 8
		for size > len(digits) {
			size /= 2
		}
		var codes []string
		for i, d := range digits[:size] {
			digit := fmt.Sprintf("(%s / %s %% 62)", d[0], d[1])
			if d[1] == "1" {
				digit = fmt.Sprintf("(%s %% 62)", d[0])
			}
			c := asciiCode(digit)
			if sh := 8 * (size - 1 - i); sh > 0 {
				c = fmt.Sprintf("(%s << %d)", c, sh)
			}
			codes = append(codes, c)
		}
		word := strings.Join(codes, "\n      | ")
		switch size {
		case 8:
			words = append(words, "int8send("+word+")")
		case 4:
			words = append(words, "int4send(("+word+")::int)")
		case 2:
			words = append(words, "int2send(("+word+")::smallint)")
		default:
			words = append(words, "substring(int2send(("+word+")::smallint) from 2)")
		}
		digits = digits[size:]
	}
	fmt.Fprintf(&enc, "  RETURN encode(%s, 'escape');\nEND", strings.Join(words, "\n    || "))
	s.function(function{
		suffix: "to_base62", params: [][2]string{{"id", s.typ}}, returns: "text", plpgsql: true, body: enc.String(), fast: s.fastBase62(),
		doc: fmt.Sprintf("A %s ID as %d Base62 characters (0-9A-Za-z), zero-padded, so that under COLLATE \"C\" the text sorts as the IDs do.", s.l.Name, width),
	})

	// Decoding: groups of up to 10 digits, most significant first.
	var dec strings.Builder
	dec.WriteString("DECLARE\n  n numeric;\n  b bit(" + fmt.Sprint(s.l.Bits) + ");\nBEGIN\n")
	dec.WriteString(s.checkText("from_base62", width, "0-9A-Za-z"))
	dec.WriteString(numericStmts(width, base62Chunk, 62, fmt.Sprint(base62ChunkBase), func(i int) string {
		return fmt.Sprintf("(strpos('%s', substr($1, %d, 1)) - 1)", alphabet("base62"), i+1)
	}))
	fmt.Fprintf(&dec, "  IF n > %s THEN\n    %s\n  END IF;\n", maxValue(s.l.Bits),
		s.raise("from_base62", "22P02", "%L of length %s is above the largest "+fmt.Sprint(s.l.Bits)+"-bit value", "$1", "length($1)"))
	dec.WriteString("  b := " + numericBits("n", s.l.Bits) + ";\n")
	dec.WriteString("  RETURN " + s.fromBits("b") + ";\nEND")
	s.function(function{
		suffix: "from_base62", params: [][2]string{{"s", "text"}}, returns: s.typ, plpgsql: true, body: dec.String(),
		doc: fmt.Sprintf("The %s ID that %d Base62 characters spell (case matters); a wrong length, a character outside 0-9A-Za-z or a value above the largest ID is an error (SQLSTATE 22P02).", s.l.Name, width),
	})
}

// numericStmts returns the statements that set the numeric n to the
// number that width digits of a base spell, most significant first: chunk
// digits at a time, summed in a bigint (unit is base^chunk), the first
// group taking what is left over. digit(i) is the value of digit i.
func numericStmts(width, chunk, base int, unit string, digit func(i int) string) string {
	var b strings.Builder
	for at := 0; at < width; {
		k := (width-at-1)%chunk + 1
		var digits []string
		for i := range k {
			d := digit(at+i) + "::bigint"
			if e := k - 1 - i; e > 0 {
				d = fmt.Sprintf("%s * %s", d, new(big.Int).Exp(big.NewInt(int64(base)), big.NewInt(int64(e)), nil))
			}
			digits = append(digits, d)
		}
		group := "(" + strings.Join(digits, "\n    + ") + ")::numeric"
		if at == 0 {
			fmt.Fprintf(&b, "  n := %s;\n", group)
		} else {
			fmt.Fprintf(&b, "  n := n * %s + %s;\n", unit, group)
		}
		at += k
	}
	return b.String()
}

// numeric returns the ID id as a numeric, from words of up to 7 bytes
// (non-negative bigints).
func (s *script) numeric(id string) string {
	if s.kind == kBigint {
		return fmt.Sprintf("mod(%s::numeric + 18446744073709551616, 18446744073709551616)", id)
	}
	n := s.l.Bytes()
	var terms []string
	for at := 0; at < n; at += 7 {
		k := min(7, n-at)
		t := fmt.Sprintf("('x' || encode(substring(%s from %d for %d), 'hex'))::bit(%d)::bigint::numeric", s.bytesOf(id), at+1, k, 8*k)
		if rest := n - at - k; rest > 0 {
			t += " * " + pow2(8*rest)
		}
		terms = append(terms, t)
	}
	return strings.Join(terms, "\n    + ")
}

// asciiCode returns the ASCII code of the Base62 digit d (0 to 61):
// '0' + d, past '9' 7 more ('A'), past 'Z' 6 more ('a').
func asciiCode(d string) string {
	return fmt.Sprintf("(48 + %s + 7 * ((%s + 54) >> 6) + 6 * ((%s + 28) >> 6))", d, d, d)
}

// numericBits returns the numeric n (below 2^width) as bit(width), 32 bits
// at a time.
func numericBits(n string, width int) string {
	var limbs []string
	for hi := width; hi > 0; {
		w := (hi-1)%32 + 1
		lo := hi - w
		e := n
		if lo > 0 {
			e = fmt.Sprintf("div(%s, %s)", n, pow2(lo))
		}
		if hi < width {
			e = fmt.Sprintf("mod(%s, %s)", e, pow2(w))
		}
		limbs = append(limbs, fmt.Sprintf("%s::bigint::bit(%d)", e, w))
		hi = lo
	}
	return strings.Join(limbs, "\n    || ")
}

func (s *script) emitCrockford() {
	n := s.l.Bytes()
	width := encodings.Crockford.EncodedLen(n)
	pad := 5*width - s.l.Bits
	bits := s.idBits("$1")
	if pad > 0 {
		bits = fmt.Sprintf("B'%s' || %s", strings.Repeat("0", pad), bits)
	}
	var digits []string
	for i := range width {
		digits = append(digits, fmt.Sprintf("substr('%s', substring(b from %d for 5)::int + 1, 1)", alphabet("crockford"), 5*i+1))
	}
	s.function(function{
		suffix: "to_crockford", params: [][2]string{{"id", s.typ}}, returns: "text", plpgsql: true,
		body: fmt.Sprintf("DECLARE\n  b bit(%d);\nBEGIN\n  b := %s;\n  RETURN %s;\nEND", 5*width, bits, strings.Join(digits, "\n    || ")),
		doc:  fmt.Sprintf("A %s ID as %d upper-case Crockford base-32 characters, zero-padded, so that under COLLATE \"C\" the text sorts as the IDs do.", s.l.Name, width),
	})

	crockford, _ := encodings.Lookup("crockford")
	var dec strings.Builder
	fmt.Fprintf(&dec, "DECLARE\n  u text := %s;\n  v bit(%d);\n  b bit(%d);\nBEGIN\n", canonical(crockford, "$1"), 5*width, s.l.Bits)
	dec.WriteString(s.checkText("from_crockford", width, readClass(crockford)))
	var groups []string
	for i := range width {
		groups = append(groups, fmt.Sprintf("(strpos('%s', substr(u, %d, 1)) - 1)::bit(5)", alphabet("crockford"), i+1))
	}
	fmt.Fprintf(&dec, "  v := %s;\n", strings.Join(groups, "\n    || "))
	if pad > 0 {
		fmt.Fprintf(&dec, "  IF substring(v from 1 for %d) <> B'%s' THEN\n    %s\n  END IF;\n", pad, strings.Repeat("0", pad),
			s.raise("from_crockford", "22P02", "%L of length %s is above the largest "+fmt.Sprint(s.l.Bits)+"-bit value", "$1", "length($1)"))
	}
	fmt.Fprintf(&dec, "  b := substring(v from %d);\n  RETURN %s;\nEND", pad+1, s.fromBits("b"))
	s.function(function{
		suffix: "from_crockford", params: [][2]string{{"s", "text"}}, returns: s.typ, plpgsql: true, body: dec.String(),
		doc: fmt.Sprintf("The %s ID that %d Crockford base-32 characters spell%s, as every language reads them; anything else, U included, or a value above the largest ID, is an error (SQLSTATE 22P02).", s.l.Name, width, readsNote(crockford.Spec())),
	})
}

func (s *script) emitNew() {
	if !s.l.Stateless() {
		return
	}
	n := s.l.Bytes()
	var b strings.Builder
	fmt.Fprintf(&b, "DECLARE\n  b bit(%d);\n  r bytea := '';\n  u bytea;\n", s.l.Bits)
	_, hasTime := s.l.Value(layouts.Time)
	if hasTime {
		b.WriteString(timeDecls)
	}
	// gen_random_uuid's bytes other than 6 and 8 (version and variant) are random.
	fmt.Fprintf(&b, `BEGIN
  FOR i IN 1..%d LOOP
    u := uuid_send(gen_random_uuid());
    r := r || substring(u from 1 for 6) || substring(u from 8 for 1) || substring(u from 10 for 7);
  END LOOP;
  b := ('x' || encode(substring(r from 1 for %d), 'hex'))::bit(%d);
`, (n+13)/14, n, s.l.Bits)
	for _, c := range s.l.Consts {
		fmt.Fprintf(&b, "  b := overlay(b placing %s from %d);\n", valueBits(fmt.Sprint(c.Value), false, 0, c.Width), s.off(c.Run)+1)
	}
	doc := fmt.Sprintf("A new %s ID: ", s.l.Name)
	if hasTime {
		v, _ := s.l.Value(layouts.Time)
		b.WriteString(s.ticksStmts("new", "clock_timestamp()") + "\n")
		b.WriteString(s.placeValue("ticks", true, s.valueRuns(v)) + "\n")
		doc += "the time from clock_timestamp() (microseconds), "
	}
	doc += "random bits from gen_random_uuid()."
	if c, ok := s.l.Value(layouts.Counter); ok {
		doc += " SQL keeps no state between calls, so the counter bits are random, as a generator's first ID in a tick has them"
		if c.Init == layouts.InitSeeded {
			// The counter's top bit is clear, as a seeded counter starts.
			for _, r := range s.valueRuns(c) {
				if top := c.Width - 1; r.Lo <= top && top < r.Lo+r.Width {
					// The value's top bit, counted from the run's top.
					fmt.Fprintf(&b, "  b := overlay(b placing B'0' from %d);\n", s.off(r)+r.Lo+r.Width-c.Width+1)
				}
			}
			doc += " (top bit clear)"
		}
		doc += ": IDs made within one tick are unique by their random bits but not ordered among themselves. For strictly increasing IDs, make them in Go."
	}
	b.WriteString("  RETURN " + s.fromBits("b") + ";\nEND")
	s.function(function{suffix: "new", returns: s.typ, plpgsql: true, mutable: true, body: b.String(), doc: doc})
}

// fastBase62 returns P_to_base62's body on PostgreSQL 18, or "" where the
// ID is too long for it. It does no numeric arithmetic. The ID is read as
// bigint words (bytea casts), cut into 16-bit limbs x_i; each limb's place
// value 2^(16i) is written out in base B = 62^k beforehand, c_ij, so that
// the ID is sum_j S_j B^j with S_j = sum_i x_i c_ij, each below 2^63. One
// carry pass turns the S_j into the groups of k Base62 digits, and each
// pair of digits is two bytes of a 3,844-entry table: eleven lookups for a
// UUID's 22 characters, where the portable body computes every
// character's code.
func (s *script) fastBase62() string {
	n := s.l.Bytes()
	width := encodings.Base62.EncodedLen(n)
	limbs := (n + 1) / 2
	// The largest k whose sums and carries stay below 2^63.
	k := 0
	limit := new(big.Int).Lsh(big.NewInt(1), 63)
	for kk := 1; kk <= 7; kk++ { // 7: a group's digits fit in 7 bytes of a bigint
		b := new(big.Int).Exp(big.NewInt(62), big.NewInt(int64(kk)), nil)
		sum := new(big.Int).Mul(big.NewInt(int64(limbs)*65535), new(big.Int).Sub(b, big.NewInt(1)))
		sum.Add(sum, new(big.Int).Quo(limit, b)) // the carry in
		if sum.Cmp(limit) >= 0 {
			break
		}
		k = kk
	}
	if k < 2 {
		return ""
	}
	base := new(big.Int).Exp(big.NewInt(62), big.NewInt(int64(k)), nil)
	groups := (width + k - 1) / k
	// c[i][j]: limb i's place value in base 62^k.
	c := make([][]*big.Int, limbs)
	for i := range limbs {
		v := new(big.Int).Lsh(big.NewInt(1), uint(16*i))
		for range groups {
			d := new(big.Int)
			v.QuoRem(v, base, d)
			c[i] = append(c[i], d)
		}
	}
	var b strings.Builder
	b.WriteString("DECLARE\n")
	// Words of up to 8 bytes from the least significant end: word w holds
	// limbs 4w to 4w+3.
	var word []string
	switch s.kind {
	case kBigint:
		word = []string{"$1"}
	default:
		if s.kind == kUUID {
			b.WriteString("  b bytea := uuid_send($1);\n")
		} else {
			b.WriteString("  b bytea := $1;\n")
		}
		for end := n; end > 0; end -= 8 {
			start := max(0, end-8)
			word = append(word, fmt.Sprintf("w%d", len(word)))
			fmt.Fprintf(&b, "  %s bigint := substring(b from %d for %d)::bigint;\n", word[len(word)-1], start+1, end-start)
		}
	}
	limb := func(i int) string {
		w, sh := word[i/4], 16*(i%4)
		if sh > 0 {
			w = fmt.Sprintf("(%s >> %d)", w, sh)
		}
		return fmt.Sprintf("(%s & 65535)", w) // an 8-byte word is signed: always mask
	}
	b.WriteString("  t bigint;\n")
	for j := range groups {
		fmt.Fprintf(&b, "  g%d bigint;\n", j)
	}
	b.WriteString("BEGIN\n")
	for j := range groups {
		var terms []string
		for i := range limbs {
			switch d := c[i][j]; {
			case d.Sign() == 0:
			case d.Cmp(big.NewInt(1)) == 0:
				terms = append(terms, limb(i))
			default:
				terms = append(terms, fmt.Sprintf("%s * %s", limb(i), d))
			}
		}
		if j > 0 {
			terms = append(terms, fmt.Sprintf("t / %s", base))
		}
		if len(terms) == 0 {
			terms = []string{"0"}
		}
		fmt.Fprintf(&b, "  t := %s;\n", strings.Join(terms, "\n    + "))
		if j < groups-1 {
			fmt.Fprintf(&b, "  g%d := t %% %s;\n", j, base)
		} else {
			fmt.Fprintf(&b, "  g%d := t;\n", j)
		}
	}
	// Each group's k digits, one a byte, most significant first, in a
	// bigint of k bytes; then all k ASCII codes at once: '0' + d, 7 more
	// where d >= 10 ('A'), 6 more where d >= 36 ('a'). Adding 118 (or 92)
	// to every byte sets the byte's top bit exactly where d >= 10 (or 36),
	// and no byte carries into the next.
	var words []string
	for g := groups - 1; g >= 0; g-- {
		m := k
		if g == groups-1 {
			m = width - k*(groups-1)
		}
		var digits []string
		for e := m - 1; e >= 0; e-- {
			d := fmt.Sprintf("g%d", g)
			if e > 0 {
				d = fmt.Sprintf("(%s / %s)", d, new(big.Int).Exp(big.NewInt(62), big.NewInt(int64(e)), nil))
			}
			if e < m-1 { // the top digit of a group is below 62 already
				d = fmt.Sprintf("(%s %% 62)", d)
			}
			if e > 0 {
				d = fmt.Sprintf("(%s << %d)", d, 8*e)
			}
			digits = append(digits, d)
		}
		rep := func(b byte) string {
			var v uint64
			for range m {
				v = v<<8 | uint64(b)
			}
			return fmt.Sprint(v)
		}
		fmt.Fprintf(&b, "  t := %s;\n", strings.Join(digits, " | "))
		fmt.Fprintf(&b, "  g%d := t + %s + 7 * (((t + %s) >> 7) & %s) + 6 * (((t + %s) >> 7) & %s);\n",
			g, rep(48), rep(118), rep(1), rep(92), rep(1))
		words = append(words, fmt.Sprintf("substring(int8send(g%d) from %d)", g, 9-m))
	}
	fmt.Fprintf(&b, "  RETURN encode(%s, 'escape');\nEND", strings.Join(words, "\n    || "))
	return b.String()
}
