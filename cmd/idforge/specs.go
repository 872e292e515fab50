package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/idforge/idforge/explain"
	"github.com/idforge/idforge/layouts"
	"github.com/idforge/idforge/typeid"
	"github.com/idforge/idforge/uuid"
)

// readSpec parses a user's layout spec file. It reads at most
// layouts.MaxSpecSize+1 bytes: a larger file is refused before the rest of
// it is read.
func readSpec(file string) (*layouts.Layout, error) {
	f, err := os.Open(file)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return layouts.ReadSpec(file, f)
}

// lookup returns a built-in layout by its name or alias, as explain.Lookup
// does.
func lookup(name string) (*layouts.Layout, error) { return explain.Lookup(name) }

// chosenLayout returns the layout -spec holds or -layout names, or nil
// when neither is given.
func chosenLayout(fs *flag.FlagSet, name, specFile string) (*layouts.Layout, error) {
	switch {
	case specFile != "" && flagSet(fs, "layout"):
		return nil, usageError{fmt.Errorf("give -layout or -spec, not both")}
	case specFile != "":
		return readSpec(specFile)
	case name != "" || flagSet(fs, "layout"):
		l, err := lookup(name)
		if err != nil {
			return nil, usageError{err}
		}
		return l, nil
	}
	return nil, nil
}

// readLayout returns the layout -spec holds or -layout names, as
// chosenLayout does, and for -layout also the layouts that are not
// built-in but that IDs read as: nil, max and uuid (a raw UUID).
func readLayout(fs *flag.FlagSet, name, specFile string) (*layouts.Layout, error) {
	if specFile == "" {
		for _, l := range []*layouts.Layout{explain.Nil(), explain.Max(), explain.Raw()} {
			if name == l.Name {
				return l, nil
			}
		}
	}
	return chosenLayout(fs, name, specFile)
}

// readOptions returns how a command reads IDs (explain.Read): as the layout
// l that -layout or -spec gave, when not nil, and in the form -from names,
// when not "": a form l's IDs are written in, or any layout's.
func readOptions(l *layouts.Layout, from string) (explain.ReadOptions, error) {
	if err := explain.CheckFrom(from, l); err != nil {
		return explain.ReadOptions{}, usageError{err}
	}
	return explain.ReadOptions{Layout: l, From: from}, nil
}

// reportInput writes why an input failed, each line of the error (an
// ambiguous input's readings come one a line) after the command's name
// and the input's line, so that every line reads alone, as grep shows it.
func reportInput(stderr io.Writer, cmd string, in input, err error) {
	for _, line := range strings.Split(err.Error(), "\n") {
		fmt.Fprintf(stderr, "idforge %s: %s%s\n", cmd, in.where(), plain(line))
	}
}

// formatterFor returns the function that writes an ID in an encoding, as
// explain.Formatter does, or, for -enc typeid, as a TypeID with the prefix.
func formatterFor(l *layouts.Layout, enc, prefix string) (func(dst, id []byte) []byte, error) {
	if enc != "typeid" {
		if prefix != "" {
			return nil, usageError{fmt.Errorf("-prefix is for -enc typeid")}
		}
		f, err := explain.Formatter(l, enc)
		if err != nil {
			return nil, usageError{err}
		}
		return f, nil
	}
	if !explain.UUIDLike(l) {
		return nil, usageError{fmt.Errorf("a TypeID holds a UUID, and %s is not a UUID layout", l.Name)}
	}
	if _, err := typeid.FromUUID(prefix, uuid.Nil()); err != nil {
		return nil, usageError{fmt.Errorf("-prefix %q: %w", prefix, err)}
	}
	return func(dst, id []byte) []byte {
		t, _ := typeid.FromUUID(prefix, uuid.UUID(id)) // the prefix is checked
		dst, _ = t.AppendText(dst)
		return dst
	}, nil
}
