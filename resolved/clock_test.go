package resolved_test

import (
	"math/big"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/idforge/idforge/layouts"
	"github.com/idforge/idforge/resolved"
)

// The published times of RFC 9562's, KSUID's and ULID's vectors.
func TestClockVectors(t *testing.T) {
	for _, c := range []struct {
		layout string
		tick   uint64
		want   time.Time
	}{
		// RFC 9562 A.1 and A.5: 100-ns ticks since 1582-10-15.
		{"uuidv1", 0x1EC9414C232AB00, time.Date(2022, 2, 22, 19, 22, 22, 0, time.UTC)},
		{"uuidv6", 0x1EC9414C232AB00, time.Date(2022, 2, 22, 19, 22, 22, 0, time.UTC)},
		// A.6: Unix milliseconds.
		{"uuidv7", 0x017F22E279B0, time.Date(2022, 2, 22, 19, 22, 22, 0, time.UTC)},
		{"ksuid", 107608047, time.Unix(1400000000+107608047, 0).UTC()},
		{"ulid", 1469918176385, time.UnixMilli(1469918176385).UTC()},
		{"snowflake", 0, time.UnixMilli(1288834974657).UTC()},
		{"discord", 175928847299117063 >> 22, time.UnixMilli(1420070400000 + 175928847299117063>>22).UTC()},
	} {
		clk := builtin(t, c.layout).Clock
		k := new(big.Int).SetUint64(c.tick)
		if got := clk.Time(k); !got.Equal(c.want) {
			t.Errorf("%s: Time(%#x) = %v, want %v", c.layout, c.tick, got, c.want)
		}
		if got := clk.Floor(c.want); got.Cmp(k) != 0 {
			t.Errorf("%s: Floor(%v) = %v, want %#x", c.layout, c.want, got, c.tick)
		}
		if got := clk.Ceil(c.want); got.Cmp(k) != 0 {
			t.Errorf("%s: Ceil(%v) = %v, want %#x", c.layout, c.want, got, c.tick)
		}
	}
	v1 := builtin(t, "uuidv1").Clock
	if ns, exact := v1.Nanos(); ns != 100 || !exact {
		t.Errorf("uuidv1: Nanos %d %v", ns, exact)
	}
	if n, exact := v1.PerSecond(); n != 10_000_000 || !exact {
		t.Errorf("uuidv1: PerSecond %d %v", n, exact)
	}
	if _, last := builtin(t, "uuidv7").Clock.Range(); !last.Equal(time.UnixMilli(1<<48 - 1).UTC()) {
		t.Errorf("uuidv7: last instant %v", last)
	}
}

// Units of every shape: the helpers that classify a tick.
func TestClockUnits(t *testing.T) {
	for _, c := range []struct {
		unit                  string
		nanos                 uint64
		nanosExact            bool
		perSec                uint64
		perSecExact           bool
		perSecCeil            uint64
		seconds               uint64
		secondsOK             bool
		binary                int
		binaryOK, wholeMillis bool
		atLeastMicro          bool
	}{
		{"ms", 1e6, true, 1000, true, 1000, 0, false, 0, false, true, true},
		{"100ns", 100, true, 1e7, true, 1e7, 0, false, 0, false, false, false},
		{"s", 1e9, true, 1, true, 1, 1, true, 0, false, true, true},
		{"10s", 10e9, true, 0, false, 1, 10, true, 0, false, true, true},
		{"ms/4096", 244, false, 4096000, true, 4096000, 0, false, 0, false, false, false},
		{"2^-12s", 244140, false, 4096, true, 4096, 0, false, 12, true, false, true},
		{"ns", 1, true, 1e9, true, 1e9, 0, false, 0, false, false, false},
		{"10ms", 1e7, true, 100, true, 100, 0, false, 0, false, true, true},
	} {
		l, err := layouts.Parse("u.layout", []byte("layout u 64\n  t 64 time unix "+c.unit+"\n"))
		if err != nil {
			t.Fatalf("%s: %v", c.unit, err)
		}
		clk := resolved.Must(l).Clock
		if ns, exact := clk.Nanos(); ns != c.nanos || exact != c.nanosExact {
			t.Errorf("%s: Nanos %d %v", c.unit, ns, exact)
		}
		if n, exact := clk.PerSecond(); n != c.perSec || exact != c.perSecExact {
			t.Errorf("%s: PerSecond %d %v", c.unit, n, exact)
		}
		if n := clk.PerSecondCeil(); n != c.perSecCeil {
			t.Errorf("%s: PerSecondCeil %d", c.unit, n)
		}
		if n, ok := clk.Seconds(); n != c.seconds || ok != c.secondsOK {
			t.Errorf("%s: Seconds %d %v", c.unit, n, ok)
		}
		if k, ok := clk.BinaryFraction(); k != c.binary || ok != c.binaryOK {
			t.Errorf("%s: BinaryFraction %d %v", c.unit, k, ok)
		}
		if clk.WholeMillis() != c.wholeMillis || clk.AtLeast(time.Microsecond) != c.atLeastMicro {
			t.Errorf("%s: WholeMillis %v, AtLeast(1µs) %v", c.unit, clk.WholeMillis(), clk.AtLeast(time.Microsecond))
		}
	}
}

// Floor, Ceil, Last and Time against their definitions, worked with
// exact rationals: a tick k starts at epoch + k*tick.
func TestClockOracle(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	units := []string{"ms", "100ns", "s", "10s", "ms/4096", "2^-12s", "ns", "10ms", "3ms", "7us", "ms/3"}
	epochs := []string{"unix", "gregorian", "2020-01-01T00:00:00.123456789Z"}
	for _, u := range units {
		for _, e := range epochs {
			l, err := layouts.Parse("u.layout", []byte("layout u 64\n  t 64 time "+e+" "+u+"\n"))
			if err != nil {
				t.Fatalf("%s %s: %v", e, u, err)
			}
			r := resolved.Must(l)
			clk := r.Clock
			v, _ := l.Value(layouts.Time)
			tick := new(big.Rat).SetFrac(new(big.Int).SetUint64(v.Unit.Num*1e9), new(big.Int).SetUint64(v.Unit.Den)) // ns
			epoch := new(big.Rat).SetInt(new(big.Int).Add(new(big.Int).Mul(big.NewInt(v.Epoch.Unix()), big.NewInt(1e9)), big.NewInt(int64(v.Epoch.Nanosecond()))))
			start := func(k *big.Int) *big.Rat { // ns since 1970, exactly
				s := new(big.Rat).Mul(new(big.Rat).SetInt(k), tick)
				return s.Add(s, epoch)
			}
			for range 300 {
				at := time.Unix(rng.Int64N(4e9)-1e9, rng.Int64N(1e9)).UTC()
				ns := new(big.Rat).SetInt(new(big.Int).Add(new(big.Int).Mul(big.NewInt(at.Unix()), big.NewInt(1e9)), big.NewInt(int64(at.Nanosecond()))))
				one := big.NewInt(1)
				f := clk.Floor(at)
				if start(f).Cmp(ns) > 0 || start(new(big.Int).Add(f, one)).Cmp(ns) <= 0 {
					t.Fatalf("%s %s: Floor(%v) = %v", e, u, at, f)
				}
				c := clk.Ceil(at)
				if start(c).Cmp(ns) < 0 || start(new(big.Int).Sub(c, one)).Cmp(ns) >= 0 {
					t.Fatalf("%s %s: Ceil(%v) = %v", e, u, at, c)
				}
				// Time rounds a tick's start down to the nanosecond.
				tf := clk.Time(f)
				floorNs := new(big.Int).Div(start(f).Num(), start(f).Denom())
				if got := new(big.Int).Add(new(big.Int).Mul(big.NewInt(tf.Unix()), big.NewInt(1e9)), big.NewInt(int64(tf.Nanosecond()))); got.Cmp(floorNs) != 0 {
					t.Fatalf("%s %s: Time(%v) = %v, want %v ns", e, u, f, tf, floorNs)
				}
				last := clk.Last(at)
				if clk.Time(last).After(at) || !clk.Time(new(big.Int).Add(last, one)).After(at) {
					t.Fatalf("%s %s: Last(%v) = %v", e, u, at, last)
				}
			}
		}
	}
}
