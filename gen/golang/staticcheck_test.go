package golang_test

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"golang.org/x/tools/txtar"

	"github.com/idforge/idforge/gen/golang"
	"github.com/idforge/idforge/layouts"
)

// generatedHeader is the line that marks a file as generated, which makes
// staticcheck skip most of its checks on the file.
var generatedHeader = regexp.MustCompile(`(?m)^// Code generated .* DO NOT EDIT\.\n`)

// Generated code passes staticcheck with every check, read as if a person
// had written it (its "DO NOT EDIT" header removed, which staticcheck heeds
// by leaving out most checks): no dead code, no needless conversion, no
// name Go would spell otherwise. The packages are the four built-ins, with
// their hand-written files, every golden case, 20 random layouts and the
// int64 packages of int64Layouts. The
// one check left out, ST1000, asks for a package comment, which belongs to
// the package a generated file joins, not to the file.
//
// It needs staticcheck: the binary IDFORGE_STATICCHECK names, or one on
// PATH; .ci/run installs honnef.co/go/tools/cmd/staticcheck@v0.8.2 and
// names it. Without one it skips.
func TestGeneratedPassesStaticcheck(t *testing.T) {
	bin := os.Getenv("IDFORGE_STATICCHECK")
	if bin == "" {
		bin, _ = exec.LookPath("staticcheck")
	}
	if bin == "" {
		t.Skip("no staticcheck: set IDFORGE_STATICCHECK to its path, or put it on PATH")
	}
	dir := freshModule(t)
	asWritten := func(src []byte) []byte { return generatedHeader.ReplaceAll(src, nil) }
	for _, name := range golang.BuiltinNames() {
		files, err := filepath.Glob(filepath.Join(repoRoot(t), name, "*.go"))
		if err != nil || len(files) == 0 {
			t.Fatalf("%s: no Go files: %v", name, err)
		}
		for _, f := range files {
			if strings.HasSuffix(f, "_test.go") {
				continue
			}
			src, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			write(t, filepath.Join(dir, name, filepath.Base(f)), asWritten(src))
		}
	}
	goldens, err := filepath.Glob("testdata/*.txtar")
	if err != nil {
		t.Fatal(err)
	}
	for _, file := range goldens {
		ar, err := txtar.ParseFile(file)
		if err != nil {
			t.Fatal(err)
		}
		pkg, _, _ := packageLine(t, ar)
		write(t, filepath.Join(dir, "golden", pkg, pkg+"_gen.go"), asWritten(archiveFile(t, ar, "want.go")))
	}
	randomPackages(t, 43, 20, func(i int, l *layouts.Layout, spec string, src []byte) {
		pkg := fmt.Sprintf("random%02d", i)
		write(t, filepath.Join(dir, "random", pkg, pkg+"_gen.go"), asWritten(src))
	})
	for _, c := range int64Layouts {
		_, src := int64Package(t, c.name, c.spec)
		write(t, filepath.Join(dir, "int64", c.name, c.name+"_gen.go"), asWritten(src))
	}
	cmd := exec.Command(bin, "-checks", "all,-ST1000", "./...")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOPROXY=off", "GOWORK=off")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("staticcheck -checks all,-ST1000 on generated code: %v\n%s", err, out)
	}
}
