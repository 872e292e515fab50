package conformance_test

import (
	"errors"
	"fmt"
	"strings"
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
// records of 64-bit layouts follow: the unsigned number an ID's bits hold,
// as strconv.FormatUint writes it, and nothing else; up to 2^64-1 for a
// layout whose top bit is not a constant zero (Discord's), else up to
// 2^63-1.
func TestDecimalError(t *testing.T) {
	for _, tc := range []struct {
		s            string
		wide, narrow string // the kinds for a layout with no constant top bit and for one whose top bit is zero
	}{
		{"0", "", ""}, {"7", "", ""}, {"175928847299117063", "", ""}, {"9223372036854775807", "", ""},
		{"9223372036854775808", "", "ErrOverflow"}, {"9265532947660800000", "", "ErrOverflow"},
		{"18446744073709551615", "", "ErrLength"}, {"18446744073709551616", "ErrOverflow", "ErrLength"},
		{"99999999999999999999", "ErrOverflow", "ErrLength"}, {"123456789012345678901", "ErrLength", "ErrLength"},
		{"-1", "ErrSyntax", "ErrSyntax"}, {"-9223372036854775808", "ErrSyntax", "ErrLength"}, {"-922337203685477580", "ErrSyntax", "ErrSyntax"},
		{"", "ErrLength", "ErrLength"}, {"-", "ErrSyntax", "ErrSyntax"},
		{"00", "ErrSyntax", "ErrSyntax"}, {"01", "ErrSyntax", "ErrSyntax"}, {"-0", "ErrSyntax", "ErrSyntax"},
		{"-01", "ErrSyntax", "ErrSyntax"}, {"+1", "ErrSyntax", "ErrSyntax"}, {" 1", "ErrSyntax", "ErrSyntax"},
		{"1 ", "ErrSyntax", "ErrSyntax"}, {"1e3", "ErrSyntax", "ErrSyntax"}, {"--1", "ErrSyntax", "ErrSyntax"},
		{"1\u0663", "ErrSyntax", "ErrSyntax"},
		{"9999999999999999999", "", "ErrOverflow"}, {"-999999999999999999", "ErrSyntax", "ErrSyntax"},
	} {
		if got := conformance.DecimalError(tc.s, true); got != tc.wide {
			t.Errorf("DecimalError(%q, true) = %q, want %q", tc.s, got, tc.wide)
		}
		if got := conformance.DecimalError(tc.s, false); got != tc.narrow {
			t.Errorf("DecimalError(%q, false) = %q, want %q", tc.s, got, tc.narrow)
		}
	}
	// A 64-bit layout's bad records include decimal text, each of the kind
	// the rule gives it, negative text among them ("-1" and the ID's
	// digits after a '-' are ErrSyntax; 20 bytes where 19 are the most,
	// ErrLength).
	for name, signed := range map[string]bool{"discord": true, "snowflake": false} {
		l, err := layouts.Builtin(name)
		if err != nil {
			t.Fatal(err)
		}
		id := []byte{0x02, 0x71, 0x06, 0x5a, 0xc1, 0x02, 0x00, 0x07}
		n := 0
		negative := map[string]string{}
		for _, r := range conformance.Bad(l, id) {
			if r.Form != "text" {
				continue
			}
			n++
			if want := conformance.DecimalError(r.Input, signed); r.Error != want || want == "" {
				t.Errorf("%s: text %q is %s, want %s", name, r.Input, r.Error, want)
			}
			if strings.HasPrefix(r.Input, "-") {
				negative[r.Input] = r.Error
			}
		}
		if n < 10 {
			t.Errorf("%s: %d bad decimal texts, want 10 or more", name, n)
		}
		// Decimal text has no sign in any layout.
		want := map[string]string{"-1": "ErrSyntax", "-175928847299117063": "ErrSyntax", "-9223372036854775808": "ErrSyntax"}
		if !signed {
			want["-9223372036854775808"] = "ErrLength"
		}
		for s, kind := range want {
			if got, ok := negative[s]; kind != "" && (!ok || got != kind) || kind == "" && ok {
				t.Errorf("%s: bad text %q is %q (a record: %v), want %q", name, s, got, ok, kind)
			}
		}
	}
}
