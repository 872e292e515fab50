package ksuid_test

import (
	"bytes"
	"encoding/binary"
	"io"
	"testing"
	"time"

	"github.com/idforge/idforge/internal/oracle"
	"github.com/idforge/idforge/interp"
	"github.com/idforge/idforge/ksuid"
	"github.com/idforge/idforge/layouts"
)

// KSUIDs from one generator strictly increase, in bytes and in text, even
// when they are all made in the same second: the payload's first 64 bits
// count up from a random start, and its last 64 bits are drawn fresh for
// every KSUID, so that no KSUID gives away the next.
func TestGeneratorIncreasesWithinASecond(t *testing.T) {
	now := time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC)
	g, err := ksuid.NewGenerator(ksuid.WithClock(func() time.Time { return now }))
	if err != nil {
		t.Fatal(err)
	}
	prev, err := g.Next()
	if err != nil {
		t.Fatal(err)
	}
	fresh := map[uint64]int{}
	for i := range 10000 {
		k, err := g.Next()
		if err != nil {
			t.Fatal(err)
		}
		if k.Compare(prev) <= 0 || k.String() <= prev.String() {
			t.Fatalf("KSUID %d %v is not above %v", i, k, prev)
		}
		p, q := k.Payload(), prev.Payload()
		count, last := binary.BigEndian.Uint64(p[:8]), binary.BigEndian.Uint64(q[:8])
		if k.Timestamp() != prev.Timestamp() || count != last+1 {
			t.Fatalf("KSUID %d %v: want the count one above %v's, in the same second", i, k, prev)
		}
		r := binary.BigEndian.Uint64(p[8:])
		if j, dup := fresh[r]; dup {
			t.Fatalf("KSUIDs %d and %d share their random bits %#x", j, i, r)
		}
		fresh[r] = i
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

// allOnes is an entropy source of 0xff bytes: it seeds every second's
// count at its largest start.
type allOnes struct{}

func (allOnes) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = 0xff
	}
	return len(p), nil
}

// The count starts at random bits with the top one clear, so that at least
// 2^63 KSUIDs fit in every second: from the largest start, it counts on
// into the upper half. (It runs out only after that many; the wait that
// follows is idrt's, tested there.)
func TestCountSeededBelowHalf(t *testing.T) {
	now := time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC)
	g, err := ksuid.NewGenerator(ksuid.WithClock(func() time.Time { return now }), ksuid.WithEntropy(allOnes{}))
	if err != nil {
		t.Fatal(err)
	}
	for i, want := range []uint64{1<<63 - 1, 1 << 63, 1<<63 + 1} {
		k, err := g.Next()
		if err != nil {
			t.Fatal(err)
		}
		p := k.Payload()
		if got := binary.BigEndian.Uint64(p[:8]); got != want || !k.Time().Equal(now) {
			t.Errorf("KSUID %d %v: count %#x at %v, want %#x at %v", i, k, got, k.Time(), want, now)
		}
	}
}

// A clock that goes back, by a second or an hour, does not take the
// KSUIDs back: the generator stays on its last second and counts on.
func TestGeneratorClockBackwards(t *testing.T) {
	now := time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC)
	g, err := ksuid.NewGenerator(ksuid.WithClock(func() time.Time { return now }))
	if err != nil {
		t.Fatal(err)
	}
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

// The generated generator agrees with the interpreter, bit for bit, on
// one stream of random blocks: each block's bytes 4 to 11 seed the count
// (top bit cleared) and its bytes 12 to 19 are the KSUID's random bits.
func TestGeneratorMatchesInterpreter(t *testing.T) {
	l, err := layouts.Builtin("ksuid")
	if err != nil {
		t.Fatal(err)
	}
	block := make([]byte, 20)
	for i := 4; i < 20; i++ {
		block[i] = 0xff
		if i >= 12 {
			block[i] = 0xab
		}
	}
	stream := func() io.Reader { return bytes.NewReader(bytes.Repeat(block, 4)) }
	now := time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC)
	clock := func() time.Time { return now }
	g, err := ksuid.NewGenerator(ksuid.WithClock(clock), ksuid.WithEntropy(stream()))
	if err != nil {
		t.Fatal(err)
	}
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
	random := bytes.Repeat([]byte{0xab}, 8)
	for i, count := range []uint64{1<<63 - 1, 1 << 63, 1<<63 + 1} {
		var want [16]byte
		binary.BigEndian.PutUint64(want[:8], count)
		copy(want[8:], random)
		if got[i].Payload() != want {
			t.Errorf("KSUID %d payload %X, want %X", i, got[i].Payload(), want)
		}
	}
}
