package typeid_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/idforge/idforge/typeid"
	"github.com/idforge/idforge/uuid"
)

// FuzzParse: Parse never panics and agrees with the oracle on any text; what
// it accepts it writes back unchanged (one text per TypeID), and the text
// forms agree.
func FuzzParse(f *testing.F) {
	for _, v := range specValid {
		f.Add(v.typeid)
	}
	for _, v := range specInvalid {
		f.Add(v.typeid)
	}
	f.Fuzz(func(t *testing.T, s string) {
		checkParse(t, s)
		id, err := typeid.Parse(s)
		if err != nil {
			return
		}
		b, _ := id.MarshalText()
		j, _ := json.Marshal(id)
		if string(b) != s || string(j) != `"`+s+`"` {
			t.Fatalf("Parse(%q) marshals as %q and %s", s, b, j)
		}
		again, err := typeid.FromUUID(id.Prefix(), id.UUID())
		if err != nil || again != id || again.String() != s {
			t.Fatalf("FromUUID(%q, %v) = %q, %v; want %q", id.Prefix(), id.UUID(), again, err, s)
		}
	})
}

// FuzzRoundTrip: any valid prefix and any UUID make a TypeID whose text is
// the oracle's and which Parse, UnmarshalText and UnmarshalJSON give back;
// an invalid prefix is ErrPrefix.
func FuzzRoundTrip(f *testing.F) {
	for _, v := range specValid {
		u := uuid.MustParse(v.uuid)
		f.Add(v.prefix, u[:])
	}
	f.Add("User", make([]byte, 16))
	f.Fuzz(func(t *testing.T, prefix string, b []byte) {
		u, err := uuid.FromBytes(b)
		if err != nil {
			return
		}
		checkFromUUID(t, prefix, u)
		id, err := typeid.FromUUID(prefix, u)
		if err != nil {
			return
		}
		var fromText, fromJSON typeid.TypeID
		text, _ := id.MarshalText()
		j, _ := json.Marshal(id)
		if err := fromText.UnmarshalText(text); err != nil || fromText != id {
			t.Fatalf("UnmarshalText(%q) = %q, %v", text, fromText, err)
		}
		if err := json.Unmarshal(j, &fromJSON); err != nil || fromJSON != id {
			t.Fatalf("json.Unmarshal(%s) = %q, %v", j, fromJSON, err)
		}
	})
}

// FuzzOrder: TypeIDs with one prefix sort as text as their UUIDs do, and
// TypeIDs with any prefixes sort as text as Compare orders them.
func FuzzOrder(f *testing.F) {
	lo, hi := uuid.MustParse("017f22e2-79b0-7cc3-98c4-dc0c0c07398f"), uuid.MustParse("017f22e2-79b0-7cc3-98c4-dc0c0c073990")
	f.Add("user", "user", lo[:], hi[:])
	f.Add("a", "a_b", hi[:], lo[:])
	f.Add("", "a", hi[:], lo[:])
	f.Add("ab", "a__b", lo[:], lo[:])
	f.Fuzz(func(t *testing.T, pa, pb string, a, b []byte) {
		ua, errA := uuid.FromBytes(a)
		ub, errB := uuid.FromBytes(b)
		if errA != nil || errB != nil {
			return
		}
		sign := func(c int) int { return min(max(c, -1), 1) }
		if x, err := typeid.FromUUID(pa, ua); err == nil {
			y, _ := typeid.FromUUID(pa, ub)
			if got, want := strings.Compare(x.String(), y.String()), ua.Compare(ub); got != want || x.Compare(y) != want {
				t.Fatalf("%q vs %q: text order %d, Compare %d; UUID order %d", x, y, got, x.Compare(y), want)
			}
		}
		x, errX := typeid.FromUUID(pa, ua)
		y, errY := typeid.FromUUID(pb, ub)
		if errX != nil || errY != nil {
			return
		}
		want := sign(strings.Compare(pa, pb))
		if want == 0 {
			want = ua.Compare(ub)
		}
		if got := strings.Compare(x.String(), y.String()); got != want || x.Compare(y) != want {
			t.Fatalf("%q vs %q: text order %d, Compare %d; want %d", x, y, got, x.Compare(y), want)
		}
	})
}
