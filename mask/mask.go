// Package mask makes private IDs: with a secret key it turns an ID of any
// layout into a public form that looks random, and the public form back into
// exactly that ID. A time-ordered ID (UUIDv7, Snowflake, ULID, KSUID) stays
// the database's key, in order; the world sees only its mask, which shows
// neither when the ID was made nor in what order, nor its node or counter.
//
// The public form keeps the layout's shape: a UUID layout's is a valid
// UUIDv4 (version 4, variant 0b10, its 122 other bits a keyed permutation of
// the ID's free bits); any other layout keeps its constant bits, so a
// Snowflake's public form is again a non-negative 63-bit integer. The mask
// is deterministic (the same ID, key, layout and tweak always give the same
// public ID, so a public ID can be looked up) and differs between keys,
// layouts and tweaks.
//
// The permutation is FFX (Bellare, Rogaway and Spies, 2010) over the free
// bits: a 10-round Feistel network with FF1's split (NIST SP 800-38G) and
// HMAC-SHA-256 as its round function, under a subkey derived from the key,
// the layout's name and the tweak. Package idrt's Mask says it bit for bit;
// testdata/vectors.json holds known answers for other implementations to
// check against, and the generated SQL, JavaScript and Python compute the
// same.
//
// What a mask does not hide: equality (one ID always masks the same way) and
// volume (how many public IDs exist). What it cannot do: tell a public form
// made under another key, tweak or layout from one made under its own. A
// permutation maps every value to some ID, so such a public form unmasks,
// with no error, to some other ID: look the ID up, and rotate keys with a
// key ring (unmask under each key, newest first, until the database has the
// ID; or put a key's id in the tweak, known when unmasking).
//
// Keys are package maskkey's: made only by maskkey.New, maskkey.Parse or
// maskkey.ReadFile, at least 128 bits and not all zero, never shown in an
// error. Mask refuses an ID whose constant bits are not its layout's
// (ErrInvalid): its public form would not give it back.
package mask

import (
	"errors"
	"fmt"

	"github.com/idforge/idforge/idrt"
	"github.com/idforge/idforge/layouts"
	"github.com/idforge/idforge/maskkey"
	"github.com/idforge/idforge/resolved"
)

var (
	// ErrKey is maskkey.ErrKey: a key that cannot be used (the zero
	// maskkey.Key, here). The key itself is never in the message.
	ErrKey = maskkey.ErrKey
	// ErrLayout means the layout cannot be masked: it has fewer than 20 or
	// more than 256 free bits.
	ErrLayout = errors.New("mask: the layout's free bits cannot be masked")
	// ErrLength means an ID or public ID is not as long as the layout's IDs.
	ErrLength = errors.New("mask: wrong length")
	// ErrNotMasked means a value is not a public ID of the layout: its
	// constant bits are not the public form's (a UUIDv7 where a UUIDv4 is
	// expected, say), or it unmasks to bits that no ID has. A public form
	// made under another key or tweak is not detected: it unmasks to some
	// other ID.
	ErrNotMasked = errors.New("mask: not a public ID of this layout")
	// ErrInvalid means an ID given to Mask is not an ID of the layout: its
	// constant bits are not the layout's (a UUIDv4 given to the UUIDv7
	// masker, a negative Snowflake). Nothing is masked.
	ErrInvalid = errors.New("mask: not an ID of this layout: its constant bits are not the layout's")
)

// Masker masks the IDs of one layout under one key and tweak. It is safe
// for concurrent use.
type Masker struct {
	m    *idrt.Mask
	size int
}

// New returns the masker of layout l under key and tweak (which may be
// empty: a tenant's name, say, so that each tenant's public IDs differ).
func New(l *layouts.Layout, key maskkey.Key, tweak []byte) (*Masker, error) {
	s, err := ShapeOf(l)
	if err != nil {
		return nil, err
	}
	m, err := idrt.NewMaskOf(key, l.Name, tweak, idrt.MaskShape(s))
	if err != nil {
		return nil, fmt.Errorf("%w: no key (the zero maskkey.Key)", ErrKey) // the shape is checked: only the key can be wrong
	}
	return &Masker{m: m, size: l.Bytes()}, nil
}

// Mask returns the public form of id, an ID of the masker's layout in
// bytes: ErrInvalid when its constant bits are not the layout's.
func (m *Masker) Mask(id []byte) ([]byte, error) {
	if len(id) != m.size {
		return nil, fmt.Errorf("%w: %d bytes, want %d", ErrLength, len(id), m.size)
	}
	out := make([]byte, m.size)
	if err := m.m.Mask(out, id); err != nil {
		return nil, fromIdrt(err)
	}
	return out, nil
}

// Unmask returns the ID whose public form is public, or ErrNotMasked when
// its constant bits are not a public form's. A public form made under
// another key or tweak unmasks, with no error, to some other ID.
func (m *Masker) Unmask(public []byte) ([]byte, error) {
	if len(public) != m.size {
		return nil, fmt.Errorf("%w: %d bytes, want %d", ErrLength, len(public), m.size)
	}
	out := make([]byte, m.size)
	if err := m.m.Unmask(out, public); err != nil {
		return nil, fromIdrt(err)
	}
	return out, nil
}

// fromIdrt returns the error of this package that err, from idrt's Mask,
// stands for. Lengths are checked before idrt is called.
func fromIdrt(err error) error {
	switch err {
	case idrt.ErrMaskInvalid:
		return ErrInvalid
	case idrt.ErrNotMasked:
		return ErrNotMasked
	case idrt.ErrMaskKey:
		return fmt.Errorf("%w: a zero Masker (make one with New)", ErrKey)
	}
	return err
}

// Shape says which bits of a layout's IDs and of their public forms are
// constant: each of its four byte strings is as long as an ID; a Mask has a
// 1 at every constant bit and the Bits beside it the constant's value. The
// public form's free bits are what the mask permutes. Every emitter writes
// the shape ShapeOf gives, so that every language masks the same bits.
type Shape struct {
	IDMask, IDBits   []byte
	PubMask, PubBits []byte
}

// ShapeOf returns the shape of layout l's IDs and public forms: l's own
// constants, and for a UUID layout, a UUIDv4's version and variant in the
// public form; or ErrLayout when l cannot be masked (it has fewer than 20
// or more than 256 free bits).
func ShapeOf(l *layouts.Layout) (Shape, error) {
	if l == nil {
		return Shape{}, fmt.Errorf("%w: no layout", ErrLayout)
	}
	r, err := resolved.New(l)
	if err != nil {
		return Shape{}, fmt.Errorf("%w: %v", ErrLayout, err)
	}
	n := l.Bytes()
	s := Shape{IDMask: make([]byte, n), IDBits: make([]byte, n)}
	for _, c := range r.Consts {
		setConst(s.IDMask, s.IDBits, c)
	}
	if l.IsUUID() {
		// A UUIDv4's version and variant: its constants.
		v4, err := layouts.Builtin("uuidv4")
		if err != nil {
			return Shape{}, err
		}
		s.PubMask, s.PubBits = make([]byte, n), make([]byte, n)
		for _, c := range resolved.Must(v4).Consts {
			setConst(s.PubMask, s.PubBits, c)
		}
	} else {
		s.PubMask, s.PubBits = s.IDMask, s.IDBits
	}
	if bits, err := idrt.MaskShape(s).Bits(); err != nil {
		return s, fmt.Errorf("%w: %s has %d free bits, want %d to %d", ErrLayout, l.Name, bits, idrt.MinMaskBits, idrt.MaxMaskBits)
	}
	return s, nil
}

// setConst marks the bits of a constant's run constant, with its value, in
// an ID's big-endian bytes.
func setConst(mask, bits []byte, c resolved.Const) {
	for i := range c.Width {
		at := c.Shift + i // bit i of the value, from the ID's least significant bit
		b, bit := len(mask)-1-at/8, byte(1)<<(at%8)
		mask[b] |= bit
		if c.Value>>i&1 == 1 {
			bits[b] |= bit
		}
	}
}
