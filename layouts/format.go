package layouts

import (
	"fmt"
	"math"
	"math/bits"
	"strings"
	"time"
)

// Format returns the layout as spec text in canonical form: Parse of the
// result gives an equal layout (apart from File and line numbers).
func (l *Layout) Format() string {
	l = orZero(l)
	var b strings.Builder
	if l.Doc != "" {
		for _, line := range strings.Split(l.Doc, "\n") {
			b.WriteString(strings.TrimSpace("# "+line) + "\n")
		}
	}
	fmt.Fprintf(&b, "layout %s %d\n", l.Name, l.Bits)
	argsDone := map[Role]bool{}
	namedDone := map[int]bool{}
	nameWidth := 0
	for _, seg := range l.Segments {
		nameWidth = max(nameWidth, len(seg.Name))
	}
	for _, seg := range l.Segments {
		var parts []string
		for _, pi := range seg.Parts {
			parts = append(parts, l.formatPart(seg, pi, argsDone, namedDone))
		}
		line := fmt.Sprintf("  %-*s %4d  %s", nameWidth, seg.Name, seg.Width, strings.Join(parts, " + "))
		if seg.Field >= 0 {
			f := &l.Fields[seg.Field]
			if f.Bytes {
				line += " bytes"
			}
			if !f.Split() && f.Name != seg.Name {
				line += " as " + f.Name
			}
		}
		b.WriteString(line + "\n")
	}
	for _, e := range l.Encodings {
		fmt.Fprintf(&b, "  %s\n", e)
	}
	if l.Text != "" {
		fmt.Fprintf(&b, "  text %s\n", l.Text)
	}
	return b.String()
}

func (l *Layout) formatPart(seg Segment, pi int, argsDone map[Role]bool, namedDone map[int]bool) string {
	p := l.Parts[pi]
	if p.Role == Const {
		if seg.Width <= 3 {
			return fmt.Sprintf("= 0b%b", p.Const)
		}
		return fmt.Sprintf("= %d", p.Const)
	}
	var words []string
	if f := &l.Fields[seg.Field]; f.Split() {
		words = append(words, fmt.Sprintf("%s[%d:%d]", f.Name, p.Lo, p.Hi))
		if namedDone[seg.Field] {
			return words[0]
		}
		namedDone[seg.Field] = true
		words = append(words, p.Role.String())
	} else if l.sliced(p.Role) {
		words = append(words, fmt.Sprintf("%s[%d:%d]", p.Role, p.Lo, p.Hi))
	} else {
		words = append(words, p.Role.String())
	}
	if !argsDone[p.Role] {
		argsDone[p.Role] = true
		v, _ := l.Value(p.Role)
		words = append(words, v.args()...)
	}
	return strings.Join(words, " ")
}

// sliced reports whether a role's parts must be written with [lo:hi]: a hash
// always, and any value whose parts are not simply its bits in layout order
// or that shares a segment with another part.
func (l *Layout) sliced(r Role) bool {
	v, _ := l.Value(r)
	if r == Hash {
		return true
	}
	if r == Random {
		return false
	}
	hi := v.Width
	for _, pi := range v.Parts {
		p := l.Parts[pi]
		if p.Hi != hi || len(l.Segments[p.Segment].Parts) > 1 {
			return true
		}
		hi = p.Lo
	}
	return false
}

// args returns the role's arguments as a spec writes them.
func (v *Value) args() []string {
	switch v.Role {
	case Time:
		return []string{formatEpoch(v.Epoch), v.Unit.String()}
	case Counter:
		if v.Init == InitRunning {
			return []string{v.Init.String()}
		}
		return []string{v.Init.String(), v.Overflow.String()}
	case Node:
		if v.MAC {
			return []string{"mac"}
		}
	case Random:
		if v.Once {
			return []string{"once"}
		}
	case Hash:
		return []string{v.Algorithm}
	}
	return nil
}

func formatEpoch(t time.Time) string {
	switch {
	case t.Equal(UnixEpoch()):
		return "unix"
	case t.Equal(GregorianEpoch()):
		return "gregorian"
	}
	return t.Format(time.RFC3339Nano)
}

// String returns the unit as a spec writes it: 1s, 10ms, 100ns, 2^-12s,
// ms/4096. A unit that is no whole number of s, ms, us or ns is written as
// one of them divided by an integer, the first with the smallest divisor.
func (u Unit) String() string {
	if u.Den == 0 { // the zero Unit: no tick length
		return fmt.Sprintf("%d/%ds", u.Num, u.Den)
	}
	if u.Num == 1 && u.Den > 1 && u.Den&(u.Den-1) == 0 && u.Den%10 != 0 {
		return fmt.Sprintf("2^-%ds", bits.TrailingZeros64(u.Den))
	}
	bases := []struct {
		name string
		per  uint64 // units per second
	}{{"s", 1}, {"ms", 1e3}, {"us", 1e6}, {"ns", 1e9}}
	for _, s := range bases {
		if n := u.Num * s.per; n%u.Den == 0 {
			if n/u.Den == 1 {
				return s.name
			}
			return fmt.Sprintf("%d%s", n/u.Den, s.name)
		}
	}
	// Num/Den seconds = m/d of a base unit, each at most 2^32 - 1 as a spec
	// writes them: the first base with m = 1 and the smallest d, or else
	// the first with the smallest d.
	name, m, d := "", uint64(0), uint64(0)
	for _, s := range bases {
		hi, n := bits.Mul64(u.Num, s.per)
		if hi != 0 {
			continue
		}
		g := gcd(n, u.Den)
		bm, bd := n/g, u.Den/g
		if bm > math.MaxUint32 || bd > math.MaxUint32 {
			continue
		}
		if d == 0 || bm == 1 && (m != 1 || bd < d) || m != 1 && bm != 1 && bd < d {
			name, m, d = s.name, bm, bd
		}
	}
	switch {
	case d == 0: // no unit a spec can write
		return fmt.Sprintf("%d/%ds", u.Num, u.Den)
	case m == 1:
		return fmt.Sprintf("%s/%d", name, d)
	}
	return fmt.Sprintf("%d%s/%d", m, name, d)
}
