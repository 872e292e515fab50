package oracle

import (
	"bytes"
	"math/rand/v2"
	"testing"

	"github.com/idforge/idforge/fuzz"
	"github.com/idforge/idforge/interp"
	"github.com/idforge/idforge/layouts"
)

// CheckPack packs random field values with the generated pack (through
// fields, a pointer to a zero fields struct it may reuse) and checks the
// bytes against the interpreter's, then reads the fields back with unpack.
func CheckPack(t *testing.T, l *layouts.Layout, n int, fields any, pack func() ([]byte, error), unpack func([]byte) any) {
	t.Helper()
	rng := rand.New(rand.NewPCG(uint64(len(l.Name)), 7))
	for range n {
		v := RandomValues(l, rng)
		want, err := interp.Pack(l, v)
		if err != nil {
			t.Fatal(err)
		}
		if err := fuzz.ToFields(l, v, fields); err != nil {
			t.Fatal(err)
		}
		got, err := pack()
		if err != nil {
			t.Fatalf("%s: pack %v: %v", l.Name, v, err)
		}
		if !bytes.Equal(got, want) {
			t.Fatalf("%s: pack %v = %X, interpreter %X", l.Name, v, got, want)
		}
		if back := fuzz.FromFields(l, unpack(got)); !Equal(back, v) {
			t.Fatalf("%s: unpack %X = %v, want %v", l.Name, got, back, v)
		}
	}
}

// CheckGenerate makes n IDs with next and with the interpreter's generator
// (made by newInterp) and checks they are the same bytes, and that they
// increase when the layout is monotonic.
func CheckGenerate(t *testing.T, l *layouts.Layout, n int, next func() ([]byte, error), ig *interp.Generator) {
	t.Helper()
	var prev []byte
	for i := range n {
		got, err := next()
		if err != nil {
			t.Fatalf("%s: ID %d: %v", l.Name, i, err)
		}
		want, err := ig.Next()
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			t.Fatalf("%s: ID %d: generated %X, interpreter %X", l.Name, i, got, want)
		}
		if l.Monotonic() && l.TimeSortable() && prev != nil && bytes.Compare(got, prev) <= 0 {
			t.Fatalf("%s: ID %d %X is not above %X", l.Name, i, got, prev)
		}
		prev = got
	}
}
