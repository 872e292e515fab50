package conformance_test

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// jsBlock is a fenced JavaScript example of a README: ```js to ```.
var jsBlock = regexp.MustCompile("(?ms)^```js\n(.*?)^```\n")

// walkthrough is a walkthrough of a guide, from <!-- walkthrough --> to
// <!-- /walkthrough -->.
var walkthrough = regexp.MustCompile("(?s)<!-- walkthrough -->.*?<!-- /walkthrough -->")

// claim is a line of an example that says what its expression is: an
// expression statement followed by // true or // false.
var claim = regexp.MustCompile(`^(\s*)([^\s].*?);\s*// (true|false)$`)

// declaration is a statement a claim cannot be: it declares or imports.
var declaration = regexp.MustCompile(`^(const|let|var|import|export|function|class)\b`)

// Every example of the npm package's README (js/README.md of the built
// package), and the JavaScript of the repository's README and guides
// (docs/, but for the walkthrough's files, which .ci/walkthrough runs),
// runs against the package, as its users would write it: each ```js block a module of its
// own, importing 'idforge/...' from a node_modules that holds the package,
// and each line that ends "// true" or "// false" checked to be so. So an
// example that drifts from the API fails the build.
func TestJavaScriptREADME(t *testing.T) {
	t.Parallel()
	if _, err := exec.LookPath("node"); err != nil {
		t.Skip("node is not installed: the README's examples are not run (.ci/run installs it)")
	}
	readInputs(t, "../../README.md", "../../docs/*.md")
	pkg := pkgDir(t, "js")
	dir := t.TempDir()
	if err := os.Mkdir(filepath.Join(dir, "node_modules"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(pkg, filepath.Join(dir, "node_modules", "idforge")); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "package.json"), []byte(`{"type":"module","private":true}`+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	type page struct {
		file string // its name in messages
		path string
		min  int // the examples it has at least
	}
	pages := []page{{"js/README.md", filepath.Join(pkg, "README.md"), 3}, {"README.md", "../../README.md", 1}}
	guides, _ := filepath.Glob("../../docs/*.md")
	for _, g := range guides {
		pages = append(pages, page{strings.TrimPrefix(filepath.ToSlash(g), "../../"), g, 0})
	}
	for _, c := range pages {
		readme, err := os.ReadFile(c.path)
		if err != nil {
			t.Fatal(err)
		}
		// The walkthrough's files (docs/your-own-layout.md) import the
		// modules the walkthrough generates: .ci/walkthrough runs them.
		readme = walkthrough.ReplaceAllFunc(readme, func(b []byte) []byte {
			return bytes.Repeat([]byte("\n"), bytes.Count(b, []byte("\n")))
		})
		blocks := jsBlock.FindAllSubmatchIndex(readme, -1)
		if len(blocks) < c.min {
			t.Fatalf("%d ```js blocks in %s, want its examples (%d or more)", len(blocks), c.file, c.min)
		}
		for i, m := range blocks {
			line := bytes.Count(readme[:m[2]], []byte("\n")) + 1 // of the block's first line
			runExample(t, dir, c.file, i, line, checkClaims(c.file, string(readme[m[2]:m[3]]), line, "console.log", jsCheck))
		}
	}
}

// runExample runs the example src, block i of file whose first line is
// line, as a module in dir.
func runExample(t *testing.T, dir, file string, i, line int, src string) {
	t.Helper()
	name := fmt.Sprintf("%s-example%d.mjs", strings.ReplaceAll(strings.TrimSuffix(file, ".md"), "/", "-"), i+1)
	if err := os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("node", name)
	cmd.Dir = dir
	// The Private IDs example reads its key from the environment, as a
	// server would: a test key, never a real one.
	cmd.Env = append(os.Environ(), "ID_MASK_KEY=000102030405060708090a0b0c0d0e0f")
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Run(); err != nil {
		t.Errorf("%s's example at line %d: node: %v\n%s\n%s", file, line, err, src, out.String())
	}
}

// checkClaims returns the example src, whose first line is line first of
// file, with each claim (a line "EXPR; // true", or "PRINT(EXPR); // true"
// where PRINT is the language's print call) turned into the statement
// check writes: one that throws, naming the file's line, when EXPR is not
// so.
func checkClaims(file, src string, first int, print string, check func(indent, expr, want, msg string) string) string {
	lines := strings.Split(src, "\n")
	for i, l := range lines {
		m := claim.FindStringSubmatch(l)
		if m == nil || declaration.MatchString(m[2]) {
			continue
		}
		expr := m[2]
		if inner, ok := strings.CutPrefix(expr, print+"("); ok && strings.HasSuffix(inner, ")") {
			expr = strings.TrimSuffix(inner, ")")
		}
		lines[i] = check(m[1], expr, m[3], fmt.Sprintf("%s line %d: %s is not %s", file, first+i, expr, m[3]))
	}
	return strings.Join(lines, "\n")
}

// jsCheck is a JavaScript claim's check (checkClaims).
func jsCheck(indent, expr, want, msg string) string {
	return fmt.Sprintf("%sif ((%s) !== %s) throw new Error(%q);", indent, expr, want, msg)
}
