package java_test

import (
	"bytes"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/idforge/idforge/testenv"
)

// javac compiles files into dir's classes folder, as strictly as javac
// can: every lint and every doclint check of the public API, warnings as
// errors. (gen/crosslang's TestJavaPackage compiles the built-in layouts'
// classes, java/, so; TestJava runs the corpus on them.)
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
