package explain_test

import (
	"testing"

	"github.com/idforge/idforge/explain"
	"github.com/idforge/idforge/layouts"
)

// The canonical text of a layout, a user's or a built-in, is the form its
// spec declares, and without one a UUID's dashed hex, a 64-bit ID's decimal
// and Base62 for any other: one rule for every language.
func TestCanonical(t *testing.T) {
	for _, c := range []struct{ spec, want string }{
		{"layout a 64\n  r 64 random\n", "decimal"},
		{"layout a 96\n  r 96 random bytes\n", "base62"},
		{"layout a 64\n  r 64 random\n  text crockford\n", "crockford"},
		{"layout a 64\n  r 64 random\n  text hex\n", "hex"},
	} {
		l, err := layouts.Parse("a.layout", []byte(c.spec))
		if err != nil {
			t.Fatal(err)
		}
		if got := explain.Canonical(l); got != c.want {
			t.Errorf("%q: Canonical %q, want %q", c.spec, got, c.want)
		}
	}
	for name, want := range map[string]string{"ulid": "crockford", "objectid": "hex", "ksuid": "base62", "snowflake": "decimal", "discord": "decimal", "tsid": "crockford", "uuidv7": "uuid"} {
		l, err := explain.Builtin(name)
		if err != nil {
			t.Fatal(err)
		}
		if got := explain.Canonical(l); got != want {
			t.Errorf("built-in %s: Canonical %q, want %q", name, got, want)
		}
	}
}
