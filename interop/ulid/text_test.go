package ulid_test

import (
	"bytes"
	"database/sql"
	"database/sql/driver"
	"encoding"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	oulid "github.com/oklog/ulid/v2"

	"github.com/idforge/idforge/encodings"
	"github.com/idforge/idforge/internal/texttest"
	"github.com/idforge/idforge/ulid"
)

// The interfaces the text API promises.
var (
	_ encoding.TextAppender      = ulid.ULID{}
	_ encoding.TextMarshaler     = ulid.ULID{}
	_ encoding.TextUnmarshaler   = (*ulid.ULID)(nil)
	_ encoding.BinaryAppender    = ulid.ULID{}
	_ encoding.BinaryMarshaler   = ulid.ULID{}
	_ encoding.BinaryUnmarshaler = (*ulid.ULID)(nil)
	_ json.Marshaler             = ulid.ULID{}
	_ json.Unmarshaler           = (*ulid.ULID)(nil)
	_ sql.Scanner                = (*ulid.ULID)(nil)
	_ driver.Valuer              = ulid.ULID{}
	_ sql.Scanner                = (*ulid.NullULID)(nil)
	_ driver.Valuer              = ulid.NullULID{}
	_ json.Marshaler             = ulid.NullULID{}
	_ json.Unmarshaler           = (*ulid.NullULID)(nil)
)

const (
	// specText is the ULID spec's example time, 1469918176385 ms, with zero
	// entropy.
	specText = "01ARYZ6S410000000000000000"
	maxText  = "7ZZZZZZZZZZZZZZZZZZZZZZZZZ"
	nilText  = "00000000000000000000000000"
)

func TestTextVectors(t *testing.T) {
	spec, err := ulid.Parse(specText)
	if err != nil {
		t.Fatal(err)
	}
	if ms := spec.Time().UnixMilli(); ms != 1469918176385 {
		t.Errorf("%s holds %d ms, want 1469918176385", specText, ms)
	}
	for _, b := range spec[6:] {
		if b != 0 {
			t.Fatalf("%s has entropy %x, want zero", specText, spec[6:])
		}
	}
	for _, c := range []struct {
		id   ulid.ULID
		text string
	}{{spec, specText}, {ulid.Max(), maxText}, {ulid.Nil(), nilText}} {
		if s := c.id.String(); s != c.text {
			t.Errorf("String() = %q, want %q", s, c.text)
		}
		for _, s := range []string{c.text, strings.ToLower(c.text)} {
			if got, err := ulid.Parse(s); err != nil || got != c.id {
				t.Errorf("Parse(%q) = %x, %v", s, got[:], err)
			}
		}
		if got := ulid.MustParse(c.text); got != c.id {
			t.Errorf("MustParse(%q) = %x", c.text, got[:])
		}
	}
}

// codec is the ULID type seen by the shared text checks. The corpus's text
// is Crockford, the form ulid.layout declares, which String writes.
var codec = texttest.Codec[ulid.ULID]{
	Layouts:   []string{"ulid"},
	Size:      16,
	FromBytes: ulid.FromBytes,
	Bytes:     func(id ulid.ULID) []byte { return id[:] },
	Forms: append(texttest.Generic(ulid.ULID.Base62, ulid.ULID.Crockford, ulid.ULID.Hex, ulid.ParseBase62, ulid.ParseCrockford, ulid.ParseHex),
		texttest.Form[ulid.ULID]{Name: "String", Encode: ulid.ULID.String, Parse: ulid.Parse, Want: encodings.Crockford.EncodeToString, Corpus: "text", Sorted: true, FoldCase: true}),
	Errs: map[string]error{"ErrLength": ulid.ErrLength, "ErrSyntax": ulid.ErrSyntax, "ErrOverflow": ulid.ErrOverflow},
}

// The corpus's ULIDs in every form, and its bad inputs.
func TestTextCorpus(t *testing.T) { texttest.Corpus(t, codec) }

// Every specialised codec writes what the generic codec of package
// encodings writes, and reads it back; oklog/ulid agrees on the canonical
// form.
func TestTextCodecsAgree(t *testing.T) {
	texttest.Codecs(t, codec, 2000, "ulid")
	for _, id := range texttest.IDs(t, codec, 2000, "ulid") {
		if got, want := id.String(), oulid.ULID(id).String(); got != want {
			t.Fatalf("String() = %q, oklog/ulid %q", got, want)
		}
		for _, s := range []string{id.String(), strings.ToLower(id.String())} {
			theirs, err := oulid.ParseStrict(s)
			if ours, oerr := ulid.Parse(s); err != nil || oerr != nil || ours != ulid.ULID(theirs) {
				t.Fatalf("Parse(%q) = %x, %v; oklog/ulid %x, %v", s, ours[:], oerr, theirs[:], err)
			}
		}
	}
}

// The fixed-width forms sort as the bytes do.
func TestTextOrder(t *testing.T) { texttest.Order(t, codec, 300, "ulid") }

func TestTextBadInput(t *testing.T) {
	spec := ulid.MustParse(specText)
	b62, hx := spec.Base62(), spec.Hex()
	fromBytes := func(s string) (ulid.ULID, error) { return ulid.FromBytes([]byte(s)) }
	texttest.BadInputs(t, codec, []texttest.Bad[ulid.ULID]{
		{"empty", ulid.Parse, "", ulid.ErrLength, 0},
		{"short", ulid.Parse, specText[:25], ulid.ErrLength, 0},
		{"long", ulid.Parse, specText + "0", ulid.ErrLength, 0},
		{"whitespace", ulid.Parse, specText[:25] + "\t", ulid.ErrSyntax, 25},
		{"NUL", ulid.Parse, "\x00" + specText[1:], ulid.ErrSyntax, 0},
		{"non-ASCII", ulid.Parse, specText[:24] + "é", ulid.ErrSyntax, 24},
		// I, L and O read as 1, 1 and 0 (Crockford's aliases, TestAliases); U is no digit.
		{"U", ulid.Parse, specText[:10] + "u" + specText[11:], ulid.ErrSyntax, 10},
		{"hyphen", ulid.Parse, specText[:10] + "-" + specText[11:], ulid.ErrSyntax, 10},
		{"first above 7", ulid.Parse, "8" + maxText[1:], ulid.ErrOverflow, 0},
		{"max+1", ulid.Parse, "80000000000000000000000000", ulid.ErrOverflow, 0},
		{"all Z", ulid.Parse, strings.Repeat("Z", 26), ulid.ErrOverflow, 0},
		{"bad beats overflow", ulid.Parse, "8" + specText[1:25] + "U", ulid.ErrSyntax, 25},
		{"base62 max+1", ulid.ParseBase62, "7n42DGM5Tflk9n8mt7Fhc8", ulid.ErrOverflow, 0},
		{"base62 short", ulid.ParseBase62, b62[:21], ulid.ErrLength, 0},
		{"base62 *", ulid.ParseBase62, "*" + b62[1:], ulid.ErrSyntax, 0},
		{"hex odd", ulid.ParseHex, hx[:31], ulid.ErrLength, 0},
		{"hex z", ulid.ParseHex, hx[:30] + "z0", ulid.ErrSyntax, 30},
		{"binary 15", fromBytes, strings.Repeat("x", 15), ulid.ErrLength, 0},
	})
}

func TestTextMarshalling(t *testing.T) {
	for _, id := range texttest.IDs(t, codec, 50, "ulid") {
		text, err := id.MarshalText()
		if err != nil || string(text) != id.String() {
			t.Fatalf("MarshalText = %q, %v", text, err)
		}
		var back ulid.ULID
		if err := back.UnmarshalText(bytes.ToLower(text)); err != nil || back != id {
			t.Fatalf("UnmarshalText(%q) = %x, %v", text, back[:], err)
		}
		bin, _ := id.MarshalBinary()
		back = ulid.Nil()
		if err := back.UnmarshalBinary(bin); err != nil || back != id || !bytes.Equal(bin, id[:]) {
			t.Fatalf("binary round trip: %x, %v", back[:], err)
		}
		// oklog/ulid reads our text and binary forms.
		var peer oulid.ULID
		if err := peer.UnmarshalText(text); err != nil || ulid.ULID(peer) != id {
			t.Fatalf("oklog/ulid UnmarshalText(%q) = %x, %v", text, peer[:], err)
		}
	}
}

func TestTextJSON(t *testing.T) {
	type doc struct {
		ID  ulid.ULID     `json:"id"`
		Opt ulid.NullULID `json:"opt"`
	}
	id := ulid.MustParse(specText)
	data, err := json.Marshal(doc{ID: id})
	if want := `{"id":"` + specText + `","opt":null}`; err != nil || string(data) != want {
		t.Fatalf("Marshal = %s, %v; want %s", data, err, want)
	}
	var out doc
	if err := json.Unmarshal([]byte(`{"id":"`+strings.ToLower(specText)+`","opt":"`+maxText+`"}`), &out); err != nil ||
		out.ID != id || !out.Opt.Valid || out.Opt.ULID != ulid.Max() {
		t.Fatalf("Unmarshal = %+v, %v", out, err)
	}
	for _, b := range []struct {
		in   string
		want error
	}{
		{`1469918176385`, ulid.ErrType},
		{`null`, nil},
		{`""`, ulid.ErrLength},
		{`"` + specText[:25] + `U"`, ulid.ErrSyntax}, // I, L and O read as 1, 1 and 0; U is no digit
		{`"8` + specText[1:] + `"`, ulid.ErrOverflow},
	} {
		got := id
		if err := got.UnmarshalJSON([]byte(b.in)); !errors.Is(err, b.want) || got != id {
			t.Errorf("UnmarshalJSON(%s) = %v, leaving %v; want %v", b.in, err, got, b.want)
		}
	}
}

func TestTextSQL(t *testing.T) {
	id := ulid.MustParse(specText)
	if v, err := id.Value(); v != specText || err != nil {
		t.Fatalf("Value = %v, %v", v, err)
	}
	for _, src := range []any{specText, strings.ToLower(specText), []byte(specText), id[:]} {
		var got ulid.ULID
		if err := got.Scan(src); err != nil || got != id {
			t.Errorf("Scan(%v) = %v, %v", src, got, err)
		}
	}
	for _, b := range []struct {
		src  any
		want error
	}{
		{nil, ulid.ErrNull},
		{"", ulid.ErrLength},
		{42, ulid.ErrType},
		{id.Hex(), ulid.ErrLength},
		{"8" + specText[1:], ulid.ErrOverflow},
	} {
		got := id
		if err := got.Scan(b.src); !errors.Is(err, b.want) || got != id {
			t.Errorf("Scan(%#v) = %v, leaving %v; want %v", b.src, err, got, b.want)
		}
	}
	var n ulid.NullULID
	if err := n.Scan(specText); err != nil || !n.Valid || n.ULID != id {
		t.Errorf("NullULID.Scan = %+v, %v", n, err)
	}
	if v, err := n.Value(); v != specText || err != nil {
		t.Errorf("NullULID.Value = %v, %v", v, err)
	}
	if err := n.Scan(nil); err != nil || n.Valid {
		t.Errorf("NullULID.Scan(nil) = %+v, %v", n, err)
	}
}

func TestTextAllocs(t *testing.T) {
	id := ulid.MustParse(specText)
	s, b62 := id.String(), id.Base62()
	buf := make([]byte, 0, 64)
	var sink ulid.ULID
	var textSrc any = s
	textBytes := []byte(s)
	cases := []struct {
		name string
		want float64
		f    func()
	}{
		{"AppendText", 0, func() { buf, _ = id.AppendText(buf[:0]) }},
		{"AppendCrockford", 0, func() { buf = id.AppendCrockford(buf[:0]) }},
		{"AppendBase62", 0, func() { buf = id.AppendBase62(buf[:0]) }},
		{"Parse", 0, func() { sink, _ = ulid.Parse(s) }},
		{"ParseBase62", 0, func() { sink, _ = ulid.ParseBase62(b62) }},
		{"FromBytes", 0, func() { sink, _ = ulid.FromBytes(id[:]) }},
		{"Scan", 0, func() { _ = sink.Scan(textSrc) }},
		{"UnmarshalText", 0, func() { _ = sink.UnmarshalText(textBytes) }},
		{"String", 1, func() { sinkString = id.String() }},
	}
	for _, c := range cases {
		if got := testing.AllocsPerRun(100, c.f); got != c.want {
			t.Errorf("%s: %v allocations, want %v", c.name, got, c.want)
		}
	}
}

var fuzzSeeds = []string{
	"", "0", "\x00", " ", "é", "\xff", specText, strings.ToLower(specText), maxText, nilText,
	"8" + maxText[1:], "80000000000000000000000000", strings.Repeat("Z", 26), "01ARYZ6S41IIIIIIIIIIIIIIII",
	"01ARYZ6S41LLLLLLLLLLLLLLLL", "01ARYZ6S41OOOOOOOOOOOOOOOO", "01ARYZ6S41UUUUUUUUUUUUUUUU",
	" " + specText, specText + "\n", specText[:25], "7n42DGM5Tflk9n8mt7Fhc7", "7n42DGM5Tflk9n8mt7Fhc8",
	strings.Repeat("f", 32),
}

// FuzzParse checks Parse against oklog/ulid's ParseStrict and the generic
// Crockford codec: it never panics, accepts exactly what ParseStrict
// accepts, as the same ULID, once Crockford's aliases (I and L for 1, O for
// 0, which Parse reads and ParseStrict refuses) are written as their
// digits, and what it accepts re-encodes to that canonical text up to case.
func FuzzParse(f *testing.F) {
	texttest.FuzzForm(f, codec, fuzzSeeds, ulid.Parse, ulid.ULID.String, encodings.Crockford, true, func(t *testing.T, s string, id ulid.ULID, err error) {
		theirs, terr := oulid.ParseStrict(encodings.Crockford.Canonical(s))
		if (err == nil) != (terr == nil) {
			t.Fatalf("Parse(%q) = %v; oklog/ulid %v", s, err, terr)
		}
		if err == nil && ulid.ULID(theirs) != id {
			t.Fatalf("Parse(%q) = %x (%s); oklog/ulid %x", s, id[:], id, theirs[:])
		}
	})
}

func FuzzParseBase62(f *testing.F) {
	texttest.FuzzForm(f, codec, fuzzSeeds, ulid.ParseBase62, ulid.ULID.Base62, encodings.Base62, false, nil)
}

func FuzzParseHex(f *testing.F) {
	texttest.FuzzForm(f, codec, fuzzSeeds, ulid.ParseHex, ulid.ULID.Hex, encodings.Hex, true, nil)
}

// FuzzTextRoundTrip writes arbitrary ULIDs in every form and reads them
// back.
func FuzzTextRoundTrip(f *testing.F) {
	f.Add(make([]byte, 16))
	f.Add(bytes.Repeat([]byte{0xff}, 16))
	f.Fuzz(func(t *testing.T, b []byte) {
		if len(b) < 16 {
			return
		}
		id := ulid.ULID(b[:16])
		for _, f := range []struct {
			text  string
			parse func(string) (ulid.ULID, error)
		}{
			{id.String(), ulid.Parse}, {strings.ToLower(id.String()), ulid.Parse},
			{id.Base62(), ulid.ParseBase62}, {id.Hex(), ulid.ParseHex},
		} {
			if back, err := f.parse(f.text); err != nil || back != id {
				t.Fatalf("%x: %q reads back as %x, %v", b[:16], f.text, back[:], err)
			}
		}
		if got, want := id.String(), oulid.ULID(id).String(); got != want {
			t.Fatalf("String = %q, oklog/ulid %q", got, want)
		}
	})
}

// Parse reads Crockford's aliases, I and L as 1 and O as 0, in either case,
// as the ULID it reads the digits as; String writes that ULID canonical, and
// oklog/ulid's ParseStrict, which refuses the aliases, reads the canonical
// text as the same ULID.
func TestAliases(t *testing.T) {
	for in, canonical := range map[string]string{
		specText[:10] + "IiLlOo0000000000":                  specText[:10] + "1111000000000000",
		strings.ToLower(specText[:10]) + "oooooooooooooooo": specText,
	} {
		id, err := ulid.Parse(in)
		if err != nil || id.String() != canonical {
			t.Errorf("Parse(%q) = %v, %v; want %s", in, id, err, canonical)
		}
		if theirs, err := oulid.ParseStrict(canonical); err != nil || ulid.ULID(theirs) != id {
			t.Errorf("oklog/ulid ParseStrict(%q) = %v, %v; want %v", canonical, theirs, err, id)
		}
	}
}
