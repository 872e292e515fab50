// Package duckdb generates DuckDB macros for an ID layout: the layout
// resolved by package resolved, written out as one script of CREATE OR
// REPLACE MACRO statements for DuckDB 1.5 and later, with no extension.
//
// For a layout and a prefix P (by default the layout's name with '-' as
// '_'), the script defines PostgreSQL's function set (package gen/pgsql)
// where a macro can hold it:
//
//	P_valid(id)                 whether id has the layout's constant bits (and,
//	                            as a BLOB, its length), for a CHECK on a column
//	P_<field>(id)               each field: UBIGINT up to 64 bits, UHUGEINT up
//	                            to 128, BLOB for a bytes field
//	P_time(id)                  the time, as TIMESTAMPTZ (DuckDB's is to the
//	                            microsecond; the time is rounded down to it)
//	P_min_at(t), P_max_at(t)    range bounds (time-sortable layouts)
//	P_to_base62, P_from_base62  fixed-width Base62 text, sorting like the bytes
//	                            (layouts of up to 184 bits)
//	P_to_crockford, P_from_crockford
//	P_to_hex, P_from_hex
//	P_to_decimal, P_from_decimal  the unsigned number a 64-bit layout's bits
//	                            hold, its canonical text
//	P_new()                     a new ID, for layouts that need no per-node
//	                            state (no node, clock sequence, hash or
//	                            running counter)
//	P_to_NAME, P_from_NAME      the value to store under each storage profile
//	                            the layout fits (package storage; NAME with
//	                            '-' as '_'), and back: BLOB for bytes, UUID for
//	                            the 16-byte profiles. DuckDB compares BLOB and
//	                            UUID as memcmp, so bytes is a BLOB column's
//	                            profile and pg-uuid a UUID column's.
//
// Macros whose names start with P__ are the script's own helpers.
//
// The ID's SQL type is UUID for a 128-bit layout, UBIGINT for a 64-bit one
// and BLOB otherwise. DuckDB compares UUIDs as unsigned 128-bit numbers in
// their text order (it keeps a UUID as a HUGEINT with the top bit flipped):
// the order of the 16 bytes under memcmp, so a time-ordered layout's UUIDs
// sort by time in a UUID column. UBIGINT rather than BIGINT for 64 bits: it
// compares as the unsigned bytes do, so an ID whose top bit is set sorts
// after the others, as it does in Go, and its text is the layout's decimal
// (BIGINT, as PostgreSQL's bigint, would sort such IDs first). A BLOB
// compares by memcmp, so it sorts as the ID's bytes do.
//
// What a macro cannot do: it has no local variables and no control flow
// but CASE, so an error is error() in a CASE branch (DuckDB raises it as
// an Invalid Input Error, with no SQLSTATE); the message names the macro,
// the error kind (ErrLength, ErrSyntax, ErrOverflow, ErrTime, ErrBytes) and,
// for text, the input, the 0-based position of a bad character and the
// length, as PostgreSQL's messages do. A macro cannot keep state, so P_new
// is written only for stateless layouts, as in PostgreSQL; DuckDB's clock
// functions (now(), current_timestamp) are the transaction's start, so
// P_new reads the time from uuidv7(), to the millisecond. P_pack, the
// declared encodings (base58, base32hex, ...: P_to_NAME, P_from_NAME) and
// the Private IDs functions are not written. ErrLayout refuses a layout
// over 184 bits (P_to_base62's arithmetic) and a number field over 128.
//
// A recipe, for uuidv7 in a UUID column (DuckDB's UUID compares as memcmp,
// so the layout's own bytes sort by time there), and for ULID stored
// through the pg-uuid profile (P_to_pg_uuid; a ULID is no UUID, but the
// column sorts it by time all the same):
//
//	CREATE TABLE events (id UUID PRIMARY KEY DEFAULT uuidv7_new(), body VARCHAR);
//	INSERT INTO events (body) VALUES ('hello');
//	SELECT * FROM events
//	WHERE id >= uuidv7_min_at(TIMESTAMPTZ '2026-12-01 00:00:00+00')
//	  AND id <= uuidv7_max_at(TIMESTAMPTZ '2026-12-07 23:59:59.999999+00')
//	ORDER BY id;
//
//	CREATE TABLE logs (id UUID PRIMARY KEY, body VARCHAR);
//	INSERT INTO logs SELECT ulid_to_pg_uuid(ulid_new()), 'hello';
//	SELECT ulid_to_crockford(ulid_from_pg_uuid(id)), body FROM logs
//	WHERE id >= ulid_to_pg_uuid(ulid_min_at(now() - INTERVAL 1 HOUR))
//	ORDER BY id;
//
// A column's DEFAULT takes no lambda, so it can call P_new only where that
// has none (a time in one run; the macro's comment says so) and not
// P_to_NAME: insert through SELECT there, as logs does.
package duckdb

import (
	"errors"
	"fmt"
	"math/big"
	"regexp"
	"slices"
	"strings"

	"github.com/idforge/idforge/encodings"
	"github.com/idforge/idforge/gen/internal/portable"
	"github.com/idforge/idforge/layouts"
	"github.com/idforge/idforge/resolved"
)

// ErrLayout reports a layout the emitter cannot write macros for.
var ErrLayout = errors.New("duckdb: unsupported layout")

// ErrName reports a prefix that is not a plain lower-case SQL name.
var ErrName = errors.New("duckdb: bad macro name")

var nameRE = regexp.MustCompile(`^[a-z_][a-z0-9_]*$`)

// DefaultPrefix returns the layout's name with '-' as '_'.
func DefaultPrefix(l *resolved.Layout) string { return strings.ReplaceAll(l.Name, "-", "_") }

type kind int

const (
	kUBigint kind = iota
	kUUID
	kBlob
)

type script struct {
	l      *resolved.Layout
	prefix string
	kind   kind
	typ    string
	out    strings.Builder
}

// Generate returns the script of the layout's macros, named with prefix
// (DefaultPrefix where it is ""). A layout it cannot write is ErrLayout.
func Generate(l *resolved.Layout, prefix string) ([]byte, error) {
	if prefix == "" {
		prefix = DefaultPrefix(l)
	}
	if !nameRE.MatchString(prefix) {
		return nil, fmt.Errorf("%w: prefix %q: want lower-case letters, digits and '_'", ErrName, prefix)
	}
	if l.Bits > maxBase62Bits {
		return nil, fmt.Errorf("%w: %s is %d bits, above the %d bits P_to_base62 reads", ErrLayout, l.Name, l.Bits, maxBase62Bits)
	}
	for _, f := range l.Fields {
		if !f.Bytes && f.Width > 128 {
			return nil, fmt.Errorf("%w: field %s is a %d-bit number, above UHUGEINT's 128", ErrLayout, f.Name, f.Width)
		}
	}
	if v, ok := l.Value(layouts.Time); ok && (v.Width > 64 || l.Clock == nil) {
		return nil, fmt.Errorf("%w: %s's time is %d bits", ErrLayout, l.Name, v.Width)
	}
	s := &script{l: l, prefix: prefix}
	switch l.Bits {
	case 64:
		s.kind, s.typ = kUBigint, "UBIGINT"
	case 128:
		s.kind, s.typ = kUUID, "UUID"
	default:
		s.kind, s.typ = kBlob, "BLOB"
	}
	s.header()
	s.emitBits()
	s.emitValid()
	s.emitFields()
	s.emitTime()
	s.emitBounds()
	s.emitHex()
	s.emitCrockford()
	s.emitBase62()
	s.emitDecimal()
	s.emitNew()
	if err := s.emitStorage(); err != nil {
		return nil, err
	}
	return []byte(s.out.String()), nil
}

func (s *script) commentLines(text string) {
	s.out.WriteString(portable.SQLComments(text))
}

func (s *script) header() {
	l := s.l
	s.commentLines(fmt.Sprintf("Code generated by idforge gen -lang duckdb from %s. DO NOT EDIT.", l.File))
	s.out.WriteString("--\n")
	s.commentLines(fmt.Sprintf("DuckDB macros for the %s layout (%d bits, held as %s), prefix %s.\nEvery statement is CREATE OR REPLACE, so the script can run again.", l.Name, l.Bits, s.typ, s.prefix))
	if t := l.Text.Name; t != "uuid" && t != "decimal" && !resolved.IsCommonForm(t) {
		s.commentLines(fmt.Sprintf("The layout's canonical text, %s, is a declared encoding, which the macros do\nnot write: they read and write hex, Base62 and Crockford.", t))
	}
	if l.Doc != "" {
		s.out.WriteString("--\n")
		s.commentLines(l.Doc)
	}
	s.out.WriteString("--\n")
	s.commentLines(l.Diagram())
}

func (s *script) name(suffix string) string { return s.prefix + "_" + suffix }

// macro writes one macro. DuckDB pastes a macro's argument wherever the
// body names its parameter, so an argument such as P_new() would be
// evaluated once for each use, each time a new ID: a parameter the body
// uses more than once is bound once, as the lambda parameter of a
// one-element list_transform, and the macro's own parameter is named with
// a trailing '_'.
func (s *script) macro(suffix, params, body, doc string) {
	var names []string
	if params != "" {
		names = strings.Split(params, ", ")
	}
	for i := len(names) - 1; i >= 0; i-- {
		n := names[i]
		uses := len(regexp.MustCompile(`\b`+n+`\b`).FindAllString(body, -1))
		if uses > 1 || uses == 1 && strings.Contains(body, "->") { // a lambda's body is evaluated per element
			body = fmt.Sprintf("list_transform([%s_], %s -> %s)[1]", n, n, body)
			names[i] = n + "_"
		}
	}
	s.out.WriteString("\n")
	s.commentLines(doc)
	fmt.Fprintf(&s.out, "CREATE OR REPLACE MACRO %s(%s) AS\n  %s;\n", s.name(suffix), strings.Join(names, ", "), body)
}

func lit(v string) string { return "'" + strings.ReplaceAll(v, "'", "''") + "'" }

// fail returns error() with the message macro: kind: detail, detail an SQL
// expression of VARCHAR.
func (s *script) fail(suffix, kind, detail string) string {
	return fmt.Sprintf("error(%s || %s)", lit(s.name(suffix)+": "+kind+": "), detail)
}

// quoted is an SQL expression quoting text e, as PostgreSQL's %L does.
func quoted(e string) string { return fmt.Sprintf("('''' || replace(%s, '''', '''''') || '''')", e) }

// emitBits writes P__bits(id), the ID as a VARCHAR of Bits '0' and '1',
// most significant first, and P__id(b), the ID those bits spell.
func (s *script) emitBits() {
	var bits, id string
	switch s.kind {
	case kUBigint:
		bits, id = "id::BIT::VARCHAR", "b::BIT::UBIGINT"
	case kUUID:
		bits, id = "unhex(replace(id::VARCHAR, '-', ''))::BIT::VARCHAR", "b::BIT::BLOB::UUID"
	default:
		bits = fmt.Sprintf("CASE WHEN octet_length(id) = %d THEN id::BIT::VARCHAR ELSE %s END", s.l.Bytes(),
			s.fail("_bits", "ErrBytes", fmt.Sprintf("'an ID of %d bytes, not ' || octet_length(id)", s.l.Bytes())))
		id = "b::BIT::BLOB"
	}
	s.macro("_bits", "id", bits, "The ID's bits, most significant first (a helper of the macros below).")
	s.macro("_id", "b", id, "The ID whose bits b spells (a helper).")
}

func (s *script) bits(id string) string    { return s.name("_bits") + "(" + id + ")" }
func (s *script) fromBits(b string) string { return s.name("_id") + "(" + b + ")" }

// valueBits returns the bits of the value held in runs, most significant
// first, read from the bit text b.
func (s *script) valueBits(b string, runs []resolved.Run) string {
	rs := slices.Clone(runs)
	slices.SortFunc(rs, func(x, y resolved.Run) int { return y.Lo - x.Lo })
	var parts []string
	for _, r := range rs {
		parts = append(parts, fmt.Sprintf("substring(%s, %d, %d)", b, r.Offset(s.l.Bits)+1, r.Width))
	}
	return strings.Join(parts, " || ")
}

func intType(width int) string {
	if width <= 64 {
		return "UBIGINT"
	}
	return "UHUGEINT"
}

func (s *script) emitValid() {
	var tests []string
	for _, c := range s.l.Consts {
		v := make([]byte, c.Width)
		for i := range c.Width {
			v[i] = '0'
			if c.Bit(c.Value, i) {
				v[i] = '1'
			}
		}
		tests = append(tests, fmt.Sprintf("substring(b, %d, %d) = '%s'", c.Offset(s.l.Bits)+1, c.Width, v))
	}
	test := "true"
	if len(tests) > 0 {
		test = fmt.Sprintf("list_transform([%s], b -> %s)[1]", s.bits("id"), strings.Join(tests, " AND "))
	}
	body := fmt.Sprintf("CASE WHEN id IS NULL THEN NULL ELSE %s END", test)
	if s.kind == kBlob {
		body = fmt.Sprintf("CASE WHEN id IS NULL THEN NULL WHEN octet_length(id) <> %d THEN false ELSE %s END", s.l.Bytes(), test)
	}
	s.macro("valid", "id", body, fmt.Sprintf("Whether id is a %s ID: its constant bits are the layout's; for a CHECK on a column.", s.l.Name))
}

func (s *script) emitFields() {
	for i := range s.l.Fields {
		f := &s.l.Fields[i]
		vb := s.valueBits(s.bits("id"), f.Runs)
		body := fmt.Sprintf("(%s)::BIT::%s", vb, intType(f.Width))
		if f.Bytes {
			body = fmt.Sprintf("(%s)::BIT::BLOB", vb)
		}
		s.macro(f.Name, "id", body, fmt.Sprintf("The %d-bit field %s of a %s ID.", f.Width, f.Name, s.l.Name))
	}
}

// tickNs returns a tick as a/b nanoseconds, in lowest terms.
func (s *script) tickNs() (a, b *big.Int) {
	r := s.l.Clock.TickIn(1e9)
	return r.Num(), r.Denom()
}

// mul is e * c, or e where c is 1.
func mul(e string, c *big.Int) string {
	if c.Cmp(big.NewInt(1)) == 0 {
		return e
	}
	return fmt.Sprintf("%s * %s", e, c)
}

// minus is e - c, or e where c is 0.
func minus(e string, c *big.Int) string {
	if c.Sign() == 0 {
		return e
	}
	return fmt.Sprintf("(%s - %s)", e, c)
}

// floorDiv is floor(p / q) for HUGEINT p and a positive constant q.
func floorDiv(p string, q *big.Int) string {
	if q.Cmp(big.NewInt(1)) == 0 {
		return p
	}
	return fmt.Sprintf("((%s) - (((%s) %% %s) + %s) %% %s) // %s", p, p, q, q, q, q)
}

func (s *script) emitTime() {
	v, ok := s.l.Value(layouts.Time)
	if !ok {
		return
	}
	a, b := s.tickNs()
	ticks := fmt.Sprintf("(%s)::BIT::UBIGINT::HUGEINT", s.valueBits(s.bits("id"), v.Runs))
	ns := floorDiv(mul(ticks, a), b)
	if e := s.l.Clock.EpochNanos(); e.Sign() != 0 {
		ns = fmt.Sprintf("%s + %s", ns, e)
	}
	us := floorDiv(ns, big.NewInt(1000))
	s.macro("time", "id", fmt.Sprintf("make_timestamp((%s)::BIGINT)::TIMESTAMPTZ", us),
		fmt.Sprintf("The time a %s ID holds (%s ticks since %s), rounded down to the microsecond, as TIMESTAMPTZ.",
			s.l.Name, v.Unit, v.Epoch.UTC().Format("2006-01-02T15:04:05.999999999Z")))
}

// place returns the bit text of an ID: the constants in place, the runs of
// each value in vals from its bit text (Width bits, most significant first),
// and fill elsewhere (a function of the bit's offset giving a literal).
func (s *script) place(vals map[*resolved.Role]string, fill func(off, n int) string) string {
	type piece struct {
		off, n int
		expr   string
	}
	var ps []piece
	for _, c := range s.l.Consts {
		v := make([]byte, c.Width)
		for i := range c.Width {
			v[i] = '0'
			if c.Bit(c.Value, i) {
				v[i] = '1'
			}
		}
		ps = append(ps, piece{c.Offset(s.l.Bits), c.Width, "'" + string(v) + "'"})
	}
	for role, e := range vals {
		for _, r := range role.Runs {
			ps = append(ps, piece{r.Offset(s.l.Bits), r.Width, fmt.Sprintf("substring(%s, %d, %d)", e, role.Width-r.Lo-r.Width+1, r.Width)})
		}
	}
	slices.SortFunc(ps, func(x, y piece) int { return x.off - y.off })
	var out []string
	at := 0
	for _, p := range ps {
		if p.off > at {
			out = append(out, fill(at, p.off-at))
		}
		out = append(out, p.expr)
		at = p.off + p.n
	}
	if at < s.l.Bits {
		out = append(out, fill(at, s.l.Bits-at))
	}
	return strings.Join(out, "\n    || ")
}

func ones(w int) *big.Int {
	return new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), uint(w)), big.NewInt(1))
}

// ticksText returns the bit text of ticks (a HUGEINT expression in range),
// width bits.
func ticksText(ticks string, width int) string {
	return fmt.Sprintf("right((%s)::UBIGINT::BIT::VARCHAR, %d)", ticks, width)
}

func (s *script) emitBounds() {
	v, ok := s.l.Value(layouts.Time)
	if !ok || !s.l.TimeSortable() {
		return
	}
	a, b := s.tickNs()
	epoch := s.l.Clock.EpochNanos()
	max := ones(v.Width)
	// x is ns since the epoch times b; ticks = ceil(x / a) = -floor(-x / a).
	for _, bound := range []struct {
		suffix, us, fill, doc string
		min                   bool
	}{
		{"min_at", "epoch_us(t)::HUGEINT", "0", "The smallest %s ID whose time is at or after t: the first tick at or after t, every other variable bit 0; before the epoch the first tick's; past the last tick an error (ErrTime).", true},
		{"max_at", "(epoch_us(t)::HUGEINT + 1)", "1", "The largest %s ID whose time (to the microsecond) is at or before t: every other variable bit 1; past the last tick the last tick's; before the epoch an error (ErrTime).", false},
	} {
		x := fmt.Sprintf("(-(%s))", mul(minus(bound.us+" * 1000", epoch), b))
		ticks := "(-(" + floorDiv(x, a) + "))"
		if !bound.min {
			ticks = "(" + ticks + " - 1)"
		}
		fill := func(_, n int) string { return "'" + strings.Repeat(bound.fill, n) + "'" }
		inner := s.name("_" + bound.suffix)
		id := func(k string) string {
			return s.fromBits(s.place(map[*resolved.Role]string{v: ticksText(k, v.Width)}, fill))
		}
		var body string
		if bound.min {
			body = fmt.Sprintf("CASE WHEN k > %s THEN %s ELSE %s END", max,
				s.fail(bound.suffix, "ErrTime", fmt.Sprintf("'no tick of %s is at or after ' || t::VARCHAR", s.l.Name)),
				id("greatest(k, 0)"))
		} else {
			body = fmt.Sprintf("CASE WHEN k < 0 THEN %s ELSE %s END",
				s.fail(bound.suffix, "ErrTime", fmt.Sprintf("'no tick of %s is at or before ' || t::VARCHAR", s.l.Name)),
				id(fmt.Sprintf("least(k, %s)", max)))
		}
		s.macro("_"+bound.suffix, "t, k", body, "A helper of "+s.name(bound.suffix)+": the ID of tick k.")
		s.macro(bound.suffix, "t", fmt.Sprintf("%s(t, %s)", inner, ticks), fmt.Sprintf(bound.doc, s.l.Name))
	}
}

// checkText returns the CASE conditions and errors of a text of width
// characters of the regexp class.
func (s *script) checkText(suffix string, width int, class string) string {
	return fmt.Sprintf(`WHEN length(s) <> %d THEN %s
    WHEN NOT regexp_full_match(s, '[%s]*') THEN %s`,
		width, s.fail(suffix, "ErrLength", fmt.Sprintf("%s || ' is of length ' || length(s) || ', want %d'", quoted("s"), width)),
		class, s.fail(suffix, "ErrSyntax", fmt.Sprintf("'invalid character ' || %s || ' at position ' || (strpos(s, regexp_extract(s, '[^%s]')) - 1) || ' of ' || %s || ' (length ' || length(s) || ')'",
			quoted(fmt.Sprintf("regexp_extract(s, '[^%s]')", class)), class, quoted("s"))))
}

func (s *script) overflow(suffix string) string {
	return s.fail(suffix, "ErrOverflow", fmt.Sprintf("%s || ' of length ' || length(s) || ' is above the largest %d-bit value'", quoted("s"), s.l.Bits))
}

func (s *script) emitHex() {
	n := s.l.Bytes()
	var enc string
	switch s.kind {
	case kUBigint:
		enc = "lpad(lower(to_hex(id)), 16, '0')"
	case kUUID:
		enc = "replace(id::VARCHAR, '-', '')"
	default:
		enc = "lower(hex(id))"
	}
	s.macro("to_hex", "id", enc, fmt.Sprintf("A %s ID as %d lower-case hex digits.", s.l.Name, 2*n))
	var dec string
	switch s.kind {
	case kUBigint:
		dec = "('0x' || s)::UBIGINT"
	case kUUID:
		dec = "s::UUID"
	default:
		dec = "unhex(s)"
	}
	s.macro("from_hex", "s", fmt.Sprintf("CASE %s\n    ELSE %s END", s.checkText("from_hex", 2*n, "0-9A-Fa-f"), dec),
		fmt.Sprintf("The %s ID that %d hex digits (either case) spell; anything else is an error.", s.l.Name, 2*n))
}

const crockfordDigits = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"

func (s *script) emitCrockford() {
	width := encodings.Crockford.EncodedLen(s.l.Bytes())
	pad := 5*width - s.l.Bits
	b := s.bits("id")
	if pad > 0 {
		b = fmt.Sprintf("'%s' || %s", strings.Repeat("0", pad), b)
	}
	s.macro("_crockford", "b", fmt.Sprintf("array_to_string(list_transform(range(%d), i -> substr('%s', substring(b, 5 * i + 1, 5)::BIT::UTINYINT + 1, 1)), '')", width, crockfordDigits),
		"Crockford base-32 digits of the bit text b (a helper).")
	s.macro("to_crockford", "id", fmt.Sprintf("%s(%s)", s.name("_crockford"), b),
		fmt.Sprintf("A %s ID as %d Crockford base-32 characters, sorting as the IDs do.", s.l.Name, width))
	digits := fmt.Sprintf("array_to_string(list_transform(range(%d), i -> right((strpos('%s', substr(u, i + 1, 1)) - 1)::UTINYINT::BIT::VARCHAR, 5)), '')", width, crockfordDigits)
	s.macro("_from_crockford", "u", digits, "The bits of upper-case Crockford text u (a helper).")
	v := fmt.Sprintf("%s(translate(upper(s), 'ILO', '110'))", s.name("_from_crockford"))
	ov := ""
	if pad > 0 {
		ov = fmt.Sprintf("\n    WHEN left(%s, %d) <> '%s' THEN %s", v, pad, strings.Repeat("0", pad), s.overflow("from_crockford"))
	}
	s.macro("from_crockford", "s", fmt.Sprintf("CASE %s%s\n    ELSE %s END", s.checkText("from_crockford", width, "0-9A-TV-Za-tv-z"), ov,
		s.fromBits(fmt.Sprintf("substring(%s, %d)", v, pad+1))),
		fmt.Sprintf("The %s ID that %d Crockford base-32 characters spell (either case; I and L read as 1, O as 0); anything else, U included, or a value above the largest ID, is an error.", s.l.Name, width))
}

const base62Digits = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"

// maxBase62Bits: the ID is split into a top part of up to 120 bits and its
// last 64; the top part divided by 62^10 fits in a UHUGEINT.
const maxBase62Bits = 184

func pow62(k int) *big.Int { return new(big.Int).Exp(big.NewInt(62), big.NewInt(int64(k)), nil) }

// digits62 returns the text of w Base62 digits of the UHUGEINT x.
func digits62(x string, w int) string {
	var ds []string
	for i := range w {
		p := pow62(w - 1 - i)
		e := fmt.Sprintf("(%s // %s) %% 62", x, p)
		if i == 0 {
			e = fmt.Sprintf("%s // %s", x, p)
		}
		ds = append(ds, fmt.Sprintf("substr('%s', (%s)::INTEGER + 1, 1)", base62Digits, e))
	}
	return strings.Join(ds, "\n    || ")
}

// value62 returns the UHUGEINT of the Base62 digits of s from 1-based
// character at, n of them.
func value62(s string, at, n int) string {
	var ts []string
	for i := range n {
		ts = append(ts, fmt.Sprintf("(strpos('%s', substr(%s, %d, 1)) - 1)::UHUGEINT * %s", base62Digits, s, at+i, pow62(n-1-i)))
	}
	return "(" + strings.Join(ts, "\n      + ") + ")"
}

func (s *script) emitBase62() {
	n := s.l.Bytes()
	width := encodings.Base62.EncodedLen(n)
	maxText := encodings.Base62.EncodeToString(bytesOfOnes(n))
	var enc, dec string
	if s.l.Bits <= 128 {
		enc = fmt.Sprintf("list_transform([(%s)::BIT::UHUGEINT], x -> %s)[1]", s.bits("id"), digits62("x", width))
		dec = fmt.Sprintf("right(%s::BIT::VARCHAR, %d)", value62("s", 1, width), s.l.Bits)
	} else {
		// x = H * 2^64 + L; Q = x // D and R = x %% D, D = 62^10: long
		// division of H (under 2^120) and L by D (under 2^60).
		d := pow62(10)
		top := s.l.Bits - 64
		enc = fmt.Sprintf(`list_transform([[(substring(b, 1, %d))::BIT::UHUGEINT, (substring(b, %d))::BIT::UBIGINT::UHUGEINT]], hl ->
    list_transform([[hl[1] // %s * 18446744073709551616 + ((hl[1] %% %s) * 18446744073709551616 + hl[2]) // %s, ((hl[1] %% %s) * 18446744073709551616 + hl[2]) %% %s]], x -> %s
    || %s)[1])[1]`, top, top+1, d, d, d, d, d, digits62("x[1]", width-10), digits62("x[2]", 10))
		enc = fmt.Sprintf("list_transform([%s], b -> %s)[1]", s.bits("id"), enc)
		// x = Q * D + R, Q = Qh * 2^64 + Ql: low = Ql * D + R, whose top
		// carries into Qh * D.
		q := value62("s", 1, width-10)
		r := value62("s", width-9, 10)
		dec = fmt.Sprintf(`list_transform([[%s, %s]], qr -> right(((qr[1] >> 64) * %s + (((qr[1] & 18446744073709551615) * %s + qr[2]) >> 64))::BIT::VARCHAR, %d)
    || (((qr[1] & 18446744073709551615) * %s + qr[2]) & 18446744073709551615)::UBIGINT::BIT::VARCHAR)[1]`, q, r, d, d, top, d)
	}
	s.macro("to_base62", "id", enc, fmt.Sprintf("A %s ID as %d Base62 characters, zero-padded; it sorts as the IDs do (byte order).", s.l.Name, width))
	s.macro("from_base62", "s", fmt.Sprintf("CASE %s\n    WHEN s > '%s' THEN %s\n    ELSE %s END", s.checkText("from_base62", width, "0-9A-Za-z"), maxText,
		s.overflow("from_base62"), s.fromBits(dec)),
		fmt.Sprintf("The %s ID that %d Base62 characters spell; anything else, or a value above the largest ID, is an error.", s.l.Name, width))
}

func bytesOfOnes(n int) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = 0xff
	}
	return b
}

func (s *script) emitDecimal() {
	if s.l.Text.Name != "decimal" || s.kind != kUBigint {
		return
	}
	// Where the top bit is a constant zero, the text is up to 2^63-1, 19
	// digits, as in Go.
	max := "18446744073709551615"
	if !s.l.Text.Signed {
		max = "9223372036854775807"
	}
	s.macro("to_decimal", "id", "id::VARCHAR", fmt.Sprintf("A %s ID as the unsigned number its bits hold, its canonical text.", s.l.Name))
	s.macro("from_decimal", "s", fmt.Sprintf(`CASE WHEN length(s) < 1 OR length(s) > %d THEN %s
    WHEN length(s) > 1 AND left(s, 1) = '0' THEN %s
    WHEN NOT regexp_full_match(s, '[0-9]*') THEN %s
    WHEN lpad(s, %d, '0') > '%s' THEN %s
    ELSE s::UBIGINT END`, len(max),
		s.fail("from_decimal", "ErrLength", fmt.Sprintf("%s || ' is of length ' || length(s) || ', want 1 to %d'", quoted("s"), len(max))),
		s.fail("from_decimal", "ErrSyntax", fmt.Sprintf("'invalid character ''0'' at position 0 of ' || %s || ' (length ' || length(s) || '): a leading zero'", quoted("s"))),
		s.fail("from_decimal", "ErrSyntax", fmt.Sprintf("'invalid character ' || %s || ' at position ' || (strpos(s, regexp_extract(s, '[^0-9]')) - 1) || ' of ' || %s || ' (length ' || length(s) || ')'",
			quoted("regexp_extract(s, '[^0-9]')"), quoted("s"))),
		len(max), max, s.fail("from_decimal", "ErrOverflow", fmt.Sprintf("%s || ' of length ' || length(s) || ' is above the largest %s'", quoted("s"), max))),
		fmt.Sprintf("The %s ID whose decimal text is s; anything else is an error.", s.l.Name))
}

// word is one 64-bit word of an ID (the last may be shorter) as P_new
// builds it: constants, the time's bits and random bits elsewhere.
type word struct {
	at, width int      // the word's first bit, counted from the ID's top, and its width
	consts    *big.Int // the constant bits in place
	random    *big.Int // the random bits' mask
	time      []string // the time's pieces, each an expression of the ticks k
}

// words returns the words of a new ID: the constants in place, the bits
// clear in fixed (a seeded counter's top bit) and the time's runs.
func (s *script) words(fixed map[int]bool, time *resolved.Role) []word {
	var ws []word
	for at := 0; at < s.l.Bits; at += 64 {
		w := word{at: at, width: min(64, s.l.Bits-at), consts: new(big.Int), random: new(big.Int)}
		isConst := make([]bool, w.width)
		for _, c := range s.l.Consts {
			for i := range c.Width {
				off := c.Offset(s.l.Bits) + i
				if off < at || off >= at+w.width {
					continue
				}
				isConst[off-at] = true
				if c.Bit(c.Value, i) {
					w.consts.SetBit(w.consts, at+w.width-1-off, 1)
				}
			}
		}
		for off := range fixed {
			if off >= at && off < at+w.width {
				isConst[off-at] = true
			}
		}
		if time != nil {
			for _, r := range time.Runs {
				off := r.Offset(s.l.Bits)
				pa, pb := max(off, at), min(off+r.Width, at+w.width)
				if pa >= pb {
					continue
				}
				for o := pa; o < pb; o++ {
					isConst[o-at] = true
				}
				vlo := r.Lo + (off + r.Width - pb)
				shift := at + w.width - pb
				piece := "k::UBIGINT"
				if vlo > 0 {
					piece = fmt.Sprintf("(%s >> %d)", piece, vlo)
				}
				if vlo+(pb-pa) < time.Width || time.Width > pb-pa {
					piece = fmt.Sprintf("(%s & %s)", piece, ones(pb-pa))
				}
				if shift > 0 {
					piece = fmt.Sprintf("(%s << %d)", piece, shift)
				}
				w.time = append(w.time, piece)
			}
		}
		for i, c := range isConst {
			if !c {
				w.random.SetBit(w.random, w.width-1-i, 1)
			}
		}
		ws = append(ws, w)
	}
	return ws
}

// expr returns the word as a UBIGINT expression: random bits from
// hash(uuid()), 64 bits that DuckDB's uuid() (122 random bits) hashes to.
func (w word) expr() string {
	var terms []string
	if w.random.Sign() != 0 {
		if w.random.Cmp(ones(64)) == 0 {
			terms = append(terms, "hash(uuid())")
		} else {
			terms = append(terms, fmt.Sprintf("(hash(uuid()) & %s)", w.random))
		}
	}
	if w.consts.Sign() != 0 {
		terms = append(terms, w.consts.String())
	}
	terms = append(terms, w.time...)
	if len(terms) == 0 {
		return "0::UBIGINT"
	}
	return strings.Join(terms, " | ")
}

func (s *script) emitNew() {
	if !s.l.Stateless() {
		return
	}
	doc := fmt.Sprintf("A new %s ID: ", s.l.Name)
	fixed := map[int]bool{}
	c, seeded := s.l.Value(layouts.Counter)
	if seeded && c.Init == layouts.InitSeeded {
		// The counter's top bit is clear, as a seeded counter starts.
		for _, r := range c.Runs {
			if top := c.Width - 1; r.Lo <= top && top < r.Lo+r.Width {
				fixed[r.Offset(s.l.Bits)+(r.Lo+r.Width-1-top)] = true
			}
		}
	} else {
		seeded = false
	}
	v, hasTime := s.l.Value(layouts.Time)
	if !hasTime {
		v = nil
	}
	ws := s.words(fixed, v)
	var ticks string
	if hasTime {
		// The Unix millisecond of uuidv7(), DuckDB's clock read afresh for
		// each row (now() is the transaction's start), in ticks: the
		// milliseconds since the epoch times num/den, in lowest terms.
		ms := "epoch_ms(uuid_extract_timestamp(uuidv7()))"
		perMs := new(big.Rat).Inv(s.l.Clock.TickIn(1000))
		epoch := s.l.Clock.EpochNanos()
		if e := new(big.Int); e.Mod(epoch, big.NewInt(1e6)).Sign() == 0 && perMs.Num().Cmp(big.NewInt(1e6)) <= 0 {
			// BIGINT arithmetic: ms (about 2^41) times at most 10^6.
			ticks = minus(ms, e.Div(epoch, big.NewInt(1e6)))
			ticks = mul(ticks, perMs.Num())
		} else {
			perNs := new(big.Rat).Inv(s.l.Clock.TickIn(1e9))
			ticks = mul(minus(ms+"::HUGEINT * 1000000", epoch), perNs.Num())
			perMs = new(big.Rat).SetFrac(big.NewInt(1), perNs.Denom())
		}
		if perMs.Denom().Cmp(big.NewInt(1)) != 0 {
			ticks = fmt.Sprintf("(%s) // %s", ticks, perMs.Denom())
		}
	}
	// A time in one run within one word, of up to 62 bits, goes in as one
	// expression that reads the clock once and needs no binding: the ticks
	// times 2^(63-w) as BIGINT, which overflows (an error) past the last
	// tick, cast to UBIGINT, which fails before the epoch, then shifted
	// into place. Such a P_new has no lambda, so a column's DEFAULT can
	// call it.
	inline := false
	if hasTime && len(v.Runs) == 1 && v.Runs[0].Lo == 0 && v.Runs[0].Width == v.Width && v.Width <= 62 {
		off := v.Runs[0].Offset(s.l.Bits)
		for i := range ws {
			w := &ws[i]
			if off < w.at || off+v.Width > w.at+w.width || len(w.time) != 1 {
				continue
			}
			shift := w.at + w.width - off - v.Width
			e := fmt.Sprintf("((%s)::BIGINT * %d)::UBIGINT", ticks, uint64(1)<<(63-v.Width))
			switch d := shift - (63 - v.Width); {
			case d > 0:
				e = fmt.Sprintf("(%s << %d)", e, d)
			case d < 0:
				e = fmt.Sprintf("(%s >> %d)", e, -d)
			}
			w.time[0] = e
			inline = true
		}
	}
	var id string
	switch s.kind {
	case kUBigint:
		id = ws[0].expr()
	default:
		// Each word's bytes as a BLOB (an unsigned integer cast to BIT, then
		// BLOB), joined: a third of the time of hex text, and DuckDB casts
		// a 16-byte BLOB to UUID faster than it parses a UUID's text.
		types := map[int]string{8: "UTINYINT", 16: "USMALLINT", 32: "UINTEGER", 64: ""}
		var parts []string
		viaText := false
		for _, w := range ws {
			typ, ok := types[w.width]
			if !ok {
				viaText = true
			}
			e := w.expr()
			if typ != "" {
				e = fmt.Sprintf("(%s)::%s", e, typ)
			}
			parts = append(parts, fmt.Sprintf("(%s)::BIT::BLOB", e))
		}
		id = strings.Join(parts, "\n    || ")
		if viaText {
			format := ""
			var args []string
			for _, w := range ws {
				format += fmt.Sprintf("%%0%dx", w.width/4)
				args = append(args, w.expr())
			}
			id = fmt.Sprintf("unhex(printf('%s', %s))", format, strings.Join(args, ",\n    "))
		}
		if s.kind == kUUID {
			id = "(" + id + ")::UUID"
		}
	}
	var after string
	switch {
	case inline:
		after = " With the clock past the last tick, or before the epoch, it fails with DuckDB's own out-of-range error."
	case hasTime:
		s.macro("_new_at", "k", fmt.Sprintf("CASE WHEN k < 0 THEN %s WHEN k > %s THEN %s ELSE %s END",
			s.fail("new", "ErrTime", "'the clock is before the epoch'"), ones(v.Width),
			s.fail("new", "ErrTime", fmt.Sprintf("'the clock is past the last tick of %s'", s.l.Name)), id),
			"A new ID at tick k (a helper of "+s.name("new")+").")
		id = fmt.Sprintf("%s(%s)", s.name("_new_at"), ticks)
		after = " A column's DEFAULT cannot call it: its time, in several runs, is bound by a lambda."
	}
	if hasTime {
		doc += "the time from uuidv7()'s clock, to the millisecond (DuckDB's now() is the transaction's start), "
	}
	doc += "random bits from hash(uuid()) (DuckDB's uuid() draws 122 bits from its random engine, which is not a cryptographic one)."
	if seeded {
		doc += " A macro keeps no state, so the counter bits are random with the top bit clear, as a generator's first ID in a tick has them: IDs of one tick are unique by their random bits but not ordered among themselves."
	}
	doc += after
	s.macro("new", "", id, doc)
}
