package encodings_test

import (
	"errors"
	"math/big"
	"sort"
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
	bits     bool   // a base 2^k written from the top bit: the number is shifted left to fill the width
	check    bool   // a Crockford check symbol follows
	aliases  string // pairs of an alias and the digit it reads as (Spec.Aliases)
}

var oracles = []oracle{
	{"Base62", "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz", false, encodings.Base62MaxBytes, encodings.Base62, false, false, ""},
	// Crockford's aliases, from his definition
	// (https://www.crockford.com/base32.html): I and L read as 1, O as 0.
	{"Crockford", "0123456789ABCDEFGHJKMNPQRSTVWXYZ", true, -1, encodings.Crockford, false, false, "I1L1O0"},
	{"Hex", "0123456789abcdef", true, -1, encodings.Hex, false, false, ""},
}

// The declared encodings, each checked against an oracle built from its
// Spec (base62, crockford and hex included, through the generic codec).
func init() {
	for _, e := range encodings.Builtins() {
		s := e.Spec()
		o := oracle{name: s.Name, alphabet: s.Digits, foldCase: s.Fold, maxBytes: e.MaxLen(), codec: e, bits: s.Bits, check: s.Check, aliases: s.Aliases}
		oracles = append(oracles, o)
	}
}

// textLen returns the length of the text of n bytes: the digits and the
// check symbol, if any.
func (o oracle) textLen(n int) int {
	if o.check {
		return o.width(n) + 1
	}
	return o.width(n)
}

// sorts reports whether the alphabet ascends in byte order, so that the
// text sorts as the bytes do.
func (o oracle) sorts() bool {
	return sort.SliceIsSorted([]byte(o.alphabet), func(i, j int) bool { return o.alphabet[i] < o.alphabet[j] })
}

// pad returns the zero bits below the number for n bytes: with bits, the
// width's bits beyond 8n.
func (o oracle) pad(n int) uint {
	if !o.bits {
		return 0
	}
	k := 0
	for 1<<k < len(o.alphabet) {
		k++
	}
	return uint(o.width(n)*k - 8*n)
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
	x := new(big.Int).SetBytes(src)
	s, ok := o.encodeInt(new(big.Int).Lsh(x, o.pad(len(src))), o.width(len(src)))
	if !ok {
		panic("oracle: width too small")
	}
	if o.check {
		s += string(encodings.CheckDigits[new(big.Int).Mod(x, big.NewInt(37)).Int64()])
	}
	return s
}

// digit returns the value of c, or -1 if it is not a digit: a digit of
// the alphabet, one in the other case where the encoding folds case, or
// an alias (in either case, with folding) of a digit.
func (o oracle) digit(c byte) int {
	if i := o.plainDigit(c); i >= 0 {
		return i
	}
	for i := 0; i+1 < len(o.aliases); i += 2 {
		if a := o.aliases[i]; a == c || o.foldCase && upper(a) == upper(c) && isLetter(c) {
			return strings.IndexByte(o.alphabet, o.aliases[i+1])
		}
	}
	return -1
}

// plainDigit returns the value of the digit c, in either case with
// folding, ignoring aliases; or -1.
func (o oracle) plainDigit(c byte) int {
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

func isLetter(c byte) bool { return 'a' <= c|0x20 && c|0x20 <= 'z' }

// checkValue returns the value of the check symbol c, or -1: one of
// CheckDigits in either case (aliases are for digits only).
func (o oracle) checkValue(c byte) int {
	return strings.IndexByte(encodings.CheckDigits, upper(c))
}

// canonical returns text that decoded, s, as the encoder writes it: each
// digit in the alphabet's case, each alias as its digit, and the check
// symbol upper case.
func (o oracle) canonical(s string) string {
	out := []byte(s)
	digits := len(s)
	if o.check {
		digits--
		out[digits] = encodings.CheckDigits[o.checkValue(s[digits])]
	}
	for i := 0; i < digits; i++ {
		out[i] = o.alphabet[o.digit(s[i])]
	}
	return string(out)
}

// decode returns the bytes s decodes to, or an error of the kind the real
// codec must report: ErrLength, an InvalidCharError for the first bad byte,
// or ErrOverflow, checked in that order.
func (o oracle) decode(s string) ([]byte, error) {
	// Find n with width(n) == len(s), stepping k and the power base^w
	// together so that long inputs stay cheap.
	n := -1
	digits := s
	if o.check && len(s) > 0 {
		digits = s[:len(s)-1]
	}
	limit, p, w := big.NewInt(1), big.NewInt(1), 0 // 256^k, base^w
	for k := 0; o.supports(k) && w <= len(digits); k++ {
		for p.Cmp(limit) < 0 {
			p.Mul(p, o.base())
			w++
		}
		if w == len(digits) {
			n = k
		}
		limit.Lsh(limit, 8)
	}
	if n < 0 || o.check && len(s) == 0 {
		return nil, encodings.ErrLength
	}
	x := new(big.Int)
	for i := 0; i < len(digits); i++ {
		d := o.digit(s[i])
		if d < 0 {
			return nil, encodings.InvalidCharError{Pos: i, Char: s[i]}
		}
		x.Mul(x, o.base())
		x.Add(x, big.NewInt(int64(d)))
	}
	if x.BitLen() > 8*n+int(o.pad(n)) {
		return nil, encodings.ErrOverflow
	}
	pad := o.pad(n)
	low := new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), pad), big.NewInt(1))
	if last := len(digits) - 1; new(big.Int).And(x, low).Sign() != 0 {
		return nil, encodings.InvalidCharError{Pos: last, Char: s[last]}
	}
	x.Rsh(x, pad)
	if o.check && int64(o.checkValue(s[len(s)-1])) != new(big.Int).Mod(x, big.NewInt(37)).Int64() {
		return nil, encodings.InvalidCharError{Pos: len(s) - 1, Char: s[len(s)-1]}
	}
	return x.FillBytes(make([]byte, n)), nil
}

func upper(c byte) byte {
	if 'a' <= c && c <= 'z' {
		return c - 'a' + 'A'
	}
	return c
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
