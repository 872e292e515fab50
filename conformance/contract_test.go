package conformance_test

import (
	"bytes"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"testing"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/idforge/idforge/conformance"
	"github.com/idforge/idforge/layouts"
	"github.com/idforge/idforge/uuid"
)

// TestValidRecords checks that the corpus's "valid" records decide what
// every language's check of text (isValid) must say, as the contract of
// meanings (docs/contract.md) has it: for every UUID layout, the text of
// an ID of each other version and of each other variant is false, and the
// layout's own IDs' text, in every form parse reads, true; for every
// layout, text parse refuses is false with the error kind it gives, and
// at least one text is true. Package uuid, which reads every version, is
// held to them too: a record is true exactly when uuid.Parse reads it and
// the version and variant are the layout's.
func TestValidRecords(t *testing.T) {
	rs, err := conformance.Load("corpus.jsonl.gz")
	if err != nil {
		t.Fatal(err)
	}
	type count struct {
		yes, no, refused int
		versions         map[int]bool
		variants         map[uuid.Variant]bool
	}
	counts := map[string]*count{}
	texts := map[string]string{}
	for _, r := range rs {
		if r.Kind == "layout" {
			texts[r.Layout] = r.Text
		}
		if r.Kind != "valid" {
			continue
		}
		c := counts[r.Layout]
		if c == nil {
			c = &count{versions: map[int]bool{}, variants: map[uuid.Variant]bool{}}
			counts[r.Layout] = c
		}
		if r.Valid == nil {
			t.Fatalf("%s: a valid record without valid: %+v", r.Layout, r)
		}
		switch {
		case r.Error != "":
			c.refused++
			if *r.Valid {
				t.Errorf("%s %q: valid though parse refuses it (%s)", r.Layout, r.Input, r.Error)
			}
		case *r.Valid:
			c.yes++
		default:
			c.no++
		}
		if texts[r.Layout] != "uuid" {
			continue
		}
		l, err := layouts.Builtin(r.Layout)
		if err != nil {
			continue // a random layout of UUID text
		}
		version := int(l.Parts[0].Const) // a UUID layout's first constant is its version
		for _, p := range l.Parts {
			if p.Role == layouts.Const && p.Offset == 48 {
				version = int(p.Const)
			}
		}
		u, err := uuid.Parse(r.Input)
		if (err != nil) != (r.Error != "") {
			t.Errorf("%s %q: uuid.Parse gives %v, the record error %q", r.Layout, r.Input, err, r.Error)
			continue
		}
		if err != nil {
			continue
		}
		if got := u.Version() == version && u.Variant() == uuid.VariantRFC9562; got != *r.Valid {
			t.Errorf("%s %q: version %d, variant %v; the record says valid %v", r.Layout, r.Input, u.Version(), u.Variant(), *r.Valid)
		}
		if !*r.Valid {
			c.versions[u.Version()] = true
			c.variants[u.Variant()] = true
		}
	}
	builtins, err := layouts.Builtins()
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range builtins {
		name := l.Name
		c := counts[name]
		if c == nil {
			t.Errorf("%s: no valid records", name)
			continue
		}
		if c.yes == 0 || c.refused < 3 {
			t.Errorf("%s: %d texts valid, %d refused; want some of each", name, c.yes, c.refused)
		}
		if texts[name] == "uuid" && (len(c.versions) < 16 || len(c.variants) < 3) {
			t.Errorf("%s: invalid texts of %d versions and %d variants, want all 16, and RFC 9562's and two others", name, len(c.versions), len(c.variants))
		}
	}
}

// TestBadNameRecords checks the corpus's "bad-name" records: each name's
// UTF-16 code units hold a surrogate that is not half of a pair, so that
// no language can write it as UTF-8; its bytes are those code units in
// UTF-8's scheme, which Go's UTF-8 refuses too; and package uuid, whose
// names are Go strings (bytes), hashes those bytes as they are, giving the
// record's ID, as every language's fromName of a name of bytes must.
func TestBadNameRecords(t *testing.T) {
	rs, err := conformance.Load("corpus.jsonl.gz")
	if err != nil {
		t.Fatal(err)
	}
	makers := map[string]func(uuid.UUID, string) uuid.UUID{"uuidv3": uuid.NewV3, "uuidv5": uuid.NewV5, "uuidv8-sha256": uuid.NewV8SHA256}
	counts := map[string]int{}
	for _, r := range rs {
		if r.Kind != "bad-name" {
			continue
		}
		counts[r.Layout]++
		if r.Error != "ErrType" {
			t.Errorf("%s: a bad-name record with error %q", r.Layout, r.Error)
		}
		lone := false
		for _, r := range utf16.Decode(r.UTF16) {
			lone = lone || r == utf8.RuneError
		}
		if !lone {
			t.Errorf("%s %v: no lone surrogate", r.Layout, r.UTF16)
		}
		b, err := hex.DecodeString(r.Input)
		if err != nil || utf8.Valid(b) {
			t.Errorf("%s %v: bytes %q are valid UTF-8 (%v)", r.Layout, r.UTF16, r.Input, err)
		}
		ns, err := hex.DecodeString(r.Namespace)
		if err != nil || len(ns) != 16 {
			t.Fatalf("%s: a bad namespace %q", r.Layout, r.Namespace)
		}
		if got := makers[r.Layout](uuid.UUID(ns), string(b)); hex.EncodeToString(got[:]) != r.Hex {
			t.Errorf("%s %q: package uuid gives %x, the corpus %s", r.Layout, r.Input, got, r.Hex)
		}
	}
	for l := range makers {
		if counts[l] != len(conformance.BadNames()) {
			t.Errorf("%s: %d bad-name records, want %d", l, counts[l], len(conformance.BadNames()))
		}
	}
}

// TestOrderSigned checks that the corpus's order records of every 128-bit
// layout hold a neighbouring pair that java.util.UUID's compareTo, which
// compares two signed longs, puts the other way round, and one of a
// 64-bit layout that a signed long's order does, so that a language whose
// compare were the platform's signed one fails them.
func TestOrderSigned(t *testing.T) {
	rs, err := conformance.Load("corpus.jsonl.gz")
	if err != nil {
		t.Fatal(err)
	}
	signed := func(a, b []byte) int {
		for i := 0; i+8 <= len(a); i += 8 {
			x, y := int64(binary.BigEndian.Uint64(a[i:])), int64(binary.BigEndian.Uint64(b[i:]))
			if x != y {
				if x < y {
					return -1
				}
				return 1
			}
		}
		return bytes.Compare(a[len(a)/8*8:], b[len(b)/8*8:])
	}
	for _, r := range rs {
		if r.Kind != "order" || len(r.IDs) == 0 || len(r.IDs[0])%16 != 0 {
			continue
		}
		disagree := map[int]bool{} // the 64-bit word where signed order goes wrong
		for i := 1; i < len(r.IDs); i++ {
			a, _ := hex.DecodeString(r.IDs[i-1])
			b, _ := hex.DecodeString(r.IDs[i])
			if bytes.Compare(a, b) >= 0 {
				t.Errorf("%s: %s before %s, not ascending", r.Layout, r.IDs[i-1], r.IDs[i])
			}
			if signed(a, b) > 0 {
				for w := 0; w < len(a); w += 8 {
					if !bytes.Equal(a[w:min(w+8, len(a))], b[w:min(w+8, len(b))]) {
						disagree[w] = true
						break
					}
				}
			}
		}
		want := 1 // each long of the ID: the most significant and, past 8 bytes, the next
		if len(r.IDs[0]) >= 32 {
			want = 2
		}
		if len(disagree) < want {
			t.Errorf("%s: signed order goes wrong in %s of the words, want each of the first %d", r.Layout, fmt.Sprint(disagree), want)
		}
	}
}
