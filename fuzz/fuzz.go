// Package fuzz checks the properties every ID layout must have, for
// idforge's built-in layouts and for the ones users write. Call it from
// native Go fuzz targets:
//
//	func FuzzOrderID(f *testing.F) {
//		l, err := layouts.Parse("orderid.layout", spec)
//		if err != nil {
//			f.Fatal(err)
//		}
//		fuzz.Generated(f, l, fuzz.Codec[orderid.ID, orderid.Fields]{
//			Pack:   orderid.Pack,
//			Fields: orderid.ID.Fields,
//			Bytes:  func(id orderid.ID) []byte { return id[:] },
//			Texts:  []fuzz.Text[orderid.ID]{{Name: "base62", Encode: orderid.ID.Base62, Parse: orderid.ParseBase62, Sorted: true}},
//			Valid:  orderid.ID.Valid,
//		})
//	}
//
// and run `go test -fuzz=FuzzOrderID`. The checks draw field values from
// the fuzzer's input and hold the code to the interpreter, the slow and
// plainly correct reference.
package fuzz

import (
	"bytes"
	"errors"
	"math/big"
	"strings"
	"testing"

	"github.com/idforge/idforge/encodings"
	"github.com/idforge/idforge/interp"
	"github.com/idforge/idforge/layouts"
)

// Layout adds seeds and runs Check on every input: the layout's own
// properties, through the interpreter and the generic encodings.
func Layout(f *testing.F, l *layouts.Layout) {
	f.Helper()
	needLayout(f, l)
	seed(f, l)
	f.Fuzz(func(t *testing.T, data []byte) { Check(t, l, data) })
}

// needLayout fails tb at once for a nil layout, which is no layout to
// check: each check of this package starts with it.
func needLayout(tb testing.TB, l *layouts.Layout) {
	tb.Helper()
	if l == nil {
		tb.Fatal("fuzz: no layout to check (a nil *layouts.Layout)")
	}
}

// seed adds inputs that give all-zero and all-one fields.
func seed(f *testing.F, l *layouts.Layout) {
	f.Add([]byte{})
	f.Add(bytes.Repeat([]byte{0xff}, 2*l.Bytes()))
	f.Add(bytes.Repeat([]byte{0x55}, 2*l.Bytes()))
}

// Check checks a layout's properties for field values drawn from data:
//
//   - packing values that fit their fields and unpacking the bytes gives the
//     values back, with the constant bits in place;
//   - a value one bit too wide for its field is refused, not truncated;
//   - Base62, Crockford and hex round-trip, and re-encoding what decodes gives
//     the same text (up to case where case does not matter);
//   - IDs compare as each encoding's text as they compare as bytes, and for a
//     time-sortable layout an earlier time gives a smaller ID.
func Check(t *testing.T, l *layouts.Layout, data []byte) {
	t.Helper()
	needLayout(t, l)
	in := NewBits(data)
	va, vb := in.Values(l), in.Values(l)
	a := packOK(t, l, va)
	b := packOK(t, l, vb)

	// Too wide: each field, one bit past its width.
	for _, f := range l.Fields {
		wide := copyValues(va)
		wide[f.Name] = new(big.Int).Lsh(big.NewInt(1), uint(f.Width))
		if _, err := interp.Pack(l, wide); !errors.Is(err, interp.ErrRange) {
			t.Fatalf("%s: a %d-bit value for %d-bit field %s was not refused: %v", l.Name, f.Width+1, f.Width, f.Name, err)
		}
	}

	for _, id := range [][]byte{a, b} {
		checkEncodings(t, l, id)
	}
	checkOrder(t, l, a, b)
	checkDecodeJunk(t, l, string(data))
}

func copyValues(v interp.Values) interp.Values {
	c := interp.Values{}
	for k, x := range v {
		c[k] = new(big.Int).Set(x)
	}
	return c
}

// packOK packs values, unpacks the bytes and checks the round trip.
func packOK(t *testing.T, l *layouts.Layout, v interp.Values) []byte {
	t.Helper()
	id, err := interp.Pack(l, v)
	if err != nil {
		t.Fatalf("%s: Pack(%v): %v", l.Name, v, err)
	}
	if len(id) != l.Bytes() {
		t.Fatalf("%s: Pack gave %d bytes, want %d", l.Name, len(id), l.Bytes())
	}
	back, err := interp.Unpack(l, id)
	if err != nil {
		t.Fatalf("%s: Unpack(%X): %v (are the constants in place?)", l.Name, id, err)
	}
	if !equal(back, v) {
		t.Fatalf("%s: Unpack(Pack(%v)) = %v", l.Name, v, back)
	}
	return id
}

// codec is a generic encoding with whether its decoding ignores case.
type codec struct {
	name string
	enc  interface {
		EncodeToString([]byte) string
		DecodeString(string) ([]byte, error)
	}
	foldCase bool
}

var codecs = []codec{
	{"base62", encodings.Base62, false},
	{"crockford", encodings.Crockford, true},
	{"hex", encodings.Hex, true},
}

func checkEncodings(t *testing.T, l *layouts.Layout, id []byte) {
	t.Helper()
	for _, c := range codecs {
		s := c.enc.EncodeToString(id)
		back, err := c.enc.DecodeString(s)
		if err != nil || !bytes.Equal(back, id) {
			t.Fatalf("%s: %s of %X = %q decodes to %X, %v", l.Name, c.name, id, s, back, err)
		}
		if c.foldCase {
			if back, err := c.enc.DecodeString(strings.ToLower(s)); err != nil || !bytes.Equal(back, id) {
				t.Fatalf("%s: %s: lower-case %q decodes to %X, %v", l.Name, c.name, s, back, err)
			}
		}
	}
}

// checkDecodeJunk decodes arbitrary text: it never panics, and what decodes
// re-encodes to its canonical text (encodings.Encoding.Canonical): itself,
// up to case, with Crockford's aliases (I, L, O) as their digits.
func checkDecodeJunk(t *testing.T, l *layouts.Layout, s string) {
	t.Helper()
	for _, c := range codecs {
		b, err := c.enc.DecodeString(s)
		if err != nil {
			continue
		}
		e, _ := encodings.Lookup(c.name)
		if again := c.enc.EncodeToString(b); again != e.Canonical(s) {
			t.Fatalf("%s: %s decoded %q, which re-encodes as %q, not %q", l.Name, c.name, s, again, e.Canonical(s))
		}
	}
}

// checkOrder checks that text order follows byte order and, for a
// time-sortable layout, that byte order follows the time.
func checkOrder(t *testing.T, l *layouts.Layout, a, b []byte) {
	t.Helper()
	want := bytes.Compare(a, b)
	for _, c := range codecs {
		if got := strings.Compare(c.enc.EncodeToString(a), c.enc.EncodeToString(b)); got != want {
			t.Fatalf("%s: %s text compares %d, bytes %d: %X vs %X", l.Name, c.name, got, want, a, b)
		}
	}
	if !l.TimeSortable() {
		return
	}
	ta, _ := interp.Role(l, a, layouts.Time)
	tb, _ := interp.Role(l, b, layouts.Time)
	if c := ta.Cmp(tb); c != 0 && c != want {
		t.Fatalf("%s is time-sortable, but time %v vs %v compares %d and the IDs %d", l.Name, ta, tb, c, want)
	}
}
