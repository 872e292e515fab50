package js

import (
	"fmt"
	"math/big"
	"math/bits"
	"regexp"
	"strings"

	"github.com/idforge/idforge/gen/internal/portable"
)

// The module holds an ID's bits as 32-bit words in plain numbers, most
// significant first, the last word holding bits 0-31: BigInt arithmetic
// costs an allocation per operation, and the text forms, the parsers and the
// generator are its hot paths. The emitter writes the bit moves between
// words as straight-line code, worked out here from the layout's runs.

// words returns the count of 32-bit words that hold bits bits.
func words(bits int) int { return (bits + 31) / 32 }

// piece is the part of a bit copy that lies in one word of the source and
// one of the destination: width bits at srcOff of source word src, to
// dstOff of destination word dst.
type piece struct{ src, srcOff, dst, dstOff, width int }

// pieces splits a copy of width bits, from bit srcLo of a value held in sn
// words to bit dstLo of one held in dn words, into pieces.
func pieces(sn, srcLo, dn, dstLo, width int) []piece {
	var out []piece
	for at := 0; at < width; {
		s, d := srcLo+at, dstLo+at
		n := min(width-at, 32-s%32, 32-d%32)
		out = append(out, piece{sn - 1 - s/32, s % 32, dn - 1 - d/32, d % 32, n})
		at += n
	}
	return out
}

// expr returns the piece's bits, read from a source word (word(i) writes
// word i) that has no bits set at or above bit top, in their place in the
// destination word.
func (p piece) expr(word func(int) string, top int) string {
	t := word(p.src)
	if p.srcOff > 0 {
		t += fmt.Sprintf(" >>> %d", p.srcOff)
	}
	if p.srcOff+p.width < top {
		t += " & " + wordMask(p.width)
	}
	if p.dstOff > 0 {
		if strings.Contains(t, " ") {
			t = "(" + t + ")"
		}
		t += fmt.Sprintf(" << %d", p.dstOff)
	}
	return t
}

// wordMask returns the literal of 2^width - 1, for width <= 32.
func wordMask(width int) string {
	if width < 4 {
		return fmt.Sprint(uint64(1)<<width - 1)
	}
	return fmt.Sprintf("0x%x", uint64(1)<<width-1)
}

// indexed returns the word accessor of an array or typed array: name[i],
// or name[base + i] when base is not empty.
func indexed(name, base string) func(int) string {
	return func(i int) string {
		switch {
		case base == "":
			return fmt.Sprintf("%s[%d]", name, i)
		case i == 0:
			return fmt.Sprintf("%s[%s]", name, base)
		}
		return fmt.Sprintf("%s[%s + %d]", name, base, i)
	}
}

// terms collects, for each destination word, the expressions OR-ed into it.
type terms [][]string

func newTerms(n int) terms { return make(terms, n) }

// add ORs the runs of a value of width bits held in vn words (read with
// word) into their places: each run's value bits [Lo, Lo+Width) go to bits
// [Shift, ...) of the destination.
func (t terms) add(runs []portable.Run, vn, width int, word func(int) string) {
	for _, r := range runs {
		for _, p := range pieces(vn, r.Lo, len(t), r.Shift, r.Width) {
			top := 32
			if p.src == 0 {
				top = width - 32*(vn-1)
			}
			t[p.dst] = append(t[p.dst], p.expr(word, top))
		}
	}
}

// gather ORs the bits of runs of an ID (read with word) into a value of
// len(t) words: the reverse of add.
func (t terms) gather(runs []portable.Run, idWords int, word func(int) string) {
	for _, r := range runs {
		for _, p := range pieces(idWords, r.Shift, len(t), r.Lo, r.Width) {
			t[p.dst] = append(t[p.dst], p.expr(word, 32))
		}
	}
}

// bare matches a word read as it is, from an array or a typed array, or a
// hex literal: a term that is unsigned already.
var bare = regexp.MustCompile(`^([A-Za-z_]\w*\[[^\]]*\]|0x[0-9a-f]+)$`)

// literal returns the words as an array literal, each made unsigned, at the
// given indent, one word a line.
func (t terms) literal(indent string) string { return t.literalOf(indent, nil) }

// literalOf is literal for words of which widths gives the bits each can
// have set (nil: 32 each): a word of fewer than 32 bits is never negative,
// so it needs no >>> 0.
func (t terms) literalOf(indent string, widths []int) string {
	var b strings.Builder
	b.WriteString("[\n")
	for i, ts := range t {
		b.WriteString(indent + "  ")
		switch {
		case len(ts) == 0:
			b.WriteString("0")
		case len(ts) == 1 && bare.MatchString(ts[0]):
			b.WriteString(ts[0]) // a word as it is, unsigned already
		case widths != nil && widths[i] < 32:
			b.WriteString(strings.Join(ts, " | "))
		default:
			b.WriteString("(" + strings.Join(ts, " | ") + ") >>> 0")
		}
		b.WriteString(",\n")
	}
	b.WriteString(indent + "]")
	return b.String()
}

// wordOf returns word i (of n) of x.
func wordOf(x *big.Int, n, i int) uint32 {
	v := new(big.Int).Rsh(x, uint(32*(n-1-i)))
	return uint32(v.Uint64() & 0xffffffff)
}

// log2 returns k when base is 2^k (k >= 1), else 0.
func log2(base int) int {
	if base < 2 || base&(base-1) != 0 {
		return 0
	}
	return bits.TrailingZeros(uint(base))
}

// bitsExpr returns the expression of the ID's bits [lo, hi) (hi - lo < 32)
// from the words in w, of an ID of idBits bits: the bits above the ID's are
// zero.
func bitsExpr(lo, hi, idBits int) string {
	hi = min(hi, idBits)
	n := hi - lo
	nw := words(idBits)
	a, off := nw-1-lo/32, lo%32
	if off+n <= 32 {
		t := fmt.Sprintf("w[%d]", a)
		if off > 0 {
			t += fmt.Sprintf(" >>> %d", off)
		}
		if off+n < 32 {
			t += " & " + wordMask(n)
		}
		return t
	}
	return fmt.Sprintf("(w[%d] >>> %d | w[%d] << %d) & %s", a, off, a-1, 32-off, wordMask(n))
}
