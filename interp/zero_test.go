package interp_test

import (
	"errors"
	"math/big"
	"testing"
	"time"

	"github.com/idforge/idforge/interp"
	"github.com/idforge/idforge/layouts"
)

// TestNilLayout checks that every function that takes a layout refuses a
// nil one with ErrNoLayout rather than panic.
func TestNilLayout(t *testing.T) {
	now := time.Now()
	for name, call := range map[string]func() error{
		"Pack":   func() error { _, err := interp.Pack(nil, interp.Values{}); return err },
		"Unpack": func() error { _, err := interp.Unpack(nil, make([]byte, 16)); return err },
		"Role":   func() error { _, err := interp.Role(nil, make([]byte, 16), layouts.Time); return err },
		"Time":   func() error { _, err := interp.Time(nil, make([]byte, 16)); return err },
		"MinAt":  func() error { _, err := interp.MinAt(nil, now); return err },
		"MaxAt":  func() error { _, err := interp.MaxAt(nil, now); return err },
		"Hash":   func() error { _, err := interp.Hash(nil, []byte("x")); return err },
		"NewGenerator": func() error {
			g, err := interp.NewGenerator(nil)
			if g != nil {
				t.Errorf("NewGenerator(nil) returned a generator")
			}
			return err
		},
	} {
		if err := call(); !errors.Is(err, interp.ErrNoLayout) {
			t.Errorf("%s with a nil layout: %v, want ErrNoLayout", name, err)
		}
	}
}

// TestZeroGenerator checks that a Generator NewGenerator did not make
// refuses to make IDs rather than panic.
func TestZeroGenerator(t *testing.T) {
	for name, g := range map[string]*interp.Generator{"zero": new(interp.Generator), "nil": nil} {
		if id, err := g.Next(); !errors.Is(err, interp.ErrNoLayout) || id != nil {
			t.Errorf("%s Generator: Next() = %x, %v; want ErrNoLayout", name, id, err)
		}
	}
}

// TestNilOptions checks that nil options, and options given nil, mean the
// defaults.
func TestNilOptions(t *testing.T) {
	l := layout(t, "uuidv7")
	g, err := interp.NewGenerator(l, nil, interp.WithClock(nil), interp.WithRand(nil), interp.WithSleep(nil))
	if err != nil {
		t.Fatal(err)
	}
	before := time.Now().Add(-time.Second)
	id, err := g.Next()
	if err != nil {
		t.Fatal(err)
	}
	at, err := interp.Time(l, id)
	if err != nil {
		t.Fatal(err)
	}
	if at.Before(before) || at.After(time.Now().Add(time.Second)) {
		t.Errorf("the ID's time %v is not the system clock's", at)
	}
}

// TestNilValue checks that Pack takes a nil value for a field as a
// missing one.
func TestNilValue(t *testing.T) {
	l := layout(t, "uuidv4")
	v := interp.Values{"random_a": big.NewInt(0), "random_b": nil, "random_c": big.NewInt(0)}
	for _, f := range l.Fields {
		if _, ok := v[f.Name]; !ok {
			t.Fatalf("the test's values miss field %s of uuidv4", f.Name)
		}
	}
	if _, err := interp.Pack(l, v); !errors.Is(err, interp.ErrMissing) {
		t.Errorf("Pack with a nil value: %v, want ErrMissing", err)
	}
}

// TestNoTimeValue checks Ticks and TicksTime with what is not a time
// value: nil, as Layout.Value returns for a layout without a time, and a
// value with no unit.
func TestNoTimeValue(t *testing.T) {
	for name, v := range map[string]*layouts.Value{"nil": nil, "zero": {}, "no den": {Unit: layouts.Unit{Num: 1}}} {
		if _, err := interp.Ticks(v, time.Now()); !errors.Is(err, interp.ErrNoRole) {
			t.Errorf("Ticks(%s value): %v, want ErrNoRole", name, err)
		}
		if got := interp.TicksTime(v, big.NewInt(1)); !got.IsZero() {
			t.Errorf("TicksTime(%s value) = %v, want the zero Time", name, got)
		}
	}
	v, _ := layout(t, "uuidv7").Value(layouts.Time)
	if got := interp.TicksTime(v, nil); !got.IsZero() {
		t.Errorf("TicksTime(v, nil) = %v, want the zero Time", got)
	}
	l := &layouts.Layout{Name: "bare", Bits: 8, Values: []layouts.Value{{Role: layouts.Time, Width: 8}}}
	if _, err := interp.MinAt(l, time.Now()); !errors.Is(err, interp.ErrNoRole) {
		t.Errorf("MinAt of a time with no unit: %v, want ErrNoRole", err)
	}
	if _, err := interp.MaxAt(l, time.Now()); !errors.Is(err, interp.ErrNoRole) {
		t.Errorf("MaxAt of a time with no unit: %v, want ErrNoRole", err)
	}
}
