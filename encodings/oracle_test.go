package encodings_test

import (
	"errors"
	"math/big"
	"strings"

	"github.com/idforge/idforge/encodings"
)

// codec is the method set shared by the three encodings.
type codec interface {
	EncodedLen(n int) int
	DecodedLen(m int) int
	AppendEncode(dst, src []byte) []byte
	EncodeToString(src []byte) string
	AppendDecode(dst, src []byte) ([]byte, error)
	DecodeString(s string) ([]byte, error)
}

// oracle is a deliberately naive reference implementation of one encoding,
// built on math/big and written straight from the definition: the input is
// one big-endian number, written in base len(alphabet) with the fewest
// digits that fit every value of its byte length.
type oracle struct {
	name     string
	alphabet string
	foldCase bool // decoding ignores ASCII case
	maxBytes int  // longest source supported, or -1 for no limit
	codec    codec
}

var oracles = []oracle{
	{"Base62", "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz", false, encodings.Base62MaxBytes, encodings.Base62},
	{"Crockford", "0123456789ABCDEFGHJKMNPQRSTVWXYZ", true, -1, encodings.Crockford},
	{"Hex", "0123456789abcdef", true, -1, encodings.Hex},
}

func (o oracle) base() *big.Int { return big.NewInt(int64(len(o.alphabet))) }

// supports reports whether the codec handles n-byte sources.
func (o oracle) supports(n int) bool { return o.maxBytes < 0 || n <= o.maxBytes }

// width returns the least w with base^w >= 256^n.
func (o oracle) width(n int) int {
	limit := new(big.Int).Lsh(big.NewInt(1), uint(8*n))
	p := big.NewInt(1)
	w := 0
	for p.Cmp(limit) < 0 {
		p.Mul(p, o.base())
		w++
	}
	return w
}

// encodeInt writes x in exactly w digits. ok is false if x needs more.
func (o oracle) encodeInt(x *big.Int, w int) (s string, ok bool) {
	x = new(big.Int).Set(x)
	digit := new(big.Int)
	out := make([]byte, w)
	for i := w - 1; i >= 0; i-- {
		x.DivMod(x, o.base(), digit)
		out[i] = o.alphabet[digit.Int64()]
	}
	return string(out), x.Sign() == 0
}

// encode returns the encoding of src.
func (o oracle) encode(src []byte) string {
	s, ok := o.encodeInt(new(big.Int).SetBytes(src), o.width(len(src)))
	if !ok {
		panic("oracle: width too small")
	}
	return s
}

// digit returns the value of c, or -1 if it is not a digit.
func (o oracle) digit(c byte) int {
	if i := strings.IndexByte(o.alphabet, c); i >= 0 {
		return i
	}
	if o.foldCase {
		switch {
		case 'a' <= c && c <= 'z':
			return strings.IndexByte(o.alphabet, c-'a'+'A')
		case 'A' <= c && c <= 'Z':
			return strings.IndexByte(o.alphabet, c-'A'+'a')
		}
	}
	return -1
}

// decode returns the bytes s decodes to, or an error of the kind the real
// codec must report: ErrLength, an InvalidCharError for the first bad byte,
// or ErrOverflow, checked in that order.
func (o oracle) decode(s string) ([]byte, error) {
	// Find n with width(n) == len(s), stepping k and the power base^w
	// together so that long inputs stay cheap.
	n := -1
	limit, p, w := big.NewInt(1), big.NewInt(1), 0 // 256^k, base^w
	for k := 0; o.supports(k) && w <= len(s); k++ {
		for p.Cmp(limit) < 0 {
			p.Mul(p, o.base())
			w++
		}
		if w == len(s) {
			n = k
		}
		limit.Lsh(limit, 8)
	}
	if n < 0 {
		return nil, encodings.ErrLength
	}
	x := new(big.Int)
	for i := 0; i < len(s); i++ {
		d := o.digit(s[i])
		if d < 0 {
			return nil, encodings.InvalidCharError{Pos: i, Char: s[i]}
		}
		x.Mul(x, o.base())
		x.Add(x, big.NewInt(int64(d)))
	}
	if x.BitLen() > 8*n {
		return nil, encodings.ErrOverflow
	}
	return x.FillBytes(make([]byte, n)), nil
}

// sameError reports whether got is the same kind of error as want (as
// returned by oracle.decode), including the position and byte of an
// invalid character.
func sameError(got, want error) bool {
	var wantChar encodings.InvalidCharError
	if errors.As(want, &wantChar) {
		var gotChar encodings.InvalidCharError
		return errors.As(got, &gotChar) && gotChar == wantChar && errors.Is(got, encodings.ErrInvalidChar)
	}
	return errors.Is(got, want)
}
