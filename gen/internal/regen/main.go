// Command regen writes the generated file of one of idforge's own packages
// from the built-in layout specs. Each package runs it from a go:generate
// line:
//
//	//go:generate go run ../gen/internal/regen uuid
//
// With -scripts ROOT it writes the packages of modules of the built-in
// layouts that scripts.Packages lists (the JavaScript package under
// ROOT/js and the Python one under ROOT/python), each written by its
// language's emitter from the registry (package gen), and removes the
// generated modules there that no built-in layout makes any more (package
// internal/scripts runs it so). A Go package carries several layouts
// (package uuid carries eight), so the Go packages come from
// golang.Builtin and golang.Generate rather than the registry's
// one-layout emitter.
//
// It depends only on the generator and the layouts, never on the packages
// it writes, so a broken generated file can always be regenerated.
package main

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/idforge/idforge/gen/golang"
	"github.com/idforge/idforge/gen/internal/scripts"
)

func main() {
	if len(os.Args) == 3 && os.Args[1] == "-scripts" {
		if err := writeScripts(os.Args[2]); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		return
	}
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: regen PACKAGE | regen -scripts ROOT")
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

// writeScripts writes the files of package scripts under root and removes
// the stale ones.
func writeScripts(root string) error {
	license, err := os.ReadFile(filepath.Join(root, "LICENSE"))
	if err != nil {
		return err
	}
	files, err := scripts.Files(license)
	if err != nil {
		return err
	}
	keep := map[string]bool{}
	for _, f := range files {
		name := filepath.Join(root, filepath.FromSlash(f.Path))
		keep[name] = true
		if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(name, f.Data, 0o644); err != nil {
			return err
		}
	}
	for _, dir := range scripts.Dirs {
		entries, err := os.ReadDir(filepath.Join(root, filepath.FromSlash(dir)))
		if err != nil {
			return err
		}
		for _, e := range entries {
			name := filepath.Join(root, filepath.FromSlash(dir), e.Name())
			if e.IsDir() || keep[name] {
				continue
			}
			if b, err := os.ReadFile(name); err == nil && scripts.Generated(b) {
				if err := os.Remove(name); err != nil {
					return err
				}
			}
		}
	}
	return nil
}
