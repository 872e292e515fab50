package main

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/idforge/idforge/conformance/testee"
	"github.com/idforge/idforge/layouts"
	"github.com/idforge/idforge/testenv"
)

// testees is the folder of the testee programs, from here.
const testees = "../../conformance/testees"

// conformanceRun runs idforge conformance -json with args and returns its
// report, failing t when the command failed.
func conformanceRun(t *testing.T, args ...string) testee.Report {
	t.Helper()
	return conformanceRunEnv(t, nil, args...)
}

// conformanceRunEnv is conformanceRun with more environment variables
// (KEY=VALUE) for the command and so for its testee.
func conformanceRunEnv(t *testing.T, env []string, args ...string) testee.Report {
	t.Helper()
	stdout, stderr, exit := idforgeEnv(t, ".", "", env, append([]string{"conformance", "-json"}, args...)...)
	var rep testee.Report
	if err := json.Unmarshal([]byte(stdout), &rep); err != nil {
		t.Fatalf("exit %d, no report (%v):\n%s\n%s", exit, err, stdout, stderr)
	}
	if exit != 0 || len(rep.Failed) > 0 {
		var b strings.Builder
		rep.WriteText(&b)
		t.Fatalf("exit %d:\n%s\n%s", exit, b.String(), stderr)
	}
	return rep
}

// passesAll checks that the testee of one of idforge's own packages passed
// every case of every built-in layout, none expected to fail, none
// skipped but for the corpus's random and text layouts.
func passesAll(t *testing.T, rep testee.Report) {
	t.Helper()
	ls, err := layouts.Builtins()
	if err != nil {
		t.Fatal(err)
	}
	var builtins []string
	for _, l := range ls {
		builtins = append(builtins, l.Name)
	}
	claimed := slices.Sorted(slices.Values(rep.Testee.Layouts))
	if slices.Sort(builtins); !slices.Equal(claimed, builtins) {
		t.Errorf("the testee claims the layouts %v, want the built-ins %v", claimed, builtins)
	}
	for why, n := range rep.Skipped {
		if why != "layout not supported" {
			t.Errorf("%d cases skipped: %s", n, why)
		}
	}
	if rep.Passed < 4000 || len(rep.Expected) > 0 || len(rep.Fixed) > 0 {
		t.Errorf("%d passed, %d expected failures, %d fixed", rep.Passed, len(rep.Expected), len(rep.Fixed))
	}
	t.Logf("%s: %d passed", rep.Testee.Name, rep.Passed)
}

// packagesBuild is the build of idforge's JavaScript, Python and Java
// packages that this test process's conformance tests run, made once by
// builtPackage.
var packagesBuild struct {
	sync.Once
	dir string
	err error
}

// builtPackage returns the absolute path of one of idforge's packages,
// lang "js", "python" or "java", which the repository does not keep: go
// run ./gen/tools/packages builds them, from the checkout's layouts
// and emitters, once per test process, into the temporary directory of
// TestMain, which removes it. The test cache reads package scripts'
// sources (readFiles), from which the packages' shape comes; the emitters
// are compiled into this binary.
func builtPackage(t *testing.T, lang string) string {
	t.Helper()
	packagesBuild.Do(func() {
		dir := filepath.Join(filepath.Dir(idforgeBin), "packages")
		cmd := exec.Command("go", "run", "./gen/tools/packages", "-o", dir)
		cmd.Dir = "../.."
		if out, err := cmd.CombinedOutput(); err != nil {
			packagesBuild.err = fmt.Errorf("go run ./gen/tools/packages: %v\n%s", err, out)
			return
		}
		packagesBuild.dir = dir
	})
	if packagesBuild.err != nil {
		t.Fatal(packagesBuild.err)
	}
	readFiles(t, "../../gen/internal/scripts/*.go")
	return filepath.Join(packagesBuild.dir, lang)
}

// idforge conformance passes the JavaScript package
// (conformance/testees/idforge.mjs, on the build's js/).
func TestConformanceJavaScript(t *testing.T) {
	t.Parallel()
	testenv.NeedTool(t, testenv.Node)
	readFiles(t, testees+"/idforge.mjs")
	env := []string{"IDFORGE_JS=" + builtPackage(t, "js")}
	passesAll(t, conformanceRunEnv(t, env, "-testee", "node "+testees+"/idforge.mjs"))
}

// idforge conformance passes the Python package
// (conformance/testees/idforge_testee.py, on the build's python/).
func TestConformancePython(t *testing.T) {
	t.Parallel()
	testenv.NeedTool(t, testenv.Python)
	readFiles(t, testees+"/idforge_testee.py")
	env := []string{"IDFORGE_PYTHON=" + builtPackage(t, "python")}
	passesAll(t, conformanceRunEnv(t, env, "-testee", "python3 "+testees+"/idforge_testee.py"))
}

// idforge conformance passes the Java package, compiled
// (conformance/testees/IdforgeTestee.java, on the build's java/).
func TestConformanceJava(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("compiles the Java package")
	}
	for _, tool := range []string{"javac", "java"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skip(testenv.MissingTool(tool) + " (the JDK 17: apt-get install openjdk-17-jdk-headless)")
		}
	}
	files, err := filepath.Glob(filepath.Join(builtPackage(t, "java"), "src", "main", "java", "io", "github", "idforge", "*.java"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no Java sources (%v)", err)
	}
	readFiles(t, testees+"/IdforgeTestee.java")
	classes := t.TempDir()
	if out, err := exec.Command("javac", append([]string{"--release", "17", "-d", classes}, files...)...).CombinedOutput(); err != nil {
		t.Fatalf("javac: %v\n%s", err, out)
	}
	passesAll(t, conformanceRun(t, "-testee", "java -cp "+classes+" "+testees+"/IdforgeTestee.java"))
}

// idforge conformance passes npm's uuid, a third-party implementation, with
// only the failures its list names (conformance/testees/npm-uuid.failures):
// none unexpected, none of them now passing, none naming no case.
func TestConformanceNPMUUID(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("installs npm's uuid")
	}
	testenv.NeedTool(t, testenv.Node)
	testenv.NeedTool(t, testenv.NPM)
	// bench/js/npm-cache installs the pinned peers, uuid among them, into
	// the user's cache, once, and prints where.
	out, err := exec.Command("bash", "../../bench/js/npm-cache").Output()
	if err != nil {
		msg := "bench/js/npm-cache could not install the pinned npm packages: " + err.Error()
		if os.Getenv("CI") != "" {
			t.Fatal(msg)
		}
		t.Skip("skipped: " + msg + " (no registry, say; CI fails here)")
	}
	dir := strings.TrimSpace(string(out))
	// The testee imports 'uuid': node finds it in the node_modules of a
	// folder above the copy.
	run, err := os.MkdirTemp(dir, "conformance-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(run) })
	src, err := os.ReadFile(testees + "/npm-uuid.mjs")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(run, "npm-uuid.mjs"), src, 0o644); err != nil {
		t.Fatal(err)
	}
	readFiles(t, testees+"/npm-uuid.failures", "../../bench/js/package-lock.json")
	rep := conformanceRun(t, "-testee", "node "+filepath.Join(run, "npm-uuid.mjs"), "-failures", testees+"/npm-uuid.failures")
	if rep.Testee.Name != "npm uuid" || rep.Testee.Version != "14.0.3" {
		t.Errorf("testee %s %s, want npm uuid 14.0.3", rep.Testee.Name, rep.Testee.Version)
	}
	if len(rep.Fixed) > 0 || len(rep.NotRun) > 0 || len(rep.Expected) == 0 || rep.Passed == 0 {
		t.Errorf("%d passed, %d expected failures; fixed (take them off the list): %q; not run: %q", rep.Passed, len(rep.Expected), rep.Fixed, rep.NotRun)
	}
	t.Logf("%s %s: %d passed, %d expected failures", rep.Testee.Name, rep.Testee.Version, rep.Passed, len(rep.Expected))
}

// readFiles reads the files that patterns match, which a testee run by a
// test reads, so that go test's cache knows them: a changed file runs the
// test again.
func readFiles(t *testing.T, patterns ...string) {
	t.Helper()
	for _, p := range patterns {
		names, err := filepath.Glob(p)
		if err != nil || len(names) == 0 {
			t.Fatalf("no files match %s", p)
		}
		for _, name := range names {
			if _, err := os.ReadFile(name); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// A testee that is missing, writes what is not a response or never answers
// fails the run (exit 1), saying why; a call without -testee or with a
// layout the corpus lacks is a usage error (exit 2).
func TestConformanceBadTestee(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		args []string
		exit int
		want string
	}{
		{[]string{"-testee", "exit 3"}, 1, "the testee exited (exit status 3) before it answered capabilities"},
		{[]string{"-testee", "echo hello; cat >/dev/null"}, 1, `protocol error: a response that is not a JSON object: "hello"`},
		{[]string{"-testee", "sleep 2", "-timeout", "100ms"}, 1, "did not finish within 100ms"},
		// It closes its output and runs on: not "exited".
		{[]string{"-testee", "exec >&-; sleep 3"}, 1, "closed its standard output before it answered capabilities, and is still running"},
		// It answers capabilities, then exits with half its answers.
		{[]string{"-testee", `read l; echo '` + bufferedCaps + `'; read l; echo '{"ok":false,"error":"ErrUnsupported"}'; exit 4`, "-layout", "uuidv4"}, 1, "the testee exited (exit status 4) after 1 of "},
		// More answers than requests.
		{[]string{"-testee", `read l; echo '` + bufferedCaps + `'; while read l; do echo '{"ok":false,"error":"ErrUnsupported"}'; done; echo '{"ok":true}'`, "-layout", "uuidv4"}, 1, "more responses than the"},
		{nil, 2, "-testee CMD is required"},
		{[]string{"-testee", "cat", "-layout", "nope"}, 2, `no layout "nope"`},
	} {
		_, stderr, exit := idforge(t, ".", "", append([]string{"conformance"}, c.args...)...)
		if exit != c.exit || !strings.Contains(stderr, c.want) {
			t.Errorf("conformance %q: exit %d, stderr %q; want exit %d and %q", c.args, exit, stderr, c.exit, c.want)
		}
	}
}

// bufferedCaps is the capabilities of a testee in sh that claims uuidv4's
// compare and refuses every case as ErrUnsupported.
const bufferedCaps = `{"ok":true,"name":"sh","protocol":1,"layouts":["uuidv4"],"ops":["compare"]}`

// A testee that reads all its input before it answers, and writes its
// answers only when it exits (it flushes at exit), finishes: the driver
// closes its input after the last request. Before, it hung until the
// timeout (issue 64).
func TestConformanceFlushAtExit(t *testing.T) {
	t.Parallel()
	script := `read l; echo '` + bufferedCaps + `'; n=0; while read l; do n=$((n+1)); done; out=$(i=0; while [ $i -lt $n ]; do echo '{"ok":false,"error":"ErrUnsupported"}'; i=$((i+1)); done); printf '%s\n' "$out"`
	stdout, stderr, exit := idforge(t, ".", "", "conformance", "-json", "-testee", script, "-layout", "uuidv4", "-timeout", "1m")
	var rep testee.Report
	if err := json.Unmarshal([]byte(stdout), &rep); err != nil || exit != 0 {
		t.Fatalf("exit %d (%v):\n%s\n%s", exit, err, stdout, stderr)
	}
	if n := rep.Skipped["refused by the testee as "+testee.Unsupported]; n == 0 {
		t.Errorf("no case refused: %+v", rep)
	}
}

// Every example of idforge conformance -h runs as written at the root of a
// clone, with idforge on the PATH and DIR the build of idforge's packages
// the help names, and passes (issue 64). An example whose tool (node,
// python3) is missing is skipped, saying so.
func TestConformanceHelpExamples(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("runs every example: the packages' build, node, python3, go run")
	}
	stdout, stderr, _ := idforge(t, ".", "", "conformance", "-h")
	help := stdout + stderr
	_, examples, ok := strings.Cut(help, "\nexamples")
	if !ok {
		t.Fatalf("no examples in the help:\n%s", help)
	}
	var lines []string
	for _, line := range strings.Split(examples, "\n") {
		if strings.HasPrefix(line, "  ") && strings.Contains(line, "idforge conformance ") {
			lines = append(lines, strings.TrimSpace(line))
		}
	}
	if len(lines) < 3 {
		t.Fatalf("%d examples in the help, want 3 or more:\n%s", len(lines), examples)
	}
	readFiles(t, testees+"/*", "../../interop/conformance/oklogulid/*")
	path := filepath.Dir(idforgeBin) + string(os.PathListSeparator) + os.Getenv("PATH")
	for i, line := range lines {
		t.Run(fmt.Sprint("example", i+1), func(t *testing.T) {
			switch {
			case strings.Contains(line, "'node "):
				testenv.NeedTool(t, testenv.Node)
			case strings.Contains(line, "'python3 "):
				testenv.NeedTool(t, testenv.Python)
			}
			cmdline := line
			if strings.Contains(line, "DIR/") {
				cmdline = strings.ReplaceAll(line, "DIR/", filepath.Dir(builtPackage(t, "js"))+"/")
			}
			cmd := exec.Command("sh", "-c", cmdline)
			cmd.Dir = "../.."
			cmd.Env = append(os.Environ(), "PATH="+path)
			out, err := cmd.CombinedOutput()
			if err != nil {
				t.Fatalf("%s: %v\n%s", line, err, out)
			}
			t.Logf("%s", strings.SplitN(string(out), "\n", 2)[0])
		})
	}
}
