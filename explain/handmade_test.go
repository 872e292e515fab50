package explain_test

import (
	"errors"
	"testing"
	"time"

	"github.com/idforge/idforge/explain"
	"github.com/idforge/idforge/layouts"
)

// TestHandMadeLayouts holds explain to reading a layout made by hand that
// layouts.Parse would have refused, which does not resolve (a text naming
// no encoding, a time without a unit), as it reads any layout: no panic,
// errors where the layout cannot serve, and its own text form named.
func TestHandMadeLayouts(t *testing.T) {
	b, err := explain.Builtin("uuidv7")
	if err != nil {
		t.Fatal(err)
	}
	text := *b
	text.Text = "nosuch"
	clock := *b
	clock.Values = append([]layouts.Value(nil), b.Values...)
	for i := range clock.Values {
		if clock.Values[i].Role == layouts.Time {
			clock.Values[i].Unit = layouts.Unit{}
		}
	}
	for _, l := range []*layouts.Layout{&text, &clock} {
		explain.Read("0190a5f6-7b2c-7d3e-8f4a-5b6c7d8e9f01", explain.ReadOptions{Layout: l})
		explain.Readings("0190a5f6-7b2c-7d3e-8f4a-5b6c7d8e9f01", explain.ReadOptions{Layout: l})
		explain.Formatter(l, "canonical")
		explain.CheckFrom("hex", l)
		explain.At(l, time.Now(), 1)
		explain.Bounds(l, time.Now())
		explain.SameBits(l, b)
		explain.Headline(l)
	}
	if got := explain.Canonical(&text); got != "nosuch" {
		t.Errorf("Canonical = %q, want the text the layout names, nosuch", got)
	}
	if _, err := explain.Formatter(&text, "canonical"); !errors.Is(err, explain.ErrEncoding) {
		t.Errorf("Formatter(canonical) = %v, want ErrEncoding", err)
	}
	if forms := explain.FormsOf(&text); len(forms) == 0 || forms[0] != "nosuch" {
		t.Errorf("FormsOf = %v, want nosuch first", forms)
	}
	if _, _, ok := explain.TimeRange(&clock); ok {
		t.Error("TimeRange of a time without a unit: ok")
	}
}
