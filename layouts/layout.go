// Package layouts parses and validates declarative ID layout specs and
// computes their properties.
//
// A spec reads like the bit table of an RFC: a header naming the layout and
// its total width, then one line per segment, most significant first.
//
//	# UUIDv7 — RFC 9562 section 5.7
//	layout uuidv7 128
//	  unix_ts_ms  48  time unix ms            as unix_ms
//	  ver          4  = 7
//	  rand_a      12  counter[14:26] seeded borrow
//	  var          2  = 0b10
//	  rand_b      62  counter[0:14] + random
//
// Each segment line is NAME WIDTH CONTENT [as FIELD]. The content is either a
// constant (= 7, = 0b10, = 0x3f) or one or more parts joined by "+", each
// a role with its arguments:
//
//	time EPOCH UNIT           a timestamp: EPOCH is unix, gregorian (1582-10-15)
//	                          or an RFC 3339 instant; UNIT is s, ms, us, ns,
//	                          a multiple such as 10ms or 100ns, either divided
//	                          by an integer (ms/4096: RFC 9562 §6.2 method 3's
//	                          1/4096 ms), or a binary fraction of a second
//	                          such as 2^-12s
//	counter INIT OVERFLOW     a per-tick sequence (RFC 9562 §6.2): INIT is
//	                          zero, seeded (random, top bit clear: method 1),
//	                          random (method 2) or running (never reset);
//	                          OVERFLOW is wait, borrow (advance the time) or wrap
//	clockseq                  an RFC 9562 clock sequence, random at start
//	node [mac]                a caller-chosen node, shard or machine id; mac
//	                          marks a 48-bit node that defaults to random with
//	                          the multicast bit set
//	random [once]             fresh randomness (once: chosen once per generator)
//	hash md5|sha1|sha256      bits of a name-based digest
//
// A role that spans several segments, or only part of one, is sliced with
// role[lo:hi]: bits lo (inclusive) to hi (exclusive) of its value, bit 0 the
// least significant. Slices of one role may come in any order; together they
// must cover the value exactly (a hash may leave digest bits unused). Role
// arguments are given once, on any of its parts.
//
// The segments are the fields of the layout's Go struct, named after the
// segment or its "as" name, except for a named split field: a segment whose
// content is NAME[lo:hi] ROLE... holds bits of the struct field NAME, so one
// field can be spread over several segments in any order, as UUIDv1's
// timestamp is. A field wider than 64 bits must be declared bytes.
package layouts

import (
	"fmt"
	"github.com/idforge/idforge/internal/suggest"
	"slices"
	"strings"
	"time"

	"github.com/idforge/idforge/encodings"
)

// Role says what the bits of a part mean and how a generator fills them.
type Role int

// The roles a part can have.
const (
	Const    Role = iota // a fixed value, such as a version or variant
	Time                 // a timestamp in the layout's epoch and unit
	Counter              // a sequence that orders IDs within a tick
	ClockSeq             // an RFC 9562 clock sequence
	Node                 // a caller-chosen node, shard or machine id
	Random               // fresh random bits
	Hash                 // bits of a name-based digest
	Mixed                // a field whose parts have different roles (never a part's role)
)

var roleNames = [...]string{"const", "time", "counter", "clockseq", "node", "random", "hash", "mixed"}

func (r Role) String() string {
	if 0 <= r && int(r) < len(roleNames) {
		return roleNames[r]
	}
	return fmt.Sprintf("Role(%d)", int(r))
}

// Layout is a validated ID layout: the model every other part of idforge
// reads. A Layout belongs to whoever got it from Parse, Builtin or Clone;
// the rest of idforge only reads it. Code that keeps a layout it was given
// (as the interpreter's Generator does) keeps a Clone, so that later
// changes by the caller do not reach it.
//
// A nil *Layout reads as the zero Layout, a layout of no bits: its methods
// answer as the zero Layout's do, and Clone copies it as nil.
type Layout struct {
	Name     string    // layout name, such as "uuidv7"
	Doc      string    // the comment lines above the header, without '#'
	File     string    // the file the spec came from, for messages
	Bits     int       // total width in bits, a multiple of 8
	Segments []Segment // most significant first
	Parts    []Part    // the parts of every segment, most significant first
	Fields   []Field   // the struct fields, in order of first appearance
	Values   []Value   // the logical value of each role that has one
	// Text is the canonical text form the spec declares with a line
	// "text FORM", or "" when it declares none: then it is the canonical
	// UUID form for a UUID layout, decimal for a 64-bit layout and Base62
	// for any other (see CanonicalText). FORM is "uuid" (8-4-4-4-12 hex,
	// for a 128-bit layout), "decimal" (for a 64-bit layout: the unsigned
	// number its 64 bits hold, as Discord writes its IDs, never negative)
	// or the name of an encoding: a built-in one (encodings.Lookup) or one
	// the spec declares itself.
	Text string
	// Encodings are the encodings the spec declares itself, with lines
	// "encoding NAME TITLE DIGITS [fold] [bits] [check]"
	// (encodings.Declare), in the order it declares them.
	Encodings []encodings.Spec
}

// Encoding returns the encoding that the layout's spec calls name: one
// the spec declares, else a built-in one. It returns an error matching
// ErrEncoding if there is none.
func (l *Layout) Encoding(name string) (*encodings.Encoding, error) {
	if l != nil {
		for _, s := range l.Encodings {
			if s.Name == name {
				return encodings.New(s)
			}
		}
	}
	if e, ok := encodings.Lookup(name); ok {
		return e, nil
	}
	names := encodings.Names()
	if l != nil {
		for _, s := range l.Encodings {
			names = append(names, s.Name)
		}
	}
	return nil, fmt.Errorf("%w %q%s (want uuid, %s, or one the spec declares)", ErrEncoding, name, suggest.Hint(name, append(names, "uuid")), strings.Join(encodings.Names(), ", "))
}

// TextEncoding returns the encoding of the layout's canonical text
// (CanonicalText), or nil when that is the UUID form or decimal. A layout that Parse
// made always has it; one made by hand may name an encoding there is not,
// an error matching ErrEncoding.
func (l *Layout) TextEncoding() (*encodings.Encoding, error) {
	text := l.CanonicalText()
	if text == "uuid" || text == "decimal" {
		return nil, nil
	}
	return l.Encoding(text)
}

// CanonicalText returns the text form IDs of the layout are written in
// unless a caller asks for another: the form the spec declares (Text), or
// else "uuid" for a UUID layout (IsUUID), "decimal" for a 64-bit layout
// (as Twitter, Discord, Mastodon, Instagram and Sonyflake publish their
// IDs) and "base62" for any other.
//
// This is the one place the rule is written: the Go, SQL, JavaScript,
// Python and Java emitters, the command and the playground all take a
// layout's text from here (through package resolved).
func (l *Layout) CanonicalText() string {
	switch {
	case l == nil:
		return "base62"
	case l.Text != "":
		return l.Text
	case l.IsUUID():
		return "uuid"
	case l.Bits == 64:
		return "decimal"
	}
	return "base62"
}

// Segment is a run of bits in the ID.
type Segment struct {
	Name   string
	Line   int
	Offset int   // bits from the most significant end of the ID
	Width  int   // in bits
	Parts  []int // indexes into Layout.Parts, most significant first
	Field  int   // index into Layout.Fields, or -1 for a constant segment
}

// Part is a run of bits inside a segment with one role.
type Part struct {
	Segment int // index into Layout.Segments
	Role    Role
	Offset  int    // bits from the most significant end of the ID
	Width   int    // in bits
	Const   uint64 // the value, for Role Const
	Lo, Hi  int    // the bits [Lo, Hi) of the role's value held here
}

// Field is one field of the layout's Go struct: a whole segment, or a named
// field split over several segments.
type Field struct {
	Name     string // snake_case, as written in the spec
	Line     int
	Width    int
	Bytes    bool  // a byte array rather than an integer
	Segments []int // indexes into Layout.Segments, most significant first
	Role     Role  // the role of every part, or Const when the parts are mixed
	Lo       []int // for a split field: the value bits [Lo[i], Hi[i]) in Segments[i]
	Hi       []int
}

// Split reports whether the field is a named field spread over segments,
// whose value bits are given by Lo and Hi rather than by segment order.
// A nil *Field is not split.
func (f *Field) Split() bool { return f != nil && f.Lo != nil }

// Value is the logical value of a role: its width, the parts holding it, and
// the role's arguments.
type Value struct {
	Role  Role
	Width int   // in bits; for a hash, the digest width
	Parts []int // indexes into Layout.Parts, most significant in the ID first

	// Time.
	Epoch time.Time
	Unit  Unit

	// Counter.
	Init     Init
	Overflow Overflow

	// Node.
	MAC bool

	// Random.
	Once bool

	// Hash.
	Algorithm string // "md5", "sha1" or "sha256"
}

// Init says where a counter starts at each new tick (RFC 9562 §6.2), as a
// spec's counter declares it: zero, seeded, random or running.
type Init uint8

// The counter starts.
const (
	// InitZero starts the counter at zero at each new tick, as Snowflake
	// does: the most IDs per tick, and IDs of one tick are guessable.
	InitZero Init = iota
	// InitSeeded starts the counter at random bits with its top bit clear
	// at each new tick (RFC 9562 §6.2 method 1, "fixed bit-length dedicated
	// counter" with rollover guard): at least 2^(w-1) IDs per tick for a
	// w-bit counter before it runs out.
	InitSeeded
	// InitRandom starts the counter at random bits at each new tick
	// (method 2, "monotonic random", incremented by one, as ULID does). A
	// tick is only guaranteed one ID before the counter runs out.
	InitRandom
	// InitRunning never resets the counter: it starts at random bits on a
	// generator's first ID and then counts on across ticks, wrapping around
	// (as MongoDB's ObjectId does). It goes with OverflowWrap.
	InitRunning
)

// String returns the word a spec declares the start with: zero, seeded,
// random or running.
func (i Init) String() string {
	if int(i) < len(initNames) {
		return initNames[i]
	}
	return fmt.Sprintf("Init(%d)", i)
}

var initNames = [...]string{"zero", "seeded", "random", "running"}

// Overflow says what a counter does when it runs out within a tick, as a
// spec's counter declares it: wait, borrow or wrap.
type Overflow uint8

// The overflows.
const (
	// OverflowWait waits for the clock to pass the tick.
	OverflowWait Overflow = iota
	// OverflowBorrow takes the next tick at once, running ahead of the
	// clock, and restarts the counter there.
	OverflowBorrow
	// OverflowWrap wraps the counter around to zero. It goes with
	// InitRunning, and IDs are then not strictly increasing.
	OverflowWrap
)

// String returns the word a spec declares the overflow with: wait, borrow
// or wrap.
func (o Overflow) String() string {
	if int(o) < len(overflowNames) {
		return overflowNames[o]
	}
	return fmt.Sprintf("Overflow(%d)", o)
}

var overflowNames = [...]string{"wait", "borrow", "wrap"}

// Unit is a tick length: Num/Den seconds.
type Unit struct{ Num, Den uint64 }

// Nanos returns the unit in nanoseconds, exactly when it is a whole number of
// nanoseconds; ok is false otherwise (binary fractions such as 2^-12 s).
func (u Unit) Nanos() (ns uint64, ok bool) {
	if u.Den == 0 { // the zero Unit: no tick length
		return 0, false
	}
	n := u.Num * 1e9
	return n / u.Den, n%u.Den == 0
}

// Clone returns a deep copy of the layout: it shares no slice with l, so
// either can be changed without changing the other. The copy of a nil
// *Layout is nil.
func (l *Layout) Clone() *Layout {
	if l == nil {
		return nil
	}
	c := *l
	c.Segments = slices.Clone(l.Segments)
	for i := range c.Segments {
		c.Segments[i].Parts = slices.Clone(c.Segments[i].Parts)
	}
	c.Parts = slices.Clone(l.Parts)
	c.Fields = slices.Clone(l.Fields)
	c.Encodings = slices.Clone(l.Encodings)
	for i := range c.Fields {
		f := &c.Fields[i]
		f.Segments, f.Lo, f.Hi = slices.Clone(f.Segments), slices.Clone(f.Lo), slices.Clone(f.Hi)
	}
	c.Values = slices.Clone(l.Values)
	for i := range c.Values {
		c.Values[i].Parts = slices.Clone(c.Values[i].Parts)
	}
	return &c
}

// orZero returns l, or the zero Layout for a nil l, which reads as one.
func orZero(l *Layout) *Layout {
	if l == nil {
		return new(Layout)
	}
	return l
}

// Bytes returns the ID's size in bytes.
func (l *Layout) Bytes() int {
	if l == nil {
		return 0
	}
	return l.Bits / 8
}

// Value returns the logical value of a role, if the layout has one.
func (l *Layout) Value(r Role) (*Value, bool) {
	if l == nil {
		return nil, false
	}
	for i := range l.Values {
		if l.Values[i].Role == r {
			return &l.Values[i], true
		}
	}
	return nil, false
}

// Field returns the struct field with the given name.
func (l *Layout) Field(name string) (*Field, bool) {
	if l == nil {
		return nil, false
	}
	for i := range l.Fields {
		if l.Fields[i].Name == name {
			return &l.Fields[i], true
		}
	}
	return nil, false
}
