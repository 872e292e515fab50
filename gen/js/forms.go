package js

import (
	"fmt"
	"strings"

	"github.com/idforge/idforge/gen/internal/portable"
)

// bitsEncoder writes the writer of the layout's canonical text, a form
// whose base is a power of two: straight-line, two digits at a time from
// the form's pairs.
func (w *writer) bitsEncoder(f portable.Form) {
	p := w.p
	k := log2(len(f.Alphabet))
	c := strings.ToUpper(f.Name)
	var parts []string
	i := 0
	if f.Width%2 == 1 {
		parts = append(parts, fmt.Sprintf("%s.digits[%s]", c, bitsExpr((f.Width-1)*k, f.Width*k, p.Bits)))
		i = 1
	}
	for ; i < f.Width; i += 2 {
		lo := (f.Width - 2 - i) * k
		parts = append(parts, fmt.Sprintf("p[%s]", bitsExpr(lo, lo+2*k, p.Bits)))
	}
	w.f(`
/** Writes the ID's words w as %d %s digits, two (%d bits) at a time. */
function %sOf(w) {
  const p = %s.pairs;
  return (
    %s
  );
}
`, f.Width, f.Title, 2*k, f.Name, c, strings.Join(parts, " +\n    "))
}

// bitsDecoder writes the reader of the layout's canonical text, a form
// whose base is a power of two: the digits checked, then each put in its
// place by straight-line code.
func (w *writer) bitsDecoder(f portable.Form) {
	p := w.p
	k := log2(len(f.Alphabet))
	c := strings.ToUpper(f.Name)
	t := newTerms(words(p.Bits))
	for i := range f.Width {
		at := (f.Width - 1 - i) * k
		d := fmt.Sprintf("d[%d]", i)
		t.add([]portable.Run{{Shift: at, Width: min(k, p.Bits-at)}}, 1, k, func(int) string { return d })
	}
	check := ""
	if top := p.Bits - (f.Width-1)*k; top < k {
		check = fmt.Sprintf("\n  if (d[0] > %d) throw overflowError(L, %s); // bits above the ID's %d", 1<<top-1, c, p.Bits)
	}
	w.f(`
/**
 * Reads text in the %[1]s form: exactly %[2]d digits%[3]s. It returns the
 * ID's words.
 */
function %[4]sWords(s) {
  const d = digitsOf(L, s, %[5]s, %[2]d);%[6]s
  return %[7]s;
}
`, f.Title, f.Width, overflowDoc(f), f.Name, c, check, t.literal("  "))
}

func overflowDoc(f portable.Form) string {
	if f.Overflows {
		return "; text above the largest ID is ErrOverflow"
	}
	return ""
}
