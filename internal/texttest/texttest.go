// Package texttest holds the text checks that idforge's fixed-size ID
// packages (uuid, ksuid, ulid, snowflake) share, so that each package's
// tests keep only what is its own: its published vectors, its peer library,
// its bad inputs with their positions. The checks run the conformance
// corpus (conformance/corpus.jsonl.gz) against the package and hold every
// form to the generic codecs of package encodings on many IDs. It is for
// tests only.
package texttest

import (
	"bytes"
	"encoding/hex"
	"errors"
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"reflect"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/idforge/idforge/conformance"
	"github.com/idforge/idforge/encodings"
	"github.com/idforge/idforge/maskkey"
)

// Codec is a package's ID type seen by the checks.
type Codec[ID comparable] struct {
	// Layouts are the corpus layouts whose records the package reads.
	Layouts []string
	// Size is the ID's length in bytes.
	Size      int
	FromBytes func([]byte) (ID, error)
	Bytes     func(ID) []byte
	// Forms are the package's text forms.
	Forms []Form[ID]
	// Errs are the package's sentinels by the corpus's names: ErrLength,
	// ErrSyntax and ErrOverflow.
	Errs map[string]error
	// Skip, if set, reports the corpus IDs the package cannot hold (the
	// snowflake package's above int64), which are then not checked.
	Skip func(b []byte) bool
}

// Form is one text form of an ID type.
type Form[ID comparable] struct {
	Name   string // the method's name, for messages: "Base62", "String"
	Encode func(ID) string
	Parse  func(string) (ID, error)
	// Want is what Encode must write, from the ID's bytes: the generic
	// codec of package encodings, or the package's own slow oracle.
	Want func([]byte) string
	// Corpus is the corpus's name for the form (base62, crockford, hex, or
	// text for the layout's default text), or "" when the corpus has no
	// record of it.
	Corpus string
	// Sorted says the form sorts as the bytes do.
	Sorted bool
	// FoldCase says Parse reads the text in upper and in lower case too.
	FoldCase bool
}

// Generic returns the forms every ID package has, Base62, Crockford and
// Hex, checked against package encodings and the corpus.
func Generic[ID comparable](base62, crockford, hex func(ID) string, parseBase62, parseCrockford, parseHex func(string) (ID, error)) []Form[ID] {
	return []Form[ID]{
		{Name: "Base62", Encode: base62, Parse: parseBase62, Want: encodings.Base62.EncodeToString, Corpus: "base62", Sorted: true},
		{Name: "Crockford", Encode: crockford, Parse: parseCrockford, Want: encodings.Crockford.EncodeToString, Corpus: "crockford", Sorted: true, FoldCase: true},
		{Name: "Hex", Encode: hex, Parse: parseHex, Want: encodings.Hex.EncodeToString, Corpus: "hex", Sorted: true, FoldCase: true},
	}
}

// Samples returns n random IDs of size bytes from a fixed seed, then the
// all-zero and all-one IDs and every ID with one bit set and with one bit
// clear: the carries of a base conversion show there.
func Samples(size, n int, seed string) [][]byte {
	var key [32]byte
	copy(key[:], seed)
	r := rand.New(rand.NewChaCha8(key))
	var ids [][]byte
	for range n {
		b := make([]byte, size)
		for i := range b {
			b[i] = byte(r.Uint32())
		}
		ids = append(ids, b)
	}
	zero, ones := make([]byte, size), bytes.Repeat([]byte{0xff}, size)
	ids = append(ids, zero, ones)
	for bit := range 8 * size {
		one, clear := bytes.Clone(zero), bytes.Clone(ones)
		one[bit/8] |= 0x80 >> (bit % 8)
		clear[bit/8] &^= 0x80 >> (bit % 8)
		ids = append(ids, one, clear)
	}
	return ids
}

// IDs returns the IDs of Samples(n, seed) that the package holds.
func IDs[ID comparable](t testing.TB, c Codec[ID], n int, seed string) []ID {
	t.Helper()
	var ids []ID
	for _, b := range Samples(c.Size, n, seed) {
		if c.Skip != nil && c.Skip(b) {
			continue
		}
		id, err := c.FromBytes(b)
		if err != nil {
			t.Fatalf("FromBytes(%x): %v", b, err)
		}
		if got := c.Bytes(id); !bytes.Equal(got, b) {
			t.Fatalf("FromBytes(%x) has bytes %x", b, got)
		}
		ids = append(ids, id)
	}
	return ids
}

// Codecs checks that every form of the IDs of Samples(n) writes what its
// Want writes and reads it back, in either case where case does not
// matter.
func Codecs[ID comparable](t *testing.T, c Codec[ID], n int, seed string) {
	t.Helper()
	for _, id := range IDs(t, c, n, seed) {
		b := c.Bytes(id)
		for _, f := range c.Forms {
			s := f.Encode(id)
			if want := f.Want(b); s != want {
				t.Fatalf("%x: %s = %q, want %q", b, f.Name, s, want)
			}
			texts := []string{s}
			if f.FoldCase {
				texts = append(texts, strings.ToLower(s), strings.ToUpper(s))
			}
			for _, s := range texts {
				if back, err := f.Parse(s); err != nil || back != id {
					t.Fatalf("%x: parse %s %q = %x, %v", b, f.Name, s, c.Bytes(back), err)
				}
			}
		}
	}
}

// Order checks that the sorted forms of the IDs of Samples(n) compare as
// their bytes do, each against another.
func Order[ID comparable](t *testing.T, c Codec[ID], n int, seed string) {
	t.Helper()
	ids := IDs(t, c, n, seed)
	for i, a := range ids {
		b := ids[(i*7+1)%len(ids)]
		want := bytes.Compare(c.Bytes(a), c.Bytes(b))
		for _, f := range c.Forms {
			if !f.Sorted {
				continue
			}
			if x, y := f.Encode(a), f.Encode(b); strings.Compare(x, y) != want {
				t.Fatalf("%s: Compare(%q, %q) = %d, bytes compare %d", f.Name, x, y, strings.Compare(x, y), want)
			}
		}
	}
}

// Bad is one bad input: what parse must refuse it with, and for ErrSyntax
// the byte offset of the character at fault. It is an unnamed struct type,
// so that the packages' tables can list its fields without their names.
type Bad[ID comparable] = struct {
	Name  string
	Parse func(string) (ID, error)
	In    string
	Want  error
	Pos   int
}

// BadInputs checks that each parse refuses its input with an error
// matching the sentinel and returns the zero ID, and that the error holds
// a *SyntaxError, at the right character, exactly when it is ErrSyntax.
func BadInputs[ID comparable](t *testing.T, c Codec[ID], cases []Bad[ID]) {
	t.Helper()
	for _, b := range cases {
		t.Run(b.Name, func(t *testing.T) {
			c.checkBad(t, b.Parse, b.In, b.Want, b.Pos)
		})
	}
}

// syntaxError returns the Pos and Char of the package's *SyntaxError in
// err's chain, and whether there is one: each package has its own type,
// a pointer to a struct named SyntaxError with those two fields.
func syntaxError(err error) (pos int, char byte, ok bool) {
	for ; err != nil; err = errors.Unwrap(err) {
		v := reflect.ValueOf(err)
		if v.Kind() != reflect.Pointer || v.Elem().Kind() != reflect.Struct || v.Elem().Type().Name() != "SyntaxError" {
			continue
		}
		p, c := v.Elem().FieldByName("Pos"), v.Elem().FieldByName("Char")
		if p.Kind() == reflect.Int && c.Kind() == reflect.Uint8 {
			return int(p.Int()), byte(c.Uint()), true
		}
	}
	return 0, 0, false
}

func (c Codec[ID]) checkBad(t *testing.T, parse func(string) (ID, error), in string, want error, at int) {
	t.Helper()
	id, err := parse(in)
	if !errors.Is(err, want) {
		t.Fatalf("%q: error = %v, want %v", in, err, want)
	}
	var zero ID
	if id != zero {
		t.Errorf("%q: returned %x with the error, want the zero ID", in, c.Bytes(id))
	}
	pos, char, ok := syntaxError(err)
	if ok != (want == c.Errs["ErrSyntax"]) {
		t.Fatalf("%q: error %v: *SyntaxError is %v", in, err, ok)
	}
	if ok && at >= 0 && (pos != at || char != in[at]) {
		t.Errorf("%q: SyntaxError at %d (%q), want %d (%q)", in, pos, char, at, in[at])
	}
	if ok && (pos < 0 || pos >= len(in) || char != in[pos]) {
		t.Errorf("%q: SyntaxError at %d (%q), not a character of the input", in, pos, char)
	}
	// The message says what a person needs to find the fault: the
	// input's length and, for a bad character, where it is.
	if msg := err.Error(); !strings.Contains(msg, fmt.Sprintf("length %d", len(in))) || ok && !strings.Contains(msg, fmt.Sprintf("position %d", pos)) {
		t.Errorf("%q: the message %q does not name the length %d (and the position of a bad character)", in, msg, len(in))
	}
}

// Corpus runs the conformance corpus's records of the codec's layouts:
// each ID written in every form the corpus has and read back, from its
// bytes and from each text; each bad input refused as BadInputs checks,
// with the sentinel the corpus names.
func Corpus[ID comparable](t *testing.T, c Codec[ID]) {
	t.Helper()
	_, file, _, _ := runtime.Caller(0)
	rs, err := conformance.Load(filepath.Join(filepath.Dir(file), "..", "..", "conformance", "corpus.jsonl.gz"))
	if err != nil {
		t.Fatal(err)
	}
	forms := map[string]Form[ID]{}
	for _, f := range c.Forms {
		if f.Corpus != "" {
			forms[f.Corpus] = f
		}
	}
	ids, bad, aliases := 0, 0, 0
	for _, r := range rs {
		if !slices.Contains(c.Layouts, r.Layout) {
			continue
		}
		switch r.Kind {
		case "layout":
			// A codec with no form of its own for the layout's default
			// text reads it as the form the layout names (a Snowflake's
			// String is decimal; the corpus's text is its Base62).
			if _, ok := forms["text"]; !ok && forms[r.Text].Parse != nil {
				forms["text"] = forms[r.Text]
			}
		case "id":
			b, _ := hex.DecodeString(r.Hex)
			if c.Skip != nil && c.Skip(b) {
				continue
			}
			id, err := c.FromBytes(b)
			if err != nil {
				t.Fatalf("%s: FromBytes(%s): %v", r.Layout, r.Hex, err)
			}
			for name, want := range map[string]string{"hex": r.Hex, "base62": r.Base62, "crockford": r.Crockford, "text": r.Text} {
				f, ok := forms[name]
				if !ok {
					t.Fatalf("the codec has no %s form", name)
				}
				if got := f.Encode(id); got != want {
					t.Errorf("%s %s: %s = %q, want %q", r.Layout, r.Hex, f.Name, got, want)
				}
				if back, err := f.Parse(want); err != nil || back != id {
					t.Errorf("%s: parse %s %q = %x, %v", r.Layout, f.Name, want, c.Bytes(back), err)
				}
			}
			ids++
		case "alias":
			// Text the form reads though it never writes it (Crockford's
			// I, L and O, lower case): the ID, written back canonical.
			b, _ := hex.DecodeString(r.Hex)
			if c.Skip != nil && c.Skip(b) {
				continue
			}
			f, ok := forms[r.Form]
			if !ok {
				continue // the corpus's text is in a form the package does not read
			}
			id, err := f.Parse(r.Input)
			if want, _ := c.FromBytes(b); err != nil || id != want {
				t.Errorf("%s: parse %s %q = %x, %v; want %s", r.Layout, f.Name, r.Input, c.Bytes(id), err, r.Hex)
			} else if got := f.Encode(id); got != r.Text {
				t.Errorf("%s: %s %q reads as %s, which writes %q, want %q", r.Layout, f.Name, r.Input, r.Hex, got, r.Text)
			}
			aliases++
		case "bad":
			want := c.Errs[r.Error]
			if want == nil {
				t.Fatalf("the codec has no sentinel %s", r.Error)
			}
			parse := func(s string) (ID, error) { return forms[r.Form].Parse(s) }
			in := r.Input
			if r.Form == "bytes" {
				raw, _ := hex.DecodeString(r.Input)
				in = string(raw)
				parse = func(s string) (ID, error) { return c.FromBytes([]byte(s)) }
			}
			at := -1
			if r.Pos != nil {
				at = *r.Pos
			}
			c.checkBad(t, parse, in, want, at)
			bad++
		}
	}
	if ids == 0 || bad == 0 {
		t.Fatalf("the corpus has %d IDs and %d bad inputs of %v", ids, bad, c.Layouts)
	}
	t.Logf("%d corpus IDs, %d bad inputs and %d alias texts of %d layouts", ids, bad, aliases, len(c.Layouts))
}

// Decoder is a generic codec of package encodings, as checkParse reads it.
type Decoder interface {
	DecodeString(string) ([]byte, error)
	DecodedLen(int) int
}

// checkParse holds what a parser returned for s, id and err, to dec, the
// generic codec of the same form: an input of another width is ErrLength;
// what dec refuses the parser refuses, with a *SyntaxError at the same
// character or with ErrOverflow as dec does, returning the zero ID; what
// dec reads the parser reads to the same bytes, and encode
// writes it back as s, up to case if foldCase. An ID the package cannot
// hold (Codec.Skip) is ErrOverflow.
func checkParse[ID comparable](t *testing.T, c Codec[ID], s string, id ID, err error, dec Decoder, encode func(ID) string, foldCase bool) {
	t.Helper()
	var zero ID
	if err != nil && id != zero {
		t.Fatalf("parse(%q) returned %x with the error %v", s, c.Bytes(id), err)
	}
	if dec.DecodedLen(len(s)) != c.Size {
		// Another width, or none: ours has one.
		if !errors.Is(err, c.Errs["ErrLength"]) {
			t.Fatalf("parse(%q) = %x, %v; want ErrLength", s, c.Bytes(id), err)
		}
		return
	}
	want, werr := dec.DecodeString(s)
	if werr == nil && c.Skip != nil && c.Skip(want) {
		if !errors.Is(err, c.Errs["ErrOverflow"]) {
			t.Fatalf("parse(%q) = %x, %v; want ErrOverflow, as no ID is %x", s, c.Bytes(id), err, want)
		}
		return
	}
	if err != nil {
		if werr == nil {
			t.Fatalf("parse(%q) = %v; encodings reads %x", s, err, want)
		}
		var ie encodings.InvalidCharError
		if pos, _, ok := syntaxError(err); ok {
			if !errors.Is(err, c.Errs["ErrSyntax"]) || !errors.As(werr, &ie) || ie.Pos != pos {
				t.Fatalf("parse(%q) = %v; encodings %v", s, err, werr)
			}
		} else if !errors.Is(err, c.Errs["ErrOverflow"]) || !errors.Is(werr, encodings.ErrOverflow) {
			t.Fatalf("parse(%q) = %v; encodings %v", s, err, werr)
		}
		return
	}
	if werr != nil || !bytes.Equal(want, c.Bytes(id)) {
		t.Fatalf("parse(%q) = %x; encodings %x, %v", s, c.Bytes(id), want, werr)
	}
	// What parses writes back canonical: itself, up to case where the form
	// folds it, with an alias (Crockford's I, L and O) as its digit.
	canonical := s
	if cd, ok := dec.(interface{ Canonical(string) string }); ok {
		canonical = cd.Canonical(s)
	}
	if text := encode(id); text != canonical && !(foldCase && strings.EqualFold(text, canonical)) {
		t.Fatalf("parse(%q) = %x, which writes %q", s, c.Bytes(id), text)
	}
}

// FuzzForm fuzzes parse from seeds, holding every input to checkParse;
// more, if not nil, checks each input further (against a peer library,
// say).
func FuzzForm[ID comparable](f *testing.F, c Codec[ID], seeds []string, parse func(string) (ID, error), encode func(ID) string, dec Decoder, foldCase bool,
	more func(t *testing.T, s string, id ID, err error)) {
	for _, s := range seeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		id, err := parse(s)
		checkParse(t, c, s, id, err, dec, encode, foldCase)
		if more != nil {
			more(t, s, id, err)
		}
	})
}

// MaskKey returns a fixed key for the tests.
func MaskKey(t *testing.T) maskkey.Key {
	t.Helper()
	k, err := maskkey.Parse("30313233343536373839616263646566")
	if err != nil {
		t.Fatal(err)
	}
	return k
}

// Masker is what Masks holds a generated package's Masker to.
type Masker[ID comparable] struct {
	Layout    string                                                // the layout whose records are read
	ParseHex  func(string) (ID, error)                              // the package's ParseHex
	New       func(key maskkey.Key, tweak []byte) (Mask[ID], error) // the layout's NewMasker
	Key       error                                                 // the package's ErrKey
	Invalid   error                                                 // the package's ErrInvalid
	NotMasked error                                                 // the package's ErrNotMasked
}

// Mask is a generated package's *Masker, as Masks calls it.
type Mask[ID comparable] interface {
	Mask(ID) (ID, error)
	Unmask(ID) (ID, error)
}

// Masks holds a generated package's Masker to the corpus's mask records of
// one layout (package mask's answers), both ways, and to its refusals: an
// ID whose constant bits are not the layout's is ErrInvalid, a public form
// whose constant bits are not the public form's ErrNotMasked, and a key
// that is too short or all zero cannot be made (maskkey.ErrKey); the zero
// Key is the package's ErrKey.
func Masks[ID comparable](t *testing.T, m Masker[ID]) {
	t.Helper()
	_, file, _, _ := runtime.Caller(0)
	rs, err := conformance.Load(filepath.Join(filepath.Dir(file), "..", "..", "conformance", "corpus.jsonl.gz"))
	if err != nil {
		t.Fatal(err)
	}
	n, refused := 0, 0
	for _, r := range rs {
		if r.Layout != m.Layout || r.Kind != "mask" {
			continue
		}
		key, err := maskkey.Parse(r.Key)
		if r.Error == "ErrKey" {
			if !errors.Is(err, maskkey.ErrKey) {
				t.Errorf("%s: the key %s: %v, want ErrKey", r.Layout, r.Key, err)
			}
			refused++
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		tweak, _ := hex.DecodeString(r.Tweak)
		mk, err := m.New(key, tweak)
		if err != nil {
			t.Fatal(err)
		}
		switch r.Error {
		case "ErrInvalid":
			id, err := m.ParseHex(r.Hex)
			if err != nil {
				// A value of the ID type cannot hold it (a Snowflake's
				// ParseHex refuses a negative ID): nothing to mask.
				refused++
				continue
			}
			if got, err := mk.Mask(id); !errors.Is(err, m.Invalid) {
				t.Errorf("%s: Mask(%s) = %v, %v; want ErrInvalid", r.Layout, r.Hex, got, err)
			}
			refused++
			continue
		case "ErrNotMasked":
			pub, err := m.ParseHex(r.Public)
			if err != nil {
				refused++
				continue
			}
			if got, err := mk.Unmask(pub); !errors.Is(err, m.NotMasked) {
				t.Errorf("%s: Unmask(%s) = %v, %v; want ErrNotMasked", r.Layout, r.Public, got, err)
			}
			refused++
			continue
		case "":
		default:
			t.Fatalf("%s: a mask record with error %s", r.Layout, r.Error)
		}
		id, err1 := m.ParseHex(r.Hex)
		pub, err2 := m.ParseHex(r.Public)
		if err1 != nil || err2 != nil {
			t.Fatalf("%s: ParseHex: %v, %v", r.Layout, err1, err2)
		}
		if got, err := mk.Mask(id); err != nil || got != pub {
			t.Errorf("%s: Mask(%s) = %v, %v; want %s", r.Layout, r.Hex, got, err, r.Public)
		}
		if got, err := mk.Unmask(pub); err != nil || got != id {
			t.Errorf("%s: Unmask(%s) = %v, %v; want %s", r.Layout, r.Public, got, err, r.Hex)
		}
		n++
	}
	if n == 0 || refused == 0 {
		t.Fatalf("the corpus has %d mask records and %d refusals of %s", n, refused, m.Layout)
	}
	if _, err := m.New(maskkey.Key{}, nil); !errors.Is(err, m.Key) {
		t.Errorf("the zero Key: %v, want ErrKey", err)
	}
}
