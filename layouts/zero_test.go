package layouts_test

import (
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/idforge/idforge/layouts"
)

// TestNilLayout calls every method of Layout on a nil *Layout and on the
// zero Layout: none may panic, and a nil *Layout answers as the zero Layout
// does (Clone aside, which copies nil as nil).
func TestNilLayout(t *testing.T) {
	methods := map[string]func(l *layouts.Layout) any{
		"Bytes":          func(l *layouts.Layout) any { return l.Bytes() },
		"Value":          func(l *layouts.Layout) any { v, ok := l.Value(layouts.Time); return fmt.Sprint(v, ok) },
		"Field":          func(l *layouts.Layout) any { f, ok := l.Field("x"); return fmt.Sprint(f, ok) },
		"Warnings":       func(l *layouts.Layout) any { return l.Warnings() },
		"RepeatWarning":  func(l *layouts.Layout) any { w, ok := l.RepeatWarning(); return fmt.Sprint(w, ok) },
		"Diagram":        func(l *layouts.Layout) any { return l.Diagram() },
		"Format":         func(l *layouts.Layout) any { return l.Format() },
		"SVG":            func(l *layouts.Layout) any { return l.SVG(map[string]string{"x": "1"}) },
		"TimeSortable":   func(l *layouts.Layout) any { return l.TimeSortable() },
		"Tick":           func(l *layouts.Layout) any { d, ok := l.Tick(); return fmt.Sprint(d, ok) },
		"Overflow":       func(l *layouts.Layout) any { at, ok := l.Overflow(); return fmt.Sprint(at, ok) },
		"PerTick":        func(l *layouts.Layout) any { return l.PerTick() },
		"RandomBits":     func(l *layouts.Layout) any { return l.RandomBits() },
		"FreshBits":      func(l *layouts.Layout) any { return l.FreshBits() },
		"NeedsNode":      func(l *layouts.Layout) any { return l.NeedsNode() },
		"DrawsOnce":      func(l *layouts.Layout) any { return l.DrawsOnce() },
		"Monotonic":      func(l *layouts.Layout) any { return l.Monotonic() },
		"Duplicates":     func(l *layouts.Layout) any { a, b := l.Duplicates(1e6, 2, 3600); return fmt.Sprint(a, b) },
		"Collision":      func(l *layouts.Layout) any { return l.Collision(1e6, 2, time.Hour) },
		"FirstDuplicate": func(l *layouts.Layout) any { a, b := l.FirstDuplicate(1e6, 2); return fmt.Sprint(a, b) },
		"IsUUID":         func(l *layouts.Layout) any { return l.IsUUID() },
		"CanonicalText":  func(l *layouts.Layout) any { return l.CanonicalText() },
	}
	call := func(name string, l *layouts.Layout) (s string) {
		defer func() {
			if r := recover(); r != nil {
				t.Errorf("%s on %s: panic: %v", name, fmt.Sprintf("%#v", l), r)
			}
		}()
		return fmt.Sprint(methods[name](l))
	}
	for name := range methods {
		if got, want := call(name, nil), call(name, new(layouts.Layout)); got != want {
			t.Errorf("%s: nil *Layout answers %q, the zero Layout %q", name, got, want)
		}
	}
	var l *layouts.Layout
	if c := l.Clone(); c != nil {
		t.Errorf("Clone of a nil *Layout = %#v, want nil", c)
	}
	if c := new(layouts.Layout).Clone(); c == nil || c.Bits != 0 {
		t.Errorf("Clone of the zero Layout = %#v, want a zero Layout", c)
	}
}

// TestZeroValues checks the other exported types' zero values and nil
// pointers: they answer, and never panic.
func TestZeroValues(t *testing.T) {
	if ns, ok := (layouts.Unit{}).Nanos(); ok || ns != 0 {
		t.Errorf("Unit{}.Nanos() = %d, %v; want 0, false", ns, ok)
	}
	if s := (layouts.Unit{}).String(); s != "0/0s" {
		t.Errorf("Unit{}.String() = %q, want 0/0s", s)
	}
	if s := layouts.Role(-1).String(); s != "Role(-1)" {
		t.Errorf("Role(-1).String() = %q, want Role(-1)", s)
	}
	var f *layouts.Field
	if f.Split() {
		t.Error("a nil *Field is split")
	}
	var e *layouts.Error
	if s := e.Error(); s != "<nil>" {
		t.Errorf("(*Error)(nil).Error() = %q, want <nil>", s)
	}
	if err := e.Unwrap(); err != nil {
		t.Errorf("(*Error)(nil).Unwrap() = %v, want nil", err)
	}
	if s := (layouts.ErrorList{nil}).Error(); s != "<nil>" {
		t.Errorf("ErrorList{nil}.Error() = %q, want <nil>", s)
	}
	l, err := layouts.ReadSpec("nil.layout", nil)
	if l != nil || !errors.Is(err, layouts.ErrSyntax) {
		t.Errorf("ReadSpec with a nil reader = %v, %v; want a syntax error", l, err)
	}
}
