// Package corpustest reads the conformance corpus for interop's database
// tests (PostgreSQL, MariaDB, DuckDB): its layouts, each parsed and
// resolved, with the records that follow its "layout" record.
package corpustest

import (
	"testing"

	"github.com/idforge/idforge/conformance"
	"github.com/idforge/idforge/layouts"
	"github.com/idforge/idforge/resolved"
)

// Layout is one layout of the corpus and its records.
type Layout struct {
	Head    conformance.Record // its "layout" record
	Layout  *resolved.Layout
	Records []conformance.Record // the records after Head, up to the next layout's
}

// Layouts returns the corpus's layouts, in its order, failing t where the
// corpus cannot be read or a spec does not parse.
func Layouts(t testing.TB) []Layout {
	t.Helper()
	rs, err := conformance.Corpus()
	if err != nil {
		t.Fatal(err)
	}
	var ls []Layout
	for _, r := range rs {
		if r.Kind != "layout" {
			if len(ls) == 0 {
				t.Fatalf("the corpus's first record is a %q record, not a layout's", r.Kind)
			}
			ls[len(ls)-1].Records = append(ls[len(ls)-1].Records, r)
			continue
		}
		l, err := layouts.Parse(r.File, []byte(r.Spec))
		if err != nil {
			t.Fatal(err)
		}
		ls = append(ls, Layout{Head: r, Layout: resolved.Must(l)})
	}
	return ls
}
