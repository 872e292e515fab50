package fuzz_test

import (
	"errors"
	"fmt"
	"math/big"
	"strings"
	"testing"
	"time"

	"github.com/idforge/idforge/fuzz"
	"github.com/idforge/idforge/interp"
	"github.com/idforge/idforge/layouts"
)

// FuzzBuiltinLayouts checks every built-in layout's properties; the first
// input byte picks the layout.
func FuzzBuiltinLayouts(f *testing.F) {
	ls, err := layouts.Builtins()
	if err != nil {
		f.Fatal(err)
	}
	for i := range ls {
		f.Add([]byte{byte(i)})
		f.Add(append([]byte{byte(i)}, strings.Repeat("\xff", 40)...))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) == 0 {
			return
		}
		fuzz.Check(t, ls[int(data[0])%len(ls)], data[1:])
	})
}

// FuzzCustomV8 derives a valid UUIDv8 layout from its input, with random
// field widths and roles around the fixed version and variant bits, and
// checks every property on it through the interpreter.
func FuzzCustomV8(f *testing.F) {
	f.Add([]byte{0, 0, 0, 0})
	f.Add([]byte{48, 12, 3, 7, 1, 2, 3, 4, 5, 6})
	f.Add([]byte{255, 255, 255, 255, 255, 255})
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) < 4 {
			return
		}
		spec := customV8(data[:4])
		l, err := layouts.Parse("custom.layout", []byte(spec))
		if err != nil {
			t.Fatalf("derived spec does not parse: %v\n%s", err, spec)
		}
		fuzz.Check(t, l, data[4:])
	})
}

// customV8 writes a UUIDv8 spec around the version (bits 48-51) and variant
// (64-65): a time of 16 to 48 bits at the top with a chosen epoch and unit,
// a node and a counter of chosen widths, random bits to fill. The time is
// widened, and if 48 bits are not enough its epoch moved to 2020, until it
// holds the next hundred years: Parse refuses a clock that has overflowed.
func customV8(k []byte) string {
	timeBits := 16 + int(k[0])%33 // 16..48 bits, before the version
	units := []string{"s", "ms", "10ms", "us", "100ns", "2^-10s"}
	epochs := []string{"unix", "gregorian", "2020-01-01T00:00:00Z"}
	unit, epoch := units[int(k[1])%len(units)], epochs[int(k[1]/8)%len(epochs)]
	for !lasts(timeBits, epoch, unit) {
		if timeBits < 48 {
			timeBits++
		} else {
			epoch, unit = "2020-01-01T00:00:00Z", "ms"
		}
	}
	rest := 48 - timeBits          // bits left before the version
	node := int(k[2]) % (rest + 1) // node bits, before the version
	counter := 1 + int(k[3])%30    // counter bits, after the variant
	inits := []string{"zero wait", "seeded borrow", "random borrow"}
	var b strings.Builder
	b.WriteString("layout custom 128\n")
	fmt.Fprintf(&b, "  ts %d time %s %s\n", timeBits, epoch, unit)
	if node > 0 {
		fmt.Fprintf(&b, "  shard %d node\n", node)
	}
	if fill := rest - node; fill > 0 {
		fmt.Fprintf(&b, "  pad %d random\n", fill)
	}
	b.WriteString("  ver 4 = 8\n")
	fmt.Fprintf(&b, "  b 12 random\n")
	b.WriteString("  var 2 = 0b10\n")
	fmt.Fprintf(&b, "  c %d counter %s\n", counter, inits[int(k[3]/32)%len(inits)])
	fmt.Fprintf(&b, "  tail %d random\n", 62-counter)
	return b.String()
}

// lasts reports whether a clock of the given bits, epoch and unit holds the
// next hundred years.
func lasts(bits int, epoch, unit string) bool {
	spec := fmt.Sprintf("layout t 64\n  ts %d time %s %s\n  r %d random\n", bits, epoch, unit, 64-bits)
	l, err := layouts.Parse("t.layout", []byte(spec))
	if err != nil {
		return false
	}
	end, ok := l.Overflow()
	return !ok || end.After(time.Now().AddDate(100, 0, 0))
}

// FuzzRandomSpec checks that every input gives a spec that parses, and
// that the layout it declares has every property Check checks.
func FuzzRandomSpec(f *testing.F) {
	for i := range 8 {
		f.Add([]byte{byte(i), byte(37 * i), byte(101 * i), 255, 0, byte(i)})
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		spec := fuzz.RandomSpec(data)
		l, err := layouts.Parse("random.layout", []byte(spec))
		if err != nil {
			t.Fatalf("RandomSpec gave a spec that does not parse: %v\n%s", err, spec)
		}
		fuzz.Check(t, l, data)
		checkRepeats(t, l)
	})
}

// checkRepeats holds the interpreter's generator of l, on a clock that
// stands still, to the rule that it repeats no ID unless the layout warns
// that it does. All 512 IDs fall in one tick; a RandomSpec layout (ticks of
// a nanosecond or longer, no running counter) that has no counter and no
// warning has 51 random bits or more, as a generator at full speed (10^8
// IDs a second) would otherwise repeat itself within 10 years, so its 512
// IDs repeat with a chance below 1 in 10^10: a repeat shows a layout that
// should have warned.
func checkRepeats(t *testing.T, l *layouts.Layout) {
	now := time.Now()
	g, err := interp.NewGenerator(l,
		interp.WithClock(func() time.Time { return now }),
		interp.WithMaxWait(0), interp.WithSleep(func(time.Duration) {}), // a counter that runs out ends the run at once
		interp.WithFixed(layouts.Node, big.NewInt(1)))
	if errors.Is(err, interp.ErrNoRole) {
		g, err = interp.NewGenerator(l, interp.WithClock(func() time.Time { return now }), interp.WithMaxWait(0), interp.WithSleep(func(time.Duration) {}))
	}
	if err != nil {
		t.Fatal(err)
	}
	fuzz.CheckRepeats(t, l, g.Next, 512)
}

// The rule CheckRepeats checks bites: on a clock that stands still, layouts
// without a counter repeat themselves, and they have the warning; the same
// with a counter repeat nothing.
func TestCheckRepeats(t *testing.T) {
	for _, tc := range []struct {
		spec    string
		repeats bool
	}{
		{"layout bare 64\n  t 64 time unix ns\n", true},
		{"layout burst 64\n  t 48 time unix ms\n  r 16 random\n", true},
		{"layout few 64\n  t 56 time unix ms\n  r 8 random\n", true},
		{"layout counted 64\n  t 48 time unix ms\n  seq 12 counter seeded borrow\n  r 4 random\n", false},
		{"layout wide 128\n  t 48 time unix ms\n  r 80 random bytes\n", false},
	} {
		l, err := layouts.Parse("x.layout", []byte(tc.spec))
		if err != nil {
			t.Fatal(err)
		}
		now := time.Now()
		g, err := interp.NewGenerator(l, interp.WithClock(func() time.Time { return now }))
		if err != nil {
			t.Fatal(err)
		}
		seen, repeats := map[string]bool{}, false
		for range 4096 {
			b, err := g.Next()
			if err != nil {
				t.Fatal(err)
			}
			repeats = repeats || seen[string(b)]
			seen[string(b)] = true
		}
		_, warned := l.RepeatWarning()
		if repeats != tc.repeats || warned != tc.repeats {
			t.Errorf("%s: repeats %v, warned %v; want %v", l.Name, repeats, warned, tc.repeats)
		}
		fuzz.CheckRepeats(t, l, g.Next, 512) // passes either way: warned, or no repeat
	}
}
