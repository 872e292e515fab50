package pgsql

import (
	"errors"
	"fmt"

	"github.com/idforge/idforge/gen/emit"
	"github.com/idforge/idforge/resolved"
)

// Emitter is SQL in idforge's registry of languages (package gen): it
// writes the script GenerateWith writes, for PostgreSQL 13 and later.
type Emitter struct{}

// Name returns "sql".
func (Emitter) Name() string { return "sql" }

// Title returns "SQL (PostgreSQL)".
func (Emitter) Title() string { return "SQL (PostgreSQL)" }

// Summary says what the emitter writes, for idforge gen's help.
func (Emitter) Summary() string {
	return `PostgreSQL functions: P_pack, P_time, P_min_at, P_to_base62, ... (see docs/postgresql.md)`
}

// Params returns the prefix and the schema.
func (Emitter) Params() []emit.Param {
	return []emit.Param{{Option: emit.Prefix}, {Option: emit.Schema}}
}

// Files returns out alone: the script is one file.
func (Emitter) Files(out string) []string { return []string{out} }

// Generate returns the script, named LAYOUT.sql ('-' as '_') without
// o.Out. A prefix or schema GenerateWith refuses (ErrName) and a Runtime
// are mistakes in the options (emit.ErrOption).
func (Emitter) Generate(l *resolved.Layout, o emit.Options) ([]emit.File, error) {
	if o.Runtime != "" {
		return nil, emit.OptionError(fmt.Errorf("pgsql: a script has no runtime to import from %q", o.Runtime))
	}
	script, err := GenerateWith(l, Options{Prefix: o.Prefix, Schema: o.Schema})
	if errors.Is(err, ErrName) {
		return nil, emit.OptionError(err)
	}
	if err != nil {
		return nil, err
	}
	out := o.Out
	if out == "" {
		out = emit.ModuleName(l) + ".sql"
	}
	return []emit.File{{Name: out, Content: script}}, nil
}
