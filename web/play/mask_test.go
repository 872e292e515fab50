package play

import (
	"encoding/hex"
	"strings"
	"testing"

	"github.com/idforge/idforge/layouts"
	"github.com/idforge/idforge/mask"
)

func TestMask(t *testing.T) {
	key := "000102030405060708090a0b0c0d0e0f"
	got := Mask("017F22E2-79B0-7CC3-98C4-DC0C0C07398F", "", key, "")
	if got.Error != "" || got.Layout != "uuidv7" {
		t.Fatalf("Mask = %+v", got)
	}
	l, _ := layouts.Builtin("uuidv7")
	k, _ := hex.DecodeString(key)
	m, _ := mask.New(l, k, nil)
	id, _ := hex.DecodeString("017f22e279b07cc398c4dc0c0c07398f")
	want, _ := m.Mask(id)
	if got.Hex != hex.EncodeToString(want) || strings.ReplaceAll(got.Public, "-", "") != got.Hex {
		t.Errorf("Mask = %+v, want hex %x", got, want)
	}
	for _, bad := range []string{"", "00", "zz" + key, key[:30]} {
		if r := Mask("017F22E2-79B0-7CC3-98C4-DC0C0C07398F", "", bad, ""); r.Error == "" || (bad != "" && strings.Contains(r.Error, bad)) {
			t.Errorf("key %q: %+v", bad, r)
		}
	}
	if r := Mask("not an ID", "", key, ""); r.Error == "" {
		t.Errorf("not an ID: %+v", r)
	}
}
