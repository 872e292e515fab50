package explain_test

import (
	"bytes"
	crand "crypto/rand"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"math/big"
	"math/rand/v2"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/idforge/idforge/encodings"
	"github.com/idforge/idforge/explain"
	"github.com/idforge/idforge/interp"
	"github.com/idforge/idforge/layouts"
	"github.com/idforge/idforge/mask"
)

// The tests of the reading rule (see the comment on ReadOptions): a text
// in a layout's canonical form reads as that layout; other encodings only
// when named; overflow is ErrRange; inspect's first reading is Read's.

// seeded returns a generator seeded from a fixed seed and fresh
// randomness, which a failure logs so that it can be repeated.
func seeded(t *testing.T, fixed uint64) *rand.Rand {
	t.Helper()
	var b [8]byte
	crand.Read(b[:])
	fresh := binary.LittleEndian.Uint64(b[:])
	t.Cleanup(func() {
		if t.Failed() {
			t.Logf("random seed: %d, %d", fixed, fresh)
		}
	})
	return rand.New(rand.NewPCG(fixed, fresh))
}

// randReader reads bytes from a seeded generator.
type randReader struct{ r *rand.Rand }

func (r randReader) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = byte(r.r.Uint32())
	}
	return len(p), nil
}

// freshIDs makes n IDs of layout l as its generator makes them now (a
// time in the last five years, a random node; for a layout whose range
// does not reach back so far, or forward to now, five years from its
// epoch, within the range), or, for a name-based layout, random bits
// around its constants.
func freshIDs(t *testing.T, l *layouts.Layout, n int, rng *rand.Rand) [][]byte {
	t.Helper()
	out := make([][]byte, 0, n)
	_, timed := l.Value(layouts.Time)
	_, hashed := l.Value(layouts.Hash)
	if !timed || hashed {
		s, err := mask.ShapeOf(l)
		if err != nil {
			t.Fatalf("%s: %v", l.Name, err)
		}
		for range n {
			b := make([]byte, l.Bytes())
			randReader{rng}.Read(b)
			for i := range b {
				b[i] = b[i]&^s.IDMask[i] | s.IDBits[i]
			}
			out = append(out, b)
		}
		return out
	}
	const years = 5 * 365 * 24 * time.Hour
	first, last, _ := explain.TimeRange(l)
	earlier := func(a, b time.Time) time.Time {
		if a.Before(b) {
			return a
		}
		return b
	}
	end := earlier(time.Now(), last)
	if end.Before(first.Add(years)) {
		end = earlier(first.Add(years), last)
	}
	start := end.Add(-years)
	if start.Before(first) {
		start = first
	}
	for range n {
		at := end.Add(-time.Duration(rng.Int64N(int64(end.Sub(start)) + 1)))
		opts := []interp.Option{interp.WithClock(func() time.Time { return at }), interp.WithRand(randReader{rng})}
		if l.NeedsNode() {
			v, _ := l.Value(layouts.Node)
			opts = append(opts, interp.WithFixed(layouts.Node, big.NewInt(rng.Int64N(1<<v.Width))))
		}
		g, err := interp.NewGenerator(l, opts...)
		if err != nil {
			t.Fatalf("%s: %v", l.Name, err)
		}
		id, err := g.Next()
		if err != nil {
			t.Fatalf("%s at %v: %v", l.Name, at, err)
		}
		out = append(out, id)
	}
	return out
}

func canonicalText(t *testing.T, l *layouts.Layout, id []byte) string {
	t.Helper()
	f, err := explain.Formatter(l, "canonical")
	if err != nil {
		t.Fatal(err)
	}
	return string(f(nil, id))
}

// sameBytes is the Agree of convert -enc hex: IDs of the same bytes give
// the same answer, whichever layout read them.
func sameBytes(a, b *explain.Reading) bool { return bytes.Equal(a.ID, b.ID) }

// readsAs reports whether a reading is of layout name: its own, one of the
// same bits, or a variant or kin of the same bytes, or one Agree made
// alike.
func readsAs(r *explain.Reading, name string) bool {
	if slices.Contains(r.Layouts(), name) || slices.ContainsFunc(r.Same, func(c explain.Candidate) bool { return c.Layout == name }) {
		return true
	}
	return slices.ContainsFunc(r.Alike, func(a explain.Reading) bool { return readsAs(&a, name) })
}

// For every built-in layout, 10,000 fresh IDs in its canonical form read
// back as that layout, to the same bytes, without -layout (a 64-bit
// decimal ID as convert -enc hex reads it: it is each Snowflake-style
// system's, and the IDs of the same bytes agree; any other canonical text
// needs no Agree). TestCanonicalReadsWithLayout reads them with -layout.
// (Two tests, the UUID layouts and the others, each under 20 s on a busy
// machine.)
func TestCanonicalReadsAsItsLayout(t *testing.T) { canonicalReads(t, false, false) }

// TestCanonicalUUIDReadsAsItsLayout is TestCanonicalReadsAsItsLayout for
// the UUID layouts.
func TestCanonicalUUIDReadsAsItsLayout(t *testing.T) { canonicalReads(t, false, true) }

// For every built-in layout, 10,000 fresh IDs in its canonical form read
// back with -layout as that layout, to the same bytes.
func TestCanonicalReadsWithLayout(t *testing.T) {
	canonicalReads(t, true, false)
	canonicalReads(t, true, true)
}

// canonicalReads reads fresh IDs of the UUID layouts (uuids) or the others.
func canonicalReads(t *testing.T, withLayout, uuids bool) {
	all, err := explain.Builtins()
	if err != nil {
		t.Fatal(err)
	}
	specs, err := filepath.Glob("../layouts/*.layout")
	if err != nil || len(all) != len(specs) || len(all) == 0 {
		t.Errorf("%d built-in layouts, and %d specs in layouts/ (%v): want one for each", len(all), len(specs), err)
	}
	var ls []*layouts.Layout
	for _, l := range all {
		if l.IsUUID() == uuids {
			ls = append(ls, l)
		}
	}
	n := 10_000
	if testing.Short() {
		n = 1_000
	}
	rng := seeded(t, 56)
	total := 0
	for _, l := range ls {
		refused, other := 0, 0
		for _, id := range freshIDs(t, l, n, rng) {
			text := canonicalText(t, l, id)
			total++
			o := explain.ReadOptions{}
			switch {
			case withLayout:
				o.Layout = l
			case explain.Canonical(l) == "decimal":
				o.Agree = sameBytes // as convert -enc hex reads it
			}
			r, err := explain.Read(text, o)
			switch {
			case err != nil:
				if refused++; refused <= 3 {
					t.Errorf("%s %s: refused: %v", l.Name, text, err)
				}
			case !bytes.Equal(r.ID, id) || !readsAs(&r, l.Name) || withLayout && r.Layout != l.Name:
				if other++; other <= 3 {
					t.Errorf("%s %s: read as %s %x", l.Name, text, r.Name(), r.ID)
				}
			}
		}
		if refused+other > 0 {
			t.Errorf("%s: of %d, %d refused, %d read as another ID or layout", l.Name, n, refused, other)
		}
	}
	t.Logf("%d canonical texts of %d layouts read (with -layout: %v)", total, len(ls), withLayout)
}

// randomText returns n characters of alphabet.
func randomText(rng *rand.Rand, alphabet string, n int) string {
	b := make([]byte, n)
	for i := range b {
		b[i] = alphabet[rng.IntN(len(alphabet))]
	}
	return string(b)
}

// Text in a layout's canonical form above its largest ID is ErrRange with
// -layout, and read as no ID without it: a ULID above
// 7ZZZZZZZZZZZZZZZZZZZZZZZZZ, a KSUID above aWgEPTl1tmebfsQzFP4bxwgy80V.
func TestOverflowIsErrRange(t *testing.T) {
	rng := seeded(t, 57)
	n := 10_000
	if testing.Short() {
		n = 1_000
	}
	for _, c := range []struct {
		layout, max, alphabet string
	}{
		{"ulid", "7ZZZZZZZZZZZZZZZZZZZZZZZZZ", "0123456789ABCDEFGHJKMNPQRSTVWXYZ"},
		{"ksuid", "aWgEPTl1tmebfsQzFP4bxwgy80V", "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"},
	} {
		l := mustLookup(t, c.layout)
		if got := canonicalText(t, l, explain.MaxID(l)); got != c.max {
			t.Errorf("%s: largest %s, want %s", c.layout, got, c.max)
		}
		read, tried := 0, 0
		for tried < n {
			text := randomText(rng, c.alphabet, len(c.max))
			if text <= c.max {
				continue // not above: text order is value order here
			}
			tried++
			if _, err := explain.Read(text, explain.ReadOptions{Layout: l}); !errors.Is(err, explain.ErrRange) || !strings.Contains(err.Error(), "is above the largest "+c.layout+" ID in") {
				if read++; read <= 3 {
					t.Errorf("%s -layout %s: %v, want ErrRange", text, c.layout, err)
				}
			}
			if r, err := explain.Read(text, explain.ReadOptions{}); err == nil {
				if read++; read <= 3 {
					t.Errorf("%s: read as %s %x", text, r.Layout, r.ID)
				}
			}
			if r, err := explain.Read(text, explain.ReadOptions{Layout: l, Public: func([]byte) bool { return true }}); !errors.Is(err, explain.ErrRange) {
				if read++; read <= 3 {
					t.Errorf("%s as a public %s: %x, %v", text, c.layout, r.ID, err)
				}
			}
		}
		if read > 0 {
			t.Errorf("%s: %d of %d texts above the largest were read", c.layout, read, n)
		}
	}
}

// unmask reads a text as a public form of one layout: random text of the
// canonical form's length, in its alphabet, reads in that form or not at
// all, never in another encoding of the same length; above the largest it
// is ErrRange.
func TestLayoutTextReadsInItsFormOnly(t *testing.T) {
	rng := seeded(t, 58)
	n := 10_000
	if testing.Short() {
		n = 1_000
	}
	public := func([]byte) bool { return true }
	for _, name := range []string{"ksuid", "ksuid-ms", "tsid", "xid", "ulid"} {
		l := mustLookup(t, name)
		e, err := l.TextEncoding()
		if err != nil || e == nil {
			t.Fatalf("%s: %v", name, err)
		}
		width := e.EncodedLen(l.Bytes())
		bad := 0
		for range n {
			text := randomText(rng, e.Spec().Digits, width)
			r, err := explain.Read(text, explain.ReadOptions{Layout: l, Public: public})
			_, derr := e.DecodeString(text)
			switch {
			case err == nil && r.Form != explain.Canonical(l):
				bad++
				t.Errorf("%s %s: read as %s", name, text, r.Form)
			case errors.Is(derr, encodings.ErrOverflow) && !errors.Is(err, explain.ErrRange):
				bad++
				t.Errorf("%s %s: above the largest, but %v", name, text, err)
			}
			if bad > 3 {
				t.FailNow()
			}
		}
	}
}

// Adding an encoding, a superset of Base62's alphabet (64 digits, as a
// number), reads canonical texts as they read without it: the same
// layout, the same bytes, the same error; inspect lists its readings.
func TestAddedEncodingChangesNoCanonicalReading(t *testing.T) {
	ls, err := explain.Builtins()
	if err != nil {
		t.Fatal(err)
	}
	rng := seeded(t, 59)
	type result struct{ layout, hex, err string }
	readAll := func(texts []string) []result {
		var out []result
		for _, text := range texts {
			r, err := explain.Read(text, explain.ReadOptions{})
			res := result{layout: r.Layout, hex: hex.EncodeToString(r.ID)}
			if err != nil {
				res.err = fmt.Sprintf("%T", err)
			}
			out = append(out, res)
		}
		return out
	}
	var texts []string
	for _, l := range ls {
		per := 100
		if l.Name == "ksuid" {
			per = 2000
		}
		for _, id := range freshIDs(t, l, per, rng) {
			texts = append(texts, canonicalText(t, l, id))
		}
	}
	before := readAll(texts)
	b64, err := encodings.Declare("encoding base64n Base64n 0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz-_")
	if err != nil {
		t.Fatal(err)
	}
	undo := explain.AddEncoding(b64)
	defer undo()
	after := readAll(texts)
	changed, shown := 0, 0
	for i := range texts {
		if before[i] != after[i] {
			if changed++; changed <= 3 {
				t.Errorf("%s: %+v, with base64n %+v", texts[i], before[i], after[i])
			}
		}
		if slices.ContainsFunc(explain.Readings(texts[i], explain.ReadOptions{}).Candidates, func(c explain.Candidate) bool { return c.Form == "base64n" }) {
			shown++
		}
	}
	if changed > 0 {
		t.Errorf("base64n changed %d of %d canonical readings", changed, len(texts))
	}
	if shown == 0 {
		t.Error("base64n read no text: the test's encoding was not added")
	}
	t.Logf("%d canonical texts read alike with and without base64n, which reads %d of them too", len(texts), shown)
}

// A UUIDv7 written with -enc crockford-check reads as that UUIDv7 in
// inspect and convert, though Base62 reads most such texts as a KSUID:
// its valid check symbol and its version and variant outrank a canonical
// form.
func TestCrockfordCheckUUIDv7(t *testing.T) {
	v7 := mustLookup(t, "v7")
	f, err := explain.Formatter(v7, "crockford-check")
	if err != nil {
		t.Fatal(err)
	}
	asKSUID := 0
	for _, id := range freshIDs(t, v7, 300, seeded(t, 60)) {
		text := string(f(nil, id))
		r, err := explain.Read(text, explain.ReadOptions{})
		if err != nil || r.Layout != "uuidv7" || !bytes.Equal(r.ID, id) {
			t.Errorf("%s: %s %x, %v", text, r.Layout, r.ID, err)
			continue
		}
		rep := explain.Inspect(text, explain.Options{All: true})
		if top := rep.Candidates[0]; top.Layout != "uuidv7" || !bytes.Equal(top.ID, id) || !slices.Contains(top.Evidence, "valid check symbol") {
			t.Errorf("%s: inspect's first reading %s %v", text, top.Layout, top.Evidence)
		}
		for _, c := range rep.Candidates[1:] {
			if c.Layout == "ksuid" && c.Form == "base62" {
				asKSUID++
				if !strings.Contains(c.RanksLower, "check symbol") {
					t.Errorf("%s: the KSUID ranks lower because %q", text, c.RanksLower)
				}
			}
		}
	}
	if asKSUID == 0 {
		t.Error("no text read as a KSUID too: the case is not tested")
	}
}

// Discord's ID in Base36 is lower-case text of 13 characters, which is
// a TSID's canonical form too, since Crockford's text is read in either
// case: it reads as a TSID; -from base36 reads the Discord ID; inspect
// says why the Discord reading ranks lower. A text in a form that does
// not fold case is not read in another case.
func TestDiscordInBase36(t *testing.T) {
	const text = "01c49kkphnxtz"
	if e, ok := encodings.Lookup("crockford"); !ok || !e.Spec().Fold {
		t.Fatal("Crockford does not fold case")
	}
	r, err := explain.Read(text, explain.ReadOptions{})
	if err != nil || r.Layout != "tsid" || r.Form != "crockford" {
		t.Fatalf("%s: %s in %s, %v", text, r.Layout, r.Form, err)
	}
	if up, err := explain.Read(strings.ToUpper(text), explain.ReadOptions{}); err != nil || !bytes.Equal(up.ID, r.ID) {
		t.Errorf("upper case: %x, %v", up.ID, err)
	}
	discord := mustLookup(t, "discord")
	r, err = explain.Read(text, explain.ReadOptions{Layout: discord, From: "base36"})
	if err != nil || hex.EncodeToString(r.ID) != "0271065ac1020007" {
		t.Errorf("-layout discord -from base36: %x, %v", r.ID, err)
	}
	rep := explain.Inspect(text, explain.Options{All: true})
	i := slices.IndexFunc(rep.Candidates, func(c explain.Candidate) bool { return c.Layout == "discord" && c.Form == "base36" })
	if i <= 0 || rep.Candidates[i].RanksLower != "base36 is not discord's canonical form (decimal)" {
		t.Errorf("inspect: %v", rep.Candidates)
	}
	// KSUID's Base62 does not fold: its text in other case is another ID
	// or none, never the same.
	k := "0ujtsYcgvSTl8PAuAdqWYSMnLOv"
	a, _ := explain.Read(k, explain.ReadOptions{})
	if b, err := explain.Read(strings.ToLower(k), explain.ReadOptions{}); err == nil && bytes.Equal(a.ID, b.ID) {
		t.Errorf("%s in lower case reads as the same KSUID", k)
	}
}

// inspect's first reading is what Read takes (what convert, mask and
// unmask read), for random IDs of every built-in layout in every form -enc
// writes, with and without -layout: one rule decides both.
func TestInspectIsRead(t *testing.T) {
	ls, err := explain.Builtins()
	if err != nil {
		t.Fatal(err)
	}
	rng := seeded(t, 61)
	n := 12
	if testing.Short() {
		n = 3
	}
	checked := map[string]int{}
	for _, l := range ls {
		for _, id := range freshIDs(t, l, n, rng) {
			for _, enc := range explain.WriteEncodings() {
				var text string
				switch f, err := explain.Formatter(l, enc); {
				case enc == "typeid" && explain.UUIDLike(l):
					text = "user_" + strings.ToLower(canonicalTextIn(t, l, id, "crockford"))
				case err != nil:
					continue
				default:
					text = string(f(nil, id))
				}
				for _, o := range []explain.ReadOptions{{}, {Layout: l}, {From: enc}} {
					if o.From == "typeid" && !explain.UUIDLike(l) {
						continue
					}
					checked[agreeInspectRead(t, text, o)]++
				}
			}
		}
	}
	t.Logf("inspect and Read agree: %v", checked)
}

func canonicalTextIn(t *testing.T, l *layouts.Layout, id []byte, enc string) string {
	t.Helper()
	f, err := explain.Formatter(l, enc)
	if err != nil {
		t.Fatal(err)
	}
	return string(f(nil, id))
}

// agreeInspectRead checks that Inspect's verdict and first reading are
// Read's answer for text, and returns the verdict.
func agreeInspectRead(t *testing.T, text string, o explain.ReadOptions) string {
	t.Helper()
	rep := explain.Inspect(text, explain.Options{ReadOptions: o, All: true})
	r, err := explain.Read(text, o)
	var amb *explain.AmbiguousError
	switch {
	case err == nil:
		if rep.Verdict != explain.Certain && rep.Verdict != explain.Likely || len(rep.Candidates) == 0 {
			t.Errorf("%s %+v: Read takes %s, inspect: %s %s", text, o, r.Layout, rep.Verdict, rep.Error)
			return "bad"
		}
		top := rep.Candidates[0]
		if top.Form != r.Form || !bytes.Equal(top.ID, r.ID) || top.Layout != r.Layout && !slices.Contains(top.Also, r.Layout) && !slices.Contains(r.Also, top.Layout) {
			t.Errorf("%s %+v: Read takes %s in %s %x, inspect's first %s in %s %x", text, o, r.Layout, r.Form, r.ID, top.Layout, top.Form, top.ID)
		}
	case errors.As(err, &amb):
		if rep.Verdict != explain.Ambiguous {
			t.Errorf("%s %+v: Read refuses it as ambiguous, inspect: %s", text, o, rep.Verdict)
			return "bad"
		}
		for _, c := range rep.Candidates {
			weighed := slices.ContainsFunc(amb.Readings, func(a explain.Reading) bool {
				return a.Form == c.Form && bytes.Equal(a.ID, c.ID) && (a.Layout == c.Layout || slices.Contains(c.Also, a.Layout))
			})
			if weighed != (c.RanksLower == "") {
				t.Errorf("%s %+v: %s in %s: weighed by Read %v, ranks lower %q", text, o, c.Layout, c.Form, weighed, c.RanksLower)
			}
		}
	default:
		if rep.Verdict != explain.Unread && rep.Error == "" {
			t.Errorf("%s %+v: Read refuses it (%v), inspect: %s %s", text, o, err, rep.Verdict, rep.Candidates[0].Layout)
			return "bad"
		}
		if rep.Verdict == "" {
			return "error"
		}
	}
	return rep.Verdict
}
