package scripts

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
)

// Langs are the folders Write makes under the directory it is given, one
// package each: js (the npm package), python (the Python project) and java
// (the Maven project).
func Langs() []string { return []string{"js", "python", "java"} }

// Marker is the file Write leaves in the directory it built the packages
// into. Its presence lets a later Write replace the packages there; a
// directory that holds a js, python or java folder without it is not
// written into, so that a mistyped -o never deletes someone's work.
const Marker = ".idforge-packages"

// markerText is Marker's content.
const markerText = "The npm package (js), the Python project (python) and the Maven project\n" +
	"(java) of idforge's built-in layouts, built by go run ./gen/tools/packages\n" +
	"from the layouts and emitters of one checkout. Building again here replaces\n" +
	"the three folders.\n"

// Write builds the three packages into dir, which it makes if need be:
// every file Files returns, under dir/js, dir/python and dir/java. license
// is the text of the repository's LICENSE. Packages an earlier Write left
// in dir are replaced whole, so that no module of a layout that is gone
// stays behind. It refuses a dir that holds one of the three folders but
// no Marker, and the repository's root (a dir with a go.work): the
// packages are built outside the checkout.
func Write(dir string, license []byte) error {
	if dir == "" {
		return errors.New("scripts: no directory to build the packages into")
	}
	if _, err := os.Stat(filepath.Join(dir, "go.work")); err == nil {
		return fmt.Errorf("scripts: %s is the repository's root: build the packages outside the checkout (a temporary directory, say)", dir)
	}
	_, err := os.Stat(filepath.Join(dir, Marker))
	built := err == nil
	for _, lang := range Langs() {
		sub := filepath.Join(dir, lang)
		if _, err := os.Lstat(sub); err != nil {
			continue
		}
		if !built {
			return fmt.Errorf("scripts: %s exists and %s holds no %s, so no build made it: remove it, or build into another directory", sub, dir, Marker)
		}
		if err := os.RemoveAll(sub); err != nil {
			return fmt.Errorf("scripts: removing the last build: %w", err)
		}
	}
	files, err := Files(license)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(dir, Marker), []byte(markerText), 0o644); err != nil {
		return err
	}
	for _, f := range files {
		name := filepath.Join(dir, filepath.FromSlash(f.Path))
		if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(name, f.Data, 0o644); err != nil {
			return err
		}
	}
	return nil
}
