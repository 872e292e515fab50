package gen_test

import (
	"fmt"
	"go/ast"
	"go/types"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/packages"
)

// The emitters and explain read a layout through package resolved, the one
// view of it (ARCHITECTURE.md, "Where each decision lives"), as protogen's
// plugins read a file through protogen.File and reach its descriptor only
// as .Desc. TestModelReads holds them to it with the type checker: it
// loads every package of the generator's module and package explain, and
// lists each selection of a field or method of one of the model's types
// (layouts.Layout, Segment, Part, Field, Value) in their non-test files,
// wherever the value came from: a resolved layout's Model, an embedded
// field, a variable, a function's result. (The text count it replaces,
// of "layouts." names, missed all but the first.)
//
// Package layouts and resolved read the model by definition; the oracle's
// side (interp, compat, conformance, internal/oracle) reads it on purpose,
// in arithmetic of its own; neither is among the packages held here.
//
// modelReads is each package's count today, a ceiling that only comes
// down: a package over it fails, one under it says to lower it. The goal
// is 0 everywhere (issue 67), and every package held is there: a package
// not listed may read none.
var modelReads = map[string]int{}

// handOffs are the places a held package passes the model itself
// (resolved.Layout.Model) to a function of another package that takes a
// *layouts.Layout, with the reason: those functions read it, not the
// emitter. Each is "package: function".
var handOffs = map[string]string{
	"gen/golang: ShapeOf":            "mask.ShapeOf takes the model: the mask's shape is package mask's decision",
	"gen/pgsql: ShapeOf":             "mask.ShapeOf takes the model",
	"gen/js: ShapeOf":                "mask.ShapeOf takes the model",
	"gen/python: ShapeOf":            "mask.ShapeOf takes the model",
	"gen/java: ShapeOf":              "mask.ShapeOf takes the model",
	"gen/internal/portable: SpaceOf": "lease.SpaceOf takes the model: the lease's node space is package lease's decision",
	"explain: SpaceOf":               "lease.SpaceOf takes the model",
}

// resolvesAgain are the functions of package resolved that work out again
// what a resolved layout holds: a held package is given its layouts
// resolved (resolved.Builtin and Builtins for the built-ins) and calls
// none of them.
var resolvesAgain = []string{"New", "Lenient", "Must", "NewClock", "TextIn"}

// resolves is, per package, the calls of resolvesAgain it makes today, a
// ceiling that only comes down; a package not listed makes none.
var resolves = map[string]int{
	// The reader takes the model at its boundary (Lookup, Builtin,
	// ReadOptions.Layout, Candidate.Model) and resolves each layout there,
	// once, in one place (explain's view), to read it through resolved.
	"explain": 1,
}

// modelTypes are the model's types whose fields and methods are a read of
// the model. Its enumerations (Role, Init, Overflow, Unit) are values the
// resolved view hands on, the spec's data, not a view of a layout.
var modelTypes = []string{"Layout", "Segment", "Part", "Field", "Value"}

// heldPackages are the patterns of the packages TestModelReads holds.
var heldPackages = []string{"github.com/idforge/idforge/gen/...", "github.com/idforge/idforge/explain"}

func TestModelReads(t *testing.T) {
	pkgs := loadHeld(t)
	total := 0
	seen := map[string]bool{}
	for _, p := range pkgs {
		rel := strings.TrimPrefix(p.PkgPath, module)
		seen[rel] = true
		reads, handed, again := uses(p)
		total += len(reads)
		most := modelReads[rel]
		switch {
		case len(reads) > most:
			t.Errorf("%s reads the model %d times, at most %d: read it through package resolved (add what is missing there):\n\t%s", rel, len(reads), most, strings.Join(reads, "\n\t"))
		case len(reads) < most:
			t.Logf("%s reads the model %d times, below its ceiling %d: lower modelReads", rel, len(reads), most)
		case len(reads) > 0:
			t.Logf("%s reads the model %d times (its ceiling): still to move to resolved:\n\t%s", rel, len(reads), strings.Join(reads, "\n\t"))
		}
		for _, h := range handed {
			if _, ok := handOffs[rel+": "+h]; !ok {
				t.Errorf("%s hands the model (.Model) to %s: read the resolved layout, or name the hand-off in handOffs with its reason", rel, h)
			}
		}
		if len(again) > resolves[rel] {
			t.Errorf("%s resolves a layout again %d times, at most %d: take the resolved layout it is given (resolved.Builtin, Builtins for the built-ins):\n\t%s", rel, len(again), resolves[rel], strings.Join(again, "\n\t"))
		} else if len(again) < resolves[rel] {
			t.Logf("%s resolves a layout again %d times, below its ceiling %d: lower resolves", rel, len(again), resolves[rel])
		}
	}
	for _, key := range slices.Sorted(maps.Keys(modelReads)) {
		if !seen[key] {
			t.Errorf("modelReads names %s, which is not a package held: remove it", key)
		}
	}
	t.Logf("%d reads of the model outside layouts, resolved and the oracle's side", total)
	checkTable(t, pkgs)
}

const module = "github.com/idforge/idforge/"

// loadHeld type-checks the packages held, from source.
func loadHeld(t *testing.T) []*packages.Package {
	t.Helper()
	cfg := &packages.Config{Mode: packages.NeedName | packages.NeedFiles | packages.NeedImports | packages.NeedSyntax | packages.NeedTypes | packages.NeedTypesInfo}
	pkgs, err := packages.Load(cfg, heldPackages...)
	if err != nil {
		t.Fatal(err)
	}
	if packages.PrintErrors(pkgs) > 0 {
		t.Fatal("the packages held do not type-check")
	}
	if len(pkgs) < 5 {
		t.Fatalf("loaded %d packages of %v: too few", len(pkgs), heldPackages)
	}
	return pkgs
}

// uses returns, in p's non-test files, each read of the model
// ("file:line: Type.Name"), the functions it hands the model to (by
// name), and each call of a function of resolvesAgain.
func uses(p *packages.Package) (reads, handed, again []string) {
	where := func(n ast.Node) string {
		pos := p.Fset.Position(n.Pos())
		return fmt.Sprintf("%s:%d", filepath.Base(pos.Filename), pos.Line)
	}
	for sel, s := range p.TypesInfo.Selections {
		if name, ok := modelType(owner(s)); ok {
			reads = append(reads, fmt.Sprintf("%s: %s.%s", where(sel.Sel), name, s.Obj().Name()))
		}
	}
	for _, f := range p.Syntax {
		ast.Inspect(f, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			fn := callee(p.TypesInfo, call)
			if fn == nil {
				return true
			}
			if fn.Pkg() != nil && fn.Pkg().Path() == module+"resolved" && fn.Type().(*types.Signature).Recv() == nil && slices.Contains(resolvesAgain, fn.Name()) {
				again = append(again, fmt.Sprintf("%s: calls resolved.%s", where(call), fn.Name()))
			}
			for _, arg := range call.Args {
				if sel, ok := arg.(*ast.SelectorExpr); ok && sel.Sel.Name == "Model" {
					if s := p.TypesInfo.Selections[sel]; s != nil && isResolved(s.Recv()) {
						handed = append(handed, fn.Name())
					}
				}
			}
			return true
		})
	}
	slices.Sort(reads)
	return reads, handed, again
}

// callee is the function or method a call calls, or nil.
func callee(info *types.Info, call *ast.CallExpr) *types.Func {
	var id *ast.Ident
	switch fun := call.Fun.(type) {
	case *ast.Ident:
		id = fun
	case *ast.SelectorExpr:
		id = fun.Sel
	default:
		return nil
	}
	fn, _ := info.Uses[id].(*types.Func)
	return fn
}

// isResolved reports whether t is (a pointer to) a type of package
// resolved.
func isResolved(t types.Type) bool {
	n, ok := deref(t).(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == module+"resolved"
}

// checkTable holds ARCHITECTURE.md's table "What each emitter imports" to
// the emitters' imports of idforge's packages, row by row.
func checkTable(t *testing.T, pkgs []*packages.Package) {
	doc, err := os.ReadFile("../ARCHITECTURE.md")
	if err != nil {
		t.Fatal(err)
	}
	_, rest, ok := strings.Cut(string(doc), "\n## What each emitter imports\n")
	if !ok {
		t.Fatal("ARCHITECTURE.md has no section \"What each emitter imports\"")
	}
	quoted := regexp.MustCompile("`([^`]*)`")
	rows := map[string][]string{}
	for _, line := range strings.Split(rest, "\n") {
		if strings.HasPrefix(line, "## ") {
			break
		}
		cells := strings.Split(line, "|")
		if len(cells) < 4 || !strings.HasPrefix(strings.TrimSpace(cells[1]), "`gen/") {
			continue
		}
		var names []string
		for _, m := range quoted.FindAllStringSubmatch(cells[2], -1) {
			names = append(names, m[1])
		}
		slices.Sort(names)
		rows[strings.Trim(strings.TrimSpace(cells[1]), "`")] = names
	}
	emitters := 0
	for _, p := range pkgs {
		rel := strings.TrimPrefix(p.PkgPath, module)
		isEmitter := slices.ContainsFunc(p.GoFiles, func(f string) bool { return filepath.Base(f) == "emitter.go" }) || rel == "gen/internal/portable"
		want, ok := rows[rel]
		if !isEmitter {
			continue
		}
		emitters++
		if !ok {
			t.Errorf("ARCHITECTURE.md's table \"What each emitter imports\" has no row for %s", rel)
			continue
		}
		var got []string
		for path := range p.Imports {
			if r, ok := strings.CutPrefix(path, module); ok {
				got = append(got, r)
			}
		}
		slices.Sort(got)
		if !slices.Equal(got, want) {
			t.Errorf("%s imports %v; ARCHITECTURE.md's table says %v", rel, got, want)
		}
	}
	if emitters != len(rows) {
		t.Errorf("ARCHITECTURE.md's table has %d rows, and there are %d emitters (and gen/internal/portable)", len(rows), emitters)
	}
}

// owner returns the type whose field or method a selection selects: the
// receiver's own, or, through embedded fields, the embedded type's (a
// resolved.Field that embedded a *layouts.Field reads the model's Name).
func owner(s *types.Selection) types.Type {
	if f, ok := s.Obj().(*types.Func); ok {
		if recv := f.Type().(*types.Signature).Recv(); recv != nil {
			return recv.Type()
		}
		return s.Recv()
	}
	t := s.Recv()
	index := s.Index()
	for _, i := range index[:len(index)-1] {
		st, ok := deref(t).Underlying().(*types.Struct)
		if !ok {
			return t
		}
		t = st.Field(i).Type()
	}
	return t
}

// deref is what t points to, or t.
func deref(t types.Type) types.Type {
	if p, ok := t.(*types.Pointer); ok {
		return p.Elem()
	}
	return t
}

// modelType reports whether t (or what it points to) is one of the model's
// types, and its name.
func modelType(t types.Type) (string, bool) {
	n, ok := deref(t).(*types.Named)
	if !ok || n.Obj().Pkg() == nil || n.Obj().Pkg().Path() != module+"layouts" {
		return "", false
	}
	name := n.Obj().Name()
	return name, slices.Contains(modelTypes, name)
}
