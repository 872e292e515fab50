package golang_test

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/idforge/idforge/testenv"
)

// The tests that build generated packages (TestGolden, TestCorpus,
// TestCodecSizes, TestInt64Layouts, TestRandomLayouts, TestDeclaredTexts)
// write them into one module, example.com/user, each test into a folder
// of its own, and the go command checks them all at once: one go vet and
// one go test of the whole module, instead of one of each per test. The go
// command's start, the loading of the module and the linking of its tools
// are then paid once, and its builds run side by side.
//
// A test joins the module before it calls t.Parallel, while the tests
// still run one at a time, so that every test that builds in it has
// joined before any of them is done. The last of them to be done (to have
// written its packages, or to end without: skipped, or failed before it
// wrote them all, its folder then removed and not built) runs the go
// command and reports what failed, in each folder, naming the test that
// wrote it. None of them waits for the others: a test that waited would
// keep one of go test's -parallel places, which the others need.

// freshModule returns the directory of a new, empty module, example.com/user,
// that requires idforge by a replace directive to this checkout, as a
// user's module would. Building in it takes the go command and seconds, so
// it skips the test without one, and under -short.
func freshModule(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("builds and tests generated packages with the go command")
	}
	testenv.NeedTool(t, testenv.Go)
	dir := t.TempDir()
	writeGoMod(t, dir)
	return dir
}

// writeGoMod writes the go.mod of example.com/user in dir.
func writeGoMod(t *testing.T, dir string) {
	t.Helper()
	write(t, filepath.Join(dir, "go.mod"), []byte(userGoMod()))
}

// userGoMod is the go.mod of example.com/user. The library module requires
// nothing, so the user module needs no go.sum: a library that gained a
// requirement would fail here, offline.
func userGoMod() string {
	return "module example.com/user\n\ngo 1.24\n\nrequire github.com/idforge/idforge v0.0.0\n\nreplace github.com/idforge/idforge => " + libraryRoot() + "\n"
}

// userModule is one test's folder in the shared module: the test writes
// its packages under dir, whose import path is path, then calls check.
type userModule struct {
	dir, path string
	folder    string
	test      string // the test's name
	run       *moduleRun
	checked   bool
}

// moduleRun is one run of the go command over the shared module, for the
// tests of one round (-count=N makes N rounds, one after the other).
type moduleRun struct {
	mu      sync.Mutex
	dir     string // the module's root, removed after the run
	pending int    // joined tests that are not done
	started bool
	folders map[string]string // the folders to check -> the tests that wrote them
}

var currentRun struct {
	sync.Mutex
	run *moduleRun
}

// joinUserModule gives the test a folder, named folder, in the shared user
// module. It must be called before t.Parallel. It skips the test under
// -short and without the go command.
func joinUserModule(t *testing.T, folder string) *userModule {
	t.Helper()
	if testing.Short() {
		t.Skip("builds and tests generated packages with the go command")
	}
	testenv.NeedTool(t, testenv.Go)
	r, err := currentModuleRun()
	if err != nil {
		t.Fatal(err)
	}
	m := &userModule{dir: filepath.Join(r.dir, folder), path: "example.com/user/" + folder, folder: folder, test: t.Name(), run: r}
	t.Cleanup(func() {
		if !m.checked {
			os.RemoveAll(m.dir) // what it wrote may be half done: not built
			r.done(t, "", "")
		}
	})
	return m
}

// currentModuleRun returns the run that a test joining now joins, counted
// in: a new one if there is none yet or the last one has started.
func currentModuleRun() (*moduleRun, error) {
	currentRun.Lock()
	defer currentRun.Unlock()
	if r := currentRun.run; r != nil {
		r.mu.Lock()
		defer r.mu.Unlock()
		if !r.started {
			r.pending++
			return r, nil
		}
	}
	dir, err := os.MkdirTemp("", "idforge-usermodule")
	if err != nil {
		return nil, err
	}
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte(userGoMod()), 0o644); err != nil {
		os.RemoveAll(dir)
		return nil, err
	}
	r := &moduleRun{dir: dir, pending: 1, folders: map[string]string{}}
	currentRun.run = r
	return r, nil
}

// check counts the test's packages in for go vet and go test, which run
// on the whole module once every test that joined it is done.
func (m *userModule) check(t *testing.T) {
	t.Helper()
	m.checked = true
	m.run.done(t, m.folder, m.test)
}

// done counts a joined test out, its folder to check named or none; the
// last one runs the go command and reports its failures.
func (r *moduleRun) done(t *testing.T, folder, test string) {
	t.Helper()
	r.mu.Lock()
	if folder != "" {
		r.folders[folder] = test
	}
	r.pending--
	last := r.pending == 0
	if last {
		r.started = true
	}
	r.mu.Unlock()
	if last {
		r.runGo(t)
	}
}

// runGo runs go vet and go test on the whole module, reports what they
// find, then removes the module. go test leaves vet out (-vet=off): go vet
// has run every check on the same packages already.
func (r *moduleRun) runGo(t *testing.T) {
	t.Helper()
	defer os.RemoveAll(r.dir)
	if len(r.folders) == 0 {
		return
	}
	writers := func(out string) string {
		var names []string
		for folder, test := range r.folders {
			if mentions(out, folder) {
				names = append(names, test)
			}
		}
		if len(names) == 0 {
			for _, test := range r.folders {
				names = append(names, test)
			}
		}
		slices.Sort(names)
		return strings.Join(names, ", ")
	}
	env := append(os.Environ(), "GOFLAGS=-mod=mod", "GOPROXY=off", "GOWORK=off")
	vet := exec.Command("go", "vet", "./...")
	vet.Dir, vet.Env = r.dir, env
	if out, err := vet.CombinedOutput(); err != nil {
		t.Errorf("go vet ./... on the generated packages of %s, in the user module: %v\n%s", writers(string(out)), err, out)
	}

	test := exec.Command("go", "test", "-vet=off", "-count=1", "-json", "./...")
	test.Dir, test.Env = r.dir, env
	var stdout, stderr bytes.Buffer
	test.Stdout, test.Stderr = &stdout, &stderr
	err := test.Run()
	if err == nil {
		return
	}
	// Each package's output, kept for the packages that failed, under the
	// folder that holds them.
	outputs := map[string]*strings.Builder{}
	failed := map[string]string{}
	var other strings.Builder
	sc := bufio.NewScanner(&stdout)
	sc.Buffer(nil, 16<<20)
	for sc.Scan() {
		var ev struct{ Action, Package, ImportPath, Test, Output string }
		if json.Unmarshal(sc.Bytes(), &ev) != nil {
			other.WriteString(sc.Text() + "\n")
			continue
		}
		pkg := ev.Package
		if pkg == "" {
			pkg, _, _ = strings.Cut(ev.ImportPath, " ")
		}
		rest, ok := strings.CutPrefix(pkg, "example.com/user/")
		if !ok {
			other.WriteString(ev.Output)
			continue
		}
		folder, _, _ := strings.Cut(rest, "/")
		b := outputs[pkg]
		if b == nil {
			b = &strings.Builder{}
			outputs[pkg] = b
		}
		b.WriteString(ev.Output)
		if ev.Action == "fail" && ev.Test == "" && ev.Package != "" {
			failed[folder] += fmt.Sprintf("--- %s\n%s", pkg, b.String())
		}
	}
	for folder, out := range failed {
		t.Errorf("go test ./%s/... on the generated packages of %s, in the user module, failed:\n%s", folder, r.folders[folder], out)
	}
	if len(failed) == 0 {
		t.Errorf("go test ./... on the generated packages of %s, in the user module: %v\n%s%s", writers(""), err, other.String(), stderr.String())
	}
}

// mentions reports whether the go command's output names a package or a
// file in folder: by its import path, or by a path from the module's root.
func mentions(out, folder string) bool {
	return strings.Contains(out, "example.com/user/"+folder+"/") || strings.HasPrefix(out, folder+"/") ||
		strings.Contains(out, "\n"+folder+"/") || strings.Contains(out, " "+folder+"/")
}
