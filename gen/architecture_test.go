package gen_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// The emitters read a layout through package resolved (ARCHITECTURE.md,
// "Where each decision lives"): text form, sign, widths, runs, clock and
// kind are decided there, once. TestEmittersReadResolved holds each
// emitter's non-test files to it, and to ARCHITECTURE.md's table "What
// each emitter imports", line by line: the packages of idforge it
// imports, the files that import package layouts, and the names of
// layouts it uses beyond the spec's data (modelNames), each exactly as
// the table says. A new reach past resolved into the model then fails
// here, in review, rather than as a second answer that drifts from the
// first. When it fails, read the decision from resolved.Layout (or add it
// there), or, if the model's name is the spec's data and no decision,
// name it in the table with its reason.

// modelNames are the names of package layouts an emitter may use: the
// spec's own data, which nothing downstream decides again.
var modelNames = map[string]string{
	// The model's types: entry points that take a *layouts.Layout, and
	// resolved.Field and resolved.Role, which embed the model's.
	"Layout": "types", "Value": "types", "Field": "types",
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

// emitterRules are, per emitter, the most references to layouts it may
// make (a ceiling that only comes down) and the calls it may make of a
// name that decides again, each with its reason.
var emitterRules = []struct {
	dir   string
	most  int               // references to package layouts, at most
	calls map[string]string // calls of a name that decides again: file: why
}{
	{dir: "golang", most: 194, calls: map[string]string{
		"gen.go:New":     "Generate resolves the members of a Package written by hand (Member.Resolved nil), once",
		"builtin.go:New": "Builtin and Single resolve each layout they describe, once",
	}},
	{dir: "pgsql", most: 47, calls: map[string]string{
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
	{dir: "jsonschema", most: 0},
	{dir: "internal/portable", most: 12},
}

// hasRule reports whether emitterRules holds the emitter in gen/dir.
func hasRule(dir string) bool {
	for _, r := range emitterRules {
		if r.dir == dir {
			return true
		}
	}
	return false
}

// decides are calls that work out what resolved decides: a text form
// (CanonicalText, TextIn's job), a clock (NewClock), a layout resolved
// again (resolved.New, resolved.Must).
var decides = []string{"CanonicalText", "NewClock", "New", "Must"}

// tableRow is a row of ARCHITECTURE.md's table "What each emitter
// imports".
type tableRow struct {
	imports, layoutFiles, names []string
}

// emitterTable reads ARCHITECTURE.md's table "What each emitter imports":
// per emitter folder (golang, internal/portable, ...), the backquoted
// names in each of its columns.
func emitterTable(t *testing.T) map[string]tableRow {
	t.Helper()
	doc, err := os.ReadFile("../ARCHITECTURE.md")
	if err != nil {
		t.Fatal(err)
	}
	_, rest, ok := strings.Cut(string(doc), "\n## What each emitter imports\n")
	if !ok {
		t.Fatal("ARCHITECTURE.md has no section \"What each emitter imports\"")
	}
	quoted := regexp.MustCompile("`([^`]*)`")
	names := func(cell string) []string {
		var out []string
		for _, m := range quoted.FindAllStringSubmatch(cell, -1) {
			out = append(out, m[1])
		}
		slices.Sort(out)
		return out
	}
	rows := map[string]tableRow{}
	for _, line := range strings.Split(rest, "\n") {
		if strings.HasPrefix(line, "## ") {
			break
		}
		cells := strings.Split(line, "|")
		if len(cells) != 6 || !strings.HasPrefix(strings.TrimSpace(cells[1]), "`gen/") {
			continue
		}
		dir := strings.TrimPrefix(names(cells[1])[0], "gen/")
		rows[dir] = tableRow{imports: names(cells[2]), layoutFiles: names(cells[3]), names: names(cells[4])}
	}
	return rows
}

func TestEmittersReadResolved(t *testing.T) {
	emitters, _ := filepath.Glob("*/emitter.go")
	for _, e := range emitters {
		dir := filepath.Dir(e)
		if !hasRule(dir) {
			t.Errorf("gen/%s has an emitter this test does not hold to package resolved: add it to emitterRules and to ARCHITECTURE.md's table", dir)
		}
	}
	table := emitterTable(t)
	const module = "github.com/idforge/idforge/"
	for _, rule := range emitterRules {
		row, ok := table[rule.dir]
		if !ok {
			t.Errorf("ARCHITECTURE.md's table \"What each emitter imports\" has no row for gen/%s", rule.dir)
		}
		files, err := filepath.Glob(filepath.Join(rule.dir, "*.go"))
		if err != nil || len(files) == 0 {
			t.Fatalf("%s: no Go files (%v)", rule.dir, err)
		}
		refs := 0
		usedCalls := map[string]bool{}
		imports, layoutFiles, used := map[string]bool{}, map[string]bool{}, map[string]bool{}
		for _, file := range files {
			if strings.HasSuffix(file, "_test.go") {
				continue
			}
			f, err := parser.ParseFile(token.NewFileSet(), file, nil, 0)
			if err != nil {
				t.Fatal(err)
			}
			base := filepath.Base(file)
			names := map[string]string{} // import name: path
			for _, imp := range f.Imports {
				path, _ := strconv.Unquote(imp.Path.Value)
				name := path[strings.LastIndex(path, "/")+1:]
				if imp.Name != nil {
					name = imp.Name.Name
				}
				names[name] = path
				if rest, ok := strings.CutPrefix(path, module); ok {
					imports[rest] = true
					if rest == "layouts" {
						layoutFiles[base] = true
					}
				}
			}
			calledOffsets := map[*ast.SelectorExpr]bool{}
			ast.Inspect(f, func(n ast.Node) bool {
				var sel *ast.SelectorExpr
				if call, ok := n.(*ast.CallExpr); ok {
					s, ok := call.Fun.(*ast.SelectorExpr)
					if ok && s.Sel.Name == "Offset" {
						calledOffsets[s] = true // resolved.Run's Offset, a method
					}
					if ok && slices.Contains(decides, s.Sel.Name) {
						x, _ := s.X.(*ast.Ident)
						if s.Sel.Name == "New" || s.Sel.Name == "Must" {
							if x == nil || names[x.Name] != module+"resolved" {
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
				if sel.Sel.Name == "Offset" && !calledOffsets[sel] && !isPosition(sel.X) {
					// The model's Part.Offset and Segment.Offset, fields: a
					// bit position in the model's own convention.
					t.Errorf("%s/%s: reads the model's Offset: take a bit position from resolved's runs (resolved.Run, Layout.Segments, Layout.Parts)", rule.dir, base)
				}
				x, ok := sel.X.(*ast.Ident)
				if !ok || names[x.Name] != module+"layouts" {
					return true
				}
				refs++
				if _, ok := modelNames[sel.Sel.Name]; !ok {
					used[sel.Sel.Name] = true
				}
				return true
			})
		}
		if got := slices.Sorted(maps.Keys(imports)); !slices.Equal(got, row.imports) {
			t.Errorf("gen/%s imports %v; ARCHITECTURE.md's table says %v", rule.dir, got, row.imports)
		}
		if got := slices.Sorted(maps.Keys(layoutFiles)); !slices.Equal(got, row.layoutFiles) {
			t.Errorf("gen/%s: the files that import layouts are %v; ARCHITECTURE.md's table says %v", rule.dir, got, row.layoutFiles)
		}
		if got := slices.Sorted(maps.Keys(used)); !slices.Equal(got, row.names) {
			t.Errorf("gen/%s uses %v of package layouts beyond the spec's data; ARCHITECTURE.md's table says %v: read it from package resolved, or, if it is the spec's data that nothing decides, name it in the table with the reason", rule.dir, got, row.names)
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
	for dir := range table {
		if !hasRule(dir) {
			t.Errorf("ARCHITECTURE.md's table names gen/%s, which this test does not hold: add it to emitterRules", dir)
		}
	}
}

// isPosition reports whether x is a call of a Position method, as
// token.FileSet's, whose Offset is a byte of the source, not a bit.
func isPosition(x ast.Expr) bool {
	call, ok := x.(*ast.CallExpr)
	if !ok {
		return false
	}
	s, ok := call.Fun.(*ast.SelectorExpr)
	return ok && s.Sel.Name == "Position"
}
