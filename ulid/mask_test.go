package ulid_test

import (
	"testing"

	"github.com/idforge/idforge/internal/texttest"
	"github.com/idforge/idforge/maskkey"
	"github.com/idforge/idforge/ulid"
)

func TestMaskCorpus(t *testing.T) {
	texttest.Masks(t, texttest.Masker[ulid.ULID]{
		Layout: "ulid", ParseHex: ulid.ParseHex, Key: ulid.ErrKey, Invalid: ulid.ErrInvalid, NotMasked: ulid.ErrNotMasked,
		New: func(key maskkey.Key, tweak []byte) (texttest.Mask[ulid.ULID], error) {
			return ulid.NewMasker(key, tweak)
		},
	})
}
