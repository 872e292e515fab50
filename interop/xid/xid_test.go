// Package xid_test checks the built-in xid and discord layouts against
// the real thing: rs/xid, which makes xids, and discordgo's reading of a
// Discord ID's time. Both are test-only dependencies of this module.
// xidgen holds the Go package idforge gen writes for the xid layout, which
// is checked and timed against rs/xid too.
package xid_test

//go:generate go run ../../cmd/idforge gen -layout xid -pkg xidgen -o xidgen/xid.go

import (
	"encoding/binary"
	"math/rand/v2"
	"strconv"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/rs/xid"

	"github.com/idforge/idforge/interop/xid/xidgen"
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

// TestGenerated has the package idforge gen writes for the xid layout read
// rs/xid's text and write it back, byte for byte, and rs/xid read the
// package's text; text that xid refuses, the package refuses too.
func TestGenerated(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for i := range 100000 {
		id := xid.New()
		if i%2 == 1 {
			var b [12]byte
			binary.BigEndian.PutUint64(b[:8], r.Uint64())
			binary.BigEndian.PutUint32(b[8:], r.Uint32())
			id, _ = xid.FromBytes(b[:])
		}
		g, err := xidgen.Parse(id.String())
		if err != nil || g.String() != id.String() || string(g[:]) != string(id.Bytes()) {
			t.Fatalf("xidgen.Parse(%s) = %x (%s), %v", id, g[:], g, err)
		}
		back, err := xid.FromString(g.String())
		if err != nil || back != id {
			t.Fatalf("xid.FromString(%s) = %v, %v", g, back, err)
		}
	}
	// Text xid refuses: a character outside the alphabet anywhere, padding
	// bits set in the last digit, the wrong length.
	for _, s := range []string{
		"9m4e2mr0ui3e8a215n4w", "9m4e2mr0ui3e8a215n4h", "9m4e2mr0ui3e8a215n4", "9m4e2mr0ui3e8a215n4g0",
		"wm4e2mr0ui3e8a215n4g", "9m4e2mr0ui3e8a215n!g", "",
	} {
		if _, err := xid.FromString(s); err == nil {
			t.Fatalf("xid reads %q: not a case of text it refuses", s)
		}
		if g, err := xidgen.Parse(s); err == nil {
			t.Errorf("xidgen.Parse(%q) = %s, want an error, as rs/xid refuses it", s, g)
		}
	}
}

// BenchmarkGenerated times the generated package's String and Parse
// against rs/xid's, in one run: benchstat -col /impl compares them.
func BenchmarkGenerated(b *testing.B) {
	id := xid.New()
	g := xidgen.ID(id)
	s := id.String()
	b.Run("op=string/impl=idforge", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			sinkString = g.String()
		}
	})
	b.Run("op=string/impl=xid", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			sinkString = id.String()
		}
	})
	b.Run("op=parse/impl=idforge", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			sinkGen, sinkErr = xidgen.Parse(s)
		}
	})
	b.Run("op=parse/impl=xid", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			sinkXID, sinkErr = xid.FromString(s)
		}
	})
}

var (
	sinkString string
	sinkGen    xidgen.ID
	sinkXID    xid.ID
	sinkErr    error
)
