package gencompat_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/idforge/idforge/interop/gencompat/v9/orderid"
	"github.com/idforge/idforge/interop/gencompat/v9/shardflake"
	"github.com/idforge/idforge/maskkey"
	"github.com/idforge/idforge/store"
)

// A stepping clock: each reading is 1 ms after the last, from a fixed start.
func clock(start time.Time) func() time.Time {
	t := start
	return func() time.Time {
		t = t.Add(time.Millisecond)
		return t
	}
}

// orderid's fields and text, a generator with a store across a restart
// with its clock set back, JSON with escapes, and a Masker: what code of
// runtime version 9 calls in idrt and store.
func TestV9OrderID(t *testing.T) {
	at := time.Date(2026, 11, 24, 12, 0, 0, 0, time.UTC)
	f := orderid.Fields{Millis: uint64(at.Sub(time.Date(2020, 1, 1, 0, 0, 0, 0, time.UTC)).Milliseconds()), Shard: 7, Counter: 0x2a, Rest: 0x123456789abcdef}
	id, err := orderid.Pack(f)
	if err != nil {
		t.Fatal(err)
	}
	if got := id.Fields(); got != f {
		t.Errorf("Fields() = %+v, want %+v", got, f)
	}
	if !id.Time().Equal(at) {
		t.Errorf("Time() = %v, want %v", id.Time(), at)
	}
	back, err := orderid.Parse(id.String())
	if err != nil || back != id {
		t.Errorf("Parse(%q) = %v, %v; want %v", id.String(), back, err, id)
	}
	if _, err := orderid.Pack(orderid.Fields{Shard: 1 << 10}); !errors.Is(err, orderid.ErrRange) {
		t.Errorf("Pack with an 11-bit shard: %v, want ErrRange", err)
	}

	// UnmarshalJSON reads a JSON string as encoding/json does, escapes
	// and all (idrt.UnquoteJSON).
	escaped := `"` + `\u00` + hexByte(id.String()[0]) + `\u00` + hexByte(id.String()[1]) + id.String()[2:] + `"`
	var fromJSON orderid.ID
	if err := json.Unmarshal([]byte(escaped), &fromJSON); err != nil || fromJSON != id {
		t.Errorf("json.Unmarshal(%s) = %v, %v; want %v", escaped, fromJSON, err, id)
	}
	if out, err := json.Marshal(id); err != nil || !bytes.Equal(out, []byte(`"`+id.String()+`"`)) {
		t.Errorf("json.Marshal = %s, %v", out, err)
	}

	// A Masker (idrt.NewMaskOf, a maskkey.Key): the public form unmasks
	// to the ID, the zero Key is refused, and so is an ID whose constant
	// bits are not the layout's (idrt.Mask.Mask's error).
	key, err := maskkey.Parse(strings.Repeat("5a", 16))
	if err != nil {
		t.Fatal(err)
	}
	m, err := orderid.NewMasker(key, []byte("tenant"))
	if err != nil {
		t.Fatal(err)
	}
	pub, err := m.Mask(id)
	if err != nil || pub == id {
		t.Errorf("Mask(%v) = %v, %v", id, pub, err)
	}
	if got, err := m.Unmask(pub); err != nil || got != id {
		t.Errorf("Unmask(Mask(id)) = %v, %v; want %v", got, err, id)
	}
	if _, err := orderid.NewMasker(maskkey.Key{}, nil); !errors.Is(err, orderid.ErrKey) {
		t.Errorf("NewMasker with the zero Key: %v, want ErrKey", err)
	}
	bad := id
	bad[6] ^= 0xf0 // orderid's version nibble
	if _, err := m.Mask(bad); !errors.Is(err, orderid.ErrInvalid) {
		t.Errorf("Mask of an ID with another version: %v, want ErrInvalid", err)
	}

	// A generator with a store, restarted with its clock set back an hour:
	// it resumes above the marks the first one left, at once
	// (idrt.OpenMark, State.ResumePast).
	path := filepath.Join(t.TempDir(), "ids.state")
	var last orderid.ID
	for run, start := range []time.Time{at, at.Add(-time.Hour)} {
		s, err := store.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		s.AllowAhead(2 * time.Hour)
		g, err := orderid.NewGenerator(7, orderid.WithClock(clock(start)), orderid.WithStore(s))
		if err != nil {
			t.Fatal(err)
		}
		for i := range 1000 {
			id, err := g.Next()
			if err != nil {
				t.Fatalf("run %d, ID %d: %v", run, i, err)
			}
			if id.Compare(last) <= 0 {
				t.Fatalf("run %d, ID %d: %v is not above %v", run, i, id, last)
			}
			if id.Fields().Shard != 7 {
				t.Fatalf("run %d: shard %d, want 7", run, id.Fields().Shard)
			}
			last = id
		}
		if err := s.Close(); err != nil {
			t.Fatal(err)
		}
	}
}

// hexByte is the two hex digits of c, for a \u00XX escape.
func hexByte(c byte) string {
	const digits = "0123456789abcdef"
	return string([]byte{digits[c>>4], digits[c&15]})
}

func TestV9Shardflake(t *testing.T) {
	at := time.Date(2026, 11, 24, 12, 0, 0, 0, time.UTC)
	g, err := shardflake.NewGenerator(5, shardflake.WithClock(clock(at)))
	if err != nil {
		t.Fatal(err)
	}
	ids := make([]shardflake.ID, 500)
	if err := g.Fill(ids); err != nil {
		t.Fatal(err)
	}
	for i, id := range ids {
		if id.Fields().Node != 5 {
			t.Fatalf("ID %d: node %d, want 5", i, id.Fields().Node)
		}
		if i > 0 && id.Compare(ids[i-1]) <= 0 {
			t.Fatalf("ID %d: %v is not above %v", i, id, ids[i-1])
		}
		if got := id.Time(); got.Before(at) || got.After(at.Add(time.Second)) {
			t.Fatalf("ID %d: time %v, want near %v", i, got, at)
		}
		back, err := shardflake.Parse(id.String())
		if err != nil || back != id {
			t.Fatalf("Parse(%q) = %v, %v", id.String(), back, err)
		}
	}
	if _, err := shardflake.NewGenerator(1 << 10); err == nil {
		t.Error("NewGenerator with an 11-bit node: no error")
	}
}
