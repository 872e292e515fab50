package interp_test

import (
	"encoding/binary"
	"strconv"
	"testing"
	"time"

	"github.com/idforge/idforge/interp"
	"github.com/idforge/idforge/layouts"
)

// TestPublishedIDs reads IDs that the systems behind the built-in layouts
// publish in their documentation, in their own text, and checks the time
// and fields they document.
func TestPublishedIDs(t *testing.T) {
	for _, c := range []struct {
		layout, text string
		decimal      bool // the text is the ID as a decimal int64
		time         string
		fields       map[string]uint64
		source       string
	}{
		{"discord", "175928847299117063", true, "2016-04-30T11:18:25.796Z",
			map[string]uint64{"worker": 1, "process": 0, "increment": 7}, "Discord's API reference, Snowflakes"},
		{"tsid", "0ARYZVZXW377R", false, "", nil, "f4b6a3/tsid-creator's README: 388400145978465528"},
		{"xid", "9m4e2mr0ui3e8a215n4g", false, "2011-03-22T17:50:19Z",
			map[string]uint64{"machine": 0x60f486, "pid": 0xe428, "counter": 0x412dc9}, "rs/xid's README"},
		{"mastodon", "109383794862302327", true, "", nil, "a Mastodon status ID: the milliseconds in the top 48 bits"},
	} {
		l, err := layouts.Builtin(c.layout)
		if err != nil {
			t.Fatal(err)
		}
		var b []byte
		if c.decimal {
			n, err := strconv.ParseUint(c.text, 10, 64)
			if err != nil {
				t.Fatal(err)
			}
			b = binary.BigEndian.AppendUint64(nil, n)
		} else {
			e, err := l.TextEncoding()
			if err != nil {
				t.Fatal(err)
			}
			if b, err = e.DecodeString(c.text); err != nil {
				t.Fatalf("%s: %s text %q: %v", c.layout, e.Name(), c.text, err)
			}
			if again := e.EncodeToString(b); again != c.text {
				t.Errorf("%s: %q encodes back to %q", c.layout, c.text, again)
			}
		}
		v, err := interp.Unpack(l, b)
		if err != nil {
			t.Fatalf("%s %s (%s): %v", c.layout, c.text, c.source, err)
		}
		at, err := interp.Time(l, b)
		if err != nil {
			t.Fatal(err)
		}
		want := c.time
		switch c.layout {
		case "tsid": // 42 bits of milliseconds since 2020-01-01, then 22 of node and counter
			n := uint64(388400145978465528)
			if binary.BigEndian.Uint64(b) != n {
				t.Errorf("tsid %s = %d, want %d", c.text, binary.BigEndian.Uint64(b), n)
			}
			want = time.UnixMilli(1577836800000 + int64(n>>22)).UTC().Format(time.RFC3339Nano)
		case "mastodon":
			want = time.UnixMilli(int64(binary.BigEndian.Uint64(b) >> 16)).UTC().Format(time.RFC3339Nano)
		}
		if got := at.UTC().Format(time.RFC3339Nano); got != want {
			t.Errorf("%s %s: time %s, want %s (%s)", c.layout, c.text, got, want, c.source)
		}
		for name, want := range c.fields {
			if got := v[name]; got == nil || got.Uint64() != want {
				t.Errorf("%s %s: %s = %v, want %d (%s)", c.layout, c.text, name, got, want, c.source)
			}
		}
	}
}
