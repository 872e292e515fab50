package explain

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/idforge/idforge/layouts"
)

// A miss is why a text is not in one form of one layout: its length is
// not one of the form's, or a character at Pos is none of its digits.
// Positions are 0-based byte offsets into the text, as Go's strconv and
// every idforge parser give them.
type miss struct {
	title string // the form, for a message: "UUID text", "Base62 text of ksuid"
	wants []int  // the lengths the form has
	pos   int    // the first character the form does not allow, or -1
}

// diagnose says, for a text that reads in none of the forms o tries,
// what is wrong with it in the form it comes nearest to: the character
// and its position, or its length and the lengths the form has. It
// returns "" when the text has a form's length and alphabet, so that only
// its constant bits can be wrong.
func diagnose(in string, o ReadOptions) string {
	var misses []miss
	try := []*layouts.Layout{o.Layout}
	if o.Layout == nil {
		all, err := builtins()
		if err != nil {
			return ""
		}
		try = append([]*layouts.Layout{rawUUID}, all...)
	}
	seen := map[string]bool{}
	for _, l := range try {
		for _, form := range formsToTry(l, o, o.Layout != nil) {
			m, ok := missIn(l, form, in, o.Layout != nil)
			if ok && !seen[m.title] {
				seen[m.title] = true
				misses = append(misses, m)
			}
		}
	}
	n := len(in)
	// A form of the text's length: the character that it comes to first
	// that is not its, the latest such among the forms.
	var best *miss
	for i, m := range misses {
		if slices.Contains(m.wants, n) {
			if m.pos < 0 {
				return "" // the length and alphabet fit: the constant bits do not
			}
			if best == nil || m.pos > best.pos {
				best = &misses[i]
			}
		}
	}
	if best != nil {
		return fmt.Sprintf("invalid character %s at position %d of %s (length %d)", charAt(in, best.pos), best.pos, best.title, n)
	}
	// No form has the text's length: the nearest that reads each of its
	// characters, else the nearest of all, and the first character it
	// does not read.
	gap := func(m miss) int {
		g := -1
		for _, w := range m.wants {
			if d := max(w-n, n-w); g < 0 || d < g {
				g = d
			}
		}
		return g
	}
	for i, m := range misses {
		if m.pos < 0 && (best == nil || gap(m) < gap(*best)) {
			best = &misses[i]
		}
	}
	if best != nil {
		return fmt.Sprintf("no form has length %d; the nearest, %s, has length %s", n, best.title, orInts(best.wants))
	}
	for i, m := range misses {
		if best == nil || gap(m) < gap(*best) {
			best = &misses[i]
		}
	}
	if best == nil {
		return ""
	}
	return fmt.Sprintf("no form has length %d; the nearest, %s, has length %s and no %s (position %d)", n, best.title, orInts(best.wants), charAt(in, best.pos), best.pos)
}

// missIn returns how text is not in form of layout l: the form's lengths
// and its first character the form does not allow (-1 for none). ok is
// false for a form it cannot say (typeid, which has its own reasons). own
// names the layout in the title of every form, not only of an encoding.
func missIn(l *layouts.Layout, form, in string, own bool) (m miss, ok bool) {
	m.pos = -1
	switch form {
	case "typeid":
		return m, false
	case "uuid":
		m.title, m.wants = "UUID text", []int{36, 32, 38, 45}
		m.pos = uuidMiss(in)
	case "decimal":
		m.title, m.wants = "decimal text", []int{}
		for w := 1; w <= 20; w++ {
			m.wants = append(m.wants, w)
		}
		for i := 0; i < len(in); i++ {
			if (in[i] < '0' || in[i] > '9') && !(i == 0 && in[i] == '-' && len(in) > 1) {
				m.pos = i
				break
			}
		}
	default:
		e, err := encodingOf(l, form)
		r := view(l)
		if err != nil || r == nil || e.EncodedLen(r.Bytes()) < 0 {
			return m, false
		}
		w := e.EncodedLen(r.Bytes())
		m.title, m.wants = e.Title()+" text of "+name(l), []int{w}
		digits := in
		if e.Spec().Check && len(in) == w {
			digits = in[:w-1] // the check symbol, which Digit does not read
		}
		for i := 0; i < len(digits); i++ {
			if _, ok := e.Digit(digits[i]); !ok {
				m.pos = i
				break
			}
		}
		return m, true
	}
	if own {
		m.title += " of " + name(l)
	}
	return m, true
}

// uuidMiss returns the first character of in that UUID text of its length
// does not allow (hex digits, the hyphens of the canonical form, the
// braces and the URN prefix), or, for a length UUID text never has, the
// first that none of its forms has; -1 for none.
func uuidMiss(in string) int {
	hex := func(c byte) bool {
		return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
	}
	canonical := func(s string, at int) int {
		for i := 0; i < len(s); i++ {
			if i == 8 || i == 13 || i == 18 || i == 23 {
				if s[i] != '-' {
					return at + i
				}
			} else if !hex(s[i]) {
				return at + i
			}
		}
		return -1
	}
	switch len(in) {
	case 36:
		return canonical(in, 0)
	case 38:
		if in[0] != '{' {
			return 0
		}
		if p := canonical(in[1:37], 1); p >= 0 {
			return p
		}
		if in[37] != '}' {
			return 37
		}
		return -1
	case 45:
		for i := range 9 {
			if lower(in[i]) != "urn:uuid:"[i] {
				return i
			}
		}
		return canonical(in[9:], 9)
	}
	for i := 0; i < len(in); i++ {
		if !hex(in[i]) && in[i] != '-' {
			return i
		}
	}
	return -1
}

// charAt quotes the character at byte offset i of s: a printable one as
// Go quotes a rune ('Z', 'é'), any other byte in hexadecimal.
func charAt(s string, i int) string {
	r, size := utf8.DecodeRuneInString(s[i:])
	if r == utf8.RuneError && size <= 1 || !strconv.IsPrint(r) {
		return fmt.Sprintf("byte 0x%02x", s[i])
	}
	return strconv.QuoteRune(r)
}

// orInts writes lengths as "36, 32, 38 or 45", and a run of more than
// three as "1 to 20".
func orInts(ns []int) string {
	if len(ns) > 3 && ns[len(ns)-1]-ns[0] == len(ns)-1 {
		return fmt.Sprintf("%d to %d", ns[0], ns[len(ns)-1])
	}
	s := make([]string, len(ns))
	for i, n := range ns {
		s[i] = strconv.Itoa(n)
	}
	if len(s) == 1 {
		return s[0]
	}
	return strings.Join(s[:len(s)-1], ", ") + " or " + s[len(s)-1]
}

// name names a layout in a message: the raw, Nil and Max UUIDs as "a
// UUID".
func name(l *layouts.Layout) string {
	if l == rawUUID || l == nilUUID || l == maxUUID {
		return "a UUID"
	}
	return layoutName(l)
}
