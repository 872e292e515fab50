package duckdb_test

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/idforge/idforge/gen/duckdb"
	"github.com/idforge/idforge/gen/emit"
	"github.com/idforge/idforge/resolved"
)

// The registry's DuckDB emitter writes what Generate writes; a bad prefix
// matches emit.ErrOption and ErrName.
func TestEmitter(t *testing.T) {
	l, err := resolved.Builtin("uuidv7")
	if err != nil {
		t.Fatal(err)
	}
	for _, prefix := range []string{"", "v7"} {
		want, err := duckdb.Generate(l, prefix)
		if err != nil {
			t.Fatal(err)
		}
		files, err := duckdb.Emitter{}.Generate(l, emit.Options{Prefix: prefix})
		if err != nil || len(files) != 1 || files[0].Name != "uuidv7.duckdb.sql" || !bytes.Equal(files[0].Content, want) {
			t.Errorf("prefix %q: %d files (%v), want uuidv7.duckdb.sql with Generate's bytes", prefix, len(files), err)
		}
	}
	_, err = duckdb.Emitter{}.Generate(l, emit.Options{Prefix: "V7; DROP"})
	if !errors.Is(err, emit.ErrOption) || !errors.Is(err, duckdb.ErrName) {
		t.Errorf("prefix V7; DROP: %v, want ErrOption and ErrName", err)
	}
}

// Every built-in layout has a script, whose macros are named with its
// prefix, and P_new exactly where the layout needs no state.
func TestBuiltins(t *testing.T) {
	ls, err := resolved.Builtins()
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range ls {
		b, err := duckdb.Generate(l, "p")
		if err != nil {
			t.Errorf("%s: %v", l.Name, err)
			continue
		}
		for _, line := range strings.Split(string(b), "\n") {
			if name, ok := strings.CutPrefix(line, "CREATE OR REPLACE MACRO "); ok && !strings.HasPrefix(name, "p_") {
				t.Errorf("%s: macro %s is not named with the prefix", l.Name, name)
			}
		}
		hasNew := bytes.Contains(b, []byte("MACRO p_new()"))
		if want := l.Name == "uuidv4" || l.Name == "uuidv7" || l.Name == "ulid" || l.Name == "ksuid"; want && !hasNew {
			t.Errorf("%s: no p_new", l.Name)
		}
		if l.NeedsNode && hasNew {
			t.Errorf("%s needs a node, and has p_new", l.Name)
		}
	}
}
