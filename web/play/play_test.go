package play_test

import (
	"encoding/json"
	"encoding/xml"
	"slices"
	"strings"
	"testing"

	"github.com/idforge/idforge/explain"
	"github.com/idforge/idforge/layouts"
	"github.com/idforge/idforge/resolved"
	"github.com/idforge/idforge/web/play"
)

const orderidSpec = `layout orderid 128
  millis      44  time 2020-01-01T00:00:00Z ms
  shard_hi     4  shard[6:10] node
  ver          4  = 8
  shard_lo     6  shard[0:6]
  counter      6  counter
  var          2  = 0b10
  rest        62  random
`

// call runs an entry as the page does and decodes its JSON.
func call(t *testing.T, out any, fn string, args ...string) {
	t.Helper()
	if err := json.Unmarshal([]byte(play.Call(fn, args...)), out); err != nil {
		t.Fatalf("%s: %v", fn, err)
	}
}

// inspect reads an ID as idforge inspect -all does: the same layouts, in
// the same order, fields, time and encodings, with an SVG diagram of each reading whose titles
// hold the fields' values. A TypeID reads as its UUID, with its prefix.
func TestInspect(t *testing.T) {
	var r play.Inspection
	call(t, &r, "inspect", "  user_01h455vb4pex5vsknk084sn02q ", "")
	want := explain.Inspect("user_01h455vb4pex5vsknk084sn02q", explain.Options{All: true})
	if len(r.Readings) == 0 || len(r.Readings) != len(want.Candidates) {
		t.Fatalf("%d readings, idforge inspect has %d: %+v", len(r.Readings), len(want.Candidates), r)
	}
	for i, got := range r.Readings {
		w := want.Candidates[i]
		if got.Layout != w.Layout || got.Form != "typeid" || got.Prefix != "user" || got.Time != w.Time || got.EncMap["typeid"] != "user_01h455vb4pex5vsknk084sn02q" {
			t.Errorf("reading %d: %s %s %s %s, want %s as typeid with prefix user", i, got.Layout, got.Form, got.Prefix, got.Time, w.Layout)
		}
		if err := xml.Unmarshal([]byte(got.SVG), new(struct{})); err != nil {
			t.Errorf("%s: the diagram is not XML: %v", got.Layout, err)
		}
		for _, f := range got.Fields {
			if !strings.Contains(got.SVG, f.Name+" = "+f.Value+" ("+f.Hex+")") {
				t.Errorf("%s: the diagram does not show %s's value %s", got.Layout, f.Name, f.Value)
			}
		}
	}
	if r.Readings[0].Layout != "uuidv7" {
		t.Errorf("first reading %s, want uuidv7", r.Readings[0].Layout)
	}

	// from reads the text in one encoding, as inspect -from does.
	call(t, &r, "inspect", "1BihbxwwQ4NZZpKRH9JDCz", "", "base58")
	if len(r.Readings) == 0 || r.Readings[0].Layout != "uuidv7" || r.Readings[0].Form != "base58" || slices.ContainsFunc(r.Readings, func(x play.Reading) bool { return x.Form != "base58" }) {
		t.Errorf("inspect from base58: %+v", r.Readings)
	}

	// Text that is no ID: no readings, and inspect's reason.
	call(t, &r, "inspect", "not an id!", "")
	if len(r.Readings) != 0 || !strings.Contains(r.Error, "not an ID idforge can read") {
		t.Errorf("garbage: %+v", r)
	}

	// With a spec, as that layout only; a broken spec says so.
	call(t, &r, "inspect", "01a2077c-508a-8005-8000-268acabee3bb", orderidSpec)
	if len(r.Readings) != 1 || r.Readings[0].Layout != "orderid" || r.Spec != nil {
		t.Errorf("with the spec: %+v", r)
	}
	call(t, &r, "inspect", "01a2077c-508a-8005-8000-268acabee3bb", "layout x 128\n  a 128 tim\n")
	if len(r.Readings) != 0 || r.Spec == nil || len(r.Spec.Errors) == 0 || r.Spec.Errors[0].Line != 2 {
		t.Errorf("with a broken spec: %+v", r)
	}
}

// check describes a valid spec as idforge layouts -spec does, with its
// diagram, plot and samples from a generator; a broken one gives every
// error with its line.
func TestCheck(t *testing.T) {
	var c play.Check
	call(t, &c, "check", orderidSpec, "50000", "64")
	l, err := layouts.Parse(play.SpecFile, []byte(orderidSpec))
	if err != nil {
		t.Fatal(err)
	}
	if want := explain.PropsOf(resolved.Must(l), 50000, 64); !c.OK || c.Props.Duplicates != want.Duplicates || c.Props.Overflows != want.Overflows || c.Props.NodeSpace != "1024" {
		t.Errorf("props %+v, want %+v", c.Props, want)
	}
	if c.Props.At != "at 50000 IDs/s on each of 64 generators" {
		t.Errorf("the estimate is said to be %q", c.Props.At)
	}
	var bad play.Check
	call(t, &bad, "check", orderidSpec, "-5", "x")
	if bad.Props.At != "at 1000 IDs/s on one generator" {
		t.Errorf("with a bad rate and count, the estimate is said to be %q, not the 1000 on one it was made at", bad.Props.At)
	}
	if c.SVG != l.SVG(nil) {
		t.Error("the diagram is not the layout's")
	}
	if len(c.Fields) != 4 || c.Fields[1].Name != "shard" || !c.Fields[1].Split || c.Fields[1].Line != 3 {
		t.Errorf("fields %+v", c.Fields)
	}
	if len(c.Samples) != play.Samples {
		t.Fatalf("samples %+v (%s)", c.Samples, c.SampleOf)
	}
	for i, s := range c.Samples {
		r := explain.Readings(s.Text, explain.ReadOptions{Layout: l})
		if len(r.Candidates) != 1 || r.Candidates[0].Time != s.Time || i > 0 && s.Text <= c.Samples[i-1].Text {
			t.Errorf("sample %d %q (%s): not an increasing orderid ID with that time", i, s.Text, s.Time)
		}
	}
	// 64 generators with distinct nodes of 1024 never make a duplicate:
	// the key says so, and there is no line for them; 4096 must share.
	if !strings.Contains(c.Plot, "64 generators (yours): never") || strings.Contains(c.Plot, `data-generators="64"`) || !strings.Contains(c.Plot, `data-generators="4096"`) {
		t.Error("the plot's key and lines do not tell 64 generators (never) from 4096")
	}

	// Every error at once, each with its line.
	broken := "layout orderid 128\n  millis 44 time 2020-01-01T00:00:00Z ms\n  ver 4 = 99\n  shard 10 nod\n  rest 60 random\n"
	call(t, &c, "check", broken, "", "")
	lines := map[int]bool{}
	for _, e := range c.Errors {
		lines[e.Line] = true
		if e.Kind == "" || e.Msg == "" || !strings.HasPrefix(e.Text, play.SpecFile+":") {
			t.Errorf("error %+v", e)
		}
	}
	if c.OK || !lines[3] || !lines[4] {
		t.Errorf("errors %+v, want lines 3 and 4", c.Errors)
	}

	// A name-based layout has no generator, and says so.
	spec, err := layouts.BuiltinSpec("uuidv5")
	if err != nil {
		t.Fatal(err)
	}
	call(t, &c, "check", string(spec), "1000", "1")
	if !c.OK || len(c.Samples) != 0 || !strings.Contains(c.SampleOf, "name-based") {
		t.Errorf("uuidv5: samples %+v, note %q", c.Samples, c.SampleOf)
	}
}

// The entries never panic, whatever they are given, and an unknown one is
// an error in JSON.
func TestCallAnything(t *testing.T) {
	var e map[string]string
	call(t, &e, "nope")
	if !strings.Contains(e["error"], "no entry") {
		t.Errorf("unknown entry: %v", e)
	}
	for _, name := range play.Names() {
		for _, args := range [][]string{nil, {""}, {"\x00\xff", "-1", "NaN"}, {strings.Repeat("layout ", 1000), "1e400", "99999999999"}} {
			out := play.Call(name, args...)
			if !json.Valid([]byte(out)) {
				t.Errorf("%s(%q): not JSON: %.100s", name, args, out)
			}
		}
	}
	var b []play.Builtin
	call(t, &b, "builtins")
	ls, _ := layouts.Builtins()
	if len(b) != len(ls) || b[0].Spec == "" {
		t.Errorf("%d builtins, want %d", len(b), len(ls))
	}
}
