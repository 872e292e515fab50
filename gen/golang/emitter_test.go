package golang_test

import (
	"bytes"
	"errors"
	"testing"

	"github.com/idforge/idforge/gen/emit"
	"github.com/idforge/idforge/gen/golang"
	"github.com/idforge/idforge/layouts"
	"github.com/idforge/idforge/resolved"
)

// The registry's Go emitter writes what Generate writes for the package
// Single describes, with the text form SetText sets; its mistakes in the
// options match emit.ErrOption and the package's own sentinel.
func TestEmitter(t *testing.T) {
	t.Parallel()
	l, err := layouts.Builtin("ulid")
	if err != nil {
		t.Fatal(err)
	}
	for _, text := range []string{"", "base62"} {
		p := golang.Single(resolved.Must(l), "ids", "ULID")
		if text != "" {
			p.SetText(text)
		}
		want, err := golang.Generate(p)
		if err != nil {
			t.Fatal(err)
		}
		files, err := golang.Emitter{}.Generate(resolved.Must(l), emit.Options{Package: "ids", Type: "ULID", Text: text})
		if err != nil || len(files) != 1 || files[0].Name != "ids_gen.go" || !bytes.Equal(files[0].Content, want) {
			t.Errorf("text %q: %d files (%v), want ids_gen.go with Generate's bytes", text, len(files), err)
		}
	}
	_, err = golang.Emitter{}.Generate(resolved.Must(l), emit.Options{Package: "func"})
	if !errors.Is(err, emit.ErrOption) || !errors.Is(err, golang.ErrName) {
		t.Errorf("package func: %v, want ErrOption and ErrName", err)
	}
}
