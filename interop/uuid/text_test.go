package uuid_test

import (
	"bytes"
	"database/sql"
	"database/sql/driver"
	"encoding"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"

	guuid "github.com/google/uuid"

	"github.com/idforge/idforge/encodings"
	"github.com/idforge/idforge/internal/texttest"
	"github.com/idforge/idforge/uuid"
)

// The interfaces the text API promises.
var (
	_ encoding.TextAppender      = uuid.UUID{}
	_ encoding.TextMarshaler     = uuid.UUID{}
	_ encoding.TextUnmarshaler   = (*uuid.UUID)(nil)
	_ encoding.BinaryAppender    = uuid.UUID{}
	_ encoding.BinaryMarshaler   = uuid.UUID{}
	_ encoding.BinaryUnmarshaler = (*uuid.UUID)(nil)
	_ json.Marshaler             = uuid.UUID{}
	_ json.Unmarshaler           = (*uuid.UUID)(nil)
	_ sql.Scanner                = (*uuid.UUID)(nil)
	_ driver.Valuer              = uuid.UUID{}
	_ sql.Scanner                = (*uuid.NullUUID)(nil)
	_ driver.Valuer              = uuid.NullUUID{}
	_ json.Marshaler             = uuid.NullUUID{}
	_ json.Unmarshaler           = (*uuid.NullUUID)(nil)
)

// textVectors are published UUIDs (RFC 9562 appendices A and B, the
// namespaces of RFC 9562 section 6.6) and the two bounds, in canonical form.
var textVectors = []struct{ name, text string }{
	{"v1", "c232ab00-9414-11ec-b3c8-9f6bdeced846"},
	{"v3", "5df41881-3aed-3515-88a7-2f4a814cf09e"},
	{"v4", "919108f7-52d1-4320-9bac-f847db4148a8"},
	{"v5", "2ed6657d-e927-568b-95e1-2665a8aea6a2"},
	{"v6", "1ec9414c-232a-6b00-b3c8-9f6bdeced846"},
	{"v7", "017f22e2-79b0-7cc3-98c4-dc0c0c07398f"},
	{"v8", "2489e9ad-2ee2-8e00-8ec9-32d5f69181c0"},
	{"dns", "6ba7b810-9dad-11d1-80b4-00c04fd430c8"},
	{"url", "6ba7b811-9dad-11d1-80b4-00c04fd430c8"},
	{"oid", "6ba7b812-9dad-11d1-80b4-00c04fd430c8"},
	{"x500", "6ba7b814-9dad-11d1-80b4-00c04fd430c8"},
	{"nil", "00000000-0000-0000-0000-000000000000"},
	{"max", "ffffffff-ffff-ffff-ffff-ffffffffffff"},
}

// vectorBytes returns the bytes a canonical vector spells.
func vectorBytes(t *testing.T, text string) uuid.UUID {
	t.Helper()
	b, err := hex.DecodeString(strings.ReplaceAll(text, "-", ""))
	if err != nil || len(b) != 16 {
		t.Fatalf("bad vector %q", text)
	}
	return uuid.UUID(b)
}

func TestTextVectors(t *testing.T) {
	for _, v := range textVectors {
		t.Run(v.name, func(t *testing.T) {
			want := vectorBytes(t, v.text)
			plain := strings.ReplaceAll(v.text, "-", "")
			forms := []string{
				v.text, strings.ToUpper(v.text), plain, strings.ToUpper(plain),
				"{" + v.text + "}", "{" + strings.ToUpper(v.text) + "}",
				"urn:uuid:" + v.text, "URN:UUID:" + strings.ToUpper(v.text), "Urn:Uuid:" + v.text,
			}
			for _, s := range forms {
				got, err := uuid.Parse(s)
				if err != nil || got != want {
					t.Errorf("Parse(%q) = %v, %v; want %v", s, got, err, want)
				}
			}
			if got := want.String(); got != v.text {
				t.Errorf("String() = %q, want %q", got, v.text)
			}
			if got := want.URN(); got != "urn:uuid:"+v.text {
				t.Errorf("URN() = %q", got)
			}
			if got := want.Hex(); got != plain {
				t.Errorf("Hex() = %q, want %q", got, plain)
			}
			if got := uuid.MustParse(v.text); got != want {
				t.Errorf("MustParse = %v", got)
			}
		})
	}
}

// The sortable forms of the bounds, and of the v7 vector, worked out with
// the generic codecs of package encodings.
func TestTextBounds(t *testing.T) {
	cases := []struct {
		id                     uuid.UUID
		base62, crockford, hex string
	}{
		{uuid.Nil(), "0000000000000000000000", "00000000000000000000000000", "00000000000000000000000000000000"},
		{uuid.Max(), "7n42DGM5Tflk9n8mt7Fhc7", "7ZZZZZZZZZZZZZZZZZZZZZZZZZ", "ffffffffffffffffffffffffffffffff"},
	}
	for _, c := range cases {
		if got := c.id.Base62(); got != c.base62 {
			t.Errorf("%v.Base62() = %q, want %q", c.id, got, c.base62)
		}
		if got := c.id.Crockford(); got != c.crockford {
			t.Errorf("%v.Crockford() = %q, want %q", c.id, got, c.crockford)
		}
		if got := c.id.Hex(); got != c.hex {
			t.Errorf("%v.Hex() = %q, want %q", c.id, got, c.hex)
		}
	}
}

// codec is the UUID type seen by the shared text checks.
var codec = texttest.Codec[uuid.UUID]{
	Layouts:   []string{"uuidv1", "uuidv3", "uuidv4", "uuidv5", "uuidv6", "uuidv7", "uuidv7-draft01", "uuidv8", "uuidv8-sha256"},
	Size:      16,
	FromBytes: uuid.FromBytes,
	Bytes:     func(id uuid.UUID) []byte { return id[:] },
	Forms: append(texttest.Generic(uuid.UUID.Base62, uuid.UUID.Crockford, uuid.UUID.Hex, uuid.ParseBase62, uuid.ParseCrockford, uuid.ParseHex),
		texttest.Form[uuid.UUID]{Name: "String", Encode: uuid.UUID.String, Parse: uuid.Parse, Want: func(b []byte) string { return canonical(uuid.UUID(b)) },
			Corpus: "text", Sorted: true, FoldCase: true}),
	Errs: map[string]error{"ErrLength": uuid.ErrLength, "ErrSyntax": uuid.ErrSyntax, "ErrOverflow": uuid.ErrOverflow},
}

// The corpus's UUIDs of every UUID layout in every form, and its bad inputs.
func TestTextCorpus(t *testing.T) { texttest.Corpus(t, codec) }

// Every specialised codec writes what the generic codec of package
// encodings writes (String, the slow canonical form), and reads it back;
// Parse reads the other forms it takes too.
func TestTextCodecsAgreeWithEncodings(t *testing.T) {
	texttest.Codecs(t, codec, 2000, "text")
	for _, id := range texttest.IDs(t, codec, 2000, "text") {
		for _, s := range []string{id.Hex(), "{" + id.String() + "}", id.URN()} {
			if back, err := uuid.Parse(s); err != nil || back != id {
				t.Fatalf("Parse(%q) = %x, %v", s, back[:], err)
			}
		}
	}
}

// Every byte value at every position: the hex encoders look each byte up
// in a table of digit pairs, so each entry is checked in each place it is
// written, against fmt's and encoding/hex's digits.
func TestTextHexEveryByte(t *testing.T) {
	for k := range 256 {
		var id uuid.UUID
		for i := range id {
			id[i] = byte(k + 37*i)
		}
		checkHexForms(t, id)
	}
}

// checkHexForms checks String, URN, Hex, AppendText and AppendHex against
// slow oracles, and that Parse reads each back.
func checkHexForms(t *testing.T, id uuid.UUID) {
	t.Helper()
	want := fmt.Sprintf("%x-%x-%x-%x-%x", id[0:4], id[4:6], id[6:8], id[8:10], id[10:16])
	if want != canonical(id) {
		t.Fatalf("%x: the oracles disagree: %q, %q", id[:], want, canonical(id))
	}
	plain := hex.EncodeToString(id[:])
	app, err := id.AppendText([]byte("x"))
	for _, c := range []struct{ name, got, want string }{
		{"String", id.String(), want},
		{"URN", id.URN(), "urn:uuid:" + want},
		{"Hex", id.Hex(), plain},
		{"AppendText", string(app), "x" + want},
		{"AppendHex", string(id.AppendHex([]byte("x"))), "x" + plain},
	} {
		if c.got != c.want {
			t.Fatalf("%x: %s = %q, want %q", id[:], c.name, c.got, c.want)
		}
	}
	if err != nil {
		t.Fatalf("%x: AppendText: %v", id[:], err)
	}
	for _, s := range []string{id.String(), id.URN(), id.Hex()} {
		if back, err := uuid.Parse(s); err != nil || back != id {
			t.Fatalf("Parse(%q) = %x, %v", s, back[:], err)
		}
	}
}

// canonical writes a UUID the slow, obvious way.
func canonical(id uuid.UUID) string {
	h := hex.EncodeToString(id[:])
	return h[0:8] + "-" + h[8:12] + "-" + h[12:16] + "-" + h[16:20] + "-" + h[20:32]
}

// The fixed-width forms sort as the bytes do, and so does Compare.
func TestTextOrder(t *testing.T) {
	texttest.Order(t, codec, 300, "text")
	ids := texttest.IDs(t, codec, 300, "text")
	for i, a := range ids {
		b := ids[(i*7+1)%len(ids)]
		if got, want := a.Compare(b), bytes.Compare(a[:], b[:]); got != want {
			t.Fatalf("Compare = %d, want %d", got, want)
		}
	}
}

const v7Text = "017f22e2-79b0-7cc3-98c4-dc0c0c07398f"

// Bad input: every parser returns an error matching the right sentinel,
// and a *SyntaxError where a character is at fault, without panicking.
func TestTextBadInput(t *testing.T) {
	v7 := uuid.MustParse(v7Text)
	b62, crock, hx := v7.Base62(), v7.Crockford(), v7.Hex()
	texttest.BadInputs(t, codec, []texttest.Bad[uuid.UUID]{
		{"empty", uuid.Parse, "", uuid.ErrLength, 0},
		{"short", uuid.Parse, v7Text[:35], uuid.ErrLength, 0},
		{"long", uuid.Parse, v7Text + "0", uuid.ErrLength, 0},
		{"leading space", uuid.Parse, " " + v7Text, uuid.ErrLength, 0},
		{"trailing newline", uuid.Parse, v7Text + "\n", uuid.ErrLength, 0},
		{"space in place", uuid.Parse, " " + v7Text[1:], uuid.ErrSyntax, 0},
		{"NUL", uuid.Parse, v7Text[:5] + "\x00" + v7Text[6:], uuid.ErrSyntax, 5},
		{"non-ASCII", uuid.Parse, v7Text[:34] + "é", uuid.ErrSyntax, 34},
		{"not hex", uuid.Parse, "g" + v7Text[1:], uuid.ErrSyntax, 0},
		{"hyphen moved", uuid.Parse, "017f22e-279b0-7cc3-98c4-dc0c0c07398f", uuid.ErrSyntax, 7},
		{"hyphen missing", uuid.Parse, "017f22e2079b0-7cc3-98c4-dc0c0c07398f", uuid.ErrSyntax, 8},
		{"underscores", uuid.Parse, strings.ReplaceAll(v7Text, "-", "_"), uuid.ErrSyntax, 8},
		{"hex with hyphen", uuid.Parse, strings.ReplaceAll(v7Text, "-", "")[:31] + "-", uuid.ErrSyntax, 31},
		{"braces around junk", uuid.Parse, "{" + strings.Repeat("x", 36) + "}", uuid.ErrSyntax, 1},
		{"x<uuid>y", uuid.Parse, "x" + v7Text + "y", uuid.ErrSyntax, 0},
		{"open brace only", uuid.Parse, "{" + v7Text + "y", uuid.ErrSyntax, 37},
		{"bad in braces", uuid.Parse, "{" + v7Text[:9] + "-" + v7Text[10:] + "}", uuid.ErrSyntax, 10},
		{"urn prefix", uuid.Parse, "urn:uid:x" + v7Text, uuid.ErrSyntax, 5},
		{"urn bad uuid", uuid.Parse, "urn:uuid:" + v7Text[:35] + "z", uuid.ErrSyntax, 44},
		{"urn colon", uuid.Parse, "urn\x1auuid:" + v7Text, uuid.ErrSyntax, 3},
		{"braced urn", uuid.Parse, "{urn:uuid:" + v7Text + "}", uuid.ErrLength, 0},
		{"base62 empty", uuid.ParseBase62, "", uuid.ErrLength, 0},
		{"base62 short", uuid.ParseBase62, b62[:21], uuid.ErrLength, 0},
		{"base62 long", uuid.ParseBase62, b62 + "0", uuid.ErrLength, 0},
		{"base62 punctuation", uuid.ParseBase62, b62[:21] + "!", uuid.ErrSyntax, 21},
		{"base62 NUL", uuid.ParseBase62, "\x00" + b62[1:], uuid.ErrSyntax, 0},
		{"base62 max+1", uuid.ParseBase62, "7n42DGM5Tflk9n8mt7Fhc8", uuid.ErrOverflow, 0},
		{"base62 all z", uuid.ParseBase62, strings.Repeat("z", 22), uuid.ErrOverflow, 0},
		{"crockford short", uuid.ParseCrockford, crock[:25], uuid.ErrLength, 0},
		// I, L and O read as 1, 1 and 0 (Crockford's aliases); U is no digit.
		{"crockford U", uuid.ParseCrockford, crock[:3] + "u" + crock[4:], uuid.ErrSyntax, 3},
		{"crockford hyphen", uuid.ParseCrockford, crock[:3] + "-" + crock[4:], uuid.ErrSyntax, 3},
		{"crockford max+1", uuid.ParseCrockford, "8" + strings.Repeat("0", 25), uuid.ErrOverflow, 0},
		{"crockford all Z", uuid.ParseCrockford, strings.Repeat("Z", 26), uuid.ErrOverflow, 0},
		{"hex short", uuid.ParseHex, hx[:31], uuid.ErrLength, 0},
		{"hex canonical", uuid.ParseHex, v7Text, uuid.ErrLength, 0},
		{"hex g", uuid.ParseHex, hx[:31] + "g", uuid.ErrSyntax, 31},
		{"binary empty", func(s string) (uuid.UUID, error) { return uuid.FromBytes([]byte(s)) }, "", uuid.ErrLength, 0},
		{"binary 15", func(s string) (uuid.UUID, error) { return uuid.FromBytes([]byte(s)) }, strings.Repeat("x", 15), uuid.ErrLength, 0},
		{"binary 17", func(s string) (uuid.UUID, error) { return uuid.FromBytes([]byte(s)) }, strings.Repeat("x", 17), uuid.ErrLength, 0},
	})
}

func TestMustParsePanics(t *testing.T) {
	defer func() {
		if r := recover(); r == nil {
			t.Error("MustParse of bad input did not panic")
		} else if err, ok := r.(error); !ok || !errors.Is(err, uuid.ErrLength) {
			t.Errorf("MustParse panicked with %v, want an error matching ErrLength", r)
		}
	}()
	uuid.MustParse("not a uuid")
}

func TestTextMarshalling(t *testing.T) {
	for _, id := range texttest.IDs(t, codec, 50, "text") {
		text, err := id.MarshalText()
		if err != nil || string(text) != id.String() {
			t.Fatalf("MarshalText = %q, %v", text, err)
		}
		var back uuid.UUID
		if err := back.UnmarshalText(text); err != nil || back != id {
			t.Fatalf("UnmarshalText(%q) = %v, %v", text, back, err)
		}
		bin, err := id.MarshalBinary()
		if err != nil || !bytes.Equal(bin, id[:]) {
			t.Fatalf("MarshalBinary = %x, %v", bin, err)
		}
		back = uuid.Nil()
		if err := back.UnmarshalBinary(bin); err != nil || back != id {
			t.Fatalf("UnmarshalBinary = %v, %v", back, err)
		}
		if got, _ := id.AppendBinary([]byte("x")); !bytes.Equal(got, append([]byte("x"), id[:]...)) {
			t.Fatalf("AppendBinary = %x", got)
		}
		if got, _ := id.AppendText([]byte("x")); string(got) != "x"+id.String() {
			t.Fatalf("AppendText = %q", got)
		}
		for _, f := range []struct{ got, want string }{
			{string(id.AppendBase62([]byte("x"))), "x" + id.Base62()},
			{string(id.AppendCrockford([]byte("x"))), "x" + id.Crockford()},
			{string(id.AppendHex([]byte("x"))), "x" + id.Hex()},
		} {
			if f.got != f.want {
				t.Fatalf("Append = %q, want %q", f.got, f.want)
			}
		}
	}
	// Errors leave the value alone.
	id := uuid.MustParse(v7Text)
	for _, bad := range []string{"", "x", v7Text[:35] + "x"} {
		if err := id.UnmarshalText([]byte(bad)); err == nil {
			t.Errorf("UnmarshalText(%q) succeeded", bad)
		}
		if err := id.UnmarshalBinary([]byte(bad)); !errors.Is(err, uuid.ErrLength) {
			t.Errorf("UnmarshalBinary(%q) = %v", bad, err)
		}
	}
	if id != uuid.MustParse(v7Text) {
		t.Errorf("failed unmarshalling changed the UUID to %v", id)
	}
}

func TestTextJSON(t *testing.T) {
	type doc struct {
		ID   uuid.UUID     `json:"id"`
		Opt  uuid.NullUUID `json:"opt"`
		Keys map[uuid.UUID]int
	}
	id := uuid.MustParse(v7Text)
	in := doc{ID: id, Opt: uuid.NullUUID{UUID: uuid.Max(), Valid: true}, Keys: map[uuid.UUID]int{id: 1}}
	data, err := json.Marshal(in)
	if err != nil {
		t.Fatal(err)
	}
	want := `{"id":"` + v7Text + `","opt":"ffffffff-ffff-ffff-ffff-ffffffffffff","Keys":{"` + v7Text + `":1}}`
	if string(data) != want {
		t.Fatalf("Marshal = %s, want %s", data, want)
	}
	var out doc
	if err := json.Unmarshal(data, &out); err != nil || out.ID != in.ID || out.Opt != in.Opt || out.Keys[id] != 1 {
		t.Fatalf("Unmarshal = %+v, %v", out, err)
	}

	// null: the plain type keeps its value, the Null type becomes invalid.
	out = doc{ID: id, Opt: uuid.NullUUID{UUID: id, Valid: true}}
	if err := json.Unmarshal([]byte(`{"id":null,"opt":null}`), &out); err != nil {
		t.Fatal(err)
	}
	if out.ID != id || out.Opt.Valid || out.Opt.UUID != uuid.Nil() {
		t.Errorf("after null: %+v", out)
	}
	if data, _ := json.Marshal(uuid.NullUUID{}); string(data) != "null" {
		t.Errorf("invalid NullUUID marshals as %s", data)
	}
	// Every form Parse reads is read from JSON.
	var got uuid.UUID
	if err := json.Unmarshal([]byte(`"URN:UUID:`+strings.ToUpper(v7Text)+`"`), &got); err != nil || got != id {
		t.Errorf("Unmarshal URN = %v, %v", got, err)
	}
	// And any JSON string encoding/json reads, escapes included, as
	// google/uuid, which reads JSON through UnmarshalText, does.
	escaped := `"\u0030` + v7Text[1:8] + `\u002d` + v7Text[9:] + `"`
	var g guuid.UUID
	if err := json.Unmarshal([]byte(escaped), &g); err != nil || g != guuid.UUID(id) {
		t.Errorf("google/uuid reads %s as %v, %v", escaped, g, err)
	}
	if err := json.Unmarshal([]byte(escaped), &got); err != nil || got != id {
		t.Errorf("Unmarshal %s = %v, %v; want %v, as google/uuid reads it", escaped, got, err, id)
	}

	bad := []struct {
		in   string
		want error
	}{
		{`17`, uuid.ErrType},
		{`true`, uuid.ErrType},
		{`{}`, uuid.ErrType},
		{`[]`, uuid.ErrType},
		{`""`, uuid.ErrLength},
		{`"x"`, uuid.ErrLength},
		{`"` + v7Text[:35] + `g"`, uuid.ErrSyntax},
		{`"\q` + v7Text[1:] + `"`, uuid.ErrSyntax}, // an escape JSON has not
		{`"\u0030` + v7Text + `"`, uuid.ErrLength}, // an escape, then one character too many
	}
	for _, b := range bad {
		got := id
		err := got.UnmarshalJSON([]byte(b.in))
		if !errors.Is(err, b.want) {
			t.Errorf("UnmarshalJSON(%s) = %v, want %v", b.in, err, b.want)
		}
		if got != id {
			t.Errorf("UnmarshalJSON(%s) changed the UUID", b.in)
		}
		n := uuid.NullUUID{UUID: id, Valid: true}
		if err := n.UnmarshalJSON([]byte(b.in)); !errors.Is(err, b.want) || n.UUID != id || !n.Valid {
			t.Errorf("NullUUID.UnmarshalJSON(%s) = %v, leaving %+v", b.in, err, n)
		}
	}
	// The position of a bad character counts the quote.
	var se *uuid.SyntaxError
	if err := got.UnmarshalJSON([]byte(`"` + v7Text[:35] + `g"`)); !errors.As(err, &se) || se.Pos != 36 {
		t.Errorf("SyntaxError from JSON = %v", err)
	}
	// Unterminated strings can only come from calling UnmarshalJSON directly.
	if err := got.UnmarshalJSON([]byte(`"`)); !errors.Is(err, uuid.ErrSyntax) {
		t.Errorf("UnmarshalJSON(\") = %v", err)
	}
}

func TestTextSQL(t *testing.T) {
	id := uuid.MustParse(v7Text)
	v, err := id.Value()
	if err != nil || v != v7Text {
		t.Fatalf("Value = %v, %v", v, err)
	}
	if v, _ := uuid.Nil().Value(); v != "00000000-0000-0000-0000-000000000000" {
		t.Errorf("Nil.Value = %v, want its text", v)
	}
	good := []any{v7Text, []byte(v7Text), strings.ToUpper(v7Text), "urn:uuid:" + v7Text, []byte("{" + v7Text + "}"), id[:], id.Hex()}
	for _, src := range good {
		var got uuid.UUID
		if err := got.Scan(src); err != nil || got != id {
			t.Errorf("Scan(%v) = %v, %v", src, got, err)
		}
		var n uuid.NullUUID
		if err := n.Scan(src); err != nil || !n.Valid || n.UUID != id {
			t.Errorf("NullUUID.Scan(%v) = %+v, %v", src, n, err)
		}
	}
	var zero uuid.UUID
	if err := zero.Scan("00000000-0000-0000-0000-000000000000"); err != nil || zero != uuid.Nil() {
		t.Errorf("Scan(Nil's text) = %v, %v", zero, err)
	}
	bad := []struct {
		src  any
		want error
	}{
		{nil, uuid.ErrNull},
		{"", uuid.ErrLength},
		{[]byte{}, uuid.ErrLength},
		{42, uuid.ErrType},
		{int64(42), uuid.ErrType},
		{3.5, uuid.ErrType},
		{true, uuid.ErrType},
		{id, uuid.ErrType},
		{id[:15], uuid.ErrLength},
		{v7Text[:35] + "g", uuid.ErrSyntax},
		{id.Base62(), uuid.ErrLength},
	}
	for _, b := range bad {
		got := id
		if err := got.Scan(b.src); !errors.Is(err, b.want) || got != id {
			t.Errorf("Scan(%#v) = %v, leaving %v; want %v", b.src, err, got, b.want)
		}
	}
	// Raw bytes of the wrong length are told of in bytes, not as UUID text.
	var raw uuid.UUID
	if err := raw.Scan(id[:15]); !errors.Is(err, uuid.ErrLength) || !strings.Contains(err.Error(), "15 bytes") || strings.Contains(err.Error(), "text of length") {
		t.Errorf("Scan of 15 raw bytes: %v", err)
	}
	if _, err := uuid.FromBytes(id[:15]); !errors.Is(err, uuid.ErrLength) || !strings.Contains(err.Error(), "16 bytes") {
		t.Errorf("FromBytes of 15 bytes: %v", err)
	}
	n := uuid.NullUUID{UUID: id, Valid: true}
	if err := n.Scan(nil); err != nil || n.Valid || n.UUID != uuid.Nil() {
		t.Errorf("NullUUID.Scan(nil) = %v, leaving %+v", err, n)
	}
	if v, err := n.Value(); v != nil || err != nil {
		t.Errorf("invalid NullUUID.Value = %v, %v", v, err)
	}
	n = uuid.NullUUID{UUID: id, Valid: true}
	if v, err := n.Value(); v != v7Text || err != nil {
		t.Errorf("NullUUID.Value = %v, %v", v, err)
	}
	if err := n.Scan(42); !errors.Is(err, uuid.ErrType) || !n.Valid || n.UUID != id {
		t.Errorf("NullUUID.Scan(42) = %v, leaving %+v", err, n)
	}
}

// The hot paths allocate nothing but their result.
func TestTextAllocs(t *testing.T) {
	id := uuid.MustParse(v7Text)
	s, b62, crock, hx := id.String(), id.Base62(), id.Crockford(), id.Hex()
	buf := make([]byte, 0, 64)
	var sink uuid.UUID
	// database/sql hands Scan a value already in an interface.
	var textSrc, bytesSrc any = s, id[:]
	cases := []struct {
		name string
		want float64
		f    func()
	}{
		{"AppendText", 0, func() { buf, _ = id.AppendText(buf[:0]) }},
		{"AppendBase62", 0, func() { buf = id.AppendBase62(buf[:0]) }},
		{"AppendCrockford", 0, func() { buf = id.AppendCrockford(buf[:0]) }},
		{"AppendHex", 0, func() { buf = id.AppendHex(buf[:0]) }},
		{"AppendBinary", 0, func() { buf, _ = id.AppendBinary(buf[:0]) }},
		{"Parse", 0, func() { sink, _ = uuid.Parse(s) }},
		{"Parse URN", 0, func() { sink, _ = uuid.Parse("urn:uuid:" + v7Text) }},
		{"ParseBase62", 0, func() { sink, _ = uuid.ParseBase62(b62) }},
		{"ParseCrockford", 0, func() { sink, _ = uuid.ParseCrockford(crock) }},
		{"ParseHex", 0, func() { sink, _ = uuid.ParseHex(hx) }},
		{"FromBytes", 0, func() { sink, _ = uuid.FromBytes(buf[:16]) }},
		{"Scan string", 0, func() { _ = sink.Scan(textSrc) }},
		{"Scan bytes", 0, func() { _ = sink.Scan(bytesSrc) }},
		{"String", 1, func() { sinkString = id.String() }},
		{"Base62", 1, func() { sinkString = id.Base62() }},
		{"Crockford", 1, func() { sinkString = id.Crockford() }},
		{"Hex", 1, func() { sinkString = id.Hex() }},
		{"URN", 1, func() { sinkString = id.URN() }},
	}
	for _, c := range cases {
		if got := testing.AllocsPerRun(100, c.f); got != c.want {
			t.Errorf("%s: %v allocations, want %v", c.name, got, c.want)
		}
	}
}

// google/uuid reads and writes the same text.
func TestTextAgreesWithGoogle(t *testing.T) {
	for _, id := range texttest.IDs(t, codec, 1000, "text") {
		g := guuid.UUID(id)
		if got, want := id.String(), g.String(); got != want {
			t.Fatalf("String() = %q, google/uuid %q", got, want)
		}
		if got, want := id.URN(), g.URN(); got != want {
			t.Fatalf("URN() = %q, google/uuid %q", got, want)
		}
		for _, s := range []string{id.String(), strings.ToUpper(id.String()), id.Hex(), id.URN(), "{" + id.String() + "}"} {
			ours, err := uuid.Parse(s)
			theirs, gerr := guuid.Parse(s)
			if err != nil || gerr != nil || ours != uuid.UUID(theirs) {
				t.Fatalf("Parse(%q) = %v, %v; google/uuid %v, %v", s, ours, err, theirs, gerr)
			}
		}
	}
}

// fuzzSeeds are the nasty inputs every fuzz target starts from.
var fuzzSeeds = []string{
	"", "0", "\x00", " ", "é", "\xff",
	v7Text, strings.ToUpper(v7Text), "{" + v7Text + "}", "urn:uuid:" + v7Text, "URN:UUID:" + v7Text,
	strings.ReplaceAll(v7Text, "-", ""), "x" + v7Text + "y", "{" + strings.Repeat("x", 36) + "}",
	" " + v7Text, v7Text + "\n", v7Text[:35], v7Text + "0",
	"7n42DGM5Tflk9n8mt7Fhc7", "7n42DGM5Tflk9n8mt7Fhc8", strings.Repeat("z", 22), strings.Repeat("0", 22),
	"7ZZZZZZZZZZZZZZZZZZZZZZZZZ", "80000000000000000000000000", "01ARYZ6S41IIIIIIIIIIIIIIII", strings.Repeat("z", 26),
	strings.Repeat("f", 32), strings.Repeat("F", 32), strings.Repeat("g", 32),
}

// FuzzParse checks Parse against google/uuid and the generic hex codec: it
// never panics, returns a sentinel error or a UUID that google/uuid reads
// the same, and what it accepts is the UUID's own text up to case.
func FuzzParse(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		id, err := uuid.Parse(s)
		g, gerr := guuid.Parse(s)
		if err != nil {
			if !errors.Is(err, uuid.ErrLength) && !errors.Is(err, uuid.ErrSyntax) {
				t.Fatalf("Parse(%q): error %v matches no sentinel", s, err)
			}
			if id != uuid.Nil() {
				t.Fatalf("Parse(%q) returned %v with an error", s, id)
			}
			// google/uuid accepts anything between the braces of a
			// 38-character UUID; otherwise it is as strict.
			if gerr == nil && !(len(s) == 38 && (s[0] != '{' || s[37] != '}')) {
				t.Fatalf("Parse(%q) = %v, but google/uuid reads %v", s, err, g)
			}
			return
		}
		if gerr != nil || uuid.UUID(g) != id {
			t.Fatalf("Parse(%q) = %v, google/uuid %v, %v", s, id, g, gerr)
		}
		var text string
		switch len(s) {
		case 36:
			text = id.String()
		case 32:
			text = id.Hex()
		case 38:
			text = "{" + id.String() + "}"
		case 45:
			text = id.URN()
		default:
			t.Fatalf("Parse(%q) accepted a length of %d", s, len(s))
		}
		if !strings.EqualFold(text, s) {
			t.Fatalf("Parse(%q) = %v, which writes %q", s, id, text)
		}
		inner := s
		switch len(s) {
		case 38:
			inner = s[1:37]
		case 45:
			inner = s[9:]
		}
		want, err := encodings.Hex.DecodeString(strings.ReplaceAll(inner, "-", ""))
		if err != nil || !bytes.Equal(want, id[:]) {
			t.Fatalf("Parse(%q) = %v; encodings.Hex reads %x, %v", s, id, want, err)
		}
	})
}

// The fixed-width parsers against the generic codecs of their forms
// (texttest.FuzzForm).
func FuzzParseBase62(f *testing.F) {
	texttest.FuzzForm(f, codec, fuzzSeeds, uuid.ParseBase62, uuid.UUID.Base62, encodings.Base62, false, nil)
}

func FuzzParseCrockford(f *testing.F) {
	texttest.FuzzForm(f, codec, fuzzSeeds, uuid.ParseCrockford, uuid.UUID.Crockford, encodings.Crockford, true, nil)
}

func FuzzParseHex(f *testing.F) {
	texttest.FuzzForm(f, codec, fuzzSeeds, uuid.ParseHex, uuid.UUID.Hex, encodings.Hex, true, nil)
}

// FuzzTextRoundTrip writes arbitrary UUIDs in every form, checks the
// canonical and hex forms against fmt and encoding/hex and the rest against
// package encodings, and reads each back.
func FuzzTextRoundTrip(f *testing.F) {
	f.Add(make([]byte, 16))
	f.Add(bytes.Repeat([]byte{0xff}, 16))
	f.Add([]byte("0123456789abcdef"))
	f.Fuzz(func(t *testing.T, b []byte) {
		if len(b) < 16 {
			return
		}
		id := uuid.UUID(b[:16])
		checkHexForms(t, id)
		for _, f := range []struct {
			text  string
			parse func(string) (uuid.UUID, error)
		}{
			{id.String(), uuid.Parse}, {id.URN(), uuid.Parse}, {id.Hex(), uuid.Parse},
			{id.Base62(), uuid.ParseBase62}, {id.Crockford(), uuid.ParseCrockford}, {id.Hex(), uuid.ParseHex},
		} {
			if back, err := f.parse(f.text); err != nil || back != id {
				t.Fatalf("%x: %q reads back as %x, %v", b[:16], f.text, back[:], err)
			}
		}
		if got, want := id.Base62(), encodings.Base62.EncodeToString(b[:16]); got != want {
			t.Fatalf("Base62 = %q, encodings %q", got, want)
		}
		if got, want := id.Crockford(), encodings.Crockford.EncodeToString(b[:16]); got != want {
			t.Fatalf("Crockford = %q, encodings %q", got, want)
		}
	})
}
