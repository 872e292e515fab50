// Command regen writes the generated file of one of idforge's own Go
// packages from the built-in layout specs. Each package runs it from its
// generate directive:
//
//	//go:generate go run ../gen/tools/regen uuid
//
// A Go package carries several layouts (package uuid carries eight), so
// the Go packages come from golang.Builtin and golang.Generate rather than
// the registry's one-layout emitter. (The JavaScript, Python and Java
// packages are not committed: go run ./gen/tools/packages -o DIR builds
// them.)
//
// It depends only on the generator and the layouts, never on the packages
// it writes, so a broken generated file can always be regenerated.
package main

import (
	"fmt"
	"os"

	"github.com/idforge/idforge/gen/golang"
)

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: regen PACKAGE")
		os.Exit(2)
	}
	name := os.Args[1]
	p, err := golang.Builtin(name)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	src, err := golang.Generate(p)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	if err := os.WriteFile(name+"_gen.go", src, 0o644); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
