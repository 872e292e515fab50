package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/idforge/idforge/gen/js"
	"github.com/idforge/idforge/gen/python"
)

// genScript writes a layout's JavaScript module (and its TypeScript
// declarations) or Python module: gen -lang js and gen -lang python. The
// output "-" is standard output (for js, the module only).
func genScript(fs *flag.FlagSet, lang, layoutName, specFile, typ, text, out string, stdout io.Writer) error {
	switch {
	case flagSet(fs, "pkg") || flagSet(fs, "prefix"):
		return usageError{fmt.Errorf("-pkg is for -lang go and -prefix for -lang sql")}
	case layoutName != "" && specFile != "":
		return usageError{fmt.Errorf("give -layout or -spec, not both")}
	case layoutName == "" && specFile == "":
		return usageError{fmt.Errorf("missing -layout or -spec: -lang %s needs a built-in layout (-layout NAME) or a spec (-spec FILE)", lang)}
	case out == "":
		return usageError{fmt.Errorf("missing -o: give -o FILE (or -o - for standard output)")}
	}
	l, err := chosenLayout(fs, layoutName, specFile)
	if err != nil {
		return err
	}
	var files [][2]string // name, content
	if lang == "js" {
		module, decls, err := js.Generate(l, typ, text)
		if err != nil {
			return scriptError(err)
		}
		files = append(files, [2]string{out, string(module)})
		if out != "-" {
			files = append(files, [2]string{strings.TrimSuffix(strings.TrimSuffix(out, ".js"), ".mjs") + ".d.ts", string(decls)})
		}
	} else {
		module, err := python.Generate(l, typ, text)
		if err != nil {
			return scriptError(err)
		}
		files = append(files, [2]string{out, string(module)})
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

// scriptError makes a usage error of a name or text form the emitters
// refuse.
func scriptError(err error) error {
	// python.ErrName and python.ErrLayout are these same errors.
	if errors.Is(err, js.ErrName) || errors.Is(err, js.ErrLayout) {
		return usageError{err}
	}
	return err
}
