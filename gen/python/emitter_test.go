package python_test

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/idforge/idforge/gen/emit"
	"github.com/idforge/idforge/gen/python"
	"github.com/idforge/idforge/layouts"
	"github.com/idforge/idforge/resolved"
)

// The registry's Python emitter writes what Generate writes; a bad type
// name matches emit.ErrOption and ErrName, and a runtime that is no
// module's name emit.ErrOption. With a runtime, the module imports it and
// holds none of it.
func TestEmitter(t *testing.T) {
	l, err := layouts.Builtin("uuidv7-draft01")
	if err != nil {
		t.Fatal(err)
	}
	want, err := python.Generate(resolved.Must(l), "UUID", "base62")
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
	if _, err = (python.Emitter{}).Generate(resolved.Must(l), emit.Options{Runtime: "./runtime.py"}); !errors.Is(err, emit.ErrOption) {
		t.Errorf("runtime ./runtime.py: %v, want ErrOption", err)
	}
	files, err = python.Emitter{}.Generate(resolved.Must(l), emit.Options{Runtime: "._runtime"})
	if err != nil {
		t.Fatal(err)
	}
	m := string(files[0].Content)
	if !strings.Contains(m, "\nfrom ._runtime import (\n    IDError,\n") || strings.Contains(m, "class IDError") || strings.Contains(m, "def _decode(") {
		t.Errorf("with a runtime, the module holds some of it or does not import it:\n%s", m)
	}
	if !strings.Contains(string(want), "\nclass IDError(ValueError):") {
		t.Error("a self-contained module has no IDError")
	}
}
