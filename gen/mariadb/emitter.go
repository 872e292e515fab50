package mariadb

import (
	"errors"
	"fmt"

	"github.com/idforge/idforge/gen/emit"
	"github.com/idforge/idforge/resolved"
)

// Emitter is MariaDB's SQL in idforge's registry of languages (package
// gen): it writes the script Generate writes, for MariaDB 10.11 and later.
type Emitter struct{}

// Name returns "mariadb".
func (Emitter) Name() string { return "mariadb" }

// Title returns "SQL (MariaDB)".
func (Emitter) Title() string { return "SQL (MariaDB)" }

// Summary says what the emitter writes, for idforge gen's help.
func (Emitter) Summary() string {
	return `MariaDB 10.11 stored functions: P_valid, P_time, P_min_at, P_to_base62, P_new, ... (see gen/mariadb's package doc)`
}

// Params returns the prefix.
func (Emitter) Params() []emit.Param { return []emit.Param{{Option: emit.Prefix}} }

// Files returns out alone: the script is one file.
func (Emitter) Files(out string) []string { return []string{out} }

// Generate returns the script, named LAYOUT.mariadb.sql ('-' as '_')
// without o.Out. A prefix Generate refuses (ErrName), a schema and a
// Runtime are mistakes in the options (emit.ErrOption).
func (Emitter) Generate(l *resolved.Layout, o emit.Options) ([]emit.File, error) {
	if o.Runtime != "" {
		return nil, emit.OptionError(fmt.Errorf("mariadb: a script has no runtime to import from %q", o.Runtime))
	}
	if o.Schema != "" {
		return nil, emit.OptionError(fmt.Errorf("mariadb: no -schema: run the script in the database the functions belong to (USE db)"))
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
		out = emit.ModuleName(l) + ".mariadb.sql"
	}
	return []emit.File{{Name: out, Content: script}}, nil
}
