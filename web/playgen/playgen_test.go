package playgen_test

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/idforge/idforge/gen/golang"
	"github.com/idforge/idforge/layouts"
	"github.com/idforge/idforge/web/playgen"
)

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
	if _, _, err := playgen.Code(spec, "cobol"); !errors.Is(err, playgen.ErrLanguage) {
		t.Errorf("cobol: %v, want ErrLanguage", err)
	}
	var list layouts.ErrorList
	if _, _, err := playgen.Code("layout x 8\n", "go"); !errors.As(err, &list) {
		t.Errorf("a broken spec: %v, want its ErrorList", err)
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
