package conformance_test

import (
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/idforge/idforge/conformance"
	"github.com/idforge/idforge/interp"
	"github.com/idforge/idforge/layouts"
)

// TestBadShortIDs checks that Bad makes its records for the narrowest
// layouts, whose encodings are shorter than the places its changes are
// made at, each once, and none for bytes that are not an ID of the layout.
func TestBadShortIDs(t *testing.T) {
	for bits := 8; bits <= 64; bits += 8 {
		l, err := layouts.Parse("tiny.layout", fmt.Appendf(nil, "layout tiny%d %d\n  r %d random\n", bits, bits, bits))
		if err != nil {
			t.Fatal(err)
		}
		rs := conformance.Bad(l, make([]byte, l.Bytes()))
		if len(rs) == 0 {
			t.Errorf("%d bits: no records", bits)
		}
		seen := map[string]bool{}
		for _, r := range rs {
			if seen[r.Form+" "+r.Input] {
				t.Errorf("%d bits: %s input %q given twice", bits, r.Form, r.Input)
			}
			seen[r.Form+" "+r.Input] = true
		}
		for _, b := range [][]byte{nil, make([]byte, l.Bytes()+1)} {
			if rs := conformance.Bad(l, b); rs != nil {
				t.Errorf("%d bits: Bad of %d bytes = %d records, want none", bits, len(b), len(rs))
			}
		}
	}
}

// TestRecordArguments checks that the record makers refuse a nil layout, and ID
// bytes of the wrong length, rather than panic.
func TestRecordArguments(t *testing.T) {
	if _, err := conformance.ID(nil, make([]byte, 16)); !errors.Is(err, interp.ErrNoLayout) {
		t.Errorf("ID(nil) = %v, want ErrNoLayout", err)
	}
	for _, name := range []string{"uuidv7", "snowflake"} {
		l, _ := layouts.Builtin(name)
		for _, n := range []int{0, l.Bytes() - 1, l.Bytes() + 1, 200} {
			if _, err := conformance.ID(l, make([]byte, n)); !errors.Is(err, interp.ErrLength) {
				t.Errorf("ID(%s, %d bytes) = %v, want ErrLength", name, n, err)
			}
		}
	}
	if _, err := conformance.Bound(nil, time.Now()); !errors.Is(err, interp.ErrNoLayout) {
		t.Errorf("Bound(nil) = %v, want ErrNoLayout", err)
	}
	if rs := conformance.Bad(nil, make([]byte, 16)); rs != nil {
		t.Errorf("Bad(nil) = %d records, want none", len(rs))
	}
	if got := conformance.TextForm(nil); got != "base62" {
		t.Errorf("TextForm(nil) = %q, want base62", got)
	}
}

// TestDecimalError checks the rule of decimal text that the corpus's bad
// records of 64-bit layouts follow: what strconv.FormatInt writes, and
// nothing else.
func TestDecimalError(t *testing.T) {
	for _, tc := range []struct{ s, kind string }{
		{"0", ""}, {"7", ""}, {"175928847299117063", ""}, {"-1", ""},
		{"9223372036854775807", ""}, {"-9223372036854775808", ""},
		{"", "ErrLength"}, {"-", "ErrLength"}, {"12345678901234567890", "ErrLength"}, {"-12345678901234567890", "ErrLength"},
		{"00", "ErrSyntax"}, {"01", "ErrSyntax"}, {"-0", "ErrSyntax"}, {"-01", "ErrSyntax"}, {"+1", "ErrSyntax"},
		{" 1", "ErrSyntax"}, {"1 ", "ErrSyntax"}, {"1e3", "ErrSyntax"}, {"--1", "ErrSyntax"}, {"1\u0663", "ErrSyntax"},
		{"9223372036854775808", "ErrOverflow"}, {"-9223372036854775809", "ErrOverflow"}, {"9999999999999999999", "ErrOverflow"},
	} {
		if got := conformance.DecimalError(tc.s); got != tc.kind {
			t.Errorf("DecimalError(%q) = %q, want %q", tc.s, got, tc.kind)
		}
	}
	// A 64-bit layout's bad records include decimal text, each of the kind
	// the rule gives it, and negative inputs only where an ID can be
	// negative.
	for name, signed := range map[string]bool{"discord": true, "snowflake": false} {
		l, err := layouts.Builtin(name)
		if err != nil {
			t.Fatal(err)
		}
		n, negative := 0, false
		for _, r := range conformance.Bad(l, []byte{0x02, 0x71, 0x06, 0x5a, 0xc1, 0x02, 0x00, 0x07}) {
			if r.Form != "text" {
				continue
			}
			n++
			if want := conformance.DecimalError(r.Input); r.Error != want || want == "" {
				t.Errorf("%s: text %q is %s, want %s", name, r.Input, r.Error, want)
			}
			negative = negative || len(r.Input) > 2 && r.Input[0] == '-'
		}
		if n < 10 || negative != signed {
			t.Errorf("%s: %d bad decimal texts, negative ones %v; want 10 or more, negative ones %v", name, n, negative, signed)
		}
	}
}
