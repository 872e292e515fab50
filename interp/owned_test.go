package interp_test

import (
	"bytes"
	"errors"
	"math/big"
	"testing"
	"time"

	"github.com/idforge/idforge/interp"
	"github.com/idforge/idforge/layouts"
)

// A generator keeps its own copy of the layout and of a fixed value: what
// the caller changes afterwards does not reach it.
func TestGeneratorOwnsItsInputs(t *testing.T) {
	clock := func() time.Time { return time.UnixMilli(1645557742000) }
	mine := layout(t, "snowflake")
	node := big.NewInt(7)
	g, err := interp.NewGenerator(mine, interp.WithClock(clock), interp.WithFixed(layouts.Node, node))
	if err != nil {
		t.Fatal(err)
	}
	// The caller reuses its layout and its big.Int for something else.
	mine.Name, mine.Bits = "changed", 8
	for i := range mine.Parts {
		mine.Parts[i].Role, mine.Parts[i].Width = layouts.Const, 1
	}
	for i := range mine.Values {
		mine.Values[i].Epoch = time.Unix(0, 0)
		mine.Values[i].Parts[0] = 0
	}
	node.SetInt64(1 << 40)

	id, err := g.Next()
	if err != nil {
		t.Fatal(err)
	}
	want := layout(t, "snowflake")
	v, err := interp.Unpack(want, id)
	if err != nil {
		t.Fatalf("%x does not read as a snowflake: %v", id, err)
	}
	if v["node"].Int64() != 7 {
		t.Errorf("node %v, want 7", v["node"])
	}
	if tm, err := interp.Time(want, id); err != nil || !tm.Equal(clock()) {
		t.Errorf("time %v, %v; want %v", tm, err, clock())
	}
	// The same ID a generator of an untouched layout makes.
	g2, err := interp.NewGenerator(want, interp.WithClock(clock), interp.WithFixed(layouts.Node, big.NewInt(7)))
	if err != nil {
		t.Fatal(err)
	}
	if id2, _ := g2.Next(); !bytes.Equal(id, id2) {
		t.Errorf("%x, want %x", id, id2)
	}
}

// WithFixed with no value is an error, not a panic.
func TestWithFixedNil(t *testing.T) {
	if _, err := interp.NewGenerator(layout(t, "snowflake"), interp.WithFixed(layouts.Node, nil)); !errors.Is(err, interp.ErrRange) {
		t.Errorf("err = %v, want ErrRange", err)
	}
}
