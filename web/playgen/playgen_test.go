package playgen_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/idforge/idforge/gen"
	"github.com/idforge/idforge/gen/emit"
	"github.com/idforge/idforge/gen/golang"
	"github.com/idforge/idforge/layouts"
	"github.com/idforge/idforge/resolved"
	"github.com/idforge/idforge/web/playgen"
)

var update = flag.Bool("update", false, "rewrite static/"+playgen.PageScriptFile)

const spec = `layout order-id 128
  millis      48  time 2020-01-01T00:00:00Z ms
  ver          4  = 8
  counter     12  counter
  var          2  = 0b10
  shard       10  node
  rest        52  random
`

// Code writes what idforge gen writes for the spec, named after the
// layout; the Go is the same bytes golang.Generate makes.
func TestCode(t *testing.T) {
	for lang, want := range map[string][2]string{
		"go":     {"orderid_gen.go", "package orderid"},
		"sql":    {"order_id.sql", "order_id_pack"},
		"js":     {"order_id.js", "export class ID"},
		"python": {"order_id.py", "class ID"},
	} {
		var r map[string]string
		if err := json.Unmarshal([]byte(playgen.Call(spec, lang)), &r); err != nil {
			t.Fatal(err)
		}
		if r["error"] != "" || r["file"] != want[0] || !strings.Contains(r["code"], want[1]) {
			t.Errorf("%s: file %q, error %q, want %s holding %q", lang, r["file"], r["error"], want[0], want[1])
		}
	}
	l, err := layouts.Parse(playgen.SpecFile, []byte(spec))
	if err != nil {
		t.Fatal(err)
	}
	want, err := golang.Generate(golang.Single(l, "orderid", "ID"))
	if err != nil {
		t.Fatal(err)
	}
	if _, got, err := playgen.Code(spec, "go"); err != nil || string(got) != string(want) {
		t.Errorf("Go: not golang.Generate's code (%v)", err)
	}
	_, _, err = playgen.Code(spec, "cobol")
	if !errors.Is(err, playgen.ErrLanguage) || !strings.Contains(err.Error(), strings.Join(gen.Names()[:len(gen.Names())-1], ", ")) {
		t.Errorf("cobol: %v, want ErrLanguage naming the languages", err)
	}
	var list layouts.ErrorList
	if _, _, err := playgen.Code("layout x 8\n", "go"); !errors.As(err, &list) {
		t.Errorf("a broken spec: %v, want its ErrorList", err)
	}
}

// The playground offers every language of the registry (package gen):
// Code writes a built-in layout in each, the main file its emitter
// writes, and the page lists each, in the registry's order, with its
// title. A language gen did not offer would fail here as soon as it is
// registered.
func TestEveryLanguage(t *testing.T) {
	src, err := layouts.BuiltinSpec("uuidv7")
	if err != nil {
		t.Fatal(err)
	}
	l, err := layouts.Parse(playgen.SpecFile, src)
	if err != nil {
		t.Fatal(err)
	}
	langs := playgen.Languages()
	if len(langs) != len(gen.Languages()) {
		t.Fatalf("the page lists %d languages, the registry has %d", len(langs), len(gen.Languages()))
	}
	for i, e := range gen.Languages() {
		if langs[i] != (playgen.Language{Name: e.Name(), Title: e.Title()}) {
			t.Errorf("language %d: the page lists %+v, the registry has %s (%s)", i, langs[i], e.Name(), e.Title())
		}
		file, code, err := playgen.Code(string(src), e.Name())
		if err != nil {
			t.Errorf("%s: %v", e.Name(), err)
			continue
		}
		o := emit.Options{Type: "ID"}
		if emit.Takes(e, emit.Package) {
			o.Package = playgen.PackageName(l)
		}
		want, err := e.Generate(resolved.Must(l), o)
		if err != nil || file != want[0].Name || !bytes.Equal(code, want[0].Content) {
			t.Errorf("%s: %s, %d bytes: not the emitter's main file (%v)", e.Name(), file, len(code), err)
		}
	}
}

// static/languages.js is PageScript: the page's buttons are the
// registry's languages. go generate ./web writes it; so does -update.
func TestPageScript(t *testing.T) {
	name := filepath.Join("..", "static", playgen.PageScriptFile)
	if *update {
		if err := os.WriteFile(name, playgen.PageScript(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, playgen.PageScript()) {
		t.Errorf("static/%s is not PageScript's: run go generate ./web (or go test ./web/playgen -update) and commit it", playgen.PageScriptFile)
	}
	for _, e := range gen.Languages() {
		if !bytes.Contains(got, []byte(`"name": "`+e.Name()+`"`)) {
			t.Errorf("static/%s does not list %s", playgen.PageScriptFile, e.Name())
		}
	}
}

// A 64-bit layout's Go, as idforge gen writes it, is an int64 package that
// writes its IDs in decimal, as Twitter, Discord and Mastodon publish theirs.
func TestCode64(t *testing.T) {
	const spec64 = "layout shard-id 64\n  ts 41 time 2020-01-01T00:00:00Z ms\n  shard 10 node\n  seq 13 counter zero wait\n"
	file, code, err := playgen.Code(spec64, "go")
	if err != nil || file != "shardid_gen.go" {
		t.Fatalf("file %q, error %v", file, err)
	}
	for _, want := range []string{"\ntype ID int64\n", "strconv.FormatInt(int64(id), 10)"} {
		if !strings.Contains(string(code), want) {
			t.Errorf("no %q in the Go of a 64-bit layout", want)
		}
	}
}
