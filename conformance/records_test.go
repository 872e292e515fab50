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
