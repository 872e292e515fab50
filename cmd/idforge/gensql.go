package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/idforge/idforge/gen/pgsql"
)

// genSQL writes a layout's PostgreSQL functions: gen -lang sql. The output
// "-" is standard output.
func genSQL(fs *flag.FlagSet, lang, layoutName, specFile, prefix, out string, stdout, stderr io.Writer) error {
	switch {
	case lang != "sql":
		return usageError{fmt.Errorf("-lang %q: want go, sql, js or python (-prefix is for -lang sql)", lang)}
	case flagSet(fs, "pkg") || flagSet(fs, "type"):
		return usageError{fmt.Errorf("-pkg and -type are for -lang go")}
	case layoutName != "" && specFile != "":
		return usageError{fmt.Errorf("give -layout or -spec, not both")}
	case layoutName == "" && specFile == "":
		return usageError{fmt.Errorf("missing -layout or -spec: -lang sql needs a built-in layout (-layout NAME) or a spec (-spec FILE)")}
	case out == "":
		return usageError{fmt.Errorf("missing -o: give -o FILE (or -o - for standard output)")}
	}
	l, err := chosenLayout(fs, layoutName, specFile)
	if err != nil {
		return err
	}
	script, err := pgsql.Generate(l, prefix)
	if errors.Is(err, pgsql.ErrName) {
		return usageError{err}
	}
	if err != nil {
		return err
	}
	warn(stderr, "gen", l)
	if out == "-" {
		_, err = stdout.Write(script)
		return err
	}
	return os.WriteFile(out, script, 0o644)
}
