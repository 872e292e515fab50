package conformance_test

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/idforge/idforge/gen"
	"github.com/idforge/idforge/gen/emit"
	"github.com/idforge/idforge/layouts"
	"github.com/idforge/idforge/resolved"
)

// TestTypeScriptNominal holds the .d.ts of every built-in layout's module
// to nominal types: an ID of one layout is assignable to the type of no
// other (before the brand, 8 of the 506 ordered pairs were: uuidv1 and
// uuidv6, ksuid and ksuid-ms, whose classes have the same members). The
// pinned tsc (strict) compiles a file that assigns, for each ordered pair
// of built-ins, an ID of the first to the type of the second under
// // @ts-expect-error, so that a pair that compiles fails the build
// (TS2578, an unused directive); each type to itself compiles, outside
// any directive, so that a module tsc cannot read fails too.
func TestTypeScriptNominal(t *testing.T) {
	tools := npmTools(t)
	e, ok := gen.Lookup("js")
	if !ok {
		t.Fatal("no js in the registry")
	}
	ls, err := layouts.Builtins()
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	var imports, decls, same bytes.Buffer
	var names []string
	for i, l := range ls {
		rl, err := resolved.New(l)
		if err != nil {
			t.Fatal(err)
		}
		files, err := e.Generate(rl, emit.Options{Type: "ID"})
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range files {
			if err := os.WriteFile(filepath.Join(dir, f.Name), f.Content, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		mod := strings.TrimSuffix(files[0].Name, ".js")
		fmt.Fprintf(&imports, "import type { ID as T%d } from './%s.js';\n", i, mod)
		fmt.Fprintf(&decls, "declare const v%d: T%d;\n", i, i)
		fmt.Fprintf(&same, "export const s%d: T%d = v%d;\n", i, i, i)
		names = append(names, l.Name)
	}
	pairs := func() string {
		var b strings.Builder
		b.WriteString(imports.String() + decls.String() + same.String())
		for i := range names {
			for j := range names {
				if i == j {
					continue
				}
				fmt.Fprintf(&b, "// @ts-expect-error: an ID of %s is no ID of %s\n", names[i], names[j])
				fmt.Fprintf(&b, "export const p%d_%d: T%d = v%d;\n", i, j, j, i)
			}
		}
		return b.String()
	}
	n := len(names) * (len(names) - 1)
	if n != 506 {
		t.Logf("%d built-ins: %d ordered pairs", len(names), n)
	}
	tsc := filepath.Join(tools, "node_modules", "typescript", "bin", "tsc")
	args := []string{tsc, "--noEmit", "--strict", "--target", "es2020", "--module", "node16", "--moduleResolution", "node16", "--skipLibCheck", "false"}
	expect := filepath.Join(dir, "pairs.mts")
	if err := os.WriteFile(expect, []byte(pairs()), 0o644); err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command("node", append(args, expect)...).CombinedOutput(); err != nil {
		t.Errorf("tsc: a pair of layouts is assignable (TS2578 marks each): %v\n%s", err, out)
	}
	if !t.Failed() {
		t.Logf("%d built-ins: 0 of %d ordered pairs assignable", len(names), n)
	}
}
