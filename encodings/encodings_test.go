package encodings_test

import (
	"bytes"
	"encoding/hex"
	"errors"
	"math/big"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/idforge/idforge/encodings"
)

func mustHex(s string) []byte {
	b, err := hex.DecodeString(s)
	if err != nil {
		panic(err)
	}
	return b
}

// newRand returns a deterministic source, so failures reproduce.
func newRand(t testing.TB) *rand.Rand {
	t.Helper()
	return rand.New(rand.NewPCG(uint64(len(t.Name())), 0x1d0f))
}

func randBytes(r *rand.Rand, n int) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(r.Uint32())
	}
	return b
}

// lengths lists the source lengths every test covers: all of 0..32 plus
// larger ones up to the Base62 limit.
func lengths() []int {
	var ns []int
	for n := 0; n <= 32; n++ {
		ns = append(ns, n)
	}
	return append(ns, 33, 39, 40, 41, 47, 48, 63, 64, 65, 100, 127, encodings.Base62MaxBytes)
}

func TestVectors(t *testing.T) {
	ff20 := bytes.Repeat([]byte{0xff}, 20)
	ulidTime := mustHex("01563df36481" + "00000000000000000000") // ms 1469918176385
	uuid := mustHex("6ba7b8109dad11d180b400c04fd430c8")
	tests := []struct {
		name  string
		codec codec
		src   []byte
		text  string
	}{
		{"ksuid", encodings.Base62, mustHex("0669F7EFB5A1CD34B5F99D1154FB6853345C9735"), "0ujtsYcgvSTl8PAuAdqWYSMnLOv"},
		{"ksuid max", encodings.Base62, ff20, "aWgEPTl1tmebfsQzFP4bxwgy80V"},
		{"ksuid zero", encodings.Base62, make([]byte, 20), strings.Repeat("0", 27)},
		{"base62 empty", encodings.Base62, []byte{}, ""},
		{"base62 one", encodings.Base62, []byte{1}, "01"},
		{"base62 0xff", encodings.Base62, []byte{0xff}, "47"},
		{"base62 16 zero", encodings.Base62, make([]byte, 16), strings.Repeat("0", 22)},
		{"base62 16 max", encodings.Base62, bytes.Repeat([]byte{0xff}, 16), "7n42DGM5Tflk9n8mt7Fhc7"},
		{"ulid time", encodings.Crockford, ulidTime, "01ARYZ6S410000000000000000"},
		{"ulid max", encodings.Crockford, bytes.Repeat([]byte{0xff}, 16), "7ZZZZZZZZZZZZZZZZZZZZZZZZZ"},
		{"ulid zero", encodings.Crockford, make([]byte, 16), strings.Repeat("0", 26)},
		{"uuid crockford", encodings.Crockford, uuid, "3BMYW117DD278R1D00R17X8C68"},
		{"crockford empty", encodings.Crockford, []byte{}, ""},
		{"crockford one", encodings.Crockford, []byte{0xff}, "7Z"},
		{"crockford five", encodings.Crockford, []byte("hello"), "D1JPRV3F"},
		{"uuid hex", encodings.Hex, uuid, "6ba7b8109dad11d180b400c04fd430c8"},
		{"hex empty", encodings.Hex, []byte{}, ""},
		{"hex bytes", encodings.Hex, []byte{0x00, 0x0f, 0xf0, 0xff}, "000ff0ff"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.codec.EncodeToString(tt.src); got != tt.text {
				t.Errorf("EncodeToString(%x) = %q, want %q", tt.src, got, tt.text)
			}
			got, err := tt.codec.DecodeString(tt.text)
			if err != nil || !bytes.Equal(got, tt.src) {
				t.Errorf("DecodeString(%q) = %x, %v; want %x", tt.text, got, err, tt.src)
			}
			if got == nil && err == nil {
				t.Errorf("DecodeString(%q) returned a nil slice", tt.text)
			}
		})
	}
}

// TestLengths checks EncodedLen against the oracle's exact width and
// DecodedLen as its inverse, including -1 for every length that is not a
// width.
func TestLengths(t *testing.T) {
	for _, o := range oracles {
		t.Run(o.name, func(t *testing.T) {
			isWidth := map[int]int{}
			maxN := 200
			if o.maxBytes >= 0 {
				maxN = o.maxBytes
			}
			for n := 0; n <= maxN; n++ {
				w := o.textLen(n)
				if got := o.codec.EncodedLen(n); got != w {
					t.Fatalf("EncodedLen(%d) = %d, want %d", n, got, w)
				}
				isWidth[w] = n
			}
			maxW := o.textLen(maxN)
			for m := -3; m <= maxW+20; m++ {
				want, ok := isWidth[m]
				if !ok {
					want = -1
				}
				if m > maxW && o.maxBytes < 0 {
					continue // beyond the range checked above
				}
				if got := o.codec.DecodedLen(m); got != want {
					t.Errorf("DecodedLen(%d) = %d, want %d", m, got, want)
				}
			}
			if got := o.codec.EncodedLen(-1); got != -1 {
				t.Errorf("EncodedLen(-1) = %d, want -1", got)
			}
		})
	}
	if got := encodings.Base62.EncodedLen(encodings.Base62MaxBytes + 1); got != -1 {
		t.Errorf("Base62.EncodedLen(max+1) = %d, want -1", got)
	}
	for n, w := range map[int]int{8: 11, 12: 17, 16: 22, 20: 27, 32: 43} {
		if got := encodings.Base62.EncodedLen(n); got != w {
			t.Errorf("Base62.EncodedLen(%d) = %d, want %d", n, got, w)
		}
	}
}

// values returns test inputs of length n: zero, the maximum, every power of
// two and its predecessor, every power of the base and its neighbours, and
// random values.
func values(o oracle, r *rand.Rand, n int) [][]byte {
	vals := [][]byte{make([]byte, n), bytes.Repeat([]byte{0xff}, n)}
	limit := new(big.Int).Lsh(big.NewInt(1), uint(8*n))
	add := func(x *big.Int) {
		if x.Sign() >= 0 && x.Cmp(limit) < 0 {
			vals = append(vals, x.FillBytes(make([]byte, n)))
		}
	}
	one := big.NewInt(1)
	for k := 0; k < 8*n; k++ {
		p := new(big.Int).Lsh(one, uint(k))
		add(p)
		add(new(big.Int).Sub(p, one))
	}
	for p := big.NewInt(1); p.Cmp(limit) < 0; p = new(big.Int).Mul(p, o.base()) {
		add(p)
		add(new(big.Int).Sub(p, one))
		add(new(big.Int).Add(p, one))
	}
	for range 64 {
		vals = append(vals, randBytes(r, n))
	}
	return vals
}

// TestOracle compares every entry point with the math/big oracle for every
// covered length.
func TestOracle(t *testing.T) {
	prefix := []byte("prefix:")
	for _, o := range oracles {
		t.Run(o.name, func(t *testing.T) {
			r := newRand(t)
			for _, n := range lengths() {
				if !o.supports(n) {
					continue
				}
				for _, src := range values(o, r, n) {
					want := o.encode(src)
					got := o.codec.EncodeToString(src)
					if got != want {
						t.Fatalf("EncodeToString(%x) = %q, want %q", src, got, want)
					}
					if app := o.codec.AppendEncode(bytes.Clone(prefix), src); string(app) != string(prefix)+want {
						t.Fatalf("AppendEncode(prefix, %x) = %q", src, app)
					}
					for _, text := range []string{want, strings.ToLower(want), strings.ToUpper(want)} {
						if !o.foldCase && text != want {
							continue
						}
						dec, err := o.codec.DecodeString(text)
						if err != nil || !bytes.Equal(dec, src) {
							t.Fatalf("DecodeString(%q) = %x, %v; want %x", text, dec, err, src)
						}
						app, err := o.codec.AppendDecode(bytes.Clone(prefix), []byte(text))
						if err != nil || !bytes.Equal(app, append(bytes.Clone(prefix), src...)) {
							t.Fatalf("AppendDecode(prefix, %q) = %q, %v", text, app, err)
						}
					}
				}
			}
		})
	}
}

// TestOverflow checks that the smallest out-of-range value, 2^(8n), and the
// largest string of each width are rejected wherever the width can hold
// them.
func TestOverflow(t *testing.T) {
	for _, o := range oracles {
		if o.bits || o.check {
			continue // TestPadding and TestCheckSymbol cover these
		}
		t.Run(o.name, func(t *testing.T) {
			for _, n := range lengths() {
				if !o.supports(n) {
					continue
				}
				w := o.width(n)
				limit := new(big.Int).Lsh(big.NewInt(1), uint(8*n))
				maxPlusOne, fits := o.encodeInt(limit, w)
				top := strings.Repeat(o.alphabet[len(o.alphabet)-1:], w)
				if !fits {
					// Every string of this width is in range: a full
					// width of digits is exactly 8n bits.
					if dec, err := o.codec.DecodeString(top); err != nil || len(dec) != n {
						t.Errorf("n=%d: DecodeString(%q) = %x, %v", n, top, dec, err)
					}
					continue
				}
				for _, s := range []string{maxPlusOne, top} {
					dec, err := o.codec.DecodeString(s)
					if !errors.Is(err, encodings.ErrOverflow) || dec != nil {
						t.Errorf("n=%d: DecodeString(%q) = %x, %v; want ErrOverflow", n, s, dec, err)
					}
					if _, err := o.decode(s); !errors.Is(err, encodings.ErrOverflow) {
						t.Errorf("oracle disagrees on %q: %v", s, err)
					}
				}
			}
		})
	}
}

func TestOrder(t *testing.T) {
	for _, o := range oracles {
		if !o.sorts() {
			continue
		}
		t.Run(o.name, func(t *testing.T) {
			r := newRand(t)
			check := func(a, b []byte) {
				t.Helper()
				sa, sb := o.codec.EncodeToString(a), o.codec.EncodeToString(b)
				if got, want := strings.Compare(sa, sb), bytes.Compare(a, b); got != want {
					t.Fatalf("order of %x, %x is %d; of %q, %q is %d", a, b, want, sa, sb, got)
				}
			}
			for n := 1; n <= 32; n++ {
				for range 200 {
					a, b := randBytes(r, n), randBytes(r, n)
					check(a, b)
					// Share a long prefix and differ only near the end.
					copy(b, a[:n-1-r.IntN(min(n, 3))])
					check(a, b)
					check(b, a)
					// Adjacent values v and v+1.
					c := bytes.Clone(a)
					if increment(c) {
						check(a, c)
						check(c, a)
					}
					check(a, a)
				}
				// Adjacent values around the all-ones tails that carry
				// across limbs.
				for k := 0; k < n; k++ {
					a := randBytes(r, n)
					for i := k; i < n; i++ {
						a[i] = 0xff
					}
					c := bytes.Clone(a)
					if increment(c) {
						check(a, c)
					}
				}
			}
		})
	}
}

// increment adds one to the big-endian number b in place and reports
// whether it did not wrap around.
func increment(b []byte) bool {
	for i := len(b) - 1; i >= 0; i-- {
		b[i]++
		if b[i] != 0 {
			return true
		}
	}
	return false
}

func TestDecodeErrors(t *testing.T) {
	ksuid := "0ujtsYcgvSTl8PAuAdqWYSMnLOv"
	ulid := "01ARYZ6S410000000000000000"
	uuid := "6ba7b8109dad11d180b400c04fd430c8"
	type bad struct {
		pos  int
		char byte
	}
	tests := []struct {
		name  string
		codec codec
		text  string
		err   error // sentinel; nil means success
		bad   bad   // for ErrInvalidChar
	}{
		// Length.
		{"base62 short", encodings.Base62, ksuid[3:], encodings.ErrLength, bad{}},  // 24 is no width
		{"base62 long", encodings.Base62, ksuid + "0", encodings.ErrLength, bad{}}, // 21 bytes take 29
		{"base62 not a width", encodings.Base62, "0", encodings.ErrLength, bad{}},
		{"base62 far too long", encodings.Base62, strings.Repeat("0", 1000), encodings.ErrLength, bad{}},
		{"crockford short", encodings.Crockford, ulid[1:], encodings.ErrLength, bad{}},
		{"crockford 3", encodings.Crockford, "000", encodings.ErrLength, bad{}},
		{"hex odd", encodings.Hex, uuid[1:], encodings.ErrLength, bad{}},
		{"length before char", encodings.Hex, "zzz", encodings.ErrLength, bad{}},
		// Empty input is the zero-length encoding.
		{"base62 empty", encodings.Base62, "", nil, bad{}},
		{"crockford empty", encodings.Crockford, "", nil, bad{}},
		{"hex empty", encodings.Hex, "", nil, bad{}},
		// Characters.
		{"base62 dash", encodings.Base62, ksuid[:5] + "-" + ksuid[6:], encodings.ErrInvalidChar, bad{5, '-'}},
		{"base62 NUL", encodings.Base62, "\x00" + ksuid[1:], encodings.ErrInvalidChar, bad{0, 0}},
		{"base62 last", encodings.Base62, ksuid[:26] + "+", encodings.ErrInvalidChar, bad{26, '+'}},
		{"base62 non-ASCII", encodings.Base62, ksuid[:10] + "\xc3\xa9" + ksuid[12:], encodings.ErrInvalidChar, bad{10, 0xc3}},
		{"base62 space", encodings.Base62, " " + ksuid[1:], encodings.ErrInvalidChar, bad{0, ' '}},
		{"base62 first of several", encodings.Base62, ksuid[:3] + "__" + ksuid[5:], encodings.ErrInvalidChar, bad{3, '_'}},
		{"base62 char before overflow", encodings.Base62, "zzzzzzzzzzzzzzzzzzzzzzzzzz.", encodings.ErrInvalidChar, bad{26, '.'}},
		{"crockford U", encodings.Crockford, "0U" + ulid[2:], encodings.ErrInvalidChar, bad{1, 'U'}},
		{"crockford u", encodings.Crockford, ulid[:25] + "u", encodings.ErrInvalidChar, bad{25, 'u'}},
		{"crockford hyphen", encodings.Crockford, ulid[:12] + "-" + ulid[13:], encodings.ErrInvalidChar, bad{12, '-'}},
		{"crockford U", encodings.Crockford, ulid[:7] + "U" + ulid[8:], encodings.ErrInvalidChar, bad{7, 'U'}},
		{"crockford u", encodings.Crockford, ulid[:7] + "u" + ulid[8:], encodings.ErrInvalidChar, bad{7, 'u'}},
		{"crockford hyphen", encodings.Crockford, ulid[:10] + "-" + ulid[11:], encodings.ErrInvalidChar, bad{10, '-'}},
		{"crockford NUL", encodings.Crockford, ulid[:3] + "\x00" + ulid[4:], encodings.ErrInvalidChar, bad{3, 0}},
		{"crockford newline", encodings.Crockford, ulid[:25] + "\n", encodings.ErrInvalidChar, bad{25, '\n'}},
		{"crockford 0x80", encodings.Crockford, "\x80" + ulid[1:], encodings.ErrInvalidChar, bad{0, 0x80}},
		{"crockford char before overflow", encodings.Crockford, "Z" + ulid[1:25] + "U", encodings.ErrInvalidChar, bad{25, 'U'}},
		{"hex g", encodings.Hex, "0g", encodings.ErrInvalidChar, bad{1, 'g'}},
		{"hex space", encodings.Hex, uuid[:31] + " ", encodings.ErrInvalidChar, bad{31, ' '}},
		{"hex 0xff", encodings.Hex, "\xff0", encodings.ErrInvalidChar, bad{0, 0xff}},
		{"hex NUL", encodings.Hex, "0\x00", encodings.ErrInvalidChar, bad{1, 0}},
		// Range.
		{"base62 max+1", encodings.Base62, "aWgEPTl1tmebfsQzFP4bxwgy80W", encodings.ErrOverflow, bad{}},
		{"base62 all z", encodings.Base62, strings.Repeat("z", 27), encodings.ErrOverflow, bad{}},
		{"base62 one byte 256", encodings.Base62, "48", encodings.ErrOverflow, bad{}},
		{"base62 one byte 255", encodings.Base62, "47", nil, bad{}},
		{"base62 16 max+1", encodings.Base62, "7n42DGM5Tflk9n8mt7Fhc8", encodings.ErrOverflow, bad{}},
		{"crockford 8", encodings.Crockford, "8" + ulid[1:], encodings.ErrOverflow, bad{}},
		{"crockford z", encodings.Crockford, "z" + ulid[1:], encodings.ErrOverflow, bad{}},
		{"crockford 7", encodings.Crockford, "7" + ulid[1:], nil, bad{}},
		{"crockford one byte", encodings.Crockford, "80", encodings.ErrOverflow, bad{}},
		// Case.
		{"crockford lower", encodings.Crockford, strings.ToLower(ulid), nil, bad{}},
		{"crockford mixed", encodings.Crockford, "01aRyZ6s410000000000000000", nil, bad{}},
		{"hex upper", encodings.Hex, strings.ToUpper(uuid), nil, bad{}},
		{"base62 case matters", encodings.Base62, strings.ToUpper(ksuid), nil, bad{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := tt.codec.DecodeString(tt.text)
			if tt.err == nil {
				if err != nil {
					t.Fatalf("DecodeString(%q) failed: %v", tt.text, err)
				}
				if want := tt.codec.DecodedLen(len(tt.text)); len(got) != want {
					t.Fatalf("DecodeString(%q) returned %d bytes, want %d", tt.text, len(got), want)
				}
				return
			}
			if !errors.Is(err, tt.err) || got != nil {
				t.Fatalf("DecodeString(%q) = %x, %v; want %v", tt.text, got, err, tt.err)
			}
			if !strings.HasPrefix(err.Error(), "encodings: ") {
				t.Errorf("error text %q lacks the package prefix", err)
			}
			var ice encodings.InvalidCharError
			if isChar := errors.As(err, &ice); isChar != (tt.err == encodings.ErrInvalidChar) {
				t.Fatalf("errors.As(%v, InvalidCharError) = %v", err, isChar)
			}
			if tt.err == encodings.ErrInvalidChar && (ice.Pos != tt.bad.pos || ice.Char != tt.bad.char) {
				t.Errorf("got %+v, want position %d char %q", ice, tt.bad.pos, tt.bad.char)
			}
			for _, other := range []error{encodings.ErrLength, encodings.ErrInvalidChar, encodings.ErrOverflow} {
				if other != tt.err && errors.Is(err, other) {
					t.Errorf("%v also matches %v", err, other)
				}
			}
		})
	}
}

func TestErrorText(t *testing.T) {
	tests := []struct {
		err  error
		want string
	}{
		{encodings.InvalidCharError{Pos: 3, Char: 'I'}, "encodings: invalid character 'I' at position 3"},
		{encodings.InvalidCharError{Pos: 0, Char: 0}, "encodings: invalid character 0x00 at position 0"},
		{encodings.InvalidCharError{Pos: 12, Char: ' '}, "encodings: invalid character 0x20 at position 12"},
		{encodings.InvalidCharError{Pos: 1, Char: 0xc3}, "encodings: invalid character 0xc3 at position 1"},
		{encodings.ErrLength, "encodings: invalid length"},
		{encodings.ErrOverflow, "encodings: value out of range"},
	}
	for _, tt := range tests {
		if got := tt.err.Error(); got != tt.want {
			t.Errorf("Error() = %q, want %q", got, tt.want)
		}
	}
	_, err := encodings.Base62.DecodeString("0")
	if want := "encodings: invalid length: 1 is not a Base62 encoded length"; err == nil || err.Error() != want {
		t.Errorf("Base62.DecodeString(\"0\") error = %v, want %q", err, want)
	}
}

// TestDecodeErrorLeavesDst checks that a failed AppendDecode returns dst
// itself with its contents untouched, whether or not dst had spare
// capacity, and that Base62 leaves even the spare capacity alone.
func TestDecodeErrorLeavesDst(t *testing.T) {
	inputs := map[codec][]string{
		encodings.Base62:    {"0", "aWgEPTl1tmebfsQzFP4bxwgy80W", "0ujtsYcgvSTl8PAuAdqWYSMnLO!", strings.Repeat("z", 172), strings.Repeat("0", 171) + "_"},
		encodings.Crockford: {"0", "81ARYZ6S410000000000000000", "01ARYZ6S41000000000000000U", "Z" + strings.Repeat("0", 206), strings.Repeat("0", 207) + "U"},
		encodings.Hex:       {"0", "6ba7b8109dad11d180b400c04fd430cx", strings.Repeat("0", 299) + "G"},
	}
	for c, texts := range inputs {
		for _, text := range texts {
			for _, spare := range []int{0, 500} {
				buf := bytes.Repeat([]byte{0xaa}, 5+spare)
				dst := buf[:5]
				got, err := c.AppendDecode(dst, []byte(text))
				if err == nil {
					t.Fatalf("AppendDecode(dst, %q) succeeded", text)
				}
				if len(got) != len(dst) || cap(got) != cap(dst) || &got[0] != &dst[0] {
					t.Errorf("AppendDecode(dst, %q) returned a different slice", text)
				}
				if !bytes.Equal(dst, bytes.Repeat([]byte{0xaa}, 5)) {
					t.Errorf("AppendDecode(dst, %q) changed dst: %x", text, dst)
				}
				_, isBase62 := c.(encodings.Base62Encoding)
				if isBase62 && !bytes.Equal(buf, bytes.Repeat([]byte{0xaa}, len(buf))) {
					t.Errorf("Base62.AppendDecode(dst, %q) wrote into dst's spare capacity", text)
				}
			}
		}
	}
}

func TestBase62EncodeTooLong(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Error("AppendEncode of Base62MaxBytes+1 bytes did not panic")
		}
	}()
	encodings.Base62.AppendEncode(nil, make([]byte, encodings.Base62MaxBytes+1))
}

func TestAllocs(t *testing.T) {
	for _, o := range oracles {
		for _, n := range []int{0, 1, 16, 20, 32} {
			src := randBytes(newRand(t), n)
			text := o.codec.EncodeToString(src)
			textBytes := []byte(text)
			enc := make([]byte, 0, len(text))
			dec := make([]byte, 0, n)
			checks := []struct {
				name string
				want float64
				f    func()
			}{
				{"AppendEncode", 0, func() { enc = o.codec.AppendEncode(enc[:0], src) }},
				{"AppendDecode", 0, func() { dec, _ = o.codec.AppendDecode(dec[:0], textBytes) }},
				{"EncodeToString", 1, func() { _ = o.codec.EncodeToString(src) }},
				{"DecodeString", 1, func() { _, _ = o.codec.DecodeString(text) }},
				{"AppendDecodeString", 0, func() {
					if e, ok := o.codec.(*encodings.Encoding); ok && e.Spec().Name != "base62" && e.Spec().Name != "crockford" && e.Spec().Name != "hex" {
						dec, _ = e.AppendDecodeString(dec[:0], text)
					}
				}},
			}
			for _, c := range checks {
				want := c.want
				if n == 0 {
					want = 0 // empty results need no memory
				}
				if got := testing.AllocsPerRun(100, c.f); got != want {
					t.Errorf("%s.%s with %d bytes: %v allocs, want %v", o.name, c.name, n, got, want)
				}
			}
		}
	}
}

// TestPadding checks the encodings that write bits from the top: the low
// padding bits of the last digit must be zero, and a last digit with any
// of them set is an invalid character there.
func TestPadding(t *testing.T) {
	for _, o := range oracles {
		if !o.bits {
			continue
		}
		t.Run(o.name, func(t *testing.T) {
			r := newRand(t)
			for _, n := range lengths() {
				pad := o.pad(n)
				if pad == 0 {
					continue
				}
				s := []byte(o.codec.EncodeToString(randBytes(r, n)))
				last := len(s) - 1
				d := strings.IndexByte(o.alphabet, s[last])
				s[last] = o.alphabet[d|1] // set the lowest padding bit
				_, err := o.codec.DecodeString(string(s))
				var ic encodings.InvalidCharError
				if !errors.As(err, &ic) || ic.Pos != last {
					t.Errorf("n=%d: DecodeString(%q) = %v; want an invalid character at %d", n, s, err, last)
				}
			}
		})
	}
}

// TestCheckSymbol checks Crockford's check symbol against hand-worked
// values and that every wrong symbol is refused.
func TestCheckSymbol(t *testing.T) {
	e, ok := encodings.Lookup("crockford-check")
	if !ok {
		t.Fatal("no crockford-check")
	}
	for _, c := range []struct {
		v    byte
		want string
	}{
		{0, "000"},    // "00", and 0 mod 37 is 0
		{36, "14U"},   // 36 = 1*32 + 4, and 36 mod 37 is the last symbol, U
		{37, "150"},   // 37 mod 37 = 0
		{0xff, "7Z~"}, // 255 = 7*32 + 31; 255 mod 37 = 33, '~'
	} {
		if got := e.EncodeToString([]byte{c.v}); got != c.want {
			t.Errorf("%d encodes to %q; want %q", c.v, got, c.want)
		}
		if b, err := e.DecodeString(strings.ToLower(c.want)); err != nil || b[0] != c.v {
			t.Errorf("DecodeString(%q) = %x, %v", strings.ToLower(c.want), b, err)
		}
	}
	for v := 0; v < 256; v++ {
		s := e.EncodeToString([]byte{byte(v)})
		want := string(encodings.CheckDigits[v%37])
		if s[len(s)-1:] != want {
			t.Errorf("%d encodes to %q; want check symbol %q", v, s, want)
		}
		for i := 0; i < len(encodings.CheckDigits); i++ {
			bad := s[:len(s)-1] + string(encodings.CheckDigits[i])
			_, err := e.DecodeString(bad)
			if (i == v%37) != (err == nil) {
				t.Errorf("DecodeString(%q) = %v", bad, err)
			}
		}
	}
}

// TestDeclaredVectors checks the declared encodings against published
// vectors: Bitcoin Core's base58_encode_decode.json (whose text has no
// padding, so ours is the same number left-padded with the zero digit '1')
// and an xid from rs/xid's README, whose base32hex is ours.
func TestDeclaredVectors(t *testing.T) {
	base58, _ := encodings.Lookup("base58")
	for _, v := range [][2]string{
		{"61", "2g"},
		{"626262", "a3gV"},
		{"636363", "aPEr"},
		{"73696d706c792061206c6f6e6720737472696e67", "2cFupjhnEsSn59qHXstmK2ffpLv2"},
		{"516b6fcd0f", "ABnLTmg"},
		{"bf4f89001e670274dd", "3SEo3LWLoPntC"},
		{"572e4794", "3EFU7m"},
		{"ecac89cad93923c02321", "EJDM8drfXA6uyA"},
		{"10c8511e", "Rt5zm"},
	} {
		src := mustHex(v[0])
		want := strings.Repeat("1", base58.EncodedLen(len(src))-len(v[1])) + v[1]
		if got := base58.EncodeToString(src); got != want {
			t.Errorf("base58 of %s = %q, want %q", v[0], got, want)
		}
		if b, err := base58.DecodeString(want); err != nil || !bytes.Equal(b, src) {
			t.Errorf("base58 DecodeString(%q) = %x, %v", want, b, err)
		}
	}
	base32hex, _ := encodings.Lookup("base32hex")
	// RFC 4648's test vectors for base32hex, without the padding '='
	// characters and in lower case, as xid writes it.
	for _, v := range [][2]string{{"f", "co"}, {"fo", "cpng"}, {"foo", "cpnmu"}, {"foob", "cpnmuog"}, {"fooba", "cpnmuoj1"}, {"foobar", "cpnmuoj1e8"}} {
		if got := base32hex.EncodeToString([]byte(v[0])); got != v[1] {
			t.Errorf("base32hex of %q = %q, want %q", v[0], got, v[1])
		}
		if b, err := base32hex.DecodeString(strings.ToUpper(v[1])); err != nil || string(b) != v[0] {
			t.Errorf("base32hex DecodeString(%q) = %q, %v", strings.ToUpper(v[1]), b, err)
		}
	}
}

// TestSpecLine checks that every built-in declaration reads back from the
// line Spec.String writes, and DigitLen and Pad against the oracle.
func TestSpecLine(t *testing.T) {
	for _, e := range encodings.Builtins() {
		again, err := encodings.Declare(e.Spec().String())
		if err != nil || again.Spec() != e.Spec() {
			t.Errorf("%s: Declare(%q) = %+v, %v", e.Name(), e.Spec().String(), again, err)
		}
	}
	for _, o := range oracles[3:] {
		e := o.codec.(*encodings.Encoding)
		for _, n := range []int{0, 1, 8, 12, 15, 16, 20} {
			if got, want := e.DigitLen(n), o.width(n); got != want {
				t.Errorf("%s.DigitLen(%d) = %d, want %d", o.name, n, got, want)
			}
			if got, want := e.Pad(n), int(o.pad(n)); got != want {
				t.Errorf("%s.Pad(%d) = %d, want %d", o.name, n, got, want)
			}
		}
	}
}

// TestCrockfordTSIDCases reads the texts of tsid-creator's TsidTest.testIsValid
// (github.com/f4b6a3/tsid-creator, src/test/java/com/github/f4b6a3/tsid/TsidTest.java):
// a TSID is 13 Crockford digits of 64 bits, read in any case, with I and L
// as 1 and O as 0; U, other characters and other lengths are refused. What
// reads writes back canonical: upper case, no aliases.
func TestCrockfordTSIDCases(t *testing.T) {
	for _, tt := range []struct {
		in, canonical string // canonical is "" for text that is refused
	}{
		{"0123456789ABC", "0123456789ABC"}, // all upper case
		{"0123456789abc", "0123456789ABC"}, // all lower case
		{"0123456789AbC", "0123456789ABC"}, // mixed case
		{"0123456789ABi", "0123456789AB1"}, // letter I
		{"0123456789ABl", "0123456789AB1"}, // letter L
		{"0123456789ABo", "0123456789AB0"}, // letter O
		{"0123456789ABI", "0123456789AB1"},
		{"0123456789ABL", "0123456789AB1"},
		{"0123456789ABO", "0123456789AB0"},
		{"0123456789ABu", ""},              // letter U
		{"0123456789AB#", ""},              // a special character
		{"0123456789AB\u3617", ""},         // a multibyte character
		{"0123456789AB", ""},               // 12 characters
		{"0123456789ABCC", ""},             // 14 characters
		{"", ""},                           // empty
		{"FZZZZZZZZZZZZ", "FZZZZZZZZZZZZ"}, // the largest TSID
		{"GZZZZZZZZZZZZ", ""},              // above 64 bits
	} {
		for _, e := range []interface {
			DecodeString(string) ([]byte, error)
			EncodeToString([]byte) string
		}{encodings.Crockford, mustLookup(t, "crockford")} {
			b, err := e.DecodeString(tt.in)
			switch {
			case tt.canonical == "" && err == nil && len(b) == 8:
				t.Errorf("%T: DecodeString(%q) = %x, want an error", e, tt.in, b)
			case tt.canonical != "" && (err != nil || len(b) != 8):
				t.Errorf("%T: DecodeString(%q) = %x, %v; want 8 bytes", e, tt.in, b, err)
			case tt.canonical != "" && e.EncodeToString(b) != tt.canonical:
				t.Errorf("%T: %q reads as %x, which writes %q, want %q", e, tt.in, b, e.EncodeToString(b), tt.canonical)
			}
		}
	}
}

func mustLookup(t *testing.T, name string) *encodings.Encoding {
	t.Helper()
	e, ok := encodings.Lookup(name)
	if !ok {
		t.Fatalf("no encoding %q", name)
	}
	return e
}

// Aliases are declared as ALIASES=DIGIT words, written back the same by
// Spec.String, and refused where they clash with a digit or name none.
func TestDeclareAliases(t *testing.T) {
	e, err := encodings.Declare("encoding tern Tern 012 fold xy=1 z=0")
	if err != nil {
		t.Fatal(err)
	}
	if s := e.Spec(); s.Aliases != "x1y1z0" || s.String() != "encoding tern Tern 012 fold xy=1 z=0" {
		t.Errorf("Spec %+v, String %q", s, s.String())
	}
	if got := e.Spec().DescribeAliases(); got != "x and y read as 1, z as 0" {
		t.Errorf("DescribeAliases = %q", got)
	}
	// X reads as 1 (fold), and the text writes back canonical.
	b, err := e.DecodeString("0XZy1z")
	if err != nil || e.EncodeToString(b) != "010110" || e.Canonical("0XZy1z") != "010110" {
		t.Errorf("0XZy1z: %x, %v, writes %q, canonical %q", b, err, e.EncodeToString(b), e.Canonical("0XZy1z"))
	}
	if v, ok := e.Digit('Y'); !ok || v != 1 {
		t.Errorf("Digit('Y') = %d, %v", v, ok)
	}
	for _, bad := range []string{
		"encoding t T 012 1=2",      // an alias that is a digit
		"encoding t T 012 x=9",      // a digit that is none
		"encoding t T 0ab fold A=0", // an alias that is a digit in the other case
		"encoding t T 012 =1",       // no alias
		"encoding t T 012 x=12",     // two digits
		"encoding t T 012 x=1 x=2",  // an alias twice
	} {
		if _, err := encodings.Declare(bad); !errors.Is(err, encodings.ErrSpec) {
			t.Errorf("Declare(%q) = %v, want ErrSpec", bad, err)
		}
	}
}
