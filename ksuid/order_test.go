package ksuid_test

import (
	"bytes"
	"io"
	"testing"
	"time"

	"github.com/idforge/idforge/internal/oracle"
	"github.com/idforge/idforge/interp"
	"github.com/idforge/idforge/ksuid"
	"github.com/idforge/idforge/layouts"
)

// KSUIDs from one generator strictly increase, in bytes and in text, even
// when they are all made in the same second: the payload counts up from a
// random start.
func TestGeneratorIncreasesWithinASecond(t *testing.T) {
	now := time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC)
	g := ksuid.NewGenerator(ksuid.WithClock(func() time.Time { return now }))
	prev, err := g.Next()
	if err != nil {
		t.Fatal(err)
	}
	for i := range 10000 {
		k, err := g.Next()
		if err != nil {
			t.Fatal(err)
		}
		if k.Compare(prev) <= 0 || k.String() <= prev.String() {
			t.Fatalf("KSUID %d %v is not above %v", i, k, prev)
		}
		if k != prev.Next() {
			t.Fatalf("KSUID %d %v: want the payload one above %v's, in the same second", i, k, prev)
		}
		prev = k
	}
}

// The default generator's KSUIDs increase too.
func TestNewIncreases(t *testing.T) {
	prev := ksuid.New()
	for i := range 100000 {
		k := ksuid.New()
		if k.Compare(prev) <= 0 {
			t.Fatalf("New %d: %v is not above %v", i, k, prev)
		}
		prev = k
	}
}

// allOnes is an entropy source of 0xff bytes: it starts every second's
// payload at its largest value, so the second KSUID of a second finds the
// counter run out.
type allOnes struct{}

func (allOnes) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = 0xff
	}
	return len(p), nil
}

// When the payload runs out within a second, the generator waits for the
// clock's next second and starts the payload afresh there.
func TestGeneratorWaitsWhenPayloadRunsOut(t *testing.T) {
	start := time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC)
	reads := 0
	clock := func() time.Time {
		reads++
		if reads <= 2 {
			return start
		}
		return start.Add(time.Second) // the clock moves on while the generator waits
	}
	g := ksuid.NewGenerator(ksuid.WithClock(clock), ksuid.WithEntropy(allOnes{}))
	a, err := g.Next()
	if err != nil {
		t.Fatal(err)
	}
	b, err := g.Next()
	if err != nil {
		t.Fatal(err)
	}
	if a.Payload() != [16]byte(bytes.Repeat([]byte{0xff}, 16)) || !a.Time().Equal(start) {
		t.Errorf("first KSUID %v: want the largest payload at %v", a, start)
	}
	if !b.Time().Equal(start.Add(time.Second)) || b.Compare(a) <= 0 {
		t.Errorf("second KSUID %v (%v): want the next second, above %v", b, b.Time(), a)
	}
	if reads < 3 {
		t.Errorf("the clock was read %d times: the generator did not wait for it", reads)
	}
}

// A clock that goes back, by a second or an hour, does not take the
// KSUIDs back: the generator stays on its last second and counts on.
func TestGeneratorClockBackwards(t *testing.T) {
	now := time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC)
	g := ksuid.NewGenerator(ksuid.WithClock(func() time.Time { return now }))
	prev, err := g.Next()
	if err != nil {
		t.Fatal(err)
	}
	for _, back := range []time.Duration{time.Second, time.Hour, 24 * time.Hour} {
		now = now.Add(-back)
		k, err := g.Next()
		if err != nil {
			t.Fatalf("clock back %v: %v", back, err)
		}
		if k.Compare(prev) <= 0 || k.Timestamp() != prev.Timestamp() {
			t.Fatalf("clock back %v: %v, want above %v in its second", back, k, prev)
		}
		prev = k
	}
}

// The payload counts as one 128-bit number: from a start whose low 64 bits
// are all ones, the next KSUID carries into the high 64 bits, in the
// generated code as in the interpreter.
func TestPayloadCarries(t *testing.T) {
	l, err := layouts.Builtin("ksuid")
	if err != nil {
		t.Fatal(err)
	}
	block := make([]byte, 20) // bytes 4 to 19 of an ID's random block seed the payload
	for i := 12; i < 20; i++ {
		block[i] = 0xff
	}
	stream := func() io.Reader { return bytes.NewReader(bytes.Repeat(block, 4)) }
	now := time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC)
	clock := func() time.Time { return now }
	g := ksuid.NewGenerator(ksuid.WithClock(clock), ksuid.WithEntropy(stream()))
	ig, err := interp.NewGenerator(l, interp.WithClock(clock), interp.WithRand(stream()))
	if err != nil {
		t.Fatal(err)
	}
	var got []ksuid.KSUID
	oracle.CheckGenerate(t, l, 3, func() ([]byte, error) {
		k, err := g.Next()
		got = append(got, k)
		return k[:], err
	}, ig)
	want := [][16]byte{
		{8: 0xff, 9: 0xff, 10: 0xff, 11: 0xff, 12: 0xff, 13: 0xff, 14: 0xff, 15: 0xff},
		{7: 1},
		{7: 1, 15: 1},
	}
	for i, k := range got {
		if k.Payload() != want[i] {
			t.Errorf("KSUID %d payload %X, want %X", i, k.Payload(), want[i])
		}
	}
}
