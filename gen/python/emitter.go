package python

import (
	"errors"
	"fmt"
	"regexp"

	"github.com/idforge/idforge/gen/emit"
	"github.com/idforge/idforge/gen/internal/portable"
	"github.com/idforge/idforge/resolved"
)

// Emitter is Python in idforge's registry of languages (package gen): it
// writes the module Generate writes.
type Emitter struct{}

// Name returns "python".
func (Emitter) Name() string { return "python" }

// Title returns "Python".
func (Emitter) Title() string { return "Python" }

// Summary says what the emitter writes, for idforge gen's help.
func (Emitter) Summary() string { return "one module for Python 3.9+, standard library only" }

// Params returns the type and the text form.
func (Emitter) Params() []emit.Param {
	return []emit.Param{{Option: emit.Type}, {Option: emit.Text}}
}

// Files returns out alone: the module is one file.
func (Emitter) Files(out string) []string { return []string{out} }

// Generate returns the module, named LAYOUT.py ('-' as '_') without
// o.Out. The module holds its runtime, and is one file that needs nothing
// else, unless o.Runtime names the module it imports the runtime from: a
// module of the package idforge, which names its own (._runtime; Runtime
// writes it). A type or field name the module cannot use (ErrName), a
// text form or layout it cannot serve (ErrLayout) and a Runtime that is
// no module's name are mistakes in the options (emit.ErrOption).
func (Emitter) Generate(l *resolved.Layout, o emit.Options) ([]emit.File, error) {
	if o.Runtime != "" && !runtimeName.MatchString(o.Runtime) {
		return nil, emit.OptionError(fmt.Errorf("python: the runtime %q is no module's name (such as ._runtime)", o.Runtime))
	}
	typ := o.Type
	if typ == "" {
		typ = "ID"
	}
	module, err := generate(l, typ, o.Text, o.Runtime)
	if errors.Is(err, ErrName) || errors.Is(err, ErrLayout) {
		return nil, emit.OptionError(err)
	}
	if err != nil {
		return nil, err
	}
	out := o.Out
	if out == "" {
		out = emit.ModuleName(l) + ".py"
	}
	return []emit.File{{Name: out, Content: portable.Source(module)}}, nil
}

// runtimeName matches a module's name as an import names it: dotted
// identifiers, relative (a leading dot) or not.
var runtimeName = regexp.MustCompile(`^\.*[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*$`)
