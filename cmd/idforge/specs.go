package main

import (
	"flag"
	"fmt"
	"os"

	"github.com/idforge/idforge/internal/explain"
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
