package apicheck

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// contractVars are the exported package-level variables that may stay,
// keyed by package directory and name, with the reason. Each is a name the
// public API contract (shared/DESIGN.md) fixes and Go cannot make a
// constant, and holds no state: Nil, Max and the UUID name spaces, which
// any caller could change for every other as variables, are functions.
var contractVars = map[string]string{
	// The encodings are values of empty struct types (checked below): a
	// caller that reassigns one changes nothing, as with base64.StdEncoding
	// there is no state to change.
	"encodings.Base62":    "contract; stateless",
	"encodings.Crockford": "contract; stateless",
	"encodings.Hex":       "contract; stateless",
}

// Every exported package-level variable of the module's importable
// packages is an error sentinel (errors.New, the Go convention io.EOF
// follows: callers compare with errors.Is, and reassigning one is their own
// bug) or a contract name listed above. Anything else (an epoch, a table, a
// default a caller can reassign) is shared mutable state: one caller's
// assignment would change every other caller's results. Make it a function,
// a constant or unexported.
func TestNoSharedExportedVars(t *testing.T) {
	seen := map[string]bool{}
	err := walkLibrary(func(path, dir string, f *ast.File) {
		emptyStructs := emptyStructTypes(filepath.Dir(path))
		for _, decl := range f.Decls {
			g, ok := decl.(*ast.GenDecl)
			if !ok || g.Tok != token.VAR {
				continue
			}
			for _, spec := range g.Specs {
				vs := spec.(*ast.ValueSpec)
				for i, id := range vs.Names {
					if !id.IsExported() {
						continue
					}
					key := dir + "." + id.Name
					seen[key] = true
					switch {
					case sentinel(id.Name, vs, i):
					case contractVars[key] != "":
						if strings.Contains(contractVars[key], "stateless") && !emptyStructs[typeName(vs)] {
							t.Errorf("%s (%s): listed as stateless, but its type %q is not an empty struct", key, path, typeName(vs))
						}
					default:
						t.Errorf("%s (%s): an exported package-level variable any caller can reassign for everyone; make it a function, a constant or unexported (or, if the contract fixes it, list it in contractVars)", key, path)
					}
				}
			}
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, key := range slices.Sorted(maps.Keys(contractVars)) {
		if !seen[key] {
			t.Errorf("contractVars lists %s, which no longer exists: remove it", key)
		}
	}
}

// walkLibrary calls visit with each non-test Go file of the module's
// importable library packages (not commands, internal packages, testdata
// or the other modules that idforge's repository holds in directories of
// the library's), its directory relative to the module root, as in "uuid".
// It reads nothing outside the module's directory, so that it works as
// well in the module cache, where those other modules are absent.
func walkLibrary(visit func(path, dir string, f *ast.File)) error {
	root := filepath.Join("..", "..")
	return filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		name := d.Name()
		if d.IsDir() {
			if path != root && (name == "testdata" || name == "internal" || name == "tools" || name == "cmd" || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_")) {
				return filepath.SkipDir
			}
			if _, err := os.Stat(filepath.Join(path, "go.mod")); path != root && err == nil {
				return filepath.SkipDir // another module (gen, web, lease/etcd, ...)
			}
			return nil
		}
		if !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		if f.Name.Name == "main" {
			return nil
		}
		dir, _ := filepath.Rel(root, filepath.Dir(path))
		visit(path, filepath.ToSlash(dir), f)
		return nil
	})
}

// sentinel reports whether the i-th name of vs is an error sentinel: named
// Err..., its value errors.New(...), idrt.ErrorOf(...) (a sentinel that
// also matches a broader one) or another package's Err... sentinel.
func sentinel(name string, vs *ast.ValueSpec, i int) bool {
	if !strings.HasPrefix(name, "Err") || i >= len(vs.Values) {
		return false
	}
	if sel, ok := vs.Values[i].(*ast.SelectorExpr); ok {
		return strings.HasPrefix(sel.Sel.Name, "Err") // another package's sentinel, named here too
	}
	call, ok := vs.Values[i].(*ast.CallExpr)
	if !ok {
		return false
	}
	if id, ok := call.Fun.(*ast.Ident); ok {
		return id.Name == "ErrorOf" // in package idrt itself
	}
	sel, ok := call.Fun.(*ast.SelectorExpr)
	if !ok {
		return false
	}
	pkg, ok := sel.X.(*ast.Ident)
	return ok && (pkg.Name == "errors" && sel.Sel.Name == "New" || pkg.Name == "idrt" && sel.Sel.Name == "ErrorOf")
}

// typeName is the declared type of a var spec, when it is a plain name.
func typeName(vs *ast.ValueSpec) string {
	if id, ok := vs.Type.(*ast.Ident); ok {
		return id.Name
	}
	return ""
}

// emptyStructTypes lists the types of the package in dir declared as
// struct{}.
func emptyStructTypes(dir string) map[string]bool {
	out := map[string]bool{}
	pkgs, _ := filepath.Glob(filepath.Join(dir, "*.go"))
	for _, p := range pkgs {
		if strings.HasSuffix(p, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(token.NewFileSet(), p, nil, parser.SkipObjectResolution)
		if err != nil {
			continue
		}
		ast.Inspect(f, func(n ast.Node) bool {
			if ts, ok := n.(*ast.TypeSpec); ok {
				if st, ok := ts.Type.(*ast.StructType); ok && len(st.Fields.List) == 0 {
					out[ts.Name.Name] = true
				}
			}
			return true
		})
	}
	return out
}
