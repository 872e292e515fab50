// Package workspace runs the tests of idforge's other modules from the
// library module's `go test ./...`.
//
// The repository holds several modules (go.work lists them): the library,
// which requires no other module, and the generator, the command, the
// playground, the benchmarks, the peer and server checks and the etcd
// client, each with its own requirements. In a workspace, `./...` matches
// only the packages of the module it is run in, so this test runs `go test`
// on the others, with the same -short and -v, streaming their output. It reads every file of those modules, so `go test`
// caches its result only until one of them changes.
//
// It runs only in idforge's repository: the library module as a
// program's dependency (`go test github.com/idforge/idforge/...` from
// another module, in the module cache) has none of the other modules beside
// it, and there it skips, saying so.
package workspace

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/idforge/idforge/testenv"
)

// root is the repository's root, where go.work is.
const root = "../.."

// modules returns the directories go.work uses, other than the library's.
// Outside idforge's repository, where go.work or a module it names is
// missing, it skips the test.
func modules(t *testing.T) []string {
	t.Helper()
	f, err := os.Open(filepath.Join(root, "go.work"))
	if errors.Is(err, fs.ErrNotExist) {
		t.Skip("not in idforge's repository (no go.work at the library module's root, as in the module cache): the other modules are not here to test")
	}
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var dirs []string
	in := false
	for s := bufio.NewScanner(f); s.Scan(); {
		line := strings.TrimSpace(s.Text())
		switch {
		case line == "use (":
			in = true
		case in && line == ")":
			in = false
		case in && line != "" && line != "." && !strings.HasPrefix(line, "//"):
			dirs = append(dirs, line)
		}
	}
	if len(dirs) == 0 {
		t.Fatal("go.work uses no module besides the library's")
	}
	for _, dir := range dirs {
		if _, err := os.Stat(filepath.Join(root, dir, "go.mod")); errors.Is(err, fs.ErrNotExist) {
			t.Skipf("not in idforge's repository: go.work names %s, which has no go.mod here (a module's files in the module cache leave out the modules beside it)", dir)
		}
	}
	return dirs
}

// touch opens every file under dir, so that the test cache keys this
// test's result on them.
func touch(t *testing.T, dir string) {
	t.Helper()
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if name := d.Name(); name == "node_modules" || name == ".git" {
				return filepath.SkipDir
			}
			return nil
		}
		f, err := os.Open(path)
		if err == nil {
			f.Close()
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// TestModules runs `go test` on every other module, in one command so that
// their packages build and run in parallel. Their output streams to this
// test's standard output as it comes (so even a run stopped by a timeout
// shows how far it got), and the nested run is given a -timeout inside this
// test's own deadline, so that a hung test fails there, by name, rather
// than this binary with a goroutine dump. A failure names the failing
// packages and tests.
func TestModules(t *testing.T) {
	testenv.NeedTool(t, testenv.Go)
	args := []string{"test"}
	if testing.Short() {
		args = append(args, "-short")
	}
	if testing.Verbose() {
		args = append(args, "-v")
	}
	ctx := context.Background()
	if deadline, ok := t.Deadline(); ok {
		// A minute for the nested go command to report a timeout and
		// for this test to say so, before this binary's own alarm.
		left := time.Until(deadline) - time.Minute
		if left < time.Minute {
			t.Fatalf("the test binary's -timeout leaves %v: too little to run the other modules' tests", time.Until(deadline).Round(time.Second))
		}
		args = append(args, "-timeout", left.Round(time.Second).String())
		var cancel context.CancelFunc
		ctx, cancel = context.WithDeadline(ctx, deadline.Add(-30*time.Second))
		defer cancel()
	}
	var patterns []string
	for _, dir := range modules(t) {
		touch(t, filepath.Join(root, dir))
		patterns = append(patterns, dir+"/...")
	}
	args = append(args, patterns...)
	fmt.Printf("=== go %s\n", strings.Join(args, " "))
	cmd := exec.CommandContext(ctx, "go", args...)
	cmd.Dir = root
	cmd.WaitDelay = 10 * time.Second // test binaries the go command started may outlive it
	var failures failed
	cmd.Stdout = io.MultiWriter(os.Stdout, &failures)
	cmd.Stderr = cmd.Stdout
	err := cmd.Run()
	switch {
	case ctx.Err() != nil:
		t.Fatalf("the other modules' tests did not finish before this test's deadline (run with a longer -timeout, such as go test -timeout 30m ./...); still running or not started: %s; failed so far: %s",
			unfinished(patterns, failures.done), failures.summary())
	case err != nil:
		t.Fatalf("the other modules' tests failed (%v): %s; their output is above", err, failures.summary())
	}
}

// failed collects, from go test's output, the lines that name a failing
// test or package, and the packages that have finished.
type failed struct {
	partial []byte
	lines   []string
	done    map[string]bool // import paths go test has reported on
}

func (f *failed) Write(p []byte) (int, error) {
	f.partial = append(f.partial, p...)
	for {
		i := bytes.IndexByte(f.partial, '\n')
		if i < 0 {
			return len(p), nil
		}
		line := strings.TrimSpace(string(f.partial[:i]))
		f.partial = f.partial[i+1:]
		if strings.HasPrefix(line, "--- FAIL") || strings.HasPrefix(line, "FAIL\t") || strings.HasPrefix(line, "panic: test timed out") {
			f.lines = append(f.lines, line)
		}
		// "ok  \tpath\t1.2s", "FAIL\tpath\t3.4s", "?   \tpath\t[no test files]"
		if fields := strings.Split(line, "\t"); len(fields) >= 2 && isResult(strings.TrimSpace(fields[0])) {
			if f.done == nil {
				f.done = map[string]bool{}
			}
			f.done[strings.TrimSpace(fields[1])] = true
		}
	}
}

// isResult reports whether word begins go test's line on a finished package.
func isResult(word string) bool { return word == "ok" || word == "FAIL" || word == "?" }

func (f *failed) summary() string {
	if len(f.lines) == 0 {
		return "no failing test named"
	}
	return strings.Join(f.lines, "; ")
}

// unfinished lists the packages of patterns (run from the repository's
// root) that have test files and that go test has not reported on.
func unfinished(patterns []string, done map[string]bool) string {
	cmd := exec.Command("go", append([]string{"list", "-f", "{{if or .TestGoFiles .XTestGoFiles}}{{.ImportPath}}{{end}}"}, patterns...)...)
	cmd.Dir = root
	out, err := cmd.Output()
	if err != nil {
		return fmt.Sprintf("(go list failed: %v)", err)
	}
	var left []string
	for _, p := range strings.Fields(string(out)) {
		if !done[p] {
			left = append(left, p)
		}
	}
	if len(left) == 0 {
		return "none"
	}
	return strings.Join(left, ", ")
}

// TestFailedReadsGoTest holds failed to go test's output: the failing tests
// and packages, and every package reported on, across split writes.
func TestFailedReadsGoTest(t *testing.T) {
	out := "ok  \tgithub.com/idforge/idforge/gen\t1.233s\n" +
		"?   \tgithub.com/idforge/idforge/gen/emit\t[no test files]\n" +
		"--- FAIL: TestX (0.00s)\n" +
		"FAIL\tgithub.com/idforge/idforge/interop/lease\t3.1s\n" +
		"=== RUN   TestY\n"
	var f failed
	for i := 0; i < len(out); i += 7 { // writes that split lines anywhere
		f.Write([]byte(out[i:min(i+7, len(out))]))
	}
	for _, p := range []string{"github.com/idforge/idforge/gen", "github.com/idforge/idforge/gen/emit", "github.com/idforge/idforge/interop/lease"} {
		if !f.done[p] {
			t.Errorf("%s not counted as reported on", p)
		}
	}
	if len(f.done) != 3 {
		t.Errorf("reported on: %v, want 3 packages", f.done)
	}
	want := "--- FAIL: TestX (0.00s); FAIL\tgithub.com/idforge/idforge/interop/lease\t3.1s"
	if got := f.summary(); got != want {
		t.Errorf("summary() = %q, want %q", got, want)
	}
}
