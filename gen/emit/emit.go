// Package emit is the contract between idforge's languages and everything
// that runs them: the Emitter interface each language implements (in its
// own folder: gen/golang, gen/pgsql, gen/js, gen/python), the Options it
// reads, the Files it returns and the error that tells a caller's mistake
// from the emitter's failure.
//
// Package gen holds the registry: the one ordered list of emitters that
// idforge gen, its help, the playground, the regeneration of the
// repository's packages and the cross-language tests read. emit imports
// no language, so every language can import it.
package emit

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/idforge/idforge/resolved"
)

// Emitter writes the code of a layout in one language. Its methods but
// Generate return constant data, the same on every call. Generate is pure:
// it returns the files and writes nothing.
type Emitter interface {
	// Name is the language's name, as idforge gen -lang takes it: a short
	// lower-case word ("go", "sql", "js", "python").
	Name() string
	// Title names the language for people, as the playground's download
	// buttons do: "Go", "SQL (PostgreSQL)", "JavaScript", "Python".
	Title() string
	// Summary says in one line (one paragraph, no newline) what Generate
	// writes, for idforge gen's help.
	Summary() string
	// Params are the options of Options the emitter reads, in the order
	// help shows them, with whether each must be given. idforge gen
	// refuses the flag of any other option.
	Params() []Param
	// Files returns the paths of the files Generate writes when its main
	// file is out: out first, then the files beside it, named from out (js
	// adds FILE.d.ts for FILE.js).
	Files(out string) []string
	// Generate returns the files of the layout's code: as many as Files
	// names, in its order, named as Files(o.Out) names them or, with o.Out
	// empty, after the layout or the package (see Options.Out). A mistake
	// in the options (a name or text form the language cannot use) is an
	// error that matches ErrOption; any other error is the emitter's
	// failure.
	Generate(l *resolved.Layout, o Options) ([]File, error)
}

// OutDir is an Emitter for which some values of Options.Out name a
// directory by their form alone, whether it exists or not: Java's, whose
// files are named after their classes, takes any -o that is not a .java
// file as the directory of the package's sources. idforge gen writes the
// files into such a directory, making it, under the names Generate gives
// them with Options.Out empty.
type OutDir interface {
	// OutDir reports whether out names a directory.
	OutDir(out string) bool
}

// File is one file an emitter writes.
type File struct {
	// Name is the file's path, as Emitter.Files names it from
	// Options.Out: Options.Out itself for the first, the main file.
	Name string
	// Content is the file's bytes.
	Content []byte
}

// Options are what an emitter reads besides the layout. Every language
// reads Out and Runtime (refusing a Runtime it cannot share); of the
// others, each reads those its Params name and ignores the rest.
type Options struct {
	// Out is the path of the main file, which names the others
	// (Emitter.Files). Empty, the main file is named after the package,
	// for a language that takes one (Go: PACKAGE_gen.go), else after the
	// layout, '-' as '_', with the language's extension (order_id.sql,
	// order_id.js, order_id.py); in a language whose file must be named
	// after the type it holds, as Java's public class must, after the type
	// (OrderId.java), and Out's file name names the type where Type does
	// not.
	Out string
	// Package is the name of the package the code is in (Go's).
	Package string
	// Type is the ID type's name; empty, "ID".
	Type string
	// Text is the text form the ID's text methods write and its parsers
	// read, by name ("uuid", "decimal", "base62", an encoding the spec
	// declares); empty, the layout's canonical text.
	Text string
	// Prefix is the prefix of the names of SQL functions; empty, the
	// layout's name with '-' as '_'.
	Prefix string
	// Schema is the SQL schema the functions are created in, and that
	// every call between them names; empty, names are unqualified.
	Schema string
	// Runtime is the module that generated code imports idforge's
	// runtime from, so that the modules of one package share it (the npm
	// package's "./runtime.js"); empty, the code is self-contained. It is
	// not a flag of idforge gen, and has no Option: the builders of the
	// repository's packages set it. A language that cannot share a runtime
	// refuses it with ErrOption.
	Runtime string
}

// Option names one option of Options that idforge gen takes as a flag,
// and that an emitter may read (Emitter.Params).
type Option uint8

// The options, in the order idforge gen's help shows them.
const (
	// Package is Options.Package, the flag -pkg.
	Package Option = iota + 1
	// Type is Options.Type, the flag -type.
	Type
	// Text is Options.Text, the flag -text.
	Text
	// Prefix is Options.Prefix, the flag -prefix.
	Prefix
	// Schema is Options.Schema, the flag -schema.
	Schema
)

var optionFlags = [...]string{Package: "pkg", Type: "type", Text: "text", Prefix: "prefix", Schema: "schema"}

// AllOptions returns every Option, in the order of their constants.
func AllOptions() []Option { return []Option{Package, Type, Text, Prefix, Schema} }

// String returns the option's flag name, without its dash: "pkg", "type",
// "text", "prefix" or "schema".
func (o Option) String() string {
	if int(o) < len(optionFlags) && optionFlags[o] != "" {
		return optionFlags[o]
	}
	return fmt.Sprintf("Option(%d)", int(o))
}

// Get returns the value of option opt in o.
func (o Options) Get(opt Option) string {
	if p := o.field(opt); p != nil {
		return *p
	}
	return ""
}

// Set sets option opt of o to v. It panics for an Option that is not one
// of the constants.
func (o *Options) Set(opt Option, v string) {
	p := o.field(opt)
	if p == nil {
		panic(fmt.Sprintf("emit: no option %v", opt))
	}
	*p = v
}

func (o *Options) field(opt Option) *string {
	switch opt {
	case Package:
		return &o.Package
	case Type:
		return &o.Type
	case Text:
		return &o.Text
	case Prefix:
		return &o.Prefix
	case Schema:
		return &o.Schema
	}
	return nil
}

// Param is one option an emitter reads, and whether it must be given.
type Param struct {
	Option   Option
	Required bool
}

// Takes reports whether e reads option opt.
func Takes(e Emitter, opt Option) bool {
	return slices.ContainsFunc(e.Params(), func(p Param) bool { return p.Option == opt })
}

// Requires reports whether e must be given option opt.
func Requires(e Emitter, opt Option) bool {
	return slices.Contains(e.Params(), Param{Option: opt, Required: true})
}

// ErrOption is what every emitter's error for a mistake in its Options
// matches (errors.Is): a name it cannot paste into code, a text form it
// does not write, a Runtime it cannot share. idforge gen reports such an
// error as a usage error; any other error from Generate is a failure once
// the call made sense.
var ErrOption = errors.New("gen: bad option")

// OptionError returns err marked as a mistake in the options: it matches
// ErrOption, and whatever err matches, and its message is err's.
func OptionError(err error) error {
	if err == nil {
		return nil
	}
	return optionError{err}
}

type optionError struct{ error }

func (e optionError) Unwrap() error { return e.error }

func (e optionError) Is(target error) bool { return target == ErrOption }

// ModuleName returns the name of a layout's module: its name with '-' as
// '_', which every language's names allow (a Python module's cannot hold
// '-'): order-id gives order_id.
func ModuleName(l *resolved.Layout) string {
	return strings.ReplaceAll(l.Name, "-", "_")
}
