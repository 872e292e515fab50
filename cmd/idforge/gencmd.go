package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/idforge/idforge/gen"
	"github.com/idforge/idforge/gen/emit"
	"github.com/idforge/idforge/resolved"
)

// genUsage is gen's help. Its list of languages, their usage lines and
// which languages take each flag come from the registry (package gen).
var genUsage = genHelp()

// genOptionFlags are gen's flags for the languages' options (emit.Option):
// the word usage lines show after each, and what it means. Which languages
// take a flag is each language's to say (emit.Emitter.Params).
var genOptionFlags = map[emit.Option]struct{ arg, doc string }{
	emit.Package: {"NAME", "the package name"},
	emit.Type:    {"NAME", "the ID type's name (default ID)"},
	emit.Text: {"FORM", `the text form String, Parse and the marshallers use: ` +
		`uuid (128-bit layouts), decimal (64-bit layouts; the go package then holds an int64), base62, crockford, ` +
		`hex or another encoding (default: the form the spec declares with a line "text FORM", ` +
		`as ulid.layout says crockford, else uuid for a UUID layout, one with a constant version at bits 48-51 ` +
		`and variant 0b10 at 64-65, decimal for a 64-bit layout, as Twitter and Discord write their IDs, ` +
		`and base62 for any other); the other forms have their own methods`},
	emit.Prefix: {"P", "the functions' prefix P (default: the layout's name, '-' becoming '_')"},
	emit.Schema: {"S", "the schema, which must exist, to create the functions in; the calls between them name it, " +
		"so that they work whatever a caller's search_path is (default: unqualified names, created in the first schema of search_path)"},
}

// genHelp writes gen's help from the registry of languages.
func genHelp() string {
	var b strings.Builder
	// Usage lines: one a language, but that languages next to each other
	// in the registry that take the same flags share one.
	type usageLine struct {
		langs []string
		flags string
	}
	var lines []usageLine
	for _, e := range gen.Languages() {
		flags := genFlagsUsage(e)
		if i := len(lines) - 1; i >= 0 && lines[i].flags == flags {
			lines[i].langs = append(lines[i].langs, e.Name())
			continue
		}
		lines = append(lines, usageLine{[]string{e.Name()}, flags})
	}
	for i, u := range lines {
		lang := "-lang " + strings.Join(u.langs, "|")
		if i == 0 && len(u.langs) == 1 {
			lang = "[" + lang + "]" // the default
		}
		head := "usage:"
		if i > 0 {
			head = "      "
		}
		fmt.Fprintf(&b, "%s idforge gen %s (-layout NAME | -spec FILE)%s -o FILE\n", head, lang, u.flags)
	}
	fmt.Fprintf(&b, "\nWrites the code of a layout, a built-in one (-layout) or your own spec\n(-spec), in one of %s languages:\n\n", numberWord(len(gen.Languages())))
	width := 0
	for _, name := range gen.Names() {
		width = max(width, len(name))
	}
	for _, e := range gen.Languages() {
		b.WriteString(column(e.Name(), e.Summary(), width))
	}
	b.WriteString(`
The library already holds the Go packages of the UUID versions, ksuid,
ulid and snowflake (import github.com/idforge/idforge/uuid, .../ksuid,
.../ulid, .../snowflake); gen -layout writes a package of your own for any
built-in layout, with the name, type and text form you choose.

`)
	langs := gen.Names()
	langs[0] += " (default)"
	b.WriteString(column("-lang", orList(langs), 7))
	b.WriteString(column("-layout", "a built-in layout, as 'idforge layouts' lists them", 7))
	b.WriteString(column("-spec", "a layout spec file of your own", 7))
	var several []string
	for _, e := range gen.Languages() {
		if files := e.Files("FILE"); len(files) > 1 {
			several = append(several, fmt.Sprintf("%s writes %s beside it, but to standard output FILE alone", e.Name(), andList(files[1:])))
		}
	}
	out := "the file to write, such as orderid_gen.go; a directory (one that exists, or a path ending in /, " +
		"which gen makes; for java any path without an extension), to write the files in under the names the language gives them; or - for standard output"
	if len(several) > 0 {
		out += " (" + strings.Join(several, "; ") + ")"
	}
	b.WriteString(column("-o", out, 7))
	for _, opt := range emit.AllOptions() {
		f := genOptionFlags[opt]
		takers := gen.Taking(opt)
		if len(takers) == 0 {
			continue
		}
		doc := f.doc
		if len(takers) < len(gen.Languages()) {
			doc = andList(takers) + ": " + doc
		}
		if opt == emit.Package {
			doc += " (-" + packageAlias + " is the same flag)"
		}
		b.WriteString(column("-"+opt.String(), doc, 7))
	}
	b.WriteString(`
A spec given with -spec whose clock overflows within 10 years, or one of
whose generators would repeat its own IDs at full speed (10^8 IDs a second:
a time but no counter, say), gets a warning on standard error that names
the remedy; the code is still written.

Examples:
  idforge gen -spec orderid.layout -pkg orderid -o orderid_gen.go
  idforge gen -layout sonyflake -pkg sonyflake -o sonyflake_gen.go
  idforge gen -lang sql -layout v7 -o uuidv7.sql
  idforge gen -lang sql -layout v7 -schema ids -o uuidv7.sql
  idforge gen -lang js -spec orderid.layout -o web/orderid.js
  idforge gen -lang python -spec orderid.layout -o orderid.py
  idforge gen -lang java -spec orderid.layout -pkg com.example.ids -o OrderId.java
  idforge gen -lang java -layout v7 -package com.example.ids -o src/main/java/com/example/ids

From a go:generate line beside the spec, once the module has the tool
(go get -tool github.com/idforge/idforge/cmd/idforge):
  //go:generate go tool idforge gen -spec orderid.layout -pkg orderid -o orderid_gen.go
`)
	return b.String()
}

// genTitles returns the titles of the languages gen writes, in order.
func genTitles() []string {
	var titles []string
	for _, e := range gen.Languages() {
		titles = append(titles, e.Title())
	}
	return titles
}

// genFlagsUsage returns a language's option flags as its usage line shows
// them: the required ones, then the others in brackets.
func genFlagsUsage(e emit.Emitter) string {
	var req, opt string
	for _, p := range e.Params() {
		f := fmt.Sprintf("-%s %s", p.Option, genOptionFlags[p.Option].arg)
		if p.Required {
			req += " " + f
		} else {
			opt += " [" + f + "]"
		}
	}
	return req + opt
}

// column writes a help entry: two spaces, name in a column of width
// characters, and text filled to 76 columns beside it.
func column(name, text string, width int) string {
	indent := strings.Repeat(" ", 2+width+2)
	var b strings.Builder
	line := fmt.Sprintf("  %-*s  ", width, name)
	n := 0 // words on the line
	for _, w := range strings.Fields(text) {
		if n > 0 && len(line)+1+len(w) > 76 {
			b.WriteString(line + "\n")
			line, n = indent, 0
		}
		if n > 0 {
			line += " "
		}
		line += w
		n++
	}
	b.WriteString(line + "\n")
	return b.String()
}

// numberWord writes n in words up to twelve, as help's prose does.
func numberWord(n int) string {
	words := []string{"no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve"}
	if n >= 0 && n < len(words) {
		return words[n]
	}
	return fmt.Sprint(n)
}

func cmdGen(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("gen")
	specFile := fs.String("spec", "", "")
	layoutName := fs.String("layout", "", "")
	out := fs.String("o", "", "")
	lang := fs.String("lang", gen.Default().Name(), "")
	values := map[emit.Option]*string{}
	for _, opt := range emit.AllOptions() {
		values[opt] = fs.String(opt.String(), "", "")
	}
	fs.StringVar(values[emit.Package], packageAlias, "", "") // Java's word for it
	if err := parseFlagsOnly(fs, args); err != nil {
		return err
	}
	if flagSet(fs, packageAlias) && flagSet(fs, emit.Package.String()) {
		return usageError{fmt.Errorf("-%s and -%s are one flag: give it once", emit.Package, packageAlias)}
	}
	e, ok := gen.Lookup(*lang)
	if !ok {
		return usageError{fmt.Errorf("-lang %q: want %s", *lang, orList(gen.Names()))}
	}
	var o emit.Options
	for _, opt := range emit.AllOptions() {
		if !flagSet(fs, opt.String()) && !(opt == emit.Package && flagSet(fs, packageAlias)) {
			continue
		}
		if !emit.Takes(e, opt) {
			return usageError{fmt.Errorf("-%s is for -lang %s, not -lang %s", opt, andList(gen.Taking(opt)), *lang)}
		}
		o.Set(opt, *values[opt])
	}
	var need []string
	if *layoutName == "" && *specFile == "" {
		need = append(need, "a layout (-layout or -spec)")
	}
	var required []string
	for _, p := range e.Params() {
		if p.Required {
			required = append(required, fmt.Sprintf("-%s %s", p.Option, genOptionFlags[p.Option].arg))
			if o.Get(p.Option) == "" {
				need = append(need, "-"+p.Option.String())
			}
		}
	}
	if *out == "" {
		need = append(need, "-o")
	}
	if len(need) > 0 {
		needs := "-layout NAME or -spec FILE, and -o FILE"
		if len(required) > 0 {
			needs = "-layout NAME or -spec FILE, " + andList(append(required, "-o FILE"))
		}
		return usageError{fmt.Errorf("missing %s: gen -lang %s needs %s (-o - for standard output)", andList(need), *lang, needs)}
	}
	l, err := chosenLayout(fs, *layoutName, *specFile)
	if err != nil {
		return err
	}
	rl, err := resolved.New(l)
	if err != nil {
		return err
	}
	dir := "" // -o a directory: the files, under the names the language gives them
	outDir, byForm := e.(emit.OutDir)
	byForm = byForm && *out != "-" && outDir.OutDir(*out)
	if info, err := os.Stat(*out); err == nil && info.IsDir() || byForm || strings.HasSuffix(*out, "/") || strings.HasSuffix(*out, string(filepath.Separator)) {
		dir = *out
	} else if *out != "-" {
		o.Out = *out
	}
	files, err := e.Generate(rl, o)
	if errors.Is(err, emit.ErrOption) {
		return usageError{err} // a name or text form the language cannot use
	}
	if err != nil {
		return err
	}
	if *specFile != "" {
		warn(stderr, "gen", l) // the user's own spec: theirs to change
	}
	if *out == "-" {
		_, err := stdout.Write(files[0].Content) // the main file alone
		return err
	}
	if dir != "" {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return err
		}
	}
	for _, f := range files {
		if err := os.WriteFile(filepath.Join(dir, f.Name), f.Content, 0o644); err != nil {
			return err
		}
	}
	return nil
}

// packageAlias is the other name of gen's -pkg flag: -package, as Java
// and the JVM's tools call it.
const packageAlias = "package"
