package resolved

import (
	"time"

	"github.com/idforge/idforge/encodings"
	"github.com/idforge/idforge/layouts"
)

// The model's own answers, asked through the resolved view: each method
// returns what the layouts.Layout method of the same name returns, so that
// a consumer reads every fact of a layout here and never reaches past the
// view into Model.

// Bytes returns the ID's size in bytes.
func (r *Layout) Bytes() int { return r.Bits / 8 }

// Value returns the logical value of a role, if the layout has one: Role's
// answer with the model's signature.
func (r *Layout) Value(role layouts.Role) (*Role, bool) {
	v := r.Role(role)
	return v, v != nil
}

// Roles returns the logical value of each role the layout has, in the
// model's order (Model.Values).
func (r *Layout) Roles() []*Role {
	out := make([]*Role, 0, len(r.Model.Values))
	for _, v := range r.Model.Values {
		if rr := r.Role(v.Role); rr != nil {
			out = append(out, rr)
		}
	}
	return out
}

// Field returns the field with the given name.
func (r *Layout) Field(name string) (*Field, bool) {
	for i := range r.Fields {
		if r.Fields[i].Name == name {
			return &r.Fields[i], true
		}
	}
	return nil, false
}

// Encoding returns the encoding the layout's spec calls name: one the spec
// declares, else a built-in one (layouts.Layout.Encoding).
func (r *Layout) Encoding(name string) (*encodings.Encoding, error) { return r.Model.Encoding(name) }

// TimeSortable reports whether IDs sort by time (layouts.Layout.TimeSortable).
func (r *Layout) TimeSortable() bool { return r.Model.TimeSortable() }

// Monotonic reports whether one generator's IDs increase (layouts.Layout.Monotonic).
func (r *Layout) Monotonic() bool { return r.Model.Monotonic() }

// IsUUID reports whether the layout is an RFC 9562 UUID (layouts.Layout.IsUUID).
func (r *Layout) IsUUID() bool { return r.Model.IsUUID() }

// DrawsOnce reports whether a generator draws its random bits once
// (layouts.Layout.DrawsOnce).
func (r *Layout) DrawsOnce() bool { return r.Model.DrawsOnce() }

// Diagram returns the layout's bit diagram (layouts.Layout.Diagram).
func (r *Layout) Diagram() string { return r.Model.Diagram() }

// Format returns the layout's spec, formatted (layouts.Layout.Format).
func (r *Layout) Format() string { return r.Model.Format() }

// SVG returns the layout's diagram as SVG (layouts.Layout.SVG).
func (r *Layout) SVG(values map[string]string) string { return r.Model.SVG(values) }

// Tick returns the time's tick as a duration (layouts.Layout.Tick).
func (r *Layout) Tick() (time.Duration, bool) { return r.Model.Tick() }

// Overflow returns when the time runs out (layouts.Layout.Overflow).
func (r *Layout) Overflow() (time.Time, bool) { return r.Model.Overflow() }

// PerTick returns how many IDs a generator makes per tick (layouts.Layout.PerTick).
func (r *Layout) PerTick() float64 { return r.Model.PerTick() }

// RandomBits returns the layout's random bits (layouts.Layout.RandomBits).
func (r *Layout) RandomBits() int { return r.Model.RandomBits() }

// FreshBits returns the bits drawn fresh for each ID (layouts.Layout.FreshBits).
func (r *Layout) FreshBits() int { return r.Model.FreshBits() }

// Duplicates returns the expected duplicates (layouts.Layout.Duplicates).
func (r *Layout) Duplicates(rate float64, generators int, seconds float64) (self, cross float64) {
	return r.Model.Duplicates(rate, generators, seconds)
}

// FirstDuplicate returns when a first duplicate is expected
// (layouts.Layout.FirstDuplicate).
func (r *Layout) FirstDuplicate(rate float64, generators int) (all, self float64) {
	return r.Model.FirstDuplicate(rate, generators)
}

// Collision returns the chance of a collision (layouts.Layout.Collision).
func (r *Layout) Collision(rate float64, generators int, window time.Duration) float64 {
	return r.Model.Collision(rate, generators, window)
}

// Warnings returns the spec's warnings (layouts.Layout.Warnings).
func (r *Layout) Warnings() []layouts.Warning { return r.Model.Warnings() }

// RepeatWarning returns the warning of a layout whose IDs may repeat
// (layouts.Layout.RepeatWarning).
func (r *Layout) RepeatWarning() (layouts.Warning, bool) { return r.Model.RepeatWarning() }

// TextIn returns the layout's text form called name (the package's TextIn,
// for the resolved layout).
func (r *Layout) TextIn(name string) (Text, error) { return TextIn(r.Model, name) }

// WithSource returns a copy of the layout whose File and Doc are file and
// doc, in the view and in its model alike (a copy of Model: the layout's
// own is unchanged), as an emitter that writes them into comments makes
// them safe to.
func (r *Layout) WithSource(file, doc string) *Layout {
	m := *r.Model
	m.File, m.Doc = file, doc
	c := *r
	c.Model, c.File, c.Doc = &m, file, doc
	return &c
}

// Builtins returns idforge's built-in layouts (layouts.Builtins), each
// resolved, in the model's order.
func Builtins() ([]*Layout, error) {
	ls, err := layouts.Builtins()
	if err != nil {
		return nil, err
	}
	out := make([]*Layout, len(ls))
	for i, l := range ls {
		if out[i], err = New(l); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// Builtin returns the built-in layout called name (layouts.Builtin),
// resolved.
func Builtin(name string) (*Layout, error) {
	l, err := layouts.Builtin(name)
	if err != nil {
		return nil, err
	}
	return New(l)
}
