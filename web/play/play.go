// Package play is what the playground page (web/) computes, as plain Go:
// the readings of a pasted ID, and the check of a spec with its
// properties, diagram, duplicate plot and sample IDs; the generated code to
// download (that in package playgen, a WebAssembly module of its own that
// the page loads when first asked for code). The WebAssembly entry
// (web/wasm/play) only passes text and JSON between these functions and
// the page, so tests run them natively.
package play

import (
	"errors"
	"fmt"
	"math"
	"strings"
	"time"

	"github.com/idforge/idforge/explain"
	"github.com/idforge/idforge/interp"
	"github.com/idforge/idforge/layouts"
	"github.com/idforge/idforge/resolved"
)

// SpecFile is the file name the page gives a spec in messages.
const SpecFile = "spec.layout"

// Reading is one layout an ID fits, for the page: the inspection, as
// idforge inspect -json writes it, and the ID's bit diagram with its
// values.
type Reading struct {
	explain.Candidate
	SVG string `json:"svg"`
}

// Inspection is every reading of a pasted ID, or why there is none.
type Inspection struct {
	Input string `json:"input"`
	// Verdict is certain, likely, ambiguous or unread, as idforge inspect
	// judges the readings, which come likeliest first.
	Verdict  string      `json:"verdict,omitempty"`
	Readings []Reading   `json:"readings"`
	Error    string      `json:"error,omitempty"`
	Spec     *SpecErrors `json:"spec,omitempty"` // a spec given with the ID that does not parse
}

// SpecError is one problem in a spec, with its line (0 for the spec as a
// whole).
type SpecError struct {
	Line  int    `json:"line"`
	Field string `json:"field,omitempty"`
	Kind  string `json:"kind"`
	Msg   string `json:"msg"`
	Text  string `json:"text"` // file:line: field: message, as the CLI writes it
}

// SpecErrors is every problem in a spec.
type SpecErrors struct {
	Errors []SpecError `json:"errors"`
}

// Inspect reads text as every built-in layout it fits, as idforge inspect
// -all does (likeliest first, the implausible ones marked), or, when spec
// is not empty, as that spec's layout only; and in every form, or, when
// from is not empty, in that one only, as inspect -from does.
func Inspect(text, spec, from string) Inspection {
	text = strings.TrimSpace(text)
	var pick *layouts.Layout
	if strings.TrimSpace(spec) != "" {
		l, err := layouts.Parse(SpecFile, []byte(spec))
		if err != nil {
			errs := specErrors(err)
			return Inspection{Input: text, Readings: []Reading{}, Error: "the spec has errors", Spec: &errs}
		}
		pick = l
	}
	if err := explain.CheckFrom(from, pick); err != nil {
		return Inspection{Input: text, Readings: []Reading{}, Error: explain.Plain(err.Error())}
	}
	r := explain.Inspect(text, explain.Options{ReadOptions: explain.ReadOptions{Layout: pick, From: from}, All: true})
	out := Inspection{Input: text, Verdict: r.Verdict, Readings: []Reading{}, Error: explain.Plain(r.Error)}
	for _, c := range r.Candidates {
		values := map[string]string{}
		for _, f := range c.Fields {
			values[f.Name] = f.Value + " (" + f.Hex + ")"
		}
		out.Readings = append(out.Readings, Reading{Candidate: c, SVG: c.Model.SVG(values)})
	}
	return out
}

// specErrors lists the problems of a spec that does not parse.
func specErrors(err error) SpecErrors {
	var list layouts.ErrorList
	if !errors.As(err, &list) {
		return SpecErrors{Errors: []SpecError{{Kind: "error", Msg: err.Error(), Text: err.Error()}}}
	}
	out := SpecErrors{Errors: []SpecError{}}
	for _, e := range list {
		kind := strings.TrimPrefix(fmt.Sprint(e.Kind), "layouts: ")
		out.Errors = append(out.Errors, SpecError{Line: e.Line, Field: e.Field, Kind: kind, Msg: e.Msg, Text: e.Error()})
	}
	return out
}

// Check is a spec checked: its errors, or its properties, bit diagram,
// duplicate plot and sample IDs.
type Check struct {
	OK       bool          `json:"ok"`
	Errors   []SpecError   `json:"errors"`
	Props    explain.Props `json:"props"`
	SVG      string        `json:"svg,omitempty"`
	Plot     string        `json:"plot,omitempty"`
	Samples  []Sample      `json:"samples"`
	SampleOf string        `json:"sample_note,omitempty"` // why there are no samples, or how they were made
	Fields   []FieldInfo   `json:"fields"`
}

// FieldInfo is a field of a checked layout.
type FieldInfo struct {
	Name  string `json:"name"`
	Bits  int    `json:"bits"`
	Role  string `json:"role"`
	Line  int    `json:"line"`
	Split bool   `json:"split,omitempty"`
}

// Sample is an ID a generator of the layout made, in its canonical form,
// with its time.
type Sample struct {
	Text string `json:"text"`
	Time string `json:"time,omitempty"`
}

// Samples is how many sample IDs CheckSpec makes.
const Samples = 5

// CheckSpec parses spec and, when it is valid, describes its layout with
// the duplicate estimate for nodes generators making rate IDs a second
// each.
func CheckSpec(spec string, rate float64, nodes int) Check {
	if !(rate > 0) || math.IsInf(rate, 0) {
		rate = 1000
	}
	nodes = max(nodes, 1)
	l, err := layouts.Parse(SpecFile, []byte(spec))
	if err != nil {
		return Check{Errors: specErrors(err).Errors, Samples: []Sample{}, Fields: []FieldInfo{}}
	}
	r, err := resolved.New(l)
	if err != nil {
		return Check{Errors: specErrors(err).Errors, Samples: []Sample{}, Fields: []FieldInfo{}}
	}
	c := Check{OK: true, Errors: []SpecError{}, Props: explain.PropsOf(r, rate, nodes), SVG: l.SVG(nil), Plot: Plot(l, rate, nodes), Fields: []FieldInfo{}}
	for _, f := range l.Fields {
		c.Fields = append(c.Fields, FieldInfo{Name: f.Name, Bits: f.Width, Role: f.Role.String(), Line: f.Line, Split: f.Split()})
	}
	c.Samples, c.SampleOf = samples(l)
	return c
}

// samples makes a few IDs with a generator of the layout (the
// interpreter's), or says why it cannot.
func samples(l *layouts.Layout) ([]Sample, string) {
	out := []Sample{}
	if _, ok := l.Value(layouts.Hash); ok {
		return out, "name-based: an ID is the digest of a name, not made by a generator"
	}
	format, err := explain.Formatter(l, "canonical")
	if err != nil {
		return out, explain.Plain(err.Error())
	}
	// The generator runs on a clock that starts now and moves on only as
	// the generator waits for it: a layout whose counter waits for the next
	// tick (a second, say) shows at once the IDs it would make over that
	// time, where the real clock would hold the page (which cannot sleep)
	// for as long.
	clock := time.Now()
	g, err := interp.NewGenerator(l,
		interp.WithClock(func() time.Time { return clock }),
		interp.WithSleep(func(d time.Duration) { clock = clock.Add(d) }))
	if err != nil {
		return out, "no generator: " + explain.Plain(err.Error())
	}
	for range Samples {
		id, err := g.Next()
		if err != nil {
			return out, "the generator stopped: " + explain.Plain(err.Error())
		}
		s := Sample{Text: string(format(nil, id))}
		if t, err := interp.Time(l, id); err == nil {
			s.Time = t.UTC().Format(time.RFC3339Nano)
		}
		out = append(out, s)
	}
	note := "made now by the interpreter's generator, in the layout's canonical text form (where its counter runs out, on a clock that moves on as the generator waits)"
	if l.NeedsNode() {
		note += "; its node field is random here (idforge new -node N or -lease gives one)"
	}
	return out, note
}

// Builtin is a built-in layout's name and spec, for the page's examples.
type Builtin struct {
	Name string `json:"name"`
	Spec string `json:"spec"`
}

// Builtins lists the built-in layouts with their specs.
func Builtins() []Builtin {
	ls, err := explain.Builtins()
	if err != nil {
		return nil
	}
	var out []Builtin
	for _, l := range ls {
		spec, err := layouts.BuiltinSpec(l.Name)
		if err != nil {
			continue
		}
		out = append(out, Builtin{Name: l.Name, Spec: string(spec)})
	}
	return out
}
