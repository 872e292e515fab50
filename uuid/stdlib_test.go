//go:build go1.27

package uuid_test

import (
	"strings"
	"testing"
	"time"
	stduuid "uuid"

	"github.com/idforge/idforge/uuid"
)

// stdlibSeeds are texts for FuzzParseStdlib: every form, both cases, and
// near misses at each place a form can go wrong.
var stdlibSeeds = []string{
	"017f22e2-79b0-7cc3-98c4-dc0c0c07398f", "017F22E2-79B0-7CC3-98C4-DC0C0C07398F",
	"017f22e279b07cc398c4dc0c0c07398f", "{017f22e2-79b0-7cc3-98c4-dc0c0c07398f}",
	"urn:uuid:017f22e2-79b0-7cc3-98c4-dc0c0c07398f", "URN:UUID:017f22e2-79b0-7cc3-98c4-dc0c0c07398f",
	"Urn:Uuid:017f22e2-79b0-7cc3-98c4-dc0c0c07398f", "urn:uuid:{017f22e2-79b0-7cc3-98c4-dc0c0c07398}",
	"{017f22e2-79b0-7cc3-98c4-dc0c0c07398f", "017f22e2-79b0-7cc3-98c4-dc0c0c07398f}",
	"(017f22e2-79b0-7cc3-98c4-dc0c0c07398f)", "017f22e2_79b0-7cc3-98c4-dc0c0c07398f",
	"017f22e2-79b07-cc3-98c4-dc0c0c07398f", "017f22e2-79b0-7cc3-98c4-dc0c0c07398g",
	"017f22e2-79b0-7cc3-98c4-dc0c0c07398", "017f22e279b07cc398c4dc0c0c07398", "017f22e279b07cc398c4dc0c0c07398fa",
	"00000000-0000-0000-0000-000000000000", "ffffffff-ffff-ffff-ffff-ffffffffffff",
	"+17f22e2-79b0-7cc3-98c4-dc0c0c07398f", " 17f22e2-79b0-7cc3-98c4-dc0c0c07398f", "", "urn:uuid:",
	"017f22e2-79b0-7cc3-98c4-dc0c0c07398\u00e9",
}

// FuzzParseStdlib is a differential test of Parse against the standard
// library's: both accept the same texts and read the same UUID from them,
// with one difference, which RFC 9562 settles for us. A URN's "urn:uuid:"
// prefix is case-insensitive (RFC 9562 section 4 gives the URN form, and RFC
// 8141 section 3.1 makes the "urn" scheme and the namespace identifier
// "uuid" case-insensitive), so Parse accepts "URN:UUID:..." as well; the
// standard library accepts the prefix only in lower case.
func FuzzParseStdlib(f *testing.F) {
	for _, s := range stdlibSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		ours, oerr := uuid.Parse(s)
		std, serr := stduuid.Parse(s)
		switch {
		case oerr == nil && serr == nil:
			if ours != uuid.UUID(std) {
				t.Fatalf("Parse(%q) = %v, the standard library's %v", s, ours, std)
			}
		case oerr != nil && serr != nil:
		case oerr == nil && upperURN(s):
			// The one difference: the same UUID with the prefix in lower case.
			std, serr = stduuid.Parse("urn:uuid:" + s[9:])
			if serr != nil || uuid.UUID(std) != ours {
				t.Fatalf("Parse(%q) = %v, but the standard library reads it in lower case as %v, %v", s, ours, std, serr)
			}
		default:
			t.Fatalf("Parse(%q): ours %v, %v; the standard library's %v, %v", s, ours, oerr, std, serr)
		}
	})
}

// upperURN reports whether s starts with "urn:uuid:" in some case other
// than lower case.
func upperURN(s string) bool {
	return len(s) == 45 && strings.EqualFold(s[:9], "urn:uuid:") && s[:9] != "urn:uuid:"
}

// TestStdlibReadsOurs checks that the standard library reads every version
// this package makes, in the canonical, hex, braces and URN forms, and
// writes, compares and marshals them as this package does.
func TestStdlibReadsOurs(t *testing.T) {
	ids := []uuid.UUID{uuid.Nil(), uuid.Max(), uuid.NewV1(), uuid.NewV3(uuid.NamespaceDNS(), "www.example.com"), uuid.NewV4(),
		uuid.NewV5(uuid.NamespaceDNS(), "www.example.com"), uuid.NewV6(), uuid.NewV7(), uuid.NewV8(),
		uuid.NewV8SHA256(uuid.NamespaceDNS(), "www.example.com")}
	for i, id := range ids {
		for _, s := range []string{id.String(), id.Hex(), "{" + id.String() + "}", id.URN()} {
			got, err := stduuid.Parse(s)
			if err != nil || got != stduuid.UUID(id) {
				t.Errorf("stduuid.Parse(%q) = %v, %v; want %v", s, got, err, id)
			}
		}
		s := stduuid.UUID(id)
		if s.String() != id.String() {
			t.Errorf("stduuid String %q, ours %q", s, id)
		}
		a, _ := s.MarshalText()
		b, _ := id.MarshalText()
		if string(a) != string(b) {
			t.Errorf("stduuid MarshalText %q, ours %q", a, b)
		}
		for _, other := range ids[:i+1] {
			if got, want := s.Compare(stduuid.UUID(other)), id.Compare(other); got != want {
				t.Errorf("%v.Compare(%v): stduuid %d, ours %d", id, other, got, want)
			}
		}
	}
	if stduuid.Nil() != stduuid.UUID(uuid.Nil()) || stduuid.Max() != stduuid.UUID(uuid.Max()) {
		t.Errorf("Nil or Max differ from the standard library's")
	}
}

// TestOursReadsStdlib checks that this package reads the standard library's
// UUIDs: their text, their version, and the millisecond of a UUIDv7, whose
// rand_a holds the standard library's 12-bit fraction of a millisecond,
// which Time does not read.
func TestOursReadsStdlib(t *testing.T) {
	for range 100 {
		s := stduuid.NewV4()
		id, err := uuid.Parse(s.String())
		if err != nil || id != uuid.UUID(s) {
			t.Fatalf("Parse(%q) = %v, %v", s, id, err)
		}
		if id.Version() != 4 {
			t.Fatalf("%v: version %d, want 4", id, id.Version())
		}
		if tm, ok := id.Time(); ok {
			t.Fatalf("%v: a UUIDv4 has no time, got %v", id, tm)
		}
	}
	var prev uuid.UUID
	for i := range 1000 {
		before := time.Now().UnixMilli()
		id := uuid.UUID(stduuid.NewV7())
		after := time.Now().UnixMilli()
		if id.Version() != 7 {
			t.Fatalf("%v: version %d, want 7", id, id.Version())
		}
		// The standard library keeps its UUIDv7s increasing by taking the
		// last timestamp plus 1/4096 ms when the clock has not moved past
		// it, which can carry into the next millisecond: its time may run
		// a millisecond ahead of the clock.
		tm, ok := id.Time()
		if !ok || tm.UnixMilli() < before || tm.UnixMilli() > after+1 {
			t.Fatalf("%v: Time() = %v, %v; want a time in [%d, %d] ms", id, tm, ok, before, after+1)
		}
		if tm.UnixMilli() != int64(id.V7().UnixMs) || tm.Nanosecond()%1e6 != 0 {
			t.Fatalf("%v: Time() = %v, V7().UnixMs = %d", id, tm, id.V7().UnixMs)
		}
		// The standard library's UUIDv7s increase unless the clock goes
		// back; ours must order them as the standard library does.
		if i > 0 && id.Compare(prev) != stduuid.UUID(id).Compare(stduuid.UUID(prev)) {
			t.Fatalf("Compare(%v, %v) differs from the standard library's", id, prev)
		}
		prev = id
	}
}
