package encodings

import (
	"encoding/binary"
	"math/bits"
)

// Base62MaxBytes is the longest source, in bytes, that [Base62] encodes and
// the longest it decodes to. Base62 conversion works on a fixed-size array
// on the stack, so it needs a bound; 128 bytes is far more than any ID needs.
const Base62MaxBytes = 128

// Base62 is the fixed-width base-62 encoding with alphabet 0-9A-Za-z. For 20
// bytes it produces the same 27 characters as a KSUID's string form.
var Base62 Base62Encoding

// Base62Encoding is the type of [Base62]. It encodes n bytes (0 <= n <=
// [Base62MaxBytes]) as the big-endian number they hold, in base 62 with
// digits "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz",
// left-padded with '0' to EncodedLen(n) characters: the smallest width w
// with 62^w >= 256^n (for example 8 bytes → 11, 16 → 22, 20 → 27, 32 → 43).
// The alphabet is in ASCII order, so encodings of equal-length inputs sort as
// the inputs do.
//
// Decoding is case-sensitive and strict: apart from length and alphabet
// errors, a string of the right width whose value is 256^n or more (a width
// holds more than 256^n values) is rejected with [ErrOverflow].
type Base62Encoding struct{}

const (
	base62Alphabet = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"

	// base62Limbs is the number of 64-bit limbs in Base62MaxBytes bytes.
	base62Limbs = (Base62MaxBytes + 7) / 8

	// base62MaxWidth is EncodedLen(Base62MaxBytes); a test checks it.
	base62MaxWidth = 172

	// The conversions move base62Chunk digits at a time between base 62
	// and 64-bit limbs: 62^10 is the largest power of 62 below 2^64.
	base62Chunk     = 10
	base62ChunkBase = 839299365868340224 // 62^10
	base62HalfBase  = 916132832          // 62^5, which fits in 32 bits
)

var (
	base62Decode = decodeTable(base62Alphabet, false)

	// base62Width[n] is EncodedLen(n); base62Source[w] is the n with
	// EncodedLen(n) == w, or -1 if there is none.
	base62Width, base62Source = base62Lengths()
)

// base62Lengths computes the Base62 width of every supported source length:
// the least w with 62^w >= 256^n, that is with bitlen(62^w) > 8n. It finds
// them by stepping through the powers of 62, held exactly in limbs.
func base62Lengths() (width [Base62MaxBytes + 1]uint8, source [base62MaxWidth + 1]int16) {
	var pow [base62Limbs + 2]uint64 // 62^w as little-endian limbs
	pow[0] = 1
	bitLen := func() int {
		for i := len(pow) - 1; i >= 0; i-- {
			if pow[i] != 0 {
				return 64*i + bits.Len64(pow[i])
			}
		}
		return 0
	}
	w := 0
	for n := range width {
		for bitLen() <= 8*n {
			var carry uint64
			for i := range pow {
				hi, lo := bits.Mul64(pow[i], 62)
				lo, c := bits.Add64(lo, carry, 0)
				pow[i], carry = lo, hi+c
			}
			w++
		}
		width[n] = uint8(w)
	}
	for i := range source {
		source[i] = -1
	}
	for n, w := range width {
		source[w] = int16(n)
	}
	return width, source
}

// EncodedLen returns the length in characters of the Base62 encoding of n
// source bytes: the least w with 62^w >= 256^n. It returns -1 if n is
// negative or greater than [Base62MaxBytes].
func (Base62Encoding) EncodedLen(n int) int {
	if n < 0 || n > Base62MaxBytes {
		return -1
	}
	return int(base62Width[n])
}

// DecodedLen returns the number of bytes that m characters of Base62 decode
// to: the n with EncodedLen(n) == m. Not every length is a Base62 width (a
// byte adds one or two characters); for a length that no n in 0 through
// [Base62MaxBytes] encodes to, DecodedLen returns -1.
func (Base62Encoding) DecodedLen(m int) int {
	if m < 0 || m > base62MaxWidth {
		return -1
	}
	return int(base62Source[m])
}

// AppendEncode appends the Base62 encoding of src, EncodedLen(len(src))
// characters, to dst and returns the extended slice. It allocates only if dst
// lacks the capacity. It panics if len(src) > [Base62MaxBytes].
func (Base62Encoding) AppendEncode(dst, src []byte) []byte {
	if len(src) > Base62MaxBytes {
		panic("encodings: Base62 source longer than Base62MaxBytes")
	}
	dst, out := grow(dst, int(base62Width[len(src)]))
	encodeBase62(out, src)
	return dst
}

// EncodeToString returns the Base62 encoding of src. It panics if
// len(src) > [Base62MaxBytes].
func (e Base62Encoding) EncodeToString(src []byte) string {
	var buf [base62MaxWidth]byte
	return string(e.AppendEncode(buf[:0], src))
}

// AppendDecode appends the bytes that the Base62 text src decodes to,
// DecodedLen(len(src)) of them, to dst and returns the extended slice. It
// allocates only if dst lacks the capacity. On error it returns dst
// unchanged, with nothing appended, and an error matching [ErrLength],
// [ErrInvalidChar] (as an [InvalidCharError]) or [ErrOverflow]. (Base62, unlike
// the other codecs, does not even touch dst's spare capacity on error.)
func (Base62Encoding) AppendDecode(dst, src []byte) ([]byte, error) {
	return decodeBase62(dst, src)
}

// DecodeString returns the bytes that the Base62 text s decodes to, or nil
// and an error as described for AppendDecode. The empty string decodes to an
// empty slice.
func (e Base62Encoding) DecodeString(s string) ([]byte, error) {
	n := e.DecodedLen(len(s))
	if n < 0 {
		return nil, lengthError("Base62", len(s))
	}
	b, err := decodeBase62(make([]byte, 0, n), s)
	if err != nil {
		return nil, err
	}
	return b, nil
}

// encodeBase62 writes the Base62 digits of the big-endian number src into
// out, which must be exactly EncodedLen(len(src)) long.
//
// The number is held in 64-bit limbs. Each pass divides it by 62^10 and
// writes the remainder as the next ten digits from the right, until the
// number fits in one limb; plain 64-bit arithmetic finishes it. Whatever
// is left of out when the number reaches zero is filled with '0'.
func encodeBase62(out, src []byte) {
	var x [base62Limbs]uint64
	k := loadLimbs(&x, src)
	for k > 0 && x[k-1] == 0 {
		k--
	}
	pos := len(out)
	for k > 1 {
		// Long division of x[:k] by 62^10, most significant limb first.
		// The running remainder r stays below the divisor, as Div64 needs.
		var r uint64
		for i := k - 1; i >= 0; i-- {
			x[i], r = bits.Div64(r, x[i], base62ChunkBase)
		}
		for k > 0 && x[k-1] == 0 {
			k--
		}
		// The width has room for every value, so while the number still
		// needs two limbs (>= 2^64 > 62^10) there are more than ten
		// positions left.
		pos -= base62Chunk
		putBase62Chunk(out[pos:pos+base62Chunk], r)
	}
	v := x[0] // the whole number now, possibly zero
	for pos >= base62Chunk {
		pos -= base62Chunk
		putBase62Chunk(out[pos:pos+base62Chunk], v%base62ChunkBase)
		v /= base62ChunkBase
	}
	for pos > 0 {
		pos--
		out[pos] = base62Alphabet[v%62]
		v /= 62
	}
}

// putBase62Chunk writes v < 62^10 as exactly ten Base62 digits into b.
// Splitting v into two five-digit halves keeps the digit extraction in
// 32-bit arithmetic and gives two independent dependency chains.
func putBase62Chunk(b []byte, v uint64) {
	_ = b[9]
	hi := uint32(v / base62HalfBase)
	lo := uint32(v % base62HalfBase)
	b[9] = base62Alphabet[lo%62]
	lo /= 62
	b[4] = base62Alphabet[hi%62]
	hi /= 62
	b[8] = base62Alphabet[lo%62]
	lo /= 62
	b[3] = base62Alphabet[hi%62]
	hi /= 62
	b[7] = base62Alphabet[lo%62]
	lo /= 62
	b[2] = base62Alphabet[hi%62]
	hi /= 62
	b[6] = base62Alphabet[lo%62]
	lo /= 62
	b[1] = base62Alphabet[hi%62]
	hi /= 62
	b[5] = base62Alphabet[lo]
	b[0] = base62Alphabet[hi]
}

// decodeBase62 implements AppendDecode and DecodeString.
//
// It reads the digits in chunks of ten (the first chunk takes the odd
// len%10 digits), turns each chunk into a number below 62^10 and folds it
// into the little-endian limbs as x = x*62^10 + chunk. The limbs never
// outgrow the ceil(n/8) that n bytes need: a carry out of the top one, or
// bits above 8n in it, mean the value does not fit in n bytes. Only when the
// whole input has been checked is anything appended to dst.
func decodeBase62[S text](dst []byte, src S) ([]byte, error) {
	w := len(src)
	n := Base62.DecodedLen(w)
	if n < 0 {
		return dst, lengthError("Base62", w)
	}
	limbs := (n + 7) / 8
	var x [base62Limbs]uint64
	k := 0 // limbs in use: x[k:] are zero
	var bad byte
	overflow := false
	end := w % base62Chunk
	if end == 0 {
		end = base62Chunk
	}
	for start := 0; start < w; start, end = end, end+base62Chunk {
		var v uint64
		for i := start; i < end; i++ {
			d := base62Decode[src[i]]
			bad |= d
			v = v*62 + uint64(d)
		}
		carry := v
		for i := 0; i < k; i++ {
			hi, lo := bits.Mul64(x[i], base62ChunkBase)
			lo, c := bits.Add64(lo, carry, 0)
			x[i], carry = lo, hi+c // hi < 62^10, so no wrap
		}
		if carry != 0 {
			if k < limbs {
				x[k] = carry
				k++
			} else {
				overflow = true
			}
		}
	}
	if bad&0x80 != 0 {
		return dst, firstInvalid(src, &base62Decode)
	}
	if overflow || (n%8 != 0 && x[limbs-1]>>(8*(n%8)) != 0) {
		return dst, ErrOverflow
	}
	dst, out := grow(dst, n)
	storeLimbs(out, &x)
	return dst, nil
}

// loadLimbs reads the big-endian number src into x as little-endian 64-bit
// limbs (x[0] least significant) and returns the number of limbs it spans.
func loadLimbs(x *[base62Limbs]uint64, src []byte) int {
	i := 0
	e := len(src)
	for ; e >= 8; e -= 8 {
		x[i] = binary.BigEndian.Uint64(src[e-8 : e])
		i++
	}
	if e > 0 {
		var v uint64
		for _, c := range src[:e] {
			v = v<<8 | uint64(c)
		}
		x[i] = v
		i++
	}
	return i
}

// storeLimbs writes the low len(out) bytes of the number held in x into out,
// big-endian. It is the inverse of loadLimbs.
func storeLimbs(out []byte, x *[base62Limbs]uint64) {
	i := 0
	e := len(out)
	for ; e >= 8; e -= 8 {
		binary.BigEndian.PutUint64(out[e-8:e], x[i])
		i++
	}
	if e > 0 {
		v := x[i]
		for j := e - 1; j >= 0; j-- {
			out[j] = byte(v)
			v >>= 8
		}
	}
}
