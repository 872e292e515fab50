package uuid_test

import (
	"testing"

	gofrs "github.com/gofrs/uuid/v5"
	guuid "github.com/google/uuid"

	"github.com/idforge/idforge/uuid"
)

// Variant reads the top bits of octet 8 as RFC 9562 table 1 does, and as
// both peers do, for every value of the octet.
func TestVariant(t *testing.T) {
	google := map[guuid.Variant]uuid.Variant{
		guuid.Reserved: uuid.VariantNCS, guuid.RFC4122: uuid.VariantRFC9562,
		guuid.Microsoft: uuid.VariantMicrosoft, guuid.Future: uuid.VariantFuture,
	}
	for b := range 256 {
		var u uuid.UUID
		u[8] = byte(b)
		got := u.Variant()
		if want := uuid.Variant(gofrs.UUID(u).Variant()); got != want {
			t.Errorf("octet 8 = %#02x: Variant() = %v, gofrs says %v", b, got, want)
		}
		if want := google[guuid.UUID(u).Variant()]; got != want {
			t.Errorf("octet 8 = %#02x: Variant() = %v, google/uuid says %v", b, got, want)
		}
	}
	for _, tc := range []struct {
		u    uuid.UUID
		want uuid.Variant
	}{
		{uuid.Nil(), uuid.VariantNCS},
		{uuid.Max(), uuid.VariantFuture},
		{uuid.NewV4(), uuid.VariantRFC9562},
		{uuid.NewV7(), uuid.VariantRFC9562},
		{uuid.NewV5(uuid.NamespaceDNS(), "www.example.com"), uuid.VariantRFC9562},
		{uuid.MustParse("C232AB00-9414-11EC-B3C8-9F6BDECED846"), uuid.VariantRFC9562},
	} {
		if got := tc.u.Variant(); got != tc.want {
			t.Errorf("%v.Variant() = %v, want %v", tc.u, got, tc.want)
		}
	}
	for v, want := range map[uuid.Variant]string{
		uuid.VariantNCS: "NCS", uuid.VariantRFC9562: "RFC 9562", uuid.VariantMicrosoft: "Microsoft",
		uuid.VariantFuture: "Future", uuid.Variant(9): "Variant(9)",
	} {
		if got := v.String(); got != want {
			t.Errorf("Variant(%d).String() = %q, want %q", int(v), got, want)
		}
	}
}

func TestIsZero(t *testing.T) {
	if !uuid.Nil().IsZero() || !(uuid.UUID{}).IsZero() {
		t.Error("Nil is not zero")
	}
	for i := range uuid.Size {
		var u uuid.UUID
		u[i] = 1
		if u.IsZero() {
			t.Errorf("%v is zero", u)
		}
		if u.IsZero() != gofrs.UUID(u).IsZero() {
			t.Errorf("%v: IsZero differs from gofrs", u)
		}
	}
	if uuid.Max().IsZero() || uuid.NewV4().IsZero() {
		t.Error("Max or a v4 is zero")
	}
}

// Valid is true exactly for the RFC 9562 variant with a version this
// package makes (1, 3 to 8), checked on every version and variant octet.
func TestValid(t *testing.T) {
	u := uuid.NewV4()
	for version := range 16 {
		for b := range 256 {
			u[6] = byte(version<<4) | u[6]&0x0f
			u[8] = byte(b)
			want := u.Variant() == uuid.VariantRFC9562 && version >= 1 && version <= 8 && version != 2
			if got := u.Valid(); got != want {
				t.Fatalf("version %d, octet 8 = %#02x: Valid() = %v", version, b, got)
			}
		}
	}
	if uuid.Nil().Valid() || uuid.Max().Valid() {
		t.Error("Nil or Max is Valid")
	}
}
