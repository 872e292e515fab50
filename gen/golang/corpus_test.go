package golang_test

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/idforge/idforge/conformance"
	"github.com/idforge/idforge/gen/golang"
	"github.com/idforge/idforge/layouts"
	"github.com/idforge/idforge/resolved"
)

// TestCorpus generates a package for every layout of the conformance
// corpus, as `idforge gen` writes it, and has each read its layout's
// records as JavaScript, Python and SQL read them: every ID's text forms
// (the canonical one, in whatever encoding the layout declares, and
// Base62, Crockford and hex) written and read back, and every bad input
// refused with the error the corpus names, every alias text read as its
// ID and written back canonical, and every "valid" record's text read by
// Parse, with the error it names or an ID whose Valid is what it says (Go's
// form of isValid), every "order" record's IDs put in order by Compare,
// and, for a layout with MinAt and MaxAt, every "bound" record: each side
// the record's ID, or ErrTime where it has none. A package of an int64 ID
// writes its canonical text in decimal, the unsigned number its bits hold,
// checked against strconv.FormatUint; where its top bit is a constant zero
// it holds no ID with that bit set, and its readers refuse the corpus's
// such IDs with ErrOverflow, as package snowflake does.
func TestCorpus(t *testing.T) {
	m := joinUserModule(t, "corpus")
	t.Parallel()
	dir := m.dir
	rs, err := conformance.Load(filepath.Join(repoRoot(t), "conformance", "corpus.jsonl.gz"))
	if err != nil {
		t.Fatal(err)
	}
	byLayout := map[string][]conformance.Record{}
	var order []conformance.Record
	for _, r := range rs {
		if r.Kind == "layout" {
			order = append(order, r)
		}
		byLayout[r.Layout] = append(byLayout[r.Layout], r)
	}
	made, refused, bounded := 0, 0, 0
	for i, head := range order {
		l, err := layouts.Parse(head.File, []byte(head.Spec))
		if err != nil {
			t.Fatalf("%s: %v", head.Layout, err)
		}
		pkg := fmt.Sprintf("corpus%02d", i)
		src, err := golang.Generate(golang.Single(resolved.Must(l), pkg, "ID"))
		if err != nil {
			if !strings.Contains(err.Error(), "interpreter") {
				t.Fatalf("%s: %v", head.Layout, err)
			}
			refused++
			continue
		}
		write(t, filepath.Join(dir, pkg, pkg+"_gen.go"), src)
		write(t, filepath.Join(dir, pkg, "corpus_test.go"), []byte(corpusTest(t, l, pkg, byLayout[head.Layout])))
		if src := corpusBoundsTest(t, l, pkg, byLayout[head.Layout]); src != "" {
			write(t, filepath.Join(dir, pkg, "bounds_test.go"), []byte(src))
			bounded++
		}
		made++
	}
	if refused > 2 {
		t.Errorf("the generator refused %d of the corpus's %d layouts", refused, len(order))
	}
	t.Logf("%d corpus layouts generated and tested, %d of them on bound records; %d refused (the interpreter handles them)", made, bounded, refused)
	m.check(t)
}

// corpusTest returns the test file of package pkg, generated from layout l,
// that runs the layout's records rs, the first of them its "layout" record.
//
// That record names the text form its "text" records are in. A corpus made
// before the layout's canonical text became what it is (decimal for 64-bit
// layouts, which the corpus once wrote in Base62) names another: its text
// records are then read and written in the form it names, as
// internal/texttest reads them, and the package's own decimal is checked
// against strconv.FormatUint alone.
func corpusTest(t *testing.T, l *layouts.Layout, pkg string, rs []conformance.Record) string {
	t.Helper()
	p := golang.Single(resolved.Must(l), pkg, "ID")
	encode, parse := "ID.String", "Parse"
	if text := rs[0].Text; text != l.CanonicalText() {
		method, ok := map[string]string{"base62": "Base62", "crockford": "Crockford", "hex": "Hex"}[text]
		if !ok {
			t.Fatalf("%s: the corpus writes its text in %s, and the layout's is %s: regenerate the corpus", rs[0].Layout, text, l.CanonicalText())
		}
		encode, parse = "ID."+method, "Parse"+method
	}
	fixedSign := p.Int64 && topBitZero(l)
	var ids, bads, aliases, valids, orders strings.Builder
	for _, r := range rs {
		switch r.Kind {
		case "id":
			fmt.Fprintf(&ids, "\t{%q, %q, %q, %q},\n", r.Hex, r.Base62, r.Crockford, r.Text)
		case "alias":
			fmt.Fprintf(&aliases, "\t{%q, %q, %q, %q},\n", r.Form, r.Input, r.Hex, r.Text)
		case "order":
			fmt.Fprintf(&orders, "\t%#v,\n", r.IDs)
		case "valid":
			fmt.Fprintf(&valids, "\t{%q, %t, %q},\n", r.Input, *r.Valid, r.Error)
		case "bad":
			if r.Form != "bytes" {
				pos := -1
				if r.Pos != nil {
					pos = *r.Pos
				}
				fmt.Fprintf(&bads, "\t{%q, %q, %q, %d},\n", r.Form, r.Input, r.Error, pos)
			}
		}
	}
	return fmt.Sprintf(corpusTestFile, pkg, rs[0].Layout, ids.String(), bads.String(), encode, parse, p.Int64, fixedSign, aliases.String(), valids.String(), orders.String())
}

// corpusBoundsTest returns the test file of package pkg, generated from
// layout l, that runs the layout's "bound" records from rs, or "" for a
// layout with no MinAt and MaxAt (no time, or one that does not order its
// IDs), which has none.
func corpusBoundsTest(t *testing.T, l *layouts.Layout, pkg string, rs []conformance.Record) string {
	t.Helper()
	if _, ok := l.Value(layouts.Time); !ok || !l.TimeSortable() {
		return ""
	}
	var bounds strings.Builder
	for _, r := range rs {
		if r.Kind != "bound" {
			continue
		}
		at, ok, err := r.Time()
		if err != nil {
			t.Fatal(err)
		}
		if !ok {
			continue // past what a time.Time holds
		}
		fmt.Fprintf(&bounds, "\t{%q, %d, %d, %q, %q, %q},\n", r.At, at.Unix(), at.Nanosecond(), r.Min, r.Max, r.Error)
	}
	return fmt.Sprintf(corpusBoundsFile, pkg, bounds.String())
}

// corpusBoundsFile is the rest of the test file of a layout with MinAt and
// MaxAt: its "bound" records, each side an ID (hex) or, where no ID
// satisfies the definition, the record's error.
const corpusBoundsFile = `package %s

import (
	"errors"
	"testing"
	"time"
)

// The corpus's bound records: the instant (nanoseconds since the Unix
// epoch, and as seconds and nanoseconds), MinAt and MaxAt there in hex,
// and the error of a side without an ID.
var bounds = []struct {
	at        string
	sec, nsec int64
	min, max  string
	kind      string
}{
%s}

// MinAt is the smallest ID whose time is at or after the instant, MaxAt the
// largest at or before it, also at the ends of the range; ErrTime only
// where no ID is either.
func TestCorpusBounds(t *testing.T) {
	if len(bounds) == 0 {
		t.Fatal("no bound records")
	}
	for _, b := range bounds {
		at := time.Unix(b.sec, b.nsec)
		for _, side := range []struct {
			name string
			f    func(time.Time) (ID, error)
			want string
		}{{"MinAt", MinAt, b.min}, {"MaxAt", MaxAt, b.max}} {
			id, err := side.f(at)
			switch {
			case side.want == "":
				if b.kind != "ErrTime" || !errors.Is(err, ErrTime) {
					t.Errorf("%%s(%%s) = %%v, %%v; want %%s", side.name, b.at, id, err, b.kind)
				}
			case err != nil || id.Hex() != side.want:
				t.Errorf("%%s(%%s) = %%v, %%v; want %%s", side.name, b.at, id, err, side.want)
			}
		}
	}
}
`

const corpusTestFile = `package %[1]s

import (
	"encoding/binary"
	"encoding/hex"
	"errors"
	"strconv"
	"strings"
	"testing"
)

// The conformance corpus's records of layout %[2]s.
var ids = []struct{ hex, base62, crockford, text string }{
%[3]s}

// Bad input, the error kind it gives and, for ErrSyntax, the position of
// the character, which the message names with the input's length.
var bads = []struct {
	form, input, kind string
	pos               int
}{
%[4]s}

// Text each form reads though it never writes it, the ID it reads as and
// what the form writes of it.
var aliases = []struct{ form, input, hex, canonical string }{
%[9]s}

// Text, whether the check of text is true of it (Go's is Parse, then
// Valid), and the error kind Parse gives it, if it refuses it.
var valids = []struct {
	input string
	valid bool
	kind  string
}{
%[10]s}

// IDs (hex) in unsigned byte order, the order Compare must give them.
var orders = [][]string{
%[11]s}

// The form the corpus's text records are in: the package's canonical one,
// or the one a corpus made before it names.
var (
	corpusEncode = %[5]s
	corpusParse  = %[6]s
)

const (
	decimal   = %[7]t // String writes the ID's 64 bits as an unsigned number, in decimal
	fixedSign = %[8]t // and the top bit of every ID is zero
)

func TestCorpus(t *testing.T) {
	for _, r := range ids {
		b, err := hex.DecodeString(r.hex)
		if err != nil {
			t.Fatal(err)
		}
		if fixedSign && b[0] >= 0x80 {
			if id, err := ParseHex(r.hex); !errors.Is(err, ErrOverflow) {
				t.Errorf("ParseHex(%%q) = %%v, %%v; want ErrOverflow, as no ID has its top bit set", r.hex, id, err)
			}
			continue
		}
		id, err := ParseHex(r.hex)
		if err != nil {
			t.Fatalf("ParseHex(%%q): %%v", r.hex, err)
		}
		if corpusEncode(id) != r.text || id.Base62() != r.base62 || id.Crockford() != r.crockford || id.Hex() != r.hex {
			t.Errorf("%%s: text %%q, Base62 %%q, Crockford %%q, hex %%q; the corpus has %%q, %%q, %%q", r.hex, corpusEncode(id), id.Base62(), id.Crockford(), id.Hex(), r.text, r.base62, r.crockford)
		}
		texts := []struct {
			parse func(string) (ID, error)
			s     string
		}{{corpusParse, r.text}, {ParseBase62, r.base62}, {ParseCrockford, r.crockford}, {ParseCrockford, strings.ToLower(r.crockford)}, {ParseHex, strings.ToUpper(r.hex)}}
		if decimal {
			want := strconv.FormatUint(binary.BigEndian.Uint64(b), 10)
			if id.String() != want {
				t.Errorf("%%s: String %%q, want %%q", r.hex, id.String(), want)
			}
			texts = append(texts, struct {
				parse func(string) (ID, error)
				s     string
			}{Parse, want})
		}
		for _, c := range texts {
			if back, err := c.parse(c.s); err != nil || back != id {
				t.Errorf("%%q read as %%v, %%v; want %%s", c.s, back, err, id)
			}
		}
	}
	parsers := map[string]func(string) (ID, error){"base62": ParseBase62, "crockford": ParseCrockford, "hex": ParseHex, "text": corpusParse}
	writers := map[string]func(ID) string{"crockford": ID.Crockford, "text": corpusEncode}
	for _, a := range aliases {
		if b, _ := hex.DecodeString(a.hex); fixedSign && b[0] >= 0x80 {
			continue
		}
		id, err := parsers[a.form](a.input)
		if err != nil || id.Hex() != a.hex {
			t.Errorf("%%s %%q read as %%v, %%v; want %%s", a.form, a.input, id, err, a.hex)
		} else if got := writers[a.form](id); got != a.canonical {
			t.Errorf("%%s %%q reads as %%s, which writes %%q, want %%q", a.form, a.input, a.hex, got, a.canonical)
		}
	}
	kinds := map[string]error{"ErrLength": ErrLength, "ErrSyntax": ErrSyntax, "ErrOverflow": ErrOverflow}
	for _, b := range bads {
		_, err := parsers[b.form](b.input)
		if !errors.Is(err, kinds[b.kind]) {
			t.Errorf("%%s %%q: %%v, want %%s", b.form, b.input, err, b.kind)
			continue
		}
		if msg := err.Error(); !strings.Contains(msg, "length "+strconv.Itoa(len(b.input))) || b.pos >= 0 && !strings.Contains(msg, "position "+strconv.Itoa(b.pos)) {
			t.Errorf("%%s %%q: the message %%q does not name the length %%d (and position %%d)", b.form, b.input, msg, len(b.input), b.pos)
		}
	}
	// Compare puts the IDs in unsigned byte order, but for IDs with the top
	// bit set where the layout holds none (ParseHex refuses them).
	for _, hs := range orders {
		var prev ID
		for i, h := range hs {
			if b, _ := hex.DecodeString(h); fixedSign && b[0] >= 0x80 {
				continue
			}
			id, err := ParseHex(h)
			if err != nil {
				t.Fatalf("order: ParseHex(%%q): %%v", h, err)
			}
			if id.Compare(id) != 0 {
				t.Errorf("order: %%s does not equal itself", h)
			}
			if i > 0 && (prev.Compare(id) != -1 || id.Compare(prev) != 1) {
				t.Errorf("order: %%s, %%s compare %%d and %%d, want -1 and +1", prev.Hex(), h, prev.Compare(id), id.Compare(prev))
			}
			prev = id
		}
	}
	// The contract's isValid(text) is, in Go, Parse reading the text and
	// Valid of the ID it reads.
	for _, v := range valids {
		id, err := corpusParse(v.input)
		switch {
		case v.kind != "":
			if !errors.Is(err, kinds[v.kind]) {
				t.Errorf("valid %%q: Parse gives %%v, want %%s", v.input, err, v.kind)
			}
		case err != nil:
			t.Errorf("valid %%q: Parse: %%v", v.input, err)
		case id.Valid() != v.valid:
			t.Errorf("valid %%q: Parse reads %%s, whose Valid is %%v, want %%v", v.input, id, id.Valid(), v.valid)
		}
	}
}
`
