package golang

import (
	"errors"
	"fmt"
	"strings"

	"github.com/idforge/idforge/encodings"
	"github.com/idforge/idforge/gen/emit"
	"github.com/idforge/idforge/resolved"
)

// Emitter is Go in idforge's registry of languages (package gen): it
// writes the package of one layout that Single describes, with Generate.
type Emitter struct{}

// Name returns "go".
func (Emitter) Name() string { return "go" }

// Title returns "Go".
func (Emitter) Title() string { return "Go" }

// Summary says what the emitter writes, for idforge gen's help.
func (Emitter) Summary() string {
	return "a Go package: the ID type, its fields, Pack, Time, a Generator, and fixed-width encodings that sort like the bytes. " +
		"It imports only the standard library and idforge's small runtime (package idrt, and package store where it keeps state)."
}

// Params returns the package name, which must be given, the type and the
// text form.
func (Emitter) Params() []emit.Param {
	return []emit.Param{{Option: emit.Package, Required: true}, {Option: emit.Type}, {Option: emit.Text}}
}

// Files returns out alone: the package is one file.
func (Emitter) Files(out string) []string { return []string{out} }

// Generate returns the package's file, named PACKAGE_gen.go without
// o.Out. A package, type or field name Generate refuses (ErrName), a
// text form resolved.TextIn refuses for the layout, and a Runtime are
// mistakes in the options (emit.ErrOption).
func (Emitter) Generate(l *resolved.Layout, o emit.Options) ([]emit.File, error) {
	if o.Runtime != "" {
		return nil, emit.OptionError(fmt.Errorf("gen: a Go package imports idforge's runtime as package idrt, not from %q", o.Runtime))
	}
	typ := o.Type
	if typ == "" {
		typ = "ID"
	}
	p := Single(l, o.Package, typ) // resolved once, by the caller: the emitters read it
	if o.Text != "" {
		if _, err := l.TextIn(o.Text); err != nil {
			return nil, emit.OptionError(fmt.Errorf("-text %q: want uuid (128-bit layouts), decimal (64-bit layouts) or an encoding (%s, or one the spec declares)", o.Text, strings.Join(encodings.Names(), ", ")))
		}
		p.SetText(o.Text)
	}
	src, err := Generate(p)
	if errors.Is(err, ErrName) {
		return nil, emit.OptionError(err)
	}
	if err != nil {
		return nil, err
	}
	out := o.Out
	if out == "" {
		out = o.Package + "_gen.go"
	}
	return []emit.File{{Name: out, Content: src}}, nil
}
