package scripts_test

import (
	"bytes"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/idforge/idforge/gen"
	"github.com/idforge/idforge/gen/internal/scripts"
)

// root is the repository's root, from this package's folder.
const root = "../../.."

// license returns the repository's LICENSE, which the packages carry.
func license(t *testing.T) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(root, "LICENSE"))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// Write builds the three packages into a directory: every file Files
// makes, under js, python and java, and its Marker. Building again replaces
// them, removing what the last build made and this one does not; a
// directory that holds a package folder no build made, or the
// repository's root, is refused and left as it was.
func TestWrite(t *testing.T) {
	files, err := scripts.Files(license(t))
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(t.TempDir(), "packages")
	if err := scripts.Write(dir, license(t)); err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		have, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(f.Path)))
		if err != nil || !bytes.Equal(have, f.Data) {
			t.Errorf("%s: not what Files makes (%v)", f.Path, err)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, scripts.Marker)); err != nil {
		t.Errorf("no marker: %v", err)
	}
	stale := filepath.Join(dir, "js", "gone.js")
	if err := os.WriteFile(stale, []byte("// a module of a layout that is gone\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := scripts.Write(dir, license(t)); err != nil {
		t.Fatalf("building again: %v", err)
	}
	if _, err := os.Stat(stale); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("building again left js/gone.js (%v)", err)
	}

	other := t.TempDir()
	mine := filepath.Join(other, "python", "mine.py")
	if err := os.MkdirAll(filepath.Dir(mine), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(mine, []byte("x = 1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := scripts.Write(other, license(t)); err == nil || !strings.Contains(err.Error(), scripts.Marker) {
		t.Errorf("Write into a directory with a python folder no build made: %v, want an error naming %s", err, scripts.Marker)
	}
	if _, err := os.Stat(mine); err != nil {
		t.Errorf("the refused Write removed python/mine.py: %v", err)
	}
	if err := scripts.Write(root, license(t)); err == nil || !strings.Contains(err.Error(), "outside the checkout") {
		t.Errorf("Write into the repository's root: %v, want a refusal", err)
	}
}

// Every built-in layout has its module in every package (its class, in
// Java's), and package.json exports each of them.
func TestEveryLayout(t *testing.T) {
	files, err := scripts.Files(license(t))
	if err != nil {
		t.Fatal(err)
	}
	have := map[string][]byte{}
	for _, f := range files {
		have[f.Path] = f.Data
	}
	for _, mod := range []string{"uuidv7", "ulid", "ksuid", "snowflake", "uuidv8_sha256", "ksuid_ms"} {
		for _, p := range []string{"js/" + mod + ".js", "js/" + mod + ".d.ts", "python/idforge/" + mod + ".py"} {
			if have[p] == nil {
				t.Errorf("no %s", p)
			}
		}
		class := map[string]string{"uuidv7": "UuidV7", "ulid": "Ulid", "ksuid": "Ksuid", "snowflake": "Snowflake", "uuidv8_sha256": "UuidV8Sha256", "ksuid_ms": "KsuidMs"}[mod]
		if have[scripts.JavaDir+"/"+class+".java"] == nil {
			t.Errorf("no %s/%s.java", scripts.JavaDir, class)
		}
		if !bytes.Contains(have["js/package.json"], []byte(`"./`+mod+`": {`)) {
			t.Errorf("package.json does not export ./%s", mod)
		}
	}
}

// Every package of modules is of a language of the registry, in a folder
// of its own.
func TestPackagesRegistered(t *testing.T) {
	dirs := map[string]bool{}
	for _, p := range scripts.Packages {
		if _, ok := gen.Lookup(p.Lang); !ok || dirs[p.Dir] {
			t.Errorf("package in %s: language %q not in the registry (%v), or the folder twice", p.Dir, p.Lang, gen.Names())
		}
		dirs[p.Dir] = true
	}
	for dir := range dirs {
		if lang, _, _ := strings.Cut(dir, "/"); !slices.Contains(scripts.Langs(), lang) {
			t.Errorf("package in %s: not under one of %v", dir, scripts.Langs())
		}
	}
}

// The version the packages carry is a release's (X.Y.Z, the Go tags'
// version without the "v"), and CHANGELOG.md has its section, so that a
// release that bumps Version cannot forget what it changed.
func TestChangelog(t *testing.T) {
	if !regexp.MustCompile(`^(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)$`).MatchString(scripts.Version) {
		t.Errorf("Version %q is not X.Y.Z", scripts.Version)
	}
	b, err := os.ReadFile(filepath.Join(root, "CHANGELOG.md"))
	if err != nil {
		t.Fatal(err)
	}
	heading := "## [" + scripts.Version + "] - "
	if !bytes.Contains(b, []byte("\n"+heading)) {
		t.Errorf("CHANGELOG.md has no section %q for the packages' version", heading+"...")
	}
}
