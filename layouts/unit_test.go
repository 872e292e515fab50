package layouts_test

import (
	"fmt"
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
