package snowflake_test

import (
	"errors"
	"testing"

	"github.com/idforge/idforge/internal/texttest"
	"github.com/idforge/idforge/maskkey"
	"github.com/idforge/idforge/snowflake"
)

func TestMaskCorpus(t *testing.T) {
	texttest.Masks(t, texttest.Masker[snowflake.ID]{
		Layout: "snowflake", ParseHex: snowflake.ParseHex, Key: snowflake.ErrKey, Invalid: snowflake.ErrInvalid, NotMasked: snowflake.ErrNotMasked,
		New: func(key maskkey.Key, tweak []byte) (texttest.Mask[snowflake.ID], error) {
			return snowflake.NewMasker(key, tweak)
		},
	})
}

// A public Snowflake is a non-negative ID again; a negative one is no
// public form; a zero Masker fails rather than panic.
func TestMaskShape(t *testing.T) {
	m, err := snowflake.NewMasker(texttest.MaskKey(t), nil)
	if err != nil {
		t.Fatal(err)
	}
	for id := snowflake.ID(0); id < 1000; id++ {
		pub, err := m.Mask(id << 22)
		if err != nil || pub < 0 {
			t.Fatalf("Mask(%d) = %d, %v", id<<22, pub, err)
		}
	}
	if _, err := m.Unmask(-1); !errors.Is(err, snowflake.ErrNotMasked) {
		t.Errorf("Unmask(-1): %v, want ErrNotMasked", err)
	}
	// A negative ID is no Snowflake: its public form would unmask to
	// 2^63-5.
	if got, err := m.Mask(-5); !errors.Is(err, snowflake.ErrInvalid) {
		t.Errorf("Mask(-5) = %d, %v; want ErrInvalid", got, err)
	}
	var zero snowflake.Masker
	if _, err := zero.Mask(1); !errors.Is(err, snowflake.ErrKey) {
		t.Errorf("a zero Masker's Mask: %v, want ErrKey", err)
	}
	var none *snowflake.Masker
	if _, err := none.Unmask(1); !errors.Is(err, snowflake.ErrKey) {
		t.Errorf("a nil Masker's Unmask: %v, want ErrKey", err)
	}
}
