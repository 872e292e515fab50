package js

import (
	"regexp"
	"strings"
)

// maxComment is the column past which wrapComments breaks a comment line.
const maxComment = 100

var (
	// blockLine is a line of a /** */ comment: its indent, then " * " or
	// "* " and the text.
	blockLine = regexp.MustCompile(`^(\s*)\* (.*)$`)
	// oneLine is a doc comment on one line: /** text */.
	oneLine = regexp.MustCompile(`^(\s*)/\*\* (.*) \*/$`)
	// slashLine is a line comment on a line of its own.
	slashLine = regexp.MustCompile(`^(\s*)// (.*)$`)
)

// wrapComments returns the module or declarations src with every comment
// line past maxComment columns broken between words, as a person would
// write them: a /** text */ on one line becomes a block whose every line
// starts " * ", a line of a block goes on in lines of that block, a //
// line in // lines at its indent. Code lines, and comments after code on
// a line, are left as they are, as is a comment with no space to break at.
func wrapComments(src string) string {
	lines := strings.Split(src, "\n")
	var out []string
	for _, line := range lines {
		if len(line) <= maxComment {
			out = append(out, line)
			continue
		}
		if m := oneLine.FindStringSubmatch(line); m != nil {
			indent := m[1]
			out = append(out, indent+"/**")
			out = append(out, fill(indent+" * ", m[2])...)
			out = append(out, indent+" */")
			continue
		}
		if m := blockLine.FindStringSubmatch(line); m != nil {
			out = append(out, fill(m[1]+"* ", m[2])...)
			continue
		}
		if m := slashLine.FindStringSubmatch(line); m != nil {
			out = append(out, fill(m[1]+"// ", m[2])...)
			continue
		}
		out = append(out, line)
	}
	return strings.Join(out, "\n")
}

// fill returns text broken into lines of at most maxComment columns, each
// starting with prefix; a word longer than a line stands on its own.
func fill(prefix, text string) []string {
	var out []string
	line := ""
	for _, w := range strings.Fields(text) {
		switch {
		case line == "":
			line = w
		case len(prefix)+len(line)+1+len(w) > wrapAt:
			out = append(out, strings.TrimRight(prefix+line, " "))
			line = w
		default:
			line += " " + w
		}
	}
	if line != "" {
		out = append(out, strings.TrimRight(prefix+line, " "))
	}
	return out
}

// wrapAt is the column fill breaks at: short of maxComment, as the
// hand-written comments of the modules are filled at about 80.
const wrapAt = 80
