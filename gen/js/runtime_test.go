package js

import (
	"regexp"
	"strings"
	"testing"

	"github.com/idforge/idforge/encodings"
	"github.com/idforge/idforge/layouts"
	"github.com/idforge/idforge/resolved"
)

// Every top-level declaration of runtime.js is one of runtimeDecls, each
// with its doc comment, and a constant's initializer uses only
// declarations above it (a function may use any: it is hoisted).
func TestRuntimeDeclarations(t *testing.T) {
	lines := regexp.MustCompile(`(?m)^(export )?(class|function|const|let) `).FindAllString(runtimeSource, -1)
	if len(lines) != len(runtimeDecls()) || len(lines) < 30 {
		t.Fatalf("%d declarations in runtime.js, %d found", len(lines), len(runtimeDecls()))
	}
	seen := map[string]bool{}
	for _, d := range runtimeDecls() {
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
		m, _, err := Generate(resolved.Must(l), "ID", "")
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
		for _, d := range runtimeDecls() {
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
		m, _, err := GenerateShared(resolved.Must(l), "ID", "", "./runtime.js")
		if err != nil {
			t.Fatal(err)
		}
		src := string(m)
		// One line, or a list over several (wrapped at 100 columns).
		im := regexp.MustCompile(`(?m)^import \{\s*([^}]*?)\s*\} from './runtime.js';$`).FindStringSubmatch(src)
		if im == nil || !strings.Contains(src, "\nexport { IDError };\n") {
			t.Fatalf("%s: no import from the runtime, or no export of IDError", l.Name)
		}
		body := code(strings.Replace(src, im[0], "", 1))
		for _, name := range regexp.MustCompile(`,\s*`).Split(im[1], -1) {
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

// Every code a module throws, in its own code or in the runtime's, is one
// of the IDErrorCode union its .d.ts declares, and every code of the union
// is thrown by some module: a code added to the runtime and not to the
// union (as ErrKey and ErrNotMasked once were) fails here. Every IDError
// is made by fail with a literal code, so that the scan sees each one.
func TestErrorCodesDeclared(t *testing.T) {
	call := regexp.MustCompile(`\bfail\(`)
	thrown := regexp.MustCompile(`\bfail\(L, '(\w+)'`)
	union := regexp.MustCompile(`(?s)export type IDErrorCode =(.*?);`)
	member := regexp.MustCompile(`^\s*\|\s*'(\w+)'\s*$`)
	codes := func(src string) []string {
		src = code(src)
		var out []string
		for _, m := range thrown.FindAllStringSubmatch(src, -1) {
			out = append(out, m[1])
		}
		// The calls of fail that the scan cannot read: only its declaration.
		if n := len(call.FindAllString(src, -1)) - len(out); n > 0 && !(n == 1 && strings.Contains(src, "function fail(")) {
			t.Errorf("%d calls of fail without a literal code: the scan cannot check them", n)
		}
		return out
	}
	runtimeCodes := codes(string(Runtime()))
	ls, err := layouts.Builtins()
	if err != nil {
		t.Fatal(err)
	}
	seen, union0 := map[string]bool{}, map[string]bool{}
	for _, l := range ls {
		m, d, err := Generate(resolved.Must(l), "ID", "")
		if err != nil {
			t.Fatal(err)
		}
		u := union.FindStringSubmatch(string(d))
		if u == nil {
			t.Fatalf("%s: no IDErrorCode union in the .d.ts", l.Name)
		}
		declared := map[string]bool{}
		for _, line := range strings.Split(strings.TrimSpace(u[1]), "\n") {
			mm := member.FindStringSubmatch(line)
			if mm == nil {
				t.Fatalf("%s: %q in the IDErrorCode union is no code", l.Name, line)
			}
			declared[mm[1]] = true
		}
		shared, _, err := GenerateShared(resolved.Must(l), "ID", "", "./runtime.js")
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range append(append(codes(string(m)), codes(string(shared))...), runtimeCodes...) {
			if !declared[c] {
				t.Errorf("%s: the module throws %s, which the .d.ts's IDErrorCode union does not list", l.Name, c)
			}
			seen[c] = true
		}
		for c := range declared {
			union0[c] = true
		}
	}
	for c := range union0 {
		if !seen[c] {
			t.Errorf("IDErrorCode lists %s, which no module throws", c)
		}
	}
}

// runtime.js writes Crockford's base32 out by hand, twice (CROCKFORD, the
// table a canonical Crockford text reads with, and CROCKFORD_DIGITS, the
// string the other forms read with): both read every byte as the
// declaration of "crockford" in encodings/builtin.encodings says, its
// aliases and case folding included.
func TestRuntimeCrockford(t *testing.T) {
	e, ok := encodings.Lookup("crockford")
	if !ok {
		t.Fatal("no crockford encoding")
	}
	m := regexp.MustCompile(`CROCKFORD = /\* @__PURE__ \*/ form\('Crockford', '([^']*)', true, '([^']*)'\);`).FindStringSubmatch(runtimeSource)
	if m == nil || m[1] != e.Spec().Digits {
		t.Fatalf("runtime.js's CROCKFORD is %q, want form('Crockford', %q, true, ...)", m, e.Spec().Digits)
	}
	table := map[byte]int{}
	for i := 0; i < len(m[1]); i++ {
		table[m[1][i]], table[m[1][i]|0x20] = i, i // digits and letters: |0x20 is the lower case
	}
	for i := 0; i+1 < len(m[2]); i += 2 {
		table[m[2][i]] = table[m[2][i+1]]
	}
	read := regexp.MustCompile(`CROCKFORD_DIGITS = \{ title: 'Crockford', digits: '([^']*)', read: '([^']*)' \};`).FindStringSubmatch(runtimeSource)
	if read == nil || read[1] != e.Spec().Digits {
		t.Fatalf("runtime.js's CROCKFORD_DIGITS is %q", read)
	}
	for c := 0; c < 128; c++ {
		v, ok := e.Digit(byte(c))
		if got, in := table[byte(c)]; in != ok || in && got != int(v) {
			t.Errorf("CROCKFORD reads %q as %d (%v); the encoding reads it as %d (%v)", c, got, in, v, ok)
		}
		at := strings.IndexByte(read[2], byte(c))
		if (at >= 0) != ok || ok && at%32 != int(v) {
			t.Errorf("CROCKFORD_DIGITS reads %q at %d; the encoding reads it as %d (%v)", c, at, v, ok)
		}
	}
}
