package idrt

import (
	"bytes"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"hash"
	"sync"
	"sync/atomic"
)

// Private IDs: a keyed, deterministic, reversible, format-preserving mask
// of an ID's free bits (the bits its layout does not hold constant).
//
// The permutation is FFX (Bellare, Rogaway and Spies, "The FFX Mode of
// Operation for Format-Preserving Encryption", 2010) with radix 2,
// characteristic-2 addition (XOR), the alternating Feistel method and
// NIST SP 800-38G FF1's split and round count: for a domain of n bits,
// the left half A holds the first u = n/2 bits (rounded down) and the right
// half B the other v = n-u; each of the 10 rounds i replaces (A, B) with
// (B, A xor F(i, B)), where F's output is cut to A's width. The round
// function F is HMAC-SHA-256 under a subkey that the user's key, the
// layout's name and the user's tweak determine:
//
//	K'      = HMAC-SHA-256(K, "idforge/mask/v1" || 0x00 || layout || 0x00 || tweak)
//	F(i, B) = the first ceil(m/8) bytes of HMAC-SHA-256(K', [n]2 || [i]1 || B),
//	          read big-endian and cut to its m low bits (m: A's width)
//
// where [x]k is x in k big-endian bytes and B is written big-endian in
// ceil(len(B)/8) bytes. n is between 20 (FF1's smallest binary domain,
// 2^20 > 10^6) and 256. mask/testdata/vectors.json holds the published
// known answers, for every built-in layout; every implementation (Go, SQL,
// JavaScript, Python) follows this description bit for bit. Keys have at
// least 16 bytes and are not all zero.

// MaskRounds is the number of Feistel rounds: FF1's.
const MaskRounds = 10

// The domain widths a Mask accepts.
const (
	MinMaskBits = 20
	MaxMaskBits = 256
)

// MinMaskKey is the shortest key a Mask accepts, in bytes (128 bits).
const MinMaskKey = 16

var (
	// ErrMaskKey means the key is shorter than MinMaskKey bytes or all
	// zero, or is not a key (NewMaskOf), or the Mask is a zero one.
	ErrMaskKey = errors.New("a mask key needs at least 16 bytes (128 bits), not all zero")
	// ErrMaskDomain means the layout has too few or too many free bits to
	// mask (fewer than MinMaskBits or more than MaxMaskBits), or its shape
	// is inconsistent.
	ErrMaskDomain = errors.New("the layout's free bits cannot be masked")
	// ErrNotMasked means a value is not a public ID under this mask: its
	// constant bits are not the public form's, or it unmasks to an ID whose
	// bits the layout does not allow.
	ErrNotMasked = errors.New("not a public ID of this layout under this key")
	// ErrMaskInvalid means an ID given to Mask is not one of the layout's:
	// its constant bits are not the layout's (a UUIDv4 given to a UUIDv7
	// mask, a negative Snowflake). Nothing is masked.
	ErrMaskInvalid = errors.New("not an ID of this layout: its constant bits are not the layout's")
	// ErrMaskLength means an ID, a public form or a destination is not as
	// long as the layout's IDs.
	ErrMaskLength = errors.New("not as long as the layout's IDs")
)

// maskKeysOf is the function package maskkey registers
// (RegisterMaskKeys).
var maskKeysOf atomic.Pointer[func(v any) ([]byte, bool)]

// RegisterMaskKeys is for package maskkey, which calls it once, when it is
// initialized, with the function that gives the bytes of a maskkey.Key, so
// that NewMaskOf takes keys that no stable API shows as bytes.
func RegisterMaskKeys(of func(v any) ([]byte, bool)) {
	maskKeysOf.Store(&of)
}

// NewMaskOf returns the mask of the layout named layout, of the given
// shape, under key (a maskkey.Key, which holds at least MinMaskKey bytes,
// not all zero) and tweak; anything else is ErrMaskKey, and a shape that
// cannot be masked ErrMaskDomain. The key is never kept (only the HMAC states
// derived from it) nor shown in an error. Generated Maskers call it.
func NewMaskOf(key any, layout string, tweak []byte, s MaskShape) (*Mask, error) {
	of := maskKeysOf.Load()
	if of == nil {
		return nil, ErrMaskKey
	}
	b, ok := (*of)(key)
	if !ok {
		return nil, ErrMaskKey
	}
	return newMask(b, layout, tweak, s)
}

// MaskShape says which bits of an ID and of its public form are constant.
// Each is a pair of byte strings as long as the ID: Mask has a 1 at every
// constant bit and Bits holds the constant's value there (0 elsewhere). The
// public form's free bits (zeros of PubMask) are the permutation's domain;
// the ID's free bits, as many or fewer, fill the domain's last bits, the
// first ones being zero. For most layouts the two shapes are the same; a
// UUID layout's public form is a UUIDv4 (version 4, variant 0b10).
type MaskShape struct {
	IDMask, IDBits   []byte
	PubMask, PubBits []byte
}

// Bits returns the width of the shape's domain (the public form's free
// bits), or ErrMaskDomain when it cannot be masked: its four strings are
// not all as long as an ID, the domain has fewer than MinMaskBits or more
// than MaxMaskBits bits, or the ID has more free bits than the public form.
// It needs no key: an emitter asks it whether a layout can be masked.
func (s MaskShape) Bits() (int, error) {
	size := len(s.IDMask)
	if size == 0 || len(s.IDBits) != size || len(s.PubMask) != size || len(s.PubBits) != size {
		return 0, ErrMaskDomain
	}
	_, f := runs(s.IDMask)
	_, n := runs(s.PubMask)
	if n < MinMaskBits || n > MaxMaskBits || f > n {
		return n, ErrMaskDomain
	}
	return n, nil
}

// run is a run of free bits: width bits from bit offset off (counted from
// the most significant end).
type run struct{ off, width int }

// Mask is a keyed permutation of one layout's IDs: Mask and Unmask are
// inverses, deterministic for a given key, layout and tweak. It is safe for
// concurrent use. Its zero value masks nothing (ErrMaskKey): make one with
// NewMaskOf.
type Mask struct {
	shape   MaskShape
	free    []run // the ID's free bits, each run at most 64 bits
	pub     []run // the public form's free bits, each run at most 64 bits
	n, u, v int   // the domain's width and its halves'
	pad     int   // the domain's leading bits that the ID does not fill
	// The HMAC's states after the subkey's inner and outer pads, so that a
	// round costs two SHA-256 compressions.
	inner, outer []byte
	scratch      sync.Pool // of *maskScratch
}

// maskScratch is one permutation's working memory, pooled so that masking
// allocates nothing.
type maskScratch struct {
	h   hash.Hash
	st  sha256State
	msg [3 + 16]byte
	// blk is the final block of a hash whose first block, the HMAC key's
	// pad, the state already holds: the message, SHA-256's padding and the
	// length, so that writing it leaves the hash in the state's words.
	blk [sha256.BlockSize]byte
	// out holds the marshalled state the hash is read from.
	out [128]byte
}

// sha256State is what crypto/sha256's hash does besides hash.Hash: load a
// state (UnmarshalBinary) and append it (AppendBinary, since Go 1.24).
type sha256State interface {
	UnmarshalBinary([]byte) error
	AppendBinary([]byte) ([]byte, error)
}

// The marshalled state of crypto/sha256 (its format since Go 1.10, which
// later releases still read): a 4-byte magic, then the eight state words,
// big-endian, which after a final padded block are the hash.
const stateWords = 4

// newMask returns the mask of the layout named layout, of the given shape,
// under key and tweak. The key must have at least MinMaskKey bytes, not all
// zero; it is never kept (only the HMAC states derived from it) nor shown
// in an error.
func newMask(key []byte, layout string, tweak []byte, s MaskShape) (*Mask, error) {
	if len(key) < MinMaskKey || allZero(key) {
		return nil, ErrMaskKey
	}
	if _, err := s.Bits(); err != nil {
		return nil, err
	}
	m := &Mask{shape: MaskShape{
		IDMask: bytes.Clone(s.IDMask), IDBits: bytes.Clone(s.IDBits),
		PubMask: bytes.Clone(s.PubMask), PubBits: bytes.Clone(s.PubBits),
	}}
	var f int
	m.free, f = runs(m.shape.IDMask)
	m.pub, m.n = runs(m.shape.PubMask)
	m.u = m.n / 2
	m.v = m.n - m.u
	m.pad = m.n - f

	sub := hmac.New(sha256.New, key)
	sub.Write([]byte("idforge/mask/v1\x00"))
	sub.Write([]byte(layout))
	sub.Write([]byte{0})
	sub.Write(tweak)
	subkey := sub.Sum(nil)
	var err error
	if m.inner, m.outer, err = padStates(subkey); err != nil {
		return nil, err
	}
	clear(subkey)
	return m, nil
}

// allZero reports whether every byte of b is zero.
func allZero(b []byte) bool {
	var or byte
	for _, x := range b {
		or |= x
	}
	return or == 0
}

// runs lists the zero bits of mask as runs of at most 64 bits, and counts
// them.
func runs(mask []byte) (rs []run, n int) {
	total := len(mask) * 8
	for i := 0; i < total; {
		if mask[i/8]>>(7-i%8)&1 == 1 {
			i++
			continue
		}
		j := i
		for j < total && j-i < 64 && mask[j/8]>>(7-j%8)&1 == 0 {
			j++
		}
		rs = append(rs, run{i, j - i})
		n += j - i
		i = j
	}
	return rs, n
}

// padStates returns SHA-256's states after the HMAC key's inner and outer
// pad blocks.
func padStates(key []byte) (inner, outer []byte, err error) {
	var pad [sha256.BlockSize]byte
	copy(pad[:], key) // key is 32 bytes, under the block size
	state := func(x byte) ([]byte, error) {
		var p [sha256.BlockSize]byte
		for i := range p {
			p[i] = pad[i] ^ x
		}
		h := sha256.New()
		h.Write(p[:])
		return h.(interface{ MarshalBinary() ([]byte, error) }).MarshalBinary()
	}
	if inner, err = state(0x36); err != nil {
		return nil, nil, err
	}
	outer, err = state(0x5c)
	return inner, outer, err
}

// u128 is a value of up to 128 bits.
type u128 struct{ hi, lo uint64 }

func (x u128) xor(y u128) u128 { return u128{x.hi ^ y.hi, x.lo ^ y.lo} }

// low returns the low w bits of x.
func (x u128) low(w int) u128 {
	switch {
	case w >= 128:
		return x
	case w > 64:
		return u128{x.hi & (1<<(w-64) - 1), x.lo}
	case w == 64:
		return u128{0, x.lo}
	default:
		return u128{0, x.lo & (1<<w - 1)}
	}
}

// bitString is the domain's n bits, as up to 256 bits in four words, the
// most significant first, right-aligned.
type bitString [4]uint64

// push appends the low w (at most 64) bits of x, which has no others set.
func (s *bitString) push(x uint64, w int) {
	s[0] = s[0]<<w | s[1]>>(64-w)
	s[1] = s[1]<<w | s[2]>>(64-w)
	s[2] = s[2]<<w | s[3]>>(64-w)
	s[3] = s[3]<<w | x // Go's shifts by 64 give 0, so w == 64 needs no case of its own
}

// bits returns w (at most 64) bits of s, starting at bit from of the n-bit
// string (0 the most significant).
func (s *bitString) bits(n, from, w int) uint64 {
	if w == 0 {
		return 0
	}
	end := 256 - n + from + w // one past the last bit, counted in the 256 bits
	word, shift := (end-1)/64, 64-end%64
	if shift == 64 {
		shift = 0
	}
	x := s[word] >> shift
	if shift != 0 && word > 0 {
		x |= s[word-1] << (64 - shift)
	}
	if w < 64 {
		x &= 1<<w - 1
	}
	return x
}

// half returns w (at most 128) bits of s from bit from, as a u128.
func (s *bitString) half(n, from, w int) u128 {
	if w > 64 {
		return u128{s.bits(n, from, w-64), s.bits(n, from+w-64, 64)}
	}
	return u128{0, s.bits(n, from, w)}
}

// getBits returns w (at most 64) bits of b from bit off (0 the most
// significant bit of b[0]).
func getBits(b []byte, off, w int) uint64 {
	var x uint64
	for w > 0 {
		byteBits := 8 - off%8
		take := min(byteBits, w)
		v := uint64(b[off/8]>>(byteBits-take)) & (1<<take - 1)
		x = x<<take | v
		off += take
		w -= take
	}
	return x
}

// setBits writes the low w (at most 64) bits of x into b from bit off.
func setBits(b []byte, off, w int, x uint64) {
	for w > 0 {
		byteBits := 8 - off%8
		take := min(byteBits, w)
		v := byte(x>>(w-take)) & byte(1<<take-1)
		shift := byteBits - take
		b[off/8] = b[off/8]&^(byte(1<<take-1)<<shift) | v<<shift
		off += take
		w -= take
	}
}

// round returns F(i, b) cut to out bits, b being w bits wide.
func (m *Mask) round(s *maskScratch, i int, b u128, w, out int) u128 {
	msg := &s.msg
	binary.BigEndian.PutUint16(msg[:2], uint16(m.n))
	msg[2] = byte(i)
	nb := (w + 7) / 8
	var be [16]byte
	binary.BigEndian.PutUint64(be[:8], b.hi)
	binary.BigEndian.PutUint64(be[8:], b.lo)
	copy(msg[3:], be[16-nb:])

	inner := s.final(m.inner, msg[:3+nb])
	d := s.final(m.outer, inner)

	// The first ceil(out/8) bytes, big-endian, cut to out bits.
	ob := (out + 7) / 8
	var y [16]byte
	copy(y[16-ob:], d[:ob])
	return u128{binary.BigEndian.Uint64(y[:8]), binary.BigEndian.Uint64(y[8:])}.low(out)
}

// newScratch returns new working memory for a permutation.
func newScratch() *maskScratch {
	s := &maskScratch{h: sha256.New()}
	s.st = s.h.(sha256State)
	return s
}

// final returns SHA-256 of a pad block (whose state is pad) followed by
// msg (at most 55 bytes), in one compression: fromState's way, where
// crypto/sha256 allows it (stateIsHash), else Sum's.
func (s *maskScratch) final(pad, msg []byte) []byte {
	if stateIsHash() {
		return s.fromState(pad, msg)
	}
	s.st.UnmarshalBinary(pad) // the states were made by MarshalBinary: no error
	s.h.Write(msg)
	return s.h.Sum(s.out[:0])
}

// fromState is final with the padding written by hand, so that after the
// block the state's words are the hash, read without Sum's copy of the
// digest.
func (s *maskScratch) fromState(pad, msg []byte) []byte {
	s.st.UnmarshalBinary(pad)
	clear(s.blk[:])
	n := copy(s.blk[:], msg)
	s.blk[n] = 0x80
	binary.BigEndian.PutUint64(s.blk[56:], uint64(sha256.BlockSize+n)*8)
	s.h.Write(s.blk[:])
	st, _ := s.st.AppendBinary(s.out[:0])
	if len(st) < stateWords+sha256.Size {
		return nil
	}
	return st[stateWords : stateWords+sha256.Size]
}

// stateIsHash reports, checked once, whether crypto/sha256 marshals its
// state as fromState reads it.
var stateIsHash = sync.OnceValue(func() bool {
	var pad [sha256.BlockSize]byte
	h := sha256.New()
	h.Write(pad[:])
	state, err := h.(interface{ MarshalBinary() ([]byte, error) }).MarshalBinary()
	if err != nil {
		return false
	}
	want := sha256.Sum256(append(pad[:], "idforge"...))
	return bytes.Equal(newScratch().fromState(state, []byte("idforge")), want[:])
})

// permute runs the Feistel network forward or backward on x.
func (m *Mask) permute(x *bitString, forward bool) {
	h, _ := m.scratch.Get().(*maskScratch)
	if h == nil {
		h = newScratch()
	}
	defer m.scratch.Put(h)
	a, b := x.half(m.n, 0, m.u), x.half(m.n, m.u, m.v)
	// wa and wb are the widths of a and b before each round.
	if forward {
		wa, wb := m.u, m.v
		for i := range MaskRounds {
			a, b = b, a.xor(m.round(h, i, b, wb, wa))
			wa, wb = wb, wa
		}
	} else {
		// After an even number of rounds a is u bits wide again.
		wa, wb := m.u, m.v
		for i := MaskRounds - 1; i >= 0; i-- {
			// Round i made (a, b) from (b, a^F(i, b)): undo it.
			wa, wb = wb, wa
			a, b = b.xor(m.round(h, i, a, wb, wa)), a
		}
	}
	*x = bitString{}
	x.push(a.hi, max(m.u-64, 0))
	x.push(a.lo, min(m.u, 64))
	x.push(b.hi, max(m.v-64, 0))
	x.push(b.lo, min(m.v, 64))
}

// Mask writes the public form of id to dst; both are as long as the
// layout's IDs (dst may be id). It returns ErrMaskInvalid, and writes
// nothing, when id's constant bits are not the layout's; ErrMaskLength when
// id or dst has another length; ErrMaskKey for a zero Mask.
func (m *Mask) Mask(dst, id []byte) error {
	if err := m.check(dst, id); err != nil {
		return err
	}
	for i := range id {
		if id[i]&m.shape.IDMask[i] != m.shape.IDBits[i] {
			return ErrMaskInvalid
		}
	}
	var x bitString // the ID's free bits fill its last bits; the pad stays 0
	for _, r := range m.free {
		x.push(getBits(id, r.off, r.width), r.width)
	}
	m.permute(&x, true)
	copy(dst, m.shape.PubBits)
	from := 0
	for _, r := range m.pub {
		setBits(dst, r.off, r.width, x.bits(m.n, from, r.width))
		from += r.width
	}
	return nil
}

// check returns the error of a call on a zero Mask, or with dst or src of
// another length than the layout's IDs.
func (m *Mask) check(dst, src []byte) error {
	if m == nil || m.inner == nil {
		return ErrMaskKey
	}
	if n := len(m.shape.IDMask); len(dst) != n || len(src) != n {
		return ErrMaskLength
	}
	return nil
}

// Unmask writes to dst the ID whose public form is pub, or returns
// ErrNotMasked when pub is not a public form: its constant bits differ from
// the public form's, or it unmasks to bits no ID of the layout has. A public
// form made under another key, tweak or layout of the same shape cannot be
// told from one made under this mask's: it unmasks, with no error, to some
// other ID. dst and pub are as long as the layout's IDs (ErrMaskLength
// otherwise).
func (m *Mask) Unmask(dst, pub []byte) error {
	if err := m.check(dst, pub); err != nil {
		return err
	}
	for i := range pub {
		if pub[i]&m.shape.PubMask[i] != m.shape.PubBits[i] {
			return ErrNotMasked
		}
	}
	var x bitString
	for _, r := range m.pub {
		x.push(getBits(pub, r.off, r.width), r.width)
	}
	m.permute(&x, false)
	if m.pad > 0 {
		for from := 0; from < m.pad; from += 64 {
			if x.bits(m.n, from, min(64, m.pad-from)) != 0 {
				return ErrNotMasked
			}
		}
	}
	copy(dst, m.shape.IDBits)
	from := m.pad
	for _, r := range m.free {
		setBits(dst, r.off, r.width, x.bits(m.n, from, r.width))
		from += r.width
	}
	return nil
}
