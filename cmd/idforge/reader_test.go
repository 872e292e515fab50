package main

import (
	"bytes"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"math/big"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/idforge/idforge/explain"
	"github.com/idforge/idforge/interp"
	"github.com/idforge/idforge/layouts"
	"github.com/idforge/idforge/mask"
	"github.com/idforge/idforge/maskkey"
)

// These tests run the command in this process (run, as main does), so
// that they can read many thousands of IDs in a few seconds.

// runIn runs idforge with args and stdin in this process and returns what
// it wrote and its exit code.
func runIn(stdin string, args ...string) (stdout, stderr string, exit int) {
	var out, errb bytes.Buffer
	exit = run(args, strings.NewReader(stdin), &out, &errb)
	return out.String(), errb.String(), exit
}

// lineResults runs a command over IDs given one a line on standard input
// and returns, for each, its output line or "" when the command reported
// it (and what it said, by line).
func lineResults(t *testing.T, ids []string, args ...string) (outs []string, reported map[int]string) {
	t.Helper()
	stdout, stderr, exit := runIn(strings.Join(ids, "\n")+"\n", append(args, "-")...)
	reported = map[int]string{}
	lineOf := regexp.MustCompile(`^idforge \w+: line (\d+): (.*)$`)
	for _, l := range strings.Split(strings.TrimSuffix(stderr, "\n"), "\n") {
		if m := lineOf.FindStringSubmatch(l); m != nil {
			n, _ := strconv.Atoi(m[1])
			reported[n] += m[2] + "\n"
		} else if l != "" && !strings.Contains(l, "inputs could not be converted") {
			t.Fatalf("%v: a line of standard error for no input: %q", args, l)
		}
	}
	if exit != 0 && len(reported) == 0 || exit == 0 && len(reported) > 0 {
		t.Fatalf("%v: exit %d with %d inputs reported: %s", args, exit, len(reported), stderr)
	}
	lines := strings.Fields(stdout)
	for i := range ids {
		if _, bad := reported[i+1]; bad {
			outs = append(outs, "")
			continue
		}
		if len(lines) == 0 {
			t.Fatalf("%v: fewer output lines than inputs read", args)
		}
		outs, lines = append(outs, lines[0]), lines[1:]
	}
	if len(lines) > 0 {
		t.Fatalf("%v: %d output lines too many", args, len(lines))
	}
	return outs, reported
}

// randomID returns an ID of layout l: made by the interpreter's generator
// at a random time between 1990 (or the layout's epoch) and 2100 (or its
// overflow), on a random node, or, for a layout without a time, random
// bits around its constants.
func randomID(t *testing.T, l *layouts.Layout, rng *rand.Rand) []byte {
	t.Helper()
	if v, ok := l.Value(layouts.Time); ok {
		if _, hashed := l.Value(layouts.Hash); !hashed {
			from, to := explain.Plausible()
			to = to.Add(-time.Hour)
			if v.Epoch.After(from) {
				from = v.Epoch
			}
			if o, ok := l.Overflow(); ok && o.Before(to) {
				to = o
			}
			at := from.Add(time.Duration(rng.Int64N(int64(to.Sub(from)))))
			opts := []interp.Option{interp.WithClock(func() time.Time { return at }), interp.WithRand(randReader{rng})}
			if l.NeedsNode() {
				n, _ := l.Value(layouts.Node)
				opts = append(opts, interp.WithFixed(layouts.Node, big.NewInt(rng.Int64N(1<<n.Width))))
			}
			g, err := interp.NewGenerator(l, opts...)
			if err != nil {
				t.Fatalf("%s: %v", l.Name, err)
			}
			id, err := g.Next()
			if err != nil {
				t.Fatalf("%s at %v: %v", l.Name, at, err)
			}
			return id
		}
	}
	return randomBits(l, rng)
}

// randomBits returns random bits with layout l's constants in place.
func randomBits(l *layouts.Layout, rng *rand.Rand) []byte {
	s, err := mask.ShapeOf(l)
	if err != nil {
		panic(err) // every built-in layout can be masked: it has a shape
	}
	b := make([]byte, l.Bytes())
	randReader{rng}.Read(b)
	for i := range b {
		b[i] = b[i]&^s.IDMask[i] | s.IDBits[i]
	}
	return b
}

// randReader reads bytes from a seeded generator, so that failures repeat.
type randReader struct{ r *rand.Rand }

func (r randReader) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = byte(r.r.Uint32())
	}
	return len(p), nil
}

// randomV7 returns a UUIDv7 of a random millisecond (from 1970 to the end
// of its 48 bits) and random bits.
func randomV7(rng *rand.Rand) []byte {
	b := make([]byte, 16)
	randReader{rng}.Read(b)
	b[6] = b[6]&0x0f | 0x70
	b[8] = b[8]&0x3f | 0x80
	return b
}

// For each encoding -enc writes a UUID in, -from reads the text back to
// the same UUID: random UUIDv7s, and the Nil and Max UUIDs.
func TestFromReadsBackUUIDs(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(44, 3))
	var uuids []string
	for range 300 {
		uuids = append(uuids, string(explain.AppendUUID(nil, randomV7(rng))))
	}
	uuids = append(uuids, "00000000-0000-0000-0000-000000000000", "ffffffff-ffff-ffff-ffff-ffffffffffff")
	for _, enc := range []string{"base62", "crockford", "hex", "base58", "base58flickr", "base36", "base32hex", "zbase32"} {
		t.Run(enc, func(t *testing.T) {
			texts, reported := lineResults(t, uuids, "convert", "-enc", enc)
			if len(reported) > 0 {
				t.Fatalf("convert -enc %s: %v", enc, reported)
			}
			back, reported := lineResults(t, texts, "convert", "-from", enc, "-enc", "uuid")
			if len(reported) > 0 {
				t.Fatalf("convert -from %s: %v", enc, reported)
			}
			for i := range uuids {
				if back[i] != uuids[i] {
					t.Errorf("%s -enc %s is %s, which -from %s reads as %s", uuids[i], enc, texts[i], enc, back[i])
				}
			}
		})
	}
}

// writeForms are the forms -enc writes IDs of a layout in: every one
// Formatter takes (canonical among them), and typeid, with and without a
// prefix, for UUIDs.
func writeForms(l *layouts.Layout) [][]string {
	var out [][]string
	for _, enc := range explain.WriteEncodings() {
		switch _, err := explain.Formatter(l, enc); {
		case enc == "typeid" && explain.UUIDLike(l):
			out = append(out, []string{"-enc", "typeid", "-prefix", "user"}, []string{"-enc", "typeid"})
		case err == nil:
			out = append(out, []string{"-enc", enc})
		}
	}
	return out
}

// For every built-in layout and every encoding it is written in, random
// IDs written with -layout L -enc E read back with -layout L -from E to
// the same bytes.
func TestFromReadsBackEveryLayout(t *testing.T) {
	t.Parallel()
	ls, err := explain.Builtins()
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(44, 4))
	n := 60
	if testing.Short() {
		n = 10
	}
	for _, l := range ls {
		var ids []string
		for range n {
			ids = append(ids, hex.EncodeToString(randomBits(l, rng)))
		}
		for _, w := range writeForms(l) {
			from := w[1]
			t.Run(l.Name+"/"+strings.Join(w[1:], ""), func(t *testing.T) {
				texts, reported := lineResults(t, ids, append([]string{"convert", "-layout", l.Name, "-from", "hex"}, w...)...)
				if len(reported) > 0 {
					t.Fatalf("writing: %v", reported)
				}
				back, reported := lineResults(t, texts, "convert", "-layout", l.Name, "-from", from, "-enc", "hex")
				if len(reported) > 0 {
					t.Fatalf("reading: %v", reported)
				}
				for i := range ids {
					if back[i] != ids[i] {
						t.Errorf("%s written %v is %s, read back %s", ids[i], w, texts[i], back[i])
					}
				}
			})
		}
	}
}

// Without -from or -layout, text in a layout's canonical form reads back
// as that ID (a decimal ID as each Snowflake-style system's, which agree
// on convert -enc hex), and so does a UUID's in a checked form
// (crockford-check); text in any other encoding is read only as a layout
// whose canonical form it is in, or refused: in no layout's canonical
// form, ambiguous, or above a layout's largest ID. The readings as other
// layouts are counted.
func TestNoSilentMisreading(t *testing.T) {
	t.Parallel()
	ls, err := explain.Builtins()
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(44, 5))
	n := 80
	if testing.Short() {
		n = 10
	}
	refusals, others := map[string]int{}, map[string]int{}
	for _, l := range ls {
		var ids []string
		for range n {
			ids = append(ids, hex.EncodeToString(randomID(t, l, rng)))
		}
		for _, w := range writeForms(l) {
			texts, reported := lineResults(t, ids, append([]string{"convert", "-layout", l.Name, "-from", "hex"}, w...)...)
			if len(reported) > 0 {
				t.Fatalf("%s %v: writing: %v", l.Name, w, reported)
			}
			own := w[1] == "canonical" || w[1] == explain.Canonical(l) || explain.UUIDLike(l) && (w[1] == "uuid" || len(w) > 2) ||
				w[1] == "crockford-check" && explain.Evidence(l) >= 4
			back, reported := lineResults(t, texts, "convert", "-enc", "hex")
			for i := range ids {
				why := reported[i+1]
				switch {
				case own && (why != "" || back[i] != ids[i]):
					t.Errorf("%s %v: %s (of %s) is read as %q: %s", l.Name, w, texts[i], ids[i], back[i], why)
				case why != "" && !strings.Contains(why, "is ambiguous: it reads as") && !strings.Contains(why, "is in no layout's canonical form") &&
					!strings.Contains(why, "is above the largest"):
					t.Errorf("%s %v %s: refused, but not as ambiguous or in no canonical form: %s", l.Name, w, texts[i], why)
				case why != "":
					refusals[l.Name+" "+w[1]]++
				case back[i] != ids[i]:
					r, err := explain.Read(texts[i], explain.ReadOptions{Agree: func(a, b *explain.Reading) bool { return bytes.Equal(a.ID, b.ID) }})
					if err != nil || r.Form != explain.Canonical(r.Model) && !explain.UUIDLike(r.Model) {
						t.Errorf("%s %v: %s (of %s) is read as %s in %s, not its canonical form: %v", l.Name, w, texts[i], ids[i], r.Layout, r.Form, err)
					}
					others[l.Name+" "+w[1]+" as "+r.Layout]++
				}
			}
		}
	}
	var lines []string
	for k, c := range refusals {
		lines = append(lines, fmt.Sprintf("refused   %-40s %3d of %d", k, c, n))
	}
	for k, c := range others {
		lines = append(lines, fmt.Sprintf("canonical %-40s %3d of %d", k, c, n))
	}
	slices.Sort(lines)
	t.Logf("without -from:\n%s", strings.Join(lines, "\n"))
}

// 100,000 masked Snowflakes unmask to the IDs they were, through the
// command: the public forms of 16 digits or fewer, which hex also reads,
// among them.
func TestUnmaskSnowflakes(t *testing.T) {
	t.Parallel()
	n := 100_000
	if testing.Short() {
		n = 10_000
	}
	dir := t.TempDir()
	keyFile := filepath.Join(dir, "ids.key")
	if err := os.WriteFile(keyFile, []byte("00112233445566778899aabbccddeeff0123456789abcdef0123456789abcdef\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(44, 6))
	var in strings.Builder
	var ids []string
	for range n {
		// A sign bit of 0, then 63 random bits: any time of the layout's.
		id := strconv.FormatInt(int64(rng.Uint64()>>1), 10)
		ids = append(ids, id)
		in.WriteString(id + "\n")
	}
	start := time.Now()
	pubs, stderr, exit := runIn(in.String(), "mask", "-layout", "snowflake", "-key-file", keyFile, "-")
	if exit != 0 {
		t.Fatalf("mask: exit %d: %.500s", exit, stderr)
	}
	short := 0
	for _, p := range strings.Fields(pubs) {
		if len(p) <= 16 {
			short++
		}
	}
	back, stderr, exit := runIn(pubs, "unmask", "-layout", "snowflake", "-key-file", keyFile, "-")
	if exit != 0 {
		t.Fatalf("unmask: exit %d: %.500s", exit, stderr)
	}
	got := strings.Fields(back)
	if len(got) != n {
		t.Fatalf("%d IDs back, want %d", len(got), n)
	}
	for i := range ids {
		if got[i] != ids[i] {
			t.Errorf("%s masks to %s, which unmasks to %s", ids[i], strings.Fields(pubs)[i], got[i])
		}
	}
	if short == 0 && n >= 100_000 {
		t.Error("no public form of 16 digits or fewer among them")
	}
	t.Logf("%d Snowflakes masked and unmasked in %v; %d public forms of 16 digits or fewer", n, time.Since(start).Round(time.Millisecond), short)
}

// A public form given in hex, which unmask reads first as decimal when it
// is all digits, reads with -from hex.
func TestUnmaskFromHex(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	keyFile := filepath.Join(dir, "ids.key")
	os.WriteFile(keyFile, []byte("00112233445566778899aabbccddeeff\n"), 0o600)
	l, _ := explain.Lookup("snowflake")
	key, _ := maskkey.Parse("00112233445566778899aabbccddeeff")
	m, _ := mask.New(l, key, nil)
	for i := int64(1); i < 200_000; i++ {
		id := binary.BigEndian.AppendUint64(nil, uint64(1541815603606036480+i*7919))
		pub, _ := m.Mask(id)
		h := hex.EncodeToString(pub)
		if strings.Trim(h, "0123456789") != "" || h[0] == '0' {
			continue // a public form whose hex has a letter, or a leading zero, reads as hex only
		}
		want := strconv.FormatInt(int64(binary.BigEndian.Uint64(id)), 10)
		out, stderr, exit := runIn("", "unmask", "-layout", "snowflake", "-key-file", keyFile, "-from", "hex", h)
		if exit != 0 || strings.TrimSpace(out) != want {
			t.Fatalf("unmask -from hex %s: exit %d, %q, %s; want %s", h, exit, out, stderr, want)
		}
		return
	}
	t.Skip("no public form of digits alone in hex among these")
}

// Sixteen digits are decimal, a Snowflake-style layout's canonical form,
// and hex too: they read as decimal, hex only with -from hex; inspect
// shows the hex reading below, saying why it ranks lower. A decimal ID's
// readings, which differ in their times, are refused where the answer
// depends on them, each named.
func TestAmbiguousNamesReadings(t *testing.T) {
	t.Parallel()
	const text = "1234567890123456"
	if out, stderr, exit := runIn("", "convert", "-enc", "hex", text); exit != 0 || strings.TrimSpace(out) != "000462d53c8abac0" {
		t.Errorf("convert -enc hex %s: exit %d, %q, %s", text, exit, out, stderr)
	}
	for _, from := range []string{"decimal", "hex"} {
		if out, stderr, exit := runIn("", "convert", "-from", from, "-enc", "hex", text); exit != 0 || out == "" {
			t.Errorf("convert -from %s %s: exit %d, %q, %s", from, text, exit, out, stderr)
		}
	}
	out, _, exit := runIn("", "inspect", "-all", text)
	if exit != 0 || !regexp.MustCompile(`read as hex; ranks lower: hex is not \w+'s canonical form \(decimal\)`).MatchString(out) {
		t.Errorf("inspect -all %s: exit %d\n%s", text, exit, out)
	}
	_, stderr, exit := runIn("", "convert", "-to", "v7", text)
	if exit != 1 || !strings.Contains(stderr, "none of them converts") && !strings.Contains(stderr, "is ambiguous: it reads as") {
		t.Errorf("convert -to v7 %s: exit %d\n%s", text, exit, stderr)
	}
	// With the layout given, its canonical form (decimal) is read.
	if out, stderr, exit := runIn("", "convert", "-layout", "snowflake", "-enc", "hex", text); exit != 0 || strings.TrimSpace(out) != "000462d53c8abac0" {
		t.Errorf("convert -layout snowflake %s: exit %d, %q, %s", text, exit, out, stderr)
	}
	// mask, with a layout, reads its other forms: a Base58 UUIDv7 that
	// only Base58 reads as one.
	dir := t.TempDir()
	keyFile := filepath.Join(dir, "ids.key")
	os.WriteFile(keyFile, []byte("00112233445566778899aabbccddeeff\n"), 0o600)
	if _, stderr, exit := runIn("", "mask", "-layout", "v7", "-key-file", keyFile, "1ChSPZo6H1Vwp4ZfMmXDgV"); exit != 0 {
		t.Errorf("mask of a Base58 UUIDv7 that only Base58 reads as one: exit %d: %s", exit, stderr)
	}
}

// convert warns only when it loses bits the input has: a UUIDv7 converts
// without a word about its variant layouts (uuidv7-subms reads the same
// bits), and a conversion that is no conversion names the input and its
// readings, not one layout the user never named.
func TestConvertSpeaksOfTheInput(t *testing.T) {
	t.Parallel()
	for _, to := range []string{"ksuid", "ulid"} {
		if _, stderr, exit := runIn("", "convert", "-to", to, "017F22E2-79B0-7CC3-98C4-DC0C0C07398F"); exit != 0 || stderr != "" {
			t.Errorf("convert -to %s of a UUIDv7: exit %d, %q", to, exit, stderr)
		}
	}
	_, stderr, exit := runIn("", "convert", "-to", "ksuid", "175928847299117063")
	if exit != 1 || !strings.Contains(stderr, `decimal text "175928847299117063" reads as`) || !strings.Contains(stderr, "discord") ||
		!strings.Contains(stderr, "none of them converts to ksuid") {
		t.Errorf("convert -to ksuid of a decimal ID: exit %d, %q", exit, stderr)
	}
	if _, stderr, exit := runIn("", "convert", "-layout", "discord", "-to", "ksuid", "175928847299117063"); exit != 1 || strings.TrimSpace(stderr) != "idforge convert: no conversion from discord to ksuid" {
		t.Errorf("convert -layout discord -to ksuid: exit %d, %q", exit, stderr)
	}
}
