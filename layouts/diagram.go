package layouts

import "strings"

// Diagram draws the layout as an RFC-style bit table, 32 bits a row, most
// significant bit first, each cell named after its segment:
//
//	 0                   1                   2                   3
//	 0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1
//	+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+
//	|                           unix_ts_ms                          |
//	+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+
//
// A name too long for its cell is cut short.
func (l *Layout) Diagram() string {
	l = orZero(l)
	const row = 32
	var b strings.Builder
	b.WriteString(" 0                   1                   2                   3\n")
	b.WriteString(" 0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1\n")
	rule := "+" + strings.Repeat("-+", row) + "\n"
	b.WriteString(rule)
	for start := 0; start < l.Bits; start += row {
		end := min(start+row, l.Bits)
		b.WriteString("|")
		for _, seg := range l.Segments {
			lo, hi := max(seg.Offset, start), min(seg.Offset+seg.Width, end)
			if lo >= hi {
				continue
			}
			b.WriteString(center(seg.Name, 2*(hi-lo)-1) + "|")
		}
		b.WriteString("\n")
		if end-start == row {
			b.WriteString(rule)
		} else {
			b.WriteString("+" + strings.Repeat("-+", end-start) + "\n")
		}
	}
	return b.String()
}

// center returns s centred in a field of n characters, cut short if need be.
func center(s string, n int) string {
	if len(s) > n {
		return s[:n]
	}
	left := (n - len(s)) / 2
	return strings.Repeat(" ", left) + s + strings.Repeat(" ", n-len(s)-left)
}
