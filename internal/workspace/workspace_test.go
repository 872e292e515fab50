// Package workspace runs the tests of idforge's other modules from the
// library module's `go test ./...`.
//
// The repository holds several modules (go.work lists them): the library,
// which requires no other module, and the generator, the command, the
// playground, the benchmarks, the peer and server checks and the etcd
// client, each with its own requirements. In a workspace, `./...` matches
// only the packages of the module it is run in, so this test runs `go test`
// on the others, with the same -short, -run and -v, and fails with their
// output when they fail. It reads every file of those modules, so `go test`
// caches its result only until one of them changes.
//
// It runs only in idforge's repository: the library module as a
// program's dependency (`go test github.com/idforge/idforge/...` from
// another module, in the module cache) has none of the other modules beside
// it, and there it skips, saying so.
package workspace

import (
	"bufio"
	"errors"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

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

func TestModules(t *testing.T) {
	testenv.NeedTool(t, testenv.Go)
	args := []string{"test"}
	if testing.Short() {
		args = append(args, "-short")
	}
	if testing.Verbose() {
		args = append(args, "-v")
	}
	for _, dir := range modules(t) {
		touch(t, filepath.Join(root, dir))
		args = append(args, dir+"/...")
	}
	cmd := exec.Command("go", args...)
	cmd.Dir = root
	out, err := cmd.CombinedOutput()
	if testing.Verbose() || err != nil {
		t.Logf("go %s:\n%s", strings.Join(args, " "), out)
	}
	if err != nil {
		t.Fatalf("the other modules' tests failed: %v", err)
	}
}
