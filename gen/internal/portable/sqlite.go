package portable

import (
	"strings"

	"github.com/idforge/idforge/resolved"
	"github.com/idforge/idforge/storage"
)

// SQLiteOp is what one of the SQLite functions does.
type SQLiteOp int

// The SQLite functions' operations.
const (
	SQLiteValid      SQLiteOp = iota + 1 // P_valid(x)
	SQLiteTime                           // P_time(x)
	SQLiteMinAt                          // P_min_at(t)
	SQLiteMaxAt                          // P_max_at(t)
	SQLiteToText                         // P_to_FORM(x): Form's text, or the canonical text for a nil Form
	SQLiteFromText                       // P_from_FORM(s)
	SQLiteToStored                       // P_to_PROFILE(x)
	SQLiteFromStored                     // P_from_PROFILE(b)
	SQLiteNew                            // P_new(), not deterministic
	SQLiteField                          // P_FIELD(x)
)

// SQLiteFunc is one function the JavaScript and Python modules register on
// SQLite (registerSqlite, register_sqlite), under the suffix of its
// PostgreSQL name (gen/pgsql).
type SQLiteFunc struct {
	Suffix  string
	Op      SQLiteOp
	Form    *Form  // SQLiteToText, SQLiteFromText: nil for the canonical text
	Profile string // SQLiteToStored, SQLiteFromStored
	Field   *Field // SQLiteField
}

// SQLiteFuncs returns the functions the modules register on SQLite, in
// order: PostgreSQL's set, under the same suffixes, where it fits SQLite:
// valid, time, min_at and max_at, to_ and from_ each text form (the
// canonical one too, where it is not common), to_ and from_ each storage
// profile the layout fits, new, and the fields' readers. A field whose
// name is another function's suffix has no reader of its own.
func (p *Plan) SQLiteFuncs() []SQLiteFunc {
	fs := []SQLiteFunc{{Suffix: "valid", Op: SQLiteValid}}
	if p.Clock != nil {
		fs = append(fs, SQLiteFunc{Suffix: "time", Op: SQLiteTime}, SQLiteFunc{Suffix: "min_at", Op: SQLiteMinAt}, SQLiteFunc{Suffix: "max_at", Op: SQLiteMaxAt})
	}
	for i := range p.Forms {
		f := &p.Forms[i]
		fs = append(fs, SQLiteFunc{Suffix: "to_" + f.Ident(), Op: SQLiteToText, Form: f}, SQLiteFunc{Suffix: "from_" + f.Ident(), Op: SQLiteFromText, Form: f})
	}
	if !resolved.IsCommonForm(p.Text.Name) {
		fs = append(fs, SQLiteFunc{Suffix: "to_" + p.Text.Ident(), Op: SQLiteToText}, SQLiteFunc{Suffix: "from_" + p.Text.Ident(), Op: SQLiteFromText})
	}
	fit, _ := storage.Fitting(p.L)
	for _, a := range fit {
		name := strings.ReplaceAll(a.Profile, "-", "_")
		fs = append(fs, SQLiteFunc{Suffix: "to_" + name, Op: SQLiteToStored, Profile: a.Profile}, SQLiteFunc{Suffix: "from_" + name, Op: SQLiteFromStored, Profile: a.Profile})
	}
	if p.Generates {
		fs = append(fs, SQLiteFunc{Suffix: "new", Op: SQLiteNew})
	}
	taken := map[string]bool{}
	for _, f := range fs {
		taken[f.Suffix] = true
	}
	for i := range p.Fields {
		if f := &p.Fields[i]; !taken[f.Name] {
			fs = append(fs, SQLiteFunc{Suffix: f.Name, Op: SQLiteField, Field: f})
		}
	}
	return fs
}
