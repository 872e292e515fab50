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
	c := constName(f)
	var parts []string
	i := 0
	if f.Width%2 == 1 {
		parts = append(parts, fmt.Sprintf("%s.digits[%s]", c, paddedBits((f.Width-1)*k-f.Pad, f.Width*k-f.Pad, p.Bits)))
		i = 1
	}
	for ; i < f.Width; i += 2 {
		lo := (f.Width-2-i)*k - f.Pad
		parts = append(parts, fmt.Sprintf("p[%s]", paddedBits(lo, lo+2*k, p.Bits)))
	}
	w.f(`
/** Every two-digit string of the %[1]s form, indexed by the two digits' value. */
const %[2]s_PAIRS = /* @__PURE__ */ pairsOf(%[2]s);

/** Writes the ID's words w as %[3]d %[1]s digits, two (%[4]d bits) at a time. */
function %[5]sOf(w) {
  const p = %[2]s_PAIRS;
  return (
    %[6]s
  );
}
`, f.Title, c, f.Width, 2*k, f.Ident(), strings.Join(parts, " +\n    "))
}

// paddedBits returns the expression of the ID's bits [lo, hi) where lo may
// be below zero, for the padding that a form writing bits from the top
// puts below the ID: those bits are zero.
func paddedBits(lo, hi, idBits int) string {
	if lo >= 0 {
		return bitsExpr(lo, hi, idBits)
	}
	return fmt.Sprintf("(%s) << %d", bitsExpr(0, hi, idBits), -lo)
}

// bitsDecoder writes the reader of the layout's canonical text, a form
// whose base is a power of two: the digits checked, then each put in its
// place by straight-line code.
func (w *writer) bitsDecoder(f portable.Form) {
	p := w.p
	k := log2(len(f.Alphabet))
	c := constName(f)
	t := newTerms(words(p.Bits))
	for i := range f.Width {
		at := (f.Width-1-i)*k - f.Pad
		d := fmt.Sprintf("d[%d]", i)
		run := portable.Run{Shift: at, Width: min(k, p.Bits-at)}
		if at < 0 { // the digit's low bits are padding
			run = portable.Run{Shift: 0, Width: k + at, Lo: -at}
		}
		t.add([]portable.Run{run}, 1, k, func(int) string { return d })
	}
	check := ""
	if top := p.Bits - (f.Width-1)*k; top < k && f.Pad == 0 {
		check = fmt.Sprintf("\n  if (d[0] > %d) throw overflowError(L, %s, s); // bits above the ID's %d", 1<<top-1, c, p.Bits)
	}
	if f.Pad > 0 {
		check = fmt.Sprintf("\n  if (d[%d] & %d) throw syntaxError(L, %s.title, s, %d); // padding bits below the ID", f.Width-1, 1<<f.Pad-1, c, f.Width-1)
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
`, f.Title, f.Width, overflowDoc(f), f.Ident(), c, check, t.literal("  "))
}

func overflowDoc(f portable.Form) string {
	if f.Overflows {
		return "; text above the largest ID is ErrOverflow"
	}
	return ""
}

// ownForm writes the constant of a text form the runtime does not have:
// one of the declared encodings, or one the layout's spec declares.
func (w *writer) ownForm(f portable.Form) {
	w.f(`
/** The %s form: digits %s%s. */
const %s = /* @__PURE__ */ form(%s, %s, %t%s);
`, f.Title, blockComment(jsString(f.Alphabet)), blockComment(f.CaseNote()), constName(f), jsString(f.Title), jsString(f.Alphabet), f.FoldCase, aliasesArg(f))
}

// aliasesArg returns form()'s last argument, the form's aliases, after a
// comma, or "" for a form without them: pairs of an alias and its digit,
// each alias in both cases where the form folds case, as form() takes
// them.
func aliasesArg(f portable.Form) string {
	if f.Aliases == "" {
		return ""
	}
	var pairs strings.Builder
	for i := 0; i+1 < len(f.Aliases); i += 2 {
		a, d := f.Aliases[i], f.Aliases[i+1]
		pairs.WriteString(string([]byte{a, d}))
		if f.FoldCase && 'a' <= a|0x20 && a|0x20 <= 'z' {
			pairs.WriteString(string([]byte{a ^ 0x20, d}))
		}
	}
	return ", " + jsString(pairs.String())
}
