// Package xid_test checks the built-in xid and discord layouts against
// the real thing: rs/xid, which makes xids, and discordgo's reading of a
// Discord ID's time. Both are test-only dependencies of this module.
package xid_test

import (
	"encoding/binary"
	"math/rand/v2"
	"strconv"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/rs/xid"

	"github.com/idforge/idforge/interp"
	"github.com/idforge/idforge/layouts"
)

// TestXID reads rs/xid's IDs with the xid layout, from their text, field
// by field, and writes them back; and has rs/xid read the layout's IDs.
func TestXID(t *testing.T) {
	l, err := layouts.Builtin("xid")
	if err != nil {
		t.Fatal(err)
	}
	e, err := l.TextEncoding()
	if err != nil {
		t.Fatal(err)
	}
	for i := range 10000 {
		id := xid.New()
		if i%2 == 1 { // and any 12 bytes, as xid reads them
			var b [12]byte
			for j := range b {
				b[j] = byte(rand.Uint32())
			}
			if id, err = xid.FromBytes(b[:]); err != nil {
				t.Fatal(err)
			}
		}
		b, err := e.DecodeString(id.String())
		if err != nil {
			t.Fatalf("%s: %v", id, err)
		}
		if string(b) != string(id.Bytes()) || e.EncodeToString(b) != id.String() {
			t.Fatalf("%s: read as %x, written as %s", id, b, e.EncodeToString(b))
		}
		v, err := interp.Unpack(l, b)
		if err != nil {
			t.Fatal(err)
		}
		at, err := interp.Time(l, b)
		if err != nil {
			t.Fatal(err)
		}
		m := id.Machine()
		if !at.Equal(id.Time()) || v["machine"].Uint64() != uint64(m[0])<<16|uint64(m[1])<<8|uint64(m[2]) ||
			v["pid"].Uint64() != uint64(id.Pid()) || v["counter"].Uint64() != uint64(id.Counter()) {
			t.Fatalf("%s: time %v machine %x pid %d counter %d; xid says %v %x %d %d", id, at, v["machine"], v["pid"], v["counter"],
				id.Time(), m, id.Pid(), id.Counter())
		}
	}
	g, err := interp.NewGenerator(l)
	if err != nil {
		t.Fatal(err)
	}
	for range 1000 {
		b, err := g.Next()
		if err != nil {
			t.Fatal(err)
		}
		id, err := xid.FromString(e.EncodeToString(b))
		if err != nil || string(id.Bytes()) != string(b) {
			t.Fatalf("xid.FromString(%s) = %v, %v", e.EncodeToString(b), id, err)
		}
		if d := time.Since(id.Time()); d < -time.Second || d > time.Minute {
			t.Fatalf("xid reads our %s as made at %v", id, id.Time())
		}
	}
}

// TestDiscord reads Discord IDs with the discord layout and compares the
// time with discordgo's.
func TestDiscord(t *testing.T) {
	l, err := layouts.Builtin("discord")
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(1, 2))
	for range 10000 {
		n := r.Uint64() >> 1 // Discord's IDs are positive int64s
		s := strconv.FormatUint(n, 10)
		want, err := discordgo.SnowflakeTimestamp(s)
		if err != nil {
			t.Fatal(err)
		}
		got, err := interp.Time(l, binary.BigEndian.AppendUint64(nil, n))
		if err != nil {
			t.Fatal(err)
		}
		if !got.Equal(want) {
			t.Fatalf("%s: %v, discordgo says %v", s, got, want)
		}
	}
}
