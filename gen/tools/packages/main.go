// Command packages builds idforge's JavaScript, Python and Java packages
// from the built-in layouts and the emitters of the checkout it runs in:
//
//	go run ./gen/tools/packages -o DIR
//
// It writes DIR/js, the npm package idforge (what npm pack packs),
// DIR/python, the Python project of the distribution idforge (what python3
// -m build builds), and DIR/java, the Maven project of
// io.github.idforge:idforge (pom.xml and src/main/java). The repository
// keeps none of them: they are made, never committed, and a build is
// always of the layouts and emitters of today. DIR must be outside the
// checkout (a temporary directory, say): a build inside it is refused, so
// that no generated package lands in the tree. Building again into the
// same DIR replaces the three packages there. It prints DIR's absolute
// path.
//
// Run it anywhere in the checkout: it finds the repository's root (the
// directory with go.work) for the LICENSE each package carries. The tests
// that run the packages build them the same way (package scripts' Write),
// once per test process, and go run ./release packages assembles the
// npm tarball, the wheel, the sdist and the Maven jars from a build.
package main

import (
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/idforge/idforge/gen/internal/scripts"
)

func main() {
	out := flag.String("o", "", "the directory to build the packages into (outside the checkout)")
	flag.Usage = func() {
		fmt.Fprintln(os.Stderr, "usage: go run ./gen/tools/packages -o DIR")
		flag.PrintDefaults()
	}
	flag.Parse()
	if *out == "" || flag.NArg() != 0 {
		flag.Usage()
		os.Exit(2)
	}
	dir, err := build(*out)
	if err != nil {
		fmt.Fprintln(os.Stderr, "packages:", err)
		os.Exit(1)
	}
	fmt.Println(dir)
}

// build writes the packages into out and returns its absolute path.
func build(out string) (string, error) {
	dir, err := filepath.Abs(out)
	if err != nil {
		return "", err
	}
	root, err := repoRoot()
	if err != nil {
		return "", err
	}
	if rel, err := filepath.Rel(root, dir); err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return "", fmt.Errorf("%s is inside the checkout (%s): build the packages outside it (a temporary directory, say), where no git status and no test sees them", dir, root)
	}
	license, err := os.ReadFile(filepath.Join(root, "LICENSE"))
	if err != nil {
		return "", err
	}
	if err := scripts.Write(dir, license); err != nil {
		return "", err
	}
	return dir, nil
}

// repoRoot returns the nearest directory, from the working directory up,
// that holds go.work: the repository's root.
func repoRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.work")); err == nil {
			return dir, nil
		}
		up := filepath.Dir(dir)
		if up == dir {
			return "", errors.New("run it inside idforge's checkout: no go.work in the working directory or above it")
		}
		dir = up
	}
}
