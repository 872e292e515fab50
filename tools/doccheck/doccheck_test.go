package doccheck

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const root = "../.."

// pages returns the README and the guides in docs/, and any other
// top-level pages named, or skips the test outside a clone of idforge (a
// module zip has neither the other modules nor their examples).
func pages(t *testing.T, more ...string) []string {
	t.Helper()
	if _, err := os.Stat(filepath.Join(root, "gen", "go.mod")); err != nil {
		t.Skip("not in a clone of idforge (a module zip has neither the docs' other modules nor their examples)")
	}
	docs, _ := filepath.Glob(filepath.Join(root, "docs", "*.md"))
	docs = append([]string{filepath.Join(root, "README.md")}, docs...)
	for _, p := range more {
		docs = append(docs, filepath.Join(root, p))
	}
	return docs
}

// TestGoSnippets checks every Go block of the README and docs/. A block
// that is a whole file (it declares its package: the walkthrough's files,
// which .ci/walkthrough builds and runs) must parse. Any other block must
// be, line for line, the body of an Example function of one of the
// repository's packages, which go test compiles and, given its Output,
// runs: so the page quotes code that builds and whose output is checked.
func TestGoSnippets(t *testing.T) {
	examples := exampleBodies(t)
	n := 0
	for _, doc := range pages(t) {
		src, err := os.ReadFile(doc)
		if err != nil {
			t.Fatal(err)
		}
		name := strings.TrimPrefix(filepath.ToSlash(doc), "../../")
		for _, b := range goBlocks(string(src)) {
			n++
			if isFile(b.text) {
				if _, err := parser.ParseFile(token.NewFileSet(), name, b.text, parser.ParseComments); err != nil {
					t.Errorf("%s:%d: a Go file that does not parse: %v", name, b.line, err)
				}
				continue
			}
			if _, ok := examples[normalize(b.text)]; !ok {
				t.Errorf("%s:%d: this Go snippet is no Example function's body; quote an example (go test compiles and runs those), so that the page cannot drift:\n%s", name, b.line, b.text)
			}
		}
	}
	if n < 5 {
		t.Errorf("%d Go blocks in the README and docs/, want at least 5", n)
	}
}

type goBlock struct {
	line int
	text string
}

func goBlocks(src string) []goBlock {
	var bs []goBlock
	var cur *goBlock
	for i, line := range strings.Split(src, "\n") {
		switch {
		case cur == nil && strings.TrimSpace(line) == "```go":
			cur = &goBlock{line: i + 1}
		case cur != nil && strings.TrimSpace(line) == "```":
			bs = append(bs, *cur)
			cur = nil
		case cur != nil:
			cur.text += line + "\n"
		}
	}
	return bs
}

// isFile reports whether a block is a whole Go file: its first line that
// is not a comment declares the package.
func isFile(text string) bool {
	for _, line := range strings.Split(text, "\n") {
		if line = strings.TrimSpace(line); line == "" || strings.HasPrefix(line, "//") {
			continue
		}
		return strings.HasPrefix(line, "package ")
	}
	return false
}

// normalize drops blank lines at the ends, the indentation every line
// shares and trailing spaces.
func normalize(text string) string {
	lines := strings.Split(strings.Trim(text, "\n"), "\n")
	indent := -1
	for _, l := range lines {
		if strings.TrimSpace(l) == "" {
			continue
		}
		n := len(l) - len(strings.TrimLeft(l, "\t"))
		if indent < 0 || n < indent {
			indent = n
		}
	}
	for i, l := range lines {
		if len(l) >= indent && indent > 0 {
			l = l[indent:]
		}
		lines[i] = strings.TrimRight(l, " \t")
	}
	return strings.Join(lines, "\n")
}

// exampleBodies returns the bodies of every Example function in the
// repository's tests, normalized, each mapped to its name.
func exampleBodies(t *testing.T) map[string]string {
	bodies := map[string]string{}
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == "node_modules" || d.Name() == "testdata" || strings.HasPrefix(d.Name(), ".")) && path != root {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, "_test.go") {
			return nil
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		fset := token.NewFileSet()
		f, err := parser.ParseFile(fset, path, src, parser.ParseComments)
		if err != nil {
			return err
		}
		for _, d := range f.Decls {
			fn, ok := d.(*ast.FuncDecl)
			if !ok || !strings.HasPrefix(fn.Name.Name, "Example") || fn.Body == nil {
				continue
			}
			body := string(src[fset.Position(fn.Body.Lbrace).Offset+1 : fset.Position(fn.Body.Rbrace).Offset])
			bodies[normalize(body)] = fn.Name.Name
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(bodies) < 20 {
		t.Fatalf("%d Example functions found under %s, want many more", len(bodies), root)
	}
	return bodies
}
