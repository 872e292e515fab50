package ksuid_test

import (
	"testing"

	"github.com/idforge/idforge/internal/texttest"
	"github.com/idforge/idforge/ksuid"
)

func TestMaskCorpus(t *testing.T) {
	texttest.Masks(t, texttest.Masker[ksuid.KSUID]{
		Layout: "ksuid", ParseHex: ksuid.ParseHex, Key: ksuid.ErrKey,
		New: func(key, tweak []byte) (texttest.Mask[ksuid.KSUID], error) { return ksuid.NewMasker(key, tweak) },
	})
}
