package conformance_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The StatefulSet-ordinal source of the JavaScript lease client
// (statefulSetOrdinal, ordinalFromHostname in js/lease.js): the cases of Go's
// TestOrdinalFromHostname, TestOrdinalRefused and TestStatefulSetOrdinal
// (package lease), in testdata/ordinal.test.mjs.
func TestOrdinalJS(t *testing.T) {
	readInputs(t, "testdata/ordinal.test.mjs")
	runPackageTest(t, "IDFORGE_JS="+pkgDir(t, "js"), "node", "--test", "ordinal.test.mjs")
}

// The same for the Python lease client (stateful_set_ordinal,
// ordinal_from_hostname in idforge.lease), in testdata/test_ordinal.py.
func TestOrdinalPython(t *testing.T) {
	readInputs(t, "testdata/test_ordinal.py")
	runPackageTest(t, "PYTHONPATH="+pkgDir(t, "python"), "python3", "-B", "-m", "unittest", "-v", "test_ordinal")
}

// The same for the Java lease client (Lease.statefulSetOrdinal,
// Lease.ordinalFromHostname), in testdata/OrdinalTest.java.
func TestOrdinalJava(t *testing.T) {
	needJava(t)
	classes := compileJava(t)
	readInputs(t, "testdata/OrdinalTest.java")
	out := runJava(t, "java", "-cp", classes, "OrdinalTest.java")
	if !strings.Contains(out, "PASS") {
		t.Fatalf("OrdinalTest.java: %s", out)
	}
}

// compileJava compiles the Java package's sources into a new directory and
// returns it.
func compileJava(t *testing.T) string {
	t.Helper()
	pattern := filepath.Join(filepath.Join(pkgDir(t, "java"), "src", "main", "java"), "io", "github", "idforge", "*.java")
	files, err := filepath.Glob(pattern)
	if err != nil || len(files) == 0 {
		t.Fatalf("no Java sources match %s (%v)", pattern, err)
	}
	readInputs(t, pattern)
	classes := filepath.Join(t.TempDir(), "classes")
	if err := os.MkdirAll(classes, 0o755); err != nil {
		t.Fatal(err)
	}
	runJava(t, "javac", append([]string{"--release", "17", "-Xlint:all", "-Werror", "-d", classes}, files...)...)
	return classes
}
