package duckdb_test

import (
	"errors"
	"fmt"
	"math/big"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/idforge/idforge/conformance"
	"github.com/idforge/idforge/gen/duckdb"
	"github.com/idforge/idforge/interop/internal/corpustest"
	"github.com/idforge/idforge/layouts"
	"github.com/idforge/idforge/resolved"
)

// The macros of every corpus layout (gen/duckdb refuses none of them) read,
// write and bound the corpus's IDs as the interpreter does, and refuse its bad
// inputs, on the real engine:
//
//   - "id": P_to_hex, P_to_base62, P_to_crockford (and P_to_decimal for a
//     decimal layout); P_from_* of those texts (hex and Crockford in either
//     case); every field's reader; P_valid; P_time to the microsecond
//     (epoch_us), or an error where the time is beyond DuckDB's timestamp;
//   - "bound": DuckDB's times are microseconds, so P_min_at is checked at
//     the corpus's instants on a microsecond and P_max_at at those on a
//     microsecond's last nanosecond; ErrTime where the record has it;
//   - "bad": an error whose message names the kind, and for ASCII input
//     its length and the 0-based position of a bad character, as
//     PostgreSQL's; a BLOB layout's short bytes: P_valid false and the
//     readers an error (ErrBytes);
//   - "valid": the canonical text read (decimal, Base62, Crockford) and
//     P_valid of it, or the error kind; a UUID's text is DuckDB's own
//     UUID input, not the macros', and is not checked;
//   - "alias": Crockford's I, L, O and lower case read, written back
//     canonical;
//   - "stored": P_to_PROFILE of the ID is the record's stored value (a
//     BLOB for bytes, a UUID for the 16-byte profiles) and P_from_PROFILE
//     reads it back; a value of the wrong length or with padding that is
//     not zero is ErrStored.
func TestCorpus(t *testing.T) {
	engine(t)
	corpus := corpustest.Layouts(t)
	checked := 0
	for _, c := range corpus {
		rl := c.Layout
		if _, err := duckdb.Generate(rl, ""); errors.Is(err, duckdb.ErrLayout) {
			t.Logf("%s: not checked, gen/duckdb refuses it: %v", rl.Name, err)
			continue
		} else if err != nil {
			t.Fatal(err)
		}
		checked++
		t.Run(rl.Name, func(t *testing.T) { checkCorpus(t, rl, c.Records) })
	}
	t.Logf("%d of the corpus's %d layouts checked", checked, len(corpus))
	if checked < len(corpus)/2 {
		t.Errorf("only %d of the corpus's %d layouts checked", checked, len(corpus))
	}
}

type expectation struct {
	expr, want string
	reason     *regexp.Regexp // an error whose message matches, where set
	what       string
}

var (
	lengthMessage   = regexp.MustCompile(`ErrLength: .*is of length`)
	syntaxMessage   = regexp.MustCompile(`ErrSyntax: invalid character`)
	overflowMessage = regexp.MustCompile(`ErrOverflow: .*above the largest`)
	anyMessage      = regexp.MustCompile(``)
)

func badReason(r conformance.Record) *regexp.Regexp {
	if !isASCII(r.Input) {
		return map[string]*regexp.Regexp{"ErrLength": lengthMessage, "ErrSyntax": syntaxMessage, "ErrOverflow": overflowMessage}[r.Error]
	}
	n := len(r.Input)
	switch {
	case r.Error == "ErrLength":
		return regexp.MustCompile(fmt.Sprintf(`ErrLength: .*is of length %d, want`, n))
	case r.Error == "ErrSyntax" && r.Pos != nil:
		return regexp.MustCompile(fmt.Sprintf(`ErrSyntax: invalid character .* at position %d of .* \(length %d\)`, *r.Pos, n))
	case r.Error == "ErrOverflow":
		return regexp.MustCompile(fmt.Sprintf(`ErrOverflow: .*of length %d is above the largest`, n))
	}
	return syntaxMessage
}

func quote(s string) string { return "'" + strings.ReplaceAll(s, "'", "''") + "'" }

func isASCII(s string) bool {
	for i := range len(s) {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// idLiteral returns the ID of hex digits h as a literal of the layout's type.
func idLiteral(l *resolved.Layout, h string) string {
	switch l.Bits {
	case 64:
		return "('0x' || " + quote(h) + ")::UBIGINT"
	case 128:
		return quote(h) + "::UUID"
	}
	return "unhex(" + quote(h) + ")"
}

// DuckDB's timestamps: microseconds in an int64, from 290309 BC to 294247;
// its largest and smallest int64 are infinity. The corpus is checked from
// year 1 to 9999, and well inside the int64 elsewhere.
const minUs, maxUs = -62135596800000000, 253402300800000000

func checkCorpus(t *testing.T, l *resolved.Layout, rs []conformance.Record) {
	p := duckdb.DefaultPrefix(l)
	fn := func(s string) string { return p + "_" + s }
	_, hasTime := l.Value(layouts.Time)
	bounded := hasTime && l.TimeSortable()
	blob := l.Bits != 64 && l.Bits != 128
	text := l.Text.Name
	var es []expectation
	add := func(what, expr, want string) { es = append(es, expectation{expr: expr, want: want, what: what}) }
	fail := func(what, expr string, reason *regexp.Regexp) {
		es = append(es, expectation{expr: expr, reason: reason, what: what})
	}
	counts := map[string]int{}
	for _, r := range rs {
		counts[r.Kind]++
		switch r.Kind {
		case "id":
			id := idLiteral(l, r.Hex)
			add(r.Hex, fn("to_hex")+"("+id+")", r.Hex)
			add(r.Hex, fn("to_base62")+"("+id+")", r.Base62)
			add(r.Hex, fn("to_crockford")+"("+id+")", r.Crockford)
			for _, f := range [][2]string{{"from_hex", r.Hex}, {"from_hex", strings.ToUpper(r.Hex)}, {"from_base62", r.Base62},
				{"from_crockford", r.Crockford}, {"from_crockford", strings.ToLower(r.Crockford)}} {
				add(r.Hex, fmt.Sprintf("%s(%s(%s))", fn("to_hex"), fn(f[0]), quote(f[1])), r.Hex)
			}
			if text == "decimal" {
				add(r.Hex, fn("to_decimal")+"("+id+")", r.Text)
				if !l.Text.Signed && r.Hex[0] >= '8' {
					fail(r.Hex+" text", fmt.Sprintf("%s(%s)", fn("from_decimal"), quote(r.Text)), anyMessage)
				} else {
					add(r.Hex, fmt.Sprintf("%s(%s(%s))", fn("to_hex"), fn("from_decimal"), quote(r.Text)), r.Hex)
				}
			}
			add(r.Hex, fn("valid")+"("+id+")", strconv.FormatBool(*r.Valid))
			for _, f := range l.Fields {
				c := fn(f.Name) + "(" + id + ")"
				if f.Bytes {
					c = "lower(hex(" + c + "))"
				}
				add(r.Hex+" "+f.Name, c, r.Fields[f.Name])
			}
			if hasTime {
				expr := fmt.Sprintf("epoch_us(%s(%s))", fn("time"), id)
				ns, _ := new(big.Int).SetString(r.UnixNs, 10)
				us := new(big.Int).Div(ns, big.NewInt(1000)) // Euclidean: floor for a positive divisor
				if us.IsInt64() && us.Int64() > -9e18 && us.Int64() < 9e18 {
					add(r.Hex+" time", expr, us.String())
				} else {
					fail(r.Hex+" time", expr, anyMessage)
				}
			}
		case "bound":
			if !bounded {
				continue
			}
			ns, _ := new(big.Int).SetString(r.At, 10)
			us, rem := new(big.Int).DivMod(ns, big.NewInt(1000), new(big.Int))
			if !us.IsInt64() || us.Int64() < minUs || us.Int64() >= maxUs {
				continue
			}
			check := func(f, want string) {
				counts[f]++
				expr := fmt.Sprintf("%s(%s(make_timestamp(%s::BIGINT)::TIMESTAMPTZ))", fn("to_hex"), fn(f), us)
				if want == "" && r.Error == "ErrTime" {
					counts[f+" ErrTime"]++
					fail(f+" "+r.At, expr, regexp.MustCompile(`ErrTime: no tick`))
					return
				}
				add(f+" "+r.At, expr, want)
			}
			switch rem.Int64() {
			case 0:
				check("min_at", r.Min)
			case 999:
				check("max_at", r.Max)
			}
		case "alias":
			from := map[string]string{"crockford": "crockford"}[r.Form]
			if r.Form == "text" && (text == "crockford" || text == "base62") {
				from = text
			}
			if from == "" {
				continue
			}
			read := fmt.Sprintf("%s(%s)", fn("from_"+from), quote(r.Input))
			add("alias "+r.Input, fn("to_hex")+"("+read+")", r.Hex)
			add("alias "+r.Input+" written back", fn("to_"+from)+"("+read+")", r.Text)
		case "valid":
			var from string
			switch text {
			case "decimal", "base62", "crockford", "hex":
				from = text
			default:
				continue // a UUID's text: DuckDB's own UUID input reads it
			}
			expr := fmt.Sprintf("%s(%s(%s))", fn("valid"), fn("from_"+from), quote(r.Input))
			if r.Error != "" {
				fail("valid "+r.Input, expr, regexp.MustCompile(r.Error+": "))
			} else {
				add("valid "+r.Input, expr, strconv.FormatBool(*r.Valid))
			}
		case "stored":
			// Both ways: the stored value of the ID (BLOB for bytes, a
			// UUID for a 16-byte profile), and the ID it reads back as;
			// with ErrStored, Input is no stored value of the profile.
			name := strings.ReplaceAll(r.Profile, "-", "_")
			stored := func(h string) string {
				if r.Profile == "bytes" {
					return "unhex(" + quote(h) + ")"
				}
				return quote(h) + "::UUID"
			}
			if r.Error != "" {
				fail("stored "+r.Profile+" "+r.Input, fmt.Sprintf("%s(%s)", fn("from_"+name), stored(r.Input)), regexp.MustCompile(`ErrStored: not stored under profile `+regexp.QuoteMeta(r.Profile)))
				counts["stored ErrStored"]++
				continue
			}
			hexOf := "lower(hex(%s))"
			if r.Profile != "bytes" {
				hexOf = "replace(%s::VARCHAR, '-', '')"
			}
			add("stored "+r.Profile+" "+r.Hex, fmt.Sprintf(hexOf, fmt.Sprintf("%s(%s)", fn("to_"+name), idLiteral(l, r.Hex))), r.Stored)
			add("stored "+r.Profile+" "+r.Stored+" back", fmt.Sprintf("%s(%s(%s))", fn("to_hex"), fn("from_"+name), stored(r.Stored)), r.Hex)
		case "bad":
			switch r.Form {
			case "base62", "crockford", "hex":
				reason := badReason(r)
				if r.Error == "ErrLength" && !isASCII(r.Input) && utf8.RuneCountInString(r.Input) == len(encodedLike(l, r.Form)) {
					reason = syntaxMessage // the right length in characters, as DuckDB counts
				}
				fail(r.Form+" "+r.Input, fmt.Sprintf("%s(%s)", fn("from_"+r.Form), quote(r.Input)), reason)
			case "text":
				if text != "decimal" {
					continue // a UUID's text, DuckDB's; base62 and crockford are checked above
				}
				reason := badReason(r)
				if r.Error == "ErrLength" && !isASCII(r.Input) {
					reason = anyMessage // DuckDB counts characters, Go bytes
				}
				fail("text "+r.Input, fmt.Sprintf("%s(%s)", fn("from_decimal"), quote(r.Input)), reason)
			case "bytes":
				if blob {
					id := "unhex(" + quote(r.Input) + ")"
					fail("bytes "+r.Input, fn("to_crockford")+"("+id+")", regexp.MustCompile(`ErrBytes: `))
					add("bytes "+r.Input, fn("valid")+"("+id+")", "false")
				}
			}
		}
	}
	exprs := make([]string, len(es))
	for i, e := range es {
		exprs[i] = e.expr
	}
	answers, _ := run(t, script(t, l), exprs, nil)
	bad := 0
	for i, e := range es {
		a := answers[i]
		ok := a.OK && a.Text == e.want
		if e.reason != nil {
			ok = !a.OK && e.reason.MatchString(a.Text)
		}
		if !ok {
			bad++
			if bad <= 20 {
				if e.reason != nil {
					t.Errorf("%s: %s = %v %q, want an error matching %s", e.what, e.expr, a.OK, a.Text, e.reason)
				} else {
					t.Errorf("%s: %s = %v %q, want %q", e.what, e.expr, a.OK, a.Text, e.want)
				}
			}
		}
	}
	t.Logf("%d expressions from %d IDs, %d bounds (%d checked by P_min_at, %d by P_max_at, %d and %d of them ErrTime), %d bad inputs, %d valid records, %d stored (%d ErrStored)",
		len(es), counts["id"], counts["bound"], counts["min_at"], counts["max_at"], counts["min_at ErrTime"], counts["max_at ErrTime"], counts["bad"], counts["valid"],
		counts["stored"], counts["stored ErrStored"])
}

// encodedLike returns the all-zero ID's text in form, for its width.
func encodedLike(l *resolved.Layout, form string) string {
	r, _ := conformance.ID(l.Model, make([]byte, l.Bytes()))
	return map[string]string{"base62": r.Base62, "crockford": r.Crockford, "hex": r.Hex}[form]
}
