package pgsql_test

import (
	"bytes"
	"errors"
	"testing"

	"github.com/idforge/idforge/gen/emit"
	"github.com/idforge/idforge/gen/pgsql"
	"github.com/idforge/idforge/layouts"
	"github.com/idforge/idforge/resolved"
)

// The registry's SQL emitter writes what GenerateWith writes; a bad
// prefix or schema matches emit.ErrOption and ErrName.
func TestEmitter(t *testing.T) {
	l, err := layouts.Builtin("uuidv7-draft01")
	if err != nil {
		t.Fatal(err)
	}
	for _, o := range []pgsql.Options{{}, {Prefix: "v7", Schema: "ids"}} {
		want, err := pgsql.GenerateWith(resolved.Must(l), o)
		if err != nil {
			t.Fatal(err)
		}
		files, err := pgsql.Emitter{}.Generate(resolved.Must(l), emit.Options{Prefix: o.Prefix, Schema: o.Schema})
		if err != nil || len(files) != 1 || files[0].Name != "uuidv7_draft01.sql" || !bytes.Equal(files[0].Content, want) {
			t.Errorf("%+v: %d files (%v), want uuidv7_draft01.sql with GenerateWith's bytes", o, len(files), err)
		}
	}
	_, err = pgsql.Emitter{}.Generate(resolved.Must(l), emit.Options{Schema: "Ids"})
	if !errors.Is(err, emit.ErrOption) || !errors.Is(err, pgsql.ErrName) {
		t.Errorf("schema Ids: %v, want ErrOption and ErrName", err)
	}
}
