package ksuid_test

import (
	"bytes"
	"database/sql"
	"database/sql/driver"
	"encoding"
	"encoding/hex"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	sksuid "github.com/segmentio/ksuid"

	"github.com/idforge/idforge/encodings"
	"github.com/idforge/idforge/internal/texttest"
	"github.com/idforge/idforge/ksuid"
)

// The interfaces the text API promises.
var (
	_ encoding.TextAppender      = ksuid.KSUID{}
	_ encoding.TextMarshaler     = ksuid.KSUID{}
	_ encoding.TextUnmarshaler   = (*ksuid.KSUID)(nil)
	_ encoding.BinaryAppender    = ksuid.KSUID{}
	_ encoding.BinaryMarshaler   = ksuid.KSUID{}
	_ encoding.BinaryUnmarshaler = (*ksuid.KSUID)(nil)
	_ json.Marshaler             = ksuid.KSUID{}
	_ json.Unmarshaler           = (*ksuid.KSUID)(nil)
	_ sql.Scanner                = (*ksuid.KSUID)(nil)
	_ driver.Valuer              = ksuid.KSUID{}
	_ sql.Scanner                = (*ksuid.NullKSUID)(nil)
	_ driver.Valuer              = ksuid.NullKSUID{}
	_ json.Marshaler             = ksuid.NullKSUID{}
	_ json.Unmarshaler           = (*ksuid.NullKSUID)(nil)
)

// Segment's README example and the two bounds.
const (
	exampleText = "0ujtsYcgvSTl8PAuAdqWYSMnLOv"
	exampleHex  = "0669f7efb5a1cd34b5f99d1154fb6853345c9735"
	maxText     = "aWgEPTl1tmebfsQzFP4bxwgy80V"
	nilText     = "000000000000000000000000000"
)

func TestTextVectors(t *testing.T) {
	raw, _ := hex.DecodeString(exampleHex)
	example := ksuid.KSUID(raw)
	cases := []struct {
		name string
		id   ksuid.KSUID
		text string
	}{
		{"example", example, exampleText},
		{"max", ksuid.Max(), maxText},
		{"nil", ksuid.Nil(), nilText},
	}
	for _, c := range cases {
		got, err := ksuid.Parse(c.text)
		if err != nil || got != c.id {
			t.Errorf("%s: Parse(%q) = %x, %v; want %x", c.name, c.text, got[:], err, c.id[:])
		}
		if s := c.id.String(); s != c.text {
			t.Errorf("%s: String() = %q, want %q", c.name, s, c.text)
		}
		if s := c.id.Base62(); s != c.text {
			t.Errorf("%s: Base62() = %q, want %q", c.name, s, c.text)
		}
	}
	if example.Timestamp() != 107608047 {
		t.Errorf("example timestamp = %d, want 107608047", example.Timestamp())
	}
	if s := example.Hex(); s != exampleHex {
		t.Errorf("Hex() = %q, want %q", s, exampleHex)
	}
	if got := ksuid.MustParse(exampleText); got != example {
		t.Errorf("MustParse = %x", got[:])
	}
}

// codec is the KSUID type seen by the shared text checks.
var codec = texttest.Codec[ksuid.KSUID]{
	Layouts:   []string{"ksuid"},
	Size:      20,
	FromBytes: ksuid.FromBytes,
	Bytes:     func(id ksuid.KSUID) []byte { return id[:] },
	Forms: append(texttest.Generic(ksuid.KSUID.Base62, ksuid.KSUID.Crockford, ksuid.KSUID.Hex, ksuid.ParseBase62, ksuid.ParseCrockford, ksuid.ParseHex),
		texttest.Form[ksuid.KSUID]{Name: "String", Encode: ksuid.KSUID.String, Parse: ksuid.Parse, Want: encodings.Base62.EncodeToString, Corpus: "text", Sorted: true}),
	Errs: map[string]error{"ErrLength": ksuid.ErrLength, "ErrSyntax": ksuid.ErrSyntax, "ErrOverflow": ksuid.ErrOverflow},
}

// The corpus's KSUIDs in every form, and its bad inputs.
func TestTextCorpus(t *testing.T) { texttest.Corpus(t, codec) }

// Every specialised codec writes what the generic codec of package
// encodings writes, and reads it back; segmentio/ksuid agrees on the
// canonical form.
func TestTextCodecsAgree(t *testing.T) {
	texttest.Codecs(t, codec, 2000, "ksuid")
	for _, id := range texttest.IDs(t, codec, 2000, "ksuid") {
		peer := sksuid.KSUID(id)
		if got, want := id.String(), peer.String(); got != want {
			t.Fatalf("String() = %q, segmentio/ksuid %q", got, want)
		}
		theirs, err := sksuid.Parse(id.String())
		if err != nil || ksuid.KSUID(theirs) != id {
			t.Fatalf("segmentio/ksuid reads %q as %x, %v", id.String(), theirs[:], err)
		}
	}
}

// The fixed-width forms sort as the bytes do.
func TestTextOrder(t *testing.T) { texttest.Order(t, codec, 300, "ksuid") }

func TestTextBadInput(t *testing.T) {
	example := ksuid.MustParse(exampleText)
	crock, hx := example.Crockford(), example.Hex()
	fromBytes := func(s string) (ksuid.KSUID, error) { return ksuid.FromBytes([]byte(s)) }
	texttest.BadInputs(t, codec, []texttest.Bad[ksuid.KSUID]{
		{"empty", ksuid.Parse, "", ksuid.ErrLength, 0},
		{"short", ksuid.Parse, exampleText[:26], ksuid.ErrLength, 0},
		{"trailing !", ksuid.Parse, exampleText + "!", ksuid.ErrLength, 0},
		{"trailing space", ksuid.Parse, exampleText + " ", ksuid.ErrLength, 0},
		{"! in place", ksuid.Parse, exampleText[:26] + "!", ksuid.ErrSyntax, 26},
		{"NUL", ksuid.Parse, "\x00" + exampleText[1:], ksuid.ErrSyntax, 0},
		{"space", ksuid.Parse, exampleText[:13] + " " + exampleText[14:], ksuid.ErrSyntax, 13},
		{"non-ASCII", ksuid.Parse, exampleText[:25] + "é", ksuid.ErrSyntax, 25},
		{"hyphen", ksuid.Parse, exampleText[:3] + "-" + exampleText[4:], ksuid.ErrSyntax, 3},
		{"max+1", ksuid.Parse, "aWgEPTl1tmebfsQzFP4bxwgy80W", ksuid.ErrOverflow, 0},
		{"all z", ksuid.Parse, strings.Repeat("z", 27), ksuid.ErrOverflow, 0},
		{"base62 max+1", ksuid.ParseBase62, "aWgEPTl1tmebfsQzFP4bxwgy80W", ksuid.ErrOverflow, 0},
		{"canonical uuid", ksuid.Parse, "017f22e2-79b0-7cc3-98c4-dc0c0c07398f", ksuid.ErrLength, 0},
		{"crockford short", ksuid.ParseCrockford, crock[:31], ksuid.ErrLength, 0},
		// I, L and O read as 1, 1 and 0 (Crockford's aliases); U is no digit.
		{"crockford U", ksuid.ParseCrockford, crock[:9] + "U" + crock[10:], ksuid.ErrSyntax, 9},
		{"hex short", ksuid.ParseHex, hx[:39], ksuid.ErrLength, 0},
		{"hex x", ksuid.ParseHex, "x" + hx[1:], ksuid.ErrSyntax, 0},
		{"binary empty", fromBytes, "", ksuid.ErrLength, 0},
		{"binary 16", fromBytes, strings.Repeat("x", 16), ksuid.ErrLength, 0},
		{"binary 21", fromBytes, strings.Repeat("x", 21), ksuid.ErrLength, 0},
	})
}

func TestTextMarshalling(t *testing.T) {
	for _, id := range texttest.IDs(t, codec, 50, "ksuid") {
		text, err := id.MarshalText()
		if err != nil || string(text) != id.String() {
			t.Fatalf("MarshalText = %q, %v", text, err)
		}
		var back ksuid.KSUID
		if err := back.UnmarshalText(text); err != nil || back != id {
			t.Fatalf("UnmarshalText(%q) = %x, %v", text, back[:], err)
		}
		bin, err := id.MarshalBinary()
		if err != nil || !bytes.Equal(bin, id[:]) {
			t.Fatalf("MarshalBinary = %x, %v", bin, err)
		}
		back = ksuid.Nil()
		if err := back.UnmarshalBinary(bin); err != nil || back != id {
			t.Fatalf("UnmarshalBinary = %x, %v", back[:], err)
		}
		if got, _ := id.AppendText([]byte("x")); string(got) != "x"+id.String() {
			t.Fatalf("AppendText = %q", got)
		}
		if got := id.AppendCrockford([]byte("x")); string(got) != "x"+id.Crockford() {
			t.Fatalf("AppendCrockford = %q", got)
		}
		if got := id.AppendHex([]byte("x")); string(got) != "x"+id.Hex() {
			t.Fatalf("AppendHex = %q", got)
		}
	}
	id := ksuid.MustParse(exampleText)
	if err := id.UnmarshalText([]byte(maxText[:26] + "W")); !errors.Is(err, ksuid.ErrOverflow) || id != ksuid.MustParse(exampleText) {
		t.Errorf("UnmarshalText(max+1) = %v, leaving %v", err, id)
	}
}

func TestTextJSON(t *testing.T) {
	type doc struct {
		ID  ksuid.KSUID     `json:"id"`
		Opt ksuid.NullKSUID `json:"opt"`
	}
	id := ksuid.MustParse(exampleText)
	data, err := json.Marshal(doc{ID: id, Opt: ksuid.NullKSUID{KSUID: ksuid.Max(), Valid: true}})
	if want := `{"id":"` + exampleText + `","opt":"` + maxText + `"}`; err != nil || string(data) != want {
		t.Fatalf("Marshal = %s, %v; want %s", data, err, want)
	}
	var out doc
	if err := json.Unmarshal(data, &out); err != nil || out.ID != id || !out.Opt.Valid || out.Opt.KSUID != ksuid.Max() {
		t.Fatalf("Unmarshal = %+v, %v", out, err)
	}
	out = doc{ID: id, Opt: ksuid.NullKSUID{KSUID: id, Valid: true}}
	if err := json.Unmarshal([]byte(`{"id":null,"opt":null}`), &out); err != nil || out.ID != id || out.Opt.Valid {
		t.Errorf("after null: %+v, %v", out, err)
	}
	for _, b := range []struct {
		in   string
		want error
	}{
		{`27`, ksuid.ErrType},
		{`false`, ksuid.ErrType},
		{`""`, ksuid.ErrLength},
		{`"` + exampleText + `!"`, ksuid.ErrLength},
		{`"` + exampleText[:26] + `!"`, ksuid.ErrSyntax},
	} {
		got := id
		if err := got.UnmarshalJSON([]byte(b.in)); !errors.Is(err, b.want) || got != id {
			t.Errorf("UnmarshalJSON(%s) = %v, leaving %v; want %v", b.in, err, got, b.want)
		}
	}
}

func TestTextSQL(t *testing.T) {
	id := ksuid.MustParse(exampleText)
	if v, err := id.Value(); v != exampleText || err != nil {
		t.Fatalf("Value = %v, %v", v, err)
	}
	for _, src := range []any{exampleText, []byte(exampleText), id[:]} {
		var got ksuid.KSUID
		if err := got.Scan(src); err != nil || got != id {
			t.Errorf("Scan(%v) = %v, %v", src, got, err)
		}
	}
	for _, b := range []struct {
		src  any
		want error
	}{
		{nil, ksuid.ErrNull},
		{"", ksuid.ErrLength},
		{42, ksuid.ErrType},
		{int64(42), ksuid.ErrType},
		{id[:16], ksuid.ErrLength},
		{exampleText + "!", ksuid.ErrLength},
	} {
		got := id
		if err := got.Scan(b.src); !errors.Is(err, b.want) || got != id {
			t.Errorf("Scan(%#v) = %v, leaving %v; want %v", b.src, err, got, b.want)
		}
	}
	var n ksuid.NullKSUID
	if err := n.Scan(exampleText); err != nil || !n.Valid || n.KSUID != id {
		t.Errorf("NullKSUID.Scan = %+v, %v", n, err)
	}
	if err := n.Scan(nil); err != nil || n.Valid || n.KSUID != ksuid.Nil() {
		t.Errorf("NullKSUID.Scan(nil) = %+v, %v", n, err)
	}
	if v, err := n.Value(); v != nil || err != nil {
		t.Errorf("invalid NullKSUID.Value = %v, %v", v, err)
	}
}

func TestTextAllocs(t *testing.T) {
	id := ksuid.MustParse(exampleText)
	s, crock, hx := id.String(), id.Crockford(), id.Hex()
	buf := make([]byte, 0, 64)
	var sink ksuid.KSUID
	var textSrc, bytesSrc any = s, id[:]
	textBytes := []byte(s)
	cases := []struct {
		name string
		want float64
		f    func()
	}{
		{"AppendText", 0, func() { buf, _ = id.AppendText(buf[:0]) }},
		{"AppendBase62", 0, func() { buf = id.AppendBase62(buf[:0]) }},
		{"AppendCrockford", 0, func() { buf = id.AppendCrockford(buf[:0]) }},
		{"AppendHex", 0, func() { buf = id.AppendHex(buf[:0]) }},
		{"Parse", 0, func() { sink, _ = ksuid.Parse(s) }},
		{"ParseCrockford", 0, func() { sink, _ = ksuid.ParseCrockford(crock) }},
		{"ParseHex", 0, func() { sink, _ = ksuid.ParseHex(hx) }},
		{"FromBytes", 0, func() { sink, _ = ksuid.FromBytes(id[:]) }},
		{"Scan string", 0, func() { _ = sink.Scan(textSrc) }},
		{"Scan bytes", 0, func() { _ = sink.Scan(bytesSrc) }},
		{"UnmarshalText", 0, func() { _ = sink.UnmarshalText(textBytes) }},
		{"String", 1, func() { sinkString = id.String() }},
		{"Crockford", 1, func() { sinkString = id.Crockford() }},
	}
	for _, c := range cases {
		if got := testing.AllocsPerRun(100, c.f); got != c.want {
			t.Errorf("%s: %v allocations, want %v", c.name, got, c.want)
		}
	}
}

var fuzzSeeds = []string{
	"", "0", "\x00", " ", "é", "\xff", exampleText, maxText, nilText,
	exampleText + "!", exampleText[:26] + "!", " " + exampleText, exampleText[:26],
	"aWgEPTl1tmebfsQzFP4bxwgy80W", strings.Repeat("z", 27), strings.Repeat("Z", 32), strings.Repeat("z", 32),
	"0ujtsYcgvSTl8PAuAdqWYSMnLOI", strings.Repeat("f", 40), strings.Repeat("G", 40),
}

// FuzzParse checks Parse against the generic Base62 codec and
// segmentio/ksuid: it never panics, rejects what the generic codec rejects,
// at the same place, and what it accepts re-encodes to the input.
func FuzzParse(f *testing.F) {
	texttest.FuzzForm(f, codec, fuzzSeeds, ksuid.Parse, ksuid.KSUID.String, encodings.Base62, false, func(t *testing.T, s string, id ksuid.KSUID, err error) {
		if err == nil {
			if theirs, err := sksuid.Parse(s); err != nil || ksuid.KSUID(theirs) != id {
				t.Fatalf("parse(%q) = %x; segmentio/ksuid %x, %v", s, id[:], theirs[:], err)
			}
		}
	})
}

func FuzzParseCrockford(f *testing.F) {
	texttest.FuzzForm(f, codec, fuzzSeeds, ksuid.ParseCrockford, ksuid.KSUID.Crockford, encodings.Crockford, true, nil)
}

func FuzzParseHex(f *testing.F) {
	texttest.FuzzForm(f, codec, fuzzSeeds, ksuid.ParseHex, ksuid.KSUID.Hex, encodings.Hex, true, nil)
}

// FuzzTextRoundTrip writes arbitrary KSUIDs in every form and reads them
// back.
func FuzzTextRoundTrip(f *testing.F) {
	f.Add(make([]byte, 20))
	f.Add(bytes.Repeat([]byte{0xff}, 20))
	f.Add([]byte("0123456789abcdefghij"))
	f.Fuzz(func(t *testing.T, b []byte) {
		if len(b) < 20 {
			return
		}
		id := ksuid.KSUID(b[:20])
		for _, f := range []struct {
			text  string
			parse func(string) (ksuid.KSUID, error)
		}{
			{id.String(), ksuid.Parse}, {id.Base62(), ksuid.ParseBase62},
			{id.Crockford(), ksuid.ParseCrockford}, {id.Hex(), ksuid.ParseHex},
		} {
			if back, err := f.parse(f.text); err != nil || back != id {
				t.Fatalf("%x: %q reads back as %x, %v", b[:20], f.text, back[:], err)
			}
		}
		if got, want := id.String(), sksuid.KSUID(id).String(); got != want {
			t.Fatalf("String = %q, segmentio/ksuid %q", got, want)
		}
	})
}
