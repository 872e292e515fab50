package golang_test

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"golang.org/x/tools/imports"
	"golang.org/x/tools/txtar"

	"github.com/idforge/idforge/gen/golang"
	"github.com/idforge/idforge/layouts"
)

// Generated Go reads as goimports and gofmt -s would write it: the
// committed packages, the golden cases and the code of 20 random layouts,
// as idforge gen writes them for users.
func TestGoimportsClean(t *testing.T) {
	t.Parallel()
	sources := map[string][]byte{}
	for _, name := range golang.BuiltinNames() {
		path := filepath.Join("..", "..", name, name+"_gen.go")
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		sources[path] = src
	}
	goldens, err := filepath.Glob("testdata/*.txtar")
	if err != nil {
		t.Fatal(err)
	}
	for _, path := range goldens {
		a, err := txtar.ParseFile(path)
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range a.Files {
			if f.Name == "want.go" {
				sources[path+": want.go"] = f.Data
			}
		}
	}
	randomPackages(t, 28, 20, func(i int, _ *layouts.Layout, spec string, src []byte) {
		sources[fmt.Sprintf("random layout %d:\n%s", i, spec)] = src
	})

	gofmt, _ := exec.LookPath(filepath.Join(os.Getenv("GOROOT"), "bin", "gofmt"))
	if gofmt == "" {
		gofmt, _ = exec.LookPath("gofmt")
	}
	dir := t.TempDir()
	for name, src := range sources {
		want, err := imports.Process("x_gen.go", src, &imports.Options{FormatOnly: true, Comments: true, TabIndent: true, TabWidth: 8})
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if !bytes.Equal(src, want) {
			t.Errorf("%s: goimports would rewrite it:\n%s", name, firstDiff(src, want))
		}
		if gofmt == "" {
			continue
		}
		file := filepath.Join(dir, "x_gen.go")
		if err := os.WriteFile(file, src, 0o644); err != nil {
			t.Fatal(err)
		}
		if out, err := exec.Command(gofmt, "-s", "-d", file).CombinedOutput(); err != nil || len(out) > 0 {
			t.Errorf("%s: gofmt -s would rewrite it (%v):\n%s", name, err, out)
		}
	}
	if gofmt == "" {
		t.Log("no gofmt on PATH or in $GOROOT/bin: checked goimports only")
	}
}

// firstDiff shows the first line where a and b differ, with its neighbours.
func firstDiff(a, b []byte) string {
	la, lb := bytes.Split(a, []byte("\n")), bytes.Split(b, []byte("\n"))
	for i := 0; i < len(la) && i < len(lb); i++ {
		if !bytes.Equal(la[i], lb[i]) {
			lo := max(i-2, 0)
			return fmt.Sprintf("line %d:\n have %q\n want %q (after %q)", i+1, la[i], lb[i], bytes.Join(lb[lo:i], []byte("\n")))
		}
	}
	return fmt.Sprintf("lengths differ: %d and %d lines", len(la), len(lb))
}
