package interp

import (
	"errors"
	"fmt"
	"math/big"
	"strings"

	"github.com/idforge/idforge/encodings"
	"github.com/idforge/idforge/layouts"
)

// Errors of reading text; match them with errors.Is. A text of the wrong
// length is ErrLength.
var (
	// ErrSyntax means a character that is not a digit of the text's
	// alphabet, padding bits that are not zero, or a check symbol that is
	// none or does not match.
	ErrSyntax = errors.New("interp: bad character")
	// ErrOverflow means text whose value is above the largest ID.
	ErrOverflow = errors.New("interp: value out of range")
	// ErrForm means a text form the layout cannot be written in.
	ErrForm = errors.New("interp: no such text form")
)

// A SyntaxError is ErrSyntax at a place in the text: Pos is the 0-based
// byte offset of the character the form does not allow (the digit that
// sets padding bits, the check symbol that does not match).
type SyntaxError struct {
	Pos int
	msg string
}

// syntaxAt returns a *SyntaxError at pos with the message format makes of
// args after ErrSyntax's.
func syntaxAt(pos int, format string, args ...any) error {
	return &SyntaxError{Pos: pos, msg: ErrSyntax.Error() + ": " + fmt.Sprintf(format, args...)}
}

func (e *SyntaxError) Error() string { return e.msg }

// Unwrap returns ErrSyntax.
func (e *SyntaxError) Unwrap() error { return ErrSyntax }

// The text forms that are not encodings.
const (
	formUUID    = "uuid"
	formDecimal = "decimal"
)

// TextForm returns the name of the text form a layout's IDs are written in
// by default, decided from the spec alone: the form its text line names;
// else, for a layout of 128 bits with a 4-bit constant at bits 48 to 51
// (the version) and the constant 0b10 at bits 64 and 65 (the variant), the
// UUID form, "uuid"; else, for 64 bits, "decimal"; else "base62". A nil l
// has "base62". (It is the rule layouts.Layout.CanonicalText states; the
// interpreter works it out again, and a test holds the two together.)
func TextForm(l *layouts.Layout) string {
	if l == nil {
		return "base62"
	}
	if l.Text != "" {
		return l.Text
	}
	if l.Bits == 128 {
		version, variant := false, false
		for _, p := range l.Parts {
			if p.Role != layouts.Const {
				continue
			}
			if p.Offset == 48 && p.Width == 4 {
				version = true
			}
			if p.Offset == 64 && p.Width == 2 && p.Const == 0b10 {
				variant = true
			}
		}
		if version && variant {
			return formUUID
		}
	}
	if l.Bits == 64 {
		return formDecimal
	}
	return "base62"
}

// Wide reports whether the valid IDs of a 64-bit layout run to 2^64-1 in
// decimal text, which writes the unsigned number an ID's 64 bits hold (as
// Discord's API writes its IDs): unless its most significant bit is a
// constant 0, when every valid ID is at most 2^63-1, 19 digits at most.
func Wide(l *layouts.Layout) bool {
	for _, p := range l.Parts {
		if p.Offset == 0 {
			return !(p.Role == layouts.Const && p.Const>>(p.Width-1)&1 == 0)
		}
	}
	return true
}

// Alphabet returns the declaration of the encoding named name, as data
// (its digits and options): the layout's own declaration of that name,
// else the built-in one. Its error matches ErrForm.
func Alphabet(l *layouts.Layout, name string) (encodings.Spec, error) {
	for _, s := range l.Encodings {
		if s.Name == name {
			return s, nil
		}
	}
	if e, ok := encodings.Lookup(name); ok {
		return e.Spec(), nil
	}
	return encodings.Spec{}, fmt.Errorf("%w: %s has no text form %q", ErrForm, l.Name, name)
}

// digitCount returns how many digits of an alphabet of base digits it
// takes to write every number of bits bits: the least w with
// base^w >= 2^bits.
func digitCount(base, bits int) int {
	limit := new(big.Int).Lsh(big.NewInt(1), uint(bits))
	pow, b := big.NewInt(1), big.NewInt(int64(base))
	w := 0
	for pow.Cmp(limit) < 0 {
		pow.Mul(pow, b)
		w++
	}
	return w
}

// padBits returns, for an encoding with the bits option (a base 2^k that
// writes the ID's bits from the most significant end), how many zero bits
// follow the ID's in its w digits; 0 otherwise.
func padBits(s encodings.Spec, w, bits int) int {
	if !s.Bits {
		return 0
	}
	k := 0
	for 1<<k < len(s.Digits) {
		k++
	}
	return w*k - bits
}

// TextWidth returns the number of characters the encoding s writes an ID
// of n bytes in: its digits, and a check symbol if it has one.
func TextWidth(s encodings.Spec, n int) int {
	w := digitCount(len(s.Digits), 8*n)
	if s.Check {
		w++
	}
	return w
}

// Encode writes an ID of a layout in a text form: "uuid" (128 bits),
// "decimal" (64 bits), or the name of an encoding the spec declares or that
// is built in. An encoding writes the ID as one number in its alphabet,
// digit by digit from the right, as many digits as the largest ID needs,
// the number shifted left over the padding first with the bits option,
// and the check symbol (the number modulo 37) last with the check option.
func Encode(l *layouts.Layout, form string, b []byte) (string, error) {
	if l == nil {
		return "", errNoLayout
	}
	if len(b) != l.Bytes() {
		return "", fmt.Errorf("%w: %s is %d bytes, got %d", ErrLength, l.Name, l.Bytes(), len(b))
	}
	x := new(big.Int).SetBytes(b)
	switch form {
	case formUUID:
		if l.Bits != 128 {
			return "", fmt.Errorf("%w: %s: the uuid form needs 128 bits, not %d", ErrForm, l.Name, l.Bits)
		}
		h := fmt.Sprintf("%032x", x)
		return h[0:8] + "-" + h[8:12] + "-" + h[12:16] + "-" + h[16:20] + "-" + h[20:], nil
	case formDecimal:
		if l.Bits != 64 {
			return "", fmt.Errorf("%w: %s: decimal needs 64 bits, not %d", ErrForm, l.Name, l.Bits)
		}
		// The unsigned number the 64 bits hold, in every layout (an
		// invalid ID of a layout whose top bit is a constant 0 too).
		return x.String(), nil
	}
	s, err := Alphabet(l, form)
	if err != nil {
		return "", err
	}
	return encodeDigits(s, x, 8*len(b)), nil
}

// encodeDigits writes x, a number of bits bits, in the alphabet s.
func encodeDigits(s encodings.Spec, x *big.Int, bits int) string {
	base := big.NewInt(int64(len(s.Digits)))
	w := digitCount(len(s.Digits), bits)
	n := new(big.Int).Lsh(x, uint(padBits(s, w, bits)))
	out := make([]byte, w)
	d := new(big.Int)
	for i := w - 1; i >= 0; i-- {
		n.DivMod(n, base, d)
		out[i] = s.Digits[d.Int64()]
	}
	text := string(out)
	if s.Check {
		r := new(big.Int).Mod(x, big.NewInt(37))
		text += encodings.CheckDigits[r.Int64() : r.Int64()+1]
	}
	return text
}

// Decode reads an ID of a layout from text in a form Encode writes, and
// only from that: the UUID form is 8-4-4-4-12 hex digits in either case,
// decimal is what Encode writes of some ID, an encoding's text has exactly
// its width. Its errors, for an encoding, in the order they are checked:
// ErrLength for another width; ErrSyntax for the first character that is
// no digit (a letter in the other case is its digit where the encoding
// folds case); ErrOverflow for a number above the largest ID; ErrSyntax
// for padding bits that are not zero or a check symbol that is none or
// does not match.
func Decode(l *layouts.Layout, form, text string) ([]byte, error) {
	if l == nil {
		return nil, errNoLayout
	}
	n := l.Bytes()
	switch form {
	case formUUID:
		if l.Bits != 128 {
			return nil, fmt.Errorf("%w: %s: the uuid form needs 128 bits, not %d", ErrForm, l.Name, l.Bits)
		}
		if len(text) != 36 {
			return nil, fmt.Errorf("%w: %q is not 36 characters", ErrLength, text)
		}
		x := new(big.Int)
		for i := 0; i < 36; i++ {
			c := text[i]
			if i == 8 || i == 13 || i == 18 || i == 23 {
				if c != '-' {
					return nil, syntaxAt(i, "%q at %d", text, i)
				}
				continue
			}
			d := strings.IndexByte("0123456789abcdef", lower(c))
			if d < 0 {
				return nil, syntaxAt(i, "%q at %d", text, i)
			}
			x.Lsh(x, 4).Or(x, big.NewInt(int64(d)))
		}
		return x.FillBytes(make([]byte, n)), nil
	case formDecimal:
		if l.Bits != 64 {
			return nil, fmt.Errorf("%w: %s: decimal needs 64 bits, not %d", ErrForm, l.Name, l.Bits)
		}
		x, ok := new(big.Int).SetString(text, 10)
		if !ok {
			return nil, fmt.Errorf("%w: %q is not a decimal number", ErrSyntax, text)
		}
		if x.Sign() < 0 || x.String() != text { // a sign ("-1" prints as itself), a leading zero
			return nil, fmt.Errorf("%w: %q is not written as an ID is", ErrSyntax, text)
		}
		top := uint(63)
		if Wide(l) {
			top = 64
		}
		if x.Cmp(new(big.Int).Lsh(big.NewInt(1), top)) >= 0 {
			return nil, fmt.Errorf("%w: %s is above the largest ID", ErrOverflow, text)
		}
		return x.FillBytes(make([]byte, n)), nil
	}
	s, err := Alphabet(l, form)
	if err != nil {
		return nil, err
	}
	return decodeDigits(s, text, n)
}

// decodeDigits reads an ID of n bytes from text in the alphabet s.
func decodeDigits(s encodings.Spec, text string, n int) ([]byte, error) {
	bits := 8 * n
	w := digitCount(len(s.Digits), bits)
	if s.Check {
		if len(text) != w+1 {
			return nil, fmt.Errorf("%w: %s text of %d bytes is %d characters, not %d", ErrLength, s.Name, n, w+1, len(text))
		}
	} else if len(text) != w {
		return nil, fmt.Errorf("%w: %s text of %d bytes is %d characters, not %d", ErrLength, s.Name, n, w, len(text))
	}
	x := new(big.Int)
	base := big.NewInt(int64(len(s.Digits)))
	for i := 0; i < w; i++ {
		d := digitOf(s, text[i])
		if d < 0 {
			return nil, syntaxAt(i, "%q at %d", text[i], i)
		}
		x.Mul(x, base).Add(x, big.NewInt(int64(d)))
	}
	pad := padBits(s, w, bits)
	if x.BitLen() > bits+pad {
		return nil, fmt.Errorf("%w: %s is above the largest %d-byte value", ErrOverflow, text, n)
	}
	if pad > 0 {
		if new(big.Int).And(x, mask(pad)).Sign() != 0 {
			return nil, syntaxAt(w-1, "%q at %d sets padding bits", text[w-1], w-1)
		}
		x.Rsh(x, uint(pad))
	}
	if s.Check {
		r := new(big.Int).Mod(x, big.NewInt(37)).Int64()
		c := text[w]
		if got := strings.IndexByte(encodings.CheckDigits, upper(c)); got != int(r) {
			return nil, syntaxAt(w, "check symbol %q, want %q", c, encodings.CheckDigits[r])
		}
	}
	return x.FillBytes(make([]byte, n)), nil
}

// digitOf returns the digit character c stands for in the alphabet s, or
// -1: its place in the alphabet, else the place of the digit it is an
// alias of (s.Aliases: pairs of an alias and its digit); where s folds
// case, the same for the letter in the other case.
func digitOf(s encodings.Spec, c byte) int {
	cs := []byte{c}
	if s.Fold {
		cs = append(cs, lower(c), upper(c))
	}
	for _, c := range cs {
		if i := strings.IndexByte(s.Digits, c); i >= 0 {
			return i
		}
	}
	for _, c := range cs {
		for j := 0; j+1 < len(s.Aliases); j += 2 {
			if s.Aliases[j] == c {
				return strings.IndexByte(s.Digits, s.Aliases[j+1])
			}
		}
	}
	return -1
}

// lower returns an ASCII letter in lower case, any other byte as it is.
func lower(c byte) byte {
	if 'A' <= c && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}

// upper returns an ASCII letter in upper case, any other byte as it is.
func upper(c byte) byte {
	if 'a' <= c && c <= 'z' {
		return c - 'a' + 'A'
	}
	return c
}

// Format writes an ID of a layout in the layout's own text (TextForm).
func Format(l *layouts.Layout, b []byte) (string, error) { return Encode(l, TextForm(l), b) }

// Parse reads an ID of a layout from the layout's own text (TextForm), as
// Decode reads it.
func Parse(l *layouts.Layout, text string) ([]byte, error) { return Decode(l, TextForm(l), text) }

// Fields returns the value of every field of an ID, as Unpack does, but
// without checking its constants: an ID whose version is not the layout's
// still has fields. Each field's bits are gathered one by one from the
// segments that hold them.
func Fields(l *layouts.Layout, b []byte) (Values, error) {
	if l == nil {
		return nil, errNoLayout
	}
	if len(b) != l.Bytes() {
		return nil, fmt.Errorf("%w: %s is %d bytes, got %d", ErrLength, l.Name, l.Bytes(), len(b))
	}
	id := new(big.Int).SetBytes(b)
	v := Values{}
	for i := range l.Fields {
		f := &l.Fields[i]
		x := new(big.Int)
		for j, si := range f.Segments {
			seg := l.Segments[si]
			lo := 0
			if f.Split() {
				lo = f.Lo[j]
			}
			// Bit k of the segment, counted from its least significant
			// end, is bit lo+k of the field.
			at := shift(l, seg.Offset, seg.Width)
			for k := 0; k < seg.Width; k++ {
				x.SetBit(x, lo+k, id.Bit(at+k))
			}
		}
		v[f.Name] = x
	}
	return v, nil
}
