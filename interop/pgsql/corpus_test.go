package pgsql_test

import (
	"errors"
	"fmt"
	"math/big"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/idforge/idforge/conformance"
	"github.com/idforge/idforge/gen/pgsql"
	"github.com/idforge/idforge/interop/internal/corpustest"
	"github.com/idforge/idforge/interop/internal/pgtest"
	"github.com/idforge/idforge/layouts"
	"github.com/idforge/idforge/resolved"
)

// The SQL functions of every corpus layout the SQL emitter supports read,
// write and bound the corpus's IDs as the interpreter does, and refuse its
// bad inputs:
//
//   - "id": P_to_hex, P_to_base62 and P_to_crockford; P_from_base62,
//     P_from_crockford (either case) and P_from_hex (either case) of those
//     texts; every field's reader; P_valid; P_time to the microsecond, or
//     an out-of-range error (SQLSTATE 22008 or 22003) where the time is
//     beyond a timestamptz;
//   - "bound": PostgreSQL's times are microseconds, and P_max_at(t) covers
//     t's whole microsecond, so P_min_at is checked at the corpus's instants
//     on a microsecond and P_max_at at those on a microsecond's last
//     nanosecond (the corpus has both around the epoch, the end of the time
//     and its sample instant);
//   - "bad": SQLSTATE 22P02, whose message names the kind: "characters
//     long" for ErrLength, "invalid character" for ErrSyntax, "above the
//     largest" for ErrOverflow. PostgreSQL counts characters where Go counts
//     bytes, so a text of the right number of characters, one of them not
//     ASCII, is an invalid character to SQL and ErrLength to Go. A bytea
//     layout's readers raise 22026 on the corpus's short bytes, and P_valid
//     is false. (The text form of a UUID layout is PostgreSQL's own uuid
//     input, not the emitter's, and is not checked; so is a 64-bit
//     layout's decimal, bigint's own: its bigint is checked to be the
//     ID's, and its text the corpus's.)
//   - "mask": P_mask and P_unmask with the record's key, and P_mask_named
//     and P_unmask_named with the key stored in idforge_mask_keys, give
//     its public form and its ID; where it has an error, masking its ID
//     (ErrInvalid, ErrKey) or unmasking its public form (ErrNotMasked)
//     fails with the SQLSTATE the generated SQL raises (22P02; 22023 for a
//     key) and a message that names the kind.
//
// On PostgreSQL 18 both scripts run, as in TestBuiltinLayouts: the one for
// every version, with its fast bodies, and the bodies older servers run.
// The one for every version is written for a schema (pgsql.Options.Schema)
// that the session's search_path does not name: every function, and every
// call between them, must name it.
func TestCorpus(t *testing.T) {
	db := pgtest.DB(t)
	corpus := corpustest.Layouts(t)
	layoutsRun := 0
	for _, c := range corpus {
		l := c.Layout.Model
		if _, err := pgsql.Generate(c.Layout, ""); errors.Is(err, pgsql.ErrLayout) || errors.Is(err, pgsql.ErrName) {
			t.Logf("%s: not checked, the SQL emitter does not support it: %v", l.Name, err)
			continue
		} else if err != nil {
			t.Fatal(err)
		}
		layoutsRun++
		t.Run(l.Name, func(t *testing.T) {
			for name, server := range scripts(t, db) {
				// The script for any version is loaded into a schema off
				// the search_path, as GenerateWith writes it for one.
				t.Run(name, func(t *testing.T) { checkCorpus(loadWith(t, db, l, server, server == pgsql.AnyVersion), c.Records) })
			}
		})
	}
	if layoutsRun < len(corpus)/2 {
		t.Errorf("only %d of the corpus's %d layouts checked", layoutsRun, len(corpus))
	}
}

// expectation is one SQL expression and what it must give: its text, or
// an error whose SQLSTATE and message match.
type expectation struct {
	expr   string
	want   string         // the value as text; unused when state is set
	state  string         // the SQLSTATE an error must have, or several separated by |
	reason *regexp.Regexp // what the error's message must say
	what   string
}

// badReason returns what the message of a "bad" record's error must say:
// its kind, and for ASCII text (whose length in characters, as PostgreSQL
// counts, is Go's in bytes) the input's length and, for ErrSyntax, the
// 0-based position of the bad character, as every language's says.
func badReason(r conformance.Record) *regexp.Regexp {
	if !isASCII(r.Input) {
		return map[string]*regexp.Regexp{"ErrLength": lengthMessage, "ErrSyntax": syntaxMessage, "ErrOverflow": overflowMessage}[r.Error]
	}
	n := len(r.Input)
	switch {
	case r.Error == "ErrLength":
		return regexp.MustCompile(fmt.Sprintf(`is of length %d, want`, n))
	case r.Error == "ErrSyntax" && r.Pos != nil:
		return regexp.MustCompile(fmt.Sprintf(`invalid character .* at position %d of .* \(length %d\)`, *r.Pos, n))
	case r.Error == "ErrOverflow":
		return regexp.MustCompile(fmt.Sprintf(`of length %d is above the largest`, n))
	}
	return syntaxMessage
}

var (
	lengthMessage   = regexp.MustCompile(`is of length`)
	syntaxMessage   = regexp.MustCompile(`invalid character`)
	overflowMessage = regexp.MustCompile(`above the largest`)
	anyMessage      = regexp.MustCompile(``)
	// The mask's errors name their kind, as the other languages' do.
	invalidMessage   = regexp.MustCompile(`: ErrInvalid: `)
	notMaskedMessage = regexp.MustCompile(`: ErrNotMasked: `)
	keyMessage       = regexp.MustCompile(`: ErrKey: `)
)

func quote(s string) string { return "'" + strings.ReplaceAll(s, "'", "''") + "'" }

// tryEval creates try_eval(e), which gives an expression's value as text,
// 'NULL' for NULL, or 'ERROR ' followed by its SQLSTATE and message.
const tryEval = `CREATE FUNCTION try_eval(e text) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  r text;
BEGIN
  EXECUTE 'SELECT (' || e || ')::text' INTO r;
  RETURN coalesce(r, 'NULL');
EXCEPTION WHEN OTHERS THEN
  RETURN 'ERROR ' || SQLSTATE || ' ' || SQLERRM;
END $$`

func checkCorpus(s *session, rs []conformance.Record) {
	s.t.Helper()
	l := s.l
	s.exec("SET DateStyle = ISO")
	s.exec(tryEval)
	v, hasTime := l.Value(layouts.Time)
	bounded := hasTime && l.TimeSortable()
	bytea := l.Bits != 64 && l.Bits != 128
	var es []expectation
	add := func(what, expr, want string) { es = append(es, expectation{expr: expr, want: want, what: what}) }
	fail := func(what, expr, state string, reason *regexp.Regexp) {
		es = append(es, expectation{expr: expr, state: state, reason: reason, what: what})
	}
	// A layout whose canonical text is a declared encoding has its own
	// P_to_NAME and P_from_NAME.
	own := ""
	switch text := l.CanonicalText(); text {
	case "uuid", "decimal", "base62", "crockford", "hex":
	default:
		own = strings.ReplaceAll(text, "-", "_")
	}
	// A decimal layout whose top bit is a constant zero reads no more than
	// 2^63-1 (resolved.Text.Signed is false for it).
	narrow := false
	if r, err := resolved.New(l); err == nil && r.Text.Name == "decimal" {
		narrow = !r.Text.Signed
	}
	counts := map[string]int{}
	keys := map[string]bool{} // the corpus's mask keys, stored in idforge_mask_keys
	keysSchema := s.schema
	if keysSchema == "" {
		keysSchema = current(s)
	}
	keysSchema = `"` + keysSchema + `"`
	for _, r := range rs {
		counts[r.Kind]++
		switch r.Kind {
		case "id":
			id := fromHex(l, quote(r.Hex))
			add(r.Hex, s.fn("to_hex")+"("+id+")", r.Hex)
			add(r.Hex, s.fn("to_base62")+"("+id+")", r.Base62)
			add(r.Hex, s.fn("to_crockford")+"("+id+")", r.Crockford)
			for _, p := range [][2]string{{"from_hex", r.Hex}, {"from_hex", strings.ToUpper(r.Hex)}, {"from_base62", r.Base62},
				{"from_crockford", r.Crockford}, {"from_crockford", strings.ToLower(r.Crockford)}} {
				add(r.Hex, fmt.Sprintf("%s(%s(%s))", s.fn("to_hex"), s.fn(p[0]), quote(p[1])), r.Hex)
			}
			if own != "" {
				add(r.Hex, s.fn("to_"+own)+"("+id+")", r.Text)
				add(r.Hex, fmt.Sprintf("%s(%s(%s))", s.fn("to_hex"), s.fn("from_"+own), quote(r.Text)), r.Hex)
			}
			if l.CanonicalText() == "decimal" {
				// The ID's text is the unsigned number its bits hold,
				// which P_to_decimal writes and P_from_decimal reads;
				// bigint's own text is signed.
				add(r.Hex, s.fn("to_decimal")+"("+id+")", r.Text)
				if narrow && r.Hex[0] >= '8' {
					// An ID with the top bit set, which a layout whose
					// top bit is a constant zero never has: its text is
					// no ID's.
					fail(r.Hex+" text", fmt.Sprintf("%s(%s)", s.fn("from_decimal"), quote(r.Text)), "22P02", anyMessage)
				} else {
					add(r.Hex, fmt.Sprintf("%s(%s(%s))", s.fn("to_hex"), s.fn("from_decimal"), quote(r.Text)), r.Hex)
				}
			}
			add(r.Hex, s.fn("valid")+"("+id+")", strconv.FormatBool(*r.Valid))
			for _, f := range l.Fields {
				c := s.fn(f.Name) + "(" + id + ")"
				if f.Bytes {
					c = "encode(" + c + ", 'hex')"
				}
				add(r.Hex+" "+f.Name, c, r.Fields[f.Name])
			}
			if hasTime {
				expr := fmt.Sprintf("%s(%s) AT TIME ZONE 'UTC'", s.fn("time"), id)
				ns, _ := new(big.Int).SetString(r.UnixNs, 10)
				us, _ := new(big.Int).DivMod(ns, big.NewInt(1000), new(big.Int))
				if text, ok := timestampText(us); ok {
					add(r.Hex+" time", expr, text)
				} else {
					// Past what a timestamptz holds: PostgreSQL's own
					// out-of-range errors, of a timestamp or of the bigint
					// of microseconds on the way to one.
					fail(r.Hex+" time", expr, "22008|22003", anyMessage)
				}
			}
		case "mask":
			// Each through the key-argument functions and through the
			// named-key ones, the key stored under its hex as its name.
			key, tweak := `'\x`+r.Key+`'::bytea`, `'\x`+r.Tweak+`'::bytea`
			if !keys[r.Key] {
				keys[r.Key] = true
				s.exec(fmt.Sprintf("INSERT INTO %s.idforge_mask_keys (name, key) VALUES ($1, decode($1, 'hex'))", keysSchema), r.Key)
			}
			for _, c := range [][3]string{{"", key, "key"}, {"_named", quote(r.Key), "named key"}} {
				mask := fmt.Sprintf("%s(%s(%s), %s, %s)", s.fn("mask"+c[0]), s.fn("from_hex"), quote(r.Hex), c[1], tweak)
				unmask := fmt.Sprintf("%s(%s(%s), %s, %s)", s.fn("unmask"+c[0]), s.fn("from_hex"), quote(r.Public), c[1], tweak)
				switch r.Error {
				case "":
					add("mask "+r.Hex+" under the "+c[2], s.fn("to_hex")+"("+mask+")", r.Public)
					add("unmask "+r.Public+" under the "+c[2], s.fn("to_hex")+"("+unmask+")", r.Hex)
				case "ErrInvalid": // an ID whose constant bits are not the layout's
					fail("mask "+r.Hex+" under the "+c[2], mask, "22P02", invalidMessage)
				case "ErrNotMasked": // a value whose constant bits are not the public form's
					fail("unmask "+r.Public+" under the "+c[2], unmask, "22P02", notMaskedMessage)
				case "ErrKey": // a key under 16 bytes, or of zero bytes only
					fail("mask "+r.Hex+" under the "+c[2]+" "+r.Key, mask, "22023", keyMessage)
				default:
					s.t.Fatalf("a mask record with error %q", r.Error)
				}
			}
			counts["mask "+r.Error]++
		case "bound":
			if !bounded {
				continue
			}
			ns, _ := new(big.Int).SetString(r.At, 10)
			us, rem := new(big.Int).DivMod(ns, big.NewInt(1000), new(big.Int))
			text, ok := timestampText(us)
			if !ok || strings.HasSuffix(text, " BC") || us.Cmp(big.NewInt(mustUnixMicro(10000, 1, 1))) >= 0 {
				continue // as checkBounds, years 1 to 9999
			}
			at := quote(text + "+00")
			// A side the record has no ID for (no tick qualifies: max_at
			// before the first tick, min_at after the last) is ErrTime:
			// 22008.
			check := func(fn, want string) {
				counts[fn]++
				expr := fmt.Sprintf("%s(%s(%s::timestamptz))", s.fn("to_hex"), s.fn(fn), at)
				if want == "" && r.Error == "ErrTime" {
					counts[fn+" ErrTime"]++
					fail(fn+" "+r.At, expr, "22008", anyMessage)
					return
				}
				add(fn+" "+r.At, expr, want)
			}
			switch rem.Int64() {
			case 0:
				check("min_at", r.Min)
			case 999:
				check("max_at", r.Max)
			}
		case "alias":
			// Text the form reads though its writer never writes it
			// (Crockford's I, L and O, and lower case): the ID, and the
			// form's writer writes it back canonical.
			from := map[string]string{"crockford": "crockford", "text": own}[r.Form]
			if from == "" {
				continue
			}
			read := fmt.Sprintf("%s(%s)", s.fn("from_"+from), quote(r.Input))
			add("alias "+r.Input, s.fn("to_hex")+"("+read+")", r.Hex)
			add("alias "+r.Input+" written back", s.fn("to_"+from)+"("+read+")", r.Text)
		case "bad":
			switch r.Form {
			case "base62", "crockford", "hex":
				reason := badReason(r)
				if r.Error == "ErrLength" && !isASCII(r.Input) && utf8.RuneCountInString(r.Input) == len(encodedLike(l, r.Form)) {
					reason = syntaxMessage
				}
				fail(r.Form+" "+r.Input, fmt.Sprintf("%s(%s)", s.fn("from_"+r.Form), quote(r.Input)), "22P02", reason)
			case "text":
				if l.CanonicalText() == "decimal" {
					reason := badReason(r)
					if r.Error == "ErrLength" && !isASCII(r.Input) {
						reason = anyMessage // PostgreSQL counts characters, Go bytes
					}
					fail("text "+r.Input, fmt.Sprintf("%s(%s)", s.fn("from_decimal"), quote(r.Input)), "22P02", reason)
					continue
				}
				if own == "" {
					// A UUID's text: PostgreSQL's own uuid type reads it.
					continue
				}
				reason := badReason(r)
				if r.Error == "ErrLength" && !isASCII(r.Input) && utf8.RuneCountInString(r.Input) == len(r.Input)-1 {
					reason = syntaxMessage // one two-byte character: the right length in characters
				}
				fail("text "+r.Input, fmt.Sprintf("%s(%s)", s.fn("from_"+own), quote(r.Input)), "22P02", reason)
			case "bytes":
				if bytea {
					id := "decode(" + quote(r.Input) + ", 'hex')"
					fail("bytes "+r.Input, s.fn("to_hex")+"("+id+")", "22026", anyMessage)
					add("bytes "+r.Input, s.fn("valid")+"("+id+")", "false")
				}
			}
		}
	}
	exprs := make([]string, len(es))
	for i, e := range es {
		exprs[i] = e.expr
	}
	rows := s.rows("SELECT try_eval(e) FROM unnest($1::text[]) WITH ORDINALITY AS u(e, i) ORDER BY i", exprs)
	if len(rows) != len(es) {
		s.t.Fatalf("%d answers to %d expressions", len(rows), len(es))
	}
	bad := 0
	for i, e := range es {
		got := rows[i][0]
		ok := got == e.want
		if e.state != "" {
			ok = false
			for _, state := range strings.Split(e.state, "|") {
				if msg, isErr := strings.CutPrefix(got, "ERROR "+state+" "); isErr && e.reason.MatchString(msg) {
					ok = true
				}
			}
		}
		if !ok {
			bad++
			if bad <= 20 {
				if e.state != "" {
					s.t.Errorf("%s: %s = %q, want SQLSTATE %s (%s)", e.what, e.expr, got, e.state, e.reason)
				} else {
					s.t.Errorf("%s: %s = %q, want %q", e.what, e.expr, got, e.want)
				}
			}
		}
	}
	s.t.Logf("%d expressions from %d IDs, %d bounds (%d checked by P_min_at, %d by P_max_at, %d and %d of them ErrTime), %d bad inputs and %d masks (%d refused: %d ErrInvalid, %d ErrNotMasked, %d ErrKey) (time unit %v)",
		len(es), counts["id"], counts["bound"], counts["min_at"], counts["max_at"], counts["min_at ErrTime"], counts["max_at ErrTime"], counts["bad"],
		counts["mask"], counts["mask"]-counts["mask "], counts["mask ErrInvalid"], counts["mask ErrNotMasked"], counts["mask ErrKey"], unitOf(v, hasTime))
}

func unitOf(v *layouts.Value, ok bool) any {
	if !ok {
		return "none"
	}
	return v.Unit
}

func isASCII(s string) bool {
	for i := range len(s) {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// encodedLike returns the all-zero ID's text in form, for its width.
func encodedLike(l *layouts.Layout, form string) string {
	r, _ := conformance.ID(l, make([]byte, l.Bytes()))
	return map[string]string{"base62": r.Base62, "crockford": r.Crockford, "hex": r.Hex}[form]
}

// PostgreSQL's timestamps run from 4713 BC to 294276 AD; microseconds
// since the Unix epoch in an int64 end a little earlier, in 294247.
var minTimestampUs = mustUnixMicro(-4713, 11, 24)

func mustUnixMicro(year, month, day int) int64 {
	// time.Date counts years astronomically: 1 BC is year 0.
	if year < 0 {
		year++
	}
	return time.Date(year, time.Month(month), day, 0, 0, 0, 0, time.UTC).Unix() * 1e6
}

// timestampText writes us, microseconds since the Unix epoch, as
// PostgreSQL writes a timestamp with DateStyle ISO ("2024-05-06
// 07:08:09.123456", years before 1 with " BC"), or reports false when
// it is outside PostgreSQL's range.
func timestampText(us *big.Int) (string, bool) {
	if !us.IsInt64() || us.Int64() < minTimestampUs {
		return "", false
	}
	x := us.Int64()
	sec, frac := x/1e6, x%1e6
	if frac < 0 {
		sec, frac = sec-1, frac+1e6
	}
	t := time.Unix(sec, 0).UTC()
	year, bc := t.Year(), ""
	if year <= 0 {
		year, bc = 1-year, " BC"
	}
	s := fmt.Sprintf("%04d-%02d-%02d %02d:%02d:%02d", year, t.Month(), t.Day(), t.Hour(), t.Minute(), t.Second())
	if frac != 0 {
		s += strings.TrimRight(fmt.Sprintf(".%06d", frac), "0")
	}
	return s + bc, true
}
