package interp_test

import (
	"bytes"
	"encoding/hex"
	"errors"
	"math/big"
	"strings"
	"testing"
	"time"

	"github.com/idforge/idforge/interp"
	"github.com/idforge/idforge/layouts"
)

func layout(t testing.TB, name string) *layouts.Layout {
	t.Helper()
	l, err := layouts.Builtin(name)
	if err != nil {
		t.Fatal(err)
	}
	return l
}

func big16(t testing.TB, s string) *big.Int {
	t.Helper()
	x, ok := new(big.Int).SetString(strings.ReplaceAll(s, "_", ""), 16)
	if !ok {
		t.Fatalf("bad hex %q", s)
	}
	return x
}

// hexID strips the dashes of a canonical UUID and decodes it.
func hexID(t testing.TB, s string) []byte {
	t.Helper()
	b, err := hex.DecodeString(strings.ReplaceAll(s, "-", ""))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// The published vectors (RFC 9562 appendix A and B.1, and the KSUID, ULID
// and Snowflake ones) pack to the exact bytes and unpack to the same fields.
func TestVectors(t *testing.T) {
	tests := []struct {
		layout string
		fields map[string]string // field name: hex value
		id     string            // hex, dashes allowed
	}{
		{"uuidv1", map[string]string{"timestamp": "1EC9414C232AB00", "clock_seq": "33C8", "node": "9F6BDECED846"}, "C232AB00-9414-11EC-B3C8-9F6BDECED846"},
		{"uuidv6", map[string]string{"timestamp": "1EC9414C232AB00", "clock_seq": "33C8", "node": "9F6BDECED846"}, "1EC9414C-232A-6B00-B3C8-9F6BDECED846"},
		{"uuidv7", map[string]string{"unix_ms": "017F22E279B0", "rand_a": "CC3", "rand_b": "18C4DC0C0C07398F"}, "017F22E2-79B0-7CC3-98C4-DC0C0C07398F"},
		{"uuidv8", map[string]string{"custom_a": "2489E9AD2EE2", "custom_b": "E00", "custom_c": "0EC932D5F69181C0"}, "2489E9AD-2EE2-8E00-8EC9-32D5F69181C0"},
		{"uuidv4", map[string]string{"random_a": "919108F752D1", "random_b": "320", "random_c": "1BACF847DB4148A8"}, "919108f7-52d1-4320-9bac-f847db4148a8"},
		{"ksuid", map[string]string{"timestamp": "0669F7EF", "payload": "B5A1CD34B5F99D1154FB6853345C9735"}, "0669F7EFB5A1CD34B5F99D1154FB6853345C9735"},
		{"ulid", map[string]string{"timestamp": "01563DF36481", "entropy": "0"}, "01563DF36481" + strings.Repeat("0", 20)},
		// 1288834974657 + 1000 ms, node 5, sequence 7.
		{"snowflake", map[string]string{"timestamp": "3E8", "node": "5", "sequence": "7"}, "00000000FA005007"},
	}
	for _, tc := range tests {
		t.Run(tc.layout, func(t *testing.T) {
			l := layout(t, tc.layout)
			v := interp.Values{}
			for name, x := range tc.fields {
				v[name] = big16(t, x)
			}
			want := hexID(t, tc.id)
			got, err := interp.Pack(l, v)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got, want) {
				t.Fatalf("Pack = %X, want %X", got, want)
			}
			back, err := interp.Unpack(l, want)
			if err != nil {
				t.Fatal(err)
			}
			for name, x := range v {
				if back[name].Cmp(x) != 0 {
					t.Errorf("Unpack %s = %X, want %X", name, back[name], x)
				}
			}
			if len(back) != len(v) {
				t.Errorf("Unpack gave %d fields, want %d", len(back), len(v))
			}
		})
	}
}

// The times the vectors hold.
func TestVectorTimes(t *testing.T) {
	tests := []struct {
		layout, id string
		want       time.Time
	}{
		{"uuidv1", "C232AB00-9414-11EC-B3C8-9F6BDECED846", time.Date(2022, 2, 22, 19, 22, 22, 0, time.UTC)},
		{"uuidv6", "1EC9414C-232A-6B00-B3C8-9F6BDECED846", time.Date(2022, 2, 22, 19, 22, 22, 0, time.UTC)},
		{"uuidv7", "017F22E2-79B0-7CC3-98C4-DC0C0C07398F", time.Date(2022, 2, 22, 19, 22, 22, 0, time.UTC)},
		{"uuidv8", "2489E9AD-2EE2-8E00-8EC9-32D5F69181C0", time.Date(2022, 2, 22, 19, 22, 22, 0, time.UTC)},
		{"ksuid", "0669F7EFB5A1CD34B5F99D1154FB6853345C9735", time.Unix(1400000000+107608047, 0).UTC()},
		{"ulid", "01563DF36481" + strings.Repeat("0", 20), time.UnixMilli(1469918176385).UTC()},
		{"snowflake", "00000000FA005007", time.UnixMilli(1288834974657 + 1000).UTC()},
	}
	for _, tc := range tests {
		got, err := interp.Time(layout(t, tc.layout), hexID(t, tc.id))
		if err != nil {
			t.Fatal(err)
		}
		if !got.Equal(tc.want) {
			t.Errorf("%s: Time = %v, want %v", tc.layout, got, tc.want)
		}
	}
}

// RFC 9562 appendix A.2 and A.4, and B.2.
func TestHashVectors(t *testing.T) {
	dns := hexID(t, "6ba7b810-9dad-11d1-80b4-00c04fd430c8")
	tests := []struct{ layout, want string }{
		{"uuidv3", "5df41881-3aed-3515-88a7-2f4a814cf09e"},
		{"uuidv5", "2ed6657d-e927-568b-95e1-2665a8aea6a2"},
		{"uuidv8-sha256", "5c146b14-3c52-8afd-938a-375d0df1fbf6"},
	}
	for _, tc := range tests {
		got, err := interp.Hash(layout(t, tc.layout), append(dns[:16:16], "www.example.com"...))
		if err != nil {
			t.Fatal(err)
		}
		if want := hexID(t, tc.want); !bytes.Equal(got, want) {
			t.Errorf("%s: Hash = %X, want %X", tc.layout, got, want)
		}
	}
}

// A UUIDv4 is its random block with the version and variant written over it
// (RFC 9562 appendix A.3).
func TestGenerateV4Vector(t *testing.T) {
	block := hexID(t, "919108F752D133205BACF847DB4148A8")
	g, err := interp.NewGenerator(layout(t, "uuidv4"), interp.WithRand(bytes.NewReader(bytes.Repeat(block, 2))))
	if err != nil {
		t.Fatal(err)
	}
	got, err := g.Next()
	if err != nil {
		t.Fatal(err)
	}
	if want := hexID(t, "919108f7-52d1-4320-9bac-f847db4148a8"); !bytes.Equal(got, want) {
		t.Fatalf("Next = %X, want %X", got, want)
	}
}

func TestPackErrors(t *testing.T) {
	l := layout(t, "uuidv7")
	ok := func() interp.Values {
		return interp.Values{"unix_ms": big.NewInt(1), "rand_a": big.NewInt(2), "rand_b": big.NewInt(3)}
	}
	tests := []struct {
		name string
		edit func(interp.Values)
		want error
	}{
		{"missing", func(v interp.Values) { delete(v, "rand_a") }, interp.ErrMissing},
		{"unknown", func(v interp.Values) { v["ver"] = big.NewInt(7) }, interp.ErrUnknown},
		{"too wide", func(v interp.Values) { v["rand_a"] = big.NewInt(1 << 12) }, interp.ErrRange},
		{"negative", func(v interp.Values) { v["unix_ms"] = big.NewInt(-1) }, interp.ErrRange},
	}
	for _, tc := range tests {
		v := ok()
		tc.edit(v)
		if _, err := interp.Pack(l, v); !errors.Is(err, tc.want) {
			t.Errorf("%s: err = %v, want %v", tc.name, err, tc.want)
		}
	}
	if _, err := interp.Pack(l, ok()); err != nil {
		t.Fatal(err)
	}
	if _, err := interp.Unpack(l, make([]byte, 15)); !errors.Is(err, interp.ErrLength) {
		t.Errorf("short Unpack: err = %v", err)
	}
	if _, err := interp.Unpack(l, make([]byte, 16)); !errors.Is(err, interp.ErrConstant) {
		t.Errorf("zero bytes as v7: err = %v", err)
	}
}

// Time errors show the time in RFC 3339, never Go's monotonic clock
// reading (m=+...).
func TestTicksErrorText(t *testing.T) {
	l, err := layouts.Builtin("ksuid")
	if err != nil {
		t.Fatal(err)
	}
	v, _ := l.Value(layouts.Time)
	for _, tm := range []time.Time{time.Now().Add(-20 * 365 * 24 * time.Hour), time.Now().Add(200 * 365 * 24 * time.Hour)} {
		_, err := interp.Ticks(v, tm)
		if !errors.Is(err, interp.ErrTime) || strings.Contains(err.Error(), "m=+") || !strings.Contains(err.Error(), tm.UTC().Format(time.RFC3339Nano)) {
			t.Errorf("Ticks(%v): err = %v, want ErrTime with the time in RFC 3339", tm, err)
		}
	}
}

// The UUIDv7 bounds of an instant inside a millisecond: MinAt rounds up to
// the next millisecond, MaxAt down to this one. Before the first tick
// MinAt is the first tick and MaxAt ErrTime (no ID is of that time or
// before); past the last, MinAt is ErrTime and MaxAt the last tick
// (DESIGN's time bounds).
func TestBoundsVector(t *testing.T) {
	l, err := layouts.Builtin("uuidv7")
	if err != nil {
		t.Fatal(err)
	}
	at := time.Date(2022, 2, 22, 19, 22, 22, 500_000, time.UTC) // 0x017F22E279B0 ms + 0.5 ms
	for _, c := range []struct {
		at       time.Time
		min, max string
	}{
		{at, "017f22e279b170008000000000000000", "017f22e279b07fffbfffffffffffffff"},
		{at.Truncate(time.Millisecond), "017f22e279b070008000000000000000", "017f22e279b07fffbfffffffffffffff"},
		{time.Unix(-1, 0), "00000000000070008000000000000000", "ErrTime"},
		{time.UnixMilli(0).Add(-1), "00000000000070008000000000000000", "ErrTime"},
		{time.UnixMilli(0), "00000000000070008000000000000000", "0000000000007fffbfffffffffffffff"},
		{time.UnixMilli(1<<48 - 1), "ffffffffffff70008000000000000000", "ffffffffffff7fffbfffffffffffffff"},
		{time.UnixMilli(1<<48 - 1).Add(1), "ErrTime", "ffffffffffff7fffbfffffffffffffff"},
		{time.Date(20000, 1, 1, 0, 0, 0, 0, time.UTC), "ErrTime", "ffffffffffff7fffbfffffffffffffff"},
	} {
		text := func(b []byte, err error) string {
			if errors.Is(err, interp.ErrTime) {
				return "ErrTime"
			}
			return hex.EncodeToString(b)
		}
		if got := text(interp.MinAt(l, c.at)) + " " + text(interp.MaxAt(l, c.at)); got != c.min+" "+c.max {
			t.Errorf("bounds at %v = %s, want %s %s", c.at, got, c.min, c.max)
		}
	}
}
