package main

import (
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/idforge/idforge/gen/golang"
)

const genUsage = `usage: idforge gen (-spec FILE | -layout NAME) -pkg NAME -o FILE [-type NAME] [-text FORM]
       idforge gen -lang sql (-layout NAME | -spec FILE) [-prefix P] -o FILE
       idforge gen -lang js|python (-layout NAME | -spec FILE) [-type NAME] [-text FORM] -o FILE

Generates a Go package for a layout spec: the ID type, its fields, Pack,
Time, a Generator, and fixed-width encodings that sort like the bytes. The
file imports only the standard library and idforge's small runtime.

  -spec   the layout spec file
  -pkg    the Go package name
  -o      the file to write, such as orderid_gen.go, or - for standard output
  -type   the ID type's name (default ID)
  -text   the text form String, Parse, the marshallers and Value use: uuid,
          base62, crockford or hex (default: the form the spec declares
          with a line "text FORM", as ulid.layout says crockford, else uuid
          for a UUID layout, one with a constant version at bits 48-51 and
          variant 0b10 at 64-65, and base62 for any other); the other forms
          have their own methods
  -lang   go (the default); sql: PostgreSQL functions for the layout
          (P_pack, P_time, P_min_at, P_to_base62, ...; see gen/pgsql);
          js: one ES module, for browsers, Node 20+, Deno and Bun, and FILE.d.ts
          beside it (see gen/js); python: one module for Python 3.9+,
          standard library only (see gen/python)
  -layout a built-in layout instead of -spec
  -prefix with -lang sql: the functions' prefix P (default: the layout's
          name, '-' becoming '_')

A spec whose clock overflows within 10 years, or one of whose generators
would repeat its own IDs at full speed (10^8 IDs a second: a time but no
counter, say), gets a warning on standard error that names the remedy; the
package is still written.

From a go:generate line beside the spec, once the module has the tool
(go get -tool github.com/idforge/idforge/cmd/idforge):
  //go:generate go tool idforge gen -spec orderid.layout -pkg orderid -o orderid_gen.go
`

func cmdGen(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("gen")
	specFile := fs.String("spec", "", "")
	pkg := fs.String("pkg", "", "")
	out := fs.String("o", "", "")
	typ := fs.String("type", "ID", "")
	text := fs.String("text", "", "")
	lang := fs.String("lang", "go", "")
	layoutName := fs.String("layout", "", "")
	prefix := fs.String("prefix", "", "")
	if err := parseFlagsOnly(fs, args); err != nil {
		return err
	}
	if *lang == "js" || *lang == "python" {
		return genScript(fs, *lang, *layoutName, *specFile, *typ, *text, *out, stdout)
	}
	if *lang != "go" || flagSet(fs, "prefix") {
		return genSQL(fs, *lang, *layoutName, *specFile, *prefix, *out, stdout, stderr)
	}
	source := *specFile != "" || flagSet(fs, "layout")
	if m := missing(map[string]bool{"spec": source, "pkg": *pkg != "", "o": *out != ""}, "spec", "pkg", "o"); m != "" {
		return usageError{fmt.Errorf("missing %s: gen needs -spec FILE, -pkg NAME and -o FILE (-o - for standard output)", m)}
	}
	l, err := chosenLayout(fs, *layoutName, *specFile)
	if err != nil {
		return err
	}
	p := golang.Single(l, *pkg, *typ)
	if *text != "" {
		if p.Canonical, err = golang.ParseEncoding(*text); err != nil || p.Canonical == golang.EncDecimal {
			return usageError{fmt.Errorf("-text %q: want uuid, base62, crockford or hex", *text)}
		}
	}
	code, err := golang.Generate(p)
	if errors.Is(err, golang.ErrName) {
		return usageError{err} // a -pkg, -type or field name gen cannot use
	}
	if err != nil {
		return err
	}
	warn(stderr, "gen", l)
	if *out == "-" {
		_, err = stdout.Write(code)
		return err
	}
	return os.WriteFile(*out, code, 0o644)
}
