package conformance_test

import (
	"bytes"
	"os"
	"os/exec"
	"strings"
	"testing"
)

// runPackageTest runs a test command on a package built by pkgDir (js or
// python), whose folder the command finds in env, and fails the test with
// its output if it fails.
func runPackageTest(t *testing.T, env string, name string, args ...string) {
	t.Helper()
	if _, err := exec.LookPath(name); err != nil {
		t.Skipf("%s is not installed: the package is not run (.ci/run installs it)", name)
	}
	cmd := exec.Command(name, args...)
	cmd.Dir = "testdata"
	cmd.Env = append(os.Environ(), env)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Run(); err != nil {
		t.Fatalf("%s %s: %v\n%s", name, strings.Join(args, " "), err, out.String())
	}
	t.Logf("%s", lastLines(out.String(), 8))
}

// The JavaScript package does what its README promises beyond the
// corpus: one process-wide generator (newId, newText, setNode and
// ErrNoGenerator), util.inspect and JSON showing the text, NIL and MAX,
// fromBytes of any buffer, require() from CommonJS, ErrRandom without Web
// Crypto, ErrTime for a clock that reads no time, and Private IDs: the
// checks of IDs and keys, and the known-answer vectors of every built-in
// layout (mask/testdata/vectors.json).
func TestJavaScriptAPI(t *testing.T) {
	t.Parallel()
	readInputs(t, "testdata/api.test.mjs", "testdata/conversions.test.mjs", "../../mask/testdata/vectors.json", "../../conformance/conversions.jsonl")
	dir := pkgDir(t, "js")
	runPackageTest(t, "IDFORGE_JS="+dir, "node", "--test", "api.test.mjs", "conversions.test.mjs")
}

// The same for the Python package: new_id, set_node and
// ErrNoGenerator, fork safety, IDError pickling and crossing a process
// pool, uuid.UUID interop, hex, int and bytes as uuid.UUID has them, the
// fields' TypedDict, iteration, weak references, bad clocks, and Private
// IDs as for JavaScript.
func TestPythonAPI(t *testing.T) {
	t.Parallel()
	readInputs(t, "testdata/test_api.py", "../../mask/testdata/vectors.json")
	dir := pkgDir(t, "python")
	runPackageTest(t, "PYTHONPATH="+dir, "python3", "-B", "-m", "unittest", "-v", "test_api")
}

// Every built-in layout of the Python package is fork-safe: a
// parent and 4 forked workers make IDs, and none is made twice; a layout
// with a node has no new_id in a worker until set_node is called there
// (testdata/test_fork.py).
func TestPythonFork(t *testing.T) {
	t.Parallel()
	readInputs(t, "testdata/test_fork.py")
	dir := pkgDir(t, "python")
	runPackageTest(t, "PYTHONPATH="+dir, "python3", "-B", "-m", "unittest", "-v", "test_fork")
}

// The Python package's conversions (idforge.compat) give Go's
// results: every record of the corpus conformance/conversions.jsonl
// (testdata/test_compat.py).
func TestPythonConversions(t *testing.T) {
	t.Parallel()
	readInputs(t, "testdata/test_compat.py", "../../conformance/conversions.jsonl")
	dir := pkgDir(t, "python")
	runPackageTest(t, "PYTHONPATH="+dir, "python3", "-B", "-m", "unittest", "-v", "test_compat")
}

// The Python package's README and docstring examples run, as
// doctests (testdata/test_docs.py).
func TestPythonDocs(t *testing.T) {
	t.Parallel()
	readInputs(t, "testdata/test_docs.py", "../../README.md", "../../docs/*.md")
	dir := pkgDir(t, "python")
	runPackageTest(t, "PYTHONPATH="+dir, "python3", "-B", "-m", "unittest", "-v", "test_docs")
}

// CPython's own checks of uuid.UUID (test.test_uuid, where the Python that
// runs them has its test package) pass on IDs of the package's
// UUIDv1, v4, v6 and v7 layouts: they keep every uuid.UUID attribute, with
// the standard library's meaning and type (testdata/test_stdlib_uuid.py).
// .ci/python-packages runs them with Debian's test package installed.
func TestPythonStdlibUUID(t *testing.T) {
	t.Parallel()
	readInputs(t, "testdata/test_stdlib_uuid.py")
	dir := pkgDir(t, "python")
	runPackageTest(t, "PYTHONPATH="+dir, "python3", "-B", "-m", "unittest", "-v", "test_stdlib_uuid")
}

// IDs of the Python package go into Django's UUIDField,
// SQLAlchemy's UUID types and a pydantic model (testdata/test_frameworks.py);
// a framework that python3 cannot import is skipped there, unless
// IDFORGE_REQUIRE_FRAMEWORKS is set, as .ci/python-packages sets it.
func TestPythonFrameworks(t *testing.T) {
	t.Parallel()
	readInputs(t, "testdata/test_frameworks.py")
	dir := pkgDir(t, "python")
	runPackageTest(t, "PYTHONPATH="+dir, "python3", "-B", "-m", "unittest", "-v", "test_frameworks")
}
