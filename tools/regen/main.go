// Command regen regenerates everything the repository keeps that a program
// writes, in the order in which each piece depends on the last. Run it at
// the repository's root:
//
//	go run ./tools/regen
//
// It runs, one step at a time, and stops at the first that fails:
//
//  1. go generate in uuid, ksuid, ulid and snowflake: the Go packages of
//     the built-in layouts, from the specs and gen/golang (and only those,
//     so that a broken generated file never stops its own regeneration);
//  2. go generate ./conformance: the corpus and conversions.jsonl, made by
//     the interpreter and compat, which import the packages of step 1;
//  3. go generate ./interop/xid and ./web: xid's package for the peer test
//     and the playground's list of languages;
//  4. the files that tests compare output with, each rewritten by its
//     test's -update flag: lease/lease.sql's blocks of the PostgreSQL
//     install rule, written by package pginstall (TestScriptRule), mask's
//     published vectors (TestVectors), one set
//     per built-in layout, gen/golang's golden cases (TestGolden) and
//     cmd/idforge's scripts and reference (TestScripts, TestReference),
//     which list the layouts and encodings, and the transcripts of the
//     README and docs/ (TestTranscripts: each command's output as it
//     prints it, so that none is edited by hand).
//
// The JavaScript, Python and Java packages are not among them: the
// repository does not keep them. go run ./gen/tools/packages -o DIR
// builds them outside the checkout, and the tests that run them build
// them afresh.
//
// On a clean checkout it changes nothing, and run twice it changes nothing
// the second time. Every test that finds a generated or golden file stale
// names this command (each names its own -update too). Before it starts,
// it checks that every go:generate line in the repository is in a package
// of the steps above, so that a new one is not silently left out.
package main

import (
	"bufio"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
)

// steps are the commands regen runs, in order. Each generate step names
// the directories whose go:generate lines it runs.
var steps = []struct {
	generate []string // directories for go generate
	test     []string // or: go test arguments (with -update)
}{
	{generate: []string{"./uuid", "./ksuid", "./ulid", "./snowflake"}},
	{generate: []string{"./conformance"}},
	{generate: []string{"./interop/xid", "./web"}},
	{test: []string{"./lease", "-run", "^TestScriptRule$", "-update"}},
	{test: []string{"./mask", "-run", "^TestVectors$", "-update"}},
	{test: []string{"./gen/golang", "-run", "^TestGolden$", "-update"}},
	{test: []string{"./cmd/idforge", "-run", "^(TestScripts|TestReference|TestTranscripts)$", "-update"}},
}

func main() {
	if _, err := os.Stat("go.work"); err != nil {
		fail("regen: run it at the repository's root (go run ./tools/regen): %v", err)
	}
	if err := checkCovered(); err != nil {
		fail("regen: %v", err)
	}
	for _, s := range steps {
		args := append([]string{"generate"}, s.generate...)
		if s.test != nil {
			args = append([]string{"test", "-count=1"}, s.test...)
		}
		fmt.Fprintln(os.Stderr, "go", strings.Join(args, " "))
		cmd := exec.Command("go", args...)
		cmd.Stdout, cmd.Stderr = os.Stderr, os.Stderr
		if err := cmd.Run(); err != nil {
			fail("regen: go %s: %v", strings.Join(args, " "), err)
		}
	}
}

// checkCovered returns an error naming each directory with a go:generate
// line that no step runs (the frozen interop/gencompat packages aside).
func checkCovered() error {
	out, err := exec.Command("git", "ls-files", "*.go").Output()
	if err != nil {
		return fmt.Errorf("git ls-files: %v", err)
	}
	covered := map[string]bool{}
	for _, s := range steps {
		for _, d := range s.generate {
			covered[filepath.Clean(d)] = true
		}
	}
	var missing []string
	for _, name := range strings.Fields(string(out)) {
		dir := filepath.Dir(name)
		if covered[dir] || strings.HasPrefix(dir, "interop/gencompat/") || slices.Contains(missing, dir) {
			continue
		}
		has, err := hasGenerate(name)
		if err != nil {
			return err
		}
		if has {
			missing = append(missing, dir)
		}
	}
	if len(missing) > 0 {
		return fmt.Errorf("go:generate lines in %s, which no step of tools/regen runs: add them to its steps", strings.Join(missing, ", "))
	}
	return nil
}

// hasGenerate reports whether the file has a go:generate line.
func hasGenerate(name string) (bool, error) {
	f, err := os.Open(name)
	if err != nil {
		return false, err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		if strings.HasPrefix(sc.Text(), "//go:generate ") {
			return true, nil
		}
	}
	return false, sc.Err()
}

func fail(format string, args ...any) {
	fmt.Fprintf(os.Stderr, format+"\n", args...)
	os.Exit(1)
}
