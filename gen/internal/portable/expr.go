package portable

import (
	"fmt"
	"math/big"
	"strings"
)

// Lang is how one language writes integer expressions: the literal of a
// number and the operators, which are the same in both languages but for
// BigInt's n suffix.
type Lang struct {
	Lit func(x *big.Int) string // an integer literal
}

// Int returns the literal of a small integer.
func (g Lang) Int(x int) string { return g.Lit(big.NewInt(int64(x))) }

// Read returns the expression of a value spread over runs of the ID held
// in the variable id: each run shifted down, masked and shifted to its
// place in the value, OR-ed together. bits is the ID's width, so that the
// top run needs no mask. A value of no runs reads as 0.
func (g Lang) Read(id string, runs []Run, bits int) string {
	if len(runs) == 0 {
		return g.Int(0)
	}
	var terms []string
	for _, r := range runs {
		t := id
		if r.Shift > 0 {
			t = fmt.Sprintf("%s >> %s", t, g.Int(r.Shift))
		}
		if r.Shift+r.Width < bits {
			t = fmt.Sprintf("%s & %s", t, g.Lit(Mask(r.Width)))
		}
		if r.Lo > 0 {
			t = fmt.Sprintf("(%s) << %s", t, g.Int(r.Lo))
		}
		terms = append(terms, t)
	}
	return strings.Join(terms, " | ") // | binds loosest of these operators, in both languages
}

// Place returns the expression of value v (a variable) placed in its runs
// of the ID: each run's bits of v, masked and shifted into place, OR-ed
// together. width is the value's width, so that a run holding its top bits
// needs no mask.
func (g Lang) Place(v string, runs []Run, width int) string {
	var terms []string
	for _, r := range runs {
		t := v
		if r.Lo > 0 {
			t = fmt.Sprintf("%s >> %s", t, g.Int(r.Lo))
		}
		if r.Lo+r.Width < width {
			t = fmt.Sprintf("(%s & %s)", t, g.Lit(Mask(r.Width)))
		} else if r.Lo > 0 {
			t = "(" + t + ")"
		}
		if r.Shift > 0 {
			t = fmt.Sprintf("%s << %s", t, g.Int(r.Shift))
		}
		terms = append(terms, t)
	}
	return strings.Join(terms, " | ")
}

// Literal returns the digits of an integer literal: hexadecimal for a mask
// (2^k - 1) above 9 or a number above 32 bits, decimal for any other.
func Literal(x *big.Int) string {
	if x.Sign() < 0 {
		return "-" + Literal(new(big.Int).Neg(x))
	}
	one := new(big.Int).Add(x, big.NewInt(1))
	if x.Cmp(big.NewInt(9)) > 0 && one.And(one, x).Sign() == 0 || x.BitLen() > 32 {
		return "0x" + x.Text(16)
	}
	return x.String()
}
