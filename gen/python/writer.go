package python

import (
	"fmt"
	"math/bits"
	"strings"

	"github.com/idforge/idforge/gen/internal/portable"
)

// The writers of the text forms whose base is a power of two (Crockford,
// base32hex, hex), unrolled: the runtime's _encode loops over the digits,
// shifting the whole ID for each pair of them, where a form's own writer
// splits the ID once into chunks of at most 60 bits (two of CPython's
// 30-bit int digits, cheap to shift) and takes each pair of digits from
// the form's table of pairs (_digit_pairs) with one f-string. str(id) of a
// ULID costs about half of what _encode does.

// pairBitsMax is the most bits a chunk holds.
const pairBitsMax = 60

// unrolls reports whether form f has a writer of its own: a base that is a
// power of two, from 4 up, and no check symbol.
func unrolls(f portable.Form) bool {
	base := len(f.Alphabet)
	k := bits.Len(uint(base)) - 1
	return base >= 4 && base == 1<<k && !f.Check
}

// pairsName returns the name of the module constant that holds form f's
// table of pairs of digits.
func pairsName(f portable.Form) string { return "_" + constName(f) + "_PAIRS" }

// usesPairs reports whether form f's own writer reads a table of pairs
// (hex is written by %-formatting).
func usesPairs(f portable.Form) bool {
	return unrolls(f) && !(f.Alphabet == "0123456789abcdef" && f.Pad == 0)
}

// unrolled returns the statements (indented for a method) that return the
// text of form f of the ID whose bits n names (self._n), for a form that
// unrolls.
func unrolled(f portable.Form, n string) string {
	if f.Alphabet == "0123456789abcdef" && f.Pad == 0 {
		return fmt.Sprintf("        return \"%%0%dx\" %% %s\n", f.Width, n)
	}
	k := bits.Len(uint(len(f.Alphabet))) - 1
	pairBits := 2 * k
	chunkBits := pairBitsMax / pairBits * pairBits
	if chunkBits == 0 {
		chunkBits = pairBits
	}
	pairs := f.Width / 2
	odd := f.Width%2 == 1
	total := f.Width * k // the bits of the digits: v < 1 << total

	var b strings.Builder
	v := n
	if f.Pad != 0 {
		v = fmt.Sprintf("%s << %d", n, f.Pad)
	}
	b.WriteString("        v = " + v + "\n")
	b.WriteString("        p = " + pairsName(f) + "\n")
	// The chunks, most significant first: chunk c holds the pairs whose
	// shift s has s / chunkBits == c.
	top := (pairs - 1) * pairBits / chunkBits
	var parts []string
	if odd {
		parts = append(parts, fmt.Sprintf("{_%s.digits[v >> %d]}", constName(f), total-k))
	}
	names := "abcdefghijklmnopqrstuwxyz"
	for c := top; c >= 0; c-- {
		name := string(names[top-c])
		lo := c * chunkBits
		// The chunk's width: chunkBits, but the top chunk's is what is
		// left of the pairs above lo.
		width := chunkBits
		if c == top {
			width = pairs*pairBits - lo
		}
		expr := "v"
		if lo > 0 {
			expr = fmt.Sprintf("v >> %d", lo)
		}
		if c != top || odd {
			expr += fmt.Sprintf(" & %#x", uint64(1)<<width-1)
		}
		b.WriteString(fmt.Sprintf("        %s = %s\n", name, expr))
		for s := width - pairBits; s >= 0; s -= pairBits {
			e := name
			if s > 0 {
				e = fmt.Sprintf("%s >> %d", name, s)
			}
			if s+pairBits < width {
				e += fmt.Sprintf(" & %#x", 1<<pairBits-1)
			}
			parts = append(parts, "{p["+e+"]}")
		}
	}
	// One f-string, in lines of a few pairs each: adjacent f-strings are
	// one string to the compiler.
	b.WriteString("        return (\n")
	for i := 0; i < len(parts); i += 4 {
		j := min(i+4, len(parts))
		b.WriteString("            f\"" + strings.Join(parts[i:j], "") + "\"\n")
	}
	b.WriteString("        )\n")
	return b.String()
}
