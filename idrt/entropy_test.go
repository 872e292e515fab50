package idrt

import (
	"bytes"
	"crypto/rand"
	"encoding/binary"
	"errors"
	"io"
	mrand "math/rand/v2"
	"sync"
	"testing"
)

// streamByte is byte i of the deterministic test stream.
func streamByte(i int) byte { return byte(i*7 + i>>8 + i>>16) }

// stream is a reader of the test stream that returns short reads of random
// lengths and, from byte failAt on (if failAt >= 0), fails: the read that
// reaches failAt returns the bytes before it along with the error.
// Afterwards it fails failures times in all, then serves the stream again
// from where it stopped.
type stream struct {
	pos      int
	failAt   int
	failures int
	err      error
	r        *mrand.Rand
	reads    int
}

func newStream(seed uint64) *stream {
	return &stream{failAt: -1, r: mrand.New(mrand.NewPCG(seed, 1))}
}

func (s *stream) Read(p []byte) (int, error) {
	s.reads++
	n := len(p)
	if s.r != nil && n > 1 && s.r.IntN(4) == 0 {
		n = 1 + s.r.IntN(n) // a short read
	}
	failing := s.failAt >= 0 && s.failures > 0 && s.pos+n > s.failAt
	if failing {
		n = max(0, s.failAt-s.pos)
	}
	for i := range p[:n] {
		p[i] = streamByte(s.pos + i)
	}
	s.pos += n
	if failing {
		s.failures--
		return n, s.err
	}
	return n, nil
}

// want returns bytes [from, from+n) of the test stream.
func want(from, n int) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = streamByte(from + i)
	}
	return b
}

// TestEntropyStreamOrder checks that, from one goroutine, the bytes Read
// delivers are the underlying stream, in order, whatever the request sizes.
func TestEntropyStreamOrder(t *testing.T) {
	src := newStream(1)
	e := NewEntropy(src)
	sizes := []int{0, 1, 15, 16, 17, 100, bufSize - 1, bufSize, bufSize + 1, 3*bufSize + 5, 10_000, 16, 16, 1}
	pos := 0
	for i := range 2000 {
		n := sizes[i%len(sizes)]
		if i >= len(sizes) {
			n = src.r.IntN(3 * bufSize)
		}
		p := make([]byte, n)
		got, err := e.Read(p)
		if err != nil || got != n {
			t.Fatalf("Read(%d bytes) = %d, %v", n, got, err)
		}
		if !bytes.Equal(p, want(pos, n)) {
			t.Fatalf("Read %d: %d bytes at stream offset %d differ from the stream", i, n, pos)
		}
		pos += n
	}
	if src.pos-pos < 0 || src.pos-pos > bufSize {
		t.Errorf("the reader produced %d bytes for %d delivered", src.pos, pos)
	}
}

// TestEntropyFailure checks that a failing reader's error is returned, that
// Read never reports success with missing bytes, and that the bytes of the
// failed refill are never delivered later.
func TestEntropyFailure(t *testing.T) {
	boom := errors.New("boom")
	for _, failAt := range []int{0, 1, 15, 16, bufSize - 1, bufSize, bufSize + 7, 2*bufSize + 100, 5 * bufSize} {
		for _, size := range []int{1, 16, 17, bufSize + 3} {
			src := newStream(uint64(failAt + size))
			src.failAt, src.failures, src.err = failAt, 3, boom
			e := NewEntropy(src)
			pos, errs, okAfter := 0, 0, 0
			for range 5*bufSize/size + 10 {
				p := bytes.Repeat([]byte{0xee}, size)
				n, err := e.Read(p)
				if err != nil {
					if !errors.Is(err, boom) || n != 0 {
						t.Fatalf("failAt %d size %d: Read = %d, %v; want 0, boom", failAt, size, n, err)
					}
					errs++
					// The reader produced bytes up to failAt before
					// failing; they are gone, and the stream goes on
					// from where the reader stands after its failures.
					pos = src.pos
					continue
				}
				if n != size {
					t.Fatalf("failAt %d size %d: Read = %d, nil", failAt, size, n)
				}
				if errs > 0 {
					okAfter++
					if pos < failAt {
						t.Fatalf("failAt %d size %d: success after an error, from offset %d before the failure", failAt, size, pos)
					}
				}
				if !bytes.Equal(p, want(pos, size)) {
					t.Fatalf("failAt %d size %d: bytes at offset %d (after %d errors) differ from the stream", failAt, size, pos, errs)
				}
				pos += size
			}
			// A read that returns enough bytes along with its error serves
			// them (io.Reader's rule), so not every failure of the reader
			// surfaces; but one that leaves a request short always does.
			if failAt < 4*bufSize && (errs < 1 || errs > 3) {
				t.Errorf("failAt %d size %d: %d errors, want 1 to 3", failAt, size, errs)
			}
			if errs > 0 && okAfter == 0 {
				t.Errorf("failAt %d size %d: no success after the reader recovered", failAt, size)
			}
		}
	}
}

// TestEntropyFailureForever checks a reader that fails for good after some
// bytes: every later Read fails, and the successful reads delivered the
// stream's bytes up to the failure, and no more.
func TestEntropyFailureForever(t *testing.T) {
	for _, err := range []error{io.EOF, io.ErrUnexpectedEOF, errors.New("boom")} {
		src := newStream(9)
		src.r = nil // no short reads
		src.failAt, src.failures, src.err = 2*bufSize+100, 1<<30, err
		e := NewEntropy(src)
		var b [16]byte
		ok := 0
		for range 1000 {
			n, rerr := e.Read(b[:])
			if rerr == nil {
				if (ok+1)*16 > 2*bufSize+100 {
					t.Fatalf("success after the end of the stream")
				}
				if n != 16 || !bytes.Equal(b[:], want(ok*16, 16)) {
					t.Fatalf("read %d: wrong bytes", ok)
				}
				ok++
				continue
			}
			if n != 0 {
				t.Fatalf("Read = %d, %v", n, rerr)
			}
			wantErr := err
			if err == io.EOF {
				wantErr = io.ErrUnexpectedEOF
			}
			if !errors.Is(rerr, wantErr) {
				t.Fatalf("Read error %v, want %v", rerr, wantErr)
			}
		}
		if want := (2*bufSize + 100) / 16; ok != want {
			t.Errorf("%v: %d successful reads, want %d", err, ok, want)
		}
	}
}

type funcReader func(p []byte) (int, error)

func (f funcReader) Read(p []byte) (int, error) { return f(p) }

func TestEntropyBadReaders(t *testing.T) {
	tests := []struct {
		name string
		r    func() io.Reader
		want error
	}{
		{"no progress", func() io.Reader { return funcReader(func(p []byte) (int, error) { return 0, nil }) }, io.ErrNoProgress},
		{"too many", func() io.Reader { return funcReader(func(p []byte) (int, error) { return len(p) + 1, nil }) }, errBadCount},
		{"negative", func() io.Reader { return funcReader(func(p []byte) (int, error) { return -1, nil }) }, errBadCount},
		{"negative with error", func() io.Reader { return funcReader(func(p []byte) (int, error) { return -5, io.EOF }) }, errBadCount},
		{"empty", func() io.Reader { return bytes.NewReader(nil) }, io.ErrUnexpectedEOF},
		{"short", func() io.Reader { return bytes.NewReader(make([]byte, 10)) }, io.ErrUnexpectedEOF},
		{"one block", func() io.Reader { return bytes.NewReader(make([]byte, bufSize)) }, nil},
		{"all with EOF", func() io.Reader {
			return funcReader(func(p []byte) (int, error) { return len(p), io.EOF })
		}, nil},
	}
	for _, tt := range tests {
		for _, size := range []int{16, 3 * bufSize} {
			e := NewEntropy(tt.r())
			p := make([]byte, size)
			n, err := e.Read(p)
			want := tt.want
			if size > bufSize && tt.name == "one block" {
				want = io.ErrUnexpectedEOF
			}
			if !errors.Is(err, want) || (err != nil) != (n == 0) {
				t.Errorf("%s, %d bytes: Read = %d, %v; want %v", tt.name, size, n, err, want)
			}
		}
	}
}

// TestEntropyAllDataOnce has concurrent readers share an Entropy over a
// stream of 8-byte sequence numbers: together they must receive every number
// exactly once. Run it with -race.
func TestEntropyAllDataOnce(t *testing.T) {
	const goroutines, reads = 8, 20_000
	var seq uint64
	src := funcReader(func(p []byte) (int, error) {
		for i := 0; i+8 <= len(p); i += 8 {
			binary.BigEndian.PutUint64(p[i:], seq)
			seq++
		}
		return len(p) &^ 7, nil
	})
	e := NewEntropy(src)
	got := make([][]uint64, goroutines)
	var wg sync.WaitGroup
	for g := range goroutines {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var out []uint64
			for i := range reads {
				if g == 0 && i%1000 == 0 { // an occasional large read
					big := make([]byte, 2*bufSize+16)
					if _, err := e.Read(big); err != nil {
						t.Error(err)
						return
					}
					for j := 0; j < len(big); j += 8 {
						out = append(out, binary.BigEndian.Uint64(big[j:]))
					}
				}
				var b [16]byte
				if _, err := e.Read(b[:]); err != nil {
					t.Error(err)
					return
				}
				out = append(out, binary.BigEndian.Uint64(b[:8]), binary.BigEndian.Uint64(b[8:]))
			}
			got[g] = out
		}()
	}
	wg.Wait()
	seen := make(map[uint64]bool)
	for _, out := range got {
		for _, v := range out {
			if seen[v] {
				t.Fatalf("sequence number %d delivered twice", v)
			}
			seen[v] = true
		}
	}
	for v := range uint64(len(seen)) {
		if !seen[v] {
			t.Fatalf("sequence number %d skipped (%d delivered)", v, len(seen))
		}
	}
}

func TestEntropyConcurrentCrypto(t *testing.T) {
	var wg sync.WaitGroup
	for g := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			e := Crypto()
			if g%2 == 1 {
				e = nil // a nil *Entropy reads through Crypto
			}
			big := make([]byte, bufSize+1)
			for range 5000 {
				var b [16]byte
				if n, err := e.Read(b[:]); n != 16 || err != nil {
					t.Errorf("Read = %d, %v", n, err)
					return
				}
			}
			if n, err := e.Read(big); n != len(big) || err != nil {
				t.Errorf("large Read = %d, %v", n, err)
			}
		}()
	}
	wg.Wait()
}

func TestEntropyCrypto(t *testing.T) {
	if a, b := Crypto(), Crypto(); a != b {
		t.Error("Crypto returns different instances")
	}
	for _, e := range []*Entropy{Crypto(), NewEntropy(nil), new(Entropy), nil, NewEntropy(rand.Reader)} {
		for _, size := range []int{16, 1000, bufSize, bufSize + 1, 5 * bufSize} {
			a, b := make([]byte, size), make([]byte, size)
			if n, err := e.Read(a); n != size || err != nil {
				t.Fatalf("Read(%d) = %d, %v", size, n, err)
			}
			e.Read(b)
			if bytes.Equal(a, b) || bytes.Equal(a, make([]byte, size)) {
				t.Fatalf("Read(%d): repeated or zero bytes", size)
			}
		}
		if n, err := e.Read(nil); n != 0 || err != nil {
			t.Errorf("Read(nil) = %d, %v", n, err)
		}
	}
	var _ io.Reader = Crypto()
}

// TestEntropyReplacedCryptoReader checks that a crypto/rand.Reader replaced
// by a failing reader makes Read fail, for large requests too, rather than
// crash the program inside crypto/rand.Read.
func TestEntropyReplacedCryptoReader(t *testing.T) {
	boom := errors.New("boom")
	saved := rand.Reader
	rand.Reader = funcReader(func(p []byte) (int, error) { return 0, boom })
	defer func() { rand.Reader = saved }()
	var e Entropy
	for _, size := range []int{16, 5 * bufSize} {
		if n, err := e.Read(make([]byte, size)); n != 0 || !errors.Is(err, boom) {
			t.Errorf("Read(%d) = %d, %v; want 0, boom", size, n, err)
		}
	}
}

func TestEntropyAllocs(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector changes escape analysis")
	}
	for name, e := range map[string]*Entropy{
		"crypto":   Crypto(),
		"injected": NewEntropy(funcReader(func(p []byte) (int, error) { return len(p), nil })),
	} {
		if a := testing.AllocsPerRun(10_000, func() {
			var b [16]byte
			if _, err := e.Read(b[:]); err != nil {
				t.Fatal(err)
			}
		}); a != 0 {
			t.Errorf("%s: Read of 16 bytes: %v allocations", name, a)
		}
		if a := testing.AllocsPerRun(100, func() {
			var b [3*bufSize + 5]byte
			if _, err := e.Read(b[:]); err != nil {
				t.Fatal(err)
			}
		}); a != 0 {
			t.Errorf("%s: Read of %d bytes: %v allocations", name, 3*bufSize+5, a)
		}
	}
}

// TestEntropyChunksConcurrent checks that small reads of a crypto/rand-backed
// Entropy, served from per-processor chunks, never hand out a block twice,
// from many goroutines, across many chunk refills.
func TestEntropyChunksConcurrent(t *testing.T) {
	const goroutines, reads = 8, 5000
	var mu sync.Mutex
	seen := make(map[[16]byte]bool, goroutines*reads)
	var wg sync.WaitGroup
	for g := range goroutines {
		wg.Add(1)
		go func() {
			defer wg.Done()
			e := []*Entropy{nil, Crypto(), NewEntropy(nil)}[g%3]
			got := make([][16]byte, reads)
			for i := range got {
				if _, err := e.Read(got[i][:]); err != nil {
					t.Error(err)
					return
				}
			}
			mu.Lock()
			defer mu.Unlock()
			for _, b := range got {
				if seen[b] {
					t.Errorf("block %x handed out twice", b)
				}
				seen[b] = true
			}
		}()
	}
	wg.Wait()
	if len(seen) != goroutines*reads {
		t.Errorf("%d distinct blocks, want %d", len(seen), goroutines*reads)
	}
}
