package explain

import "strings"

// innerPackages are the packages whose errors reach idforge's messages
// (the command's, the playground's) with their name before them, as Go's
// errors say where they come from: a person reading them needs the cause,
// not the package, so Plain drops those names.
var innerPackages = []string{"compat", "conformance", "encodings", "explain", "idrt", "interp", "layouts", "marks", "maskkey", "portable", "regfile", "resolved", "testee", "typeid"}

// Plain returns line without the names of innerPackages where they start
// the line or a part of it ("layouts: no such built-in layout" reads "no
// such built-in layout"; "x: interp: bad character" reads "x: bad
// character").
func Plain(line string) string {
	var b strings.Builder
	start := true // at the start of the line or after ": "
	for len(line) > 0 {
		if start {
			cut := false
			for _, p := range innerPackages {
				if rest, ok := strings.CutPrefix(line, p+": "); ok {
					line, cut = rest, true
					break
				}
			}
			if cut {
				continue
			}
		}
		i := strings.Index(line, ": ")
		if i < 0 {
			b.WriteString(line)
			break
		}
		b.WriteString(line[:i+2])
		line = line[i+2:]
		start = true
	}
	return b.String()
}
