// Package mariadb generates MariaDB stored functions for an ID layout:
// the same layouts model the other emitters read (package resolved),
// written out as one script of CREATE OR REPLACE FUNCTION statements for
// MariaDB 10.11 and later, which the mariadb client runs (it has
// DELIMITER lines: mariadb db < ulid.mariadb.sql).
//
// For a layout and a prefix P (by default the layout's name with '-' as
// '_'), the script defines PostgreSQL's function set (package pgsql)
// where MariaDB can hold it:
//
//	P_valid(id)                 whether id has the layout's constant bits
//	                            and, as BINARY, its length (for a trigger:
//	                            MariaDB takes no stored function in a CHECK)
//	P_<field>(id)               each field: BIGINT UNSIGNED up to 64 bits,
//	                            DECIMAL(65,0) above, VARBINARY for a bytes
//	                            field
//	P_time(id)                  the time as DATETIME(6) in UTC, rounded
//	                            down to the microsecond (layouts with a time)
//	P_min_at(t), P_max_at(t)    range bounds for a DATETIME(6) in UTC
//	                            (time-sortable layouts)
//	P_to_base62, P_from_base62  fixed-width Base62 text, sorting like the bytes
//	P_to_crockford, P_from_crockford
//	P_to_hex, P_from_hex
//	P_to_uuid, P_from_uuid      the canonical text of a 128-bit layout
//	P_to_decimal, P_from_decimal  the canonical text of a 64-bit decimal layout
//	P_to_NAME, P_from_NAME      the canonical text when it is another
//	                            encoding declared as data (xid_to_base32hex)
//	P_new()                     a new ID, for the layouts PostgreSQL's
//	                            script has one for: no node, clock
//	                            sequence, hash or running counter
//	P_to_PROFILE, P_from_PROFILE  the value to store under a storage
//	                            profile (package storage) and back, for
//	                            bytes (BINARY(n)), mariadb_uuid (MariaDB's
//	                            UUID type) and mysql_swap (16 bytes in a
//	                            UUID's text order, what MySQL's
//	                            UUID_TO_BIN(u, 1) takes), where the layout
//	                            fits the profile (KSUID's 20 bytes fit
//	                            bytes only)
//	P_uuid_to_bin_swap(u), P_bin_to_uuid_swap(b)
//	                            MySQL's UUID_TO_BIN(u, 1) and
//	                            BIN_TO_UUID(b, 1) as bytes, which MariaDB
//	                            lacks: the BINARY(16) a mysql-swap column
//	                            holds is P_uuid_to_bin_swap(P_to_mysql_swap(id))
//	P_show(s)                   a helper of the error messages
//
// P_pack and the Private IDs functions (P_mask...) are not written.
//
// Types. An ID of 128 bits is BINARY(16), of 64 bits BIGINT UNSIGNED, of
// any other width BINARY(n). BIGINT UNSIGNED rather than BIGINT: its
// number is the unsigned number the ID's bits hold, so it sorts as the
// bytes do (a Snowflake or Discord ID past 2^63 stays above the ones
// before), its text is the ID's decimal text, and MariaDB's bit operators
// work on unsigned 64-bit values anyway. The functions take a BINARY ID as
// VARBINARY(255) and check its length themselves (SQLSTATE 22026), so that
// a short value is an error rather than zero-padded, as a BINARY(16)
// parameter would pad it. A column of MariaDB's UUID type goes through
// the text: P_from_uuid(CAST(u AS CHAR)) and CAST(P_to_uuid(id) AS UUID).
//
// Time. P_time returns DATETIME(6) holding UTC, as UTC_TIMESTAMP(6) does,
// which is what a user compares with and what an index on a DATETIME
// column holds; DATETIME, unlike TIMESTAMP, is not moved by the session's
// time_zone and reaches from year 1 to 9999 (a time outside is SQLSTATE
// 22008). P_min_at and P_max_at read t the same way. P_new takes the time
// from UNIX_TIMESTAMP(SYSDATE(6)), to the microsecond, and its randomness
// from RANDOM_BYTES (MariaDB 10.10 and later); SYSDATE rather than NOW,
// which is one instant for a whole statement (unless the server runs with
// --sysdate-is-now).
//
// Errors. Text that is not an ID's raises SQLSTATE 22P02 with a message
// that names the kind, the position and the length as PostgreSQL's
// functions and Go's errors do: "P_from_base62: 'abc' is of length 3,
// want 22", "invalid character '!' at position 4 of '...' (length 22)",
// "'...' of length 22 is above the largest 128-bit value". Lengths and
// positions count bytes, as Go does (PostgreSQL counts characters). A
// BINARY ID of the wrong length raises 22026; a time out of range 22008.
// Messages are cut to MariaDB's 128 characters; P_show shows at most 24
// bytes of the input, as hex when it is not printable ASCII.
//
// MySQL 8 (not run here: only MariaDB is in Debian and CI) differs where
// the script uses MariaDB's own syntax: it has no CREATE OR REPLACE
// FUNCTION (DROP FUNCTION IF EXISTS first), needs
// log_bin_trust_function_creators or the functions' DETERMINISTIC / NO SQL
// as written here when binary logging is on, has RANDOM_BYTES and SYSDATE
// too, and has UUID_TO_BIN/BIN_TO_UUID but no UUID type.
//
// Recipe (ULID, prefix ulid; the same for any layout):
//
//	CREATE TABLE events (id BINARY(16) PRIMARY KEY, body TEXT);
//	INSERT INTO events VALUES (ulid_new(), 'x');
//	SELECT ulid_to_crockford(id), ulid_time(id) FROM events
//	  WHERE id >= ulid_min_at('2026-12-08 00:00:00')
//	    AND id <= ulid_max_at('2026-12-08 23:59:59.999999');
//
// The range query uses the primary key's index: the bounds are constants.
// MariaDB refuses a stored function in a column's DEFAULT or a CHECK
// (error 1901): call P_new in the INSERT, or in a BEFORE INSERT trigger
// (SET NEW.id = COALESCE(NEW.id, ulid_new())), and P_valid there too.
// Under a storage profile (package storage), the column has the store's
// type and the bounds go through the profile's function too:
//
//	-- MariaDB's UUID type: UUIDv7 sorts there (versions 6 to 8 are kept
//	-- as they are); a time-ordered layout of other bits may not
//	CREATE TABLE ev7 (id UUID PRIMARY KEY);
//	INSERT INTO ev7 VALUES (uuidv7_to_mariadb_uuid(uuidv7_new()));
//	SELECT uuidv7_time(uuidv7_from_mariadb_uuid(id)) FROM ev7
//	  WHERE id >= uuidv7_to_mariadb_uuid(uuidv7_min_at('2026-12-08'))
//	    AND id <= uuidv7_to_mariadb_uuid(uuidv7_max_at('2026-12-08 23:59:59.999999'));
//
//	-- a BINARY(16) shared with MySQL's UUID_TO_BIN(u, 1)
//	CREATE TABLE ev1 (id BINARY(16) PRIMARY KEY);
//	INSERT INTO ev1 VALUES (uuidv1_uuid_to_bin_swap(uuidv1_to_mysql_swap(uuidv1_from_uuid(?))));
//	SELECT uuidv1_from_mysql_swap(uuidv1_bin_to_uuid_swap(id)) FROM ev1 ORDER BY id;
//
// Where a profile does not keep a layout's time order, its P_to_PROFILE's
// COMMENT says why (storage.Arrangement's Why). Measured on 10.11.19,
// MariaDB's UUID type refuses a value whose byte 6 is 0x80 or above while
// byte 8 is in 0x01..0x80 ("Incorrect uuid value", SQLSTATE 22007): a
// quarter of ULIDs under mariadb-uuid, for instance; store those layouts
// as bytes.
//
// Speed. Every function is a stored function, whose call MariaDB
// interprets statement by statement: about 1.5 to 4 µs a call on the
// machine measured before any work, where UUID() costs 0.1 to 0.8 µs, and
// RANDOM_BYTES(16), the server's one source of unpredictable bits, 0.8 µs
// and more on its own. bench/mariadb/run measured, per row over 1,000,000
// rows at load 14 on 2 cores (10.11.19): UUID() 445 ns, SYS_GUID() 373 ns,
// uuidv7_new() 14.9 µs (33x UUID()), uuidv7_to_uuid(uuidv7_new()) 33.8 µs
// (76x), ulid_to_crockford(ulid_new()) 102 µs (230x). Far from UUID()'s
// cost: for bulk loads, make IDs in the application.
//
// Generate is pure: it returns the script and writes nothing.
package mariadb

import (
	"errors"
	"fmt"
	"math/big"
	"regexp"
	"strings"

	"github.com/idforge/idforge/encodings"
	"github.com/idforge/idforge/gen/internal/portable"
	"github.com/idforge/idforge/layouts"
	"github.com/idforge/idforge/resolved"
)

// ErrName reports a prefix that is not a plain lower-case SQL identifier,
// a function name longer than MariaDB's 64 characters, or two functions
// that would get the same name (a field named after one of the functions).
var ErrName = errors.New("mariadb: bad function name")

// ErrLayout reports a layout the emitter cannot write functions for.
var ErrLayout = errors.New("mariadb: unsupported layout")

const maxIdent = 64

// maxDecimalBits is what DECIMAL(65,0) holds with room for one more digit
// of base 64: the text codecs' numbers stay below 2^maxDecimalBits.
const maxDecimalBits = 209

var plainIdent = regexp.MustCompile(`^[a-z_][a-z0-9_]*$`)

// DefaultPrefix returns the prefix of a layout's functions: its name with
// '-' as '_'.
func DefaultPrefix(l *resolved.Layout) string { return strings.ReplaceAll(l.Name, "-", "_") }

type script struct {
	l      *resolved.Layout
	prefix string
	big    bool   // 64 bits, BIGINT UNSIGNED
	typ    string // the SQL type of a returned ID
	ptyp   string // the SQL type of an ID parameter
	out    strings.Builder
	names  map[string]string
	words  []int // the widths of the ID's 64-bit words, most significant first
	forms  []*codec
	stored []profile // the storage profiles the layout fits
}

// codec is one text form: an encoding, or uuid / decimal.
type codec struct {
	name string
	e    *encodings.Encoding
}

// Generate returns the script of functions for layout l, named with
// prefix (DefaultPrefix(l) when empty).
func Generate(l *resolved.Layout, prefix string) ([]byte, error) {
	if prefix == "" {
		prefix = DefaultPrefix(l)
	}
	if !plainIdent.MatchString(prefix) {
		return nil, fmt.Errorf("%w: prefix %q is not lower-case letters, digits and '_', starting with a letter or '_'", ErrName, prefix)
	}
	if l.Bits%8 != 0 || l.Bits > maxDecimalBits-8 {
		return nil, fmt.Errorf("%w: %s: %d bits; the script reads whole bytes, up to %d bits", ErrLayout, l.Name, l.Bits, maxDecimalBits-8)
	}
	if l.Time != nil && l.Time.Width > 64 {
		return nil, fmt.Errorf("%w: %s: a %d-bit time; the script holds at most 64", ErrLayout, l.Name, l.Time.Width)
	}
	if l.Time != nil && l.Time.Epoch.Year() < 1 {
		return nil, fmt.Errorf("%w: %s: an epoch before the year 1", ErrLayout, l.Name)
	}
	s := &script{l: l, prefix: prefix, names: map[string]string{}}
	if l.Bits == 64 {
		s.big, s.typ, s.ptyp = true, "BIGINT UNSIGNED", "BIGINT UNSIGNED"
	} else {
		s.typ, s.ptyp = fmt.Sprintf("BINARY(%d)", l.Bytes()), "VARBINARY(255)"
	}
	for left := l.Bits; left > 0; left -= 64 {
		s.words = append(s.words, min(64, left))
	}
	for _, name := range resolved.CommonForms() {
		e, ok := encodings.Lookup(name)
		if !ok {
			return nil, fmt.Errorf("%w: no built-in encoding %s", ErrLayout, name)
		}
		s.forms = append(s.forms, &codec{name: name, e: e})
	}
	switch t := l.Text; {
	case t.Name == "uuid" && l.Bits == 128, t.Name == "decimal" && s.big:
		s.forms = append(s.forms, &codec{name: t.Name})
	case t.Name == "uuid", t.Name == "decimal":
		return nil, fmt.Errorf("%w: %s: %s text on %d bits", ErrLayout, l.Name, t.Name, l.Bits)
	case !resolved.IsCommonForm(t.Name):
		if t.Encoding == nil {
			return nil, fmt.Errorf("%w: %s: its text %s has no encoding", ErrLayout, l.Name, t.Name)
		}
		s.forms = append(s.forms, &codec{name: strings.ReplaceAll(t.Encoding.Spec().Name, "-", "_"), e: t.Encoding})
	}
	for _, c := range s.forms {
		if c.e != nil && c.e.DigitLen(l.Bytes())*bitsPerDigit(c.e) > maxDecimalBits {
			return nil, fmt.Errorf("%w: %s: %s text of %d bytes is beyond DECIMAL(65,0)", ErrLayout, l.Name, c.e.Title(), l.Bytes())
		}
	}
	for _, f := range l.Fields {
		if f.Bytes && f.Width%8 != 0 {
			return nil, fmt.Errorf("%w: %s: bytes field %s of %d bits", ErrLayout, l.Name, f.Name, f.Width)
		}
		if f.Bytes && f.Width > 64 && (len(f.Runs) != 1 || s.off(f.Runs[0])%4 != 0) {
			return nil, fmt.Errorf("%w: %s: bytes field %s of %d bits in pieces", ErrLayout, l.Name, f.Name, f.Width)
		}
		if !f.Bytes && f.Width > maxDecimalBits {
			return nil, fmt.Errorf("%w: %s: field %s of %d bits", ErrLayout, l.Name, f.Name, f.Width)
		}
	}
	var err error
	if s.stored, err = s.profiles(); err != nil {
		return nil, err
	}
	if err := s.reserve(); err != nil {
		return nil, err
	}
	s.header()
	s.emitShow()
	s.emitValid()
	s.emitFields()
	s.emitTime()
	s.emitBounds()
	for _, c := range s.forms {
		s.emitText(c)
	}
	s.emitStorage(s.stored)
	s.emitNew()
	s.out.WriteString("\nDELIMITER ;\n")
	return []byte(s.out.String()), nil
}

// bitsPerDigit returns the bits a digit of e holds, rounded up.
func bitsPerDigit(e *encodings.Encoding) int {
	n := len(e.Spec().Digits) - 1
	b := 0
	for ; n > 0; n >>= 1 {
		b++
	}
	return b
}

func (s *script) name(suffix string) string { return s.prefix + "_" + suffix }

func (s *script) ref(suffix string) string { return "`" + s.name(suffix) + "`" }

func (s *script) reserve() error {
	want := [][2]string{{"show", "the messages' helper"}, {"valid", "a function of its own"}}
	for _, c := range s.forms {
		want = append(want, [2]string{"to_" + c.name, "a text function"}, [2]string{"from_" + c.name, "a text function"})
	}
	if s.l.Time != nil {
		want = append(want, [2]string{"time", "the time function"})
		if s.l.TimeSortable() {
			want = append(want, [2]string{"min_at", "a bound"}, [2]string{"max_at", "a bound"})
		}
	}
	for _, p := range s.stored {
		want = append(want, [2]string{"to_" + p.name, "a storage function"}, [2]string{"from_" + p.name, "a storage function"})
		if p.a.Profile == "mysql-swap" {
			want = append(want, [2]string{"uuid_to_bin_swap", "UUID_TO_BIN's stand-in"}, [2]string{"bin_to_uuid_swap", "BIN_TO_UUID's stand-in"})
		}
	}
	if s.l.Stateless() {
		want = append(want, [2]string{"new", "the generator"})
	}
	for _, f := range s.l.Fields {
		want = append(want, [2]string{f.Name, "field " + f.Name + "'s reader"})
	}
	for _, w := range want {
		n := s.name(w[0])
		if len(n) > maxIdent {
			return fmt.Errorf("%w: %s is longer than MariaDB's %d characters; choose a shorter -prefix", ErrName, n, maxIdent)
		}
		if prev, ok := s.names[n]; ok {
			return fmt.Errorf("%w: %s would be both %s and %s; rename the field or choose another -prefix", ErrName, n, prev, w[1])
		}
		s.names[n] = w[1]
	}
	return nil
}

// literal returns text as a MariaDB string literal that reads the same
// whatever sql_mode is: a quoted literal for text without a backslash,
// else the text's bytes in hex, converted to ASCII.
func literal(text string) string {
	if strings.Contains(text, `\`) {
		return fmt.Sprintf("CONVERT(X'%X' USING ascii)", text)
	}
	return "'" + strings.ReplaceAll(text, "'", "''") + "'"
}

// commentLiteral returns text as the string literal a COMMENT clause takes,
// which must be a literal (literal's hex form is an expression): quotes
// doubled and each backslash written twice, so that it parses whatever
// sql_mode is. With NO_BACKSLASH_ESCAPES the comment shows a backslash
// twice; no text can end the literal early either way.
func commentLiteral(text string) string {
	return "'" + strings.ReplaceAll(strings.ReplaceAll(text, `\`, `\\`), "'", "''") + "'"
}

func (s *script) commentLines(text string) {
	s.out.WriteString(portable.SQLComments(text))
}

func (s *script) header() {
	l := s.l
	s.commentLines(fmt.Sprintf("Code generated by idforge gen -lang mariadb from %s. DO NOT EDIT.", l.File))
	s.out.WriteString("--\n")
	s.commentLines(fmt.Sprintf("MariaDB stored functions for the %s layout (%d bits, held as %s), prefix %s.\nFor MariaDB 10.11 and later; run it with the mariadb client (it has\nDELIMITER lines). Every statement is CREATE OR REPLACE, so the script can\nrun again, as migrations do.", l.Name, l.Bits, s.typ, s.prefix))
	if l.Doc != "" {
		s.out.WriteString("--\n")
		s.commentLines(l.Doc)
	}
	s.out.WriteString("--\n")
	s.commentLines(l.Diagram())
	s.out.WriteString("\nDELIMITER $$\n")
}

// function is one stored function.
type function struct {
	suffix  string
	params  [][2]string
	returns string
	decls   []string // DECLARE lines, without DECLARE and ';'
	body    string   // statements, each line indented by two spaces
	mutable bool     // NOT DETERMINISTIC
	idParam bool     // the first parameter is an ID: declare h and check the length
	doc     string
}

func (s *script) function(f function) {
	var params []string
	for _, p := range f.params {
		params = append(params, "`"+p[0]+"` "+p[1])
	}
	det := "DETERMINISTIC"
	if f.mutable {
		det = "NOT DETERMINISTIC"
	}
	var b strings.Builder
	fmt.Fprintf(&b, "\nCREATE OR REPLACE FUNCTION %s(%s) RETURNS %s\n  %s NO SQL\n  COMMENT %s\nBEGIN\n",
		s.ref(f.suffix), strings.Join(params, ", "), f.returns, det, commentLiteral(portable.Comment(f.doc)))
	decls := f.decls
	body := f.body
	if f.idParam && !s.big {
		decls = append([]string{fmt.Sprintf("h VARCHAR(510) DEFAULT HEX(`%s`)", f.params[0][0])}, decls...)
		n := s.l.Bytes()
		body = fmt.Sprintf("  IF LENGTH(`%s`) <> %d THEN\n    %s\n  END IF;\n", f.params[0][0], n,
			s.signal("22026", fmt.Sprintf("%s, ': a %s ID is %d bytes, not ', LENGTH(`%s`)", literal(s.name(f.suffix)), s.l.Name, n, f.params[0][0]))) + body
	}
	if strings.Contains(body, "MESSAGE_TEXT = msg") {
		decls = append(decls, "msg VARCHAR(128) CHARACTER SET utf8mb4")
	}
	for _, d := range decls {
		fmt.Fprintf(&b, "  DECLARE %s;\n", d)
	}
	b.WriteString(body)
	b.WriteString("END\n$$\n")
	s.out.WriteString(b.String())
}

// signal returns a SIGNAL of the message that the CONCAT arguments args
// spell, cut to MariaDB's 128 characters (SIGNAL takes a variable, msg,
// which function declares).
func (s *script) signal(state, args string) string {
	return fmt.Sprintf("SET msg = LEFT(CONCAT(%s), 128); SIGNAL SQLSTATE '%s' SET MESSAGE_TEXT = msg;", args, state)
}

// emitShow writes P_show, which the error messages show their input with.
func (s *script) emitShow() {
	s.function(function{
		suffix: "show", params: [][2]string{{"s", "VARBINARY(1024)"}}, returns: "VARCHAR(100) CHARACTER SET utf8mb4",
		body: "  IF s IS NULL THEN\n    RETURN 'NULL';\n  END IF;\n" +
			"  IF HEX(LEFT(s, 24)) REGEXP '^([2-7][0-9A-F])*$' AND HEX(LEFT(s, 24)) NOT LIKE '%7F%' THEN\n" +
			"    RETURN CONCAT('''', REPLACE(CONVERT(LEFT(s, 24) USING ascii), '''', ''''''), '''', IF(LENGTH(s) > 24, '...', ''));\n  END IF;\n" +
			"  RETURN CONCAT('0x', HEX(LEFT(s, 24)), IF(LENGTH(s) > 24, '...', ''));\n",
		doc: "Shows text in an error message: quoted, its first 24 bytes, or those bytes in hex where they are not all printable ASCII.",
	})
}

// off returns where a run starts, counted from the ID's most significant end.
func (s *script) off(r resolved.Run) int { return r.Offset(s.l.Bits) }

func mask(w int) *big.Int {
	return new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), uint(w)), big.NewInt(1))
}

// word returns a BIGINT UNSIGNED expression for the width (1 to 64) bits
// of the ID that start at bit off, counted from the most significant end.
// A BINARY ID is read from h, its hex, a nibble range at a time.
func (s *script) word(off, width int) string {
	if s.big {
		e := "id"
		if sh := 64 - off - width; sh > 0 {
			e = fmt.Sprintf("(%s >> %d)", e, sh)
		}
		if width < 64 {
			e = fmt.Sprintf("(%s & %s)", e, mask(width))
		}
		return e
	}
	first, end := off/4, (off+width+3)/4
	if end-first > 16 {
		w1 := (first+16)*4 - off
		return fmt.Sprintf("((%s << %d) | %s)", s.word(off, w1), width-w1, s.word(off+w1, width-w1))
	}
	n := end - first
	e := fmt.Sprintf("CAST(CONV(SUBSTRING(h, %d, %d), 16, 10) AS UNSIGNED)", first+1, n)
	sh := 4*end - off - width
	if sh > 0 {
		e = fmt.Sprintf("(%s >> %d)", e, sh)
	}
	if sh+width < 4*n {
		e = fmt.Sprintf("(%s & %s)", e, mask(width))
	}
	return e
}

// value returns an expression for a value held in runs: BIGINT UNSIGNED
// up to 64 bits, DECIMAL(65,0) above.
func (s *script) value(runs []resolved.Run, width int) (string, bool) {
	var terms []string
	if width <= 64 {
		for _, r := range runs {
			t := s.word(s.off(r), r.Width)
			if r.Lo > 0 {
				t = fmt.Sprintf("(%s << %d)", t, r.Lo)
			}
			terms = append(terms, t)
		}
		if len(terms) == 1 {
			return terms[0], false
		}
		return "(" + strings.Join(terms, " | ") + ")", false
	}
	for _, r := range runs {
		for done := 0; done < r.Width; {
			w := min(64, r.Width-done)
			t := fmt.Sprintf("CAST(%s AS DECIMAL(65,0))", s.word(s.off(r)+r.Width-done-w, w))
			if at := r.Lo + done; at > 0 {
				t = fmt.Sprintf("%s * %s", t, pow2(at))
			}
			terms = append(terms, t)
			done += w
		}
	}
	return "(" + strings.Join(terms, " + ") + ")", true
}

func pow2(n int) string { return new(big.Int).Lsh(big.NewInt(1), uint(n)).String() }

// idDecimal returns the ID as a DECIMAL(65,0).
func (s *script) idDecimal() string {
	if s.big {
		return "CAST(id AS DECIMAL(65,0))"
	}
	var terms []string
	at := s.l.Bits
	for _, w := range s.words {
		t := fmt.Sprintf("CAST(%s AS DECIMAL(65,0))", s.word(s.l.Bits-at, w))
		at -= w
		if at > 0 {
			t += " * " + pow2(at)
		}
		terms = append(terms, t)
	}
	return strings.Join(terms, "\n    + ")
}

func (s *script) idParam() [][2]string { return [][2]string{{"id", s.ptyp}} }

func (s *script) emitValid() {
	tmpl, cmask := s.template('0')
	var tests []string
	if !s.big {
		tests = append(tests, fmt.Sprintf("LENGTH(id) = %d", s.l.Bytes()))
	}
	at := 0
	for i, w := range s.words {
		m, v := s.wordOf(cmask, i), s.wordOf(tmpl, i)
		if m.Sign() != 0 {
			tests = append(tests, fmt.Sprintf("(%s & %s) = %s", s.word(at, w), m, v))
		}
		at += w
	}
	if len(tests) == 0 {
		tests = append(tests, "id IS NOT NULL OR NULL")
	}
	var decls []string
	if !s.big {
		decls = []string{"h VARCHAR(510) DEFAULT HEX(id)"}
	}
	s.function(function{
		suffix: "valid", params: s.idParam(), returns: "BOOLEAN", decls: decls,
		body: "  RETURN " + strings.Join(tests, "\n    AND ") + ";\n",
		doc:  fmt.Sprintf("Whether id has the constant bits of a %s ID%s, for a query or a trigger (MariaDB takes no stored function in a CHECK). NULL for NULL.", s.l.Name, map[bool]string{false: " and its length", true: ""}[s.big]),
	})
}

// template returns the ID with its constants in place and every other bit
// fill, and the mask of the constant bits.
func (s *script) template(fill byte) (id, cmask *big.Int) {
	id, cmask = new(big.Int), new(big.Int)
	if fill == '1' {
		id = mask(s.l.Bits)
	}
	for _, c := range s.l.Consts {
		m := new(big.Int).Lsh(mask(c.Width), uint(c.Shift))
		cmask.Or(cmask, m)
		id.AndNot(id, m)
		id.Or(id, new(big.Int).Lsh(new(big.Int).SetUint64(c.Value), uint(c.Shift)))
	}
	return id, cmask
}

// wordOf returns word i of x, an ID's bits.
func (s *script) wordOf(x *big.Int, i int) *big.Int {
	below := s.l.Bits
	for j := 0; j <= i; j++ {
		below -= s.words[j]
	}
	return new(big.Int).And(new(big.Int).Rsh(x, uint(below)), mask(s.words[i]))
}

func (s *script) emitFields() {
	for _, f := range s.l.Fields {
		var expr, ret, what string
		switch {
		case f.Bytes && f.Width > 64:
			expr = fmt.Sprintf("UNHEX(SUBSTRING(h, %d, %d))", s.off(f.Runs[0])/4+1, f.Width/4)
			ret, what = fmt.Sprintf("VARBINARY(%d)", f.Width/8), "bytes"
		case f.Bytes:
			v, _ := s.value(f.Runs, f.Width)
			expr = fmt.Sprintf("UNHEX(LPAD(HEX(%s), %d, '0'))", v, f.Width/4)
			ret, what = fmt.Sprintf("VARBINARY(%d)", f.Width/8), "bytes"
		default:
			var dec bool
			expr, dec = s.value(f.Runs, f.Width)
			ret, what = "BIGINT UNSIGNED", "a number"
			if dec {
				ret = "DECIMAL(65,0)"
			}
		}
		s.function(function{
			suffix: f.Name, params: s.idParam(), returns: ret, idParam: true,
			body: "  RETURN " + expr + ";\n",
			doc:  fmt.Sprintf("The %s field of a %s ID (%d bits), as %s.", f.Name, s.l.Name, f.Width, what),
		})
	}
}

// clock returns a tick as a/b microseconds in lowest terms, the epoch's
// microsecond since the Unix epoch, and the nanoseconds past it (0 to 999).
func (s *script) clock() (a, b, epochUs *big.Int, rem int64) {
	us := s.l.Clock.TickIn(1e6)
	ns := s.l.Clock.EpochNanos()
	q, r := new(big.Int).DivMod(ns, big.NewInt(1000), new(big.Int))
	return us.Num(), us.Denom(), q, r.Int64()
}

// DATETIME's range, in microseconds since the Unix epoch.
const (
	minDatetimeUs = "-62135596800000000"
	maxDatetimeUs = "253402300799999999"
)

const unixEpoch = "TIMESTAMP'1970-01-01 00:00:00'"

func (s *script) emitTime() {
	v := s.l.Time
	if v == nil {
		return
	}
	a, b, epochUs, rem := s.clock()
	ticks, _ := s.value(v.Runs, v.Width)
	// us = floor((rem*b + ticks*a*1000) / (1000*b)) + epochUs.
	body := fmt.Sprintf("  SET x = CAST(%s AS DECIMAL(65,0)) * %s + %d;\n  SET x = (x - MOD(x, %s)) / %s + %s;\n",
		ticks, new(big.Int).Mul(a, big.NewInt(1000)), rem*b.Int64(), new(big.Int).Mul(b, big.NewInt(1000)), new(big.Int).Mul(b, big.NewInt(1000)), epochUs)
	if rem == 0 && b.Cmp(big.NewInt(1)) == 0 && v.Width+a.BitLen() < 62 {
		body = fmt.Sprintf("  SET x = %s * %s + %s;\n", ticks, a, epochUs)
	}
	body += fmt.Sprintf("  IF x < %s OR x > %s THEN\n    %s\n  END IF;\n  RETURN DATE_ADD(%s, INTERVAL CAST(x AS SIGNED) MICROSECOND);\n",
		minDatetimeUs, maxDatetimeUs,
		s.signal("22008", fmt.Sprintf("%s, ': the time of ', %s, ' is outside DATETIME''s years 1 to 9999'", literal(s.name("time")), s.hexOf())),
		unixEpoch)
	s.function(function{
		suffix: "time", params: s.idParam(), returns: "DATETIME(6)", idParam: true, decls: []string{"x DECIMAL(65,0)"}, body: body,
		doc: fmt.Sprintf("The time of a %s ID as DATETIME(6) in UTC, rounded down to the microsecond; outside years 1 to 9999 an error (SQLSTATE 22008).", s.l.Name),
	})
}

// hexOf returns the ID in id as hex, for messages.
func (s *script) hexOf() string {
	if s.big {
		return "LPAD(LOWER(HEX(id)), 16, '0')"
	}
	return "LOWER(h)"
}

// ticksStmts returns the statements that set x to the numerator whose
// floor division by a*1000 gives the tick of microsecond us (a DECIMAL
// expression of microseconds since the Unix epoch).
func (s *script) ticksNum(us string) string {
	_, b, epochUs, rem := s.clock()
	return fmt.Sprintf("((%s - %s) * 1000 - %d) * %s", us, epochUs, rem, b)
}

// place returns the statements that write the value in the BIGINT
// UNSIGNED variable u into the words w0, w1, ... at runs.
func (s *script) place(u string, runs []resolved.Run) string {
	var b strings.Builder
	for _, r := range runs {
		off := s.off(r)
		start := 0
		for i, ww := range s.words {
			lo, hi := max(off, start), min(off+r.Width, start+ww)
			if lo < hi {
				vlo := r.Lo + (off + r.Width - hi) // the value's bit at hi-1
				pos := start + ww - hi
				m := new(big.Int).Lsh(mask(hi-lo), uint(pos))
				e := u
				if vlo > 0 {
					e = fmt.Sprintf("(%s >> %d)", e, vlo)
				}
				e = fmt.Sprintf("(%s & %s)", e, mask(hi-lo))
				if pos > 0 {
					e = fmt.Sprintf("(%s << %d)", e, pos)
				}
				fmt.Fprintf(&b, "  SET w%d = (w%d & %s) | %s;\n", i, i, new(big.Int).Xor(mask(ww), m), e)
			}
			start += ww
		}
	}
	return b.String()
}

// wordDecls declares w0, w1, ... as the words of x.
func (s *script) wordDecls(x *big.Int) []string {
	var d []string
	for i := range s.words {
		d = append(d, fmt.Sprintf("w%d BIGINT UNSIGNED DEFAULT %s", i, s.wordOf(x, i)))
	}
	return d
}

// build returns the ID that the words w0, w1, ... hold.
func (s *script) build() string {
	if s.big {
		return "w0"
	}
	var parts []string
	for i, w := range s.words {
		parts = append(parts, fmt.Sprintf("LPAD(HEX(w%d), %d, '0')", i, w/4))
	}
	return "UNHEX(CONCAT(" + strings.Join(parts, ", ") + "))"
}

func (s *script) emitBounds() {
	v := s.l.Time
	if v == nil || !s.l.TimeSortable() {
		return
	}
	a, _, _, _ := s.clock()
	den := new(big.Int).Mul(a, big.NewInt(1000))
	maxTick := mask(v.Width)
	us := "CAST(TIMESTAMPDIFF(MICROSECOND, " + unixEpoch + ", t) AS DECIMAL(65,0))"
	for _, bound := range []struct {
		suffix, us, limit, doc string
		fill                   byte
	}{
		{"min_at", us, fmt.Sprintf("  IF ticks > %s THEN\n    %s\n  END IF;\n  IF ticks < 0 THEN\n    SET ticks = 0;\n  END IF;\n", maxTick,
			s.signal("22008", fmt.Sprintf("%s, ': no tick of %s is at or after ', t", literal(s.name("min_at")), s.l.Name))),
			"The smallest %s ID whose time (as %[2]s_time reads it) is at or after t, a DATETIME(6) in UTC: the first tick at or after t, every other variable bit 0. Before the epoch it is the first tick's; after the last tick's time an error (SQLSTATE 22008). id >= %[2]s_min_at(t1) AND id < %[2]s_min_at(t2) selects [t1, t2).", '0'},
		{"max_at", us + " + 1", fmt.Sprintf("  SET ticks = ticks - 1;\n  IF ticks < 0 THEN\n    %s\n  END IF;\n  IF ticks > %s THEN\n    SET ticks = %s;\n  END IF;\n",
			s.signal("22008", fmt.Sprintf("%s, ': no tick of %s is at or before ', t", literal(s.name("max_at")), s.l.Name)), maxTick, maxTick),
			"The largest %s ID whose time (as %[2]s_time reads it, to the microsecond) is at or before t, a DATETIME(6) in UTC: the last such tick, every other variable bit 1. Past the last tick it is the last tick's; before the epoch an error (SQLSTATE 22008). id >= %[2]s_min_at(t1) AND id <= %[2]s_max_at(t2) selects [t1, t2].", '1'},
	} {
		tmpl, _ := s.template(bound.fill)
		decls := append([]string{"x DECIMAL(65,0)", "r DECIMAL(65,0)", "ticks DECIMAL(65,0)", "u BIGINT UNSIGNED"}, s.wordDecls(tmpl)...)
		// ticks = ceil(x / den): MOD truncates toward zero, as (x - r) / den does.
		body := fmt.Sprintf("  IF t IS NULL THEN\n    RETURN NULL;\n  END IF;\n  SET x = %s;\n  SET r = MOD(x, %s);\n  SET ticks = (x - r) / %s + (r > 0);\n%s  SET u = CAST(ticks AS UNSIGNED);\n%s  RETURN %s;\n",
			s.ticksNum(bound.us), den, den, bound.limit, s.place("u", v.Runs), s.build())
		s.function(function{
			suffix: bound.suffix, params: [][2]string{{"t", "DATETIME(6)"}}, returns: s.typ, decls: decls, body: body,
			doc: fmt.Sprintf(bound.doc, s.l.Name, s.prefix),
		})
	}
}

func (s *script) emitNew() {
	if !s.l.Stateless() {
		return
	}
	n := s.l.Bytes()
	tmpl, cmask := s.template('0')
	doc := fmt.Sprintf("A new %s ID: ", s.l.Name)
	if c := s.l.Counter; c != nil && c.Init == layouts.InitSeeded {
		// The counter's top bit is clear, as a seeded counter starts: a
		// constant 0 here.
		for _, r := range c.Runs {
			if top := c.Width - 1; r.Lo <= top && top < r.Lo+r.Width {
				cmask.SetBit(cmask, r.Shift+top-r.Lo, 1)
			}
		}
	}
	if v := s.l.Time; v != nil {
		// The time's bits too are zero until the time is ORed in.
		for _, r := range v.Runs {
			cmask.Or(cmask, new(big.Int).Lsh(mask(r.Width), uint(r.Shift)))
		}
	}
	// The ID's words: random bits, the constants and the time in place,
	// built in one expression (a stored function's every statement costs
	// about a microsecond).
	words := make([]string, len(s.words))
	at := 0
	for i, w := range s.words {
		keep := new(big.Int).AndNot(mask(w), s.wordOf(cmask, i))
		e := fmt.Sprintf("CAST(CONV(SUBSTRING(r, %d, %d), 16, 10) AS UNSIGNED)", at/4+1, w/4)
		if keep.Cmp(mask(w)) != 0 {
			e = fmt.Sprintf("(%s & %s)", e, keep)
		}
		if c := s.wordOf(tmpl, i); c.Sign() != 0 {
			e = fmt.Sprintf("%s | %s", e, c)
		}
		words[i] = e
		at += w
	}
	decls := []string{fmt.Sprintf("r VARCHAR(%d) DEFAULT HEX(RANDOM_BYTES(%d))", 2*n, n)}
	var body strings.Builder
	if v := s.l.Time; v != nil {
		a, b, epochUs, rem := s.clock()
		us := "UNIX_TIMESTAMP(SYSDATE(6)) * 1000000"
		before := s.signal("22008", fmt.Sprintf("%s, ': the clock is before the epoch of %s'", literal(s.name("new")), s.l.Name))
		var ticks string
		if rem == 0 && b.BitLen() <= 4 {
			// Whole microseconds from the epoch in a BIGINT: the tick is
			// (us * b) DIV a, exact below 2^63.
			decls = append(decls, fmt.Sprintf("x BIGINT DEFAULT CAST(%s AS SIGNED) - %s", us, epochUs))
			ticks = "x"
			if b.Cmp(big.NewInt(1)) != 0 {
				ticks = fmt.Sprintf("(x * %s)", b)
			}
			if a.Cmp(big.NewInt(1)) != 0 {
				ticks = fmt.Sprintf("(%s DIV %s)", ticks, a)
			}
		} else {
			den := new(big.Int).Mul(a, big.NewInt(1000))
			decls = append(decls, "x DECIMAL(65,0)")
			fmt.Fprintf(&body, "  SET x = %s;\n  IF x < 0 THEN\n    %s\n  END IF;\n  SET x = (x - MOD(x, %s)) / %s;\n",
				s.ticksNum("CAST("+us+" AS DECIMAL(65,0))"), before, den, den)
			ticks = "CAST(x AS UNSIGNED)"
		}
		// One test for both ends: each statement of a stored function costs.
		fmt.Fprintf(&body, "  IF x < 0 OR %s > %s THEN\n    %s\n  END IF;\n", ticks, mask(v.Width),
			s.signal("22008", fmt.Sprintf("%s, IF(x < 0, ': the clock is before the epoch of %s', ': the clock is past the last tick of %s''s %d-bit time')", literal(s.name("new")), s.l.Name, s.l.Name, v.Width)))
		s.placeInto(words, ticks, v.Runs)
		doc += "the time from SYSDATE(6) (microseconds), "
	}
	doc += "random bits from RANDOM_BYTES."
	if c := s.l.Counter; c != nil {
		doc += " SQL keeps no state between calls, so the counter bits are random, as a generator's first ID in a tick has them"
		if c.Init == layouts.InitSeeded {
			doc += " (top bit clear)"
		}
		doc += ": IDs made within one tick are unique by their random bits but not ordered among themselves."
	}
	if s.big {
		fmt.Fprintf(&body, "  RETURN %s;\n", words[0])
	} else {
		var parts []string
		for i, w := range s.words {
			parts = append(parts, fmt.Sprintf("LPAD(HEX(%s), %d, '0')", words[i], w/4))
		}
		fmt.Fprintf(&body, "  RETURN UNHEX(CONCAT(\n    %s));\n", strings.Join(parts, ",\n    "))
	}
	s.function(function{suffix: "new", returns: s.typ, decls: decls, body: body.String(), mutable: true, doc: doc})
}

// placeInto ORs the value u (a BIGINT UNSIGNED expression) into the word
// expressions at runs, whose bits the words hold zero.
func (s *script) placeInto(words []string, u string, runs []resolved.Run) {
	for _, r := range runs {
		off := s.off(r)
		start := 0
		for i, ww := range s.words {
			lo, hi := max(off, start), min(off+r.Width, start+ww)
			if lo < hi {
				vlo := r.Lo + (off + r.Width - hi)
				pos := start + ww - hi
				e := u
				if vlo > 0 {
					e = fmt.Sprintf("(%s >> %d)", e, vlo)
				}
				e = fmt.Sprintf("(%s & %s)", e, mask(hi-lo))
				if pos > 0 {
					e = fmt.Sprintf("(%s << %d)", e, pos)
				}
				words[i] = fmt.Sprintf("%s | %s", words[i], e)
			}
			start += ww
		}
	}
}
