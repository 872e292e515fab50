package duckdb

import (
	"errors"
	"fmt"

	"github.com/idforge/idforge/gen/emit"
	"github.com/idforge/idforge/resolved"
)

// Emitter is DuckDB in idforge's registry of languages (package gen).
type Emitter struct{}

// Name returns "duckdb".
func (Emitter) Name() string { return "duckdb" }

// Title returns "SQL (DuckDB)".
func (Emitter) Title() string { return "SQL (DuckDB)" }

// Summary says what the emitter writes, for idforge gen's help.
func (Emitter) Summary() string {
	return `DuckDB macros: P_time, P_min_at, P_to_base62, P_new, ... (see gen/duckdb's package doc)`
}

// Params returns the prefix.
func (Emitter) Params() []emit.Param { return []emit.Param{{Option: emit.Prefix}} }

// Files returns out alone: the script is one file.
func (Emitter) Files(out string) []string { return []string{out} }

// Generate returns the script, named LAYOUT.duckdb.sql without o.Out.
func (Emitter) Generate(l *resolved.Layout, o emit.Options) ([]emit.File, error) {
	if o.Runtime != "" {
		return nil, emit.OptionError(fmt.Errorf("duckdb: a script has no runtime to import from %q", o.Runtime))
	}
	script, err := Generate(l, o.Prefix)
	if errors.Is(err, ErrName) {
		return nil, emit.OptionError(err)
	}
	if err != nil {
		return nil, err
	}
	out := o.Out
	if out == "" {
		out = emit.ModuleName(l) + ".duckdb.sql"
	}
	return []emit.File{{Name: out, Content: script}}, nil
}
