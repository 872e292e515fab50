package python_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/idforge/idforge/gen/python"
	"github.com/idforge/idforge/layouts"
	"github.com/idforge/idforge/resolved"
)

// Every built-in layout gives a module.
func TestBuiltins(t *testing.T) {
	ls, err := layouts.Builtins()
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range ls {
		m, err := python.Generate(resolved.Must(l), "ID", "")
		if err != nil {
			t.Errorf("%s: %v", l.Name, err)
			continue
		}
		if i := strings.Index(string(m), "%!"); i >= 0 {
			t.Errorf("%s: a formatting error in the module: %q", l.Name, string(m)[i:min(len(m), i+40)])
		}
		// The checkers are satisfied, never silenced.
		for _, ignore := range []string{"type: ignore", "pyright: ignore"} {
			if strings.Contains(string(m), ignore) {
				t.Errorf("%s: the module silences a type checker (%q)", l.Name, ignore)
			}
		}
		// An ID of a UUID layout keeps uuid.UUID's attributes: the class
		// defines none of them.
		if strings.Contains(string(m), "(_uuid.UUID):") {
			for _, attr := range []string{"time", "fields", "node", "clock_seq", "clock_seq_hi_variant", "clock_seq_low", "time_low", "time_mid", "time_hi_version", "version", "variant", "urn", "hex", "int", "bytes", "bytes_le", "is_safe"} {
				if strings.Contains(string(m), "\n    def "+attr+"(") || strings.Contains(string(m), "\n    "+attr+" =") {
					t.Errorf("%s: the class overrides uuid.UUID's %s", l.Name, attr)
				}
			}
		}
		_, hash := l.Value(layouts.Hash)
		if got := strings.Contains(string(m), "\nclass Generator:"); got == hash {
			t.Errorf("%s: Generator %v, hash role %v", l.Name, got, hash)
		}
	}
}

// A field named after a Python keyword cannot be a keyword argument of
// pack: the layout is refused, as is a type name that is no identifier.
func TestNames(t *testing.T) {
	l, err := layouts.Parse("t.layout", []byte("layout t 64\n  ts 44 time unix ms\n  lambda 20 counter zero wait\n"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := python.Generate(resolved.Must(l), "ID", ""); !errors.Is(err, python.ErrName) {
		t.Errorf("a field named lambda: %v, want ErrName", err)
	}
	ok, err := layouts.Parse("t.layout", []byte("layout t 64\n  ts 44 time unix ms\n  seq 20 counter zero wait\n"))
	if err != nil {
		t.Fatal(err)
	}
	for _, typ := range []string{"class", "9x", "a-b", "None", ""} {
		if _, err := python.Generate(resolved.Must(ok), typ, ""); !errors.Is(err, python.ErrName) {
			t.Errorf("type %q: %v, want ErrName", typ, err)
		}
	}
}

// Text from the spec reaches only comments.
func TestCommentsEscaped(t *testing.T) {
	l, err := layouts.Parse("t.layout", []byte("# Evil\rimport os; \"\"\" \f x\nlayout e 64\n  ts 44 time unix ms\n  seq 20 counter zero wait\n"))
	if err != nil {
		t.Fatal(err)
	}
	m, err := python.Generate(resolved.Must(l), "ID", "")
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(string(m), "\n") {
		if strings.Contains(line, "import os;") && !strings.HasPrefix(line, "# ") {
			t.Errorf("spec text outside a comment: %q", line)
		}
	}
	if strings.ContainsAny(string(m), "\r\f") {
		t.Error("a line terminator from the spec reached the module")
	}
}

// The package's runtime defines, without their underscores, the names its
// modules import, and a module that holds its runtime imports none.
func TestRuntime(t *testing.T) {
	rt := string(python.Runtime())
	for _, def := range []string{"\nclass IDError(ValueError):", "\nclass Form:", "\ndef encode(", "\ndef decode(", "\ndef parse_uuid(", "\ndef masker(", "\ndef random(", "\ndef read_random("} {
		if !strings.Contains(rt, def) {
			t.Errorf("the runtime has no %q", def)
		}
	}
	ls, err := layouts.Builtins()
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range ls {
		m, err := python.Generate(resolved.Must(l), "ID", "")
		if err != nil {
			t.Fatal(err)
		}
		if strings.Contains(string(m), "_runtime") || !strings.Contains(string(m), "\nclass IDError(ValueError):") {
			t.Errorf("%s: a self-contained module imports a runtime, or has no IDError", l.Name)
		}
	}
}
