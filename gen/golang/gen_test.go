package golang_test

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"golang.org/x/tools/txtar"

	"github.com/idforge/idforge/gen/golang"
	"github.com/idforge/idforge/layouts"
	"github.com/idforge/idforge/resolved"
)

var update = flag.Bool("update", false, "rewrite the generated files and golden outputs")

// The committed generated files are what the generator makes from the specs
// today. Run `go run ./tools/regen` at the repository's root (or `go
// test ./gen/golang -update` for these alone) after changing a spec or an
// emitter.
func TestGeneratedFilesUpToDate(t *testing.T) {
	for _, name := range golang.BuiltinNames() {
		p, err := golang.Builtin(name)
		if err != nil {
			t.Fatal(err)
		}
		src, err := golang.Generate(p)
		if err != nil {
			t.Fatal(err)
		}
		path := filepath.Join("..", "..", name, name+"_gen.go")
		if *update {
			if err := os.WriteFile(path, src, 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		have, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(have, src) {
			t.Errorf("%s is stale: run go run ./tools/regen at the repository's root (or go test ./gen/golang -update)", path)
		}
	}
}

// Each golden case is a txtar archive holding a spec (spec.layout), the
// package and type names and, optionally, the text form (a "package NAME
// TYPE [TEXT]" line in the archive's comment, TEXT as -text takes it) and
// the generated source (want.go). The golden output must
// compile: every case is built in a user's module (joinUserModule), as a package
// outside this module would be.
func TestGolden(t *testing.T) {
	files, err := filepath.Glob("testdata/*.txtar")
	if err != nil || len(files) == 0 {
		t.Fatalf("no golden cases: %v", err)
	}
	// The built cases join the user module's one run of go vet and go
	// test, with the other tests that build generated packages: in
	// parallel with them (under -update, which rewrites the cases, on its
	// own and with nothing built).
	var m *userModule
	if !*update && !testing.Short() {
		m = joinUserModule(t, "golden")
		t.Parallel()
	}
	var built []string
	for _, file := range files {
		name := strings.TrimSuffix(filepath.Base(file), ".txtar")
		t.Run(name, func(t *testing.T) {
			ar, err := txtar.ParseFile(file)
			if err != nil {
				t.Fatal(err)
			}
			pkg, typ, text := packageLine(t, ar)
			spec := archiveFile(t, ar, "spec.layout")
			l, err := layouts.Parse(name+".layout", spec)
			if err != nil {
				t.Fatal(err)
			}
			p := golang.Single(resolved.Must(l), pkg, typ)
			if text != "" {
				p.SetText(text)
			}
			src, err := golang.Generate(p)
			if err != nil {
				t.Fatal(err)
			}
			if *update {
				setArchiveFile(ar, "want.go", src)
				if err := os.WriteFile(file, txtar.Format(ar), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			if want := archiveFile(t, ar, "want.go"); !bytes.Equal(src, want) {
				t.Errorf("generated source differs from %s's want.go: go test ./gen/golang -run TestGolden -update rewrites it (so does go run ./tools/regen at the repository's root)", file)
			}
			built = append(built, file)
		})
	}
	if m != nil && len(built) > 0 {
		buildInModule(t, m, built)
	}
}

func packageLine(t *testing.T, ar *txtar.Archive) (pkg, typ, text string) {
	for _, line := range strings.Split(string(ar.Comment), "\n") {
		if f := strings.Fields(line); (len(f) == 3 || len(f) == 4) && f[0] == "package" {
			return f[1], f[2], strings.Join(f[3:], "")
		}
	}
	t.Fatal("the archive's comment has no 'package NAME TYPE [TEXT]' line")
	return "", "", ""
}

func archiveFile(t *testing.T, ar *txtar.Archive, name string) []byte {
	for _, f := range ar.Files {
		if f.Name == name {
			return f.Data
		}
	}
	t.Fatalf("the archive has no %s", name)
	return nil
}

func setArchiveFile(ar *txtar.Archive, name string, data []byte) {
	for i := range ar.Files {
		if ar.Files[i].Name == name {
			ar.Files[i].Data = data
			return
		}
	}
	ar.Files = append(ar.Files, txtar.File{Name: name, Data: data})
}

// repoRoot returns the directory of the library module,
// github.com/idforge/idforge: the repository's root, two levels above this
// package (gen/golang).
func repoRoot(t *testing.T) string {
	return libraryRoot()
}

func libraryRoot() string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Dir(filepath.Dir(filepath.Dir(file)))
}

// buildInModule writes each golden case's want.go and any test files it
// carries (*_test.go) into a package of the user module, which go vet and
// go test then check (checkUserModule).
func buildInModule(t *testing.T, m *userModule, files []string) {
	t.Helper()
	for _, file := range files {
		ar, err := txtar.ParseFile(file)
		if err != nil {
			t.Fatal(err)
		}
		pkg, _, _ := packageLine(t, ar)
		for _, f := range ar.Files {
			switch {
			case f.Name == "want.go":
				write(t, filepath.Join(m.dir, pkg, pkg+"_gen.go"), f.Data)
			case strings.HasSuffix(f.Name, "_test.go"):
				// An external test imports its package as
				// example.com/user/PKG, a package of the module's root
				// there: here it is under the golden folder.
				data := bytes.ReplaceAll(f.Data, []byte(`"example.com/user/`), []byte(`"`+m.path+`/`))
				write(t, filepath.Join(m.dir, pkg, f.Name), data)
			}
		}
	}
	m.check(t)
}

func write(t *testing.T, path string, data []byte) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

// The layouts the generator refuses get a clear error, not bad code, and
// it names the interpreter, which reads and makes them all.
func TestUnsupported(t *testing.T) {
	t.Parallel()
	for name, spec := range map[string]string{
		"a unit that does not divide a second":                          "layout x 64\n  t 64 time unix 7ns\n",
		"a fraction that does not divide a second":                      "layout x 64\n  t 64 time unix 7us/3\n",
		"a bytes field of mixed roles with no random bits drawn per ID": "layout x 160\n  ts 32 time[12:44] unix 2^-12s\n  payload 128 time[0:12] + random once bytes\n",
	} {
		l, err := layouts.Parse("x.layout", []byte(spec))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if _, err := golang.Generate(golang.Single(resolved.Must(l), "x", "ID")); err == nil || !strings.Contains(err.Error(), "interpreter") {
			t.Errorf("%s: err = %v, want one that points to the interpreter", name, err)
		}
	}
}
