package apicheck

import (
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// One level per folder: a folder named tools (tools/ at the root, gen/tools)
// holds the repository's own tools, the programs and whole-repository
// tests that sit above everything else (regen, packages, apicheck,
// doccheck, workspace); a folder named internal holds helpers that sit
// below the packages that import them (marks, regfile, oracle, texttest,
// portable, scripts, ...). TestLayers holds every module of the
// repository to it: no file outside a tools folder imports a package in
// one (a library package reaching up into a tool), and an internal folder
// holds no command and no package that only tests (a tool, which belongs
// in tools).
//
// It reads the whole checkout, the other modules too, so it skips where
// the repository's root, with every module, is not two folders up (the
// module cache).
func TestLayers(t *testing.T) {
	root := filepath.Join("..", "..")
	// The library module's copy in the module cache has go.work (a module's
	// zip keeps it) but none of the other modules: gen's go.mod says which.
	if _, err := os.Stat(filepath.Join(root, "gen", "go.mod")); err != nil {
		t.Skipf("not in a checkout of the repository (%v): the layers are the checkout's", err)
	}
	type pkgInfo struct {
		main, nonTest bool // a package main; a non-test file
	}
	pkgs := map[string]*pkgInfo{} // folder, slash-separated from the root
	modules := 0
	var problems []string
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		name := d.Name()
		if d.IsDir() {
			if path != root && (name == "testdata" || name == "node_modules" || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_")) {
				return filepath.SkipDir
			}
			if _, err := os.Stat(filepath.Join(path, "go.mod")); err == nil {
				modules++
			}
			return nil
		}
		if !strings.HasSuffix(name, ".go") {
			return nil
		}
		f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.ImportsOnly)
		if err != nil {
			return err
		}
		dir := rel(root, filepath.Dir(path))
		p := pkgs[dir]
		if p == nil {
			p = &pkgInfo{}
			pkgs[dir] = p
		}
		if !strings.HasSuffix(name, "_test.go") {
			p.nonTest = true
			p.main = p.main || f.Name.Name == "main"
		}
		if inFolder(dir, "tools") {
			return nil
		}
		for _, imp := range f.Imports {
			ip, _ := strconv.Unquote(imp.Path.Value)
			if strings.HasPrefix(ip, "github.com/idforge/idforge") && inFolder(ip, "tools") {
				problems = append(problems, rel(root, path)+" imports "+ip+", a tool: a tool sits above every package (move what both need into a package the tool imports)")
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if modules < 2 {
		t.Fatalf("found %d modules under %s: the walk missed the repository", modules, root)
	}
	for dir, p := range pkgs {
		if !inFolder(dir, "internal") {
			continue
		}
		switch {
		case p.main:
			problems = append(problems, dir+" is a command in an internal folder: move it to a tools folder (tools/ or gen/tools)")
		case !p.nonTest:
			problems = append(problems, dir+" only tests, in an internal folder: a whole-repository test is a tool, move it to a tools folder")
		}
	}
	slices.Sort(problems)
	for _, p := range problems {
		t.Error(p)
	}
}

// inFolder reports whether the slash-separated path has an element named
// folder.
func inFolder(path, folder string) bool {
	return slices.Contains(strings.Split(path, "/"), folder)
}

// rel is path relative to root, slash-separated.
func rel(root, path string) string {
	r, err := filepath.Rel(root, path)
	if err != nil {
		return path
	}
	return filepath.ToSlash(r)
}
