package idrt

import (
	"bytes"
	"crypto/rand"
	"encoding/binary"
	"errors"
	"sync"
	"testing"
	"time"
)

// seedHi takes a counter seed from the first 16 bytes of a random block.
func seedHi(r []byte) Counter {
	return Counter{Hi: binary.BigEndian.Uint64(r[0:8]), Lo: binary.BigEndian.Uint64(r[8:16])}
}

// TestNextRandomMatchesNext checks, for an injected stream, that NextRandom
// reads exactly the bytes of one block per ID and gives what Next gives with
// the seed taken from them.
func TestNextRandomMatchesNext(t *testing.T) {
	policies := []Policy{
		{CounterBits: 26, Init: InitSeeded, Overflow: OverflowBorrow, MaxTick: 1<<48 - 1, Seed: seedHi},
		{CounterBits: 80, Init: InitRandom, Overflow: OverflowBorrow, MaxTick: 1<<48 - 1, Seed: seedHi},
		{CounterBits: 3, Init: InitZero, Overflow: OverflowWait, MaxTick: 1<<41 - 1},
		{CounterBits: 24, Init: InitRunning, Overflow: OverflowWrap, MaxTick: 1<<32 - 1, Seed: seedHi},
		{CounterBits: 0, Overflow: OverflowBorrow, MaxTick: 1<<60 - 1},
	}
	nows := []uint64{10, 10, 10, 9, 11, 11, 5, 30, 30, 30, 30, 30, 30, 31}
	for _, p := range policies {
		for _, size := range []int{16, 20, 32} {
			var viaRandom, viaNext State
			e := NewEntropy(newStream(uint64(size)))
			pos := 0
			for i, now := range nows {
				r := make([]byte, size)
				tick, c, err := viaRandom.NextRandom(&p, now, e, r)
				if !bytes.Equal(r, want(pos, size)) {
					t.Fatalf("bits %d, ID %d: random block %x, want bytes %d.. of the stream", p.CounterBits, i, r, pos)
				}
				pos += size
				var seed Counter
				if p.Seed != nil {
					seed = p.Seed(r)
				}
				wt, wc, werr := viaNext.Next(&p, now, seed)
				if tick != wt || c != wc || !errors.Is(err, werr) && err != werr {
					t.Fatalf("bits %d, ID %d: NextRandom = %d, %v, %v; Next = %d, %v, %v", p.CounterBits, i, tick, c, err, wt, wc, werr)
				}
			}
		}
	}
}

// TestNextRandomCrypto checks that NextRandom hands out fresh bytes from a
// crypto/rand-backed Entropy, through its pool, without repeating any, from
// many goroutines, while the IDs stay ordered.
func TestNextRandomCrypto(t *testing.T) {
	p := Policy{CounterBits: 26, Init: InitSeeded, Overflow: OverflowBorrow, MaxTick: 1<<48 - 1, Seed: seedHi}
	for _, e := range []*Entropy{nil, Crypto(), NewEntropy(nil)} {
		var s State
		var mu sync.Mutex
		seen := make(map[[24]byte]bool)
		var wg sync.WaitGroup
		for range 4 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for i := range 2000 {
					var r [24]byte // 256 is not a multiple of 24: the pool drops leftovers
					if _, _, err := s.NextRandom(&p, uint64(i/100), e, r[:]); err != nil {
						t.Error(err)
						return
					}
					mu.Lock()
					if seen[r] {
						t.Errorf("random block %x handed out twice", r)
					}
					seen[r] = true
					mu.Unlock()
				}
			}()
		}
		wg.Wait()
	}
}

func TestNextRandomErrors(t *testing.T) {
	boom := errors.New("boom")
	p := Policy{CounterBits: 26, Init: InitSeeded, Overflow: OverflowBorrow, MaxTick: 1<<48 - 1, Seed: seedHi}
	var s State
	good := NewEntropy(newStream(1))
	if _, _, err := s.NextRandom(&p, 7, good, make([]byte, 16)); err != nil {
		t.Fatal(err)
	}
	t0, c0, _ := s.Last()
	bad := NewEntropy(funcReader(func([]byte) (int, error) { return 0, boom }))
	_, _, err := s.NextRandom(&p, 8, bad, make([]byte, 16))
	if !errors.Is(err, ErrEntropy) || !errors.Is(err, boom) || err.Error() != "boom" {
		t.Errorf("failing reader: err = %v; want one matching ErrEntropy and the reader's error", err)
	}
	if t1, c1, _ := s.Last(); t1 != t0 || c1 != c0 {
		t.Errorf("a failed NextRandom changed the state from (%d, %v) to (%d, %v)", t0, c0, t1, c1)
	}

	// A replaced crypto/rand.Reader is read as it is, and its failure reported.
	saved := rand.Reader
	rand.Reader = funcReader(func([]byte) (int, error) { return 0, boom })
	_, _, err = new(State).NextRandom(&p, 8, NewEntropy(nil), make([]byte, 16))
	rand.Reader = saved
	if !errors.Is(err, boom) {
		t.Errorf("replaced crypto/rand.Reader: err = %v; want boom", err)
	}

	for name, call := range map[string]func() error{
		"nil State":  func() error { _, _, err := (*State)(nil).NextRandom(&p, 1, nil, make([]byte, 16)); return err },
		"nil Policy": func() error { _, _, err := s.NextRandom(nil, 1, nil, make([]byte, 16)); return err },
		"bad Policy": func() error {
			_, _, err := s.NextRandom(&Policy{CounterBits: 129}, 1, nil, make([]byte, 16))
			return err
		},
		"too many bytes": func() error { _, _, err := s.NextRandom(&p, 1, nil, make([]byte, poolSize+1)); return err },
	} {
		if err := call(); !errors.Is(err, errPolicy) {
			t.Errorf("%s: err = %v; want the invalid-policy error", name, err)
		}
	}
}

func TestNextRandomAllocs(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector changes escape analysis")
	}
	p := Policy{CounterBits: 26, Init: InitSeeded, Overflow: OverflowBorrow, MaxTick: 1<<48 - 1, Seed: seedHi}
	var s State
	if a := testing.AllocsPerRun(10_000, func() {
		var r [16]byte
		if _, _, err := s.NextRandom(&p, 1, nil, r[:]); err != nil {
			t.Fatal(err)
		}
	}); a != 0 {
		t.Errorf("NextRandom: %v allocations", a)
	}
}

// TestNow checks that Now reads the same wall clock as time.Now.
func TestNow(t *testing.T) {
	before := time.Now().Round(0)
	now := Now()
	after := time.Now().Round(0)
	// Now may be up to a microsecond behind (it truncates to microseconds).
	if now.Before(before.Add(-time.Microsecond)) || now.After(after) {
		t.Errorf("Now() = %v, not between time.Now() readings %v and %v", now, before, after)
	}
	if now != now.Round(0) {
		t.Errorf("Now() = %v carries a monotonic reading", now)
	}
}
