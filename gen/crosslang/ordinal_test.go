package conformance_test

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// The StatefulSet-ordinal source of the JavaScript lease client
// (statefulSetOrdinal, ordinalFromHostname in js/lease.js): the cases of Go's
// TestOrdinalFromHostname, TestOrdinalRefused and TestStatefulSetOrdinal
// (package lease), in testdata/ordinal.test.mjs.
func TestOrdinalJS(t *testing.T) {
	t.Parallel()
	readInputs(t, "testdata/ordinal.test.mjs")
	runPackageTest(t, "IDFORGE_JS="+pkgDir(t, "js"), "node", "--test", "ordinal.test.mjs")
}

// The same for the Python lease client (stateful_set_ordinal,
// ordinal_from_hostname in idforge.lease), in testdata/test_ordinal.py.
func TestOrdinalPython(t *testing.T) {
	t.Parallel()
	readInputs(t, "testdata/test_ordinal.py")
	runPackageTest(t, "PYTHONPATH="+pkgDir(t, "python"), "python3", "-B", "-m", "unittest", "-v", "test_ordinal")
}

// The same for the Java lease client (Lease.statefulSetOrdinal,
// Lease.ordinalFromHostname), in testdata/OrdinalTest.java.
func TestOrdinalJava(t *testing.T) {
	t.Parallel()
	needJava(t)
	classes := compileJava(t)
	readInputs(t, "testdata/OrdinalTest.java")
	out := runJava(t, "java", "-cp", classes, "OrdinalTest.java")
	if !strings.Contains(out, "PASS") {
		t.Fatalf("OrdinalTest.java: %s", out)
	}
}

// javaBuild is the Java package compiled once per test process, by the
// first compileJava, into a temporary directory that TestMain removes.
var javaBuild struct {
	sync.Once
	dir string // holds classes/
	err error
}

// compileJava returns the directory of the Java package's classes, the
// module io.github.idforge (its module-info.java too), compiled with every
// lint and every doclint check of its public API on and warnings as
// errors. The first call compiles it, once for every test of this process
// that runs it (the javac of a test of its own took 5 to 20 seconds on 2
// busy cores); a failure fails each of them with javac's output.
func compileJava(t *testing.T) string {
	t.Helper()
	src := filepath.Join(pkgDir(t, "java"), "src", "main", "java")
	pattern := filepath.Join(src, "io", "github", "idforge", "*.java")
	readInputs(t, pattern)
	javaBuild.Do(func() {
		files, err := filepath.Glob(pattern)
		if err != nil || len(files) == 0 {
			javaBuild.err = fmt.Errorf("no Java sources match %s (%v)", pattern, err)
			return
		}
		files = append(files, filepath.Join(src, "module-info.java")) // the module io.github.idforge
		if javaBuild.dir, err = os.MkdirTemp("", "idforge-java-"); err != nil {
			javaBuild.err = err
			return
		}
		classes := filepath.Join(javaBuild.dir, "classes")
		args := append([]string{"--release", "17", "-Xlint:all", "-Xdoclint:all/protected", "-Werror", "-d", classes}, files...)
		start := time.Now()
		cmd := exec.Command("javac", args...)
		cmd.Dir = "testdata"
		out, err := cmd.CombinedOutput()
		if err != nil {
			javaBuild.err = fmt.Errorf("javac %s: %v\n%s", strings.Join(args, " "), err, lastLines(string(out), 60))
			return
		}
		t.Logf("javac of the Java package (%.1fs), for every test of this process: %s", time.Since(start).Seconds(), lastLines(string(out), 3))
	})
	if javaBuild.err != nil {
		t.Fatal(javaBuild.err)
	}
	return filepath.Join(javaBuild.dir, "classes")
}
