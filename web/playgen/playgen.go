// Package playgen is the code the playground (web/) offers to download:
// what idforge gen writes for a spec, in Go, SQL, JavaScript or Python. It
// is apart from package play because the emitters (jennifer, go/format)
// double the size of the WebAssembly: the page loads this part, built as
// web/wasm/gen, only when first asked for code.
package playgen

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/idforge/idforge/gen/golang"
	"github.com/idforge/idforge/gen/js"
	"github.com/idforge/idforge/gen/pgsql"
	"github.com/idforge/idforge/gen/python"
	"github.com/idforge/idforge/layouts"
)

// SpecFile is the file name a spec gets in messages, as in package play.
const SpecFile = "spec.layout"

// languages are the languages Code writes, with the file name suffix of
// each.
var languages = map[string]string{"go": "_gen.go", "sql": ".sql", "js": ".js", "python": ".py"}

// ErrLanguage is Code's error for a language it does not write.
var ErrLanguage = errors.New("play: no such language (want go, sql, js or python)")

// Code returns the code idforge gen writes for the spec's layout in a
// language (go, sql, js or python), with a file name for it: the same as
// idforge gen -spec FILE -lang LANG, with the package (Go), prefix (SQL)
// and module named after the layout.
func Code(spec, lang string) (file string, code []byte, err error) {
	suffix, ok := languages[lang]
	if !ok {
		return "", nil, fmt.Errorf("%w: %q", ErrLanguage, lang)
	}
	l, err := layouts.Parse(SpecFile, []byte(spec))
	if err != nil {
		return "", nil, err
	}
	name := strings.ReplaceAll(l.Name, "-", "_")
	switch lang {
	case "go":
		pkg := strings.ReplaceAll(l.Name, "-", "")
		if pkg == "" || pkg[0] >= '0' && pkg[0] <= '9' {
			pkg = "id" + pkg
		}
		code, err = golang.Generate(golang.Single(l, pkg, "ID"))
		name = pkg
	case "sql":
		code, err = pgsql.Generate(l, "")
	case "js":
		code, _, err = js.Generate(l, "ID", "")
	case "python":
		code, err = python.Generate(l, "ID", "")
	}
	if err != nil {
		return "", nil, err
	}
	return name + suffix, code, nil
}

// Call runs the one entry, code(spec, lang), and returns its result as
// JSON: {"file", "code"} or {"error"}. The WebAssembly entry
// (web/wasm/gen) exposes it as idforgeGen.code(spec, lang).
func Call(spec, lang string) string {
	out := map[string]string{}
	file, code, err := Code(spec, lang)
	if err != nil {
		out["error"] = err.Error()
	} else {
		out["file"], out["code"] = file, string(code)
	}
	b, _ := json.Marshal(out) // a map of strings always marshals
	return string(b)
}
