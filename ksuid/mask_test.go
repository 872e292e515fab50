package ksuid_test

import (
	"testing"

	"github.com/idforge/idforge/internal/texttest"
	"github.com/idforge/idforge/ksuid"
	"github.com/idforge/idforge/maskkey"
)

func TestMaskCorpus(t *testing.T) {
	texttest.Masks(t, texttest.Masker[ksuid.KSUID]{
		Layout: "ksuid", ParseHex: ksuid.ParseHex, Key: ksuid.ErrKey, Invalid: ksuid.ErrInvalid, NotMasked: ksuid.ErrNotMasked,
		New: func(key maskkey.Key, tweak []byte) (texttest.Mask[ksuid.KSUID], error) {
			return ksuid.NewMasker(key, tweak)
		},
	})
}
