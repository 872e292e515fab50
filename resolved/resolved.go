// Package resolved is a layout resolved once: what every part of idforge
// downstream of the model needs to know of a validated layouts.Layout,
// worked out in one place so that no two parts can work it out differently.
//
// A Layout holds
//
//   - its canonical text (Text): the form, its title and width, and whether
//     text order is byte order, as layouts.Layout.CanonicalText decides it;
//   - its clock (Clock): exact tick and time arithmetic, from the epoch and
//     the unit, in both directions, and the range the time holds;
//   - the bit runs of every field, role and constant, in one convention
//     (Run: counted from the ID's least significant bit);
//   - its kind (Kind: timed, name-based, random) and whether a generator
//     must be given a node.
//
// The Go, SQL, JavaScript, Python and Java emitters, the command and the
// playground read a Layout; none of them works any of this out again. Data
// flows one way: layouts parses a spec into the model, New resolves it,
// the emitters write code from it. The interpreter (package interp) alone
// works it all out again, in its own plain arithmetic, on purpose: the
// conformance corpus is made from it, and conformance/check holds
// resolved to that corpus, so that a mistake here, which every language
// would share, is still caught.
//
// Like package layouts, resolved imports only the standard library and
// package encodings, so generated code and user programs can use it.
package resolved

import (
	"errors"
	"fmt"
	"math/big"
	"time"

	"github.com/idforge/idforge/encodings"
	"github.com/idforge/idforge/layouts"
)

// ErrLayout reports a layout that cannot be resolved: one made by hand
// whose text names no encoding, or whose time has no unit.
var ErrLayout = errors.New("resolved: bad layout")

// Layout is a layouts.Layout resolved. It holds the model in a named
// field, Model, which it never changes, as protogen keeps a descriptor in
// Desc: what a consumer reads of a layout, it reads here, and a reach past
// the resolved view into the model is visible as .Model. Like the model,
// a Layout is read-only once made.
type Layout struct {
	// Model is the layout resolved: the spec's names, segments, parts and
	// properties. Emitters read what it decides (text, sign, widths, runs,
	// clock, kind) from the resolved fields instead.
	Model *layouts.Layout

	// Name is the layout's name, such as "uuidv7"; Doc the comment lines
	// above the spec's header, without '#'; File the file the spec came
	// from, for messages.
	Name, Doc, File string
	// Bits is the ID's width in bits, a multiple of 8.
	Bits int
	// Encodings are the encodings the spec declares itself, in its order.
	Encodings []encodings.Spec
	// Declared is the text form the spec's header names (layouts.Layout.Text),
	// or "" when it names none; Text is the form resolved either way.
	Declared string

	// Text is the canonical text form: what Go's String, JavaScript's
	// toString, Python's str, SQL's text function and the command write.
	Text Text
	// Clock is the time's arithmetic, or nil for a layout without a time.
	Clock *Clock
	// Fields are the layout's fields, in the model's order, with their runs.
	Fields []Field
	// Consts are the layout's constant bits, most significant first.
	Consts []Const
	// Segments are the model's segments, in its order (most significant
	// first), each with its run: Segments[i] is Model.Segments[i], its Lo
	// the bits of its field's value it holds (0 for a constant segment).
	Segments []Segment
	// Parts are the model's parts, in its order, each with its run:
	// Parts[i] is Model.Parts[i], its Lo the bits of its role's value it
	// holds.
	Parts []Part
	// The logical value of each role the layout has, nil for the others.
	Time, Counter, ClockSeq, Node, Random, Hash *Role
	// Kind says how IDs of the layout are made.
	Kind Kind
	// NeedsNode says that a generator must be given its node: the layout
	// has a node that is not a MAC-style one (which defaults to random).
	NeedsNode bool
}

// Kind says how IDs of a layout are made.
type Kind uint8

// The kinds of layout.
const (
	// Timed layouts have a time: a generator reads a clock.
	Timed Kind = iota + 1
	// NameBased layouts have a hash: an ID is made from a namespace and a
	// name, never by a generator.
	NameBased
	// Random layouts have neither: a generator fills random bits (and a
	// node, if the layout has one).
	Random
)

var kindNames = [...]string{Timed: "timed", NameBased: "name-based", Random: "random"}

// String returns "timed", "name-based" or "random".
func (k Kind) String() string {
	if int(k) < len(kindNames) && kindNames[k] != "" {
		return kindNames[k]
	}
	return fmt.Sprintf("Kind(%d)", int(k))
}

// Generates reports whether a generator makes IDs of the layout: every
// kind but name-based.
func (k Kind) Generates() bool { return k == Timed || k == Random }

// Run is a run of bits of a field, a role or a constant: Width bits at
// Shift in the ID, counted from its least significant bit, that hold bits
// [Lo, Lo+Width) of the value. This is the one convention every emitter
// reads; Offset gives the model's, counted from the most significant end.
type Run struct{ Shift, Width, Lo int }

// Offset returns the run's first bit counted from the most significant
// end of an ID of bits bits, as layouts.Part.Offset counts and as SQL's
// bit strings and Go's chunks of big-endian bytes index bits.
func (r Run) Offset(bits int) int { return bits - r.Shift - r.Width }

// Bytes returns the bytes of an ID of bits bits, held big-endian (byte 0
// the most significant), that hold any of the run's bits: [start, end).
// For a run of whole bytes, as a bytes field is, they hold it exactly.
func (r Run) Bytes(bits int) (start, end int) {
	off := r.Offset(bits)
	return off / 8, (off + r.Width + 7) / 8
}

// Bit reports whether bit i of the run, counted from its most significant
// bit (0) down, is set in v, the value the run holds (a constant's).
func (r Run) Bit(v uint64, i int) bool { return v>>(r.Width-1-i)&1 == 1 }

// Mask returns the run's bits in place, in an ID held as one integer.
func (r Run) Mask() *big.Int {
	m := ones(r.Width)
	return m.Lsh(m, uint(r.Shift))
}

// Segment is a segment of the layout: a run of bits in the ID, with its
// name and the field it holds.
type Segment struct {
	Run
	// Model is the segment resolved, which the Segment never changes.
	Model *layouts.Segment
	Name  string
	Line  int   // the spec's line, for messages
	Parts []int // indexes into Layout.Parts, most significant first
	Field int   // index into Layout.Fields, or -1 for a constant segment
}

// Part is a part of the layout: a run of bits inside a segment with one
// role, Lo the bits of the role's value it holds.
type Part struct {
	Run
	// Model is the part resolved, which the Part never changes.
	Model   *layouts.Part
	Segment int // index into Layout.Segments
	Role    layouts.Role
	Const   uint64 // the value, for Role layouts.Const
	Hi      int    // the part holds the role's value's bits [Lo, Hi)
}

// Field is a field of the layout with the runs that hold it, most
// significant in the ID first. It holds the model's field in a named
// field, Model, never embedded, so that a read of the model shows.
type Field struct {
	// Model is the field resolved, which the Field never changes.
	Model *layouts.Field
	// Index is the field's place in Layout.Fields.
	Index int
	Name  string // snake_case, as written in the spec
	Line  int    // the spec's line, for messages
	Width int
	Bytes bool         // a byte array rather than an integer
	Role  layouts.Role // the role of every part, or layouts.Const when they are mixed
	// Segments are the field's segments (indexes into Layout.Segments),
	// most significant first.
	Segments []int
	// Lo and Hi are, for a split field, the value bits [Lo[i], Hi[i]) in
	// Segments[i]; nil for a field of one segment.
	Lo, Hi []int
	Runs   []Run
}

// Split reports whether the field is a named field spread over segments,
// whose value bits are given by Lo and Hi rather than by segment order.
func (f *Field) Split() bool { return f != nil && f.Lo != nil }

// Role is the logical value of a role (the time, the counter, ...) with
// the runs that hold it, most significant in the ID first, and the role's
// arguments. It holds the model's value in a named field, Model.
type Role struct {
	// Model is the value resolved, which the Role never changes.
	Model *layouts.Value
	Role  layouts.Role
	Width int   // in bits; for a hash, the digest width
	Parts []int // indexes into Layout.Parts, most significant in the ID first
	// Epoch and Unit are a time's.
	Epoch time.Time
	Unit  layouts.Unit
	// Init and Overflow are a counter's.
	Init     layouts.Init
	Overflow layouts.Overflow
	// MAC says a node is MAC-style (random unless given).
	MAC bool
	// Once says random bits are drawn once per generator.
	Once bool
	// Algorithm is a hash's: "md5", "sha1" or "sha256".
	Algorithm string
	Runs      []Run
}

// Const is a run of constant bits and their value.
type Const struct {
	Run
	Value uint64
}

// New resolves a validated layout. It fails only for a layout made by hand
// that layouts.Parse would have refused: a text naming no encoding, a time
// without a unit. The result keeps l, which must not change afterwards.
func New(l *layouts.Layout) (*Layout, error) {
	r, err := Lenient(l)
	if err != nil {
		return nil, err
	}
	return r, nil
}

// Lenient is New for a reader that must not fail on a layout made by hand:
// for a layout New refuses it returns New's error and the layout resolved
// all the same, as far as it resolves: a text naming no encoding is a Text
// of that name with no Encoding (Width 0), a time without a unit has no
// Clock. For any other layout it returns what New returns. It is nil only
// for a nil l.
func Lenient(l *layouts.Layout) (*Layout, error) {
	if l == nil {
		return nil, fmt.Errorf("%w: no layout", ErrLayout)
	}
	var bad error
	r := &Layout{Model: l, Name: l.Name, Doc: l.Doc, File: l.File, Bits: l.Bits, Encodings: l.Encodings, Declared: l.Text, NeedsNode: l.NeedsNode()}
	text, err := newText(l)
	if err != nil {
		bad, text = err, Text{Name: l.CanonicalText(), Fixed: true, size: l.Bytes()}
	}
	r.Text = text
	for i := range l.Segments {
		seg := &l.Segments[i]
		r.Segments = append(r.Segments, Segment{
			Run:   Run{Shift: l.Bits - seg.Offset - seg.Width + breakage.shift, Width: seg.Width},
			Model: seg, Name: seg.Name, Line: seg.Line, Parts: seg.Parts, Field: seg.Field,
		})
	}
	for i := range l.Fields {
		f := &l.Fields[i]
		rf := Field{
			Model: f, Index: i, Name: f.Name, Line: f.Line, Width: f.Width, Bytes: f.Bytes,
			Role: f.Role, Segments: f.Segments, Lo: f.Lo, Hi: f.Hi,
		}
		for j, si := range f.Segments {
			if f.Split() {
				r.Segments[si].Lo = f.Lo[j]
			}
			rf.Runs = append(rf.Runs, r.Segments[si].Run)
		}
		r.Fields = append(r.Fields, rf)
	}
	for i := range l.Parts {
		p := &l.Parts[i]
		r.Parts = append(r.Parts, Part{Run: partRun(l, *p), Model: p, Segment: p.Segment, Role: p.Role, Const: p.Const, Hi: p.Hi})
		if p.Role == layouts.Const {
			r.Consts = append(r.Consts, Const{Run: partRun(l, *p), Value: p.Const})
		}
	}
	role := func(role layouts.Role) *Role {
		v, ok := l.Value(role)
		if !ok {
			return nil
		}
		rr := &Role{
			Model: v, Role: v.Role, Width: v.Width, Parts: v.Parts, Epoch: v.Epoch, Unit: v.Unit,
			Init: v.Init, Overflow: v.Overflow, MAC: v.MAC, Once: v.Once, Algorithm: v.Algorithm,
		}
		for _, pi := range v.Parts {
			rr.Runs = append(rr.Runs, partRun(l, l.Parts[pi]))
		}
		return rr
	}
	r.Time, r.Counter, r.ClockSeq = role(layouts.Time), role(layouts.Counter), role(layouts.ClockSeq)
	r.Node, r.Random, r.Hash = role(layouts.Node), role(layouts.Random), role(layouts.Hash)
	switch {
	case r.Hash != nil:
		r.Kind = NameBased
	case r.Time != nil:
		r.Kind = Timed
	default:
		r.Kind = Random
	}
	if r.Time != nil {
		if r.Clock, err = NewClock(r.Time.Model); err != nil {
			r.Clock = nil
			if bad == nil {
				bad = fmt.Errorf("%w: %s: %v", ErrLayout, l.Name, err)
			}
		}
	}
	return r, bad
}

// breakage breaks resolved on purpose, for the test that shows the
// conformance corpus catches a broken resolved (export_test.go's Break):
// a clock whose ticks start tick ticks late (instants read tick ticks
// early), fields' runs shifted by shift bits. It is zero, and changes nothing, everywhere else.
var breakage struct{ tick, shift int }

// Must is New for the built-in layouts and others known to resolve: it
// panics on an error.
func Must(l *layouts.Layout) *Layout {
	r, err := New(l)
	if err != nil {
		panic(err)
	}
	return r
}

// Role returns the logical value of a role, or nil when the layout has
// none (and for layouts.Const and layouts.Mixed, which have no value).
func (r *Layout) Role(role layouts.Role) *Role {
	switch role {
	case layouts.Time:
		return r.Time
	case layouts.Counter:
		return r.Counter
	case layouts.ClockSeq:
		return r.ClockSeq
	case layouts.Node:
		return r.Node
	case layouts.Random:
		return r.Random
	case layouts.Hash:
		return r.Hash
	}
	return nil
}

// partRun returns the run of a part: its place in the ID and the bits of
// its role's value it holds.
func partRun(l *layouts.Layout, p layouts.Part) Run {
	return Run{Shift: l.Bits - p.Offset - p.Width, Width: p.Width, Lo: p.Lo}
}

// ConstMask returns every constant bit of the layout, in place, in an ID
// held as one integer; ConstValue returns their values there.
func (r *Layout) ConstMask() *big.Int {
	m := new(big.Int)
	for _, c := range r.Consts {
		m.Or(m, c.Mask())
	}
	return m
}

// ConstValue returns the values of the layout's constant bits, in place,
// in an ID held as one integer.
func (r *Layout) ConstValue() *big.Int {
	v := new(big.Int)
	for _, c := range r.Consts {
		v.Or(v, new(big.Int).Lsh(new(big.Int).SetUint64(c.Value), uint(c.Shift)))
	}
	return v
}

// TopBitZero reports whether the layout's most significant bit is a
// constant zero: then no ID is negative as a two's complement integer of
// the layout's width (Go's int64, PostgreSQL's bigint), and their order as
// such integers is the order of their bytes. Text.Signed is its negation,
// for decimal text.
func (r *Layout) TopBitZero() bool {
	for _, c := range r.Consts {
		if c.Shift+c.Width == r.Bits {
			return !c.Bit(c.Value, 0)
		}
	}
	return false
}

// Max returns the largest value an ID of the layout's width holds: every
// bit one.
func (r *Layout) Max() *big.Int { return ones(r.Bits) }

// ones returns 2^n - 1.
func ones(n int) *big.Int {
	m := new(big.Int).Lsh(big.NewInt(1), uint(n))
	return m.Sub(m, big.NewInt(1))
}
