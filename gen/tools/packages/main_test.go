package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// build writes the three packages into a directory outside the checkout
// and returns its absolute path; a directory inside the checkout is
// refused before anything is written.
func TestBuild(t *testing.T) {
	out := filepath.Join(t.TempDir(), "packages")
	dir, err := build(out)
	if err != nil {
		t.Fatal(err)
	}
	if !filepath.IsAbs(dir) {
		t.Errorf("build returned %s, not an absolute path", dir)
	}
	for _, f := range []string{"js/package.json", "js/uuidv7.js", "python/pyproject.toml", "python/idforge/uuidv7.py", "java/pom.xml", "java/src/main/java/io/github/idforge/UuidV7.java", "java/LICENSE"} {
		if _, err := os.Stat(filepath.Join(dir, filepath.FromSlash(f))); err != nil {
			t.Errorf("no %s: %v", f, err)
		}
	}
	root, err := repoRoot()
	if err != nil {
		t.Fatal(err)
	}
	inside := filepath.Join(root, "packages-of-a-test")
	if _, err := build(inside); err == nil || !strings.Contains(err.Error(), "inside the checkout") {
		t.Errorf("build(%s): %v, want a refusal", inside, err)
	}
	if _, err := os.Stat(inside); err == nil {
		os.RemoveAll(inside)
		t.Errorf("the refused build made %s", inside)
	}
}
