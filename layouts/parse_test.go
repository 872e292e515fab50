package layouts_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/idforge/idforge/layouts"
)

// Each malformed spec gets an *Error of the right kind that names its line
// and field.
func TestParseErrors(t *testing.T) {
	tests := []struct {
		name  string
		spec  string
		kind  error
		line  int
		field string
	}{
		{"widths short of the total", `
layout x 64
  a 32 time unix ms
  b 16 random`, layouts.ErrWidth, 2, "x"},
		{"widths past the total", `
layout x 8
  a 4 random
  b 8 random`, layouts.ErrWidth, 2, "x"},
		{"total not whole bytes", `
layout x 12
  a 12 random`, layouts.ErrWidth, 2, "x"},
		{"parts past the segment", `
layout x 16
  a 16 counter[0:10] + node[0:10]`, layouts.ErrWidth, 3, "a"},
		{"parts short of the segment", `
layout x 16
  a 4 time unix s
  b 12 counter[0:8]`, layouts.ErrWidth, 4, "b"},
		{"two parts without widths", `
layout x 16
  a 4 time unix s
  b 12 counter + random`, layouts.ErrWidth, 4, "b"},
		{"split field bits overlap", `
layout x 64
  lo 32 ts[0:32] time unix ms
  hi 32 ts[16:48]`, layouts.ErrSlice, 4, "hi"},
		{"split field bits missing", `
layout x 64
  lo 24 ts[0:24] time unix ms
  hi 40 ts[32:72]`, layouts.ErrSlice, 4, "hi"},
		{"role slices overlap", `
layout x 64
  a 32 time[0:32] unix ms
  b 32 time[31:63]`, layouts.ErrSlice, 4, "b"},
		{"role slices leave a gap", `
layout x 64
  a 32 time[0:32] unix ms
  b 16 time[40:56]
  c 16 random`, layouts.ErrSlice, 4, "b"},
		{"some sliced, some not", `
layout x 64
  a 32 time[0:32] unix ms
  b 32 time`, layouts.ErrSlice, 4, "b"},
		{"hash past its digest", `
layout x 128
  a 64 hash[100:164] md5
  b 64 hash[0:64]`, layouts.ErrSlice, 3, "a"},
		{"hash not sliced", `
layout x 128
  a 128 hash md5`, layouts.ErrSlice, 3, "a"},
		{"constant too big", `
layout x 8
  ver 4 = 16
  r 4 random`, layouts.ErrConst, 3, "ver"},
		{"constant not a number", `
layout x 8
  ver 4 = seven
  r 4 random`, layouts.ErrConst, 3, "ver"},
		{"unknown role", `
layout x 8
  a 8 sequence`, layouts.ErrRole, 3, "a"},
		{"unknown counter argument", `
layout x 64
  t 48 time unix ms
  c 16 counter sometimes`, layouts.ErrRole, 4, "c"},
		{"unknown unit", `
layout x 64
  t 64 time unix fortnights`, layouts.ErrUnit, 3, "t"},
		{"time without an epoch", `
layout x 64
  t 64 time ms`, layouts.ErrUnit, 3, "t"},
		{"two units", `
layout x 64
  t 64 time unix ms s`, layouts.ErrUnit, 3, "t"},
		{"hash without algorithm", `
layout x 64
  a 64 hash[0:64]`, layouts.ErrRole, 3, "a"},
		{"duplicate segment", `
layout x 16
  a 8 random
  a 8 random`, layouts.ErrName, 4, "a"},
		{"duplicate field via as", `
layout x 16
  a 8 random
  b 8 random as a`, layouts.ErrName, 4, "a"},
		{"field is a Go keyword", `
layout x 16
  t 8 time unix s
  func 8 random`, layouts.ErrName, 4, "func"},
		{"as name is a Go keyword", `
layout x 16
  t 8 time unix s
  r 8 random as type`, layouts.ErrName, 4, "type"},
		{"bad name", `
layout x 8
  Big 8 random`, layouts.ErrName, 3, "Big"},
		{"wide field not bytes", `
layout x 128
  payload 128 random`, layouts.ErrTooWide, 3, "payload"},
		{"bytes field off a byte boundary", `
layout x 136
  a 4 time unix s
  p 128 random bytes
  c 4 counter`, layouts.ErrWidth, 4, "p"},
		{"random sliced", `
layout x 16
  a 8 time unix s
  b 8 random[0:8]`, layouts.ErrSlice, 4, "b"},
		{"time wider than 64 bits", `
layout x 128
  t 128 time unix ns bytes`, layouts.ErrTooWide, 3, "t"},
		{"counter without time", `
layout x 16
  c 16 counter`, layouts.ErrRole, 3, "c"},
		{"mac node not 48 bits", `
layout x 64
  t 32 time unix s
  n 32 node mac`, layouts.ErrRole, 4, "n"},
		{"wrap without running", `
layout x 64
  t 48 time unix ms
  c 16 counter zero wrap`, layouts.ErrRole, 4, "c"},
		{"split field without role", `
layout x 64
  lo 32 ts[0:32]
  hi 32 ts[32:64]`, layouts.ErrRole, 3, "ts"},
		{"no header", `
  a 8 random`, layouts.ErrSyntax, 2, ""},
		{"two headers", `
layout x 8
  a 8 random
layout y 8`, layouts.ErrSyntax, 4, ""},
		{"no segments", `
layout x 8`, layouts.ErrSyntax, 2, ""},
		{"missing content", `
layout x 8
  a 8`, layouts.ErrSyntax, 3, "a"},
		{"dangling plus", `
layout x 8
  a 8 random +`, layouts.ErrSyntax, 3, "a"},
		{"reversed slice", `
layout x 8
  a 8 time[8:0] unix s`, layouts.ErrSlice, 3, "a"},
		{"unknown text form", `
layout x 8
  text base57
  a 8 random`, layouts.ErrSyntax, 3, ""},
		{"bad encoding", `
layout x 8
  encoding b3 B3 012 fold twice
  a 8 random`, layouts.ErrSyntax, 3, ""},
		{"encoding declared twice", `
layout x 8
  encoding b3 B3 012
  encoding b3 B3 abc
  a 8 random`, layouts.ErrName, 4, "b3"},
		{"text form twice", `
layout x 8
  text hex
  a 8 random
  text hex`, layouts.ErrSyntax, 5, ""},
		{"uuid text form of a 64-bit layout", `
layout x 64
  text uuid
  a 64 random`, layouts.ErrWidth, 3, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := layouts.Parse("test.layout", []byte(tc.spec))
			if !errors.Is(err, tc.kind) {
				t.Fatalf("err = %v, want kind %v", err, tc.kind)
			}
			var e *layouts.Error
			if !errors.As(err, &e) {
				t.Fatalf("err = %T, want *layouts.Error", err)
			}
			if e.File != "test.layout" || e.Line != tc.line || e.Field != tc.field {
				t.Errorf("error at %s:%d field %q, want line %d field %q (%v)", e.File, e.Line, e.Field, tc.line, tc.field, err)
			}
			if !strings.HasPrefix(err.Error(), "test.layout:") {
				t.Errorf("message %q does not start with the file", err)
			}
			// One problem is reported once, with nothing that only follows from it.
			var list layouts.ErrorList
			if !errors.As(err, &list) || len(list) != 1 {
				t.Errorf("want one error in an ErrorList, got %T:\n%v", err, err)
			}
		})
	}
}

// A spec declares its canonical text form with a text line, anywhere after
// the header; without one it is the UUID form for a UUID layout and Base62
// for any other. The built-in ULID says crockford, as every ULID reader
// writes it.
func TestCanonicalText(t *testing.T) {
	for _, tc := range []struct{ spec, text, canonical string }{
		{"layout x 64\n  a 64 random\n", "", "decimal"},
		{"layout x 64\n  text decimal\n  a 64 random\n", "decimal", "decimal"},
		{"layout x 96\n  a 96 random bytes\n", "", "base62"},
		{"layout x 64\n  text crockford\n  a 64 random\n", "crockford", "crockford"},
		{"layout x 64\n  a 64 random\n  text hex\n", "hex", "hex"},
		{"layout x 128\n  a 64 random\n  b 64 random\n  text uuid\n", "uuid", "uuid"},
		{"layout v 128\n  a 48 random\n  ver 4 = 7\n  b 12 random\n  var 2 = 0b10\n  c 62 random\n", "", "uuid"},
		{"layout v 128\n  text base62\n  a 48 random\n  ver 4 = 7\n  b 12 random\n  var 2 = 0b10\n  c 62 random\n", "base62", "base62"},
	} {
		l, err := layouts.Parse("t.layout", []byte(tc.spec))
		if err != nil {
			t.Fatalf("%q: %v", tc.spec, err)
		}
		if l.Text != tc.text || l.CanonicalText() != tc.canonical {
			t.Errorf("%q: Text %q, CanonicalText %q; want %q, %q", tc.spec, l.Text, l.CanonicalText(), tc.text, tc.canonical)
		}
	}
	want := map[string]string{"ulid": "crockford", "objectid": "hex", "ksuid": "base62", "snowflake": "decimal", "discord": "decimal", "tsid": "crockford", "uuidv7": "uuid"}
	for name, text := range want {
		l, err := layouts.Builtin(name)
		if err != nil {
			t.Fatal(err)
		}
		if got := l.CanonicalText(); got != text {
			t.Errorf("built-in %s: CanonicalText %q, want %q", name, got, text)
		}
	}
}

// The error message names file, line and field in that order.
func TestErrorMessage(t *testing.T) {
	_, err := layouts.Parse("my.layout", []byte("layout x 8\n  ver 2 = 9\n  r 6 random\n"))
	if got, want := err.Error(), "my.layout:2: ver: constant 9 does not fit in 2 bits"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

// A spec saved with a UTF-8 byte-order mark reads as the same spec without
// one, its lines numbered alike.
func TestParseBOM(t *testing.T) {
	spec := "# burst\nlayout burst 64\n  t 48 time unix ms\n  r 16 random\n"
	want, err := layouts.Parse("burst.layout", []byte(spec))
	if err != nil {
		t.Fatal(err)
	}
	got, err := layouts.Parse("burst.layout", []byte("\uFEFF"+spec))
	if err != nil {
		t.Fatalf("with a BOM: %v", err)
	}
	if got.Name != want.Name || got.Doc != want.Doc || got.Segments[1].Line != 4 {
		t.Errorf("with a BOM: %+v, want %+v", got, want)
	}
	// A BOM on a line of its own is still the header's mistake.
	if _, err := layouts.Parse("x.layout", []byte("\uFEFF\uFEFFlayout x 8\n")); !errors.Is(err, layouts.ErrSyntax) {
		t.Errorf("two BOMs: %v, want ErrSyntax", err)
	}
}

// counting is an endless reader that counts the bytes read from it.
type counting struct{ n int64 }

func (c *counting) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = ' '
	}
	c.n += int64(len(p))
	return len(p), nil
}

// A spec larger than MaxSpecSize is refused, and ReadSpec reads no more
// than one byte past it, however much the reader holds.
func TestSpecTooLarge(t *testing.T) {
	big := []byte("layout x 64\n  r 64 random\n" + strings.Repeat(" ", layouts.MaxSpecSize))
	if _, err := layouts.Parse("big.layout", big); !errors.Is(err, layouts.ErrTooLarge) || !strings.HasPrefix(err.Error(), "big.layout: larger than 1048576 bytes") {
		t.Errorf("Parse: %v, want ErrTooLarge naming the file", err)
	}
	if _, err := layouts.Parse("ok.layout", big[:layouts.MaxSpecSize]); err != nil {
		t.Errorf("Parse of exactly MaxSpecSize bytes: %v", err)
	}
	r := &counting{}
	if _, err := layouts.ReadSpec("endless.layout", r); !errors.Is(err, layouts.ErrTooLarge) {
		t.Errorf("ReadSpec: %v, want ErrTooLarge", err)
	}
	if r.n > layouts.MaxSpecSize+1 {
		t.Errorf("ReadSpec read %d bytes of an endless reader", r.n)
	}
	if l, err := layouts.ReadSpec("ok.layout", strings.NewReader("\uFEFFlayout ok 64\n  r 64 random\n")); err != nil || l.Name != "ok" {
		t.Errorf("ReadSpec: %v, %v", l, err)
	}
}

// TestDeclaredEncoding checks that a spec can declare its own encoding and
// name it as its text, that the layout resolves it, and that Format writes
// it back.
func TestDeclaredEncoding(t *testing.T) {
	src := `layout dice 16
  a 16 random
  encoding dice Dice 123456
  text dice
`
	l, err := layouts.Parse("dice.layout", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	e, err := l.TextEncoding()
	if err != nil || e == nil || e.Name() != "dice" || e.EncodedLen(2) != 7 || !e.Sorts() {
		t.Fatalf("TextEncoding() = %+v", e)
	}
	if s := e.EncodeToString([]byte{0xff, 0xff}); s != "2334334" { // 65535 = 1223223 in base 6
		t.Errorf("65535 in dice = %q", s)
	}
	again, err := layouts.Parse("dice.layout", []byte(l.Format()))
	if err != nil || again.Format() != l.Format() {
		t.Errorf("Format round trip: %v\n%s", err, l.Format())
	}
	if _, err := l.Encoding("base58"); err != nil {
		t.Errorf("built-in base58 not found through the layout: %v", err)
	}
	if _, err := l.Encoding("nope"); !errors.Is(err, layouts.ErrEncoding) {
		t.Errorf("Encoding(nope) = %v", err)
	}
}
