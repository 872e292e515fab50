package scripts_test

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"regexp"
	"testing"

	"github.com/idforge/idforge/gen"
	"github.com/idforge/idforge/gen/internal/scripts"
)

var update = flag.Bool("update", false, "rewrite the generated files")

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

// The committed JavaScript and Python packages under js/ and python/ are
// what the emitters make from the built-in specs today, and no module is
// left there of a layout that is gone. Run `go run ./internal/regen` at the
// repository's root (or `go test ./gen/internal/scripts -update`) after
// changing a spec or an emitter.
func TestFilesUpToDate(t *testing.T) {
	files, err := scripts.Files(license(t))
	if err != nil {
		t.Fatal(err)
	}
	made := map[string]bool{}
	for _, f := range files {
		name := filepath.Join(root, filepath.FromSlash(f.Path))
		made[name] = true
		if *update {
			if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(name, f.Data, 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		have, err := os.ReadFile(name)
		if err != nil {
			t.Errorf("%v: run go run ./internal/regen at the repository's root", err)
			continue
		}
		if !bytes.Equal(have, f.Data) {
			t.Errorf("%s is stale: run go run ./internal/regen at the repository's root (or go test ./gen/internal/scripts -update)", f.Path)
		}
	}
	for _, dir := range scripts.Dirs {
		entries, err := os.ReadDir(filepath.Join(root, filepath.FromSlash(dir)))
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range entries {
			name := filepath.Join(root, filepath.FromSlash(dir), e.Name())
			if e.IsDir() || made[name] {
				continue
			}
			if b, err := os.ReadFile(name); err == nil && scripts.Generated(b) {
				t.Errorf("%s is a generated module that no built-in layout makes any more: run go run ./internal/regen at the repository's root", name)
			}
		}
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
	if len(scripts.Dirs) != len(scripts.Packages) {
		t.Errorf("Dirs %v are not the packages' folders", scripts.Dirs)
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
