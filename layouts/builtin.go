package layouts

import (
	"embed"
	"fmt"
	"github.com/idforge/idforge/internal/suggest"
	"path"
	"slices"
	"strings"
	"sync"
)

//go:embed *.layout
var specs embed.FS

// builtins parses every embedded spec once.
var builtins = sync.OnceValues(func() ([]*Layout, error) {
	entries, err := specs.ReadDir(".")
	if err != nil {
		return nil, err
	}
	var ls []*Layout
	for _, e := range entries {
		src, err := specs.ReadFile(e.Name())
		if err != nil {
			return nil, err
		}
		l, err := Parse(path.Join("layouts", e.Name()), src)
		if err != nil {
			return nil, err
		}
		ls = append(ls, l)
	}
	slices.SortFunc(ls, func(a, b *Layout) int { return strings.Compare(a.Name, b.Name) })
	return ls, nil
})

// Builtins returns every built-in layout, sorted by name. Each call returns
// new copies that belong to the caller: changing one changes nothing else.
func Builtins() ([]*Layout, error) {
	ls, err := builtins()
	if err != nil {
		return nil, err
	}
	out := make([]*Layout, len(ls))
	for i, l := range ls {
		out[i] = l.Clone()
	}
	return out, nil
}

// Builtin returns the built-in layout with the given name, such as
// "uuidv7". Each call returns a new copy that belongs to the caller:
// changing it changes nothing else, and later calls return the layout as
// built in.
func Builtin(name string) (*Layout, error) {
	ls, err := builtins()
	if err != nil {
		return nil, err
	}
	names := make([]string, len(ls))
	for i, l := range ls {
		if l.Name == name {
			return l.Clone(), nil
		}
		names[i] = l.Name
	}
	return nil, fmt.Errorf("%w: %q%s", ErrNotFound, name, suggest.Hint(name, names))
}

// BuiltinSpec returns the spec text of a built-in layout.
func BuiltinSpec(name string) ([]byte, error) {
	src, err := specs.ReadFile(name + ".layout")
	if err != nil {
		return nil, fmt.Errorf("%w: %q", ErrNotFound, name)
	}
	return src, nil
}
