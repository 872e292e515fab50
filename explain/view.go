package explain

import (
	"slices"
	"sync"
	"sync/atomic"

	"github.com/idforge/idforge/layouts"
	"github.com/idforge/idforge/resolved"
)

// view returns layout l resolved (resolved.New): explain takes the model
// at its boundary (Lookup, Builtin, ReadOptions.Layout, Candidate.Model)
// and reads each layout through its resolved view, as the emitters do
// (issue 67). The layouts no one changes (the built-ins, the Nil, Max and
// raw UUIDs) are resolved once; a user's layout is resolved again unless
// it is the last one asked for, so that a long-lived caller (the
// playground) does not keep every spec it was given. A layout made by hand
// that layouts.Parse would have refused (a text naming no encoding) is
// resolved as far as it resolves (resolved.Lenient), as explain read it
// before, so that it reads as no ID rather than panics. It is nil only for
// a nil l.
func view(l *layouts.Layout) *resolved.Layout {
	if v, ok := views.Load(l); ok {
		return v.(*resolved.Layout)
	}
	if r := lastView.Load(); r != nil && r.Model == l {
		return r
	}
	r, err := resolved.Lenient(l)
	if r == nil {
		return nil // a nil layout
	}
	if err != nil {
		return r // a layout made by hand, not kept
	}
	ls, _ := builtins()
	if l == nilUUID || l == maxUUID || l == rawUUID || slices.Contains(ls, l) {
		v, _ := views.LoadOrStore(l, r)
		return v.(*resolved.Layout)
	}
	lastView.Store(r)
	return r
}

var (
	views    sync.Map // *layouts.Layout -> *resolved.Layout, for the layouts no one changes
	lastView atomic.Pointer[resolved.Layout]
)

// layoutName returns a layout's name, for messages.
func layoutName(l *layouts.Layout) string {
	if r := view(l); r != nil {
		return r.Name
	}
	return ""
}
