package jsonschema

import (
	"errors"
	"math/big"
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"

	"github.com/idforge/idforge/layouts"
	"github.com/idforge/idforge/resolved"
)

// rangeOf against a slow oracle: every string of up to four digits in
// bases 2, 3, 7 and 10, for bounds at and around every edge (all zeros,
// all top digits, each digit at its ends), matches exactly when its
// number is from lo to hi.
func TestRangeOracle(t *testing.T) {
	for _, base := range []int{2, 3, 7, 10} {
		cls := func(a, b int) string {
			var cs []byte
			for v := a; v <= b; v++ {
				cs = append(cs, "0123456789"[v])
			}
			return class(cs)
		}
		for w := 1; w <= 4; w++ {
			n := 1
			for range w {
				n *= base
			}
			bounds := []int{0, 1, base - 1, base, n / 2, n - base, n - 2, n - 1}
			for _, lo := range bounds {
				for _, hi := range bounds {
					if lo < 0 || hi >= n || lo > hi {
						continue
					}
					p := "^" + rangeOf(digitsOf(big.NewInt(int64(lo)), base, w), digitsOf(big.NewInt(int64(hi)), base, w), cls, base-1) + "$"
					re := regexp.MustCompile(p)
					for v := range n {
						s := text(v, base, w)
						if got, want := re.MatchString(s), lo <= v && v <= hi; got != want {
							t.Fatalf("base %d, width %d, [%d, %d]: %s matches %q: %v, want %v", base, w, lo, hi, p, s, got, want)
						}
					}
				}
			}
		}
	}
}

func text(v, base, w int) string {
	s := make([]byte, w)
	for i := w - 1; i >= 0; i-- {
		s[i] = "0123456789"[v%base]
		v /= base
	}
	return string(s)
}

// decimalPattern against a slow oracle: every number's text up to 10999,
// and other texts (digits, a leading zero, a sign) matches exactly when it is
// how strconv writes a number from lo to hi.
func TestDecimalOracle(t *testing.T) {
	bounds := []int64{0, 1, 9, 10, 11, 99, 100, 101, 999, 1000, 4567, 9999}
	for _, lo := range bounds {
		for _, hi := range bounds {
			if lo > hi {
				continue
			}
			p := "^" + decimalPattern(big.NewInt(lo), big.NewInt(hi)) + "$"
			re := regexp.MustCompile(p)
			for v := int64(0); v <= 10999; v++ {
				s := big.NewInt(v).String()
				if got, want := re.MatchString(s), lo <= v && v <= hi; got != want {
					t.Fatalf("[%d, %d]: %s matches %q: %v, want %v", lo, hi, p, s, got, want)
				}
			}
			for _, s := range []string{"", "00", "01", "007", "+1", "-0", "-1", "1.0", " 1"} {
				if re.MatchString(s) {
					t.Fatalf("[%d, %d]: %s matches %q", lo, hi, p, s)
				}
			}
		}
	}
}

// The field's overflow bugs, refused: a ULID whose first character is
// above 7 (zod, ulid-rs), a KSUID above aWgEPTl1tmebfsQzFP4bxwgy80V
// (valibot), a Snowflake at 2^63 and a Discord ID at 2^64; the largest
// valid IDs accepted.
func TestOverflowRefused(t *testing.T) {
	for _, c := range []struct {
		layout string
		text   string
		want   bool
	}{
		{"ulid", "7ZZZZZZZZZZZZZZZZZZZZZZZZZ", true},
		{"ulid", "7zzzzzzzzzzzzzzzzzzzzzzzzz", true},
		{"ulid", "01ARYZ6S41TSV4RRFFQ69G5FAV", true},
		{"ulid", "80000000000000000000000000", false},
		{"ulid", "8ZZZZZZZZZZZZZZZZZZZZZZZZZ", false},
		{"ulid", "01ARYZ6S41TSV4RRFFQ69G5FAU", false},
		{"ksuid", "aWgEPTl1tmebfsQzFP4bxwgy80V", true},
		{"ksuid", "0ujtsYcgvSTl8PAuAdqWYSMnLOv", true},
		{"ksuid", "aWgEPTl1tmebfsQzFP4bxwgy80W", false},
		{"ksuid", "aWgEPTl1tmebfsQzFP4bxwgy810", false},
		{"ksuid", "zzzzzzzzzzzzzzzzzzzzzzzzzzz", false},
		{"snowflake", "9223372036854775807", true},
		{"snowflake", "9223372036854775808", false},
		{"snowflake", "18446744073709551615", false},
		{"discord", "18446744073709551615", true},
		{"discord", "18446744073709551616", false},
		{"discord", "0", true},
		{"discord", "00", false},
		{"uuidv7", "017F22E2-79B0-7CC3-98C4-DC0C0C07398F", true},
		{"uuidv7", "017f22e2-79b0-7cc3-98c4-dc0c0c07398f", true},
		{"uuidv7", "017f22e2-79b0-4cc3-98c4-dc0c0c07398f", false},
		{"uuidv7", "017f22e2-79b0-7cc3-c8c4-dc0c0c07398f", false},
		{"uuidv7", "017f22e279b07cc398c4dc0c0c07398f", false},
		{"xid", "9m4e2mr0ui3e8a215n4g", true},
		{"xid", "9m4e2mr0ui3e8a215n41", false},
	} {
		p := pattern(t, c.layout)
		if got := regexp.MustCompile(p).MatchString(c.text); got != c.want {
			t.Errorf("%s: %s matches %q: %v, want %v", c.layout, p, c.text, got, c.want)
		}
	}
}

func pattern(t *testing.T, name string) string {
	t.Helper()
	l, err := layouts.Builtin(name)
	if err != nil {
		t.Fatal(err)
	}
	rl, err := resolved.New(l)
	if err != nil {
		t.Fatal(err)
	}
	p, err := Pattern(rl, rl.Text)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// Classes escape what ECMAScript's u flag, Python and RE2 would read as
// syntax, and nothing else (the u flag refuses an escaped letter or _).
func TestClassEscapes(t *testing.T) {
	for cs, want := range map[string]string{
		"-":           "-",
		"^":           `\^`,
		"-0123456789": `[\-0-9]`,
		"]^_|":        `[\]-_|]`, // ] ^ _ run as a range
		"+09":         "[+09]",
	} {
		if got := class([]byte(cs)); got != want {
			t.Errorf("class(%q) = %s, want %s", cs, got, want)
		}
	}
	if strings.Contains(pattern(t, "firebase"), `\_`) {
		t.Error("firebase's pattern escapes _")
	}
}

// Every built-in in every text form -text names (Base62, Crockford, hex,
// and its canonical one): where a pattern is written, it judges random
// IDs (half with the layout's constants) and random one-character changes
// of their texts as the text's reader (resolved.Text.Parse) and the
// constants do; where none is, the error matches ErrLayout, and the form
// is a Base62 one of a layout with constants below its top.
func TestTextForms(t *testing.T) {
	ls, err := layouts.Builtins()
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(68, 1))
	for _, l := range ls {
		rl, err := resolved.New(l)
		if err != nil {
			t.Fatal(err)
		}
		mask, value := rl.ConstMask(), new(big.Int).And(rl.ConstValue(), rl.ConstMask())
		for _, form := range append(resolved.CommonForms(), rl.Text.Name) {
			tx, err := resolved.TextIn(l, form)
			if err != nil {
				t.Fatal(err)
			}
			p, err := Pattern(rl, tx)
			if err != nil {
				if !errors.Is(err, ErrLayout) || form != "base62" || mask.Sign() == 0 {
					t.Errorf("%s -text %s: %v", l.Name, form, err)
				}
				continue
			}
			re := regexp.MustCompile(p)
			judge := func(s string) bool {
				b, err := tx.Parse(s)
				return err == nil && new(big.Int).And(new(big.Int).SetBytes(b), mask).Cmp(value) == 0
			}
			for range 300 {
				b := make([]byte, l.Bits/8)
				for i := range b {
					b[i] = byte(rng.Uint32())
				}
				if rng.IntN(2) == 0 {
					v := new(big.Int).SetBytes(b)
					v.AndNot(v, mask).Or(v, value).FillBytes(b)
				}
				s := tx.Format(b)
				m := []byte(s)
				m[rng.IntN(len(m))] = "0789afzAFZ-_ILOUilou"[rng.IntN(20)]
				for _, s := range []string{s, string(m)} {
					if got, want := re.MatchString(s), judge(s); got != want {
						t.Fatalf("%s -text %s: %s matches %q: %v, the reader says %v", l.Name, form, p, s, got, want)
					}
				}
			}
		}
	}
}
