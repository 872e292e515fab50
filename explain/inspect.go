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
	// Set by Inspect: the evidence the reading rests on, strongest first
	// ("valid check symbol", "canonical form", "version and variant",
	// "time in 1990-2100"); and, for each reading but the first, why it
	// ranks below the first.
	Evidence   []string `json:"evidence,omitempty"`
	RanksLower string   `json:"ranks_lower,omitempty"`

	ownForm bool      // the text is in the layout's canonical form (ownForm)
	checked bool      // the text proves its form and layout (decoder.checked)
	at      time.Time // the time, when hasTime
	hasTime bool
	class   int // set by Inspect's judge
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

// Readings reads one input as every layout it fits, in every form, for
// inspect, which shows them all: as o.Layout alone, when it is not nil,
// and in o.From alone, when it is not "". A TypeID reads only as a UUID
// (the Nil, Max and raw UUIDs included), never as a ULID of the same bits;
// other UUID text reads as a ULID too. Read, not Readings, decides which
// reading a text is. As in Read, a reading of o.Layout in its canonical
// form is the answer: the others of that layout are not shown.
func Readings(in string, o ReadOptions) Report {
	r := Report{Input: in, Candidates: []Candidate{}}
	cs, rerr := o.candidates(in, true)
	if o.Layout != nil && o.From == "" {
		if own := slices.DeleteFunc(slices.Clone(cs), func(c Candidate) bool { return !c.ownForm }); len(own) > 0 {
			cs = own
		}
	}
	r.Candidates = append(r.Candidates, cs...)
	slices.SortStableFunc(r.Candidates, likelier)
	if len(r.Candidates) == 0 {
		switch {
		case rerr != nil && rerr.Layout == nil && rerr.Err != nil:
			r.Error = rerr.Err.Error()
		default:
			e := &ReadError{Input: in, Layout: o.Layout, From: o.From, why: diagnose(in, o)}
			r.Error = e.Error()
		}
	}
	return r
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
// Unless full, it leaves out what only a person reads (the fields, the
// local time, the other encodings): Read completes the readings it takes.
func read(l *layouts.Layout, d Decoded, full bool) (Candidate, error) {
	v, err := interp.Unpack(l, d.Bytes)
	if err != nil {
		return Candidate{}, err
	}
	c := Candidate{Form: d.Form, Prefix: d.Prefix, Layout: view(l).Name, Spec: view(l).File, Fields: []Field{}, EncMap: map[string]string{}, Model: l, ID: d.Bytes}
	c.ownForm = ownForm(l, d)
	if l == rawUUID {
		version := int(d.Bytes[6] >> 4)
		c.Raw, c.Version = true, &version
		c.Variant, c.VariantBits = UUIDVariant(d.Bytes)
	}
	if t, err := interp.Time(l, d.Bytes); err == nil {
		c.at, c.hasTime = t.UTC(), true
		c.Time = t.UTC().Format(time.RFC3339Nano)
	}
	if full {
		complete(&c, v)
	}
	return c, nil
}

// complete adds to a reading what read leaves out unless full: its fields
// (of values v, or unpacked again when v is nil), local time and
// encodings.
func complete(c *Candidate, v interp.Values) {
	if v == nil {
		var err error
		if v, err = interp.Unpack(c.Model, c.ID); err != nil {
			return // a public form: no fields
		}
	}
	c.Fields = []Field{}
	for _, f := range view(c.Model).Fields {
		if c.Model == rawUUID {
			break // its variant and version instead
		}
		x := v[f.Name]
		c.Fields = append(c.Fields, Field{Name: f.Name, Bits: f.Width, Role: f.Role.String(), Value: x.String(), Hex: fmt.Sprintf("%#x", x)})
	}
	if c.hasTime {
		c.Local = c.at.Local().Format(time.RFC3339Nano + " MST")
	}
	c.Encodings = AllEncodings(c.Model, c.ID)
	c.EncMap = map[string]string{}
	for _, e := range c.Encodings {
		c.EncMap[e[0]] = e[1]
	}
	addTypeID(c, Decoded{Form: c.Form, Bytes: c.ID, Prefix: c.Prefix})
}
