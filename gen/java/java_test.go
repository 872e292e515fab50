package java_test

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/idforge/idforge/gen/emit"
	"github.com/idforge/idforge/gen/java"
	"github.com/idforge/idforge/layouts"
	"github.com/idforge/idforge/resolved"
	"github.com/idforge/idforge/testenv"
)

// writeBuiltins writes the classes of every built-in layout into dir, in
// package pkg's folder, and returns the files.
func writeBuiltins(t *testing.T, dir, pkg string) []string {
	t.Helper()
	ls, err := layouts.Builtins()
	if err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, filepath.FromSlash(pkg))
	if err := os.MkdirAll(out, 0o755); err != nil {
		t.Fatal(err)
	}
	var names []string
	seen := map[string]bool{}
	for _, l := range ls {
		files, err := java.Emitter{}.Generate(resolved.Must(l), emit.Options{Package: pkg})
		if err != nil {
			t.Fatalf("%s: %v", l.Name, err)
		}
		for _, f := range files {
			p := filepath.Join(out, f.Name)
			if err := os.WriteFile(p, f.Content, 0o644); err != nil {
				t.Fatal(err)
			}
			if !seen[p] {
				seen[p] = true
				names = append(names, p)
			}
		}
	}
	return names
}

// javac compiles files into dir's classes folder, as strictly as javac
// can: every lint and every doclint check, warnings as errors.
func javac(t *testing.T, dir string, files ...string) {
	t.Helper()
	testenv.NeedTool(t, "javac")
	args := append([]string{"--release", "17", "-encoding", "UTF-8", "-Xlint:all", "-Xdoclint:all/protected", "-Werror", "-d", filepath.Join(dir, "classes")}, files...)
	cmd := exec.Command("javac", args...)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Run(); err != nil {
		t.Fatalf("javac: %v\n%s", err, out.String())
	}
}

// Every built-in layout's class compiles with every lint and doclint
// check on, warnings as errors.
func TestCompileBuiltins(t *testing.T) {
	testenv.NeedTool(t, "javac")
	dir := t.TempDir()
	javac(t, dir, writeBuiltins(t, dir, "dev.idforge.test")...)
}
