package js

import (
	"errors"
	"strings"

	"github.com/idforge/idforge/gen/emit"
	"github.com/idforge/idforge/gen/internal/portable"
	"github.com/idforge/idforge/resolved"
)

// Emitter is JavaScript in idforge's registry of languages (package gen):
// it writes the module and the declarations Generate writes or, with
// Options.Runtime, GenerateShared.
type Emitter struct{}

// Name returns "js".
func (Emitter) Name() string { return "js" }

// Title returns "JavaScript".
func (Emitter) Title() string { return "JavaScript" }

// Summary says what the emitter writes, for idforge gen's help.
func (Emitter) Summary() string {
	return "one ES module, for browsers, Node 20+, Deno and Bun, and FILE.d.ts beside it"
}

// Params returns the type and the text form.
func (Emitter) Params() []emit.Param {
	return []emit.Param{{Option: emit.Type}, {Option: emit.Text}}
}

// Files returns the module, out, and its declarations beside it: FILE.js
// (or FILE.mjs, or FILE) and FILE.d.ts.
func (Emitter) Files(out string) []string {
	return []string{out, strings.TrimSuffix(strings.TrimSuffix(out, ".js"), ".mjs") + ".d.ts"}
}

// Generate returns the module and its declarations, named LAYOUT.js ('-'
// as '_') and LAYOUT.d.ts without o.Out. A type or field name the module
// cannot use (ErrName) and a text form or layout it cannot serve
// (ErrLayout) are mistakes in the options (emit.ErrOption).
func (e Emitter) Generate(l *resolved.Layout, o emit.Options) ([]emit.File, error) {
	typ := o.Type
	if typ == "" {
		typ = "ID"
	}
	module, decls, err := generateResolved(l, typ, o.Text, o.Runtime)
	if errors.Is(err, ErrName) || errors.Is(err, ErrLayout) {
		return nil, emit.OptionError(err)
	}
	if err != nil {
		return nil, err
	}
	out := o.Out
	if out == "" {
		out = emit.ModuleName(l) + ".js"
	}
	names := e.Files(out)
	return []emit.File{{Name: names[0], Content: portable.Source(module)}, {Name: names[1], Content: portable.Source(decls)}}, nil
}
