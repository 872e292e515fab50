package main

import (
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/idforge/idforge/gen"
	"github.com/idforge/idforge/layouts"
)

const genUsage = `usage: idforge gen -spec FILE -pkg NAME -o FILE [-type NAME]

Generates a Go package for a layout spec: the ID type, its fields, Pack,
Time, a Generator, and fixed-width encodings that sort like the bytes. The
file imports only the standard library and idforge's small runtime.

  -spec   the layout spec file
  -pkg    the Go package name
  -o      the file to write, such as orderid_gen.go
  -type   the ID type's name (default ID)

From a go:generate line, beside the spec:
  //go:generate go run github.com/idforge/idforge/cmd/idforge gen -spec orderid.layout -pkg orderid -o orderid_gen.go
`

func cmdGen(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("gen", genUsage, stderr)
	specFile := fs.String("spec", "", "")
	pkg := fs.String("pkg", "", "")
	out := fs.String("o", "", "")
	typ := fs.String("type", "ID", "")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	switch {
	case *specFile == "" || *pkg == "" || *out == "":
		return usageError{fmt.Errorf("give -spec, -pkg and -o")}
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
	if errors.Is(err, gen.ErrName) {
		return usageError{err} // a -pkg, -type or field name gen cannot use
	}
	if err != nil {
		return err
	}
	return os.WriteFile(*out, code, 0o644)
}
