package layouts

import (
	"fmt"
	"strconv"
	"strings"
)

// SVG geometry: 32 bits a row, as Diagram draws them.
const (
	svgRowBits = 32
	svgBitW    = 20 // pixels a bit
	svgRowH    = 34 // pixels a row of bits
	svgRowGap  = 6
	svgLeft    = 34 // room for each row's first bit number
	svgTop     = 20 // room for the bit numbers over the rows
	svgLegendH = 26
)

// roleFills are the colours of the roles in an SVG diagram: light enough
// for dark text, told apart by hue.
var roleFills = map[Role]string{
	Const:    "#d4d4d4",
	Time:     "#9ecae9",
	Counter:  "#a8dc8f",
	ClockSeq: "#cfe8a0",
	Node:     "#fdc47d",
	Random:   "#cdb5e0",
	Hash:     "#f4a6a6",
}

// svgRoles are the roles in the order the legend lists them.
var svgRoles = []Role{Time, Counter, ClockSeq, Node, Random, Hash, Const}

// SVG draws the layout's bit diagram as a standalone SVG image: the
// segments as spans, 32 bits a row with the bit offsets over them, each
// part coloured by its role (time, counter, clock sequence, node, random,
// hash, constant), and a legend of the roles it uses. Each segment is a
// group (class "seg", with data-name, data-role, data-offset and
// data-width) whose <title>, shown on hover, names its bits and role and,
// when values holds its field's name, the field's value; a constant
// segment shows its constant. values may be nil.
//
// The image scales (it has a viewBox) and draws the same for the same
// layout and values, so it can be committed beside a README.
func (l *Layout) SVG(values map[string]string) string {
	l = orZero(l)
	rows := (l.Bits + svgRowBits - 1) / svgRowBits
	used := map[Role]bool{}
	for _, p := range l.Parts {
		used[p.Role] = true
	}
	width := svgLeft + svgRowBits*svgBitW + 2
	height := svgTop + rows*(svgRowH+svgRowGap) + svgLegendH
	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 %d %d" width="%d" height="%d" role="img" aria-label="%s" font-family="ui-monospace, Menlo, Consolas, monospace" font-size="11">`+"\n",
		width, height, width, height, svgEscape(fmt.Sprintf("bit layout of %s, %d bits", l.Name, l.Bits)))
	fmt.Fprintf(&b, "<title>%s</title>\n", svgEscape(fmt.Sprintf("%s: %d bits", l.Name, l.Bits)))
	// Bit numbers over the rows, and each row's first bit at its left.
	b.WriteString(`<g class="ruler" fill="#555" text-anchor="middle">`)
	for i := 0; i < min(svgRowBits, l.Bits); i++ {
		fmt.Fprintf(&b, `<text x="%d" y="%d">%d</text>`, svgLeft+i*svgBitW+svgBitW/2, svgTop-6, i%10)
	}
	b.WriteString("</g>\n")
	b.WriteString(`<g class="rows" fill="#555" text-anchor="end">`)
	for r := 0; r < rows; r++ {
		fmt.Fprintf(&b, `<text x="%d" y="%d">%d</text>`, svgLeft-4, svgTop+r*(svgRowH+svgRowGap)+svgRowH/2+4, r*svgRowBits)
	}
	b.WriteString("</g>\n")
	for si, seg := range l.Segments {
		role := l.segmentRole(si)
		fmt.Fprintf(&b, `<g class="seg role-%s" data-name="%s" data-role="%s" data-offset="%d" data-width="%d" tabindex="0">`,
			role, svgEscape(seg.Name), role, seg.Offset, seg.Width)
		fmt.Fprintf(&b, "<title>%s</title>", svgEscape(l.segmentTitle(si, values)))
		for _, pi := range seg.Parts {
			p := l.Parts[pi]
			l.svgSpan(&b, p.Offset, p.Width, `fill="`+roleFills[p.Role]+`" stroke="none"`)
		}
		l.svgSpan(&b, seg.Offset, seg.Width, `fill="none" stroke="#333" stroke-width="1"`) // one outline round the parts
		l.svgLabels(&b, seg)
		b.WriteString("</g>\n")
	}
	// The legend: a swatch and a name for each role the layout uses.
	y := svgTop + rows*(svgRowH+svgRowGap) + 6
	x := svgLeft
	b.WriteString(`<g class="legend">`)
	for _, r := range svgRoles {
		if !used[r] {
			continue
		}
		name := roleLabel(r)
		fmt.Fprintf(&b, `<rect x="%d" y="%d" width="12" height="12" fill="%s" stroke="#333" stroke-width="0.5"/><text x="%d" y="%d" fill="#222">%s</text>`,
			x, y, roleFills[r], x+16, y+10, name)
		x += 16 + 7*len(name) + 14
	}
	b.WriteString("</g>\n</svg>\n")
	return b.String()
}

// svgSpan draws the bits [offset, offset+width) as rectangles, one for
// each row they touch, with the given paint attributes.
func (l *Layout) svgSpan(b *strings.Builder, offset, width int, paint string) {
	for lo := offset; lo < offset+width; {
		row := lo / svgRowBits
		hi := min(offset+width, (row+1)*svgRowBits)
		fmt.Fprintf(b, `<rect x="%d" y="%d" width="%d" height="%d" %s/>`,
			svgLeft+(lo%svgRowBits)*svgBitW, svgTop+row*(svgRowH+svgRowGap), (hi-lo)*svgBitW, svgRowH, paint)
		lo = hi
	}
}

// svgLabels writes a segment's name in each row it touches, cut short to
// fit, and its width under it where there is room.
func (l *Layout) svgLabels(b *strings.Builder, seg Segment) {
	for lo := seg.Offset; lo < seg.Offset+seg.Width; {
		row := lo / svgRowBits
		hi := min(seg.Offset+seg.Width, (row+1)*svgRowBits)
		px := (hi - lo) * svgBitW
		cx := svgLeft + (lo%svgRowBits)*svgBitW + px/2
		y := svgTop + row*(svgRowH+svgRowGap)
		if name := fitText(seg.Name, px-4); name != "" {
			fmt.Fprintf(b, `<text x="%d" y="%d" text-anchor="middle" fill="#111">%s</text>`, cx, y+15, svgEscape(name))
		}
		if w := strconv.Itoa(seg.Width); len(w)*7 <= px-4 {
			fmt.Fprintf(b, `<text x="%d" y="%d" text-anchor="middle" fill="#444" font-size="9">%s</text>`, cx, y+28, w)
		}
		lo = hi
	}
}

// segmentRole names the role a segment is coloured by: its parts' role,
// or "mixed" when they differ.
func (l *Layout) segmentRole(si int) string {
	seg := l.Segments[si]
	role := l.Parts[seg.Parts[0]].Role
	for _, pi := range seg.Parts[1:] {
		if l.Parts[pi].Role != role {
			return "mixed"
		}
	}
	return role.String()
}

// segmentTitle is the hover text of a segment: its name, bits, width and
// role, then its field's value or its constant.
func (l *Layout) segmentTitle(si int, values map[string]string) string {
	seg := l.Segments[si]
	s := fmt.Sprintf("%s: bits %d–%d (%d), %s", seg.Name, seg.Offset, seg.Offset+seg.Width-1, seg.Width, l.segmentRole(si))
	if seg.Field >= 0 {
		f := l.Fields[seg.Field]
		if f.Name != seg.Name {
			s += ", part of " + f.Name
		}
		if v, ok := values[f.Name]; ok {
			s += "\n" + f.Name + " = " + v
		}
		return s
	}
	var c uint64
	for _, pi := range seg.Parts {
		p := l.Parts[pi]
		c = c<<p.Width | p.Const
	}
	return s + fmt.Sprintf("\n= %d (%#x)", c, c)
}

// roleLabel is a role's name in the legend.
func roleLabel(r Role) string {
	switch r {
	case Const:
		return "constant"
	case ClockSeq:
		return "clock sequence"
	}
	return r.String()
}

// fitText cuts s to the characters that fit in px pixels of the diagram's
// font, marking a cut with "…"; it returns "" when not even two fit.
func fitText(s string, px int) string {
	n := px / 7
	switch {
	case len(s) <= n:
		return s
	case n < 2:
		return ""
	}
	return s[:n-1] + "…"
}

var svgEscaper = strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&quot;", "'", "&#39;")

// svgEscape escapes text for SVG element content and attribute values.
func svgEscape(s string) string { return svgEscaper.Replace(s) }
