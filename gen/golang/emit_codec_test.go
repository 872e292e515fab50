package golang_test

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/idforge/idforge/gen/golang"
	"github.com/idforge/idforge/layouts"
	"github.com/idforge/idforge/resolved"
)

// The specialised codecs are unrolled for the ID's size, so each size is a
// different program. TestCodecSizes generates a package for IDs of many
// sizes, and for each canonical form, and checks every codec of each
// against the generic codecs of package encodings, in a user's module (joinUserModule).
// Each of those is a byte array, 8-byte IDs too, as their text is not
// decimal; the int64 IDs of 64-bit layouts written in decimal have their
// own checks.
func TestCodecSizes(t *testing.T) {
	m := joinUserModule(t, "codecsizes")
	t.Parallel()
	dir := m.dir

	canonical := map[string]string{"base62": "Base62", "crockford": "Crockford", "hex": "Hex"}
	sizes := []int{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 15, 16, 17, 19, 20, 21, 24, 25, 28, 31, 32, 33, 40, 64, 128}
	for _, n := range sizes {
		spec := fmt.Sprintf("layout size%d %d\n  data %d random bytes\n", n, 8*n, 8*n)
		l, err := layouts.Parse(fmt.Sprintf("size%d.layout", n), []byte(spec))
		if err != nil {
			t.Fatalf("%d bytes: %v", n, err)
		}
		for enc, form := range canonical {
			if enc != "base62" && n%4 != 0 && n > 8 {
				continue // the other canonical forms only need a few sizes
			}
			pkg := fmt.Sprintf("s%d%s", n, strings.ToLower(form))
			p := golang.Single(resolved.Must(l), pkg, "ID")
			p.SetText(enc)
			src, err := golang.Generate(p)
			if err != nil {
				t.Fatalf("%d bytes, %s: %v", n, form, err)
			}
			write(t, filepath.Join(dir, pkg, pkg+"_gen.go"), src)
			test := strings.NewReplacer("PKG", pkg, "CANONICAL", form).Replace(arrayCodecTest)
			write(t, filepath.Join(dir, pkg, "codec_test.go"), []byte(test))
		}
	}

	// int64 IDs, as Single makes them for 64-bit layouts without a text
	// line: Snowflake's top bit is a constant zero, so its IDs are never
	// negative; Instagram's IDs use all 64 bits, so half are.
	for _, name := range []string{"snowflake", "instagram"} {
		l, err := layouts.Builtin(name)
		if err != nil {
			t.Fatal(err)
		}
		pkg := "i" + name
		p := golang.Single(resolved.Must(l), pkg, "ID")
		if !p.Int64 || p.Text != "decimal" {
			t.Fatalf("%s: Single gives Int64 %v and text %q, want an int64 in decimal", name, p.Int64, p.Text)
		}
		src, err := golang.Generate(p)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		write(t, filepath.Join(dir, pkg, pkg+"_gen.go"), src)
		signed := fmt.Sprint(name == "instagram")
		write(t, filepath.Join(dir, pkg, "codec_test.go"), []byte(strings.NewReplacer("PKG", pkg, "SIGNED", signed).Replace(int64CodecTest)))
	}

	m.check(t)
}

// Packages the emitters cannot serve get an error, not bad code.
func TestTextFormMismatch(t *testing.T) {
	t.Parallel()
	l, err := layouts.Builtin("ksuid")
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range []*golang.Package{
		{Name: "a", Type: "ID", Text: "uuid", Members: []golang.Member{{Resolved: resolved.Must(l)}}},
		{Name: "b", Type: "ID", Text: "decimal", Members: []golang.Member{{Resolved: resolved.Must(l)}}},
		{Name: "c", Type: "ID", Text: "no-such-form", Members: []golang.Member{{Resolved: resolved.Must(l)}}},
		{Name: "d", Type: "ID", Text: "decimal", Int64: true, Members: []golang.Member{{Resolved: resolved.Must(l)}}},
	} {
		if _, err := golang.Generate(p); err == nil {
			t.Errorf("package %s with text form %q: no error", p.Name, p.Text)
		}
	}
}

// arrayCodecTest checks the codecs of a generated package of a byte-array
// ID against package encodings.
const arrayCodecTest = `package PKG

import (
	"bytes"
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/idforge/idforge/encodings"
)

type codec struct {
	name    string
	encode  func(ID) string
	parse   func(string) (ID, error)
	generic interface {
		EncodeToString([]byte) string
		DecodeString(string) ([]byte, error)
	}
	fold bool
}

var codecs = []codec{
	{"Base62", ID.Base62, ParseBase62, encodings.Base62, false},
	{"Crockford", ID.Crockford, ParseCrockford, encodings.Crockford, true},
	{"Hex", ID.Hex, ParseHex, encodings.Hex, true},
}

func TestCodecs(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(uint64(Size), 1))
	for i := range 3000 {
		b := make([]byte, Size)
		switch {
		case i == 1:
			m := Max()
			copy(b, m[:])
		case i >= 2 && i < 2+8*len(b):
			b[(i-2)/8] = 0x80 >> ((i - 2) % 8)
		case i > 0:
			for j := range b {
				b[j] = byte(r.Uint32())
			}
		}
		id, err := FromBytes(b)
		if err != nil {
			t.Fatal(err)
		}
		if id.IsZero() != (bytes.Count(b, []byte{0}) == len(b)) {
			t.Fatalf("IsZero(%x) = %v", b, id.IsZero())
		}
		for _, c := range codecs {
			text := c.encode(id)
			if want := c.generic.EncodeToString(b); text != want {
				t.Fatalf("%s(%x) = %q, encodings %q", c.name, b, text, want)
			}
			if back, err := c.parse(text); err != nil || back != id {
				t.Fatalf("Parse%s(%q) = %x, %v", c.name, text, back[:], err)
			}
			if c.name == "CANONICAL" && id.String() != text {
				t.Fatalf("String() = %q, want %q", id.String(), text)
			}
			// Change one character to any byte: the parser agrees with the
			// generic one on whether, and to what, it reads.
			bad := []byte(text)
			pos := r.IntN(len(bad))
			bad[pos] = byte(r.Uint32())
			got, err := c.parse(string(bad))
			want, werr := c.generic.DecodeString(string(bad))
			if (err == nil) != (werr == nil) || err == nil && !bytes.Equal(got[:], want) {
				t.Fatalf("Parse%s(%q) = %x, %v; encodings %x, %v", c.name, bad, got[:], err, want, werr)
			}
			if err != nil && !errors.Is(err, ErrSyntax) && !errors.Is(err, ErrOverflow) {
				t.Fatalf("Parse%s(%q): %v", c.name, bad, err)
			}
			var se *SyntaxError
			var ie encodings.InvalidCharError
			if errors.As(err, &se) && (!errors.As(werr, &ie) || ie.Pos != se.Pos) {
				t.Fatalf("Parse%s(%q) = %v; encodings %v", c.name, bad, err, werr)
			}
			if c.fold {
				if back, err := c.parse(strings.ToLower(text)); err != nil || back != id {
					t.Fatalf("Parse%s(lower %q) = %x, %v", c.name, text, back[:], err)
				}
			}
			if _, err := c.parse(text + "0"); !errors.Is(err, ErrLength) {
				t.Fatalf("Parse%s(too long) = %v", c.name, err)
			}
		}
		if back, err := Parse(id.String()); err != nil || back != id {
			t.Fatalf("Parse(%q) = %x, %v", id.String(), back[:], err)
		}
	}
	// The largest text of each width is above Max, where the width has room.
	for _, c := range codecs {
		top := strings.Repeat(c.encode(Max())[len(c.encode(Max()))-1:], len(c.encode(Max())))
		_, err := c.parse(top)
		_, werr := c.generic.DecodeString(top)
		if errors.Is(err, ErrOverflow) != errors.Is(werr, encodings.ErrOverflow) || (err == nil) != (werr == nil) {
			t.Errorf("Parse%s(%q) = %v; encodings %v", c.name, top, err, werr)
		}
	}
}

func TestAllocs(t *testing.T) {
	id := Max()
	buf := make([]byte, 0, 512)
	for _, c := range codecs {
		text := c.encode(id)
		if n := testing.AllocsPerRun(50, func() { _, _ = c.parse(text) }); n != 0 {
			t.Errorf("Parse%s: %v allocations", c.name, n)
		}
	}
	if n := testing.AllocsPerRun(50, func() { buf = id.AppendBase62(buf[:0]) }); n != 0 {
		t.Errorf("AppendBase62: %v allocations", n)
	}
}
`

// int64CodecTest checks the codecs of a generated package of an int64 ID.
const int64CodecTest = `package PKG

import (
	"encoding/binary"
	"errors"
	"math"
	"math/rand/v2"
	"strconv"
	"testing"

	"github.com/idforge/idforge/encodings"
)

const signed = SIGNED

func TestCodecs(t *testing.T) {
	r := rand.New(rand.NewPCG(64, 1))
	values := []int64{0, 1, math.MaxInt64, -1, math.MinInt64}
	for range 3000 {
		values = append(values, int64(r.Uint64()))
	}
	for _, v := range values {
		id := ID(v)
		b := binary.BigEndian.AppendUint64(nil, uint64(v))
		if id.String() != strconv.FormatUint(uint64(v), 10) { // unsigned, whatever the sign of the int64
			t.Fatalf("String() = %q", id.String())
		}
		forms := []struct {
			text, want string
			parse      func(string) (ID, error)
		}{
			{id.String(), strconv.FormatUint(uint64(v), 10), Parse},
			{id.Base62(), encodings.Base62.EncodeToString(b), ParseBase62},
			{id.Crockford(), encodings.Crockford.EncodeToString(b), ParseCrockford},
			{id.Hex(), encodings.Hex.EncodeToString(b), ParseHex},
		}
		for _, f := range forms {
			if f.text != f.want {
				t.Fatalf("%d: %q, want %q", v, f.text, f.want)
			}
			back, err := f.parse(f.text)
			switch {
			case v >= 0 || signed:
				if err != nil || back != id {
					t.Fatalf("%d: parse(%q) = %d, %v", v, f.text, back, err)
				}
			case !errors.Is(err, ErrOverflow) && !errors.Is(err, ErrSyntax) && !errors.Is(err, ErrLength):
				t.Fatalf("%d is not an ID, but parse(%q) = %d, %v", v, f.text, back, err)
			}
		}
	}
	// Decimal text has no sign; it runs to 2^63-1 where the top bit is a
	// constant zero, else to 2^64-1.
	bad := []string{"-0", "-1", "+1", "01", "-01", " 1", "-9223372036854775809", "", "18446744073709551616"}
	if !signed {
		bad = append(bad, "9223372036854775808")
	}
	for _, s := range bad {
		if id, err := Parse(s); err == nil {
			t.Errorf("Parse(%q) = %d", s, id)
		}
	}
}
`
