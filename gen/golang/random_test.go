package golang_test

import (
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"strings"
	"testing"

	"github.com/idforge/idforge/fuzz"
	"github.com/idforge/idforge/gen/golang"
	"github.com/idforge/idforge/layouts"
	"github.com/idforge/idforge/resolved"
)

// TestRandomLayouts holds the generator to the interpreter on layouts of
// the kinds users write, from fuzz.RandomSpec: time sliced into up to three
// segments, named and split fields, constants, nodes, counters of every
// start and overflow, random bits and bytes fields. Each becomes a package
// of its own, as `idforge gen` writes it, and one test package holds a
// fuzz target per layout that runs fuzz.Generated on it; go test runs the
// targets on their seeds. The generator must also refuse only what it says
// it does not handle.
func TestRandomLayouts(t *testing.T) {
	m := joinUserModule(t, "random")
	t.Parallel()
	dir := m.dir
	var imports, targets strings.Builder
	milli := 0 // packages whose clock path reads whole milliseconds
	made, refused := randomPackages(t, 19, 30, func(i int, l *layouts.Layout, spec string, src []byte) {
		pkg := fmt.Sprintf("random%02d", i)
		write(t, filepath.Join(dir, pkg, pkg+"_gen.go"), src)
		if strings.Contains(string(src), "\nfunc ticksFromMilli(") {
			write(t, filepath.Join(dir, pkg, "ticksmilli_test.go"), []byte(fmt.Sprintf(ticksMilliTestFile, pkg)))
			milli++
		}
		fmt.Fprintf(&imports, "\t\"%s/%s\"\n", m.path, pkg)
		targets.WriteString(randomTarget(l, pkg, spec))
	})
	write(t, filepath.Join(dir, "randomtest", "random_test.go"), []byte(fmt.Sprintf(randomTestFile, imports.String(), targets.String())))
	t.Logf("%d layouts generated and fuzzed on their seeds (%d of them with ticks of whole milliseconds, their clock path checked against ticksFrom); %d refused (the interpreter handles them)", made, milli, refused)
	m.check(t)
}

// randomPackages generates n packages from random layouts, fuzz.RandomSpec
// fed from a PCG seeded with seed, named random00 and on, and calls each
// with its number, layout, spec and source. It fails the test on a spec that
// does not parse and on a refusal the generator does not explain by the
// interpreter, and returns how many it made and refused.
func randomPackages(t *testing.T, seed uint64, n int, each func(i int, l *layouts.Layout, spec string, src []byte)) (made, refused int) {
	t.Helper()
	r := rand.New(rand.NewPCG(seed, 62))
	for made < n {
		data := make([]byte, 96)
		for i := range data {
			data[i] = byte(r.Uint32())
		}
		spec := fuzz.RandomSpec(data)
		l, err := layouts.Parse("random.layout", []byte(spec))
		if err != nil {
			t.Fatalf("RandomSpec gave a spec that does not parse: %v\n%s", err, spec)
		}
		src, err := golang.Generate(golang.Single(resolved.Must(l), fmt.Sprintf("random%02d", made), "ID"))
		if err != nil {
			if !strings.Contains(err.Error(), "interpreter") {
				t.Fatalf("%v\n%s", err, spec)
			}
			if refused++; refused > 100 {
				t.Fatalf("the generator refused %d random layouts, the last with %v", refused, err)
			}
			continue
		}
		each(made, l, spec, src)
		made++
	}
	return made, refused
}

// ticksMilliTestFile is a test, in a generated package whose ticks are whole
// milliseconds, that its clock path from the system clock's millisecond
// (ticksFromMilli, issue 69) gives the tick, or the error, that ticksFrom
// gives for the same instant: at 20,000 milliseconds over 70,000 years
// around 1970, and within a second of each end of the layout's range, found
// by bisection between samples on either side.
const ticksMilliTestFile = `package %s

import (
	"math/rand/v2"
	"slices"
	"testing"
	"time"
)

func TestTicksFromMilli(t *testing.T) {
	r := rand.New(rand.NewPCG(69, 69))
	var ms []int64
	for range 20000 {
		ms = append(ms, r.Int64N(1<<52)-1<<51)
	}
	slices.Sort(ms)
	ok := func(m int64) bool { _, err := ticksFrom(time.UnixMilli(m)); return err == nil }
	n := len(ms)
	for i := 1; i < n; i++ {
		lo, hi := ms[i-1], ms[i]
		if ok(lo) == ok(hi) {
			continue
		}
		for hi-lo > 1 {
			if mid := lo + (hi-lo)/2; ok(mid) == ok(lo) {
				lo = mid
			} else {
				hi = mid
			}
		}
		for d := int64(-1001); d <= 1001; d++ {
			ms = append(ms, hi+d)
		}
	}
	for _, m := range ms {
		want, wantErr := ticksFrom(time.UnixMilli(m))
		got, err := ticksFromMilli(m)
		if got != want || (err == nil) != (wantErr == nil) || err != nil && err.Error() != wantErr.Error() {
			t.Fatalf("ticksFromMilli(%%d) = %%d, %%v; ticksFrom(time.UnixMilli(%%d)) = %%d, %%v", m, got, err, m, want, wantErr)
		}
	}
}
`

const randomTestFile = `package randomtest

import (
	"encoding/binary"
	"sync"
	"testing"
	"time"

	"github.com/idforge/idforge/encodings"
	"github.com/idforge/idforge/fuzz"
	"github.com/idforge/idforge/layouts"

%s)

// crockford is the encoding every package's Crockford form is in: its
// parsers read Crockford's aliases, and write them back as their digits.
var crockford, _ = encodings.Lookup("crockford")

// fastClock returns a clock that moves on by step at every reading, so that
// a generator of a layout with long ticks and a small counter need not wait
// for the next tick.
func fastClock(step time.Duration) func() time.Time {
	var mu sync.Mutex
	now := time.Now()
	return func() time.Time {
		mu.Lock()
		defer mu.Unlock()
		now = now.Add(step)
		return now
	}
}

func parse(f *testing.F, spec string) *layouts.Layout {
	l, err := layouts.Parse("random.layout", []byte(spec))
	if err != nil {
		f.Fatal(err)
	}
	return l
}

// bigEndian returns the bytes of an int64 ID, as its package's FromBytes
// reads them.
func bigEndian[ID ~int64](id ID) []byte { return binary.BigEndian.AppendUint64(nil, uint64(id)) }
%s`

// randomTarget returns a fuzz target that holds the package generated from
// spec to the interpreter with fuzz.Generated. A package of an int64 ID
// (a 64-bit layout written in decimal) gives its bytes big-endian, and
// its canonical text is checked by what it parses back to, as package
// encodings has no decimal to compare it with.
func randomTarget(l *layouts.Layout, pkg, spec string) string {
	tick, _ := l.Tick()
	newGen := fmt.Sprintf("clock := fastClock(%d)\n\tg, err := PKG.NewGenerator(PKG.WithClock(clock))\n\tif err != nil {\n\t\tf.Fatal(err)\n\t}", max(tick, 1))
	if l.NeedsNode() {
		newGen = fmt.Sprintf("clock := fastClock(%d)\n\tg, err := PKG.NewGenerator(1, PKG.WithClock(clock))\n\tif err != nil {\n\t\tf.Fatal(err)\n\t}", max(tick, 1))
	}
	code := strings.NewReplacer("TEXTENCODING\n", randomTextEncoding, "BYTES", "func(id PKG.ID) []byte { return id[:] }", "CANONICAL", randomCanonical).Replace(randomTargetCode)
	if l.CanonicalText() == "decimal" {
		code = strings.NewReplacer("TEXTENCODING\n", "", "BYTES", "bigEndian[PKG.ID]", "CANONICAL", `{Name: "decimal", Encode: PKG.ID.String, Parse: PKG.Parse}`).Replace(randomTargetCode)
	}
	target := strings.ReplaceAll(strings.Replace(code, "NEWGEN", newGen, 1), "PKG", pkg)
	return strings.Replace(target, "SPEC", spec, 1) // last, so that nothing in the spec is replaced
}

// randomTextEncoding and randomCanonical check the canonical text of a
// byte-array ID against the encoding package encodings has of it.
const (
	randomTextEncoding = `text, err := l.TextEncoding()
	if err != nil {
		f.Fatal(err)
	}
`
	randomCanonical = `{Name: "text", Encode: PKG.ID.String, Parse: PKG.Parse, FoldCase: text.Spec().Fold, Sorted: text.Sorts(), Reference: text}`
)

const randomTargetCode = `
func Fuzz_PKG(f *testing.F) {
	l := parse(f, ` + "`SPEC`" + `)
	TEXTENCODING
	NEWGEN
	fuzz.Generated(f, l, fuzz.Codec[PKG.ID, PKG.Fields]{
		Pack:   PKG.Pack,
		Fields: PKG.ID.Fields,
		Bytes:  BYTES,
		Texts: []fuzz.Text[PKG.ID]{
			{Name: "base62", Encode: PKG.ID.Base62, Parse: PKG.ParseBase62, Sorted: true},
			{Name: "crockford", Encode: PKG.ID.Crockford, Parse: PKG.ParseCrockford, FoldCase: true, Sorted: true, Reference: crockford},
			{Name: "hex", Encode: PKG.ID.Hex, Parse: PKG.ParseHex, FoldCase: true, Sorted: true},
			CANONICAL,
		},
		Next:  g.Next,
		Valid: PKG.ID.Valid,
		Clock: clock,
		Zero:  func() (PKG.ID, error) { var z PKG.Generator; return z.Next() },
	})
}
`

// TestDeclaredTexts holds the codecs the generator writes out for declared
// encodings to package encodings, at every size from 1 to 20 bytes and at
// 24 and 32: the base-32 ones (base32hex and z-base-32, written from the
// top bit, and a spec's own alphabet, a right-aligned number), each at
// every remainder of five bytes and across word boundaries, and those of
// other bases (Base58 in both alphabets, Base36 read in either case, a
// spec's own bases 10 and 64). fuzz.Generated compares each text with the
// encoding's, and what Parse takes, with a character at either end
// replaced by each byte, with what the encoding reads.
func TestDeclaredTexts(t *testing.T) {
	m := joinUserModule(t, "declared")
	t.Parallel()
	dir := m.dir
	base32 := []string{
		"  text base32hex\n",
		"  text zbase32\n",
		"  encoding b32 RFC4648-lower abcdefghijklmnopqrstuvwxyz234567 fold\n  text b32\n",
	}
	radix := []string{
		"  text base58\n",
		"  text base58flickr\n",
		"  text base36\n",
		"  encoding dec Decimal 0123456789\n  text dec\n",
		"  encoding n64 Number64 -0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz\n  text n64\n",
	}
	var imports, targets strings.Builder
	sizes := []int{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 24, 32}
	for _, forms := range [][]string{base32, radix} {
		for i, n := range sizes {
			form := forms[i%len(forms)]
			pkg := fmt.Sprintf("declared%dn%d", len(forms), n)
			spec := fmt.Sprintf("layout d-%d %d\n", n, 8*n)
			switch {
			case n > 9:
				spec += fmt.Sprintf("  node 8 node\n  r %d random bytes\n", 8*(n-1))
			case n > 1:
				spec += fmt.Sprintf("  node 8 node\n  r %d random\n", 8*(n-1))
			default:
				spec += "  node 4 node\n  r 4 random\n"
			}
			spec += form
			l, err := layouts.Parse("d.layout", []byte(spec))
			if err != nil {
				t.Fatalf("%v\n%s", err, spec)
			}
			src, err := golang.Generate(golang.Single(resolved.Must(l), pkg, "ID"))
			if err != nil {
				t.Fatalf("%v\n%s", err, spec)
			}
			if !strings.Contains(string(src), "textPairs") {
				t.Fatalf("%s: the generator did not write out the codec of\n%s", pkg, spec)
			}
			write(t, filepath.Join(dir, pkg, pkg+"_gen.go"), src)
			fmt.Fprintf(&imports, "\t\"%s/%s\"\n", m.path, pkg)
			targets.WriteString(randomTarget(l, pkg, spec))
		}
	}
	write(t, filepath.Join(dir, "randomtest", "random_test.go"), []byte(fmt.Sprintf(randomTestFile, imports.String(), targets.String())))
	m.check(t)
}
