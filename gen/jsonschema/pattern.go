package jsonschema

import (
	"errors"
	"fmt"
	"math/big"
	"math/bits"
	"slices"
	"strings"

	"github.com/idforge/idforge/resolved"
)

// ErrLayout reports a layout and text form whose texts no pattern can
// state exactly: a check symbol (the ID's value modulo 37), or constant
// bits other than the top ones in a text whose base is no power of two
// (a UUID written in Base62, say), whose valid texts are no range of
// numbers. Name another text form with -text (hex, crockford).
var ErrLayout = errors.New("jsonschema: no exact pattern")

// Pattern returns the regular expression, anchored with ^ and $, that
// matches exactly the texts of valid IDs of layout l in text form t: the
// texts t.Parse reads (a UUID's hex and a folding encoding's letters in
// either case, an encoding's aliases such as Crockford's I, L and O) of IDs
// whose constant bits are the layout's, and nothing above the largest ID
// (a ULID's first character is at most 7, a KSUID's text at most
// aWgEPTl1tmebfsQzFP4bxwgy80V, a decimal at most 2^64-1, or 2^63-1 where
// the top bit is a constant zero). It uses only what ECMAScript (with or
// without the u flag), Python's re and Go's regexp (RE2) read alike:
// literal characters, classes, (?:...), | and {n}. A text form no pattern
// can state exactly is an error matching ErrLayout.
func Pattern(l *resolved.Layout, t resolved.Text) (string, error) {
	c := constraints(l)
	var body string
	var err error
	switch {
	case t.Name == "uuid":
		body = uuidPattern(c)
	case t.Name == "decimal":
		var lo, hi *big.Int
		lo, hi, err = interval(l, t, c)
		if err == nil {
			body = decimalPattern(lo, hi)
		}
	case t.Encoding.Spec().Check:
		err = fmt.Errorf("%w: %s's %s text ends in a check symbol, the ID modulo 37, which no pattern states: name another form with -text", ErrLayout, l.Name, t.Title)
	case pow2(len(t.Encoding.Spec().Digits)) > 0:
		body = bitsPattern(l, t, c)
	default:
		var lo, hi *big.Int
		lo, hi, err = interval(l, t, c)
		if err == nil {
			base := len(t.Encoding.Spec().Digits)
			body = rangeOf(digitsOf(lo, base, t.Width), digitsOf(hi, base, t.Width), encodingClass(t), base-1)
		}
	}
	if err != nil {
		return "", err
	}
	return "^" + body + "$", nil
}

// bit is what a layout says of one bit of its IDs: free, or a constant
// zero or one.
type bit int8

const (
	free bit = iota
	zero
	one
)

// constraints returns what the layout says of each bit of its IDs, bit 0
// the least significant of the ID held as one integer.
func constraints(l *resolved.Layout) []bit {
	n := l.Bits
	mask, value := l.ConstMask(), l.ConstValue()
	c := make([]bit, n)
	for i := range n {
		switch {
		case mask.Bit(i) == 0:
			c[i] = free
		case value.Bit(i) == 1:
			c[i] = one
		default:
			c[i] = zero
		}
	}
	return c
}

// interval returns the smallest and the largest valid ID of a layout
// whose constant bits are all at its top, where the valid IDs are the
// numbers between them; for other constants it is an error matching
// ErrLayout.
func interval(l *resolved.Layout, t resolved.Text, c []bit) (lo, hi *big.Int, err error) {
	n := len(c)
	top := 0 // constant bits at the top
	for top < n && c[n-1-top] != free {
		top++
	}
	for i := 0; i < n-top; i++ {
		if c[i] != free {
			return nil, nil, fmt.Errorf("%w: %s's constant bits are not all at its top, so the texts of its valid IDs are no range of numbers that a pattern over %s text could state: name a text form of a base 2, 4, 8, 16, 32 or 64 with -text (hex, crockford)", ErrLayout, l.Name, t.Title)
		}
	}
	lo = new(big.Int).And(l.ConstValue(), l.ConstMask())
	hi = new(big.Int).Or(lo, new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), uint(n-top)), big.NewInt(1)))
	return lo, hi, nil
}

// pow2 returns k where base is 2^k, else 0.
func pow2(base int) int {
	if base < 2 || base&(base-1) != 0 {
		return 0
	}
	return bits.TrailingZeros(uint(base))
}

// uuidPattern returns the pattern of 8-4-4-4-12 hex, either case, each
// digit allowing the values the layout's bits there allow.
func uuidPattern(c []bit) string {
	n := len(c)
	var b strings.Builder
	for i := range 32 {
		if i == 8 || i == 12 || i == 16 || i == 20 {
			b.WriteByte('-')
		}
		b.WriteString(hexClass(allowed(c, n-4*(i+1), 4)))
	}
	return compress(b.String())
}

// allowed returns which values of a k-bit digit the bits [lo, lo+k) of an
// ID may hold, bits below 0 or at or above len(c) being zero padding.
func allowed(c []bit, lo, k int) []bool {
	ok := make([]bool, 1<<k)
	for v := range ok {
		ok[v] = true
		for j := range k {
			want := v>>j&1 == 1
			i := lo + j
			var b bit
			if i < 0 || i >= len(c) {
				b = zero
			} else {
				b = c[i]
			}
			if b == zero && want || b == one && !want {
				ok[v] = false
			}
		}
	}
	return ok
}

// hexClass returns the class of the hex digits whose values ok allows, in
// either case.
func hexClass(ok []bool) string {
	var cs []byte
	for v, a := range ok {
		if a {
			cs = append(cs, "0123456789abcdef"[v])
			if v >= 10 {
				cs = append(cs, "0123456789ABCDEF"[v])
			}
		}
	}
	return class(cs)
}

// bitsPattern returns the pattern of a text whose base is 2^k: each digit
// holds k bits of the ID (from the top with Spec.Bits, the padding last;
// else of the ID as one number, the padding in the first digit), so each
// digit allows the values its bits allow.
func bitsPattern(l *resolved.Layout, t resolved.Text, c []bit) string {
	e := t.Encoding
	k := pow2(len(e.Spec().Digits))
	w := e.DigitLen(l.Bits / 8)
	n := len(c)
	var b strings.Builder
	for i := range w {
		var lo int // the ID's bit under the digit's least significant one
		if e.Spec().Bits {
			lo = n - k*(i+1)
		} else {
			lo = k * (w - 1 - i)
		}
		ok := allowed(c, lo, k)
		var vals []int
		for v, a := range ok {
			if a {
				vals = append(vals, v)
			}
		}
		b.WriteString(valuesClass(e, vals))
	}
	return compress(b.String())
}

// compress writes runs of one class as CLASS{n}.
func compress(p string) string {
	var out strings.Builder
	for len(p) > 0 {
		tok := token(p)
		n := 1
		for strings.HasPrefix(p[n*len(tok):], tok) {
			n++
		}
		out.WriteString(tok)
		if n > 1 {
			fmt.Fprintf(&out, "{%d}", n)
		}
		p = p[n*len(tok):]
	}
	return out.String()
}

// token returns the first class or character of a pattern of classes and
// literal characters (an escaped one with its backslash).
func token(p string) string {
	switch p[0] {
	case '[':
		for i := 1; i < len(p); i++ {
			switch p[i] {
			case '\\':
				i++
			case ']':
				return p[:i+1]
			}
		}
	case '\\':
		return p[:2]
	}
	return p[:1]
}

// encodingClass returns the class of the characters that read, in t's
// encoding, as digits of values lo to hi: every case a folding encoding
// reads, and its aliases.
func encodingClass(t resolved.Text) func(lo, hi int) string {
	return func(lo, hi int) string {
		var vals []int
		for v := lo; v <= hi; v++ {
			vals = append(vals, v)
		}
		return valuesClass(t.Encoding, vals)
	}
}

// digitReader is what valuesClass needs of an encoding: the value a
// character reads as.
type digitReader interface {
	Digit(c byte) (byte, bool)
}

// valuesClass returns the class of the characters that e reads as digits
// of the values vals.
func valuesClass(e digitReader, vals []int) string {
	var cs []byte
	for c := 0x20; c < 0x7f; c++ {
		if v, ok := e.Digit(byte(c)); ok && slices.Contains(vals, int(v)) {
			cs = append(cs, byte(c))
		}
	}
	return class(cs)
}

// class returns a class of the printable ASCII characters cs (sorted,
// distinct), runs of three or more written as ranges, or the character
// alone, escaped where a regular expression needs it.
func class(cs []byte) string {
	cs = slices.Clone(cs)
	slices.Sort(cs)
	cs = slices.Compact(cs)
	if len(cs) == 1 {
		return literal(cs[0])
	}
	var b strings.Builder
	b.WriteByte('[')
	for i := 0; i < len(cs); {
		j := i
		for j+1 < len(cs) && cs[j+1] == cs[j]+1 {
			j++
		}
		if j-i >= 2 {
			b.WriteString(inClass(cs[i]) + "-" + inClass(cs[j]))
		} else {
			for _, c := range cs[i : j+1] {
				b.WriteString(inClass(c))
			}
		}
		i = j + 1
	}
	b.WriteByte(']')
	return b.String()
}

// literal escapes c outside a class: the syntax characters that
// ECMAScript's u flag lets be escaped, which Python and RE2 read alike.
func literal(c byte) string {
	if strings.IndexByte(`^$\.*+?()[]{}|/`, c) >= 0 {
		return `\` + string(c)
	}
	return string(c)
}

// inClass escapes c inside a class.
func inClass(c byte) string {
	if strings.IndexByte(`\]-^[`, c) >= 0 {
		return `\` + string(c)
	}
	return string(c)
}

// digitsOf returns v's w digits in base b, the most significant first.
func digitsOf(v *big.Int, b, w int) []int {
	d := make([]int, w)
	x := new(big.Int).Set(v)
	base := big.NewInt(int64(b))
	m := new(big.Int)
	for i := w - 1; i >= 0; i-- {
		x.DivMod(x, base, m)
		d[i] = int(m.Int64())
	}
	return d
}

// rangeOf returns a pattern that matches exactly the strings of len(lo)
// digits whose values, read as numbers, are from lo to hi (lo <= hi, digit
// by digit the most significant first, each digit at most maxd), cls(a,
// b) being the class of the digits of values a to b.
func rangeOf(lo, hi []int, cls func(a, b int) string, maxd int) string {
	n := len(lo)
	if n == 0 {
		return ""
	}
	if lo[0] == hi[0] {
		return cls(lo[0], lo[0]) + rangeOf(lo[1:], hi[1:], cls, maxd)
	}
	loRestMin, hiRestMax := all(lo[1:], 0), all(hi[1:], maxd)
	var alts []string
	from, to := lo[0]+1, hi[0]-1
	if loRestMin {
		from = lo[0]
	} else {
		alts = append(alts, cls(lo[0], lo[0])+rangeOf(lo[1:], repeat(maxd, n-1), cls, maxd))
	}
	if hiRestMax {
		to = hi[0]
	}
	if from <= to {
		alts = append(alts, cls(from, to)+anyDigits(cls(0, maxd), n-1))
	}
	if !hiRestMax {
		alts = append(alts, cls(hi[0], hi[0])+rangeOf(repeat(0, n-1), hi[1:], cls, maxd))
	}
	if len(alts) == 1 {
		return alts[0]
	}
	return "(?:" + strings.Join(alts, "|") + ")"
}

// anyDigits returns k digits of class c.
func anyDigits(c string, k int) string {
	switch k {
	case 0:
		return ""
	case 1:
		return c
	}
	return fmt.Sprintf("%s{%d}", c, k)
}

// all reports whether every digit of d is v.
func all(d []int, v int) bool {
	for _, x := range d {
		if x != v {
			return false
		}
	}
	return true
}

func repeat(v, n int) []int {
	d := make([]int, n)
	for i := range d {
		d[i] = v
	}
	return d
}

// decimalPattern returns the pattern of the decimal numbers from lo to
// hi, written without leading zeros ("0" for zero), as strconv writes
// them.
func decimalPattern(lo, hi *big.Int) string {
	dec := func(a, b int) string {
		switch {
		case a == b:
			return string(rune('0' + a))
		case b == a+1:
			return fmt.Sprintf("[%c%c]", '0'+a, '0'+b)
		}
		return fmt.Sprintf("[%c-%c]", '0'+a, '0'+b)
	}
	var alts []string
	ten := big.NewInt(10)
	from := len(lo.String())
	if lo.Sign() == 0 {
		// Zero, then the widths every number of which is in range, as
		// one alternative: [1-9][0-9]{0,m-1}.
		alts = append(alts, "0")
		m := 0
		for m < len(hi.String()) && new(big.Int).Sub(new(big.Int).Exp(ten, big.NewInt(int64(m+1)), nil), big.NewInt(1)).Cmp(hi) <= 0 {
			m++
		}
		switch m {
		case 0:
		case 1:
			alts = append(alts, "[1-9]")
		case 2:
			alts = append(alts, "[1-9][0-9]?")
		default:
			alts = append(alts, fmt.Sprintf("[1-9][0-9]{0,%d}", m-1))
		}
		from = max(m+1, 1)
		lo = new(big.Int).Exp(ten, big.NewInt(int64(from-1)), nil)
		if from == 1 {
			lo.SetInt64(1)
		}
	}
	for w := from; w <= len(hi.String()); w++ {
		a := new(big.Int).Exp(ten, big.NewInt(int64(w-1)), nil) // 10^(w-1)
		if w == 1 {
			a.SetInt64(0)
		}
		b := new(big.Int).Sub(new(big.Int).Exp(ten, big.NewInt(int64(w)), nil), big.NewInt(1))
		if a.Cmp(lo) < 0 {
			a.Set(lo)
		}
		if b.Cmp(hi) > 0 {
			b.Set(hi)
		}
		if a.Cmp(b) > 0 {
			continue
		}
		alts = append(alts, rangeOf(digitsOf(a, 10, w), digitsOf(b, 10, w), dec, 9))
	}
	if len(alts) == 1 {
		return alts[0]
	}
	return "(?:" + strings.Join(alts, "|") + ")"
}
