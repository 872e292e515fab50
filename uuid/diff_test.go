package uuid_test

import (
	"bytes"
	"errors"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/idforge/idforge/fuzz"
	"github.com/idforge/idforge/internal/oracle"
	"github.com/idforge/idforge/interp"
	"github.com/idforge/idforge/layouts"
	"github.com/idforge/idforge/uuid"
)

func builtin(t testing.TB, name string) *layouts.Layout {
	t.Helper()
	l, err := layouts.Builtin(name)
	if err != nil {
		t.Fatal(err)
	}
	return l
}

// The generated Pack and field readers agree with the interpreter on random
// field values, for every UUID version with fields.
func TestPackAgreesWithInterpreter(t *testing.T) {
	type member struct {
		layout string
		pack   func(l *layouts.Layout, v interp.Values) (uuid.UUID, error)
		unpack func(u uuid.UUID) any
	}
	members := []member{
		{"uuidv1", func(l *layouts.Layout, v interp.Values) (uuid.UUID, error) {
			var f uuid.V1Fields
			fuzz.ToFields(l, v, &f)
			return uuid.PackV1(f)
		}, func(u uuid.UUID) any { return u.V1() }},
		{"uuidv6", func(l *layouts.Layout, v interp.Values) (uuid.UUID, error) {
			var f uuid.V6Fields
			fuzz.ToFields(l, v, &f)
			return uuid.PackV6(f)
		}, func(u uuid.UUID) any { return u.V6() }},
		{"uuidv7", func(l *layouts.Layout, v interp.Values) (uuid.UUID, error) {
			var f uuid.V7Fields
			fuzz.ToFields(l, v, &f)
			return uuid.PackV7(f)
		}, func(u uuid.UUID) any { return u.V7() }},
		{"uuidv8", func(l *layouts.Layout, v interp.Values) (uuid.UUID, error) {
			var f uuid.V8Fields
			fuzz.ToFields(l, v, &f)
			return uuid.PackV8(f)
		}, func(u uuid.UUID) any { return u.V8() }},
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for _, m := range members {
		l := builtin(t, m.layout)
		for range 2000 {
			v := oracle.RandomValues(l, rng)
			want, err := interp.Pack(l, v)
			if err != nil {
				t.Fatal(err)
			}
			got, err := m.pack(l, v)
			if err != nil {
				t.Fatalf("%s: Pack(%v): %v", m.layout, v, err)
			}
			if !bytes.Equal(got[:], want) {
				t.Fatalf("%s: Pack(%v) = %X, interpreter %X", m.layout, v, got, want)
			}
			if back := fuzz.FromFields(l, m.unpack(got)); !oracle.Equal(back, v) {
				t.Fatalf("%s: unpack(%X) = %v, want %v", m.layout, got, back, v)
			}
			tm, ok := got.Time()
			if it, err := interp.Time(l, want); err == nil && m.layout != "uuidv8" && (!ok || !tm.Equal(it)) {
				t.Fatalf("%s: Time(%X) = %v %v, interpreter %v", m.layout, got, tm, ok, it)
			}
		}
	}
}

// Pack refuses a field that does not fit, rather than masking it.
func TestPackRange(t *testing.T) {
	if _, err := uuid.PackV7(uuid.V7Fields{UnixMs: 1 << 48}); err == nil {
		t.Error("PackV7 accepted a 49-bit time")
	}
	if _, err := uuid.PackV1(uuid.V1Fields{ClockSeq: 1 << 14}); err == nil {
		t.Error("PackV1 accepted a 15-bit clock sequence")
	}
	if _, err := uuid.PackV7(uuid.V7Fields{UnixMs: 1<<48 - 1, RandA: 1<<12 - 1, RandB: 1<<62 - 1}); err != nil {
		t.Errorf("PackV7 refused the widest values: %v", err)
	}
}

// Given the same clock readings and the same random bytes, the generated
// generator makes exactly the IDs the interpreter makes: time, counter
// seeding, borrowing, clock sequence, node and random bits all agree.
func TestGenerateAgreesWithInterpreter(t *testing.T) {
	start := time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC)
	tests := []struct {
		layout string
		tick   time.Duration
		next   func(*uuid.Generator) (uuid.UUID, error)
	}{
		{"uuidv1", 100, (*uuid.Generator).NewV1},
		{"uuidv4", time.Millisecond, (*uuid.Generator).NewV4},
		{"uuidv6", 100, (*uuid.Generator).NewV6},
		{"uuidv7", time.Millisecond, (*uuid.Generator).NewV7},
		{"uuidv8", 10, (*uuid.Generator).NewV8},
	}
	for _, tc := range tests {
		for seed := range uint64(5) {
			l := builtin(t, tc.layout)
			g, err := uuid.NewGenerator(uuid.WithClock(oracle.Script(seed, start, tc.tick)), uuid.WithEntropy(oracle.NewStream(seed)))
			if err != nil {
				t.Fatal(err)
			}
			// The uuid generator draws one block when it is made, for the
			// node and clock sequence of v1 and v6; the interpreter draws it
			// only for layouts that have them.
			stream := oracle.NewStream(seed)
			if _, hasSeq := l.Value(layouts.ClockSeq); !hasSeq {
				stream.Read(make([]byte, 16))
			}
			ig, err := interp.NewGenerator(l, interp.WithClock(oracle.Script(seed, start, tc.tick)), interp.WithRand(stream))
			if err != nil {
				t.Fatal(err)
			}
			var prev uuid.UUID
			for i := range 3000 {
				got, err := tc.next(g)
				if err != nil {
					t.Fatal(err)
				}
				want, err := ig.Next()
				if err != nil {
					t.Fatal(err)
				}
				if !bytes.Equal(got[:], want) {
					t.Fatalf("%s seed %d, ID %d: generated %X, interpreter %X", tc.layout, seed, i, got, want)
				}
				if l.Monotonic() && l.TimeSortable() && i > 0 && got.Compare(prev) <= 0 {
					t.Fatalf("%s: ID %d %X is not above %X", tc.layout, i, got, prev)
				}
				prev = got
			}
		}
	}
}

// WithNode and WithClockSeq set what is otherwise random.
func TestFixedNodeAndClockSeq(t *testing.T) {
	g, err := uuid.NewGenerator(uuid.WithNode(0x9F6BDECED846), uuid.WithClockSeq(0x33C8))
	if err != nil {
		t.Fatal(err)
	}
	u, err := g.NewV6()
	if err != nil {
		t.Fatal(err)
	}
	if f := u.V6(); f.Node != 0x9F6BDECED846 || f.ClockSeq != 0x33C8 {
		t.Errorf("V6 fields %+v", f)
	}
	// A node that does not fit is refused where the generator is made.
	if _, err := uuid.NewGenerator(uuid.WithNode(1 << 48)); !errors.Is(err, uuid.ErrRange) {
		t.Errorf("a 49-bit node: %v, want ErrRange", err)
	}
	// Without WithNode the node is random with the multicast bit set.
	for range 20 {
		if n := uuid.NewV1().V1().Node; n&(1<<40) == 0 {
			t.Fatalf("random node %#x lacks the multicast bit", n)
		}
	}
}
