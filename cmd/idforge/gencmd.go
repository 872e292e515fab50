package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"

	"github.com/idforge/idforge/encodings"
	"github.com/idforge/idforge/gen/golang"
	"github.com/idforge/idforge/gen/js"
	"github.com/idforge/idforge/gen/pgsql"
	"github.com/idforge/idforge/gen/python"
)

const genUsage = `usage: idforge gen [-lang go] (-layout NAME | -spec FILE) -pkg NAME -o FILE [-type NAME] [-text FORM]
       idforge gen -lang sql (-layout NAME | -spec FILE) [-prefix P] [-schema S] -o FILE
       idforge gen -lang js|python (-layout NAME | -spec FILE) [-type NAME] [-text FORM] -o FILE

Writes the code of a layout, a built-in one (-layout) or your own spec
(-spec), in one of four languages:

  go      a Go package (the default): the ID type, its fields, Pack, Time,
          a Generator, and fixed-width encodings that sort like the bytes.
          It imports only the standard library and idforge's small runtime
          (package idrt, and package store where it keeps state).
  sql     PostgreSQL functions: P_pack, P_time, P_min_at, P_to_base62, ...
          (see the README's "In PostgreSQL")
  js      one ES module, for browsers, Node 20+, Deno and Bun, and FILE.d.ts
          beside it
  python  one module for Python 3.9+, standard library only

The library already holds the Go packages of the UUID versions, ksuid,
ulid and snowflake (import github.com/idforge/idforge/uuid, .../ksuid,
.../ulid, .../snowflake); gen -layout writes a package of your own for any
built-in layout, with the name, type and text form you choose.

  -lang    go (default), sql, js or python
  -layout  a built-in layout, as 'idforge layouts' lists them
  -spec    a layout spec file of your own
  -o       the file to write, such as orderid_gen.go, or - for standard
           output (for js, the module alone)
  -pkg     go: the package name
  -type    go, js and python: the ID type's name (default ID)
  -text    go, js and python: the text form String, Parse and the
           marshallers use: uuid (128-bit layouts), decimal (64-bit
           layouts; the go package then holds an int64), base62, crockford,
           hex or another encoding (default: the form the spec declares
           with a line "text FORM", as ulid.layout says crockford, else
           uuid for a UUID layout, one with a constant version at bits
           48-51 and variant 0b10 at 64-65, decimal for a 64-bit layout,
           as Twitter and Discord write their IDs, and base62 for any
           other); the other forms have their own methods
  -prefix  sql: the functions' prefix P (default: the layout's name, '-'
           becoming '_')
  -schema  sql: the schema, which must exist, to create the functions in;
           the calls between them name it, so that they work whatever a
           caller's search_path is (default: unqualified names, created in
           the first schema of search_path)

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

From a go:generate line beside the spec, once the module has the tool
(go get -tool github.com/idforge/idforge/cmd/idforge):
  //go:generate go tool idforge gen -spec orderid.layout -pkg orderid -o orderid_gen.go
`

// genLangs are the languages gen writes; genFlags are the flags that only
// some of them take, with those languages.
var (
	genLangs = []string{"go", "sql", "js", "python"}
	genFlags = []struct {
		name  string
		langs []string
	}{
		{"pkg", []string{"go"}},
		{"prefix", []string{"sql"}},
		{"schema", []string{"sql"}},
		{"type", []string{"go", "js", "python"}},
		{"text", []string{"go", "js", "python"}},
	}
)

func cmdGen(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("gen")
	specFile := fs.String("spec", "", "")
	layoutName := fs.String("layout", "", "")
	pkg := fs.String("pkg", "", "")
	out := fs.String("o", "", "")
	typ := fs.String("type", "ID", "")
	text := fs.String("text", "", "")
	lang := fs.String("lang", "go", "")
	prefix := fs.String("prefix", "", "")
	schema := fs.String("schema", "", "")
	if err := parseFlagsOnly(fs, args); err != nil {
		return err
	}
	if !slices.Contains(genLangs, *lang) {
		return usageError{fmt.Errorf("-lang %q: want %s", *lang, orList(genLangs))}
	}
	for _, f := range genFlags {
		if flagSet(fs, f.name) && !slices.Contains(f.langs, *lang) {
			return usageError{fmt.Errorf("-%s is for -lang %s, not -lang %s", f.name, andList(f.langs), *lang)}
		}
	}
	var need []string
	if *layoutName == "" && *specFile == "" {
		need = append(need, "a layout (-layout or -spec)")
	}
	if *lang == "go" && *pkg == "" {
		need = append(need, "-pkg")
	}
	if *out == "" {
		need = append(need, "-o")
	}
	if len(need) > 0 {
		needs := "-layout NAME or -spec FILE, and -o FILE"
		if *lang == "go" {
			needs = "-layout NAME or -spec FILE, -pkg NAME and -o FILE"
		}
		return usageError{fmt.Errorf("missing %s: gen -lang %s needs %s (-o - for standard output)", andList(need), *lang, needs)}
	}
	l, err := chosenLayout(fs, *layoutName, *specFile)
	if err != nil {
		return err
	}
	var files [][2]string // name, content
	switch *lang {
	case "go":
		p := golang.Single(l, *pkg, *typ)
		if *text != "" {
			e, err := golang.ParseEncoding(l, *text)
			if err != nil || e == golang.EncDecimal && l.Bits != 64 || e == golang.EncUUID && l.Bits != 128 {
				return usageError{fmt.Errorf("-text %q: want uuid (128-bit layouts), decimal (64-bit layouts) or an encoding (%s, or one the spec declares)", *text, strings.Join(encodings.Names(), ", "))}
			}
			p.SetText(e, *text)
		}
		code, err := golang.Generate(p)
		if errors.Is(err, golang.ErrName) {
			return usageError{err} // a -pkg, -type or field name gen cannot use
		}
		if err != nil {
			return err
		}
		files = append(files, [2]string{*out, string(code)})
	case "sql":
		script, err := pgsql.GenerateWith(l, pgsql.Options{Prefix: *prefix, Schema: *schema})
		if errors.Is(err, pgsql.ErrName) {
			return usageError{err}
		}
		if err != nil {
			return err
		}
		files = append(files, [2]string{*out, string(script)})
	case "js":
		module, decls, err := js.Generate(l, *typ, *text)
		if err != nil {
			return scriptError(err)
		}
		files = append(files, [2]string{*out, string(module)})
		if *out != "-" {
			files = append(files, [2]string{strings.TrimSuffix(strings.TrimSuffix(*out, ".js"), ".mjs") + ".d.ts", string(decls)})
		}
	case "python":
		module, err := python.Generate(l, *typ, *text)
		if err != nil {
			return scriptError(err)
		}
		files = append(files, [2]string{*out, string(module)})
	}
	if *specFile != "" {
		warn(stderr, "gen", l) // the user's own spec: theirs to change
	}
	for _, f := range files {
		if f[0] == "-" {
			if _, err := io.WriteString(stdout, f[1]); err != nil {
				return err
			}
			continue
		}
		if err := os.WriteFile(f[0], []byte(f[1]), 0o644); err != nil {
			return err
		}
	}
	return nil
}

// scriptError makes a usage error of a name or text form the JavaScript
// and Python emitters refuse.
func scriptError(err error) error {
	// python.ErrName and python.ErrLayout are these same errors.
	if errors.Is(err, js.ErrName) || errors.Is(err, js.ErrLayout) {
		return usageError{err}
	}
	return err
}
