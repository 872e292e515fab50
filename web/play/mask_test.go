package play

import (
	"encoding/hex"
	"strings"
	"testing"

	"github.com/idforge/idforge/layouts"
	"github.com/idforge/idforge/mask"
	"github.com/idforge/idforge/maskkey"
)

func TestMask(t *testing.T) {
	key := "000102030405060708090a0b0c0d0e0f"
	got := Mask("017F22E2-79B0-7CC3-98C4-DC0C0C07398F", "", key, "", "")
	if got.Error != "" || got.Layout != "uuidv7" {
		t.Fatalf("Mask = %+v", got)
	}
	l, _ := layouts.Builtin("uuidv7")
	k, _ := maskkey.Parse(key)
	m, _ := mask.New(l, k, nil)
	id, _ := hex.DecodeString("017f22e279b07cc398c4dc0c0c07398f")
	want, _ := m.Mask(id)
	if got.Hex != hex.EncodeToString(want) || strings.ReplaceAll(got.Public, "-", "") != got.Hex {
		t.Errorf("Mask = %+v, want hex %x", got, want)
	}
	for _, bad := range []string{"", "00", "zz" + key, key[:30], strings.Repeat("0", 32)} {
		if r := Mask("017F22E2-79B0-7CC3-98C4-DC0C0C07398F", "", bad, "", ""); r.Error == "" || (bad != "" && strings.Contains(r.Error, bad)) {
			t.Errorf("key %q: %+v", bad, r)
		}
	}
	if r := Mask("not an ID", "", key, "", ""); r.Error == "" {
		t.Errorf("not an ID: %+v", r)
	}
}

// Mask reads as idforge mask does (explain.Read): a text that reads as
// several IDs, each of which masks to another public form, is refused
// with the readings named; a spec or an encoding picks one.
func TestMaskAmbiguous(t *testing.T) {
	key := "000102030405060708090a0b0c0d0e0f"
	r := Mask("175928847299117063", "", key, "", "")
	if r.Public != "" || !strings.Contains(r.Error, "reads as") || !strings.Contains(r.Error, "decimal as discord") || !strings.Contains(r.Error, "spec") {
		t.Errorf("a decimal Snowflake-style ID without a spec: %+v", r)
	}
	spec, _ := layouts.BuiltinSpec("discord")
	if r := Mask("175928847299117063", string(spec), key, "", ""); r.Error != "" || r.Layout != "discord" {
		t.Errorf("with discord's spec: %+v", r)
	}
	// RFC 9562's UUIDv7 in Base58, which Base62 reads as a UUIDv3.
	if r := Mask("1BihbxwwQ4NZZpKRH9JDCz", "", key, "", ""); r.Error == "" {
		t.Errorf("Base58 text that Base62 reads as another UUID: %+v", r)
	}
	want := Mask("017F22E2-79B0-7CC3-98C4-DC0C0C07398F", "", key, "", "")
	if r := Mask("1BihbxwwQ4NZZpKRH9JDCz", "", key, "", "base58"); r.Error != "" || r.Layout != "uuidv7" || r.Hex != want.Hex {
		t.Errorf("from base58: %+v, want %+v", r, want)
	}
	if r := Mask("1BihbxwwQ4NZZpKRH9JDCz", "", key, "", "base64"); !strings.Contains(r.Error, "unknown encoding") {
		t.Errorf("from base64: %+v", r)
	}
}
