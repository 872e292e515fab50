package golang_test

import (
	"crypto/sha256"
	"testing"

	"github.com/idforge/idforge/explain"
	"github.com/idforge/idforge/fuzz"
	"github.com/idforge/idforge/gen/golang"
	"github.com/idforge/idforge/layouts"
	"github.com/idforge/idforge/resolved"
)

// Canonical names, for a user's layout, the default text form of the package
// idforge gen makes for it (explain does not import the emitters, whose
// code generators would otherwise be linked into the playground's page
// module, so this test holds the two together here): decimal for a 64-bit
// layout without a text line, whose package is then an int64, as explain
// writes decimal.
func TestCanonicalIsGenDefault(t *testing.T) {
	t.Parallel()
	for i := range 40 {
		seed := sha256.Sum256([]byte{byte(i)})
		l, err := layouts.Parse("random.layout", []byte(fuzz.RandomSpec(seed[:])))
		if err != nil {
			t.Fatal(err)
		}
		want := golang.Single(resolved.Must(l), "x", "ID").Text
		if got := explain.Canonical(l); got != want {
			t.Errorf("layout %d (%d bits, UUID %v): Canonical is %s, gen's default %s", i, l.Bits, l.IsUUID(), got, want)
		}
		if p := golang.Single(resolved.Must(l), "x", "ID"); p.Int64 != (want == "decimal") {
			t.Errorf("layout %d (%d bits, text %s): Single's package is an int64: %v", i, l.Bits, want, p.Int64)
		}
	}
}
