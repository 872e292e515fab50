package mask_test

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"flag"
	"math/bits"
	"math/rand/v2"
	"os"
	"testing"

	"github.com/idforge/idforge/fuzz"
	"github.com/idforge/idforge/layouts"
	"github.com/idforge/idforge/mask"
	"github.com/idforge/idforge/maskkey"
)

var update = flag.Bool("update", false, "rewrite testdata/vectors.json from the reference implementation")

// vector is one known answer: under Key (hex) and Tweak (UTF-8), the ID of
// Layout (hex) masks to Public (hex).
type vector struct {
	Layout string `json:"layout"`
	Key    string `json:"key"`
	Tweak  string `json:"tweak"`
	ID     string `json:"id"`
	Public string `json:"public"`
}

const vectorsFile = "testdata/vectors.json"

func mustBuiltin(t testing.TB, name string) *layouts.Layout {
	t.Helper()
	l, err := layouts.Builtin(name)
	if err != nil {
		t.Fatal(err)
	}
	return l
}

func unhex(t testing.TB, s string) []byte {
	t.Helper()
	b, err := hex.DecodeString(s)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// someID returns an ID of l: random free bits, l's constants.
func someID(r *rand.Rand, l *layouts.Layout) []byte {
	s, _ := mask.ShapeOf(l) // the callers' layouts can be masked
	id := make([]byte, l.Bytes())
	for i := range id {
		id[i] = byte(r.Uint32())&^s.IDMask[i] | s.IDBits[i]
	}
	return id
}

// makeVectors computes the published vectors with the reference: for each
// built-in layout, its smallest and largest IDs and two random ones, under
// two keys, without and with a tweak.
func makeVectors(t *testing.T) []vector {
	names, err := layouts.Builtins()
	if err != nil {
		t.Fatal(err)
	}
	keys := [][]byte{unhex(t, "000102030405060708090a0b0c0d0e0f"), unhex(t, "2b7e151628aed2a6abf7158809cf4f3c762e7160f38b4da56a784d9045190cfe")}
	var vs []vector
	for _, l := range names {
		s := shapeOf(t, l)
		r := rand.New(rand.NewChaCha8(sha256.Sum256([]byte(l.Name))))
		low := append([]byte(nil), s.IDBits...)
		high := make([]byte, l.Bytes())
		for i := range high {
			high[i] = ^s.IDMask[i] | s.IDBits[i]
		}
		for ki, key := range keys {
			for _, tweak := range []string{"", "tenant-42"} {
				for _, id := range [][]byte{low, high, someID(r, l), someID(r, l)} {
					if ki == 1 && tweak != "" && !bytes.Equal(id, low) {
						continue
					}
					pub := refMask(key, l.Name, []byte(tweak), s, id)
					vs = append(vs, vector{l.Name, hex.EncodeToString(key), tweak, hex.EncodeToString(id), hex.EncodeToString(pub)})
				}
			}
		}
	}
	return vs
}

// The published known answers: the reference makes them, the fast path
// and the reference both answer them both ways.
func TestVectors(t *testing.T) {
	if *update {
		b, err := json.MarshalIndent(makeVectors(t), "", "  ")
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(vectorsFile, append(b, '\n'), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	b, err := os.ReadFile(vectorsFile)
	if err != nil {
		t.Fatal(err)
	}
	var vs []vector
	if err := json.Unmarshal(b, &vs); err != nil {
		t.Fatal(err)
	}
	// The file holds exactly what the reference makes for today's
	// built-ins: a layout added or changed since it was written is stale.
	if want, err := json.Marshal(makeVectors(t)); err != nil {
		t.Fatal(err)
	} else if got, _ := json.Marshal(vs); !bytes.Equal(got, want) {
		t.Errorf("%s is out of date with the built-in layouts: run go run ./tools/regen (or go test ./mask -run TestVectors -update)", vectorsFile)
	}
	if len(vs) < 100 {
		t.Fatalf("%s has %d vectors", vectorsFile, len(vs))
	}
	for _, v := range vs {
		l := mustBuiltin(t, v.Layout)
		key, id, pub := unhex(t, v.Key), unhex(t, v.ID), unhex(t, v.Public)
		m, err := mask.New(l, keyOf(t, key), []byte(v.Tweak))
		if err != nil {
			t.Fatal(err)
		}
		if got, err := m.Mask(id); err != nil || !bytes.Equal(got, pub) {
			t.Errorf("%s %s tweak %q: Mask = %x, %v; want %s", v.Layout, v.ID, v.Tweak, got, err, v.Public)
		}
		if got, err := m.Unmask(pub); err != nil || !bytes.Equal(got, id) {
			t.Errorf("%s %s tweak %q: Unmask = %x, %v; want %s", v.Layout, v.Public, v.Tweak, got, err, v.ID)
		}
		if got := refMask(key, l.Name, []byte(v.Tweak), shapeOf(t, l), id); !bytes.Equal(got, pub) {
			t.Errorf("%s %s: the reference masks to %x, the vector says %s", v.Layout, v.ID, got, v.Public)
		}
		if got := refUnmask(key, l.Name, []byte(v.Tweak), shapeOf(t, l), pub); !bytes.Equal(got, id) {
			t.Errorf("%s %s: the reference unmasks to %x, the vector says %s", v.Layout, v.Public, got, v.ID)
		}
	}
}

// check holds the fast path to the reference on one ID, both ways, and
// checks the public form's shape.
func check(t *testing.T, l *layouts.Layout, key, tweak, id []byte) {
	t.Helper()
	m, err := mask.New(l, keyOf(t, key), tweak)
	if err != nil {
		t.Fatalf("%s: %v", l.Name, err)
	}
	s := shapeOf(t, l)
	pub, err := m.Mask(id)
	if err != nil {
		t.Fatal(err)
	}
	if want := refMask(key, l.Name, tweak, s, id); !bytes.Equal(pub, want) {
		t.Fatalf("%s: Mask(%x) = %x, the reference %x", l.Name, id, pub, want)
	}
	for i := range pub {
		if pub[i]&s.PubMask[i] != s.PubBits[i] {
			t.Fatalf("%s: public form %x does not keep the public constants", l.Name, pub)
		}
	}
	back, err := m.Unmask(pub)
	if err != nil || !bytes.Equal(back, id) {
		t.Fatalf("%s: Unmask(Mask(%x)) = %x, %v", l.Name, id, back, err)
	}
}

func TestBuiltinsRoundTrip(t *testing.T) {
	ls, err := layouts.Builtins()
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(1, 2))
	for _, l := range ls {
		for range 50 {
			key := make([]byte, 16+r.IntN(48))
			for i := range key {
				key[i] = byte(r.Uint32())
			}
			tweak := make([]byte, r.IntN(20))
			for i := range tweak {
				tweak[i] = byte(r.Uint32())
			}
			check(t, l, key, tweak, someID(r, l))
		}
	}
}

func FuzzMask(f *testing.F) {
	f.Add([]byte("layout"), []byte("0123456789abcdef"), []byte(""), uint64(1))
	f.Add([]byte{0xff, 3}, []byte("a key of thirty-two bytes, no more"), []byte("tenant"), uint64(99))
	f.Fuzz(func(t *testing.T, spec, key, tweak []byte, seed uint64) {
		l, err := layouts.Parse("random.layout", []byte(fuzz.RandomSpec(spec)))
		if err != nil {
			t.Fatalf("RandomSpec made a spec that does not parse: %v", err)
		}
		k, err := maskkey.Parse(hex.EncodeToString(key))
		if len(key) < 16 || !bytes.ContainsFunc(key, func(r rune) bool { return r != 0 }) {
			if !errors.Is(err, maskkey.ErrKey) {
				t.Fatalf("a %d-byte key: %v, want ErrKey", len(key), err)
			}
			return
		}
		m, err := mask.New(l, k, tweak)
		switch {
		case errors.Is(err, mask.ErrLayout):
			return // too few or too many free bits
		case err != nil:
			t.Fatal(err)
		}
		_ = m
		check(t, l, key, tweak, someID(rand.New(rand.NewPCG(seed, 7)), l))
	})
}

// What an observer without the key sees of consecutive UUIDv7s.
func TestObserver(t *testing.T) {
	l := mustBuiltin(t, "uuidv7")
	m, err := mask.New(l, keyOf(t, []byte("0123456789abcdef0123456789abcdef")), nil)
	if err != nil {
		t.Fatal(err)
	}
	const n = 4000
	r := rand.New(rand.NewPCG(3, 4))
	ids := make([][]byte, n)
	base := someID(r, l)
	for i := range ids {
		// Consecutive IDs: one millisecond, a counter going up by one.
		id := append([]byte(nil), base...)
		id[7] = byte(i)
		id[6] = id[6]&0xf0 | byte(i>>8)&0x0f
		ids[i] = id
	}
	pubs := make([][]byte, n)
	for i, id := range ids {
		if pubs[i], err = m.Mask(id); err != nil {
			t.Fatal(err)
		}
	}
	ascending, prefix := 0, 0
	for i := 1; i < n; i++ {
		if bytes.Compare(pubs[i-1], pubs[i]) < 0 {
			ascending++
		}
		if pubs[i-1][0] == pubs[i][0] && pubs[i-1][1] == pubs[i][1] {
			prefix++
		}
	}
	// About half of the neighbours ascend (binomial: sd ~ 32).
	if ascending < n/2-200 || ascending > n/2+200 {
		t.Errorf("%d of %d neighbours ascend, want about half", ascending, n-1)
	}
	// Two neighbours share their first 16 bits by chance once in 65536.
	if prefix > 3 {
		t.Errorf("%d of %d neighbours share their first two bytes", prefix, n-1)
	}

	// Avalanche: each one-bit change of a free input bit changes about half
	// of the 122 permuted output bits.
	s := shapeOf(t, l)
	var flips, changed int
	for _, id := range ids[:200] {
		pub, _ := m.Mask(id)
		for bit := range 128 {
			if s.IDMask[bit/8]>>(7-bit%8)&1 == 1 {
				continue
			}
			x := append([]byte(nil), id...)
			x[bit/8] ^= 0x80 >> (bit % 8)
			p, _ := m.Mask(x)
			changed += hamming(p, pub)
			flips++
		}
	}
	if avg := float64(changed) / float64(flips); avg < 59 || avg > 63 {
		t.Errorf("a one-bit change of the ID changes %.2f of 122 bits on average, want about 61", avg)
	}

	// Two keys' masks of the same ID differ in about half their bits.
	other, _ := mask.New(l, keyOf(t, []byte("0123456789abcdef0123456789abcdeF")), nil)
	diff := 0
	for _, id := range ids[:1000] {
		a, _ := m.Mask(id)
		b, _ := other.Mask(id)
		diff += hamming(a, b)
	}
	if avg := float64(diff) / 1000; avg < 59 || avg > 63 {
		t.Errorf("two keys' masks differ in %.2f of 122 bits on average, want about 61", avg)
	}
}

func hamming(a, b []byte) int {
	n := 0
	for i := range a {
		n += bits.OnesCount8(a[i] ^ b[i])
	}
	return n
}

func TestBadInput(t *testing.T) {
	v7 := mustBuiltin(t, "uuidv7")
	key := keyOf(t, []byte("0123456789abcdef"))
	if _, err := mask.New(v7, maskkey.Key{}, nil); !errors.Is(err, mask.ErrKey) {
		t.Errorf("the zero Key: %v, want ErrKey", err)
	}
	if _, err := (&mask.Masker{}).Mask(make([]byte, 16)); err == nil {
		t.Error("a zero Masker masks")
	}
	if _, err := mask.New(nil, key, nil); !errors.Is(err, mask.ErrLayout) {
		t.Errorf("a nil layout: %v, want ErrLayout", err)
	}
	small, err := layouts.Parse("small.layout", []byte("layout small 16\n  a 8 = 1\n  b 8 random\n"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := mask.New(small, key, nil); !errors.Is(err, mask.ErrLayout) {
		t.Errorf("an 8-bit domain: %v, want ErrLayout", err)
	}

	m, err := mask.New(v7, key, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, b := range [][]byte{nil, make([]byte, 15), make([]byte, 17)} {
		if _, err := m.Mask(b); !errors.Is(err, mask.ErrLength) {
			t.Errorf("Mask of %d bytes: %v, want ErrLength", len(b), err)
		}
		if _, err := m.Unmask(b); !errors.Is(err, mask.ErrLength) {
			t.Errorf("Unmask of %d bytes: %v, want ErrLength", len(b), err)
		}
	}
	// A UUIDv7 where its UUIDv4 public form is expected.
	id := unhex(t, "017f22e279b07cc398c4dc0c0c07398f")
	if _, err := m.Unmask(id); !errors.Is(err, mask.ErrNotMasked) {
		t.Errorf("Unmask of a UUIDv7: %v, want ErrNotMasked", err)
	}
	// A negative public Snowflake.
	sf, err := mask.New(mustBuiltin(t, "snowflake"), key, nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := sf.Unmask(unhex(t, "8000000000000001")); !errors.Is(err, mask.ErrNotMasked) {
		t.Errorf("Unmask of a negative Snowflake: %v, want ErrNotMasked", err)
	}
	// A layout with fewer free bits than its public form's: most UUIDv4s
	// are not public forms of its IDs (the pad does not unmask to zeros).
	v8, err := layouts.Parse("few.layout", []byte("layout few 128\n  a 48 time unix ms\n  ver 4 = 8\n  b 12 = 0\n  var 2 = 0b10\n  c 62 random\n"))
	if err != nil {
		t.Fatal(err)
	}
	fm, err := mask.New(v8, key, nil)
	if err != nil {
		t.Fatal(err)
	}
	rejected := 0
	r := rand.New(rand.NewPCG(5, 6))
	for range 100 {
		pub := someID(r, mustBuiltin(t, "uuidv4"))
		if _, err := fm.Unmask(pub); errors.Is(err, mask.ErrNotMasked) {
			rejected++
		}
	}
	if rejected < 99 {
		t.Errorf("%d of 100 random UUIDv4s were refused as public forms of a 110-bit layout, want nearly all", rejected)
	}
}

// Mask refuses what is not an ID of its layout: a UUIDv4 given to the
// UUIDv7 masker, a negative Snowflake, and every ID with one constant bit
// flipped; the public form of such an ID would not give it back.
func TestMaskRefusesOtherLayouts(t *testing.T) {
	key := keyOf(t, []byte("0123456789abcdef"))
	v7, err := mask.New(mustBuiltin(t, "uuidv7"), key, nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := v7.Mask(unhex(t, "919108f752d133205bacf847db4148a8")); !errors.Is(err, mask.ErrInvalid) {
		t.Errorf("Mask of a UUIDv4: %v, want ErrInvalid", err)
	}
	sf, err := mask.New(mustBuiltin(t, "snowflake"), key, nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := sf.Mask(unhex(t, "fffffffffffffffb")); !errors.Is(err, mask.ErrInvalid) {
		t.Errorf("Mask of the Snowflake -5: %v, want ErrInvalid", err)
	}
	ls, err := layouts.Builtins()
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(7, 8))
	for _, l := range ls {
		s, err := mask.ShapeOf(l)
		if err != nil {
			continue
		}
		m, err := mask.New(l, key, nil)
		if err != nil {
			t.Fatal(err)
		}
		for bit := range l.Bytes() * 8 {
			if s.IDMask[bit/8]>>(7-bit%8)&1 == 0 {
				continue
			}
			id := someID(r, l)
			id[bit/8] ^= 0x80 >> (bit % 8)
			if pub, err := m.Mask(id); !errors.Is(err, mask.ErrInvalid) {
				t.Errorf("%s: Mask(%x), constant bit %d flipped = %x, %v; want ErrInvalid", l.Name, id, bit, pub, err)
			}
		}
	}
}

// keyOf returns the key whose bytes are b.
func keyOf(t testing.TB, b []byte) maskkey.Key {
	t.Helper()
	k, err := maskkey.Parse(hex.EncodeToString(b))
	if err != nil {
		t.Fatal(err)
	}
	return k
}

// BenchmarkSHA256Block is the unit a mask's time is measured in on a
// machine whose speed varies: sha256.Sum256 of 32 bytes, one compression
// with its padding. A mask is ten rounds of two compressions.
func BenchmarkSHA256Block(b *testing.B) {
	b.ReportAllocs()
	var block [32]byte
	for b.Loop() {
		block = sha256.Sum256(block[:])
	}
}

func BenchmarkMask(b *testing.B) {
	for _, name := range []string{"uuidv7", "snowflake", "ksuid"} {
		l := mustBuiltin(b, name)
		m, err := mask.New(l, keyOf(b, []byte("0123456789abcdef")), nil)
		if err != nil {
			b.Fatal(err)
		}
		id := someID(rand.New(rand.NewPCG(1, 1)), l)
		pub, _ := m.Mask(id)
		b.Run(name+"/mask", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				m.Mask(id)
			}
		})
		b.Run(name+"/unmask", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				m.Unmask(pub)
			}
		})
	}
}

// shapeOf returns l's shape, which must be maskable.
func shapeOf(t testing.TB, l *layouts.Layout) mask.Shape {
	t.Helper()
	s, err := mask.ShapeOf(l)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// A permutation cannot detect a wrong key: the docs say so, and this is
// what they describe. Under a UUIDv7 masker, every UUIDv4 unmasks, with
// no error, and another key's public forms unmask to other IDs.
func TestWrongKeyNotDetected(t *testing.T) {
	l := mustBuiltin(t, "uuidv7")
	m, _ := mask.New(l, keyOf(t, []byte("0123456789abcdef")), nil)
	other, _ := mask.New(l, keyOf(t, []byte("0123456789abcdeF")), nil)
	r := rand.New(rand.NewPCG(9, 10))
	for range 1000 {
		id := someID(r, l)
		pub, err := other.Mask(id)
		if err != nil {
			t.Fatal(err)
		}
		got, err := m.Unmask(pub)
		if err != nil || bytes.Equal(got, id) {
			t.Fatalf("another key's public form %x unmasks to %x, %v; want some other ID and no error", pub, got, err)
		}
		if _, err := m.Unmask(someID(r, mustBuiltin(t, "uuidv4"))); err != nil {
			t.Fatalf("a random UUIDv4 is refused (%v): the docs say it is not", err)
		}
	}
}
