package uuid_test

import (
	"encoding/json"
	"errors"
	"testing"

	"github.com/idforge/idforge/uuid"
)

// FuzzDecoders feeds arbitrary input to UnmarshalText, UnmarshalBinary,
// UnmarshalJSON and Scan: none panics; an error matches a sentinel and
// leaves the UUID as it was; what they accept is what Parse (or, for 16
// raw bytes, the bytes themselves) says.
func FuzzDecoders(f *testing.F) {
	for _, s := range []string{
		"", "\x00", "null", `"017f22e2-79b0-7cc3-98c4-dc0c0c07398f"`, "017F22E2-79B0-7CC3-98C4-DC0C0C07398F",
		"{017f22e2-79b0-7cc3-98c4-dc0c0c07398f}", "{junk}", "x017f22e2-79b0-7cc3-98c4-dc0c0c07398fy",
		"urn:uuid:017f22e2-79b0-7cc3-98c4-dc0c0c07398f", "0123456789abcdef", " 017f22e2-79b0-7cc3-98c4-dc0c0c07398f",
		`"\u0030"`, "é", "017f22e279b07cc398c4dc0c0c07398f",
	} {
		f.Add([]byte(s))
	}
	sentinel := func(err error) bool {
		for _, e := range []error{uuid.ErrLength, uuid.ErrSyntax, uuid.ErrOverflow, uuid.ErrNull, uuid.ErrType} {
			if errors.Is(err, e) {
				return true
			}
		}
		return false
	}
	marker := uuid.MustParse("6ba7b810-9dad-11d1-80b4-00c04fd430c8")
	f.Fuzz(func(t *testing.T, b []byte) {
		parsed, perr := uuid.Parse(string(b))

		u := marker
		if err := u.UnmarshalText(b); err != nil {
			if !sentinel(err) || u != marker {
				t.Fatalf("UnmarshalText(%q): %v, left %v", b, err, u)
			}
		} else if perr != nil || u != parsed {
			t.Fatalf("UnmarshalText(%q) = %v, but Parse says %v, %v", b, u, parsed, perr)
		}

		u = marker
		if err := u.UnmarshalBinary(b); err != nil {
			if !sentinel(err) || u != marker || len(b) == 16 {
				t.Fatalf("UnmarshalBinary(%x): %v, left %v", b, err, u)
			}
		} else if len(b) != 16 || u != uuid.UUID(b) {
			t.Fatalf("UnmarshalBinary(%x) = %v", b, u)
		}

		u = marker
		if err := u.UnmarshalJSON(b); err != nil {
			if u != marker {
				t.Fatalf("UnmarshalJSON(%q): %v, changed the UUID to %v", b, err, u)
			}
		} else {
			var s *string
			if jerr := json.Unmarshal(b, &s); jerr != nil {
				t.Fatalf("UnmarshalJSON accepted %q, which is not JSON", b)
			}
			if s == nil {
				if u != marker {
					t.Fatalf("UnmarshalJSON(null) changed the UUID")
				}
			} else if p, err := uuid.Parse(*s); err != nil || p != u {
				t.Fatalf("UnmarshalJSON(%q) = %v, but Parse(%q) = %v, %v", b, u, *s, p, err)
			}
		}

		for _, src := range []any{string(b), b} {
			u = marker
			if err := u.Scan(src); err != nil {
				if !sentinel(err) || u != marker {
					t.Fatalf("Scan(%T %q): %v, left %v", src, b, err, u)
				}
				continue
			}
			if raw, ok := src.([]byte); ok && len(raw) == 16 {
				if u != uuid.UUID(raw) {
					t.Fatalf("Scan(16 bytes %x) = %v", raw, u)
				}
			} else if perr != nil || u != parsed {
				t.Fatalf("Scan(%T %q) = %v, but Parse says %v, %v", src, b, u, parsed, perr)
			}
		}
	})
}
