//go:build go1.27

package bench

import (
	"bytes"
	"slices"
	"strings"
	"testing"
	stduuid "uuid"

	"github.com/idforge/idforge/layouts"
	"github.com/idforge/idforge/verify"
)

// TestVerifyStdlib runs idforge verify's checks (package verify) on the
// standard library's uuid.NewV7 and uuid.NewV4 (Go 1.27): they must pass,
// NewV7 showing a sub-millisecond fraction in rand_a (RFC 9562 §6.2
// method 3, layout uuidv7-subms) or, read as uuidv7, a finer clock. The
// IDs come from the standard library's own randomness: the randomness
// checks' false-positive rate is 1e-6 a run, as each report says. CI runs
// it with GOTOOLCHAIN=go1.27.4.
func TestVerifyStdlib(t *testing.T) {
	const n = 100_000
	linesOf := func(next func() stduuid.UUID) string {
		var b strings.Builder
		for range n {
			b.WriteString(next().String())
			b.WriteByte('\n')
		}
		return b.String()
	}
	for _, c := range []struct {
		name, layout string
		next         func() stduuid.UUID
		methods      []verify.Method
	}{
		{"NewV7 as uuidv7-subms", "uuidv7-subms", stduuid.NewV7, []verify.Method{verify.MethodCounter, verify.MethodMonotonicRandom, verify.MethodOnePerTick}},
		{"NewV7 as uuidv7", "uuidv7", stduuid.NewV7, []verify.Method{verify.MethodClock, verify.MethodCounter, verify.MethodOnePerTick}},
		{"NewV4", "uuidv4", stduuid.NewV4, nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			l, err := layouts.Builtin(c.layout)
			if err != nil {
				t.Fatal(err)
			}
			r, err := verify.Run(l, strings.NewReader(linesOf(c.next)), verify.Options{})
			if err != nil {
				t.Fatal(err)
			}
			var b bytes.Buffer
			r.WriteText(&b)
			if r.Failed || r.IDs != n {
				t.Errorf("verify fails the IDs:\n%s", b.String())
			}
			if c.methods != nil && !slices.Contains(c.methods, r.Method) {
				t.Errorf("method %q, want one of %q:\n%s", r.Method, c.methods, b.String())
			}
			t.Logf("\n%s", b.String())
		})
	}
}
