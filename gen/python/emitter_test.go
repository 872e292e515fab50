package python_test

import (
	"bytes"
	"errors"
	"testing"

	"github.com/idforge/idforge/gen/emit"
	"github.com/idforge/idforge/gen/python"
	"github.com/idforge/idforge/layouts"
	"github.com/idforge/idforge/resolved"
)

// The registry's Python emitter writes what Generate writes; a bad type
// name matches emit.ErrOption and ErrName, and a shared runtime, which a
// module does not import, emit.ErrOption.
func TestEmitter(t *testing.T) {
	l, err := layouts.Builtin("uuidv7-draft01")
	if err != nil {
		t.Fatal(err)
	}
	want, err := python.Generate(l, "UUID", "base62")
	if err != nil {
		t.Fatal(err)
	}
	files, err := python.Emitter{}.Generate(resolved.Must(l), emit.Options{Type: "UUID", Text: "base62"})
	if err != nil || len(files) != 1 || files[0].Name != "uuidv7_draft01.py" || !bytes.Equal(files[0].Content, want) {
		t.Errorf("%d files (%v), want uuidv7_draft01.py with Generate's bytes", len(files), err)
	}
	_, err = python.Emitter{}.Generate(resolved.Must(l), emit.Options{Type: "lambda"})
	if !errors.Is(err, emit.ErrOption) || !errors.Is(err, python.ErrName) {
		t.Errorf("type lambda: %v, want ErrOption and ErrName", err)
	}
	if _, err = (python.Emitter{}).Generate(resolved.Must(l), emit.Options{Runtime: "runtime"}); !errors.Is(err, emit.ErrOption) {
		t.Errorf("a runtime: %v, want ErrOption", err)
	}
}
