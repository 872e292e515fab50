package main

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// gen takes a built-in layout (-layout) in every language, and writes its
// IDs in the text form its spec declares, unless -text says otherwise:
// ULIDs in Crockford, an ObjectId in hex.
func TestGenLayoutText(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"gen", "-layout", "ulid", "-pkg", "ulid", "-o", "-"}, "String returns id in its canonical text form, as Crockford returns it"},
		{[]string{"gen", "-lang", "js", "-layout", "ulid", "-o", "-"}, "Returns the ID's text: 26 Crockford digits"},
		{[]string{"gen", "-lang", "python", "-layout", "ulid", "-o", "-"}, "Returns the ID's text: 26 Crockford digits"},
		{[]string{"gen", "-lang", "js", "-layout", "objectid", "-o", "-"}, "Returns the ID's text: 24 hex digits"},
		{[]string{"gen", "-lang", "python", "-layout", "ulid", "-text", "base62", "-o", "-"}, "Returns the ID's text: 22 Base62 digits"},
		{[]string{"gen", "-lang", "js", "-layout", "ulid", "-text", "base62", "-o", "-"}, "Returns the ID's text: 22 Base62 digits"},
	} {
		stdout, stderr, exit := idforge(t, t.TempDir(), "", c.args...)
		if exit != 0 {
			t.Errorf("idforge %s: exit %d\n%s", strings.Join(c.args, " "), exit, stderr)
			continue
		}
		if !strings.Contains(stdout, c.want) {
			t.Errorf("idforge %s: no %q in the output", strings.Join(c.args, " "), c.want)
		}
	}
}

// gen -lang go writes a 64-bit layout without a text line, as Discord's, in
// decimal, as Discord publishes its IDs: an int64 package, whose String of
// Discord's own example ID is that ID's decimal. -text base62 makes the same
// layout's package a byte array again, written in Base62. Both are built
// and run in a module of their own, as a user's would be.
func TestGenDecimalGo(t *testing.T) {
	t.Parallel()
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	gomod := "module example.com/user\n\ngo 1.24\n\nrequire github.com/idforge/idforge v0.0.0\n\nreplace github.com/idforge/idforge => " + root + "\n"
	files := map[string]string{"go.mod": gomod, "discord/discord_test.go": discordTest, "discord62/discord62_test.go": discord62Test}
	for name, data := range files {
		if err := os.MkdirAll(filepath.Dir(filepath.Join(dir, name)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, c := range []struct {
		pkg  string
		args []string
		typ  string // the ID type, as go/ast writes it
	}{
		{"discord", nil, "int64"},
		{"discord62", []string{"-text", "base62"}, "[8]byte"},
	} {
		out := filepath.Join(c.pkg, c.pkg+"_gen.go")
		args := append([]string{"gen", "-layout", "discord", "-lang", "go", "-pkg", c.pkg, "-o", out}, c.args...)
		if _, stderr, exit := idforge(t, dir, "", args...); exit != 0 {
			t.Fatalf("idforge %s: exit %d\n%s", strings.Join(args, " "), exit, stderr)
		}
		f, err := parser.ParseFile(token.NewFileSet(), filepath.Join(dir, out), nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		if got := idType(f); got != c.typ {
			t.Errorf("idforge %s: type ID %s, want %s", strings.Join(args, " "), got, c.typ)
		}
	}
	cmd := exec.Command("go", "test", "-count=1", "./...")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOPROXY=off", "GOWORK=off")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go test in the user module: %v\n%s", err, out)
	}
}

// idType returns the type of the declaration of ID in f, as its source
// spells it: "int64", "[8]byte", or "" if f declares no ID.
func idType(f *ast.File) string {
	for _, d := range f.Decls {
		g, ok := d.(*ast.GenDecl)
		if !ok || g.Tok != token.TYPE {
			continue
		}
		for _, s := range g.Specs {
			ts := s.(*ast.TypeSpec)
			if ts.Name.Name != "ID" {
				continue
			}
			switch t := ts.Type.(type) {
			case *ast.Ident:
				return t.Name
			case *ast.ArrayType:
				if n, ok := t.Len.(*ast.BasicLit); ok {
					if elt, ok := t.Elt.(*ast.Ident); ok {
						return "[" + n.Value + "]" + elt.Name
					}
				}
			}
			return "?"
		}
	}
	return ""
}

// discordTest reads Discord's example ID from its developer documentation
// (docs/reference, "Snowflakes"): 175928847299117063, made at
// 2016-04-30T11:18:25.796Z by worker 1, process 0, increment 7.
const discordTest = `package discord

import (
	"testing"
	"time"
)

const example = 175928847299117063

func TestDiscordExample(t *testing.T) {
	t.Parallel()
	id := ID(example)
	if id.String() != "175928847299117063" {
		t.Errorf("String() = %q, want 175928847299117063", id.String())
	}
	back, err := Parse("175928847299117063")
	if err != nil || back != id {
		t.Errorf("Parse = %d, %v; want %d", back, err, id)
	}
	if want := time.Date(2016, 4, 30, 11, 18, 25, 796e6, time.UTC); !id.Time().Equal(want) {
		t.Errorf("Time() = %v, want %v", id.Time(), want)
	}
	if f := id.Fields(); f.Worker != 1 || f.Process != 0 || f.Increment != 7 {
		t.Errorf("Fields() = %+v, want worker 1, process 0, increment 7", f)
	}
	if v, err := id.Value(); err != nil || v != int64(example) {
		t.Errorf("Value() = %v, %v; want the int64 %d", v, err, example)
	}
	if j, err := id.MarshalJSON(); err != nil || string(j) != ` + "`" + `"175928847299117063"` + "`" + ` {
		t.Errorf("MarshalJSON() = %s, %v", j, err)
	}
}
`

// discord62Test holds the package of -text base62 to the same ID, as
// bytes, written in Base62.
const discord62Test = `package discord62

import (
	"encoding/binary"
	"testing"

	"github.com/idforge/idforge/encodings"
)

func TestDiscordExample(t *testing.T) {
	t.Parallel()
	b := binary.BigEndian.AppendUint64(nil, 175928847299117063)
	id, err := FromBytes(b)
	if err != nil {
		t.Fatal(err)
	}
	if want := encodings.Base62.EncodeToString(b); id.String() != want || Size != 8 {
		t.Errorf("String() = %q, Size %d; want %q, 8", id.String(), Size, want)
	}
	if back, err := Parse(id.String()); err != nil || back != id {
		t.Errorf("Parse(%q) = %x, %v", id.String(), back, err)
	}
}
`
