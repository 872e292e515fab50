package js_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/idforge/idforge/gen/js"
	"github.com/idforge/idforge/layouts"
	"github.com/idforge/idforge/resolved"
)

// Every built-in layout gives a module and declarations.
func TestBuiltins(t *testing.T) {
	ls, err := layouts.Builtins()
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range ls {
		m, d, err := js.Generate(resolved.Must(l), "ID", "")
		if err != nil {
			t.Errorf("%s: %v", l.Name, err)
			continue
		}
		if i := strings.Index(string(m), "%!"); i >= 0 {
			t.Errorf("%s: a formatting error in the module: %q", l.Name, string(m)[i:min(len(m), i+40)])
		}
		if !strings.Contains(string(m), "export class ID") || !strings.Contains(string(d), "export declare class ID") {
			t.Errorf("%s: no ID class", l.Name)
		}
		_, hash := l.Value(layouts.Hash)
		if got := strings.Contains(string(m), "export function newGenerator"); got == hash {
			t.Errorf("%s: newGenerator exported %v, hash role %v", l.Name, got, hash)
		}
	}
}

// Names that are no JavaScript identifier, or a reserved word, are refused.
func TestNames(t *testing.T) {
	l, err := layouts.Parse("t.layout", []byte("layout t 64\n  ts 44 time unix ms\n  class 20 counter zero wait\n"))
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := js.Generate(resolved.Must(l), "ID", ""); err != nil {
		t.Errorf("a field named class (an object key): %v", err)
	}
	for _, typ := range []string{"new", "9x", "a-b", "IDError", ""} {
		if _, _, err := js.Generate(resolved.Must(l), typ, ""); !errors.Is(err, js.ErrName) {
			t.Errorf("type %q: %v, want ErrName", typ, err)
		}
	}
	proto, err := layouts.Parse("t.layout", []byte("layout t 64\n  ts 44 time unix ms\n  __proto__ 20 counter zero wait\n"))
	if err == nil {
		if _, _, err := js.Generate(resolved.Must(proto), "ID", ""); !errors.Is(err, js.ErrName) {
			t.Errorf("a field named __proto__: %v, want ErrName", err)
		}
	}
}

// Text from the spec reaches only comments, and no character in it can end
// a comment early (JavaScript ends a line comment at U+2028 too).
func TestCommentsEscaped(t *testing.T) {
	l, err := layouts.Parse("t.layout", []byte("# Evil\u2028export const x = 1; */ \r y = 2;\nlayout e 64\n  ts 44 time unix ms\n  seq 20 counter zero wait\n"))
	if err != nil {
		t.Fatal(err)
	}
	m, _, err := js.Generate(resolved.Must(l), "ID", "")
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(string(m), "\n") {
		if strings.Contains(line, "export const x") && !strings.HasPrefix(line, "// ") {
			t.Errorf("spec text outside a comment: %q", line)
		}
	}
	if strings.ContainsAny(string(m), "\r\u2028") {
		t.Error("a line terminator from the spec reached the module")
	}
}

// Every declaration of the .d.ts, and every member of its classes and
// interfaces, has a doc comment right above it, so that an editor shows
// what it does.
func TestDeclarationsDocumented(t *testing.T) {
	ls, err := layouts.Builtins()
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range ls {
		_, d, err := js.Generate(resolved.Must(l), "ID", "")
		if err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(string(d), "\n")
		for i, line := range lines {
			trimmed := strings.TrimSpace(line)
			member := strings.HasPrefix(line, "  ") && trimmed != "" && !strings.HasPrefix(trimmed, "*") && !strings.HasPrefix(trimmed, "/**") && !strings.HasPrefix(trimmed, "|") && !strings.HasPrefix(trimmed, "//")
			if !strings.HasPrefix(line, "export ") && !member {
				continue
			}
			if i == 0 || !strings.HasSuffix(strings.TrimSpace(lines[i-1]), "*/") {
				t.Errorf("%s: no doc comment above %q", l.Name, trimmed)
			}
		}
	}
}
