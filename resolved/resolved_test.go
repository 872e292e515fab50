package resolved_test

import (
	"bytes"
	"errors"
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/idforge/idforge/layouts"
	"github.com/idforge/idforge/resolved"
)

func builtins(t *testing.T) []*resolved.Layout {
	t.Helper()
	ls, err := layouts.Builtins()
	if err != nil {
		t.Fatal(err)
	}
	var out []*resolved.Layout
	for _, l := range ls {
		r, err := resolved.New(l)
		if err != nil {
			t.Fatalf("%s: %v", l.Name, err)
		}
		out = append(out, r)
	}
	return out
}

func builtin(t *testing.T, name string) *resolved.Layout {
	t.Helper()
	l, err := layouts.Builtin(name)
	if err != nil {
		t.Fatal(err)
	}
	return resolved.Must(l)
}

// Every built-in layout's text is what its system publishes: the spec's
// text line, else a UUID's dashed hex, a 64-bit ID's decimal, Base62.
func TestText(t *testing.T) {
	for _, c := range []struct {
		layout, name, title string
		width               int
		fixed, sorts        bool
		signed              bool
	}{
		{"uuidv7", "uuid", "UUID", 36, true, true, false},
		{"uuidv1", "uuid", "UUID", 36, true, true, false},
		{"ksuid", "base62", "Base62", 27, true, true, false},
		{"ulid", "crockford", "Crockford", 26, true, true, false},
		{"tsid", "crockford", "Crockford", 13, true, true, false},
		{"objectid", "hex", "hex", 24, true, true, false},
		{"xid", "base32hex", "base32hex", 20, true, true, false},
		{"snowflake", "decimal", "decimal", 19, false, false, false},
		{"twitter", "decimal", "decimal", 19, false, false, false},
		{"discord", "decimal", "decimal", 20, false, false, true},
		{"sonyflake", "decimal", "decimal", 19, false, false, false},
	} {
		r := builtin(t, c.layout)
		got := r.Text
		if got.Name != c.name || got.Title != c.title || got.Width != c.width || got.Fixed != c.fixed || got.Sorts != c.sorts || got.Signed != c.signed {
			t.Errorf("%s: Text %+v, want %s %s width %d fixed %v sorts %v signed %v", c.layout, got, c.name, c.title, c.width, c.fixed, c.sorts, c.signed)
		}
		if (got.Encoding == nil) != (c.name == "uuid" || c.name == "decimal") {
			t.Errorf("%s: Encoding %v for text %s", c.layout, got.Encoding, c.name)
		}
	}
}

// The published texts of known IDs.
func TestTextVectors(t *testing.T) {
	for _, c := range []struct{ layout, hex, text string }{
		{"uuidv7", "017f22e279b07cc398c4dc0c0c07398f", "017f22e2-79b0-7cc3-98c4-dc0c0c07398f"},
		{"ksuid", "0669f7efb5a1cd34b5f99d1154fb6853345c9735", "0ujtsYcgvSTl8PAuAdqWYSMnLOv"},
		{"discord", "0271065ac1020007", "175928847299117063"},
		{"discord", "ffffffffffffffff", "18446744073709551615"}, // unsigned, as Discord writes IDs
		{"snowflake", "15ddcefc55403000", "1575643027806892032"},
	} {
		r := builtin(t, c.layout)
		id := mustHex(t, c.hex)
		if got := r.Text.Format(id); got != c.text {
			t.Errorf("%s %s: Format %q, want %q", c.layout, c.hex, got, c.text)
		}
		back, err := r.Text.Parse(c.text)
		if err != nil || !bytes.Equal(back, id) {
			t.Errorf("%s: Parse(%q) = %x, %v; want %x", c.layout, c.text, back, err, id)
		}
	}
}

// Parse takes exactly what Append writes, for random IDs of every
// built-in layout, and refuses what it does not write.
func TestTextRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, r := range builtins(t) {
		for range 200 {
			id := make([]byte, r.Model.Bytes())
			for i := range id {
				id[i] = byte(rng.Uint32())
			}
			if r.Text.Name == "decimal" && !r.Text.Signed {
				id[0] &= 0x7f
			}
			s := r.Text.Format(id)
			if r.Text.Fixed && len(s) != r.Text.Width || len(s) > r.Text.Width {
				t.Fatalf("%s: %q has %d characters, width %d", r.Model.Name, s, len(s), r.Text.Width)
			}
			back, err := r.Text.Parse(s)
			if err != nil || !bytes.Equal(back, id) {
				t.Fatalf("%s: Parse(Format(%x)) = %x, %v", r.Model.Name, id, back, err)
			}
		}
	}
	snow := builtin(t, "snowflake")
	for _, bad := range []string{"", "-1", "+1", "01", "-0", "9223372036854775808", "1 ", "x"} {
		if _, err := snow.Text.Parse(bad); !errors.Is(err, resolved.ErrText) {
			t.Errorf("snowflake: Parse(%q) = %v, want ErrText", bad, err)
		}
	}
	// Discord's IDs have no sign bit, and Discord writes them unsigned: an
	// ID of 2085 is above 2^63, never negative.
	discord := builtin(t, "discord")
	id2085 := []byte{0x80, 0x95, 0xc9, 0x20, 0x00, 0x00, 0x00, 0x00} // 2085-01-01, node and increment 0
	if s := discord.Text.Format(id2085); s != "9265532947660800000" {
		t.Errorf("discord: Format(%x) = %q, want 9265532947660800000", id2085, s)
	}
	for _, tt := range []struct {
		in string
		ok bool
	}{
		{"9265532947660800000", true}, {"18446744073709551615", true}, {"0", true},
		{"-9181211126048747520", false}, {"18446744073709551616", false}, {"09265532947660804096", false},
	} {
		if _, err := discord.Text.Parse(tt.in); (err == nil) != tt.ok {
			t.Errorf("discord: Parse(%q) = %v, want ok %v", tt.in, err, tt.ok)
		}
	}
	v7 := builtin(t, "uuidv7")
	for _, bad := range []string{"017f22e279b07cc398c4dc0c0c07398f", "017f22e2-79b0-7cc3-98c4-dc0c0c07398", "017f22e2-79b0-7cc3-98c4-dc0c0c07398g"} {
		if _, err := v7.Text.Parse(bad); !errors.Is(err, resolved.ErrText) {
			t.Errorf("uuidv7: Parse(%q) = %v, want ErrText", bad, err)
		}
	}
}

// The runs of every built-in layout, checked bit by bit against the model:
// the fields' runs and the constants' tile the ID exactly once, each part
// of a role is one of its runs, and every bit of a role's value is held
// once (a hash may leave digest bits unused).
func TestRuns(t *testing.T) {
	for _, r := range builtins(t) {
		owner := make([]int, r.Model.Bits) // by offset from the most significant end
		mark := func(what string, run resolved.Run) {
			for b := range run.Width {
				at := run.Offset(r.Model.Bits) + b
				if at < 0 || at >= r.Model.Bits {
					t.Fatalf("%s: %s run %+v leaves the ID", r.Model.Name, what, run)
				}
				owner[at]++
			}
		}
		for _, f := range r.Fields {
			for _, run := range f.Runs {
				mark("field "+f.Name, run)
			}
		}
		for _, c := range r.Consts {
			mark("const", c.Run)
			if c.Value>>c.Width != 0 {
				t.Errorf("%s: const %+v wider than its run", r.Model.Name, c)
			}
		}
		for at, n := range owner {
			if n != 1 {
				t.Fatalf("%s: bit %d is held %d times", r.Model.Name, at, n)
			}
		}
		for _, role := range []*resolved.Role{r.Time, r.Counter, r.ClockSeq, r.Node, r.Random, r.Hash} {
			if role == nil {
				continue
			}
			held := make([]int, role.Width)
			for i, run := range role.Runs {
				part := r.Model.Parts[role.Parts[i]]
				if run.Offset(r.Model.Bits) != part.Offset || run.Width != part.Width || run.Lo != part.Lo {
					t.Errorf("%s: %s run %+v is not part %+v", r.Model.Name, role.Role, run, part)
				}
				for b := range run.Width {
					held[run.Lo+b]++
				}
			}
			for b, n := range held {
				if n > 1 || n == 0 && role.Role != layouts.Hash {
					t.Errorf("%s: bit %d of the %s is held %d times", r.Model.Name, b, role.Role, n)
				}
			}
		}
		// ConstMask and ConstValue agree with the runs, bit by bit.
		m, v := r.ConstMask(), r.ConstValue()
		for _, c := range r.Consts {
			for b := range c.Width {
				if m.Bit(c.Shift+b) != 1 || v.Bit(c.Shift+b) != uint(c.Value>>b&1) {
					t.Fatalf("%s: const bit %d of %+v", r.Model.Name, b, c)
				}
			}
		}
	}
}

func TestKind(t *testing.T) {
	for name, want := range map[string]resolved.Kind{
		"uuidv7": resolved.Timed, "uuidv1": resolved.Timed, "snowflake": resolved.Timed,
		"uuidv4": resolved.Random, "uuidv3": resolved.NameBased, "uuidv5": resolved.NameBased, "uuidv8-sha256": resolved.NameBased,
	} {
		if got := builtin(t, name).Kind; got != want {
			t.Errorf("%s: Kind %v, want %v", name, got, want)
		}
	}
	if !builtin(t, "snowflake").NeedsNode || builtin(t, "uuidv1").NeedsNode {
		t.Error("NeedsNode: a Snowflake needs its node, a UUIDv1's MAC node defaults to random")
	}
}

func mustHex(t *testing.T, s string) []byte {
	t.Helper()
	x, ok := new(big.Int).SetString(s, 16)
	if !ok {
		t.Fatalf("bad hex %q", s)
	}
	return x.FillBytes(make([]byte, len(s)/2))
}

// The runs of the model's segments tile the ID, each bit in exactly one,
// and each part's run lies in its segment's; Bytes names exactly the bytes
// a run touches; TopBitZero is what the constants put in the top bit.
func TestSegmentsAndParts(t *testing.T) {
	for _, r := range builtins(t) {
		l := r.Model
		if len(r.Segments) != len(l.Segments) || len(r.Parts) != len(l.Parts) {
			t.Fatalf("%s: %d segment runs, %d part runs; the model has %d and %d", r.Model.Name, len(r.Segments), len(r.Parts), len(l.Segments), len(l.Parts))
		}
		all := new(big.Int)
		for _, run := range r.Segments {
			m := run.Mask()
			if new(big.Int).And(all, m).Sign() != 0 {
				t.Errorf("%s: segment run %+v overlaps another", l.Name, run)
			}
			all.Or(all, m)
			start, end := run.Bytes(l.Bits)
			for i := range l.Bytes() {
				byteMask := new(big.Int).Lsh(big.NewInt(0xff), uint(8*(l.Bytes()-1-i)))
				touches := new(big.Int).And(byteMask, m).Sign() != 0
				if touches != (start <= i && i < end) {
					t.Errorf("%s: run %+v: Bytes gives [%d, %d), byte %d touched %v", l.Name, run, start, end, i, touches)
				}
			}
		}
		if all.Cmp(r.Max()) != 0 {
			t.Errorf("%s: the segments' runs cover %x, not every bit", l.Name, all)
		}
		for i, run := range r.Parts {
			seg := r.Segments[l.Parts[i].Segment]
			if run.Shift < seg.Shift || run.Shift+run.Width > seg.Shift+seg.Width {
				t.Errorf("%s: part %d's run %+v lies outside its segment's %+v", l.Name, i, run, seg)
			}
			if run.Lo != l.Parts[i].Lo || run.Width != l.Parts[i].Width {
				t.Errorf("%s: part %d's run %+v, the model's part holds bits %d.. of width %d", l.Name, i, run, l.Parts[i].Lo, l.Parts[i].Width)
			}
		}
		top := new(big.Int).Lsh(big.NewInt(1), uint(l.Bits-1))
		zero := new(big.Int).And(r.ConstMask(), top).Sign() != 0 && new(big.Int).And(r.ConstValue(), top).Sign() == 0
		if r.TopBitZero() != zero {
			t.Errorf("%s: TopBitZero %v, the constants say %v", l.Name, r.TopBitZero(), zero)
		}
		if r.Text.Name == "decimal" && r.Text.Signed == r.TopBitZero() {
			t.Errorf("%s: decimal text Signed %v beside TopBitZero %v", l.Name, r.Text.Signed, r.TopBitZero())
		}
	}
}

// TestLenient holds Lenient to New for a layout New takes, and for layouts
// made by hand that New refuses (a text naming no encoding, a time without
// a unit) to New's error and the layout resolved as far as it resolves.
func TestLenient(t *testing.T) {
	b, err := layouts.Builtin("uuidv7")
	if err != nil {
		t.Fatal(err)
	}
	if r, err := resolved.Lenient(b); err != nil || r.Text.Name != "uuid" || r.Clock == nil {
		t.Fatalf("Lenient(uuidv7) = %+v, %v: want New's", r, err)
	}
	text := *b
	text.Text = "nosuch"
	r, err := resolved.Lenient(&text)
	if !errors.Is(err, resolved.ErrLayout) || r == nil || r.Text.Name != "nosuch" || r.Text.Encoding != nil || r.Clock == nil || r.Declared != "nosuch" {
		t.Errorf("Lenient(text nosuch) = %+v, %v: want ErrLayout and the text named, without an encoding", r, err)
	}
	if _, err := resolved.New(&text); !errors.Is(err, resolved.ErrLayout) {
		t.Errorf("New(text nosuch) = %v, want ErrLayout", err)
	}
	clock := *b
	clock.Values = append([]layouts.Value(nil), b.Values...)
	for i := range clock.Values {
		if clock.Values[i].Role == layouts.Time {
			clock.Values[i].Unit = layouts.Unit{}
		}
	}
	r, err = resolved.Lenient(&clock)
	if !errors.Is(err, resolved.ErrLayout) || r == nil || r.Clock != nil || r.Time == nil || r.Text.Name != "uuid" {
		t.Errorf("Lenient(no unit) = %+v, %v: want ErrLayout, the time without a clock", r, err)
	}
	if r, err := resolved.Lenient(nil); r != nil || err == nil {
		t.Errorf("Lenient(nil) = %v, %v", r, err)
	}
}
