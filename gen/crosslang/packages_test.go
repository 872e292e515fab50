package conformance_test

import (
	"compress/gzip"
	"io"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/idforge/idforge/gen/internal/scripts"
)

// built is the build of idforge's JavaScript, Python and Java packages that
// this test process's tests run: made once, by the first pkgDir, into a
// temporary directory that TestMain removes.
var built struct {
	sync.Once
	dir string
	err error
}

// pkgDir returns the absolute path of one of idforge's packages, lang "js"
// (the npm package), "python" (the Python project: its modules are in
// pkgDir(t, "python")/idforge) or "java" (the Maven project), built from
// the layouts and emitters this test binary was compiled with, as go run
// ./gen/tools/packages builds them: the repository keeps none of them,
// so a test always runs the generated code of today. The packages are
// built once per test process, into a temporary directory outside the
// checkout, where a test may read but must not write.
//
// The build is made of what the test binary holds (the emitters and the
// built-in specs are compiled into it), so a test need not read the files
// for go test's cache (readInputs): the binary's hash covers them.
func pkgDir(t testing.TB, lang string) string {
	t.Helper()
	built.Do(func() {
		license, err := os.ReadFile("../../LICENSE")
		if err != nil {
			built.err = err
			return
		}
		dir, err := os.MkdirTemp("", "idforge-packages-")
		if err != nil {
			built.err = err
			return
		}
		built.dir = dir
		built.err = scripts.Write(dir, license)
	})
	if built.err != nil {
		t.Fatalf("building the packages (as go run ./gen/tools/packages does): %v", built.err)
	}
	return filepath.Join(built.dir, lang)
}

func TestMain(m *testing.M) {
	code := m.Run()
	if built.dir != "" {
		os.RemoveAll(built.dir)
	}
	if javaBuild.dir != "" {
		os.RemoveAll(javaBuild.dir)
	}
	os.Exit(code)
}

// packageEnv returns the environment of a test script that imports the
// built packages: this process's, with IDFORGE_JS and IDFORGE_PYTHON naming
// pkgDir's js and python folders, as testdata's readback and texts scripts
// read them.
func packageEnv(t testing.TB) []string {
	t.Helper()
	return append(os.Environ(), "IDFORGE_JS="+pkgDir(t, "js"), "IDFORGE_PYTHON="+pkgDir(t, "python"))
}

// corpusFile returns the path of the conformance corpus as JSON lines, the
// file the JavaScript, Python and Java corpus tests read: the committed
// corpus.jsonl.gz uncompressed into the test's temporary directory.
func corpusFile(t testing.TB) string {
	t.Helper()
	f, err := os.Open("../../conformance/corpus.jsonl.gz")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	r, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	b, err := io.ReadAll(r)
	if err != nil {
		t.Fatal(err)
	}
	name := filepath.Join(t.TempDir(), "corpus.jsonl")
	if err := os.WriteFile(name, b, 0o644); err != nil {
		t.Fatal(err)
	}
	return name
}
