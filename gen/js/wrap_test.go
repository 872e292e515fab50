package js

import (
	"regexp"
	"strings"
	"testing"

	"github.com/idforge/idforge/layouts"
	"github.com/idforge/idforge/resolved"
)

// commentLine is a line that is all comment: a // line, a line of a /** */
// block, or a block on one line.
var commentLine = regexp.MustCompile(`^\s*(//|\*|/\*\*)`)

// Every comment line the emitter writes, in a module and its declarations,
// self-contained or of the package, and in the runtime and the
// conversions, is at most 100 columns wide, and every line inside a /** */
// block starts with its " * ".
func TestCommentsWrapped(t *testing.T) {
	ls, err := layouts.Builtins()
	if err != nil {
		t.Fatal(err)
	}
	check := func(name, src string) {
		inBlock := false
		for i, line := range strings.Split(src, "\n") {
			trimmed := strings.TrimSpace(line)
			if commentLine.MatchString(line) && len(line) > maxComment {
				t.Errorf("%s:%d: a comment line of %d columns: %s", name, i+1, len(line), line)
			}
			switch {
			case strings.HasPrefix(trimmed, "/**") && !strings.HasSuffix(trimmed, "*/"):
				inBlock = true
			case inBlock && strings.HasSuffix(trimmed, "*/"):
				inBlock = false
			case inBlock && !strings.HasPrefix(trimmed, "*"):
				t.Errorf("%s:%d: a line of a doc comment without its *: %s", name, i+1, line)
			}
		}
	}
	for _, l := range ls {
		for _, runtime := range []string{"", "./runtime.js"} {
			m, d, err := generateResolved(resolved.Must(l), "ID", "", runtime)
			if err != nil {
				t.Fatal(err)
			}
			check(l.Name+".js", string(m))
			check(l.Name+".d.ts", string(d))
		}
	}
	check("runtime.js", string(Runtime()))
	m, d := Compat()
	check("compat.js", string(m))
	check("compat.d.ts", string(d))
}

// wrapComments breaks a long comment of each kind between words, keeping
// its prefix, and leaves code alone.
func TestWrapComments(t *testing.T) {
	long := strings.Repeat("word ", 30)
	src := "  /** " + long + "*/\n  * " + long + "\n// " + long + "\nconst x = '" + long + "';"
	got := wrapComments(src)
	for _, line := range strings.Split(got, "\n") {
		if commentLine.MatchString(line) && len(line) > maxComment {
			t.Errorf("not wrapped: %q", line)
		}
	}
	if !strings.HasPrefix(got, "  /**\n   * word word") || !strings.Contains(got, "const x = '"+long+"';") {
		t.Errorf("wrapComments:\n%s", got)
	}
}
