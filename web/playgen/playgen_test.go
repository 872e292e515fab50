package playgen_test

import (
	"archive/zip"
	"bytes"
	"encoding/base64"
	"encoding/json"
	"errors"
	"flag"
	"io"
	"os"
	"path/filepath"
	"reflect"
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
		"java":   {"ID.java", "public final class ID "},
	} {
		var r playgen.Result
		if err := json.Unmarshal([]byte(playgen.Call(spec, lang)), &r); err != nil {
			t.Fatal(err)
		}
		if r.Error != "" || r.File != want[0] || !strings.Contains(r.Code, want[1]) {
			t.Errorf("%s: file %q, error %q, want %s holding %q", lang, r.File, r.Error, want[0], want[1])
		}
	}
	l, err := layouts.Parse(playgen.SpecFile, []byte(spec))
	if err != nil {
		t.Fatal(err)
	}
	want, err := golang.Generate(golang.Single(resolved.Must(l), "orderid", "ID"))
	if err != nil {
		t.Fatal(err)
	}
	if got, err := playgen.Code(spec, "go"); err != nil || len(got) != 1 || string(got[0].Content) != string(want) {
		t.Errorf("Go: not golang.Generate's code (%v)", err)
	}
	_, err = playgen.Code(spec, "cobol")
	if !errors.Is(err, playgen.ErrLanguage) || !strings.Contains(err.Error(), strings.Join(gen.Names()[:len(gen.Names())-1], ", ")) {
		t.Errorf("cobol: %v, want ErrLanguage naming the languages", err)
	}
	var list layouts.ErrorList
	if _, err := playgen.Code("layout x 8\n", "go"); !errors.As(err, &list) {
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
		files, err := playgen.Code(string(src), e.Name())
		if err != nil {
			t.Errorf("%s: %v", e.Name(), err)
			continue
		}
		o := emit.Options{Type: "ID"}
		if emit.Takes(e, emit.Package) {
			o.Package = playgen.PackageName(l)
		}
		want, err := e.Generate(resolved.Must(l), o)
		if err != nil || !reflect.DeepEqual(files, want) {
			t.Errorf("%s: %d files: not the emitter's (%v)", e.Name(), len(files), err)
		}
	}
}

// What the page saves is the one file as it is, or a zip archive that
// holds every file an emitter writes, byte for byte, and is the same
// bytes each time: Java's class comes with the IDException it throws.
func TestDownload(t *testing.T) {
	for _, lang := range gen.Names() {
		files, err := playgen.Code(spec, lang)
		if err != nil {
			t.Fatal(err)
		}
		name, data := playgen.Download(files)
		if len(files) == 1 {
			if name != files[0].Name || !bytes.Equal(data, files[0].Content) {
				t.Errorf("%s: saves %s, want the one file %s as it is", lang, name, files[0].Name)
			}
			continue
		}
		if want := strings.TrimSuffix(files[0].Name, filepath.Ext(files[0].Name)) + ".zip"; name != want {
			t.Errorf("%s: saves %s, want %s", lang, name, want)
		}
		if _, again := playgen.Download(files); !bytes.Equal(data, again) {
			t.Errorf("%s: two archives of the same files differ", lang)
		}
		z, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
		if err != nil {
			t.Fatalf("%s: %v", lang, err)
		}
		if len(z.File) != len(files) {
			t.Fatalf("%s: %d files in the archive, want %d", lang, len(z.File), len(files))
		}
		for i, zf := range z.File {
			r, err := zf.Open()
			if err != nil {
				t.Fatal(err)
			}
			got, err := io.ReadAll(r)
			if err != nil || zf.Name != files[i].Name || !bytes.Equal(got, files[i].Content) {
				t.Errorf("%s: archive file %d is %s (%v), want %s as the emitter wrote it", lang, i, zf.Name, err, files[i].Name)
			}
		}
	}
	var r playgen.Result
	if err := json.Unmarshal([]byte(playgen.Call(spec, "java")), &r); err != nil {
		t.Fatal(err)
	}
	if data, err := base64.StdEncoding.DecodeString(r.Zip); err != nil || r.Download != "ID.zip" ||
		strings.Join(r.Files, " ") != "ID.java IDException.java" || !bytes.HasPrefix(data, []byte("PK")) {
		t.Errorf("Call's Java: download %q of %v (%v), want ID.zip of ID.java and IDException.java", r.Download, r.Files, err)
	}
	// One file is sent once, as its text.
	var one playgen.Result
	if err := json.Unmarshal([]byte(playgen.Call(spec, "go")), &one); err != nil || one.Zip != "" || one.Download != "orderid_gen.go" {
		t.Errorf("Call's Go: download %q, zip of %d characters (%v), want orderid_gen.go and no zip", one.Download, len(one.Zip), err)
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
		t.Errorf("static/%s is not PageScript's: run go run ./tools/regen at the repository's root (or go test ./web/playgen -update) and commit it", playgen.PageScriptFile)
	}
	for _, e := range gen.Languages() {
		if !bytes.Contains(got, []byte(`"name": "`+e.Name()+`"`)) {
			t.Errorf("static/%s does not list %s", playgen.PageScriptFile, e.Name())
		}
	}
}

// A 64-bit layout's Go, as idforge gen writes it, is an int64 package that
// writes its IDs in decimal, the unsigned number their bits hold, as
// Twitter, Discord and Mastodon publish theirs.
func TestCode64(t *testing.T) {
	const spec64 = "layout shard-id 64\n  ts 41 time 2020-01-01T00:00:00Z ms\n  shard 10 node\n  seq 13 counter zero wait\n"
	files, err := playgen.Code(spec64, "go")
	if err != nil || files[0].Name != "shardid_gen.go" {
		t.Fatalf("files %v, error %v", files, err)
	}
	code := files[0].Content
	for _, want := range []string{"\ntype ID int64\n", "strconv.FormatUint(uint64(id), 10)"} {
		if !strings.Contains(string(code), want) {
			t.Errorf("no %q in the Go of a 64-bit layout", want)
		}
	}
}
