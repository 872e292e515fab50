package resolved_test

import (
	"bytes"
	"math/big"
	"strings"
	"testing"
	"time"

	"github.com/idforge/idforge/layouts"
	"github.com/idforge/idforge/resolved"
)

// FuzzText holds every built-in layout's canonical text to a round trip:
// Parse reads what Format writes, back to the same bytes, for any ID; and
// any text Parse takes is an ID whose text Parse reads back the same.
func FuzzText(f *testing.F) {
	ls, err := layouts.Builtins()
	if err != nil {
		f.Fatal(err)
	}
	var rs []*resolved.Layout
	for _, l := range ls {
		rs = append(rs, resolved.Must(l))
	}
	f.Add(uint8(0), []byte{0x01, 0x7f, 0x22, 0xe2}, "175928847299117063")
	f.Add(uint8(7), []byte{0xff}, "18446744073709551615")
	f.Add(uint8(20), []byte{}, "017f22e2-79b0-7cc3-98c4-dc0c0c07398f")
	f.Fuzz(func(t *testing.T, pick uint8, raw []byte, text string) {
		r := rs[int(pick)%len(rs)]
		id := make([]byte, r.Model.Bytes())
		copy(id, raw)
		if r.Text.Name == "decimal" && !r.Text.Signed {
			id[0] &= 0x7f
		}
		s := r.Text.Format(id)
		if len(s) > r.Text.Width || r.Text.Fixed && len(s) != r.Text.Width {
			t.Fatalf("%s: %q is %d characters, width %d", r.Model.Name, s, len(s), r.Text.Width)
		}
		back, err := r.Text.Parse(s)
		if err != nil || !bytes.Equal(back, id) {
			t.Fatalf("%s: Parse(%q) = %x, %v; want %x", r.Model.Name, s, back, err, id)
		}
		got, err := r.Text.Parse(text)
		if err != nil {
			return
		}
		if len(got) != r.Model.Bytes() {
			t.Fatalf("%s: Parse(%q) gave %d bytes", r.Model.Name, text, len(got))
		}
		again := r.Text.Format(got)
		if !strings.EqualFold(again, text) {
			t.Fatalf("%s: Parse(%q) = %x, written %q", r.Model.Name, text, got, again)
		}
	})
}

// FuzzClock holds Floor, Ceil and Time to their definitions for units of
// every shape and any instant: the tick Floor gives starts at or before t
// and the next one after it; Ceil's starts at or after t and the one
// before it before t; Time of a tick is its start rounded down.
func FuzzClock(f *testing.F) {
	units := []string{"ms", "100ns", "s", "10s", "ms/4096", "2^-12s", "ns", "3ms", "7us", "ms/3", "10ms", "us"}
	f.Add(uint8(0), int64(1700000000), int64(123456789))
	f.Add(uint8(4), int64(-5), int64(999999999))
	f.Fuzz(func(t *testing.T, pick uint8, sec, nsec int64) {
		u := units[int(pick)%len(units)]
		epoch := "gregorian"
		if pick >= 128 {
			epoch = "2020-01-01T00:00:00.5Z"
		}
		l, err := layouts.Parse("f.layout", []byte("layout f 64\n  t 64 time "+epoch+" "+u+"\n"))
		if err != nil {
			t.Fatal(err)
		}
		c := resolved.Must(l).Clock
		sec %= 1 << 36 // about 2,000 years either way
		at := time.Unix(sec, nsec%1e9).UTC()
		tick := c.TickIn(1e9)
		start := func(k *big.Int) *big.Rat { // ns since 1970, exactly
			s := new(big.Rat).Mul(new(big.Rat).SetInt(k), tick)
			return s.Add(s, new(big.Rat).SetInt(c.EpochNanos()))
		}
		ns := new(big.Rat).SetInt(new(big.Int).Add(new(big.Int).Mul(big.NewInt(at.Unix()), big.NewInt(1e9)), big.NewInt(int64(at.Nanosecond()))))
		one := big.NewInt(1)
		k := c.Floor(at)
		if start(k).Cmp(ns) > 0 || start(new(big.Int).Add(k, one)).Cmp(ns) <= 0 {
			t.Fatalf("%s: Floor(%v) = %v", u, at, k)
		}
		k = c.Ceil(at)
		if start(k).Cmp(ns) < 0 || start(new(big.Int).Sub(k, one)).Cmp(ns) >= 0 {
			t.Fatalf("%s: Ceil(%v) = %v", u, at, k)
		}
		st := start(k)
		want := new(big.Int).Div(st.Num(), st.Denom())
		got := c.Time(k)
		if g := new(big.Int).Add(new(big.Int).Mul(big.NewInt(got.Unix()), big.NewInt(1e9)), big.NewInt(int64(got.Nanosecond()))); g.Cmp(want) != 0 {
			t.Fatalf("%s: Time(%v) = %v, want %v ns", u, k, got, want)
		}
	})
}
