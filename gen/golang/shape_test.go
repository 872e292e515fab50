package golang_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/idforge/idforge/gen/golang"
	"github.com/idforge/idforge/layouts"
)

// Every generated package, the built-ins and 20 random layouts as users
// generate them, has one constructor shape: NewGenerator returns
// (*Generator, error), taking the node first where the layout needs one,
// and an Option is an opaque struct, with no exported field, so that only
// NewGenerator can apply one (never to a generator in use) and a bad option
// is reported where the generator is made. Every method of Generator that
// makes an ID names its results (id T, err error), and WithEntropy is there
// only where the generator reads random bits.
func TestOneConstructorShape(t *testing.T) {
	t.Parallel()
	sources := map[string][]byte{}
	for _, name := range golang.BuiltinNames() {
		src, err := os.ReadFile(filepath.Join("..", "..", name, name+"_gen.go"))
		if err != nil {
			t.Fatal(err)
		}
		sources[name] = src
	}
	randomPackages(t, 31, 20, func(i int, l *layouts.Layout, spec string, src []byte) {
		sources[spec] = src
	})
	for name, src := range sources {
		f, err := parser.ParseFile(token.NewFileSet(), "x_gen.go", src, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		var sawNew, sawOption, sawEntropy, readsRandom bool
		for _, d := range f.Decls {
			switch d := d.(type) {
			case *ast.GenDecl:
				for _, s := range d.Specs {
					if ts, ok := s.(*ast.TypeSpec); ok && ts.Name.Name == "Option" {
						sawOption = true
						st, ok := ts.Type.(*ast.StructType)
						if !ok {
							t.Errorf("%s: Option is not a struct", name)
							continue
						}
						for _, f := range st.Fields.List {
							for _, n := range f.Names {
								if n.IsExported() {
									t.Errorf("%s: Option has an exported field %s, which a caller could set", name, n.Name)
								}
							}
							if len(f.Names) == 0 {
								t.Errorf("%s: Option embeds %s", name, typeString(f.Type))
							}
						}
					}
				}
			case *ast.FuncDecl:
				switch {
				case d.Recv == nil && d.Name.Name == "NewGenerator":
					sawNew = true
					if got := fieldTypes(d.Type.Results); got != "*Generator, error" {
						t.Errorf("%s: NewGenerator returns (%s), want (*Generator, error)", name, got)
					}
				case d.Recv == nil && d.Name.Name == "WithEntropy":
					sawEntropy = true
				case d.Recv != nil && fieldTypes(d.Recv) == "*Generator" && d.Name.IsExported() && d.Type.Results.NumFields() == 2:
					if r := d.Type.Results.List; len(r) != 2 || len(r[0].Names) != 1 || r[0].Names[0].Name != "id" || r[1].Names[0].Name != "err" {
						t.Errorf("%s: (*Generator).%s does not name its results (id, err)", name, d.Name.Name)
					}
				}
			}
		}
		readsRandom = strings.Contains(string(src), ".entropy.Read(") || strings.Contains(string(src), "NextRandom(")
		if sawNew != sawOption {
			t.Errorf("%s: NewGenerator %v but Option %v", name, sawNew, sawOption)
		}
		if sawEntropy != readsRandom {
			t.Errorf("%s: WithEntropy declared %v, random bits read %v: an option that does nothing, or one missing", name, sawEntropy, readsRandom)
		}
	}
}

// fieldTypes writes the types of a field list, comma-separated.
func fieldTypes(fl *ast.FieldList) string {
	var out []string
	for _, f := range fl.List {
		s := typeString(f.Type)
		for range max(len(f.Names), 1) {
			out = append(out, s)
		}
	}
	return strings.Join(out, ", ")
}

func typeString(e ast.Expr) string {
	switch e := e.(type) {
	case *ast.Ident:
		return e.Name
	case *ast.StarExpr:
		return "*" + typeString(e.X)
	case *ast.SelectorExpr:
		return typeString(e.X) + "." + e.Sel.Name
	}
	return "?"
}
