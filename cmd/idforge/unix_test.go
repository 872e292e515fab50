package main

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// In every command that takes arguments, flags may come after them, or
// between them, and mean what they mean before them: the same output, the
// same exit code. After --, every word is an argument.
func TestFlagsAfterArguments(t *testing.T) {
	t.Parallel()
	const v7, ulid = "017F22E2-79B0-7CC3-98C4-DC0C0C07398F", "01ARYZ6S41TSV4RRFFQ69G5FAV"
	dir := t.TempDir()
	if _, stderr, exit := idforge(t, dir, "", "new", "-store", "ids.state", "-n", "3"); exit != 0 {
		t.Fatalf("new -store: exit %d: %s", exit, stderr)
	}
	os.WriteFile(filepath.Join(dir, "burst.layout"), []byte("layout burst 64\n  t  48  time unix ms\n  r  16  random\n"), 0o644)
	for _, c := range []struct {
		stdin         string
		before, after []string
	}{
		{"", []string{"inspect", "-json", v7}, []string{"inspect", v7, "-json"}},
		{"", []string{"inspect", "-layout", "ulid", "-json", v7, ulid}, []string{"inspect", v7, "-layout", "ulid", ulid, "-json"}},
		{"", []string{"inspect", "-spec", "burst.layout", "AAAAAAAAAAA"}, []string{"inspect", "AAAAAAAAAAA", "-spec", "burst.layout"}},
		{v7 + "\n", []string{"inspect", "-json", "-"}, []string{"inspect", "-", "-json"}},
		{"", []string{"convert", "-to", "v7", ulid}, []string{"convert", ulid, "-to", "v7"}},
		{"", []string{"convert", "-enc", "typeid", "-prefix", "user", v7}, []string{"convert", v7, "-enc", "typeid", "-prefix=user"}},
		{ulid + "\n", []string{"convert", "-to", "v7", "-"}, []string{"convert", "-", "-to", "v7"}},
		{"", []string{"layouts", "-rate", "5000", "-nodes", "8", "v7"}, []string{"layouts", "v7", "-rate", "5000", "-nodes", "8"}},
		{"", []string{"layouts", "-svg", "snowflake"}, []string{"layouts", "snowflake", "-svg"}},
		{"", []string{"store", "check", "-max-ahead", "48h", "ids.state"}, []string{"store", "check", "ids.state", "-max-ahead", "48h"}},
		{"", []string{"store", "-max-ahead", "48h", "check", "ids.state"}, []string{"store", "check", "ids.state", "--max-ahead=48h"}},
		{"", []string{"help", "inspect"}, []string{"inspect", "-h"}},
	} {
		wantOut, wantErr, wantExit := idforge(t, dir, c.stdin, c.before...)
		if wantExit != 0 || wantOut == "" {
			t.Errorf("%q: exit %d, stdout %q, stderr %q: want exit 0 and output", c.before, wantExit, wantOut, wantErr)
			continue
		}
		out, errOut, exit := idforge(t, dir, c.stdin, c.after...)
		if out != wantOut || errOut != wantErr || exit != wantExit {
			t.Errorf("%q: exit %d, stdout %q, stderr %q\nwant as %q: exit %d, stdout %q, stderr %q", c.after, exit, out, errOut, c.before, wantExit, wantOut, wantErr)
		}
	}
	// The commands that take no arguments find a word among their flags
	// and say so, whatever comes after it.
	for _, args := range [][]string{
		{"new", "-layout", "v4", "extra", "-n", "2"},
		{"gen", "-lang", "sql", "extra", "-layout", "v7", "-o", "-"},
		{"version", "extra"},
		{"playground", "extra", "-addr", "127.0.0.1:0"},
	} {
		out, stderr, exit := idforge(t, dir, "", args...)
		if exit != 2 || out != "" || !strings.Contains(stderr, `takes no arguments, got "extra"`) {
			t.Errorf("%q: exit %d, stdout %q, stderr %q: want exit 2 and no arguments", args, exit, out, stderr)
		}
	}
	// A value that looks like a flag is the value of the flag before it,
	// and after --, words that look like flags are arguments.
	if out, stderr, exit := idforge(t, dir, "", "new", "-layout", "v5", "-ns", "dns", "-name", "-json"); exit != 0 || len(strings.TrimSpace(out)) != 36 {
		t.Errorf("new -name -json: exit %d, %q, %s", exit, out, stderr)
	}
	if _, stderr, exit := idforge(t, dir, "", "inspect", "-layout", "snowflake", "--", "-1"); exit != 1 || !strings.Contains(stderr, `"-1"`) {
		t.Errorf("inspect -- -1: exit %d, %s: want -1 read as an ID, and refused", exit, stderr)
	}
}

// gen -layout NAME writes the Go package of any built-in layout, as it
// writes its SQL, JavaScript and Python, with no warning: a built-in
// layout's properties are not the user's to change.
func TestGenLayoutGo(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	for _, name := range []string{"v7", "v1", "v5", "ksuid", "ulid", "snowflake", "sonyflake", "objectid", "instagram"} {
		pkg := strings.ReplaceAll(name, "-", "")
		out, stderr, exit := idforge(t, dir, "", "gen", "-layout", name, "-pkg", pkg, "-o", pkg+"_gen.go")
		if exit != 0 || out != "" || stderr != "" {
			t.Errorf("gen -layout %s: exit %d, stdout %q, stderr %q: want exit 0 and no output", name, exit, out, stderr)
			continue
		}
		f, err := parser.ParseFile(token.NewFileSet(), filepath.Join(dir, pkg+"_gen.go"), nil, parser.ParseComments)
		if err != nil {
			t.Fatal(err)
		}
		if !ast.IsGenerated(f) || f.Name.Name != pkg {
			t.Errorf("gen -layout %s: package %s, generated %v", name, f.Name.Name, ast.IsGenerated(f))
		}
	}
}

// Warnings about a layout go to the user who can act on them: for a spec
// they gave (-spec), or a built-in layout they asked about (layouts NAME);
// never in the list of built-in layouts, nor on every new or gen of a
// built-in one.
func TestWarningsOnlyWhenAsked(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "burst.layout"), []byte("layout burst 64\n  t  48  time unix ms\n  r  16  random\n"), 0o644)
	for _, c := range []struct {
		args []string
		warn bool
	}{
		{[]string{"layouts"}, false},
		{[]string{"new", "-layout", "objectid", "-n", "2"}, false},
		{[]string{"gen", "-lang", "js", "-layout", "objectid", "-o", "-"}, false},
		{[]string{"gen", "-lang", "sql", "-layout", "objectid", "-o", "-"}, false},
		{[]string{"layouts", "objectid"}, true},
		{[]string{"layouts", "objectid", "-svg"}, true},
		{[]string{"layouts", "-spec", "burst.layout"}, true},
		{[]string{"new", "-spec", "burst.layout", "-n", "2"}, true},
		{[]string{"gen", "-spec", "burst.layout", "-pkg", "burst", "-o", "-"}, true},
		{[]string{"gen", "-lang", "sql", "-spec", "burst.layout", "-o", "-"}, true},
		{[]string{"gen", "-lang", "js", "-spec", "burst.layout", "-o", "-"}, true},
		{[]string{"gen", "-lang", "python", "-spec", "burst.layout", "-o", "-"}, true},
	} {
		_, stderr, exit := idforge(t, dir, "", c.args...)
		if exit != 0 || strings.Contains(stderr, ": warning: ") != c.warn || !c.warn && stderr != "" {
			t.Errorf("%q: exit %d, stderr %q; want exit 0 and a warning: %v", c.args, exit, stderr, c.warn)
		}
	}
}

// Empty standard input is a one-line error, exit 1, in inspect and
// convert: nothing was done. (inspect -json still writes its empty list.)
func TestEmptyStdin(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		args    []string
		wantOut string
	}{
		{[]string{"inspect", "-"}, ""},
		{[]string{"inspect", "-json", "-"}, "[]\n"},
		{[]string{"convert", "-to", "v6", "-"}, ""},
	} {
		out, stderr, exit := idforge(t, "", "", c.args...)
		if exit != 1 || out != c.wantOut || strings.Count(stderr, "\n") != 1 || !strings.Contains(stderr, "no IDs on standard input") {
			t.Errorf("%q with empty stdin: exit %d, stdout %q, stderr %q: want exit 1, stdout %q and one line", c.args, exit, out, stderr, c.wantOut)
		}
	}
}
