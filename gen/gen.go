// Package gen is idforge's registry of languages: the one ordered list of
// the emitters that write a layout's code (package emit's Emitter), which
// idforge gen -lang, its help, the playground, the regeneration of the
// repository's packages and the cross-language tests all read.
//
// Each language is a folder beside this file (gen/golang, gen/pgsql,
// gen/duckdb, gen/js, gen/python, gen/java) that provides an Emitter. Adding a
// language is that folder and one line in languages below (and its
// import): nothing else lists languages.
package gen

import (
	"slices"

	"github.com/idforge/idforge/gen/duckdb"
	"github.com/idforge/idforge/gen/emit"
	"github.com/idforge/idforge/gen/golang"
	"github.com/idforge/idforge/gen/java"
	"github.com/idforge/idforge/gen/js"
	"github.com/idforge/idforge/gen/jsonschema"
	"github.com/idforge/idforge/gen/mariadb"
	"github.com/idforge/idforge/gen/pgsql"
	"github.com/idforge/idforge/gen/python"
)

// languages are the registered emitters, in the order help lists them;
// the first is idforge gen's default.
var languages = []emit.Emitter{
	golang.Emitter{},
	pgsql.Emitter{},
	mariadb.Emitter{},
	duckdb.Emitter{},
	js.Emitter{},
	python.Emitter{},
	java.Emitter{},
	jsonschema.Emitter{},
	jsonschema.OpenAPI{},
}

// Languages returns the registered emitters, in order: the first is the
// default of idforge gen. The slice is the caller's.
func Languages() []emit.Emitter { return slices.Clone(languages) }

// Names returns the names of the registered languages, in order.
func Names() []string {
	names := make([]string, len(languages))
	for i, e := range languages {
		names[i] = e.Name()
	}
	return names
}

// Lookup returns the emitter of the language named name, as idforge gen
// -lang takes it, and whether there is one.
func Lookup(name string) (emit.Emitter, bool) {
	i := slices.IndexFunc(languages, func(e emit.Emitter) bool { return e.Name() == name })
	if i < 0 {
		return nil, false
	}
	return languages[i], true
}

// Default returns the first registered emitter: the language idforge gen
// writes without -lang.
func Default() emit.Emitter { return languages[0] }

// Taking returns the names of the languages that read option opt, in
// order: the languages whose flag idforge gen accepts.
func Taking(opt emit.Option) []string {
	var names []string
	for _, e := range languages {
		if emit.Takes(e, opt) {
			names = append(names, e.Name())
		}
	}
	return names
}
