package interp_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/idforge/idforge/testenv"
)

// notOracle are the packages of the module that the interpreter checks, or
// that are built from what it checks, so that it must not import them, even
// through another package: resolved (the text, clock and runs every
// emitter is written from), the generated packages with their fast
// codecs, and what is built on them.
var notOracle = []string{
	"resolved", "uuid", "ksuid", "ulid", "snowflake", "typeid",
	"compat", "mask", "explain", "conformance", "fuzz",
}

// TestIndependentImports holds the interpreter apart from what it is the
// oracle of: go list's dependencies of package interp (every package it
// imports, however indirectly) name none of notOracle.
func TestIndependentImports(t *testing.T) {
	goTool := testenv.NeedTool(t, testenv.Go)
	out, err := exec.Command(goTool, "list", "-deps", "-f", "{{.ImportPath}}", ".").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	const module = "github.com/idforge/idforge/"
	deps := strings.Fields(string(out))
	if !slices.Contains(deps, module+"interp") || !slices.Contains(deps, module+"layouts") {
		t.Fatalf("go list -deps gave %v, without interp and layouts", deps)
	}
	for _, d := range deps {
		rest, ok := strings.CutPrefix(d, module)
		if !ok {
			continue
		}
		for _, bad := range notOracle {
			if rest == bad || strings.HasPrefix(rest, bad+"/") {
				t.Errorf("interp imports %s", d)
			}
		}
	}
}

// allowed are the only names of the module's packages below the model that
// the interpreter's own files may name: of encodings, its declarations as
// data (Lookup's Encoding is only asked for its Spec) and the check
// symbols, never a codec; of idrt, what a generator needs to hold a lease.
var allowed = map[string][]string{
	"encodings": {"Lookup", "Spec", "CheckDigits"},
	"idrt":      {"Fence", "LeaseOf", "Binding", "ErrClockStalled", "ErrClockBackwards"},
}

// codecMethods are the methods that encode or decode, or decide a
// layout's text for it: the interpreter's files call none of them, on any
// value, so that every text it writes or reads is its own arithmetic over
// the alphabet's digits.
var codecMethods = []string{
	"EncodeToString", "DecodeString", "AppendEncode", "AppendDecode", "AppendDecodeString",
	"EncodedLen", "DecodedLen", "DigitLen", "Pad", "MaxLen", "Sorts",
	"Encoding", "TextEncoding", "CanonicalText", "IsUUID",
}

// TestNoCodec reads the interpreter's own files (not its tests) and checks
// that they name only the allowed parts of encodings and idrt and call no
// codec method: the encodings' alphabets, widths rules, case folding and
// check symbols reach it as data, and it works out every text itself.
func TestNoCodec(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	checked := 0
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		checked++
		imports := map[string]string{} // local name -> last element of the path
		for _, im := range f.Imports {
			path := strings.Trim(im.Path.Value, `"`)
			local := path[strings.LastIndex(path, "/")+1:]
			if im.Name != nil {
				local = im.Name.Name
			}
			imports[local] = local
			if strings.HasPrefix(path, "github.com/idforge/idforge/") {
				imports[local] = strings.TrimPrefix(path, "github.com/idforge/idforge/")
			}
		}
		ast.Inspect(f, func(n ast.Node) bool {
			sel, ok := n.(*ast.SelectorExpr)
			if !ok {
				return true
			}
			if x, ok := sel.X.(*ast.Ident); ok {
				if pkg, ok := imports[x.Name]; ok {
					if names, ok := allowed[pkg]; ok && !slices.Contains(names, sel.Sel.Name) {
						t.Errorf("%s: %s.%s is not among the names interp may use of %s", fset.Position(sel.Pos()), x.Name, sel.Sel.Name, pkg)
					}
					return true
				}
			}
			if slices.Contains(codecMethods, sel.Sel.Name) {
				t.Errorf("%s: .%s encodes, decodes or decides text: the interpreter works it out itself", fset.Position(sel.Pos()), sel.Sel.Name)
			}
			return true
		})
	}
	if checked < 4 {
		t.Fatalf("read %d files of package interp, want its four or more", checked)
	}
}
