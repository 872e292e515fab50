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

// int64Layouts are 64-bit layouts, each written in decimal and so an int64
// package, with what fuzz.RandomSpec seldom or never gives: bytes fields,
// a numeric field of all 64 bits, bits drawn once per generator, a node a
// generator draws, a name-based layout, a counter from zero with no random
// bits, a top bit that is a constant one. Each has its checks: "fuzz" for
// fuzz.Generated (a layout with fields and a generator), "fill" for a
// batch Fill, "named" for a name-based layout. All of them have the checks
// of decimal text (int64TextTest).
var int64Layouts = []struct {
	name, spec, checks string
}{
	{"bytes", "layout bytes64 64\n  ts 32 time unix s\n  r 32 random bytes\n", "fuzz"},
	{"countbytes", "layout countbytes 64\n  ts 40 time 2020-01-01T00:00:00Z ms\n  seq 8 counter random borrow\n  r 16 random bytes\n", "fuzz fill"},
	{"negative", "layout negative 64\n  sign 1 = 1\n  ts 41 time unix ms\n  seq 22 counter seeded borrow\n", "fuzz fill"},
	{"mixed", "layout mixed 64\n  ts 40 time 2020-01-01T00:00:00Z ms\n  cr 24 counter[0:8] random borrow + random\n", "fuzz fill"},
	{"declared", "layout declared 64\n  text decimal\n  sign 1 = 0\n  ts 47 time unix ms\n  seq 16 counter zero borrow\n", "fuzz fill"},
	{"noded", "layout noded 64\n  node 16 node\n  r 48 random\n", "fuzz"},
	{"once", "layout once 64\n  ts 41 time unix ms\n  inst 23 random once\n", "fuzz"},
	{"clockseq", "layout clockseq 64\n  ts 48 time unix ms\n  seq 16 clockseq\n", "fuzz"},
	{"nanos", "layout nanos 64\n  ts 64 time unix ns\n", "fuzz"},
	{"whole", "layout whole 64\n  r 64 random\n", ""},
	{"wholebytes", "layout wholebytes 64\n  r 64 random bytes\n", ""},
	{"named", "layout named 64\n  h 56 hash[200:256] sha256\n  ver 8 = 0x50\n", "named"},
}

// int64Package parses one of int64Layouts and generates its package.
func int64Package(t *testing.T, name, spec string) (*layouts.Layout, []byte) {
	t.Helper()
	l, err := layouts.Parse(name+".layout", []byte(spec))
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	p := golang.Single(resolved.Must(l), name, "ID")
	if !p.Int64 || p.Text != "decimal" {
		t.Fatalf("%s: Single gives Int64 %v and text %q, want an int64 in decimal", name, p.Int64, p.Text)
	}
	src, err := golang.Generate(p)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return l, src
}

// TestInt64Layouts generates the package of each of int64Layouts, as
// `idforge gen` writes it, and runs its checks in a user's module (joinUserModule): its
// decimal text is what strconv.FormatUint writes of its bits, and Parse,
// FromBytes and the fixed-width forms read back every int64 (or refuse the
// negative ones, where the top bit is a constant zero); fuzz.Generated holds
// it to the interpreter; a batch Fill gives increasing, valid IDs; a
// name-based ID is the digest's bits with the constant written over them.
func TestInt64Layouts(t *testing.T) {
	m := joinUserModule(t, "int64")
	t.Parallel()
	dir := m.dir
	var imports, targets strings.Builder
	for _, c := range int64Layouts {
		l, src := int64Package(t, c.name, c.spec)
		write(t, filepath.Join(dir, c.name, c.name+"_gen.go"), src)
		write(t, filepath.Join(dir, c.name, "text_test.go"), []byte(fmt.Sprintf(int64TextTest, c.name, topBitZero(l))))
		if strings.Contains(c.checks, "fill") {
			write(t, filepath.Join(dir, c.name, "fill_test.go"), []byte(strings.Replace(int64FillTest, "PKG", c.name, 1)))
		}
		if strings.Contains(c.checks, "named") {
			write(t, filepath.Join(dir, c.name, "named_test.go"), []byte(strings.Replace(int64NamedTest, "PKG", c.name, 1)))
		}
		if strings.Contains(c.checks, "fuzz") {
			fmt.Fprintf(&imports, "\t\"%s/%s\"\n", m.path, c.name)
			targets.WriteString(randomTarget(l, c.name, c.spec))
		}
	}
	write(t, filepath.Join(dir, "randomtest", "random_test.go"), []byte(fmt.Sprintf(randomTestFile, imports.String(), targets.String())))
	m.check(t)
}

// topBitZero reports whether a layout's top bit is a constant zero, so that
// the int64s of its package are never negative.
func topBitZero(l *layouts.Layout) bool {
	top := l.Segments[0]
	return top.Field < 0 && l.Parts[top.Parts[0]].Const>>(top.Width-1) == 0
}

// int64TextTest holds a package's decimal text to strconv, and its other
// readers and Compare to the same values.
const int64TextTest = `package %s

import (
	"cmp"
	"encoding/binary"
	"errors"
	"math"
	"math/rand/v2"
	"strconv"
	"testing"
)

// fixedSign says the top bit is a constant zero: no ID is negative.
const fixedSign = %t

func TestDecimal(t *testing.T) {
	t.Parallel()
	values := []int64{0, 1, -1, math.MaxInt64, math.MinInt64, 175928847299117063, -4342302033547308197}
	r := rand.New(rand.NewPCG(1, 2))
	for range 500 {
		values = append(values, int64(r.Uint64()))
	}
	for i, v := range values {
		id := ID(v)
		b := binary.BigEndian.AppendUint64(nil, uint64(v))
		text := strconv.FormatUint(uint64(v), 10) // the bits, unsigned, as Discord writes its IDs
		readers := []struct {
			what string
			read func() (ID, error)
		}{
			{"Parse", func() (ID, error) { return Parse(text) }},
			{"FromBytes", func() (ID, error) { return FromBytes(b) }},
			{"ParseHex", func() (ID, error) { return ParseHex(id.Hex()) }},
			{"ParseBase62", func() (ID, error) { return ParseBase62(id.Base62()) }},
			{"ParseCrockford", func() (ID, error) { return ParseCrockford(id.Crockford()) }},
		}
		if fixedSign && v < 0 {
			// Decimal of 2^63 or more is not an ID's text (ErrOverflow,
			// or ErrLength for 20 digits); the other forms of such bits
			// are too large for an ID too.
			if got, err := readers[0].read(); err == nil {
				t.Fatalf("%%d, whose top bit is set: Parse gives %%d", v, got)
			}
			for _, c := range readers[1:] {
				if got, err := c.read(); !errors.Is(err, ErrOverflow) {
					t.Fatalf("%%d, whose top bit is set: %%s gives %%d, %%v; want ErrOverflow", v, c.what, got, err)
				}
			}
			continue
		}
		if id.String() != text {
			t.Fatalf("String() = %%q, want %%q", id.String(), text)
		}
		if got, _ := id.MarshalText(); string(got) != text {
			t.Fatalf("MarshalText() = %%q, want %%q", got, text)
		}
		for _, c := range readers {
			if got, err := c.read(); err != nil || got != id {
				t.Fatalf("%%d: %%s gives %%d, %%v", v, c.what, got, err)
			}
		}
		// Compare orders IDs as their bits do, unsigned.
		if w := values[(i+1)%%len(values)]; !fixedSign || w >= 0 {
			if got, want := id.Compare(ID(w)), cmp.Compare(uint64(v), uint64(w)); got != want {
				t.Fatalf("%%d.Compare(%%d) = %%d, want %%d", v, w, got, want)
			}
		}
	}
	// Decimal text has no sign; it runs to 2^63-1 where the top bit is a
	// constant zero, else to 2^64-1.
	bad := []string{"", "-", "-0", "-1", "+1", "01", "-01", " 1", "1 ", "-9223372036854775809", "1e3", "18446744073709551616", "99999999999999999999"}
	if fixedSign {
		bad = append(bad, "9223372036854775808", "18446744073709551615")
	}
	for _, s := range bad {
		if id, err := Parse(s); err == nil {
			t.Errorf("Parse(%%q) = %%d", s, id)
		}
	}
}
`

// int64FillTest checks a batch Fill: more IDs than one batch, each greater
// than the one before (as Compare orders them), valid, and above the ID
// Next made before it.
const int64FillTest = `package PKG

import "testing"

func TestFill(t *testing.T) {
	t.Parallel()
	g, err := NewGenerator()
	if err != nil {
		t.Fatal(err)
	}
	prev, err := g.Next()
	if err != nil {
		t.Fatal(err)
	}
	dst := make([]ID, 300)
	if err := g.Fill(dst); err != nil {
		t.Fatal(err)
	}
	for i, id := range dst {
		if !id.Valid() || id.Compare(prev) <= 0 {
			t.Fatalf("ID %d of Fill: %d (valid %v), after %d", i, id, id.Valid(), prev)
		}
		prev = id
	}
}
`

// int64NamedTest checks a name-based ID against the digest it comes from:
// the top 56 bits of the SHA-256 of the namespace's big-endian bytes and the
// name, and the constant 0x50 below them.
const int64NamedTest = `package PKG

import (
	"crypto/sha256"
	"encoding/binary"
	"testing"
)

func TestNamed(t *testing.T) {
	t.Parallel()
	ns := ID(-4342302033547308197)
	sum := sha256.Sum256(append(binary.BigEndian.AppendUint64(nil, uint64(ns)), "example.com"...))
	want := ID(binary.BigEndian.Uint64(sum[:])&^0xff | 0x50)
	if got := New(ns, "example.com"); got != want || !got.Valid() {
		t.Fatalf("New = %d (valid %v), want %d", got, got.Valid(), want)
	}
}
`
