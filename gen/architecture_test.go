package gen_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"maps"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// The emitters read a layout through package resolved (ARCHITECTURE.md,
// "Where each decision lives"): text form, sign, widths, runs, clock and
// kind are decided there, once. TestEmittersReadResolved holds each
// emitter's non-test files to it, so that a new reach past resolved into
// the model fails here, in review, rather than as a second answer that
// drifts from the first. When it fails, read the decision from
// resolved.Layout (or add it there), or, if the model's name is the
// spec's data and no decision, add it to the list below with its reason.

// modelNames are the names of package layouts an emitter may use: the
// spec's own data, which nothing downstream decides again.
var modelNames = map[string]string{
	// The model's types: entry points that take a *layouts.Layout, and
	// resolved.Field and resolved.Role, which embed the model's.
	"Layout": "types", "Value": "types", "Field": "types", "Segment": "types", "Part": "types",
	// The roles, which resolved's runs and roles carry (resolved.Role.Role).
	"Role": "roles", "Time": "roles", "Counter": "roles", "ClockSeq": "roles", "Node": "roles",
	"Random": "roles", "Hash": "roles", "Const": "roles",
	// The counter's RFC 9562 §6.2 method, as the spec declares it.
	"Init": "counter method", "InitZero": "counter method", "InitRunning": "counter method",
	"InitSeeded": "counter method", "InitRandom": "counter method", "Overflow": "counter method",
	"OverflowWait": "counter method", "OverflowBorrow": "counter method", "OverflowWrap": "counter method",
	// The built-in specs, read where an emitter serves them by name.
	"Parse": "entry points", "Builtin": "entry points", "Builtins": "entry points",
}

// emitterRules are, per emitter, the names of layouts it may use beyond
// modelNames, with the reason, and the most references to layouts it may
// make (a ceiling that only comes down).
var emitterRules = []struct {
	dir   string
	more  map[string]string // name: why
	most  int               // references to package layouts, at most
	calls map[string]string // calls of a name that decides again: file: why
}{
	{dir: "golang", most: 218, more: map[string]string{
		"GoName":         "each emitter owns its language's naming",
		"UnixEpoch":      "comments and the generated Time name the epoch; resolved.Clock does the arithmetic",
		"GregorianEpoch": "as UnixEpoch", "Unit": "as UnixEpoch",
	}, calls: map[string]string{
		"gen.go:CanonicalText":     "the text-form enum (Encoding) is gen/golang's own still: issue 58",
		"builtin.go:CanonicalText": "as gen.go",
		"emit_time.go:NewClock":    "clockOf resolves a time value's clock where a caller holds no resolved layout: issue 58",
		"gen.go:New":               "Generate resolves the members of a Package written by hand (Member.Resolved nil), once",
		"builtin.go:New":           "Builtin resolves each layout of idforge's own packages, once",
	}},
	{dir: "pgsql", most: 54, more: map[string]string{
		"UnixEpoch":      "the script's comments name the epoch; resolved.Clock does the arithmetic",
		"GregorianEpoch": "as UnixEpoch", "Unit": "as UnixEpoch",
	}, calls: map[string]string{
		"pgsql.go:New": "GenerateWith takes a *layouts.Layout and resolves it once",
	}},
	{dir: "js", most: 11, calls: map[string]string{
		"js.go:New": "Generate and GenerateShared take a *layouts.Layout and resolve it once",
	}},
	{dir: "python", most: 10, calls: map[string]string{
		"python.go:New": "Generate takes a *layouts.Layout and resolves it once",
	}},
	{dir: "java", most: 11, calls: map[string]string{
		"java.go:New":    "Generate takes a *layouts.Layout and resolves it once",
		"runtime.go:New": "the runtime class resolves each built-in layout once",
	}},
	{dir: "internal/portable", most: 12},
}

// decides are calls that work out what resolved decides: a text form
// (CanonicalText, TextIn's job), a clock (NewClock), a layout resolved
// again (resolved.New, resolved.Must).
var decides = []string{"CanonicalText", "NewClock", "New", "Must"}

func TestEmittersReadResolved(t *testing.T) {
	emitters, _ := filepath.Glob("*/emitter.go")
	for _, e := range emitters {
		dir := filepath.Dir(e)
		if !slices.ContainsFunc(emitterRules, func(r struct {
			dir   string
			more  map[string]string
			most  int
			calls map[string]string
		}) bool {
			return r.dir == dir
		}) {
			t.Errorf("gen/%s has an emitter this test does not hold to package resolved: add it to emitterRules", dir)
		}
	}
	for _, rule := range emitterRules {
		files, err := filepath.Glob(filepath.Join(rule.dir, "*.go"))
		if err != nil || len(files) == 0 {
			t.Fatalf("%s: no Go files (%v)", rule.dir, err)
		}
		refs := 0
		usedCalls := map[string]bool{}
		for _, file := range files {
			if strings.HasSuffix(file, "_test.go") {
				continue
			}
			f, err := parser.ParseFile(token.NewFileSet(), file, nil, 0)
			if err != nil {
				t.Fatal(err)
			}
			names := map[string]string{} // import name: path
			for _, imp := range f.Imports {
				path, _ := strconv.Unquote(imp.Path.Value)
				name := path[strings.LastIndex(path, "/")+1:]
				if imp.Name != nil {
					name = imp.Name.Name
				}
				names[name] = path
			}
			base := filepath.Base(file)
			ast.Inspect(f, func(n ast.Node) bool {
				var sel *ast.SelectorExpr
				if call, ok := n.(*ast.CallExpr); ok {
					if s, ok := call.Fun.(*ast.SelectorExpr); ok && slices.Contains(decides, s.Sel.Name) {
						x, _ := s.X.(*ast.Ident)
						if s.Sel.Name == "New" || s.Sel.Name == "Must" {
							if x == nil || names[x.Name] != "github.com/idforge/idforge/resolved" {
								return true
							}
						}
						key := base + ":" + s.Sel.Name
						if _, ok := rule.calls[key]; !ok {
							t.Errorf("%s/%s: calls %s, which decides again what resolved.Layout holds: read the resolved layout the emitter is given (ARCHITECTURE.md, Where each decision lives)", rule.dir, base, s.Sel.Name)
						}
						usedCalls[key] = true
					}
					return true
				}
				sel, _ = n.(*ast.SelectorExpr)
				if sel == nil {
					return true
				}
				x, ok := sel.X.(*ast.Ident)
				if !ok || names[x.Name] != "github.com/idforge/idforge/layouts" {
					return true
				}
				refs++
				if _, ok := modelNames[sel.Sel.Name]; !ok {
					if _, ok := rule.more[sel.Sel.Name]; !ok {
						t.Errorf("%s/%s: uses layouts.%s: read it from package resolved, or, if it is the spec's data that nothing decides, list it in this test with the reason", rule.dir, base, sel.Sel.Name)
					}
				}
				return true
			})
		}
		if refs > rule.most {
			t.Errorf("%s: %d references to package layouts, at most %d: a new reach past resolved (read the resolved layout instead, ARCHITECTURE.md)", rule.dir, refs, rule.most)
		} else if refs < rule.most {
			t.Logf("%s: %d references to package layouts, below its ceiling %d: lower the ceiling in this test", rule.dir, refs, rule.most)
		}
		for _, key := range slices.Sorted(maps.Keys(rule.calls)) {
			if !usedCalls[key] {
				t.Errorf("%s: the exception %q is no longer used: delete it", rule.dir, key)
			}
		}
	}
}
