package encodings

import (
	"bufio"
	_ "embed"
	"errors"
	"fmt"
	"math/big"
	"math/bits"
	"slices"
	"strings"
	"sync"
)

// MaxBytes is the longest source, in bytes, that an [Encoding] whose base is
// not a power of two encodes and the longest it decodes to, as
// [Base62MaxBytes] is for Base62.
const MaxBytes = 128

// ErrSpec reports an encoding declaration that [Declare] or [New] cannot
// take: a bad name, alphabet or option.
var ErrSpec = errors.New("encodings: bad declaration")

// Spec is an encoding declared as data: its alphabet and options. Every
// emitter (Go, SQL, JavaScript, Python) and the CLI build their codecs from
// a Spec, so a new alphabet needs no code in any of them.
type Spec struct {
	Name   string // what specs, the CLI and the emitters call it: "base58"
	Title  string // its name in messages: "Base58"; ASCII letters, digits and - _ . +
	Digits string // the alphabet, digit 0 first: 2 to 64 distinct printable ASCII bytes
	// Fold makes the decoder read letters in either case; the encoder
	// writes the case Digits have.
	Fold bool
	// Bits, for a base 2^k, writes the bits from the most significant end
	// (RFC 4648's order), so that the zero padding comes last, as xid and
	// z-base-32 do. Without it the ID is one right-aligned number and the
	// padding is the first digit's top bits.
	Bits bool
	// Check appends a check symbol: the value modulo 37 in Crockford's
	// check digits, CheckDigits.
	Check bool
	// Aliases are characters the decoder reads as digits though the
	// encoder never writes them, as pairs: each alias, then the digit it
	// reads as. Crockford's are "I1L1O0": I and L read as 1, O as 0. With
	// Fold an alias is read in either case too. A check symbol is read as
	// CheckDigits, in either case, without aliases.
	Aliases string
}

// String returns the spec as the line that declares it (Declare reads it
// back): encoding NAME TITLE DIGITS and its options.
func (s Spec) String() string {
	line := fmt.Sprintf("encoding %s %s %s", s.Name, s.Title, s.Digits)
	for _, o := range []struct {
		on   bool
		word string
	}{{s.Fold, "fold"}, {s.Bits, "bits"}, {s.Check, "check"}} {
		if o.on {
			line += " " + o.word
		}
	}
	for _, a := range aliasWords(s.Aliases) {
		line += " " + a
	}
	return line
}

// DescribeAliases says, for docs and help, which characters the decoder
// reads as which digits: "I and L read as 1, O as 0" for Crockford's, ""
// for none. Every emitter's doc comments take it from here.
func (s Spec) DescribeAliases() string {
	var parts []string
	for _, w := range aliasWords(s.Aliases) {
		as, d, _ := strings.Cut(w, "=")
		names := strings.Split(as, "")
		list := names[0]
		if len(names) > 1 {
			list = strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
		}
		verb := " as "
		if len(parts) == 0 {
			verb = " read as "
		}
		parts = append(parts, list+verb+d)
	}
	return strings.Join(parts, ", ")
}

// aliasWords writes aliases, pairs of an alias and its digit, as the words
// that declare them: the aliases of one digit together, "IL=1", in the
// order their digits first appear.
func aliasWords(aliases string) []string {
	var words []string
	at := map[byte]int{}
	for i := 0; i+1 < len(aliases); i += 2 {
		d := aliases[i+1]
		if j, ok := at[d]; ok {
			words[j] = words[j][:len(words[j])-2] + string(aliases[i]) + "=" + string(d)
			continue
		}
		at[d] = len(words)
		words = append(words, string(aliases[i])+"="+string(d))
	}
	return words
}

// CheckDigits are Crockford's check symbols: the symbol for a value v
// modulo 37 is CheckDigits[v]. They are read in either case.
const CheckDigits = "0123456789ABCDEFGHJKMNPQRSTVWXYZ*~$=U"

// An Encoding is a fixed-width text encoding of byte strings built from a
// [Spec]. It treats its input as one unsigned big-endian number and writes
// it in its alphabet with a width that depends only on the input length,
// keeping leading zeros, so that, when the alphabet ascends in byte order
// ([Encoding.Sorts]), encodings of equal-length inputs compare as the
// inputs do. Decoding is strict, as the package doc describes: one text
// (up to case, where the Spec folds it) per value.
//
// An Encoding is safe for concurrent use. The zero Encoding, not made by
// New, has no digits: its EncodedLen and DecodedLen are -1, its decoders
// return ErrLength and its encoders panic, as for a source too long.
type Encoding struct {
	spec  Spec
	base  int
	shift int // log2(base) when it is a power of two, else 0
	table [256]byte
	check [256]byte

	// For a base that is no power of two: digits per 64-bit chunk, the
	// chunk's base, and the width of every source length up to MaxBytes.
	chunk     int
	chunkBase uint64
	widths    [MaxBytes + 1]int

	// fast names the hand-tuned codec of the same alphabet and options,
	// called directly rather than through an interface, which would make
	// every buffer passed in escape to the heap.
	fast fastCodec
}

// fastCodec names a hand-tuned codec.
type fastCodec uint8

const (
	noFast fastCodec = iota
	fastBase62
	fastCrockford
	fastHex
)

// New returns the encoding a Spec declares, or an error matching [ErrSpec]
// saying what is wrong with it.
func New(s Spec) (*Encoding, error) {
	bad := func(format string, args ...any) (*Encoding, error) {
		return nil, fmt.Errorf("%w: encoding %q: %s", ErrSpec, s.Name, fmt.Sprintf(format, args...))
	}
	if !validName(s.Name) {
		return bad("the name must be lower-case letters, digits and hyphens, starting with a letter")
	}
	if s.Title == "" {
		s.Title = s.Name
	}
	if !validTitle(s.Title) {
		return bad("the title must be ASCII letters, digits and - _ . +, starting with a letter or digit, at most %d of them", maxTitle)
	}
	if len(s.Digits) < 2 || len(s.Digits) > 64 {
		return bad("%d digits; an alphabet has 2 to 64", len(s.Digits))
	}
	e := &Encoding{spec: s, base: len(s.Digits), table: decodeTable(s.Digits, s.Fold), check: decodeTable(CheckDigits, true)}
	for i := 0; i < len(s.Digits); i++ {
		// Each digit must read as itself: a repeat, or with Fold a letter
		// given in both cases, reads as the later one.
		switch c := s.Digits[i]; {
		case c <= ' ' || c >= 0x7f:
			return bad("digit %q is not printable ASCII", c)
		case e.table[c] != byte(i):
			return bad("digit %q appears twice (or in both cases, with fold)", c)
		}
	}
	if len(s.Aliases)%2 != 0 {
		return bad("aliases %q are not pairs of an alias and a digit", s.Aliases)
	}
	for i := 0; i < len(s.Aliases); i += 2 {
		a, d := s.Aliases[i], s.Aliases[i+1]
		switch {
		case a <= ' ' || a >= 0x7f || a == '=':
			return bad("alias %q is not printable ASCII other than '='", a)
		case e.table[a] != invalid:
			return bad("alias %q is already a digit or an alias (or is one in the other case, with fold)", a)
		case e.table[d] == invalid || s.Digits[e.table[d]] != d:
			return bad("alias %q reads as %q, which is not a digit", a, d)
		}
		setAlias(&e.table, a, e.table[d], s.Fold)
	}
	if e.base&(e.base-1) == 0 {
		e.shift = bits.TrailingZeros(uint(e.base))
	} else {
		if s.Bits {
			return bad("the bits option needs a base that is a power of two, not %d", e.base)
		}
		e.chunk, e.chunkBase = 1, uint64(e.base)
		for hi, _ := bits.Mul64(e.chunkBase, uint64(e.base)); hi == 0; hi, _ = bits.Mul64(e.chunkBase, uint64(e.base)) {
			e.chunk++
			e.chunkBase *= uint64(e.base)
		}
		pow, limit, w := big.NewInt(1), big.NewInt(1), 0
		for n := range e.widths {
			for pow.Cmp(limit) < 0 {
				pow.Mul(pow, big.NewInt(int64(e.base)))
				w++
			}
			e.widths[n] = w
			limit.Lsh(limit, 8)
		}
	}
	switch {
	case s.Bits || s.Check:
	case s.Digits == base62Alphabet && !s.Fold && s.Aliases == "":
		e.fast = fastBase62
	case s.Digits == crockfordAlphabet && s.Fold && s.Aliases == crockfordAliases:
		e.fast = fastCrockford
	case s.Digits == hexAlphabet && s.Fold && s.Aliases == "":
		e.fast = fastHex
	}
	return e, nil
}

func validName(name string) bool {
	if name == "" || name[0] < 'a' || name[0] > 'z' {
		return false
	}
	for i := 0; i < len(name); i++ {
		c := name[i]
		if !('a' <= c && c <= 'z' || '0' <= c && c <= '9' || c == '-') {
			return false
		}
	}
	return true
}

// maxTitle is the longest title, in characters.
const maxTitle = 64

// validTitle reports whether title may name an encoding in messages and in
// the code every emitter writes: ASCII letters, digits and - _ . +,
// starting with a letter or digit. A title reaches comments, docstrings,
// string literals, format strings and error messages of every language
// idforge writes; none of these characters ends, escapes or reorders
// anything in any of them, so no emitter needs to escape a title (the
// spec's encoding line is where it is restricted).
func validTitle(title string) bool {
	if title == "" || len(title) > maxTitle {
		return false
	}
	for i := 0; i < len(title); i++ {
		switch c := title[i]; {
		case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', '0' <= c && c <= '9':
		case i > 0 && strings.IndexByte("-_.+", c) >= 0:
		default:
			return false
		}
	}
	return true
}

// setAlias makes alias a read as the digit value v in table t, and with
// fold its other case too, if it is a letter.
func setAlias(t *[256]byte, a, v byte, fold bool) {
	t[a] = v
	if fold && 'a' <= a|0x20 && a|0x20 <= 'z' {
		t[a^0x20] = v
	}
}

// Spec returns the declaration the encoding was built from.
func (e *Encoding) Spec() Spec { return e.spec }

// Name returns the encoding's name, such as "base58".
func (e *Encoding) Name() string { return e.spec.Name }

// Title returns the encoding's name for messages, such as "Base58".
func (e *Encoding) Title() string { return e.spec.Title }

// Digit returns the value of the digit that c reads as: its place in the
// alphabet for a digit, in either case where the Spec folds it, and for
// an alias the value of the digit it stands for. It reports false for any
// other byte. Every emitter builds its decode tables from Digit, so that
// what one language reads, every language reads.
func (e *Encoding) Digit(c byte) (byte, bool) {
	v := e.table[c]
	return v, v != invalid
}

// Canonical returns text that the encoding decodes, s, as its encoder
// writes the same value: each digit in the alphabet's case, each alias as
// the digit it stands for, a check symbol in upper case. Decoding then
// re-encoding gives Canonical(s), which is s itself only for text in the
// encoder's own spelling. Bytes the encoding does not read are left as
// they are.
func (e *Encoding) Canonical(s string) string {
	out := []byte(s)
	digits := len(out)
	if e.spec.Check && digits > 0 {
		digits--
		if v := e.check[out[digits]]; v != invalid {
			out[digits] = CheckDigits[v]
		}
	}
	for i := 0; i < digits; i++ {
		if v := e.table[out[i]]; v != invalid {
			out[i] = e.spec.Digits[v]
		}
	}
	return string(out)
}

// Sorts reports whether the alphabet ascends in byte order, so that
// encodings of equal-length inputs compare as the inputs do. Flickr's
// Base58 and z-base-32 do not.
func (e *Encoding) Sorts() bool {
	for i := 1; i < len(e.spec.Digits); i++ {
		if e.spec.Digits[i-1] >= e.spec.Digits[i] {
			return false
		}
	}
	return true
}

// MaxLen returns the longest source, in bytes, the encoding handles:
// [MaxBytes] for a base that is no power of two, else -1 for no limit.
func (e *Encoding) MaxLen() int {
	if e.shift != 0 {
		return -1
	}
	return MaxBytes
}

// EncodedLen returns the length in characters of the encoding of n source
// bytes: the fewest digits that hold every n-byte value, plus one for a
// check symbol. It returns -1 if n is negative or above MaxLen.
func (e *Encoding) EncodedLen(n int) int {
	w := e.digits(n)
	if w < 0 {
		return -1
	}
	if e.spec.Check {
		w++
	}
	return w
}

// DigitLen returns the number of digits that n source bytes encode to:
// EncodedLen(n) without the check symbol, or -1 where EncodedLen is.
func (e *Encoding) DigitLen(n int) int { return e.digits(n) }

// Pad returns the zero bits below the number in the digits of n source
// bytes: with Spec.Bits, the bits of the width beyond the 8n of the
// source; otherwise 0, the padding being the first digit's top bits.
func (e *Encoding) Pad(n int) int {
	if !e.spec.Bits || e.digits(n) < 0 {
		return 0
	}
	return e.digits(n)*e.shift - 8*n
}

// digits returns the number of digits for n bytes, or -1.
func (e *Encoding) digits(n int) int {
	switch {
	case n < 0 || e.base == 0: // the zero Encoding has no digits
		return -1
	case e.shift != 0:
		return (8*n + e.shift - 1) / e.shift
	case n > MaxBytes:
		return -1
	}
	return e.widths[n]
}

// DecodedLen returns the number of bytes that m characters decode to: the
// n with EncodedLen(n) == m, or -1 if there is none.
func (e *Encoding) DecodedLen(m int) int {
	if e.spec.Check {
		m--
	}
	if m < 0 {
		return -1
	}
	var n int
	if e.shift != 0 {
		n = m * e.shift / 8
	} else {
		// Every digit holds at least one bit, so m digits hold at most m
		// bytes; step down to the length whose width is m.
		n = min(m, MaxBytes)
		for n > 0 && e.widths[n] > m {
			n--
		}
	}
	if e.digits(n) != m {
		return -1
	}
	return n
}

// AppendEncode appends the encoding of src to dst and returns the extended
// slice. It panics if len(src) is above MaxLen.
func (e *Encoding) AppendEncode(dst, src []byte) []byte {
	w := e.digits(len(src))
	if w < 0 {
		panic(fmt.Sprintf("encodings: %s cannot encode %d bytes (at most %d)", e.spec.Title, len(src), MaxBytes))
	}
	switch e.fast {
	case fastBase62:
		return Base62.AppendEncode(dst, src)
	case fastCrockford:
		return Crockford.AppendEncode(dst, src)
	case fastHex:
		return Hex.AppendEncode(dst, src)
	}
	return e.appendEncode(dst, src, w)
}

// appendEncode is AppendEncode's generic codec, for w digits.
func (e *Encoding) appendEncode(dst, src []byte, w int) []byte {
	dst, out := grow(dst, e.EncodedLen(len(src)))
	if e.shift != 0 {
		e.encodeBits(out[:w], src)
	} else {
		e.encodeDivide(out[:w], src)
	}
	if e.spec.Check {
		out[w] = CheckDigits[mod37(src)]
	}
	return dst
}

// EncodeToString returns the encoding of src. It panics if len(src) is
// above MaxLen.
func (e *Encoding) EncodeToString(src []byte) string {
	w := e.digits(len(src))
	switch {
	case e.fast == fastBase62:
		return Base62.EncodeToString(src)
	case e.fast == fastCrockford:
		return Crockford.EncodeToString(src)
	case e.fast == fastHex:
		return Hex.EncodeToString(src)
	case w < 0:
		return string(e.AppendEncode(nil, src)) // panics
	}
	var buf [256]byte // enough for any ID, so that the string is the one allocation
	return string(e.appendEncode(buf[:0], src, w))
}

// encodeBits writes src in a base 2^k, k bits a digit, as a stream of bits
// that starts with the padding (a right-aligned number) or ends with it
// (Spec.Bits).
func (e *Encoding) encodeBits(out, src []byte) {
	k := uint(e.shift)
	mask := uint64(1)<<k - 1
	var acc uint64
	nb := uint(0) // bits in acc not yet written
	if !e.spec.Bits {
		nb = uint(len(out))*k - 8*uint(len(src)) // leading zero bits
	}
	i := 0
	for _, b := range src {
		acc = acc<<8 | uint64(b)
		nb += 8
		for nb >= k {
			nb -= k
			out[i] = e.spec.Digits[acc>>nb&mask]
			i++
		}
	}
	if nb > 0 {
		out[i] = e.spec.Digits[acc<<(k-nb)&mask]
	}
}

// encodeDivide writes src in a base that is no power of two: it divides the
// number, held in 64-bit limbs, by chunkBase again and again, each
// remainder giving chunk digits from the right.
func (e *Encoding) encodeDivide(out, src []byte) {
	var limbs [MaxBytes / 8]uint64
	x := toLimbs(&limbs, src)
	base := uint64(e.base)
	for end := len(out); end > 0; {
		var r uint64
		for i := len(x) - 1; i >= 0; i-- {
			x[i], r = bits.Div64(r, x[i], e.chunkBase)
		}
		for len(x) > 0 && x[len(x)-1] == 0 {
			x = x[:len(x)-1]
		}
		for j := 0; j < e.chunk && end > 0; j++ {
			end--
			out[end] = e.spec.Digits[r%base]
			r /= base
		}
	}
}

// toLimbs puts the big-endian number src into little-endian 64-bit limbs
// and returns them, without leading zero limbs.
func toLimbs(limbs *[MaxBytes / 8]uint64, src []byte) []uint64 {
	n := 0
	for i := len(src); i > 0; i -= 8 {
		var v uint64
		for _, b := range src[max(0, i-8):i] {
			v = v<<8 | uint64(b)
		}
		limbs[n] = v
		n++
	}
	for n > 0 && limbs[n-1] == 0 {
		n--
	}
	return limbs[:n]
}

// mod37 returns the big-endian number src modulo 37.
func mod37(src []byte) int {
	r := 0
	for _, b := range src {
		r = (r<<8 | int(b)) % 37
	}
	return r
}

// AppendDecode appends the bytes that src decodes to, DecodedLen(len(src))
// of them, to dst and returns the extended slice. The faults, checked in
// this order: a wrong length is [ErrLength]; a byte outside the alphabet
// is an [InvalidCharError] at its first occurrence; a value above the
// source length's range is [ErrOverflow]; a last digit with padding bits
// set (Spec.Bits) or a check symbol that is none or does not match is an
// InvalidCharError at its position. On error it returns dst itself,
// unchanged.
func (e *Encoding) AppendDecode(dst, src []byte) ([]byte, error) {
	return decode(e, dst, src)
}

// AppendDecodeString is AppendDecode for text held in a string, which it
// reads in place: a generated package's Parse decodes into its ID's array
// without copying the text.
func (e *Encoding) AppendDecodeString(dst []byte, s string) ([]byte, error) {
	return decode(e, dst, s)
}

// DecodeString returns the bytes that s decodes to, or nil and an error as
// AppendDecode describes.
func (e *Encoding) DecodeString(s string) ([]byte, error) {
	n := e.DecodedLen(len(s))
	if n < 0 {
		return nil, lengthError(e.spec.Title, len(s))
	}
	b, err := decode(e, make([]byte, 0, n), s)
	if err != nil {
		return nil, err
	}
	return b, nil
}

func decode[S text](e *Encoding, dst []byte, src S) ([]byte, error) {
	switch e.fast {
	case fastBase62:
		return decodeBase62(dst, src)
	case fastCrockford:
		return decodeCrockford(dst, src)
	case fastHex:
		return decodeHex(dst, src)
	}
	n := e.DecodedLen(len(src))
	if n < 0 {
		return dst, lengthError(e.spec.Title, len(src))
	}
	w := e.digits(n)
	for i := 0; i < w; i++ {
		if e.table[src[i]] == invalid {
			return dst, InvalidCharError{Pos: i, Char: src[i]}
		}
	}
	extended, out := grow(dst, n)
	var err error
	if e.shift != 0 {
		err = decodeBits(e, out, src[:w])
	} else {
		err = decodeMultiply(e, out, src[:w])
	}
	if err == nil && e.spec.Check && (e.check[src[w]] == invalid || int(e.check[src[w]]) != mod37(out)) {
		err = InvalidCharError{Pos: w, Char: src[w]}
	}
	if err != nil {
		return dst, err
	}
	return extended, nil
}

// decodeBits reads the digits src of a base 2^k into out, checking that
// the padding bits are zero: the first digit's top bits (ErrOverflow, as
// for any number too large) or, with Spec.Bits, the last digit's low bits
// (an InvalidCharError there: no value ends in that digit).
func decodeBits[S text](e *Encoding, out []byte, src S) error {
	k := uint(e.shift)
	var acc uint64
	nb := uint(0) // bits in acc not yet written
	i := 0
	if skip := uint(len(src))*k - 8*uint(len(out)); !e.spec.Bits && skip > 0 && len(src) > 0 {
		// The first digit's top skip bits pad a right-aligned number.
		acc = uint64(e.table[src[0]])
		if acc>>(k-skip) != 0 {
			return ErrOverflow
		}
		nb, i = k-skip, 1
	}
	j := 0
	for ; i < len(src); i++ {
		acc = acc<<k | uint64(e.table[src[i]])
		nb += k
		if nb >= 8 {
			nb -= 8
			out[j] = byte(acc >> nb)
			j++
		}
	}
	if acc&(1<<nb-1) != 0 {
		last := len(src) - 1
		return InvalidCharError{Pos: last, Char: src[last]}
	}
	return nil
}

// decodeMultiply reads the digits src of a base that is no power of two
// into out: it multiplies the number, held in 64-bit limbs, by chunkBase
// and adds the next chunk digits, the first chunk taking what is left over.
func decodeMultiply[S text](e *Encoding, out []byte, src S) error {
	var buf [MaxBytes/8 + 1]uint64
	limbs := buf[:len(out)/8+1] // room for the value and a limb of overflow
	base := uint64(e.base)
	for i := 0; i < len(src); {
		k := (len(src)-i-1)%e.chunk + 1
		var v, mul uint64 = 0, 1
		for end := i + k; i < end; i++ {
			v = v*base + uint64(e.table[src[i]])
			mul *= base
		}
		carry := v
		for l := range limbs {
			hi, lo := bits.Mul64(limbs[l], mul)
			var c uint64
			limbs[l], c = bits.Add64(lo, carry, 0)
			carry = hi + c
		}
		if carry != 0 {
			return ErrOverflow
		}
	}
	// The value must fit in len(out) bytes.
	n := len(out)
	for l := range limbs {
		for b := 0; b < 8; b++ {
			v := byte(limbs[l] >> (8 * b))
			if at := 8*l + b; at < n { // the byte at from the right
				out[n-1-at] = v
			} else if v != 0 {
				return ErrOverflow
			}
		}
	}
	return nil
}

// Declare reads an encoding declared on one line, as specs and the built-in
// list declare them:
//
//	encoding NAME TITLE DIGITS [fold] [bits] [check] [ALIASES=DIGIT ...]
//
// The options are Spec's Fold, Bits and Check; a word ALIASES=DIGIT says
// that each character of ALIASES reads as DIGIT (Spec.Aliases): "IL=1"
// reads I and L as 1. An error matches [ErrSpec].
func Declare(line string) (*Encoding, error) {
	words := strings.Fields(line)
	if len(words) < 4 || words[0] != "encoding" {
		return nil, fmt.Errorf("%w: %q: want encoding NAME TITLE DIGITS [fold] [bits] [check] [ALIASES=DIGIT ...]", ErrSpec, line)
	}
	s := Spec{Name: words[1], Title: words[2], Digits: words[3]}
	for _, o := range words[4:] {
		if as, d, ok := strings.Cut(o, "="); ok {
			if as == "" || len(d) != 1 {
				return nil, fmt.Errorf("%w: encoding %q: %q: want ALIASES=DIGIT, one or more characters and one digit", ErrSpec, s.Name, o)
			}
			for i := 0; i < len(as); i++ {
				s.Aliases += as[i:i+1] + d
			}
			continue
		}
		var opt *bool
		switch o {
		case "fold":
			opt = &s.Fold
		case "bits":
			opt = &s.Bits
		case "check":
			opt = &s.Check
		default:
			return nil, fmt.Errorf("%w: encoding %q: unknown option %q (want fold, bits, check or ALIASES=DIGIT)", ErrSpec, s.Name, o)
		}
		if *opt {
			return nil, fmt.Errorf("%w: encoding %q: option %q given twice", ErrSpec, s.Name, o)
		}
		*opt = true
	}
	return New(s)
}

//go:embed builtin.encodings
var builtinDecls string

// builtins reads builtin.encodings once.
var builtins = sync.OnceValue(func() []*Encoding {
	var out []*Encoding
	sc := bufio.NewScanner(strings.NewReader(builtinDecls))
	for sc.Scan() {
		line, _, _ := strings.Cut(sc.Text(), "#")
		if strings.TrimSpace(line) == "" {
			continue
		}
		e, err := Declare(line)
		if err != nil {
			panic(err) // a test reads every declaration
		}
		out = append(out, e)
	}
	return out
})

// Builtins returns the built-in encodings, in the order builtin.encodings
// declares them: base62, crockford and hex first. The Encodings are shared
// and immutable.
func Builtins() []*Encoding { return slices.Clone(builtins()) }

// Lookup returns the built-in encoding with the given name, such as
// "base58".
func Lookup(name string) (*Encoding, bool) {
	for _, e := range builtins() {
		if e.spec.Name == name {
			return e, true
		}
	}
	return nil, false
}

// Names returns the names of the built-in encodings, in declaration order.
func Names() []string {
	var out []string
	for _, e := range builtins() {
		out = append(out, e.spec.Name)
	}
	return out
}
