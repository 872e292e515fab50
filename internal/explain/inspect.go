package explain

import (
	"cmp"
	"fmt"
	"slices"
	"time"

	"github.com/idforge/idforge/interp"
	"github.com/idforge/idforge/layouts"
)

// Candidate is one reading of an ID: a layout it fits.
type Candidate struct {
	Form   string `json:"form"`
	Prefix string `json:"prefix,omitempty"` // a TypeID's
	Layout string `json:"layout"`
	Spec   string `json:"spec"`
	// A raw UUID's (layout uuid): marked raw, with its variant named as
	// google/uuid's Variant names it and its version, the 4 bits at 48 to
	// 51, whatever they mean in that variant.
	Raw     bool    `json:"raw,omitempty"`
	Variant string  `json:"variant,omitempty"`
	Version *int    `json:"version,omitempty"`
	Fields  []Field `json:"fields"`
	Time    string  `json:"time,omitempty"`
	Local   string  `json:"local_time,omitempty"`
	// Set by Inspect: the layout's Title; the layouts with the same bits
	// merged into this reading (snowflake, of twitter's); what makes the
	// reading implausible (an expired draft, a time before 1990 or after
	// 2100); and whether its time is in the future.
	Title       string            `json:"title,omitempty"`
	Also        []string          `json:"also,omitempty"`
	Implausible string            `json:"implausible,omitempty"`
	Future      bool              `json:"future,omitempty"`
	Encodings   [][2]string       `json:"-"` // name and text, in EncodingNames order
	EncMap      map[string]string `json:"encodings"`

	Model       *layouts.Layout `json:"-"` // the layout read as
	ID          []byte          `json:"-"` // the ID's bytes
	VariantBits string          `json:"-"` // a raw UUID's variant bits, such as 0b110
	ownForm     bool            // the text is in the layout's canonical form
	at          time.Time       // the time, when hasTime
	hasTime     bool
	class       int // set by Inspect's judge
}

// Field is one field of an ID as a Candidate reads it.
type Field struct {
	Name  string `json:"name"`
	Bits  int    `json:"bits"`
	Role  string `json:"role"`
	Value string `json:"value"` // decimal
	Hex   string `json:"hex"`
}

// Report is every reading of one input, or why there is none.
type Report struct {
	Input string `json:"input"`
	Line  int    `json:"line,omitempty"` // of standard input
	// Set by Inspect: how sure the first candidate is (Certain, Likely or
	// Ambiguous), and the layouts of the readings left out.
	Verdict    string      `json:"verdict,omitempty"`
	Candidates []Candidate `json:"candidates"`
	Hidden     []string    `json:"hidden,omitempty"`
	Error      string      `json:"error,omitempty"`
}

// Readings reads one input as every layout it fits, or as pick alone;
// without pick, a layout tried must also pass keep, when it is not nil,
// and a TypeID reads only as a UUID (the Nil, Max and raw UUIDs included),
// never as a ULID of the same bits.
func Readings(in string, pick *layouts.Layout, keep func(l *layouts.Layout, form string) bool) Report {
	r := Report{Input: in, Candidates: []Candidate{}}
	try := []*layouts.Layout{pick}
	if pick == nil {
		all, err := Builtins()
		if err != nil {
			r.Error = err.Error()
			return r
		}
		try = append([]*layouts.Layout{Nil, Max}, all...)
	}
	for _, d := range Decode(in) {
		for _, l := range try {
			if l.Bytes() != len(d.Bytes) || pick == nil && (keep != nil && !keep(l, d.Form) || d.Form == "typeid" && !UUIDLike(l)) ||
				d.Form != Canonical(l) && !slices.Contains(Universal, d.Form) {
				continue
			}
			if c, ok := read(l, d); ok {
				r.Candidates = append(r.Candidates, c)
			}
		}
	}
	if raw := Raws(in, r.Candidates); pick == nil && len(raw) > 0 {
		r.Candidates = append(raw, r.Candidates...)
	}
	slices.SortStableFunc(r.Candidates, likelier)
	if len(r.Candidates) == 0 {
		r.Error = fmt.Sprintf("%q is not an ID idforge can read: no layout fits its length, alphabet and constant bits%s", in, TypeIDReason(in))
		if pick != nil {
			r.Error = fmt.Sprintf("%q is not an ID of layout %s", in, pick.Name)
		}
	}
	return r
}

// Raws returns the raw UUID readings of text in a UUID form (the UUID
// text forms and TypeID) that no UUID layout reads: any 128 bits in those
// forms are a UUID, of some variant and version. The RFC 9562 layouts and
// the Nil and Max UUIDs win where they fit.
func Raws(in string, found []Candidate) []Candidate {
	var out []Candidate
	for _, d := range Decode(in) {
		if d.Form != "uuid" && d.Form != "typeid" || slices.ContainsFunc(found, func(c Candidate) bool {
			return c.Form == d.Form && UUIDLike(c.Model)
		}) {
			continue
		}
		if c, ok := read(Raw, d); ok {
			out = append(out, c)
		}
	}
	return out
}

// likelier orders readings of one text: text in the layout's own form
// first, then layouts with more constant bits matched.
func likelier(a, b Candidate) int {
	if a.ownForm != b.ownForm {
		if a.ownForm {
			return -1
		}
		return 1
	}
	return cmp.Compare(ConstantBits(b.Model), ConstantBits(a.Model))
}

// read unpacks an ID as a layout; it fails when the constant bits differ.
func read(l *layouts.Layout, d Decoded) (Candidate, bool) {
	v, err := interp.Unpack(l, d.Bytes)
	if err != nil {
		return Candidate{}, false
	}
	c := Candidate{Form: d.Form, Layout: l.Name, Spec: l.File, Fields: []Field{}, EncMap: map[string]string{}, Model: l, ID: d.Bytes}
	c.ownForm = d.Form == Canonical(l)
	if l == Raw {
		version := int(d.Bytes[6] >> 4)
		c.Raw, c.Version = true, &version
		c.Variant, c.VariantBits = UUIDVariant(d.Bytes)
	}
	for _, f := range l.Fields {
		if l == Raw {
			break // its variant and version instead
		}
		x := v[f.Name]
		c.Fields = append(c.Fields, Field{Name: f.Name, Bits: f.Width, Role: f.Role.String(), Value: x.String(), Hex: fmt.Sprintf("%#x", x)})
	}
	if t, err := interp.Time(l, d.Bytes); err == nil {
		c.at, c.hasTime = t.UTC(), true
		c.Time = t.UTC().Format(time.RFC3339Nano)
		c.Local = t.Local().Format(time.RFC3339Nano + " MST")
	}
	c.Encodings = AllEncodings(l, d.Bytes)
	for _, e := range c.Encodings {
		c.EncMap[e[0]] = e[1]
	}
	addTypeID(&c, d)
	return c, true
}
