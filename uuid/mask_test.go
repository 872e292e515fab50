package uuid_test

import (
	"errors"
	"testing"

	"github.com/idforge/idforge/internal/texttest"
	"github.com/idforge/idforge/maskkey"
	"github.com/idforge/idforge/uuid"
)

func TestMaskCorpus(t *testing.T) {
	for layout, newMasker := range map[string]func(key maskkey.Key, tweak []byte) (*uuid.Masker, error){
		"uuidv1": uuid.NewMaskerV1, "uuidv6": uuid.NewMaskerV6, "uuidv7": uuid.NewMaskerV7, "uuidv4": uuid.NewMaskerV4,
		"uuidv3": uuid.NewMaskerV3, "uuidv5": uuid.NewMaskerV5, "uuidv8": uuid.NewMaskerV8,
	} {
		texttest.Masks(t, texttest.Masker[uuid.UUID]{
			Layout: layout, ParseHex: uuid.ParseHex, Key: uuid.ErrKey, Invalid: uuid.ErrInvalid, NotMasked: uuid.ErrNotMasked,
			New: func(key maskkey.Key, tweak []byte) (texttest.Mask[uuid.UUID], error) { return newMasker(key, tweak) },
		})
	}
}

// A UUIDv7's public form is a UUIDv4; the UUIDv7 itself is not a public
// form.
func TestMaskV7(t *testing.T) {
	m, err := uuid.NewMaskerV7(texttest.MaskKey(t), []byte("tenant"))
	if err != nil {
		t.Fatal(err)
	}
	id := uuid.NewV7()
	pub, err := m.Mask(id)
	if err != nil || pub.Version() != 4 || pub[8]>>6 != 0b10 {
		t.Fatalf("Mask(%v) = %v (version %d), %v", id, pub, pub.Version(), err)
	}
	if back, err := m.Unmask(pub); err != nil || back != id {
		t.Errorf("Unmask(%v) = %v, %v; want %v", pub, back, err, id)
	}
	if _, err := m.Unmask(id); !errors.Is(err, uuid.ErrNotMasked) {
		t.Errorf("Unmask of a UUIDv7: %v, want ErrNotMasked", err)
	}
	// A UUIDv4 is no UUIDv7 to mask: its public form would unmask to a
	// UUID with a v7 version nibble.
	if got, err := m.Mask(uuid.NewV4()); !errors.Is(err, uuid.ErrInvalid) {
		t.Errorf("Mask of a UUIDv4: %v, %v; want ErrInvalid", got, err)
	}
}
