package interp_test

import (
	"bytes"
	"errors"
	"fmt"
	"math/big"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/idforge/idforge/encodings"
	"github.com/idforge/idforge/interp"
	"github.com/idforge/idforge/layouts"
)

// specLayouts returns every built-in layout and every layout of the
// conformance corpus's files.
func specLayouts(t *testing.T) []*layouts.Layout {
	t.Helper()
	ls, err := layouts.Builtins()
	if err != nil {
		t.Fatal(err)
	}
	for _, dir := range []string{"random", "texts"} {
		files, err := filepath.Glob(filepath.Join("..", "conformance", dir, "*.layout"))
		if err != nil || len(files) == 0 {
			t.Fatalf("no layouts in conformance/%s: %v", dir, err)
		}
		for _, name := range files {
			src, err := os.ReadFile(name)
			if err != nil {
				t.Fatal(err)
			}
			l, err := layouts.Parse(name, src)
			if err != nil {
				t.Fatal(err)
			}
			ls = append(ls, l)
		}
	}
	return ls
}

// TestTextFormIsTheModels checks that the interpreter, which decides a
// layout's text from the spec in its own words, decides as the model's
// one rule (layouts.Layout.CanonicalText) does, for every layout the
// corpus holds and for layouts near the UUID rule's edges.
func TestTextFormIsTheModels(t *testing.T) {
	ls := specLayouts(t)
	for _, src := range []string{
		"layout a 128\n  r 48 random\n  v 4 = 8\n  s 12 random\n  w 2 = 0b10\n  t 62 random\n",
		"layout b 128\n  r 48 random\n  v 4 = 8\n  s 12 random\n  w 2 = 0b11\n  t 62 random\n",
		"layout c 128\n  r 48 random\n  v 4 random\n  s 12 random\n  w 2 = 0b10\n  t 62 random\n",
		"layout d 128\n  r 47 random\n  v 5 = 8\n  s 12 random\n  w 2 = 0b10\n  t 62 random\n",
		"layout e 64\n  r 64 random\n",
		"layout f 64\n  r 64 random\n  text crockford\n",
		"layout g 96\n  r 96 random bytes\n",
	} {
		l, err := layouts.Parse("edge.layout", []byte(src))
		if err != nil {
			t.Fatal(err)
		}
		ls = append(ls, l)
	}
	for _, l := range ls {
		if got, want := interp.TextForm(l), l.CanonicalText(); got != want {
			t.Errorf("%s: interp.TextForm = %q, the model's CanonicalText = %q", l.Name, got, want)
		}
	}
	if got := interp.TextForm(nil); got != "base62" {
		t.Errorf("TextForm(nil) = %q, want base62", got)
	}
}

// units are the spec language's units, each with its tick in seconds as
// a fraction written out here, not read from the model.
var units = []struct {
	spec     string
	num, den int64
}{
	{"s", 1, 1}, {"10ms", 1, 100}, {"ms", 1, 1000}, {"us", 1, 1e6}, {"µs", 1, 1e6},
	{"100ns", 1, 1e7}, {"10ns", 1, 1e8}, {"ns", 1, 1e9},
	{"2^-12s", 1, 4096}, {"2^-20s", 1, 1 << 20}, {"2^-32s", 1, 1 << 32}, {"ms/4096", 1, 4096000},
}

// epochs are spec epochs and the instants they name.
var epochs = []struct {
	spec string
	at   time.Time
}{
	{"unix", time.Unix(0, 0)},
	{"gregorian", time.Date(1582, 10, 15, 0, 0, 0, 0, time.UTC)},
	{"2010-11-04T01:42:54.657Z", time.UnixMilli(1288834974657)},
	{"2014-05-13T16:53:20Z", time.Unix(1400000000, 0)},
}

// TestClockByDefinition checks the interpreter's tick arithmetic, for
// every unit and several epochs, against the definitions written as exact
// fractions: tick k starts k*num/den seconds after the epoch; Ticks(t) is
// the k with start(k) <= t < start(k+1); MinAt's tick is the first whose
// start is at or after t; MaxAt's the last whose start, rounded down to
// the nanosecond, is at or before t; TicksTime(k) is start(k) rounded
// down to the nanosecond.
func TestClockByDefinition(t *testing.T) {
	rnd := rand.New(rand.NewPCG(1, 2))
	for _, u := range units {
		for _, e := range epochs {
			spec := fmt.Sprintf("layout c 128\n  t 64 time %s %s\n  r 64 random\n", e.spec, u.spec)
			l, err := layouts.Parse("clock.layout", []byte(spec))
			if errors.Is(err, layouts.ErrOverflow) {
				continue // 64 bits of 2^-32 s from 1582 ended in 1718
			}
			if err != nil {
				t.Fatalf("%s: %v", spec, err)
			}
			v, _ := l.Value(layouts.Time)
			tick := big.NewRat(u.num, u.den)
			// start returns the exact start of tick k, in seconds since
			// the Unix epoch.
			epoch := new(big.Rat).SetFrac(big.NewInt(e.at.UnixNano()), big.NewInt(1e9))
			if e.at.Year() < 1678 {
				epoch.SetFrac(new(big.Int).Add(new(big.Int).Mul(big.NewInt(e.at.Unix()), big.NewInt(1e9)), big.NewInt(int64(e.at.Nanosecond()))), big.NewInt(1e9))
			}
			start := func(k *big.Int) *big.Rat {
				r := new(big.Rat).Mul(new(big.Rat).SetInt(k), tick)
				return r.Add(r, epoch)
			}
			at := func(t time.Time) *big.Rat {
				return new(big.Rat).SetFrac(new(big.Int).Add(new(big.Int).Mul(big.NewInt(t.Unix()), big.NewInt(1e9)), big.NewInt(int64(t.Nanosecond()))), big.NewInt(1e9))
			}
			// floorNs rounds an instant in seconds down to the nanosecond.
			floorNs := func(r *big.Rat) *big.Rat {
				ns := new(big.Rat).Mul(r, big.NewRat(1e9, 1))
				q := new(big.Int).Div(ns.Num(), ns.Denom())
				return new(big.Rat).SetFrac(q, big.NewInt(1e9))
			}
			one := big.NewInt(1)
			for i := 0; i < 60; i++ {
				// Instants from the epoch on, near tick starts and anywhere.
				var tt time.Time
				switch i % 3 {
				case 0:
					tt = e.at.Add(time.Duration(rnd.Int64N(int64(100 * 365 * 24 * time.Hour))))
				case 1:
					k := big.NewInt(rnd.Int64N(1 << 40))
					s := start(k)
					ns := new(big.Int).Div(new(big.Int).Mul(s.Num(), big.NewInt(1e9)), s.Denom())
					sec, nsec := new(big.Int).DivMod(ns, big.NewInt(1e9), new(big.Int))
					tt = time.Unix(sec.Int64(), nsec.Int64()+int64(rnd.IntN(3))-1).UTC()
				default:
					tt = e.at.Add(time.Duration(rnd.Int64N(5000)))
				}
				if tt.Before(e.at) {
					continue
				}
				x := at(tt)
				k, err := interp.Ticks(v, tt)
				if err != nil {
					t.Fatalf("%s %s: Ticks(%v): %v", u.spec, e.spec, tt, err)
				}
				next := new(big.Int).Add(k, one)
				if start(k).Cmp(x) > 0 || start(next).Cmp(x) <= 0 {
					t.Errorf("%s %s: Ticks(%v) = %v: not the tick it falls in", u.spec, e.spec, tt, k)
				}
				if got, want := at(interp.TicksTime(v, k)), floorNs(start(k)); got.Cmp(want) != 0 {
					t.Errorf("%s %s: TicksTime(%v) = %v, want %v", u.spec, e.spec, k, got, want)
				}
				lo, err := interp.MinAt(l, tt)
				if err != nil {
					t.Fatal(err)
				}
				kmin, _ := interp.Role(l, lo, layouts.Time)
				prev := new(big.Int).Sub(kmin, one)
				if start(kmin).Cmp(x) < 0 || prev.Sign() >= 0 && start(prev).Cmp(x) >= 0 {
					t.Errorf("%s %s: MinAt(%v) has tick %v: not the first at or after", u.spec, e.spec, tt, kmin)
				}
				hi, err := interp.MaxAt(l, tt)
				if err != nil {
					t.Fatal(err)
				}
				kmax, _ := interp.Role(l, hi, layouts.Time)
				if floorNs(start(kmax)).Cmp(x) > 0 || floorNs(start(new(big.Int).Add(kmax, one))).Cmp(x) <= 0 {
					t.Errorf("%s %s: MaxAt(%v) has tick %v: not the last whose time is at or before", u.spec, e.spec, tt, kmax)
				}
			}
		}
	}
}

// TestClockPublished holds the interpreter's times to published
// instants: RFC 9562's v1 and v6 timestamp (Appendix A.1 and A.5), its
// v7 one (A.6), the ULID spec's example, KSUID's README example and the
// Twitter epoch.
func TestClockPublished(t *testing.T) {
	for _, c := range []struct {
		layout string
		ticks  uint64
		want   time.Time
	}{
		// 0x1EC9414C232AB00 100-ns ticks since 1582-10-15: "Tuesday,
		// February 22, 2022 2:22:22.000000 PM GMT-05:00".
		{"uuidv1", 0x1EC9414C232AB00, time.Date(2022, 2, 22, 19, 22, 22, 0, time.UTC)},
		{"uuidv6", 0x1EC9414C232AB00, time.Date(2022, 2, 22, 19, 22, 22, 0, time.UTC)},
		// 0x017F22E279B0 ms: the same instant.
		{"uuidv7", 0x017F22E279B0, time.Date(2022, 2, 22, 19, 22, 22, 0, time.UTC)},
		{"ulid", 1469918176385, time.UnixMilli(1469918176385)},
		// 107608047 s after 1400000000: the README's "2017-10-09
		// 21:00:47 -0700 PDT".
		{"ksuid", 107608047, time.Date(2017, 10, 9, 21, 0, 47, 0, time.FixedZone("PDT", -7*3600))},
		{"twitter", 0, time.UnixMilli(1288834974657)},
	} {
		l, err := layouts.Builtin(c.layout)
		if err != nil {
			t.Fatal(err)
		}
		v, _ := l.Value(layouts.Time)
		k := new(big.Int).SetUint64(c.ticks)
		if got := interp.TicksTime(v, k); !got.Equal(c.want) {
			t.Errorf("%s: TicksTime(%#x) = %v, want %v", c.layout, c.ticks, got, c.want)
		}
		if got, err := interp.Ticks(v, c.want); err != nil || got.Cmp(k) != 0 {
			t.Errorf("%s: Ticks(%v) = %v, %v; want %#x", c.layout, c.want, got, err, c.ticks)
		}
	}
}

// TestTextPublished holds the interpreter's text to published IDs: the
// KSUID README's, the ULID spec's, RFC 9562's v7 and the largest KSUID.
func TestTextPublished(t *testing.T) {
	for _, c := range []struct{ layout, form, hex, text string }{
		{"ksuid", "base62", "0669f7efb5a1cd34b5f99d1154fb6853345c9735", "0ujtsYcgvSTl8PAuAdqWYSMnLOv"},
		{"ksuid", "base62", strings.Repeat("ff", 20), "aWgEPTl1tmebfsQzFP4bxwgy80V"},
		{"ulid", "crockford", "01563df36481" + strings.Repeat("00", 10), "01ARYZ6S410000000000000000"},
		{"uuidv7", "uuid", "017f22e279b07cc398c4dc0c0c07398f", "017f22e2-79b0-7cc3-98c4-dc0c0c07398f"},
		{"twitter", "decimal", "7fffffffffffffff", "9223372036854775807"},
	} {
		l, err := layouts.Builtin(c.layout)
		if err != nil {
			t.Fatal(err)
		}
		b := unhex(t, c.hex)
		if got, err := interp.Encode(l, c.form, b); err != nil || got != c.text {
			t.Errorf("%s: Encode(%s, %s) = %q, %v; want %q", c.layout, c.form, c.hex, got, err, c.text)
		}
		if got, err := interp.Decode(l, c.form, c.text); err != nil || !bytes.Equal(got, b) {
			t.Errorf("%s: Decode(%s, %q) = %x, %v; want %s", c.layout, c.form, c.text, got, err, c.hex)
		}
	}
	// A ULID whose first character is above 7 overflows 128 bits.
	l, _ := layouts.Builtin("ulid")
	if _, err := interp.Decode(l, "crockford", "81ARYZ6S410000000000000000"); !errors.Is(err, interp.ErrOverflow) {
		t.Errorf("Decode of a ULID above the largest = %v, want ErrOverflow", err)
	}
	// Decimal text is an ID's unsigned bits: a sign is no digit, though
	// big.Int prints -1 as it reads it (and FillBytes takes |x|).
	sf, _ := layouts.Builtin("snowflake")
	for _, text := range []string{"-1", "+1", "-0", "01"} {
		if got, err := interp.Decode(sf, "decimal", text); !errors.Is(err, interp.ErrSyntax) {
			t.Errorf("Decode(snowflake, decimal, %q) = %x, %v; want ErrSyntax", text, got, err)
		}
	}
}

// unhex reads hex digits, failing the test on a bad one.
func unhex(t *testing.T, s string) []byte {
	t.Helper()
	b := make([]byte, len(s)/2)
	for i := range b {
		if _, err := fmt.Sscanf(s[2*i:2*i+2], "%02x", &b[i]); err != nil {
			t.Fatalf("bad hex %q: %v", s, err)
		}
	}
	return b
}

// TestTextAgainstCodecs compares the interpreter's writing and reading of
// every built-in encoding, digit by digit over the declaration, with the
// encodings' own codecs, on IDs of sizes 1 to 40 bytes and on texts
// changed in one character: the same text, the same bytes, the same kind
// of error. Two implementations written apart that agree are what the
// corpus rests on.
func TestTextAgainstCodecs(t *testing.T) {
	rnd := rand.New(rand.NewPCG(3, 4))
	for _, e := range encodings.Builtins() {
		sp := e.Spec()
		for n := 1; n <= 40; n++ {
			if e.EncodedLen(n) < 0 {
				continue
			}
			field := fmt.Sprintf("r %d random", 8*n)
			if n > 8 {
				field += " bytes"
			}
			l, err := layouts.Parse("t.layout", fmt.Appendf(nil, "layout t %d\n  %s\n  text %s\n", 8*n, field, sp.Name))
			if err != nil {
				t.Fatal(err)
			}
			if got, want := interp.TextWidth(sp, n), e.EncodedLen(n); got != want {
				t.Errorf("%s, %d bytes: TextWidth %d, EncodedLen %d", sp.Name, n, got, want)
			}
			for i := 0; i < 8; i++ {
				b := make([]byte, n)
				switch i {
				case 0:
				case 1:
					for j := range b {
						b[j] = 0xff
					}
				default:
					for j := range b {
						b[j] = byte(rnd.UintN(256))
					}
				}
				got, err := interp.Encode(l, sp.Name, b)
				if want := e.EncodeToString(b); err != nil || got != want {
					t.Fatalf("%s: Encode(%x) = %q, %v; the codec writes %q", sp.Name, b, got, err, want)
				}
				if back, err := interp.Decode(l, sp.Name, got); err != nil || !bytes.Equal(back, b) {
					t.Errorf("%s: Decode(%q) = %x, %v; want %x", sp.Name, got, back, err, b)
				}
				for _, s := range mutations(got, sp, rnd) {
					ib, ierr := interp.Decode(l, sp.Name, s)
					if len(s) != len(got) {
						// The codec reads every width, an ID's reader one.
						if !errors.Is(ierr, interp.ErrLength) {
							t.Errorf("%s, %d bytes: %q reads as %x, %v; want ErrLength", sp.Name, n, s, ib, ierr)
						}
						continue
					}
					cb, cerr := e.DecodeString(s)
					if kind(ierr) != codecKind(cerr) || ierr == nil && !bytes.Equal(ib, cb) {
						t.Errorf("%s, %d bytes: %q reads as %x, %v; the codec's %x, %v", sp.Name, n, s, ib, ierr, cb, cerr)
					}
				}
			}
		}
	}
}

// mutations returns texts near s: a character changed to every digit and
// to characters outside the alphabet, letters in the other case, a
// character more and one less, the largest digit everywhere.
func mutations(s string, sp encodings.Spec, rnd *rand.Rand) []string {
	var out []string
	i := rnd.IntN(len(s))
	for _, j := range []int{i, len(s) - 1, 0} {
		for _, c := range sp.Digits + "!-_~*$=Uu" + encodings.CheckDigits {
			out = append(out, s[:j]+string(c)+s[j+1:])
		}
	}
	out = append(out, strings.ToLower(s), strings.ToUpper(s), s+"0", s[1:], "",
		strings.Repeat(sp.Digits[len(sp.Digits)-1:], len(s)))
	slices.Sort(out)
	return slices.Compact(out)
}

// kind names the kind of an interpreter's reading error.
func kind(err error) string {
	switch {
	case err == nil:
		return ""
	case errors.Is(err, interp.ErrLength):
		return "length"
	case errors.Is(err, interp.ErrSyntax):
		return "syntax"
	case errors.Is(err, interp.ErrOverflow):
		return "overflow"
	}
	return err.Error()
}

// codecKind names the kind of a codec's error.
func codecKind(err error) string {
	switch {
	case err == nil:
		return ""
	case errors.Is(err, encodings.ErrLength):
		return "length"
	case errors.Is(err, encodings.ErrInvalidChar):
		return "syntax"
	case errors.Is(err, encodings.ErrOverflow):
		return "overflow"
	}
	return err.Error()
}

// TestFieldsBitByBit checks Fields against Unpack on every layout of the
// corpus, for IDs made by Pack from random values: the fields Pack was
// given come back, and a changed constant changes no field.
func TestFieldsBitByBit(t *testing.T) {
	rnd := rand.New(rand.NewPCG(5, 6))
	for _, l := range specLayouts(t) {
		for i := 0; i < 10; i++ {
			vals := interp.Values{}
			for _, f := range l.Fields {
				x := new(big.Int)
				for b := 0; b < f.Width; b++ {
					x.SetBit(x, b, uint(rnd.IntN(2)))
				}
				vals[f.Name] = x
			}
			id, err := interp.Pack(l, vals)
			if err != nil {
				t.Fatalf("%s: Pack: %v", l.Name, err)
			}
			got, err := interp.Fields(l, id)
			if err != nil {
				t.Fatal(err)
			}
			for name, want := range vals {
				if got[name].Cmp(want) != 0 {
					t.Errorf("%s: field %s = %v, packed %v", l.Name, name, got[name], want)
				}
			}
			flipped := slices.Clone(id)
			for _, p := range l.Parts {
				if p.Role == layouts.Const {
					flipped[p.Offset/8] ^= 0x80 >> (p.Offset % 8)
				}
			}
			again, err := interp.Fields(l, flipped)
			if err != nil {
				t.Fatal(err)
			}
			for name, want := range vals {
				if again[name].Cmp(want) != 0 {
					t.Errorf("%s: with its constants flipped, field %s = %v, packed %v", l.Name, name, again[name], want)
				}
			}
		}
	}
}
