package conformance_test

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/idforge/idforge/conformance"
	"github.com/idforge/idforge/gen"
	"github.com/idforge/idforge/gen/emit"
	"github.com/idforge/idforge/layouts"
	"github.com/idforge/idforge/resolved"
	"github.com/idforge/idforge/testenv"
)

// modules writes the files of every layout of the corpus in lang, a
// language of the registry ("js" writes a module and its .d.ts, "python"
// a module), into a new folder, each named after its layout.
func modules(t *testing.T, lang string) (dir, corpus string) {
	t.Helper()
	e, ok := gen.Lookup(lang)
	if !ok {
		t.Fatalf("no language %q in the registry (%v)", lang, gen.Names())
	}
	corpus = corpusFile(t)
	rs, err := conformance.Load(corpus)
	if err != nil {
		t.Fatal(err)
	}
	dir = t.TempDir()
	for _, r := range rs {
		if r.Kind != "layout" {
			continue
		}
		l, err := layouts.Parse(r.File, []byte(r.Spec))
		if err != nil {
			t.Fatal(err)
		}
		rl, err := resolved.New(l)
		if err != nil {
			t.Fatal(err)
		}
		files, err := e.Generate(rl, emit.Options{Type: "ID"}) // named after the layout, '-' as '_'
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range files {
			if err := os.WriteFile(filepath.Join(dir, f.Name), f.Content, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	return dir, corpus
}

// run runs a test command with the corpus and the modules, and fails the
// test with its output if it fails.
func run(t *testing.T, dir, corpus string, name string, args ...string) {
	t.Helper()
	testenv.NeedTool(t, name)
	cmd := exec.Command(name, args...)
	cmd.Dir = "testdata"
	cmd.Env = append(os.Environ(), "IDFORGE_CORPUS="+corpus, "IDFORGE_MODULES="+dir)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Run(); err != nil {
		t.Fatalf("%s %s: %v\n%s", name, strings.Join(args, " "), err, out.String())
	}
	t.Logf("%s", lastLines(out.String(), 8))
}

func lastLines(s string, n int) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	return strings.Join(lines[max(0, len(lines)-n):], "\n")
}

// The JavaScript modules of every layout in the corpus read, write and
// bound its IDs as the interpreter does, refuse its bad inputs with the
// same error kinds, and generate valid IDs, in order where the layout
// sorts by time, with the clock going back too.
func TestJavaScript(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("runs node on every layout")
	}
	readInputs(t, "testdata/corpus.test.mjs") // node reads it: the test cache must know
	dir, corpus := modules(t, "js")
	run(t, dir, corpus, "node", "--test", "corpus.test.mjs")
}

// The same for the Python modules.
func TestPython(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("runs python3 on every layout")
	}
	readInputs(t, "testdata/test_corpus.py") // python3 reads it: the test cache must know
	dir, corpus := modules(t, "python")
	run(t, dir, corpus, "python3", "-B", "-m", "unittest", "-v", "test_corpus") // -B: no __pycache__ in testdata
}
