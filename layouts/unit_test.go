package layouts_test

import (
	"fmt"
	"math/big"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/idforge/idforge/layouts"
)

// A time unit reads as a spec writes it, s, ms, us, ns, a multiple, a
// base unit divided by an integer (ms/4096: RFC 9562 §6.2 method 3) or a
// binary fraction of a second, and String writes it back so that it reads
// as the same unit.
func TestUnits(t *testing.T) {
	tests := []struct {
		spec, want string
		unit       layouts.Unit
	}{
		{"s", "s", layouts.Unit{Num: 1, Den: 1}},
		{"ms", "ms", layouts.Unit{Num: 1, Den: 1000}},
		{"10ms", "10ms", layouts.Unit{Num: 1, Den: 100}},
		{"100ns", "100ns", layouts.Unit{Num: 1, Den: 10_000_000}},
		{"µs", "us", layouts.Unit{Num: 1, Den: 1_000_000}},
		{"2^-12s", "2^-12s", layouts.Unit{Num: 1, Den: 4096}},
		{"ms/4096", "ms/4096", layouts.Unit{Num: 1, Den: 4_096_000}},
		{"1ms/4096", "ms/4096", layouts.Unit{Num: 1, Den: 4_096_000}},
		{"s/4096000", "ms/4096", layouts.Unit{Num: 1, Den: 4_096_000}},
		{"us/3", "us/3", layouts.Unit{Num: 1, Den: 3_000_000}},
		{"10us/3", "ms/300", layouts.Unit{Num: 1, Den: 300_000}},
		{"7us/3", "7us/3", layouts.Unit{Num: 7, Den: 3_000_000}},
		{"3s/7", "3s/7", layouts.Unit{Num: 3, Den: 7}},
		{"10ms/10", "ms", layouts.Unit{Num: 1, Den: 1000}},
		{"ms/1", "ms", layouts.Unit{Num: 1, Den: 1000}},
		{"s/1024", "2^-10s", layouts.Unit{Num: 1, Den: 1024}},
		{"ns/2", "ns/2", layouts.Unit{Num: 1, Den: 2_000_000_000}},
	}
	for _, tc := range tests {
		l, err := layouts.Parse("u.layout", []byte(fmt.Sprintf("layout u 64\n  t 64 time unix %s\n", tc.spec)))
		if err != nil {
			t.Errorf("%s: %v", tc.spec, err)
			continue
		}
		v, _ := l.Value(layouts.Time)
		if v.Unit != tc.unit || v.Unit.String() != tc.want {
			t.Errorf("%s: unit %+v written %q; want %+v written %q", tc.spec, v.Unit, v.Unit.String(), tc.unit, tc.want)
		}
	}
	for _, bad := range []string{"ms/0", "ms/", "/4096", "ms/-1", "ms/+2", "ms/4096/2", "ms/x", "4096/ms", "ms/4294967296", "0ms/2"} {
		_, err := layouts.Parse("u.layout", []byte(fmt.Sprintf("layout u 64\n  t 64 time unix %s\n", bad)))
		if err == nil {
			t.Errorf("%s: parsed", bad)
		}
	}
}

// uuidv7-subms: the 60-bit time in 1/4096 ms spans unix_ts_ms and rand_a,
// a tick is 244.140625 ns, and the layout overflows with UUIDv7's 48-bit
// milliseconds.
func TestSubmsLayout(t *testing.T) {
	l := builtin(t, "uuidv7-subms")
	v, _ := l.Value(layouts.Time)
	if v.Width != 60 || v.Unit != (layouts.Unit{Num: 1, Den: 4_096_000}) {
		t.Fatalf("time: %d bits of %v", v.Width, v.Unit)
	}
	if !l.IsUUID() {
		t.Error("not a UUID layout")
	}
	if d, _ := l.Tick(); d != 244*time.Nanosecond {
		t.Errorf("Tick %v, want 244ns (244.140625 rounded down)", d)
	}
	o, _ := l.Overflow()
	if want := time.UnixMilli(1 << 48).UTC(); !o.Equal(want) {
		t.Errorf("overflow %v, want %v", o, want)
	}
	if _, ok := v.Unit.Nanos(); ok {
		t.Error("Nanos: a 1/4096 ms tick is no whole number of nanoseconds")
	}
}

// Any unit a spec can write, [M]BASE/N, is written back by String as a
// spec that reads as the same unit: a property over random M and N, held
// to the rational M/(N*per) seconds.
func TestUnitStringRoundTrip(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	bases := []struct {
		name string
		per  int64
	}{{"s", 1}, {"ms", 1e3}, {"us", 1e6}, {"ns", 1e9}}
	// An epoch a minute ago: 64 bits of the shortest unit here hold hours.
	epoch := time.Now().Add(-time.Minute).UTC().Format(time.RFC3339)
	spec := func(unit string) []byte {
		return []byte(fmt.Sprintf("layout u 64\n  t 64 time %s %s\n", epoch, unit))
	}
	for range 20_000 {
		b := bases[r.IntN(len(bases))]
		m, n := 1+r.Int64N(5000), 1+r.Int64N(1<<20)
		switch r.IntN(3) {
		case 0:
			m = 1
		case 1: // as large as a spec writes
			m = 1 + r.Int64N(1<<32-1)
		}
		unit := fmt.Sprintf("%d%s/%d", m, b.name, n)
		l, err := layouts.Parse("u.layout", spec(unit))
		if err != nil {
			t.Fatalf("%s: %v", unit, err)
		}
		v, _ := l.Value(layouts.Time)
		want := big.NewRat(m, n*b.per)
		if got := new(big.Rat).SetFrac(new(big.Int).SetUint64(v.Unit.Num), new(big.Int).SetUint64(v.Unit.Den)); got.Cmp(want) != 0 {
			t.Fatalf("%s: %v seconds, want %v", unit, got, want)
		}
		back, err := layouts.Parse("u.layout", spec(v.Unit.String()))
		if err != nil {
			t.Fatalf("%s written as %q: %v", unit, v.Unit, err)
		}
		if w, _ := back.Value(layouts.Time); w.Unit != v.Unit {
			t.Fatalf("%s written as %q reads as %+v, not %+v", unit, v.Unit, w.Unit, v.Unit)
		}
	}
}
