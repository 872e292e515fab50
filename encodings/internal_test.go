package encodings

import (
	"errors"
	"math/big"
	"math/rand/v2"
	"testing"
)

// TestConstants checks the hand-written constants against their
// definitions.
func TestConstants(t *testing.T) {
	pow := func(e int64) *big.Int { return new(big.Int).Exp(big.NewInt(62), big.NewInt(e), nil) }
	if got := new(big.Int).SetUint64(base62ChunkBase); got.Cmp(pow(base62Chunk)) != 0 {
		t.Errorf("base62ChunkBase = %v, want 62^%d", got, base62Chunk)
	}
	if pow(base62Chunk+1).BitLen() <= 64 {
		t.Errorf("62^%d fits in 64 bits; base62Chunk could be larger", base62Chunk+1)
	}
	if got := new(big.Int).SetUint64(base62HalfBase); got.Cmp(pow(base62Chunk/2)) != 0 {
		t.Errorf("base62HalfBase = %v, want 62^%d", got, base62Chunk/2)
	}
	if got := int(base62Width[Base62MaxBytes]); got != base62MaxWidth {
		t.Errorf("base62MaxWidth = %d, want %d", base62MaxWidth, got)
	}
}

// TestDecodeTables checks that each table inverts its alphabet, folds case
// where it should, and marks everything else invalid.
func TestDecodeTables(t *testing.T) {
	tables := []struct {
		name     string
		alphabet string
		table    *[256]byte
		fold     bool
		aliases  string
	}{
		{"base62", base62Alphabet, &base62Decode, false, ""},
		{"crockford", crockfordAlphabet, &crockfordDecode, true, "IiLlOo"},
		{"hex", hexAlphabet, &hexDecode, true, ""},
	}
	for _, tt := range tables {
		want := [256]int{}
		for i := range want {
			want[i] = invalid
		}
		for i := 0; i < len(tt.alphabet); i++ {
			c := tt.alphabet[i]
			if i > 0 && c <= tt.alphabet[i-1] {
				t.Errorf("%s alphabet is not in ASCII order at %d", tt.name, i)
			}
			want[c] = i
			if tt.fold && c >= 'A' && c <= 'Z' {
				want[c+32] = i
			}
			if tt.fold && c >= 'a' && c <= 'z' {
				want[c-32] = i
			}
		}
		for _, a := range tt.aliases { // Crockford's: I and L read as 1, O as 0
			want[a] = map[rune]int{'I': 1, 'i': 1, 'L': 1, 'l': 1, 'O': 0, 'o': 0}[a]
		}
		for c := range 256 {
			if int(tt.table[c]) != want[c] {
				t.Errorf("%s table[%#x] = %#x, want %#x", tt.name, c, tt.table[c], want[c])
			}
		}
	}
}

// TestCrockfordAliases holds the hand-written Crockford codec's aliases
// to the declaration of "crockford" in builtin.encodings, the data every
// emitter reads, so that the fast path reads what the declaration says.
func TestCrockfordAliases(t *testing.T) {
	e, ok := Lookup("crockford")
	if !ok {
		t.Fatal("no crockford in builtin.encodings")
	}
	if s := e.Spec(); s.Aliases != crockfordAliases || s.Digits != crockfordAlphabet || !s.Fold {
		t.Errorf("builtin crockford is %q, fold %v, aliases %q; the hand-written codec has %q, fold, aliases %q",
			s.Digits, s.Fold, s.Aliases, crockfordAlphabet, crockfordAliases)
	}
	if e.fast != fastCrockford {
		t.Error("builtin crockford does not use the hand-written codec")
	}
	for c := range 256 {
		if v, ok := e.Digit(byte(c)); (v != crockfordDecode[c]) || ok != (crockfordDecode[c] != invalid) {
			t.Errorf("Digit(%q) = %d, %v; the hand-written table has %d", c, v, ok, crockfordDecode[c])
		}
	}
}

// TestCrockfordPartial checks the partial-group table against its
// definition: e = ceil(8r/5) characters for r bytes, with 5e-8r unused bits.
func TestCrockfordPartial(t *testing.T) {
	want := [8]struct{ bytes, unused int8 }{}
	for e := range want {
		want[e].bytes = -1
	}
	for r := 0; r < 5; r++ {
		e := (8*r + 4) / 5
		want[e].bytes, want[e].unused = int8(r), int8(5*e-8*r)
	}
	if crockfordPartial != want {
		t.Errorf("crockfordPartial = %v, want %v", crockfordPartial, want)
	}
}

// TestGenericMatchesFast checks the generic codec, on the alphabets that
// New hands to Base62, Crockford and Hex, against those codecs: every
// length up to 40 bytes, random values, both ways, and the same errors.
func TestGenericMatchesFast(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for _, name := range []string{"base62", "crockford", "hex"} {
		e, _ := Lookup(name)
		fast := map[string]interface {
			AppendEncode(dst, src []byte) []byte
			DecodeString(s string) ([]byte, error)
		}{"base62": Base62, "crockford": Crockford, "hex": Hex}[name]
		generic := *e
		generic.fast = noFast
		for n := 0; n <= 40; n++ {
			for range 50 {
				src := make([]byte, n)
				for i := range src {
					src[i] = byte(r.Uint32())
				}
				want := string(fast.AppendEncode(nil, src))
				got := generic.EncodeToString(src)
				if got != want {
					t.Fatalf("%s: generic encodes %x to %q, fast to %q", name, src, got, want)
				}
				// Damage one character and compare the decoders' verdicts.
				bad := []byte(want)
				if len(bad) > 0 {
					bad[r.IntN(len(bad))] = "0zZ~"[r.IntN(4)]
				}
				for _, s := range []string{want, string(bad), want + "0"} {
					gb, gerr := generic.DecodeString(s)
					fb, ferr := fast.DecodeString(s)
					if string(gb) != string(fb) || (gerr == nil) != (ferr == nil) || gerr != nil && gerr.Error() != ferr.Error() &&
						!(errors.Is(gerr, ErrLength) && errors.Is(ferr, ErrLength)) {
						t.Fatalf("%s: DecodeString(%q): generic %x, %v; fast %x, %v", name, s, gb, gerr, fb, ferr)
					}
				}
			}
		}
	}
}

// TestZeroEncoding checks that the zero Encoding refuses everything
// rather than dividing by zero.
func TestZeroEncoding(t *testing.T) {
	var e Encoding
	if e.EncodedLen(16) != -1 || e.DecodedLen(22) != -1 {
		t.Errorf("zero Encoding: EncodedLen %d, DecodedLen %d", e.EncodedLen(16), e.DecodedLen(22))
	}
	if _, err := e.DecodeString("abc"); !errors.Is(err, ErrLength) {
		t.Errorf("zero Encoding decodes: %v", err)
	}
	if _, err := e.AppendDecode(nil, []byte("")); !errors.Is(err, ErrLength) {
		t.Errorf("zero Encoding decodes the empty text: %v", err)
	}
	defer func() {
		if recover() == nil {
			t.Error("zero Encoding encoded")
		}
	}()
	e.EncodeToString([]byte{1})
}

// A declared encoding with the alphabet of a hand-tuned codec but other
// aliases is not given that codec, which reads its own aliases only.
func TestFastCodecsKeepAliases(t *testing.T) {
	for _, s := range []Spec{
		{Name: "b62x", Digits: base62Alphabet, Aliases: "-0"},
		{Name: "hexo", Digits: hexAlphabet, Fold: true, Aliases: "o0"},
		{Name: "plain-crockford", Digits: crockfordAlphabet, Fold: true},
	} {
		e, err := New(s)
		if err != nil {
			t.Fatal(err)
		}
		if e.fast != noFast {
			t.Errorf("%s: aliases %q, and the hand-tuned codec %d", s.Name, s.Aliases, e.fast)
		}
	}
}
