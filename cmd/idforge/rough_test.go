package main

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
	"time"

	"golang.org/x/tools/txtar"

	"github.com/idforge/idforge/ksuid"
	"github.com/idforge/idforge/store"
	"github.com/idforge/idforge/uuid"
)

// For every command, -h and -help print the usage once, on standard
// output, exactly as 'idforge help CMD' does, and exit 0.
func TestHelpFlagPrintsUsageOnce(t *testing.T) {
	t.Parallel()
	for _, cmd := range slices.Sorted(maps.Keys(usages)) {
		want, _, _ := idforge(t, "", "", "help", cmd)
		for _, h := range []string{"-h", "-help"} {
			out, stderr, exit := idforge(t, "", "", cmd, h)
			if exit != 0 || out != want || stderr != "" {
				t.Errorf("%s %s: exit %d, stderr %q, stdout the usage: %v", cmd, h, exit, stderr, out == want)
			}
		}
	}
}

// The help of new and convert names every encoding they write, the list
// their error for an unknown one gives.
func TestHelpNamesEveryEncoding(t *testing.T) {
	t.Parallel()
	for _, cmd := range []string{"new", "convert"} {
		args := []string{cmd, "-enc", "no-such-encoding"}
		if cmd == "convert" {
			args = append(args, "017F22E2-79B0-7CC3-98C4-DC0C0C07398F")
		}
		_, stderr, _ := idforge(t, "", "", args...)
		list, ok := strings.CutPrefix(stderr, "idforge "+cmd+": unknown encoding \"no-such-encoding\" (want one of ")
		list, _, _ = strings.Cut(list, ")")
		if !ok || list == "" {
			t.Fatalf("%s -enc no-such-encoding: %q", cmd, stderr)
		}
		help := strings.Join(strings.Fields(usages[cmd]), " ")
		for _, enc := range strings.Split(list, ", ") {
			if !regexp.MustCompile(`\b` + regexp.QuoteMeta(enc) + `\b`).MatchString(help) {
				t.Errorf("%s -h does not name the encoding %s", cmd, enc)
			}
		}
	}
}

// For every command, a flag it does not know is the error and one line
// that points at -h: exit 2, two lines, no usage.
func TestBadFlagIsTwoLines(t *testing.T) {
	t.Parallel()
	for _, cmd := range slices.Sorted(maps.Keys(usages)) {
		out, stderr, exit := idforge(t, "", "", cmd, "-no-such-flag")
		want := "idforge " + cmd + ": flag provided but not defined: -no-such-flag\nrun 'idforge " + cmd + " -h' for usage\n"
		if exit != 2 || out != "" || stderr != want {
			t.Errorf("%s -no-such-flag: exit %d, stdout %q, stderr %q; want exit 2 and %q", cmd, exit, out, stderr, want)
		}
	}
}

// An unknown layout is a usage error, exit 2, from every command that takes
// a layout's name.
func TestUnknownLayoutExitsTwo(t *testing.T) {
	t.Parallel()
	for _, args := range [][]string{
		{"new", "-layout", "uuidv9"},
		{"inspect", "-layout", "uuidv9", "017F22E2-79B0-7CC3-98C4-DC0C0C07398F"},
		{"convert", "-to", "uuidv9", "017F22E2-79B0-7CC3-98C4-DC0C0C07398F"},
		{"layouts", "uuidv9"},
		{"gen", "-lang", "sql", "-layout", "uuidv9", "-o", "-"},
	} {
		if _, stderr, exit := idforge(t, "", "", args...); exit != 2 {
			t.Errorf("%q: exit %d, want 2: %s", args, exit, stderr)
		}
	}
}

// No line the CLI writes repeats a prefix: "idforge gen: gen: ..." or
// "x: x: ...". Every golden case's standard error is checked.
func TestNoDoubledPrefix(t *testing.T) {
	t.Parallel()
	files, _ := filepath.Glob("testdata/*.txt")
	for _, file := range files {
		ar, err := txtar.ParseFile(file)
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range ar.Files {
			if f.Name != "stderr" {
				continue
			}
			for _, line := range strings.Split(string(f.Data), "\n") {
				words := strings.Split(strings.TrimPrefix(line, "idforge "), ": ")
				for i := 1; i < len(words); i++ {
					if words[i] == words[i-1] {
						t.Errorf("%s: %q repeats %q", file, line, words[i]+": ")
					}
				}
			}
		}
	}
	// And the rule itself, for the prefixes the packages use.
	for _, line := range []string{"gen: invalid name: x", "idforge gen: gen: x"} {
		if got := undouble("gen", line); strings.HasPrefix(got, "gen: ") || strings.HasPrefix(got, "idforge") {
			t.Errorf("undouble(%q) = %q", line, got)
		}
	}
}

// A count in a message agrees with its noun: no "%d things" in a format
// string unless the count is known to be more than one there.
func TestCountsAgree(t *testing.T) {
	t.Parallel()
	countThenPlural := regexp.MustCompile(`%d [a-zA-Z]+s\b`)
	guarded := map[string]bool{ // each printed only for a count above one, or a constant one
		"on each of %d generators":                               true,
		"longer than %d bytes":                                   true,
		"%d of %d inputs are not IDs idforge can read":           true,
		"-node %d does not fit %s's %d-bit node field (0 to %d)": true, // "does" is a verb
		"%d of %d inputs could not be converted":                 true,
	}
	files, _ := filepath.Glob("*.go")
	for _, file := range files {
		if strings.HasSuffix(file, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(token.NewFileSet(), file, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(f, func(n ast.Node) bool {
			lit, ok := n.(*ast.BasicLit)
			if !ok || lit.Kind != token.STRING {
				return true
			}
			s, err := strconv.Unquote(lit.Value)
			if err == nil && countThenPlural.MatchString(s) && !guarded[s] {
				t.Errorf("%s: %q: a count before a plural noun; use plural()", file, s)
			}
			return true
		})
	}
}

// new -store works for exactly the built-in layouts whose generated
// generator takes a store: those whose generated code keeps a mark.
func TestStoreLayoutsAreTheGeneratedOnes(t *testing.T) {
	t.Parallel()
	files, err := filepath.Glob(filepath.Join("..", "..", "*", "*_gen.go"))
	if err != nil || len(files) == 0 {
		t.Fatal("no generated files", err)
	}
	mark := regexp.MustCompile(`idrt\.OpenMark\(g\.store, "([a-z0-9-]+)"`)
	withMarks := map[string]bool{}
	for _, file := range files {
		src, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range mark.FindAllStringSubmatch(string(src), -1) {
			withMarks[m[1]] = true
		}
	}
	if !maps.Equal(withMarks, keepsState) {
		t.Errorf("keepsState %v, but the generated generators keep marks for %v", slices.Sorted(maps.Keys(keepsState)), slices.Sorted(maps.Keys(withMarks)))
	}
}

// An explicit -name ” gives the UUID of the empty name; only a missing
// -name is an error.
func TestNewEmptyName(t *testing.T) {
	t.Parallel()
	out, stderr, exit := idforge(t, "", "", "new", "-layout", "v5", "-ns", "dns", "-name", "")
	if want := uuid.NewV5(uuid.NamespaceDNS(), "").String() + "\n"; exit != 0 || out != want {
		t.Errorf("exit %d, %q (%s); want %q", exit, out, stderr, want)
	}
}

// new -layout ksuid -store keeps KSUID's mark: the IDs come above the mark
// the store held, and the store then holds a mark above them.
func TestNewKSUIDStore(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	file := filepath.Join(dir, "ids.state")
	const epoch = 1400000000
	past := uint64(time.Now().Add(-10*time.Second).Unix() - epoch)
	writeMark(t, file, "ksuid", past)
	out, stderr, exit := idforge(t, dir, "", "new", "-layout", "ksuid", "-store", "ids.state", "-n", "20")
	if exit != 0 {
		t.Fatalf("exit %d: %s", exit, stderr)
	}
	ids := strings.Fields(out)
	if len(ids) != 20 || !slices.IsSorted(ids) {
		t.Fatalf("%d IDs, sorted %v", len(ids), slices.IsSorted(ids))
	}
	first, err := ksuid.Parse(ids[0])
	if err != nil {
		t.Fatal(err)
	}
	last, _ := ksuid.Parse(ids[len(ids)-1])
	if uint64(first.Timestamp()) < past {
		t.Errorf("the first ID's tick %d is below the stored mark %d", first.Timestamp(), past)
	}
	marks, _, err := store.Check(file)
	if err != nil {
		t.Fatal(err)
	}
	if marks["ksuid"] <= uint64(last.Timestamp()) {
		t.Errorf("the store's mark %d does not cover the last ID's tick %d", marks["ksuid"], last.Timestamp())
	}
}
