package fuzz

import (
	"bytes"
	"errors"
	"fmt"
	"math/big"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/idforge/idforge/encodings"

	"github.com/idforge/idforge/interp"
	"github.com/idforge/idforge/layouts"
)

// Codec connects a generated package to the checks. ID is the package's ID
// type and F its fields struct.
type Codec[ID any, F any] struct {
	Pack   func(F) (ID, error) // the package's Pack
	Fields func(ID) F          // the method that reads the fields back
	Bytes  func(ID) []byte     // the ID's big-endian bytes
	Texts  []Text[ID]          // the text forms to check
	Next   func() (ID, error)  // a generator's method, or nil
	// Valid, or nil, reports whether an ID's constant bits are the
	// layout's: the package's Valid method (for a family such as package
	// uuid, with the member's version test besides).
	Valid func(ID) bool
	// Clock, or nil for time.Now, is the clock the generator behind Next
	// reads, for checking the time its IDs hold.
	Clock func() time.Time
	// Zero, or nil, makes an ID with a new zero Generator each call, as
	// func() (ID, error) { var g Generator; return g.Next() } does.
	Zero func() (ID, error)
}

// check returns an error naming what c lacks of what every check calls:
// Pack, Fields, Bytes, and each text form's Encode and Parse.
func (c Codec[ID, F]) check() error {
	if c.Pack == nil || c.Fields == nil || c.Bytes == nil {
		return errors.New("fuzz: a Codec needs Pack, Fields and Bytes")
	}
	for _, x := range c.Texts {
		if x.Encode == nil || x.Parse == nil {
			return fmt.Errorf("fuzz: text form %q needs Encode and Parse", x.Name)
		}
	}
	return nil
}

// Text is one text form of a generated ID type.
type Text[ID any] struct {
	Name     string
	Encode   func(ID) string
	Parse    func(string) (ID, error)
	FoldCase bool // Parse takes upper and lower case alike
	Sorted   bool // the text sorts like the bytes
	// Lenient says Parse takes forms besides the one Encode writes, as
	// uuid.Parse takes 32 hex digits, braces and urn:uuid:. What it parses
	// must then re-encode to text that parses to the same ID, rather than
	// to the same text.
	Lenient bool
	// Reference, if set, is the encoding the text is in: what Encode
	// writes must be what it writes of the ID's bytes, and what Parse
	// reads must re-encode to the encoding's Canonical text. A form that
	// reads aliases, as Crockford's does (I and L as 1, O as 0), needs it:
	// without it, parsed text must re-encode to itself, up to case.
	Reference *encodings.Encoding
}

// Generated runs Check, and on the same inputs checks that the generated
// package agrees with the interpreter:
//
//   - Pack gives the interpreter's bytes, and the fields read back are the
//     values packed; a value one bit too wide for its field is refused;
//   - every text form round-trips through Parse, in either case where case
//     does not matter, and sorts like the bytes where it says so;
//   - parsing arbitrary text never panics, and what parses re-encodes to the
//     same text; with a Reference, it is read as the encoding reads it, for
//     arbitrary text and for an ID's text with a character at either end
//     replaced by each byte;
//   - the generator's IDs differ, unless the layout warns that one
//     generator repeats itself (Layout.RepeatWarning; see CheckRepeats),
//     and increase as bytes for a monotonic, time-sortable layout; each holds the clock's time, as the interpreter
//     reads it: never before the tick the clock was in, and at most one
//     tick past the later of the clock and the ID before (a generator whose
//     counter ran out borrows the next tick);
//   - the bits the layout draws fresh for every ID (Layout.FreshBits) are
//     fresh: no two of a generator's IDs share them, so that one ID gives
//     away nothing of the next;
//   - with Valid: what Pack and the generator make is valid, and an ID
//     parsed from arbitrary text is valid exactly when the interpreter
//     finds the layout's constant bits in it;
//   - what each marshalling method the ID type has writes (text, binary,
//     JSON, a database value, and the Append forms), its counterpart reads
//     back (see CheckMarshal);
//   - with Zero: a zero Generator works as NewGenerator() would, or refuses
//     with an error where the layout needs a node, and two zero generators
//     never make the same ID where NewGenerator's would differ.
func Generated[ID any, F any](f *testing.F, l *layouts.Layout, c Codec[ID, F]) {
	f.Helper()
	needLayout(f, l)
	if err := c.check(); err != nil {
		f.Fatal(err)
	}
	seed(f, l)
	if c.Next != nil {
		checkFirst(f, l, c)
	}
	if c.Zero != nil {
		checkZero(f, l, c)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		Check(t, l, data)
		in := NewBits(data)
		a := checkPack(t, l, c, in.Values(l))
		b := checkPack(t, l, c, in.Values(l))
		want := bytes.Compare(c.Bytes(a), c.Bytes(b))
		for _, x := range c.Texts {
			if got := strings.Compare(x.Encode(a), x.Encode(b)); x.Sorted && got != want {
				t.Fatalf("%s: %s compares %q and %q as %d, the bytes as %d", l.Name, x.Name, x.Encode(a), x.Encode(b), got, want)
			}
			checkParseJunk(t, l, c, x, string(data))
		}
		if c.Next != nil {
			checkNext(t, l, c)
		}
	})
}

func checkPack[ID any, F any](t *testing.T, l *layouts.Layout, c Codec[ID, F], v interp.Values) ID {
	t.Helper()
	want, err := interp.Pack(l, v)
	if err != nil {
		t.Fatal(err)
	}
	var fields F
	if err := ToFields(l, v, &fields); err != nil {
		t.Fatal(err)
	}
	id, err := c.Pack(fields)
	if err != nil {
		t.Fatalf("%s: Pack(%+v): %v", l.Name, fields, err)
	}
	if got := c.Bytes(id); !bytes.Equal(got, want) {
		t.Fatalf("%s: Pack(%+v) = %X, interpreter %X", l.Name, fields, got, want)
	}
	if c.Valid != nil && !c.Valid(id) {
		t.Fatalf("%s: Pack(%+v) = %X, which is not Valid", l.Name, fields, want)
	}
	CheckMarshal(t, id)
	if back := FromFields(l, c.Fields(id)); !equal(back, v) {
		t.Fatalf("%s: fields of %X = %v, want %v", l.Name, want, back, v)
	}
	checkTooWide(t, l, c, v)
	for _, x := range c.Texts {
		s := x.Encode(id)
		if x.Reference != nil {
			if ref := x.Reference.EncodeToString(want); s != ref {
				t.Fatalf("%s: %s of %X is %q; %s writes %q", l.Name, x.Name, want, s, x.Reference.Name(), ref)
			}
		}
		back, err := x.Parse(s)
		if err != nil || !bytes.Equal(c.Bytes(back), want) {
			t.Fatalf("%s: %s %q parses to %X, %v; want %X", l.Name, x.Name, s, c.Bytes(back), err, want)
		}
		if x.Reference != nil && len(s) > 0 {
			// The text with its first or last character replaced by each
			// byte: digits out of the alphabet, and the digits that hold
			// padding, at either end.
			for _, at := range []int{0, len(s) - 1} {
				for b := range 256 {
					checkParseJunk(t, l, c, x, s[:at]+string([]byte{byte(b)})+s[at+1:])
				}
			}
		}
		if x.FoldCase {
			for _, s := range []string{strings.ToLower(s), strings.ToUpper(s)} {
				if back, err := x.Parse(s); err != nil || !bytes.Equal(c.Bytes(back), want) {
					t.Fatalf("%s: %s %q parses to %X, %v; want %X", l.Name, x.Name, s, c.Bytes(back), err, want)
				}
			}
		}
	}
	return id
}

// checkTooWide sets each numeric field whose Go type has room for it one bit
// past its width, and checks Pack refuses it.
func checkTooWide[ID any, F any](t *testing.T, l *layouts.Layout, c Codec[ID, F], v interp.Values) {
	t.Helper()
	for _, f := range l.Fields {
		wide := copyValues(v)
		wide[f.Name] = new(big.Int).Lsh(big.NewInt(1), uint(f.Width))
		var fields F
		if ToFields(l, wide, &fields) != nil {
			continue // the Go type itself cannot hold it
		}
		if rv := reflect.ValueOf(fields).FieldByName(layouts.GoName(f.Name)); rv.Kind() == reflect.Array {
			continue
		}
		if _, err := c.Pack(fields); err == nil {
			t.Fatalf("%s: Pack took a %d-bit %s for a %d-bit field", l.Name, f.Width+1, layouts.GoName(f.Name), f.Width)
		}
	}
}

// checkParseJunk parses arbitrary text: no panic, what parses re-encodes to
// its canonical text (the same, up to case, with an alias as its digit),
// and it is Valid exactly when the interpreter reads it as the layout's.
func checkParseJunk[ID any, F any](t *testing.T, l *layouts.Layout, c Codec[ID, F], x Text[ID], s string) {
	t.Helper()
	id, err := x.Parse(s)
	if err != nil {
		return
	}
	if x.Reference != nil {
		// What Parse takes, the encoding takes, as the same bytes. (Parse
		// may refuse more: an int64 ID's sign bit, where it is fixed.)
		if ref, err := x.Reference.DecodeString(s); err != nil || !bytes.Equal(ref, c.Bytes(id)) {
			t.Fatalf("%s: %s parses %q as %X; %s reads it as %X, %v", l.Name, x.Name, s, c.Bytes(id), x.Reference.Name(), ref, err)
		}
	}
	if c.Valid != nil {
		_, err := interp.Unpack(l, c.Bytes(id))
		if want := !errors.Is(err, interp.ErrConstant); c.Valid(id) != want {
			t.Fatalf("%s: %s %q parses to %X: Valid is %v, the interpreter says %v", l.Name, x.Name, s, c.Bytes(id), c.Valid(id), err)
		}
	}
	again := x.Encode(id)
	if x.Lenient {
		if back, err := x.Parse(again); err != nil || x.Encode(back) != again {
			t.Fatalf("%s: %s parsed %q as %q, which parses back as %q, %v", l.Name, x.Name, s, again, x.Encode(back), err)
		}
		return
	}
	want := s // the canonical text: re-encoding is not identity where the form reads aliases
	if x.Reference != nil {
		want = x.Reference.Canonical(s)
	}
	if again != want && !(x.FoldCase && strings.EqualFold(again, want)) {
		t.Fatalf("%s: %s parsed %q, which re-encodes as %q", l.Name, x.Name, s, again)
	}
}

// checkFirst checks the time of the generator's first ID, which cannot have
// run ahead of the clock: it is the clock's tick. (checkNext cannot bound
// the first ID of each of its calls, as earlier calls may have borrowed.)
func checkFirst[ID any, F any](tb testing.TB, l *layouts.Layout, c Codec[ID, F]) {
	tb.Helper()
	if _, timed := l.Tick(); !timed {
		return
	}
	clock := c.clock()
	before := clock()
	id, err := c.Next()
	if errors.Is(err, interp.ErrTime) {
		return
	}
	if err != nil {
		tb.Fatalf("%s: the first ID: %v", l.Name, err)
	}
	checkTime(tb, l, "the first ID", c.Bytes(id), before, clock())
}

// checkTime checks that the ID b holds a time in the tick of from or after
// it, and not past the tick of to (no bound for a zero to), as the
// interpreter reads it; it returns that time.
func checkTime(tb testing.TB, l *layouts.Layout, what string, b []byte, from, to time.Time) time.Time {
	tb.Helper()
	tick, _ := l.Tick()
	slack := tick + time.Microsecond // the tick's start, and the interpreter's rounding
	at, err := interp.Time(l, b)
	if err != nil || at.Before(from.Add(-slack)) || !to.IsZero() && at.After(to.Add(slack)) {
		tb.Fatalf("%s: %s %X holds %v, %v; want %v to %v", l.Name, what, b, at, err, from.Round(0), to.Round(0))
	}
	return at
}

// clock returns the clock of the generator behind Next.
func (c Codec[ID, F]) clock() func() time.Time {
	if c.Clock == nil {
		return time.Now
	}
	return c.Clock
}

// checkNext makes a few IDs and checks they differ, that they hold the
// clock's time, and that they increase as bytes for a layout that is
// monotonic and sorts by time. (A UUIDv1 is monotonic in its time, but its
// bytes start with the time's low bits.)
func checkNext[ID any, F any](t *testing.T, l *layouts.Layout, c Codec[ID, F]) {
	t.Helper()
	var prev []byte
	ordered := l.Monotonic() && l.TimeSortable()
	clock := c.clock()
	_, timed := l.Tick()
	var prevAt time.Time
	fresh := map[string]int{} // the fresh random bits of each ID, and its number
	seen := map[string]int{}  // each ID, and its number
	for i := range 64 {
		before := clock()
		id, err := c.Next()
		if err != nil {
			if errors.Is(err, interp.ErrTime) {
				return
			}
			t.Fatalf("%s: ID %d: %v", l.Name, i, err)
		}
		b := c.Bytes(id)
		if c.Valid != nil && !c.Valid(id) {
			t.Fatalf("%s: ID %d %X is not Valid", l.Name, i, b)
		}
		if timed {
			// At most a tick past the later of the clock and the ID before;
			// the first of this call may follow IDs of earlier calls.
			var to time.Time
			if i > 0 {
				to = clock()
				if prevAt.After(to) {
					to = prevAt
				}
			}
			prevAt = checkTime(t, l, fmt.Sprintf("ID %d", i), b, before, to)
		}
		if ordered && prev != nil && bytes.Compare(b, prev) <= 0 {
			t.Fatalf("%s: ID %d %X is not above %X", l.Name, i, b, prev)
		}
		if j, dup := seen[string(b)]; dup {
			repeated(t, l, j, i, b)
		}
		seen[string(b)] = i
		// 64 draws of 32 bits or more coincide with a chance below 1 in 2^20.
		if l.FreshBits() >= 32 {
			r, err := interp.Role(l, b, layouts.Random)
			if err != nil {
				t.Fatal(err)
			}
			if j, dup := fresh[r.String()]; dup {
				t.Fatalf("%s: IDs %d and %d share their %d fresh random bits (%#x): they are not drawn for each ID", l.Name, j, i, l.FreshBits(), r)
			}
			fresh[r.String()] = i
		}
		prev = b
	}
}

// checkZero checks that a zero Generator makes a valid ID as NewGenerator()
// would, or, for a layout whose generator must be given a node, refuses with
// an error; and that where a generator draws random bits, two zero ones
// make different IDs.
func checkZero[ID any, F any](tb testing.TB, l *layouts.Layout, c Codec[ID, F]) {
	tb.Helper()
	a, errA := c.Zero()
	b, errB := c.Zero()
	if errors.Is(errA, interp.ErrTime) {
		return // the system clock is outside the layout's range
	}
	if l.NeedsNode() {
		if errA == nil || errB == nil {
			tb.Fatalf("%s: a zero Generator, which has no node, made %X", l.Name, c.Bytes(a))
		}
		return
	}
	if errA != nil || errB != nil {
		tb.Fatalf("%s: a zero Generator failed: %v, %v", l.Name, errA, errB)
	}
	if c.Valid != nil && !c.Valid(a) {
		tb.Fatalf("%s: a zero Generator made %X, which is not Valid", l.Name, c.Bytes(a))
	}
	if l.DrawsOnce() || l.FreshBits() >= 32 {
		if bytes.Equal(c.Bytes(a), c.Bytes(b)) {
			tb.Fatalf("%s: two zero generators made the same ID %X", l.Name, c.Bytes(a))
		}
	}
}

// CheckRepeats makes up to n IDs with next and checks the rule that one
// generator never returns the same ID twice unless its layout warns that it
// does (Layout.RepeatWarning, which the CLI prints): two equal IDs from a
// layout without that warning fail. An error from next (a counter that ran
// out on a frozen clock, a time past the layout's last) ends the run. Give
// it a generator on a clock that stands still, the hardest case, to check
// the rule for any layout, as FuzzRandomSpec does.
func CheckRepeats(tb testing.TB, l *layouts.Layout, next func() ([]byte, error), n int) {
	tb.Helper()
	needLayout(tb, l)
	if next == nil {
		tb.Fatal("fuzz: CheckRepeats needs a next function")
	}
	seen := map[string]int{}
	for i := range n {
		b, err := next()
		if err != nil {
			return
		}
		if j, dup := seen[string(b)]; dup {
			repeated(tb, l, j, i, b)
		}
		seen[string(b)] = i
	}
}

// repeated fails when IDs j and i of one generator, both b, repeat without
// the layout's warning.
func repeated(tb testing.TB, l *layouts.Layout, j, i int, b []byte) {
	tb.Helper()
	if _, warned := l.RepeatWarning(); !warned {
		tb.Fatalf("%s: IDs %d and %d of one generator are both %X, and the layout has no warning that one generator repeats itself", l.Name, j, i, b)
	}
}
