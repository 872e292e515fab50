package idrt

import (
	"crypto/rand"
	"errors"
	"io"
	"reflect"
	"sync"
)

// bufSize is the size of an Entropy's buffer: 4 KiB, the random bytes of 256
// UUIDv4s. One refill from crypto/rand costs a fixed overhead (a system call
// or vDSO call, plus the reader's own setup) and then a small cost per byte,
// so the fixed part is what buffering amortises: at 4 KiB it is spread over
// 256 IDs and disappears in the noise, while a refill still takes only a few
// microseconds, the longest time a concurrent reader can be held up by the
// lock. Larger buffers gain almost nothing and keep more not-yet-used random
// bytes in memory; smaller ones (google/uuid's pool holds 256 bytes) pay the
// fixed refill cost every 16 UUIDs. The buffer lives inside the Entropy, so a
// refill reads into memory that is already on the heap and Read never
// allocates.
const bufSize = 4096

// maxEmptyReads is how many reads in a row may return no bytes and no error
// before a refill gives up with io.ErrNoProgress (as bufio does), so that a
// broken reader cannot make Read spin forever.
const maxEmptyReads = 100

// errBadCount is returned when an underlying reader reports that it read a
// negative count, or more bytes than it was given room for.
var errBadCount = errors.New("entropy reader returned an invalid count")

// cryptoReaderType is the type of crypto/rand's default Reader, recorded at
// start-up so that Read can tell whether crypto/rand.Reader has since been
// replaced. The default's type is unexported and holds no state, so the
// type alone identifies it, and comparing types is cheaper than comparing
// the interface values, which takes a call of the type's equality function.
var cryptoReaderType = reflect.TypeOf(rand.Reader)

// cryptoEntropy is the instance returned by Crypto. Its zero value reads
// from crypto/rand.
var cryptoEntropy Entropy

// Entropy is a buffered, concurrency-safe source of random bytes. It reads
// from its underlying reader in blocks of up to 4 KiB (as much as one read
// gives, and never less than the request needs) and hands out bytes from the
// block under a mutex, so that the cost of each read of the underlying
// reader is shared by many IDs. When it is backed by crypto/rand, reads of
// up to 64 bytes (an ID's random block) are served without the mutex, from
// 512-byte chunks of the block kept per processor.
//
// The zero value reads from crypto/rand.Reader, as does a nil *Entropy (which
// reads through [Crypto]). An Entropy must not be copied after first use.
//
// Security: buffered bytes live in process memory until they are handed out,
// as in the random pool of google/uuid (EnableRandPool): whoever can read the
// process's memory can predict the random bits of the next IDs, up to 4 KiB
// of them plus 512 bytes a processor. Such an attacker can already read the
// IDs made so far and most other secrets of the process, so this adds little
// exposure; the bytes are never handed out twice, and a failed refill is
// cleared. Code that uses IDs as secret tokens and wants no buffering at all
// can take its random bits from crypto/rand.Read directly.
//
// Fork: no buffered byte can reach two processes. A Go program cannot fork
// without exec: the runtime's threads do not survive fork(2), so the only
// fork it makes is syscall.ForkExec's (os/exec, os.StartProcess), whose
// child runs no Go code before exec replaces its memory, buffers and all.
// What a buffer is refilled from cannot repeat across processes either:
// each AES-CTR key, and each refill of a replaced crypto/rand.Reader, comes
// from crypto/rand, which since Go 1.24 never fails and reads the kernel's
// getrandom (its vDSO form on Linux 6.11 and later, whose state the kernel
// wipes in a forked child). The generated Python modules, whose processes
// do fork, drop their buffers in the child (os.register_at_fork).
type Entropy struct {
	mu   sync.Mutex
	r    io.Reader     // the underlying reader; nil for crypto/rand
	n    int           // unread bytes, held in buf[len(buf)-n:]; 0 for the zero value
	buf  [bufSize]byte // the last block read from r
	drbg               // stretches crypto/rand, when r is nil
}

// NewEntropy returns an Entropy that buffers reads from r, in 4 KiB blocks.
// If r is nil, it reads from crypto/rand.Reader.
//
// r need not be safe for concurrent use: the Entropy reads from it under its
// lock. Bytes are delivered in the order r produced them, except that
// requests larger than the buffer on a crypto/rand-backed Entropy go straight
// to crypto/rand.
func NewEntropy(r io.Reader) *Entropy {
	return &Entropy{r: r}
}

// Crypto returns the process-wide Entropy backed by crypto/rand.Reader. It is
// what generated packages use unless given another source. See [Entropy] for
// what buffering means for security.
func Crypto() *Entropy {
	return &cryptoEntropy
}

// Read fills p with random bytes. It either fills all of p and returns
// len(p), nil, or returns 0 and an error: a short or failed read of the
// underlying reader is an error (io.ErrUnexpectedEOF at the end of the
// stream), never a partial success. On error, the contents of p are undefined
// and must not be used, and the bytes of the failed refill are discarded,
// never handed out later. Read is safe for concurrent use, and allocates
// only a crypto/rand-backed Entropy's per-processor chunk, when a processor
// first needs one and again after garbage collections have dropped it. It
// implements io.Reader.
func (e *Entropy) Read(p []byte) (int, error) {
	if e == nil {
		e = &cryptoEntropy
	}
	switch {
	case len(p) == 0:
		return 0, nil
	case len(p) <= maxChunkRead && e.crypto():
		// An ID's random block: from this processor's chunk, with no lock
		// (and in this function, not a call of its own: it is worth half a
		// nanosecond, 3% of a UUIDv4).
		c := chunks.Get().(*chunk)
		if c.n < len(p) {
			if err := cryptoEntropy.read(c.buf[:]); err != nil {
				c.n = 0
				chunks.Put(c)
				return 0, err
			}
			c.n = chunkSize
		}
		copyBlock(p, c.buf[chunkSize-c.n:])
		c.n -= len(p)
		chunks.Put(c)
		return len(p), nil
	case len(p) > bufSize && e.crypto():
		// A large request on a crypto/rand-backed Entropy: read it
		// directly, without the lock or a copy. crypto/rand.Read keeps p on
		// the caller's stack when its Reader is the default, and the
		// default never fails, so this cannot crash the program on error.
		// (A replaced crypto/rand.Reader goes through the buffer instead.)
		rand.Read(p)
		return len(p), nil
	}
	if err := e.read(p); err != nil {
		return 0, err
	}
	return len(p), nil
}

// read fills p from the buffer, under the lock.
func (e *Entropy) read(p []byte) error {
	e.mu.Lock()
	if len(p) <= e.n {
		// The fast path: the buffer holds enough.
		off := bufSize - e.n
		copy(p, e.buf[off:off+len(p)])
		e.n -= len(p)
		e.mu.Unlock()
		return nil
	}
	err := e.fill(p)
	e.mu.Unlock()
	return err
}

// chunkSize is how many random bytes a chunk takes from the shared
// crypto/rand-backed buffer at a time: the random blocks of 32 UUIDs.
const chunkSize = 512

// maxChunkRead is the largest read served from a chunk: the random blocks of
// IDs, which are 16 or 20 bytes for the built-in layouts.
const maxChunkRead = 64

// A chunk is a run of random bytes, taken from the shared crypto/rand-backed
// buffer, that small reads are served from. The unread bytes are the last n.
type chunk struct {
	n   int
	buf [chunkSize]byte
}

// chunks keeps a chunk per processor (sync.Pool's per-P cache), so that
// concurrent small reads of a crypto/rand-backed Entropy take no lock and no
// atomic operation: the mutex a shared buffer needs costs more than the rest
// of making a UUIDv4, and serialises every goroutine on it. A chunk belongs
// to one goroutine between Get and Put, so its bytes are handed out once; a
// chunk the garbage collector drops takes its unread bytes with it, and one
// is allocated in its place.
var chunks = sync.Pool{New: func() any { return new(chunk) }}

// copyBlock copies src to dst, which is at most as long: a 16-byte block,
// the random bits of a UUID, as one move rather than a call of memmove.
func copyBlock(dst, src []byte) {
	if len(dst) == 16 {
		*(*[16]byte)(dst) = [16]byte(src)
		return
	}
	copy(dst, src)
}

// crypto reports whether e is backed by crypto/rand as it was at start-up.
func (e *Entropy) crypto() bool {
	return e.r == nil && reflect.TypeOf(rand.Reader) == cryptoReaderType
}

// fill copies what the buffer holds into p and refills it as often as p needs.
// Requests larger than the buffer thus pass through it block by block: handing
// p itself to the underlying reader would let p escape to the heap (the reader
// is an interface whose Read escape analysis cannot see), making every caller's
// stack buffer an allocation. The extra copy is cheap beside producing the
// bytes. e.mu must be held.
func (e *Entropy) fill(p []byte) error {
	for {
		k := copy(p, e.buf[bufSize-e.n:])
		e.n -= k
		p = p[k:]
		if len(p) == 0 {
			return nil
		}
		if err := e.refill(min(len(p), bufSize)); err != nil {
			return err
		}
	}
}

// refill reads a block from the underlying reader: as much of bufSize bytes
// as it gives, and at least need, so that a finite reader holding just the
// bytes asked for (a test's fixed stream) serves them. On error the buffer is
// left empty and cleared, so nothing of the failed block is handed out.
// e.mu must be held.
func (e *Entropy) refill(need int) error {
	e.n = 0
	if e.crypto() {
		if err := e.drbg.fill(&e.buf); err != nil {
			clear(e.buf[:])
			return err
		}
		e.n = bufSize
		return nil
	}
	r := e.r
	if r == nil {
		r = rand.Reader // replaced, as tests do: read it as it is
	}
	k, err := readAtLeast(r, e.buf[:], need)
	if err != nil {
		clear(e.buf[:])
		return err
	}
	copy(e.buf[bufSize-k:], e.buf[:k]) // unread bytes live at the tail
	e.n = k
	return nil
}

// readAtLeast reads from r into p until it holds at least min bytes, like
// io.ReadAtLeast, and keeps what a read returns alongside an error once min
// is reached. It also stops on a reader that keeps returning nothing, and
// reports a reader that returns an impossible count instead of panicking.
func readAtLeast(r io.Reader, p []byte, min int) (int, error) {
	n, empty := 0, 0
	for n < len(p) {
		k, err := r.Read(p[n:])
		if k < 0 || k > len(p)-n {
			return 0, errBadCount
		}
		n += k
		if err != nil {
			if n >= min {
				return n, nil
			}
			if err == io.EOF {
				err = io.ErrUnexpectedEOF
			}
			return 0, err
		}
		if n >= min {
			return n, nil
		}
		if k > 0 {
			empty = 0
		} else if empty++; empty >= maxEmptyReads {
			return 0, io.ErrNoProgress
		}
	}
	return n, nil
}
