// Package playgen is the code the playground (web/) offers to download:
// what idforge gen writes for a spec, in each language of idforge's
// registry (package gen). It is apart from package play because the
// emitters (jennifer, go/format) double the size of the WebAssembly: the
// page loads this part, built as web/wasm/gen, only when first asked for
// code. The page's download buttons come from the registry too, through
// static/languages.js (PageScript), which go generate ./web writes.
package playgen

import (
	"archive/zip"
	"bytes"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"path"
	"strings"
	"time"

	"github.com/idforge/idforge/gen"
	"github.com/idforge/idforge/gen/emit"
	"github.com/idforge/idforge/layouts"
	"github.com/idforge/idforge/resolved"
)

// SpecFile is the file name a spec gets in messages, as in package play.
const SpecFile = "spec.layout"

// ErrLanguage is Code's error for a language the registry does not have;
// the error names the languages it has.
var ErrLanguage = errors.New("play: no such language")

// Code returns the files idforge gen writes for the spec's layout in a
// language of the registry (gen.Names), the main file first: the same as
// idforge gen -spec FILE -lang LANG, with the type named ID and, for a
// language that takes a package, the package named after the layout (its
// name without '-', with "id" before a leading digit), each file named as
// the emitter names it.
func Code(spec, lang string) ([]emit.File, error) {
	e, ok := gen.Lookup(lang)
	if !ok {
		return nil, fmt.Errorf("%w: %q (want %s)", ErrLanguage, lang, orList(gen.Names()))
	}
	l, err := layouts.Parse(SpecFile, []byte(spec))
	if err != nil {
		return nil, err
	}
	rl, err := resolved.New(l)
	if err != nil {
		return nil, err
	}
	o := emit.Options{Type: "ID"}
	if emit.Takes(e, emit.Package) {
		o.Package = PackageName(l)
	}
	return e.Generate(rl, o)
}

// Download returns what the page saves for files, Code's result: the one
// file as it is, or a zip archive of them all (Java's class needs its
// IDException beside it; JavaScript's module comes with its .d.ts), named
// after the main file (ID.java's is ID.zip). The archive stores the
// files uncompressed, each dated 2000-01-01, so that the same files make
// the same archive.
func Download(files []emit.File) (name string, content []byte) {
	if len(files) == 1 {
		return files[0].Name, files[0].Content
	}
	var b bytes.Buffer
	z := zip.NewWriter(&b)
	for _, f := range files {
		w, err := z.CreateHeader(&zip.FileHeader{Name: f.Name, Method: zip.Store, Modified: archiveDate})
		if err == nil {
			_, err = w.Write(f.Content)
		}
		if err != nil {
			panic("playgen: writing a zip archive into memory: " + err.Error()) // a bytes.Buffer does not fail
		}
	}
	if err := z.Close(); err != nil {
		panic("playgen: writing a zip archive into memory: " + err.Error())
	}
	main := files[0].Name
	return strings.TrimSuffix(main, path.Ext(main)) + ".zip", b.Bytes()
}

// archiveDate is the date of every file in Download's archives.
var archiveDate = time.Date(2000, 1, 1, 0, 0, 0, 0, time.UTC)

// orList joins words as a choice in a sentence: "a", "a or b", "a, b or c".
func orList(words []string) string {
	if len(words) < 2 {
		return strings.Join(words, "")
	}
	return strings.Join(words[:len(words)-1], ", ") + " or " + words[len(words)-1]
}

// PackageName returns the package name the playground gives a layout's
// code: the layout's name without '-', with "id" before it if it would
// start with a digit.
func PackageName(l *layouts.Layout) string {
	pkg := strings.ReplaceAll(l.Name, "-", "")
	if pkg == "" || pkg[0] >= '0' && pkg[0] <= '9' {
		pkg = "id" + pkg
	}
	return pkg
}

// Result is what Call returns, as JSON: the files idforge gen writes for
// a spec, or why it cannot.
type Result struct {
	File     string   `json:"file,omitempty"`     // the main file's name
	Code     string   `json:"code,omitempty"`     // the main file's text
	Files    []string `json:"files,omitempty"`    // every file's name, the main file first
	Download string   `json:"download,omitempty"` // the name the page saves them under (Download)
	Zip      string   `json:"zip,omitempty"`      // with several files, the archive the page saves, in base64
	Error    string   `json:"error,omitempty"`    // why there are no files
}

// Call runs the one entry, code(spec, lang), and returns its Result as
// JSON. The WebAssembly entry (web/wasm/gen) exposes it as
// idforgeGen.code(spec, lang).
func Call(spec, lang string) string {
	var r Result
	files, err := Code(spec, lang)
	if err != nil {
		r.Error = err.Error()
	} else {
		r.File, r.Code = files[0].Name, string(files[0].Content)
		for _, f := range files {
			r.Files = append(r.Files, f.Name)
		}
		name, data := Download(files)
		r.Download = name
		if len(files) > 1 {
			r.Zip = base64.StdEncoding.EncodeToString(data)
		}
	}
	b, _ := json.Marshal(r) // a struct of strings always marshals
	return string(b)
}

// PageScriptFile is the file of the page (in web/static) that PageScript
// is written to.
const PageScriptFile = "languages.js"

// Language is a language as the page lists it: its name, which Code
// takes, and its title, which the download button shows.
type Language struct {
	Name  string `json:"name"`
	Title string `json:"title"`
}

// Languages returns the registry's languages as the page lists them, in
// the registry's order.
func Languages() []Language {
	var ls []Language
	for _, e := range gen.Languages() {
		ls = append(ls, Language{Name: e.Name(), Title: e.Title()})
	}
	return ls
}

// PageScript returns static/languages.js: a script that sets
// globalThis.IDFORGE_LANGUAGES to Languages, for the page's download
// buttons. The page loads it with <script>, as it does the WebAssembly,
// so that it works opened from disk; the code generators themselves load
// only when first asked for code.
func PageScript() []byte {
	var b strings.Builder
	b.WriteString("// Code generated by go generate ./web (web/build, from package playgen) from\n" +
		"// idforge's registry of languages (package gen). DO NOT EDIT.\n\n" +
		"// The languages of the download buttons: each one's name, which\n" +
		"// idforgeGen.code takes, and its title.\n" +
		"globalThis.IDFORGE_LANGUAGES = [\n")
	for _, l := range Languages() {
		fmt.Fprintf(&b, "  {\"name\": %s, \"title\": %s},\n", jsString(l.Name), jsString(l.Title))
	}
	b.WriteString("];\n")
	return []byte(b.String())
}

// jsString returns s as a JavaScript string literal (a JSON string, which
// escapes what JavaScript needs).
func jsString(s string) string {
	b, _ := json.Marshal(s) // a string always marshals
	return string(b)
}
