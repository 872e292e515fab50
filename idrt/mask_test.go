package idrt_test

import (
	"bytes"
	"errors"
	"testing"

	"github.com/idforge/idforge/idrt"
	"github.com/idforge/idforge/maskkey"
)

// v7Shape is UUIDv7's: version 7 and variant 0b10 in the ID, a UUIDv4's
// in the public form.
var v7Shape = idrt.MaskShape{
	IDMask:  []byte{0, 0, 0, 0, 0, 0, 0xf0, 0, 0xc0, 0, 0, 0, 0, 0, 0, 0},
	IDBits:  []byte{0, 0, 0, 0, 0, 0, 0x70, 0, 0x80, 0, 0, 0, 0, 0, 0, 0},
	PubMask: []byte{0, 0, 0, 0, 0, 0, 0xf0, 0, 0xc0, 0, 0, 0, 0, 0, 0, 0},
	PubBits: []byte{0, 0, 0, 0, 0, 0, 0x40, 0, 0x80, 0, 0, 0, 0, 0, 0, 0},
}

func testKey(t testing.TB) maskkey.Key {
	k, err := maskkey.Parse("000102030405060708090a0b0c0d0e0f")
	if err != nil {
		t.Fatal(err)
	}
	return k
}

// Mask and Unmask return errors, never panic: a zero or nil Mask, slices
// of other lengths, an ID that is not of the layout.
func TestMaskErrors(t *testing.T) {
	var zero idrt.Mask
	var none *idrt.Mask
	id := make([]byte, 16)
	for _, m := range []*idrt.Mask{&zero, none} {
		if err := m.Mask(id, id); !errors.Is(err, idrt.ErrMaskKey) {
			t.Errorf("a zero Mask's Mask: %v, want ErrMaskKey", err)
		}
		if err := m.Unmask(id, id); !errors.Is(err, idrt.ErrMaskKey) {
			t.Errorf("a zero Mask's Unmask: %v, want ErrMaskKey", err)
		}
	}
	m, err := idrt.NewMaskOf(testKey(t), "uuidv7", nil, v7Shape)
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range []int{0, 1, 15, 17} {
		b := make([]byte, n)
		if err := m.Mask(b, b); !errors.Is(err, idrt.ErrMaskLength) {
			t.Errorf("Mask of %d bytes: %v, want ErrMaskLength", n, err)
		}
		if err := m.Unmask(b, b); !errors.Is(err, idrt.ErrMaskLength) {
			t.Errorf("Unmask of %d bytes: %v, want ErrMaskLength", n, err)
		}
		if err := m.Mask(b, make([]byte, 16)); !errors.Is(err, idrt.ErrMaskLength) {
			t.Errorf("Mask into %d bytes: %v, want ErrMaskLength", n, err)
		}
	}
	v4 := []byte{0x91, 0x91, 0x08, 0xf7, 0x52, 0xd1, 0x43, 0x20, 0x9b, 0xac, 0xf8, 0x47, 0xdb, 0x41, 0x48, 0xa8}
	dst := bytes.Repeat([]byte{0xee}, 16)
	if err := m.Mask(dst, v4); !errors.Is(err, idrt.ErrMaskInvalid) || !bytes.Equal(dst, bytes.Repeat([]byte{0xee}, 16)) {
		t.Errorf("Mask of a UUIDv4: %v, wrote %x; want ErrMaskInvalid and nothing written", err, dst)
	}
	if _, err := idrt.NewMaskOf(testKey(t), "x", nil, idrt.MaskShape{}); !errors.Is(err, idrt.ErrMaskDomain) {
		t.Errorf("an empty shape: %v, want ErrMaskDomain", err)
	}
}

// FuzzMask: any shape, any input of any length: an error or a round trip,
// never a panic. An ID that masks has the ID's constants; its public form
// has the public form's and unmasks to it.
func FuzzMask(f *testing.F) {
	f.Add([]byte{0, 0, 0, 0, 0, 0, 0xf0, 0, 0xc0, 0, 0, 0, 0, 0, 0, 0}, []byte("an ID of sixteen"), byte(16))
	f.Add([]byte{0x80, 0, 0, 0, 0, 0, 0, 0}, []byte{1, 2, 3, 4, 5, 6, 7, 8}, byte(8))
	f.Add([]byte{0xff}, []byte{}, byte(3))
	f.Fuzz(func(t *testing.T, constMask, in []byte, size byte) {
		n := int(size % 40)
		s := idrt.MaskShape{IDMask: make([]byte, n), IDBits: make([]byte, n), PubMask: make([]byte, n), PubBits: make([]byte, n)}
		copy(s.IDMask, constMask)
		copy(s.PubMask, constMask)
		for i := range n {
			s.IDBits[i] = s.IDMask[i] & 0x5a
			s.PubBits[i] = s.PubMask[i] & 0x5a
		}
		m, err := idrt.NewMaskOf(testKey(t), "fuzz", in, s)
		if err != nil {
			if !errors.Is(err, idrt.ErrMaskDomain) {
				t.Fatalf("NewMaskOf: %v", err)
			}
			return
		}
		pub := make([]byte, len(in))
		err = m.Mask(pub, in)
		if len(in) != n {
			if !errors.Is(err, idrt.ErrMaskLength) {
				t.Fatalf("Mask of %d bytes, IDs of %d: %v", len(in), n, err)
			}
			return
		}
		valid := true
		for i := range in {
			valid = valid && in[i]&s.IDMask[i] == s.IDBits[i]
		}
		if !valid {
			if !errors.Is(err, idrt.ErrMaskInvalid) {
				t.Fatalf("Mask(%x), not of the layout: %v", in, err)
			}
			return
		}
		if err != nil {
			t.Fatalf("Mask(%x): %v", in, err)
		}
		for i := range pub {
			if pub[i]&s.PubMask[i] != s.PubBits[i] {
				t.Fatalf("Mask(%x) = %x: not the public form's constants", in, pub)
			}
		}
		back := make([]byte, n)
		if err := m.Unmask(back, pub); err != nil || !bytes.Equal(back, in) {
			t.Fatalf("Unmask(Mask(%x)) = %x, %v", in, back, err)
		}
	})
}
