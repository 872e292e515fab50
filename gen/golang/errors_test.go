package golang_test

import (
	"regexp"
	"testing"

	"github.com/idforge/idforge/gen/golang"
	"github.com/idforge/idforge/layouts"
	"github.com/idforge/idforge/resolved"
)

// A package declares the errors its generators can return, and no other:
// ErrClockBackwards and ErrClockStalled only where a counter waits for the
// clock (a generator that borrows ticks, or takes one per ID, stays on its
// last tick however far the clock goes back, so uuid and ulid once
// documented an ErrClockBackwards that nothing returned), and ErrEntropy
// only where a generator reads random bits.
func TestErrorsOnlyWhereTheyOccur(t *testing.T) {
	t.Parallel()
	declared := func(src []byte, name string) bool {
		return regexp.MustCompile(`(?m)^\s*` + name + ` += `).Match(src)
	}
	for _, c := range []struct {
		spec               string
		backwards, entropy bool
	}{
		{"layout x 128\n  t 48 time unix ms\n  c 16 counter seeded borrow\n  r 64 random\n", false, true},
		{"layout x 64\n  t 52 time unix ms\n  c 12 counter zero borrow\n", false, false},
		{"layout x 64\n  t 42 time unix ms\n  n 10 node\n  c 12 counter zero wait\n", true, false},
		{"layout x 160\n  t 32 time unix s\n  c 64 counter seeded wait\n  r 64 random\n", true, true},
		{"layout x 128\n  t 60 time unix 100ns\n  s 20 clockseq\n  n 48 node mac\n", false, true},
		{"layout x 128\n  r 128 random bytes\n", false, true},
	} {
		l, err := layouts.Parse("x.layout", []byte(c.spec))
		if err != nil {
			t.Fatalf("%s: %v", c.spec, err)
		}
		src, err := golang.Generate(golang.Single(resolved.Must(l), "x", "ID"))
		if err != nil {
			t.Fatalf("%s: %v", c.spec, err)
		}
		if got := declared(src, "ErrClockBackwards"); got != c.backwards {
			t.Errorf("%s: ErrClockBackwards declared %v, want %v", c.spec, got, c.backwards)
		}
		if got := declared(src, "ErrClockStalled"); got != c.backwards {
			t.Errorf("%s: ErrClockStalled declared %v, want %v", c.spec, got, c.backwards)
		}
		if got := declared(src, "ErrEntropy"); got != c.entropy {
			t.Errorf("%s: ErrEntropy declared %v, want %v", c.spec, got, c.entropy)
		}
	}
}
