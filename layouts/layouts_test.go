package layouts_test

import (
	"errors"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/idforge/idforge/layouts"
)

func builtin(t testing.TB, name string) *layouts.Layout {
	t.Helper()
	l, err := layouts.Builtin(name)
	if err != nil {
		t.Fatal(err)
	}
	return l
}

// Every spec file in this directory is a built-in, named after its layout.
func TestBuiltins(t *testing.T) {
	files, err := filepath.Glob("*.layout")
	if err != nil {
		t.Fatal(err)
	}
	ls, err := layouts.Builtins()
	if err != nil {
		t.Fatal(err)
	}
	if len(ls) != len(files) || len(ls) < 10 {
		t.Fatalf("%d built-ins from %d files; want them equal and at least 10", len(ls), len(files))
	}
	for _, l := range ls {
		if want := filepath.Join("layouts", l.Name+".layout"); l.File != want {
			t.Errorf("layout %s comes from %s, want %s", l.Name, l.File, want)
		}
		if l.Doc == "" {
			t.Errorf("layout %s has no doc comment", l.Name)
		}
	}
	if _, err := layouts.Builtin("uuidv9"); !errors.Is(err, layouts.ErrNotFound) {
		t.Errorf("Builtin(uuidv9): err = %v", err)
	}
}

// Format prints every built-in so that Parse gives the same layout back.
func TestFormatRoundTrip(t *testing.T) {
	ls, err := layouts.Builtins()
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range ls {
		checkRoundTrip(t, l)
	}
}

func checkRoundTrip(t *testing.T, l *layouts.Layout) {
	t.Helper()
	text := l.Format()
	back, err := layouts.Parse(l.File, []byte(text))
	if err != nil {
		t.Fatalf("%s: Format gave a spec Parse rejects: %v\n%s", l.Name, err, text)
	}
	if !equalLayouts(l, back) {
		t.Fatalf("%s: Parse(Format) differs:\n%s", l.Name, text)
	}
	if again := back.Format(); again != text {
		t.Fatalf("%s: Format is not stable:\n%s\n---\n%s", l.Name, text, again)
	}
}

// equalLayouts compares two layouts apart from line numbers.
func equalLayouts(a, b *layouts.Layout) bool {
	strip := func(l *layouts.Layout) layouts.Layout {
		c := *l
		c.Segments = append([]layouts.Segment(nil), l.Segments...)
		for i := range c.Segments {
			c.Segments[i].Line = 0
		}
		c.Fields = append([]layouts.Field(nil), l.Fields...)
		for i := range c.Fields {
			c.Fields[i].Line = 0
		}
		return c
	}
	return reflect.DeepEqual(strip(a), strip(b))
}

func TestProperties(t *testing.T) {
	date := func(y int, m time.Month, d int) string {
		return time.Date(y, m, d, 0, 0, 0, 0, time.UTC).Format("2006-01-02")
	}
	tests := []struct {
		name       string
		bytes      int
		sortable   bool
		monotonic  bool
		overflow   string // the date, or "" for none
		perTick    float64
		randomBits int
	}{
		{"uuidv1", 16, false, true, date(5236, 3, 31), 1, 0},
		{"uuidv3", 16, false, false, "", 1, 0},
		{"uuidv4", 16, false, false, "", 1, 122},
		{"uuidv6", 16, true, true, date(5236, 3, 31), 1, 0},
		{"uuidv7", 16, true, true, date(10889, 8, 2), 1 << 25, 48 + 25},
		{"uuidv7-subms", 16, true, true, date(10889, 8, 2), 1 << 11, 50 + 11},
		{"uuidv8", 16, true, false, date(2335, 5, 7), math.Inf(1), 62},
		{"snowflake", 8, true, true, date(2080, 7, 10), 4096, 0},
		{"sonyflake", 8, true, true, date(2188, 11, 16), 256, 0},
		{"ksuid", 20, true, true, date(2150, 6, 19), 0x1p63, 127},
		{"ulid", 16, true, true, date(10889, 8, 2), 0x1p79, 80},
		{"objectid", 12, true, false, date(2106, 2, 7), 1 << 24, 0},
	}
	for _, tc := range tests {
		l := builtin(t, tc.name)
		o, ok := l.Overflow()
		got := ""
		if ok {
			got = o.Format("2006-01-02")
		}
		if l.Bytes() != tc.bytes || l.TimeSortable() != tc.sortable || l.Monotonic() != tc.monotonic ||
			got != tc.overflow || l.PerTick() != tc.perTick || l.RandomBits() != tc.randomBits {
			t.Errorf("%s: bytes %d sortable %v monotonic %v overflow %q per tick %g random %d; want %+v",
				tc.name, l.Bytes(), l.TimeSortable(), l.Monotonic(), got, l.PerTick(), l.RandomBits(), tc)
		}
	}
}

// The overflow instant is exactly epoch + 2^width units.
func TestOverflowExact(t *testing.T) {
	o, _ := builtin(t, "ksuid").Overflow()
	if want := time.Unix(1400000000+1<<32, 0).UTC(); !o.Equal(want) {
		t.Errorf("ksuid overflow %v, want %v", o, want)
	}
	o, _ = builtin(t, "snowflake").Overflow()
	if want := time.UnixMilli(1288834974657 + 1<<41).UTC(); !o.Equal(want) {
		t.Errorf("snowflake overflow %v, want %v", o, want)
	}
}

func TestCollision(t *testing.T) {
	year := 365 * 24 * time.Hour
	v4 := builtin(t, "uuidv4")
	// 2^61 v4 UUIDs give about a 40% chance of a collision:
	// p = 1 - exp(-n^2 / 2^123).
	n := math.Ldexp(1, 61)
	if p := v4.Collision(n/year.Seconds(), 1, year); math.Abs(p-(1-math.Exp(-0.5))) > 1e-9 {
		t.Errorf("v4 at 2^61 IDs: p = %g, want %g", p, 1-math.Exp(-0.5))
	}
	// One monotonic generator never collides with itself.
	if p := builtin(t, "uuidv7").Collision(1e6, 1, year); p != 0 {
		t.Errorf("one v7 generator: p = %g, want 0", p)
	}
	// A running counter keeps one generator's IDs unique until it wraps:
	// ObjectId's 24 bits hold 2^24 a second. Past that, two IDs 2^24 apart
	// share every bit.
	oid := builtin(t, "objectid")
	if p := oid.Collision(1000, 1, year); p != 0 {
		t.Errorf("one ObjectId generator at 1000/s: p = %g, want 0", p)
	}
	if p := oid.Collision(1<<25, 1, time.Second); p < 0.99 {
		t.Errorf("one ObjectId generator at 2^25/s: p = %g, want near 1", p)
	}
	// Snowflakes with distinct nodes never collide; past 1024 nodes they can.
	sf := builtin(t, "snowflake")
	if p := sf.Collision(1000, 1024, year); p != 0 {
		t.Errorf("1024 snowflake nodes: p = %g, want 0", p)
	}
	if p := sf.Collision(1000, 2048, year); p < 0.99 {
		t.Errorf("2048 snowflake nodes: p = %g, want near 1", p)
	}
	// More generators and more IDs only raise the probability.
	v7 := builtin(t, "uuidv7")
	low, high := v7.Collision(1e3, 10, year), v7.Collision(1e6, 1000, year)
	if !(0 < low && low < high && high <= 1) {
		t.Errorf("v7: p(low) = %g, p(high) = %g", low, high)
	}
}

// The burst layout, 48 bits of milliseconds and 16 random bits, at
// 200000 IDs a second on one generator: 200 IDs a millisecond, whose
// 200*200/2 pairs each collide with chance 2^-16, 0.305 expected a
// millisecond: the first as likely as not within ln 2 / 0.305 ms, and
// about 9.6e9 in a year. With a counter, none.
func TestDuplicates(t *testing.T) {
	year := (365 * 24 * time.Hour).Seconds()
	burst, err := layouts.Parse("burst.layout", []byte("layout burst 64\n  t 48 time unix ms\n  r 16 random\n"))
	if err != nil {
		t.Fatal(err)
	}
	perTick := 200.0 * 200 / 2 / 65536
	self, cross := burst.Duplicates(200000, 1, year)
	if want := perTick * year * 1000; math.Abs(self-want) > want*1e-9 || cross != 0 {
		t.Errorf("burst: %g within one generator, %g across; want %g and 0", self, cross, want)
	}
	all, first := burst.FirstDuplicate(200000, 1)
	if want := math.Ln2 / perTick / 1000; math.Abs(first-want) > want*1e-6 || all != first {
		t.Errorf("burst: the first duplicate at %g s (all %g), want %g", first, all, want)
	}
	// Within the first tick, the birthday bound: 301 IDs of 16 bits.
	_, first = burst.FirstDuplicate(1e8, 1)
	if want := math.Sqrt(2*math.Ln2*65536) / 1e8; math.Abs(first-want) > want*1e-6 {
		t.Errorf("burst at 1e8/s: the first duplicate at %g s, want %g", first, want)
	}
	// Two generators: pairs across them too, so the first comes sooner.
	all, first = burst.FirstDuplicate(200000, 2)
	if !(all < first) {
		t.Errorf("burst on two generators: the first of all at %g s, within one at %g s", all, first)
	}
	for _, name := range []string{"uuidv7", "snowflake", "ulid", "uuidv1"} {
		l := builtin(t, name)
		if all, self := l.FirstDuplicate(1e6, 1); !math.IsInf(all, 1) || !math.IsInf(self, 1) {
			t.Errorf("%s: one generator's first duplicate at %g, %g s; want never", name, all, self)
		}
	}
	if _, self := builtin(t, "snowflake").FirstDuplicate(1e3, 2048); !math.IsInf(self, 1) {
		t.Errorf("snowflake: a repeat within one generator at %g s", self)
	}
	for _, w := range []struct {
		s    float64
		want string
	}{{math.Inf(1), "never"}, {3.01e-6, "3.01µs"}, {0.00227, "2.27ms"}, {39, "39s"}, {90, "1.5 minutes"}, {86 * 365.25 * 86400, "86 years"}, {2e-9, "2ns"}} {
		if got := layouts.FormatWait(w.s); got != w.want {
			t.Errorf("FormatWait(%g) = %q, want %q", w.s, got, w.want)
		}
	}
}

func FuzzParse(f *testing.F) {
	files, _ := filepath.Glob("*.layout")
	for _, name := range files {
		src, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(string(src))
	}
	f.Add("layout x 8\n  a 8 random as")
	f.Add("layout x 8\n  a 8 as b")
	f.Add("layout x 16\n  a 8 time[0:8] unix s\n  b 8 time[0:8]")
	f.Add("\x00layout x 8")
	f.Fuzz(func(t *testing.T, src string) {
		l, err := layouts.Parse("f.layout", []byte(src))
		if err != nil {
			var e *layouts.Error
			if !errors.As(err, &e) || e.Kind == nil || e.Line < 1 {
				t.Fatalf("error %v is not an *Error with a kind and a line", err)
			}
			if len(strings.Split(src, "\n")) < e.Line {
				t.Fatalf("error names line %d of a %d-line spec", e.Line, len(strings.Split(src, "\n")))
			}
			return
		}
		// Accepted: the segments tile the ID and the spec prints back.
		at := 0
		for _, s := range l.Segments {
			if s.Offset != at {
				t.Fatalf("segment %s at %d, want %d", s.Name, s.Offset, at)
			}
			at += s.Width
		}
		if at != l.Bits {
			t.Fatalf("segments cover %d of %d bits", at, l.Bits)
		}
		checkRoundTrip(t, l)
	})
}

func TestIsUUID(t *testing.T) {
	all, err := layouts.Builtins()
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range all {
		want := strings.HasPrefix(l.Name, "uuid")
		if got := l.IsUUID(); got != want {
			t.Errorf("%s: IsUUID() = %v, want %v", l.Name, got, want)
		}
	}
	for _, tc := range []struct {
		spec string
		want bool
	}{
		{"layout a 128\n  x 48 random\n  ver 4 = 8\n  y 12 random\n  var 2 = 0b10\n  z 62 random\n", true},
		// Constants in the places of a version and a variant, but not named
		// as a version and not variant 0b10: not a UUID, and not held to its
		// rules (TestUUIDRules).
		{"layout a 128\n  x 48 random\n  kind 4 = 8\n  y 12 random\n  flags 2 = 0b11\n  z 62 random\n", false},
		{"layout a 128\n  x 44 random\n  kind 4 = 8\n  y 16 random\n  var 2 = 0b10\n  z 62 random\n", false},
		{"layout a 128\n  x 128 random bytes\n", false},
	} {
		l, err := layouts.Parse("t.layout", []byte(tc.spec))
		if err != nil {
			t.Fatalf("%q: %v", tc.spec, err)
		}
		if got := l.IsUUID(); got != tc.want {
			t.Errorf("%q: IsUUID() = %v, want %v", tc.spec, got, tc.want)
		}
	}
}

// FreshBits counts only the bits drawn anew for every ID: not a counter's
// random start, nor random bits drawn once per generator.
func TestFreshBits(t *testing.T) {
	for _, tc := range []struct {
		name      string
		fresh     int
		needsNode bool
		drawsOnce bool
	}{
		{"uuidv4", 122, false, false},
		{"uuidv7", 48, false, false},
		{"ksuid", 64, false, false},
		{"ulid", 0, false, false},
		{"uuidv1", 0, false, true},
		{"objectid", 0, false, true},
		{"snowflake", 0, true, false},
	} {
		l := builtin(t, tc.name)
		if got := l.FreshBits(); got != tc.fresh {
			t.Errorf("%s: FreshBits = %d, want %d", tc.name, got, tc.fresh)
		}
		if got := l.NeedsNode(); got != tc.needsNode {
			t.Errorf("%s: NeedsNode = %v, want %v", tc.name, got, tc.needsNode)
		}
		if got := l.DrawsOnce(); got != tc.drawsOnce {
			t.Errorf("%s: DrawsOnce = %v, want %v", tc.name, got, tc.drawsOnce)
		}
	}
}
