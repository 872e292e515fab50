package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/idforge/idforge/gen"
	"github.com/idforge/idforge/gen/emit"
	"github.com/idforge/idforge/layouts"
	"github.com/idforge/idforge/resolved"
)

// Every language of the registry (package gen) is one gen -lang writes:
// gen writes a built-in layout's files where the language's Files names
// them, with the bytes its emitter makes, and the main file alone to
// standard output; the help lists the language, and a flag it does not
// take is a usage error naming the languages that do. A language gen did
// not offer would fail here as soon as it is registered.
func TestGenEveryLanguage(t *testing.T) {
	t.Parallel()
	l, err := layouts.Builtin("uuidv7")
	if err != nil {
		t.Fatal(err)
	}
	help, _, _ := idforge(t, "", "", "gen", "-h")
	for _, e := range gen.Languages() {
		args := []string{"gen", "-lang", e.Name(), "-layout", "uuidv7"}
		var o emit.Options
		for _, p := range e.Params() {
			if p.Required {
				args = append(args, "-"+p.Option.String(), "ids")
				o.Set(p.Option, "ids")
			}
		}
		want, err := e.Generate(resolved.Must(l), o)
		if err != nil {
			t.Fatalf("%s: %v", e.Name(), err)
		}
		dir := t.TempDir()
		if _, stderr, exit := idforge(t, dir, "", append(args, "-o", want[0].Name)...); exit != 0 {
			t.Errorf("gen -lang %s: exit %d\n%s", e.Name(), exit, stderr)
			continue
		}
		for _, f := range want {
			if got, err := os.ReadFile(filepath.Join(dir, f.Name)); err != nil || !bytes.Equal(got, f.Content) {
				t.Errorf("gen -lang %s: %s: %v, or not the emitter's bytes", e.Name(), f.Name, err)
			}
		}
		if stdout, stderr, exit := idforge(t, dir, "", append(args, "-o", "-")...); exit != 0 || stdout != string(want[0].Content) {
			t.Errorf("gen -lang %s -o -: exit %d, %d bytes, want %s's %d\n%s", e.Name(), exit, len(stdout), want[0].Name, len(want[0].Content), stderr)
		}
		if !strings.Contains(help, "\n  "+e.Name()+" ") || !strings.Contains(help, "-lang "+e.Name()) && !strings.Contains(help, "|"+e.Name()) {
			t.Errorf("gen -h lists no %s, or no usage line for it", e.Name())
		}
		for _, opt := range emit.AllOptions() {
			if emit.Takes(e, opt) {
				continue
			}
			_, stderr, exit := idforge(t, dir, "", append(args, "-"+opt.String(), "x", "-o", "-")...)
			if want := "-" + opt.String() + " is for -lang " + andList(gen.Taking(opt)) + ", not -lang " + e.Name(); exit != 2 || !strings.Contains(stderr, want) {
				t.Errorf("gen -lang %s -%s: exit %d, %q, want 2 and %q", e.Name(), opt, exit, stderr, want)
			}
		}
	}
	_, stderr, exit := idforge(t, "", "", "gen", "-lang", "cobol", "-layout", "uuidv7", "-o", "-")
	if want := orList(gen.Names()); exit != 2 || !strings.Contains(stderr, want) {
		t.Errorf("gen -lang cobol: exit %d, %q, want 2 and the languages, %s", exit, stderr, want)
	}
}

// Every option a language can take has a flag, described in gen's help.
func TestGenOptionFlags(t *testing.T) {
	t.Parallel()
	for _, opt := range emit.AllOptions() {
		f, ok := genOptionFlags[opt]
		if !ok || f.arg == "" || f.doc == "" {
			t.Errorf("option %v: no flag in genOptionFlags", opt)
		}
		if len(gen.Taking(opt)) > 0 && !strings.Contains(genUsage, "\n  -"+opt.String()+" ") {
			t.Errorf("gen's help does not describe -%s", opt)
		}
	}
}

// -o naming a directory (one that exists, or a path ending in /, which gen
// makes; for Java, any path but a .java file's, as docs/cli.md writes it)
// writes every file there under the names the language gives them,
// as -o - names them; -package is -pkg's other name, and both at once is
// a usage error.
func TestGenIntoDirectory(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	for _, c := range []struct {
		args  []string
		dir   string
		files []string
	}{
		{[]string{"-lang", "java", "-layout", "v7", "-package", "com.example.ids", "-o", "src/com/example/ids/"}, "src/com/example/ids", []string{"IDException.java", "UuidV7.java"}},
		{[]string{"-lang", "java", "-layout", "v7", "-package", "com.example.ids", "-o", "src/main/java/com/example/ids"}, "src/main/java/com/example/ids", []string{"IDException.java", "UuidV7.java"}},
		{[]string{"-lang", "java", "-layout", "ulid", "-type", "OrderId", "-package", "com.example.ids", "-o", "src/main/java/com/example/ids"}, "src/main/java/com/example/ids", []string{"OrderId.java"}},
		{[]string{"-lang", "js", "-layout", "ulid", "-o", "web"}, "web", []string{"ulid.d.ts", "ulid.js"}},
		{[]string{"-layout", "ksuid", "-package", "ids", "-o", "."}, ".", []string{"ids_gen.go"}},
	} {
		if c.dir == "web" {
			if err := os.Mkdir(filepath.Join(dir, "web"), 0o755); err != nil {
				t.Fatal(err)
			}
		}
		if _, stderr, exit := idforge(t, dir, "", append([]string{"gen"}, c.args...)...); exit != 0 {
			t.Fatalf("gen %s: exit %d: %s", strings.Join(c.args, " "), exit, stderr)
		}
		for _, f := range c.files {
			b, err := os.ReadFile(filepath.Join(dir, c.dir, f))
			if err != nil || len(b) == 0 {
				t.Errorf("gen %s: no %s in %s (%v)", strings.Join(c.args, " "), f, c.dir, err)
			}
		}
	}
	java, _ := os.ReadFile(filepath.Join(dir, "src/main/java/com/example/ids/UuidV7.java"))
	if !strings.HasPrefix(string(java), "// Code generated") || !strings.Contains(string(java), "\npackage com.example.ids;\n") {
		t.Errorf("-package com.example.ids: the class is not in that package")
	}
	_, stderr, exit := idforge(t, dir, "", "gen", "-lang", "java", "-layout", "v7", "-pkg", "a", "-package", "a", "-o", "x/")
	if exit != 2 || !strings.Contains(stderr, "-pkg and -package are one flag") {
		t.Errorf("-pkg and -package: exit %d, %q, want a usage error", exit, stderr)
	}
}
