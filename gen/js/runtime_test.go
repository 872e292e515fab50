package js

import (
	"regexp"
	"strings"
	"testing"

	"github.com/idforge/idforge/layouts"
)

// Every top-level declaration of runtime.js is one of runtimeDecls, each
// with its doc comment, and a constant's initializer uses only
// declarations above it (a function may use any: it is hoisted).
func TestRuntimeDeclarations(t *testing.T) {
	lines := regexp.MustCompile(`(?m)^(export )?(class|function|const|let) `).FindAllString(runtimeSource, -1)
	if len(lines) != len(runtimeDecls) || len(lines) < 30 {
		t.Fatalf("%d declarations in runtime.js, %d found", len(lines), len(runtimeDecls))
	}
	seen := map[string]bool{}
	for _, d := range runtimeDecls {
		if d.name != "poolAt" && !strings.Contains(d.text, "export ") {
			t.Errorf("%s is not exported", d.name)
		}
		if !strings.HasPrefix(d.text, "/**") && d.name != "poolAt" {
			t.Errorf("%s has no doc comment", d.name)
		}
		if regexp.MustCompile(`(?m)^(export )?(const|let) `).MatchString(d.text) {
			for _, u := range d.uses {
				if !seen[u] {
					t.Errorf("%s uses %s, declared below it", d.name, u)
				}
			}
		}
		seen[d.name] = true
	}
}

// declared returns the names a module declares at its top level.
func declared(module string) map[string]bool {
	names := map[string]bool{}
	for _, m := range regexp.MustCompile(`(?m)^(?:export )?(?:class|function|const|let) ([A-Za-z_$][\w$]*)`).FindAllStringSubmatch(module, -1) {
		names[m[1]] = true
	}
	return names
}

// A self-contained module imports nothing, awaits nothing at its top level,
// carries every declaration of the runtime that it uses and none that it
// does not, and exports IDError.
func TestSelfContained(t *testing.T) {
	ls, err := layouts.Builtins()
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range ls {
		m, _, err := Generate(l, "ID", "")
		if err != nil {
			t.Fatal(err)
		}
		src := code(string(m))
		if regexp.MustCompile(`(?m)^(import|export .* from)\b|\bawait\b`).MatchString(src) {
			t.Errorf("%s: an import or an await in a self-contained module", l.Name)
		}
		if !strings.Contains(src, "export class IDError") {
			t.Errorf("%s: IDError is not exported", l.Name)
		}
		have := declared(src)
		for _, d := range runtimeDecls {
			// The module's code without the declaration itself.
			rest := strings.Replace(src, code(strings.Replace("\n"+d.text, "\nexport ", "\n", 1)[1:]), "", 1)
			used := len(uses(rest, []decl{d}, "")) > 0
			switch {
			case used && !have[d.name]:
				t.Errorf("%s: uses %s, which it does not carry", l.Name, d.name)
			case !used && have[d.name] && d.name != "IDError":
				t.Errorf("%s: carries %s, which it does not use", l.Name, d.name)
			}
		}
	}
}

// A module of the package imports from the runtime only what the runtime
// exports and the module uses, and re-exports IDError.
func TestShared(t *testing.T) {
	exported := declared(string(Runtime()))
	ls, err := layouts.Builtins()
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range ls {
		m, _, err := GenerateShared(l, "ID", "", "./runtime.js")
		if err != nil {
			t.Fatal(err)
		}
		src := string(m)
		im := regexp.MustCompile(`(?m)^import \{ ([^}]*) \} from './runtime.js';$`).FindStringSubmatch(src)
		if im == nil || !strings.Contains(src, "\nexport { IDError };\n") {
			t.Fatalf("%s: no import from the runtime, or no export of IDError", l.Name)
		}
		body := code(strings.Replace(src, im[0], "", 1))
		for _, name := range strings.Split(im[1], ", ") {
			if !exported[name] {
				t.Errorf("%s: imports %s, which the runtime does not export", l.Name, name)
			}
			if name != "IDError" && !regexp.MustCompile(`(^|[^.\w$])`+regexp.QuoteMeta(name)+`\b`).MatchString(body) {
				t.Errorf("%s: imports %s, which it does not use", l.Name, name)
			}
		}
		if declared(src)["form"] || strings.Contains(src, "function digitsOf") {
			t.Errorf("%s: a module of the package has the runtime's own code", l.Name)
		}
	}
}
