// Package jsonschema writes, for a layout, what an API states of its IDs:
// a JSON Schema (draft 2020-12) whose pattern accepts exactly the texts of
// the layout's valid IDs in its canonical text form (Pattern), and the
// same schema as an OpenAPI 3.1 component. They are two languages of
// idforge's registry (package gen): idforge gen -lang jsonschema and
// -lang openapi.
//
// The schema is a string with that pattern, its length, "format": "uuid"
// where the text is a UUID's, the spec's comment as its description and
// the smallest and the largest valid ID as its examples. Every string from
// the spec is written JSON-escaped, in ASCII only, so no character of it
// can reorder or end what a reader shows (docs/security.md).
package jsonschema

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math/big"
	"regexp"
	"strings"
	"unicode/utf16"

	"github.com/idforge/idforge/gen/emit"
	"github.com/idforge/idforge/resolved"
)

// Emitter is JSON Schema in idforge's registry of languages (package gen):
// it writes one schema (draft 2020-12) of the layout's IDs' text.
type Emitter struct{}

// Name returns "jsonschema".
func (Emitter) Name() string { return "jsonschema" }

// Title returns "JSON Schema".
func (Emitter) Title() string { return "JSON Schema" }

// Summary says what the emitter writes, for idforge gen's help.
func (Emitter) Summary() string {
	return "a JSON Schema (draft 2020-12) of the IDs' text, its pattern accepting exactly the valid IDs (no overflow), in FILE.schema.json"
}

// Params returns the text form.
func (Emitter) Params() []emit.Param { return []emit.Param{{Option: emit.Text}} }

// Files returns out alone.
func (Emitter) Files(out string) []string { return []string{out} }

// Generate returns the schema, named LAYOUT.schema.json ('-' as '_')
// without o.Out. A text form the layout has not, or one no pattern states
// exactly (ErrLayout), and any Runtime are mistakes in the options.
func (Emitter) Generate(l *resolved.Layout, o emit.Options) ([]emit.File, error) {
	s, err := build(l, o)
	if err != nil {
		return nil, err
	}
	s.Schema = "https://json-schema.org/draft/2020-12/schema"
	out := o.Out
	if out == "" {
		out = emit.ModuleName(l) + ".schema.json"
	}
	b, err := encode(s)
	if err != nil {
		return nil, err
	}
	return []emit.File{{Name: out, Content: b}}, nil
}

// OpenAPI is OpenAPI 3.1 in idforge's registry of languages (package gen):
// it writes a document whose components.schemas holds the layout's
// schema, for an API's document to take.
type OpenAPI struct{}

// Name returns "openapi".
func (OpenAPI) Name() string { return "openapi" }

// Title returns "OpenAPI 3.1".
func (OpenAPI) Title() string { return "OpenAPI 3.1" }

// Summary says what the emitter writes, for idforge gen's help.
func (OpenAPI) Summary() string {
	return "an OpenAPI 3.1 document whose components.schemas holds the JSON Schema of the IDs' text (-type names it), in FILE.openapi.json"
}

// Params returns the component's name and the text form.
func (OpenAPI) Params() []emit.Param {
	return []emit.Param{{Option: emit.Type}, {Option: emit.Text}}
}

// Files returns out alone.
func (OpenAPI) Files(out string) []string { return []string{out} }

// componentName matches the names OpenAPI 3.1 allows in components.
var componentName = regexp.MustCompile(`^[A-Za-z0-9._-]+$`)

// Generate returns the document, named LAYOUT.openapi.json ('-' as '_')
// without o.Out. The component is named o.Type, else after the layout in
// UpperCamelCase (uuidv7 gives Uuidv7, ksuid-ms KsuidMs). A name OpenAPI
// does not allow, a text form the layout has not, or one no pattern
// states exactly (ErrLayout), and any Runtime are mistakes in the options.
func (OpenAPI) Generate(l *resolved.Layout, o emit.Options) ([]emit.File, error) {
	name := o.Type
	if name == "" {
		name = ComponentName(l.Name)
	}
	if !componentName.MatchString(name) {
		return nil, emit.OptionError(fmt.Errorf("openapi: -type %q: a component's name is letters, digits, '.', '-' and '_'", name))
	}
	s, err := build(l, o)
	if err != nil {
		return nil, err
	}
	doc := openAPIDoc{
		OpenAPI: "3.1.0",
		Info: openAPIInfo{
			Title:       "IDs of layout " + l.Name,
			Version:     "1.0.0",
			Description: s.Comment,
		},
		Components: openAPIComponents{Schemas: map[string]*schema{name: s}},
	}
	s.Comment = ""
	out := o.Out
	if out == "" {
		out = emit.ModuleName(l) + ".openapi.json"
	}
	b, err := encode(doc)
	if err != nil {
		return nil, err
	}
	return []emit.File{{Name: out, Content: b}}, nil
}

// ComponentName returns the default name of a layout's component: its
// name in UpperCamelCase, a word starting at each '-' or '_' (ksuid-ms
// gives KsuidMs).
func ComponentName(layout string) string {
	var b strings.Builder
	for _, w := range strings.FieldsFunc(layout, func(r rune) bool { return r == '-' || r == '_' }) {
		b.WriteString(strings.ToUpper(w[:1]) + w[1:])
	}
	return b.String()
}

type openAPIDoc struct {
	OpenAPI    string            `json:"openapi"`
	Info       openAPIInfo       `json:"info"`
	Components openAPIComponents `json:"components"`
}

type openAPIInfo struct {
	Title       string `json:"title"`
	Version     string `json:"version"`
	Description string `json:"description,omitempty"`
}

type openAPIComponents struct {
	Schemas map[string]*schema `json:"schemas"`
}

// schema is the JSON Schema of an ID's text, its keywords in the order a
// reader looks for them.
type schema struct {
	Schema      string   `json:"$schema,omitempty"`
	Comment     string   `json:"$comment,omitempty"`
	Title       string   `json:"title"`
	Description string   `json:"description"`
	Type        string   `json:"type"`
	Format      string   `json:"format,omitempty"`
	MinLength   int      `json:"minLength"`
	MaxLength   int      `json:"maxLength"`
	Pattern     string   `json:"pattern"`
	Examples    []string `json:"examples"`
}

// build returns the schema of l's IDs in the text form o names.
func build(l *resolved.Layout, o emit.Options) (*schema, error) {
	if o.Runtime != "" {
		return nil, emit.OptionError(errors.New("jsonschema: a schema is one file: it shares no runtime"))
	}
	t := l.Text
	if o.Text != "" {
		var err error
		if t, err = l.TextIn(o.Text); err != nil {
			return nil, emit.OptionError(fmt.Errorf("jsonschema: -text %s: %w", o.Text, err))
		}
	}
	p, err := Pattern(l, t)
	if err != nil {
		return nil, emit.OptionError(err)
	}
	s := &schema{
		Comment:     "Generated by idforge gen from " + l.File + ". DO NOT EDIT.",
		Title:       l.Name,
		Description: describe(l, t),
		Type:        "string",
		MinLength:   t.Width,
		MaxLength:   t.Width,
		Pattern:     p,
	}
	if !t.Fixed {
		s.MinLength = 1
	}
	if t.Name == "uuid" {
		s.Format = "uuid"
	}
	// The smallest and the largest valid ID: the constants with every
	// other bit zero, then one.
	bytes := l.Bits / 8
	lo := new(big.Int).And(l.ConstValue(), l.ConstMask())
	hi := new(big.Int).Or(lo, new(big.Int).AndNot(l.Max(), l.ConstMask()))
	for _, v := range []*big.Int{lo, hi} {
		s.Examples = append(s.Examples, t.Format(v.FillBytes(make([]byte, bytes))))
	}
	return s, nil
}

// describe says what the schema accepts, after the spec's comment.
func describe(l *resolved.Layout, t resolved.Text) string {
	var b strings.Builder
	if doc := strings.TrimSpace(l.Doc); doc != "" {
		b.WriteString(doc + "\n\n")
	}
	fmt.Fprintf(&b, "An ID of layout %s (%d bits) in its %s text", l.Name, l.Bits, t.Title)
	switch {
	case t.Name == "uuid":
		b.WriteString(": 8-4-4-4-12 hex digits, in either case")
	case t.Name == "decimal":
		max := "2^64-1"
		if !t.Signed {
			max = "2^63-1"
		}
		fmt.Fprintf(&b, ": the unsigned number its bits hold, without leading zeros, at most %s", max)
	default:
		fmt.Fprintf(&b, ": %d characters", t.Width)
		if t.Encoding.Spec().Fold {
			b.WriteString(", letters in either case")
		}
		if a := t.Encoding.Spec().DescribeAliases(); a != "" {
			b.WriteString(", " + a)
		}
	}
	if len(l.Consts) > 0 {
		b.WriteString(", its constant bits (versions, variants) the layout's")
	}
	b.WriteString(". The pattern accepts exactly these texts, none above the largest ID.")
	return b.String()
}

// encode returns v as indented JSON in ASCII only: every other character
// (the spec's text may hold any) escaped as \uXXXX, as DEL is.
func encode(v any) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	var out bytes.Buffer
	for _, r := range buf.String() {
		switch {
		case r < 0x7f:
			out.WriteRune(r)
		case r > 0xffff:
			a, b := utf16.EncodeRune(r)
			fmt.Fprintf(&out, `\u%04x\u%04x`, a, b)
		default:
			fmt.Fprintf(&out, `\u%04x`, r)
		}
	}
	return out.Bytes(), nil
}
