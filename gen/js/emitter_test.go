package js_test

import (
	"bytes"
	"errors"
	"testing"

	"github.com/idforge/idforge/gen/emit"
	"github.com/idforge/idforge/gen/js"
	"github.com/idforge/idforge/layouts"
	"github.com/idforge/idforge/resolved"
)

// The registry's JavaScript emitter writes what Generate writes, and with
// a Runtime what GenerateShared writes, the module at Out and its
// declarations beside it; a bad type name matches emit.ErrOption and
// ErrName.
func TestEmitter(t *testing.T) {
	l, err := layouts.Builtin("uuidv7-draft01")
	if err != nil {
		t.Fatal(err)
	}
	m, d, err := js.Generate(resolved.Must(l), "ID", "")
	if err != nil {
		t.Fatal(err)
	}
	sm, sd, err := js.GenerateShared(resolved.Must(l), "UUID", "hex", "./runtime.js")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		o           emit.Options
		names       [2]string
		module, dts []byte
	}{
		{emit.Options{}, [2]string{"uuidv7_draft01.js", "uuidv7_draft01.d.ts"}, m, d},
		{emit.Options{Out: "web/v7.mjs", Type: "UUID", Text: "hex", Runtime: "./runtime.js"}, [2]string{"web/v7.mjs", "web/v7.d.ts"}, sm, sd},
	} {
		files, err := js.Emitter{}.Generate(resolved.Must(l), c.o)
		if err != nil || len(files) != 2 || files[0].Name != c.names[0] || files[1].Name != c.names[1] ||
			!bytes.Equal(files[0].Content, c.module) || !bytes.Equal(files[1].Content, c.dts) {
			t.Errorf("%+v: %d files (%v), want %s and %s with Generate's bytes", c.o, len(files), err, c.names[0], c.names[1])
		}
	}
	_, err = js.Emitter{}.Generate(resolved.Must(l), emit.Options{Type: "class"})
	if !errors.Is(err, emit.ErrOption) || !errors.Is(err, js.ErrName) {
		t.Errorf("type class: %v, want ErrOption and ErrName", err)
	}
}
