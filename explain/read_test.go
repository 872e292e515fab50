package explain_test

import (
	"bytes"
	"encoding/hex"
	"errors"
	"strings"
	"testing"

	"github.com/idforge/idforge/explain"
	"github.com/idforge/idforge/layouts"
)

func mustLookup(t *testing.T, name string) *layouts.Layout {
	t.Helper()
	l, err := explain.Lookup(name)
	if err != nil {
		t.Fatal(err)
	}
	return l
}

// Decimal is the ID's 64 bits as an unsigned number, and nothing else: no
// sign, so "-1" is not 2^64-1 (issue 65: -layout discord read "-5" as its
// two's complement and exited 0, where docs, the corpus, SQL and every
// generated Parse refuse a sign).
func TestDecodeDecimal(t *testing.T) {
	for in, want := range map[string]string{
		"1541815603606036480":  "1565a11f6217a000",
		"0":                    "0000000000000000",
		"18446744073709551615": "ffffffffffffffff",
		"9265532947660804096":  "8095c92000001000",
	} {
		var got []string
		for _, d := range explain.Decode(in) {
			if d.Form == "decimal" {
				got = append(got, hex.EncodeToString(d.Bytes))
			}
		}
		if len(got) != 1 || got[0] != want {
			t.Errorf("%s: decimal %v, want %s", in, got, want)
		}
	}
	for _, in := range []string{"18446744073709551616", "+1", "01", "-0", "1 ", "-9223372036854775809", "-1", "-5", "-9223372036854775808", "+18446744073709551615", " 1", "\u22121"} {
		for _, d := range explain.Decode(in) {
			if d.Form == "decimal" {
				t.Errorf("%q reads as decimal %x", in, d.Bytes)
			}
		}
	}
}

// Read takes the one ID a text is, names the readings of one it cannot
// tell, and reads what -from and -layout say.
func TestRead(t *testing.T) {
	v7 := mustLookup(t, "v7")
	snowflake := mustLookup(t, "snowflake")
	for _, c := range []struct {
		in     string
		o      explain.ReadOptions
		layout string // "" for an ambiguous text
		hex    string
	}{
		// UUID text is a UUID, whatever else its digits are.
		{"017f22e279b07cc398c4dc0c0c07398f", explain.ReadOptions{}, "uuidv7", "017f22e279b07cc398c4dc0c0c07398f"},
		// 26 Crockford characters are a ULID's canonical form: a ULID,
		// though its bits are a UUIDv7's; -from crockford reads the ID the
		// bytes' constants name.
		{"01FWHE4YDGFK1SHH6W1G60EECF", explain.ReadOptions{}, "ulid", "017f22e279b07cc398c4dc0c0c07398f"},
		{"01FWHE4YDGFK1SHH6W1G60EECF", explain.ReadOptions{From: "crockford"}, "uuidv7", "017f22e279b07cc398c4dc0c0c07398f"},
		// Base58 that Base62 reads as a UUIDv3: no layout's canonical form;
		// -from and -layout pick.
		{"1BihbxwwQ4NZZpKRH9JDCz", explain.ReadOptions{From: "base58"}, "uuidv7", "017f22e279b07cc398c4dc0c0c07398f"},
		{"1BihbxwwQ4NZZpKRH9JDCz", explain.ReadOptions{Layout: v7}, "uuidv7", "017f22e279b07cc398c4dc0c0c07398f"},
		// A decimal ID is any Snowflake-style system's: two IDs and more.
		{"175928847299117063", explain.ReadOptions{}, "", ""},
		{"175928847299117063", explain.ReadOptions{Layout: snowflake}, "snowflake", "0271065ac1020007"},
		// 16 digits are decimal and hex: with the layout, its canonical
		// decimal first; -from hex says otherwise.
		{"7592457784424074", explain.ReadOptions{Layout: snowflake}, "snowflake", "001af94cd536768a"},
		{"7592457784424074", explain.ReadOptions{Layout: snowflake, From: "hex"}, "snowflake", "7592457784424074"},
		// Upper-case Crockford is TSID's own text, not Base36 (which
		// writes lower case) as a Snowflake.
		{"0ABCDEFGHJKMN", explain.ReadOptions{}, "tsid", "052d8d73e1194e95"},
		// -from canonical: each layout in its own form only.
		{"0ABCDEFGHJKMN", explain.ReadOptions{From: "canonical"}, "tsid", "052d8d73e1194e95"},
		// A TypeID without a prefix is a ULID's canonical text (Crockford,
		// either case); -from typeid reads the UUID it holds.
		{"0000000000000000000000000g", explain.ReadOptions{}, "ulid", "00000000000000000000000000000010"},
		{"0000000000000000000000000g", explain.ReadOptions{From: "typeid"}, "uuid", "00000000000000000000000000000010"},
	} {
		r, err := explain.Read(c.in, c.o)
		var amb *explain.AmbiguousError
		switch {
		case c.layout == "":
			if !errors.As(err, &amb) || !errors.Is(err, explain.ErrAmbiguous) || len(amb.Readings) < 2 || !strings.Contains(err.Error(), "picks one") {
				t.Errorf("%s %+v: %v, %v; want it refused as ambiguous", c.in, c.o, r.Layout, err)
			}
		case err != nil:
			t.Errorf("%s %+v: %v", c.in, c.o, err)
		case r.Layout != c.layout || hex.EncodeToString(r.ID) != c.hex:
			t.Errorf("%s %+v: %s %x, want %s %s", c.in, c.o, r.Layout, r.ID, c.layout, c.hex)
		}
	}
	var others *explain.ReadError
	if _, err := explain.Read("1BihbxwwQ4NZZpKRH9JDCz", explain.ReadOptions{}); !errors.As(err, &others) || len(others.Others) != 2 || !strings.Contains(err.Error(), "-from ENCODING reads it") {
		t.Errorf("Base58 text, in no canonical form: %v", err)
	}
	if _, err := explain.Read("not an ID", explain.ReadOptions{}); !errors.Is(err, explain.ErrNoReading) {
		t.Errorf("not an ID: %v", err)
	}
	var re *explain.ReadError
	if _, err := explain.Read("919108f7-52d1-4320-9bac-f847db4148a8", explain.ReadOptions{Layout: v7}); !errors.As(err, &re) || len(re.Forms) == 0 || !strings.Contains(err.Error(), "is not a uuidv7 ID") {
		t.Errorf("a UUIDv4 as v7: %v", err)
	}
}

// A caller's Agree makes IDs with the same answer one: re-encoded as hex,
// a decimal ID is the same bytes, whichever system's it is; and each
// ambiguous reading's layouts are named.
func TestReadAgree(t *testing.T) {
	sameBytes := func(a, b *explain.Reading) bool { return bytes.Equal(a.ID, b.ID) }
	r, err := explain.Read("175928847299117063", explain.ReadOptions{Agree: sameBytes})
	if err != nil || hex.EncodeToString(r.ID) != "0271065ac1020007" || len(r.Alike) == 0 {
		t.Fatalf("%+v, %v", r, err)
	}
	_, err = explain.Read("175928847299117063", explain.ReadOptions{})
	var amb *explain.AmbiguousError
	if !errors.As(err, &amb) {
		t.Fatal(err)
	}
	names := map[string]bool{}
	for _, r := range amb.Readings {
		for _, l := range r.Layouts() {
			names[l] = true
		}
	}
	for _, want := range []string{"twitter", "snowflake", "discord", "instagram", "sonyflake"} {
		if !names[want] {
			t.Errorf("the readings %v leave out %s", names, want)
		}
	}
	if amb.Hint() != "-layout NAME picks one" {
		t.Errorf("hint %q", amb.Hint())
	}
}

// A public form (Private IDs) need not have the layout's constants; what
// fits is what Public says, and the canonical form comes first.
func TestReadPublic(t *testing.T) {
	snowflake := mustLookup(t, "snowflake")
	o := explain.ReadOptions{Layout: snowflake, Public: func(b []byte) bool { return b[0]&0x80 == 0 }}
	r, err := explain.Read("7592457784424074", o)
	if err != nil || hex.EncodeToString(r.ID) != "001af94cd536768a" {
		t.Errorf("%x, %v", r.ID, err)
	}
	o.Public = func([]byte) bool { return false }
	var re *explain.ReadError
	if _, err := explain.Read("7592457784424074", o); !errors.As(err, &re) || len(re.Forms) == 0 {
		t.Errorf("a public form that does not fit: %v", err)
	}
}

// -from names a form IDs of the layout are written in.
func TestCheckFrom(t *testing.T) {
	snowflake := mustLookup(t, "snowflake")
	for _, c := range []struct {
		from string
		l    *layouts.Layout
		ok   bool
	}{
		{"", nil, true}, {"canonical", nil, true}, {"base58", nil, true}, {"typeid", nil, true},
		{"base64", nil, false}, {"decimal", snowflake, true}, {"uuid", snowflake, false}, {"typeid", snowflake, false},
	} {
		if err := explain.CheckFrom(c.from, c.l); (err == nil) != c.ok || err != nil && !errors.Is(err, explain.ErrEncoding) {
			t.Errorf("CheckFrom(%q, %v): %v", c.from, c.l != nil, err)
		}
	}
	spec, err := layouts.Parse("mine.layout", []byte("layout mine 64\n  r 64 random\n  encoding b3 Base3 012\n"))
	if err != nil {
		t.Fatal(err)
	}
	if err := explain.CheckFrom("b3", spec); err != nil {
		t.Errorf("a spec's own encoding: %v", err)
	}
}
