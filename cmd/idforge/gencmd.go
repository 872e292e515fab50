package main

import (
	"fmt"
	"go/token"
	"io"
	"os"

	"github.com/idforge/idforge/gen"
	"github.com/idforge/idforge/layouts"
)

const genUsage = `usage: idforge gen -spec FILE -pkg NAME -o FILE [-type NAME]
       idforge gen -lang sql (-layout NAME | -spec FILE) [-prefix P] -o FILE

Generates a Go package for a layout spec: the ID type, its fields, Pack,
Time, a Generator, and fixed-width encodings that sort like the bytes. The
file imports only the standard library and idforge's small runtime.

  -spec   the layout spec file
  -pkg    the Go package name
  -o      the file to write, such as orderid_gen.go
  -type   the ID type's name (default ID)
  -lang   go (the default) or sql: PostgreSQL functions for the layout
          (P_pack, P_time, P_min_at, P_to_base62, ...; see gen/pgsql)
  -layout with -lang sql: a built-in layout instead of -spec
  -prefix with -lang sql: the functions' prefix P (default: the layout's
          name, '-' becoming '_')

From a go:generate line, beside the spec:
  //go:generate go run github.com/idforge/idforge/cmd/idforge gen -spec orderid.layout -pkg orderid -o orderid_gen.go
`

func cmdGen(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("gen", genUsage, stderr)
	specFile := fs.String("spec", "", "")
	pkg := fs.String("pkg", "", "")
	out := fs.String("o", "", "")
	typ := fs.String("type", "ID", "")
	lang := fs.String("lang", "go", "")
	layoutName := fs.String("layout", "", "")
	prefix := fs.String("prefix", "", "")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if *lang != "go" || flagSet(fs, "layout") || flagSet(fs, "prefix") {
		return genSQL(fs, *lang, *layoutName, *specFile, *prefix, *out, stdout)
	}
	switch {
	case *specFile == "" || *pkg == "" || *out == "":
		return usageError{fmt.Errorf("give -spec, -pkg and -o")}
	case !token.IsIdentifier(*pkg) || token.IsKeyword(*pkg):
		return usageError{fmt.Errorf("-pkg %q is not a Go package name", *pkg)}
	case !token.IsExported(*typ):
		return usageError{fmt.Errorf("-type %q is not an exported Go name", *typ)}
	}
	src, err := os.ReadFile(*specFile)
	if err != nil {
		return err
	}
	l, err := layouts.Parse(*specFile, src)
	if err != nil {
		return err
	}
	code, err := gen.Generate(gen.Single(l, *pkg, *typ))
	if err != nil {
		return err
	}
	return os.WriteFile(*out, code, 0o644)
}
