package pgsql_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/idforge/idforge/gen/pgsql"
	"github.com/idforge/idforge/layouts"
	"github.com/idforge/idforge/resolved"
)

func parse(t *testing.T, spec string) *layouts.Layout {
	t.Helper()
	l, err := layouts.Parse("t.layout", []byte(spec))
	if err != nil {
		t.Fatal(err)
	}
	return l
}

// Names that PostgreSQL would not take as given, or that two functions
// would share, are refused before anything is written.
func TestNames(t *testing.T) {
	l := parse(t, "layout orders-v2 64\n  sign 1 = 0\n  ts 41 time unix ms\n  seq 22 counter zero wait\n")
	if got := pgsql.DefaultPrefix(resolved.Must(l)); got != "orders_v2" {
		t.Errorf("DefaultPrefix = %q", got)
	}
	for _, prefix := range []string{"Orders", "9x", "a-b", `x"y`, "a b", strings.Repeat("p", 60)} {
		if _, err := pgsql.Generate(resolved.Must(l), prefix); !errors.Is(err, pgsql.ErrName) {
			t.Errorf("prefix %q: %v, want ErrName", prefix, err)
		}
	}
	clash := parse(t, "layout c 64\n  time 44 time unix ms\n  seq 20 counter zero wait\n")
	if _, err := pgsql.Generate(resolved.Must(clash), ""); !errors.Is(err, pgsql.ErrName) {
		t.Errorf("a field named time: %v, want ErrName", err)
	}
	if _, err := pgsql.Generate(resolved.Must(clash), "c"); !errors.Is(err, pgsql.ErrName) {
		t.Errorf("a field named time: %v, want ErrName", err)
	}
}

// With a schema, every function is created, commented on and called by its
// qualified name (interop/pgsql runs such scripts off the search_path); a
// schema PostgreSQL would fold or refuse is ErrName.
func TestSchema(t *testing.T) {
	for _, name := range []string{"ksuid", "uuidv7", "snowflake", "xid"} {
		l, err := layouts.Builtin(name)
		if err != nil {
			t.Fatal(err)
		}
		script, err := pgsql.GenerateWith(resolved.Must(l), pgsql.Options{Schema: "ids"})
		if err != nil {
			t.Fatal(err)
		}
		prefix := `"` + pgsql.DefaultPrefix(resolved.Must(l)) + "_"
		text := string(script)
		if n := strings.Count(text, prefix); n == 0 || n != strings.Count(text, `"ids".`+prefix) {
			t.Errorf("%s: %d names, %d of them qualified", name, n, strings.Count(text, `"ids".`+prefix))
		}
		if strings.Contains(text, "_mask_named") && !strings.Contains(text, `RETURN "ids"."`+pgsql.DefaultPrefix(resolved.Must(l))+`_mask"(`) {
			t.Errorf("%s: the named-key mask calls mask unqualified", name)
		}
	}
	l := parse(t, "layout t 64\n  ts 44 time unix ms\n  seq 20 counter zero wait\n")
	for _, schema := range []string{"Ids", "9x", "a-b", `x"y`, "a b", strings.Repeat("s", 64)} {
		if _, err := pgsql.GenerateWith(resolved.Must(l), pgsql.Options{Schema: schema}); !errors.Is(err, pgsql.ErrName) {
			t.Errorf("schema %q: %v, want ErrName", schema, err)
		}
	}
}

// Text from the spec goes only into comments: each of its lines is a line
// comment, and no text can end a dollar-quoted COMMENT early.
func TestCommentsEscaped(t *testing.T) {
	l := parse(t, "# Evil $doc$; DROP TABLE users; --\r DROP TABLE x;\nlayout e 64\n  ts 44 time unix ms\n  seq 20 counter zero wait\n")
	script, err := pgsql.Generate(resolved.Must(l), "")
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(string(script), "\n") {
		if strings.Contains(line, "DROP TABLE") && !strings.HasPrefix(line, "-- ") {
			t.Errorf("spec text outside a comment: %q", line)
		}
	}
	if strings.Contains(string(script), "\r") {
		t.Error("a carriage return from the spec reached the script")
	}
}

// The value type follows the width, and P_new is there only for layouts
// that need no per-node state.
func TestShape(t *testing.T) {
	for _, c := range []struct {
		layout, typ string
		hasNew      bool
	}{
		{"uuidv7", "uuid", true}, {"uuidv4", "uuid", true}, {"uuidv1", "uuid", false}, {"uuidv5", "uuid", false},
		{"snowflake", "bigint", false}, {"ksuid", "bytea", true}, {"ulid", "uuid", true}, {"objectid", "bytea", false},
	} {
		l, err := layouts.Builtin(c.layout)
		if err != nil {
			t.Fatal(err)
		}
		script, err := pgsql.Generate(resolved.Must(l), "")
		if err != nil {
			t.Fatal(err)
		}
		s := string(script)
		p := pgsql.DefaultPrefix(resolved.Must(l))
		if !strings.Contains(s, `"`+p+`_to_hex"("id" `+c.typ+`)`) {
			t.Errorf("%s: no to_hex on %s", c.layout, c.typ)
		}
		if got := strings.Contains(s, `"`+p+`_new"()`); got != c.hasNew {
			t.Errorf("%s: has new = %v, want %v", c.layout, got, c.hasNew)
		}
		if strings.Contains(s, "gen_random_bytes") || strings.Contains(s, "uuidv7()") || strings.Contains(s, "CREATE EXTENSION") {
			t.Errorf("%s: the script needs an extension or PostgreSQL 18", c.layout)
		}
	}
}

// One script for every version chooses its bodies in DO blocks; the
// scripts for one side have none, and a version below 13 is refused.
func TestVersions(t *testing.T) {
	l, err := layouts.Builtin("uuidv7")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		server int
		do     bool
		cast   bool // reads bytes with 18's bytea-to-bigint cast
	}{
		{pgsql.AnyVersion, true, true}, {pgsql.PG13, false, false}, {170004, false, false}, {pgsql.PG18, false, true},
	} {
		script, err := pgsql.GenerateFor(resolved.Must(l), "", c.server)
		if err != nil {
			t.Fatal(err)
		}
		s := string(script)
		if got := strings.Contains(s, "DO $do$"); got != c.do {
			t.Errorf("server %d: DO blocks %v, want %v", c.server, got, c.do)
		}
		if got := strings.Contains(s, "for 6)::bigint"); got != c.cast {
			t.Errorf("server %d: bytea casts %v, want %v", c.server, got, c.cast)
		}
		if n := strings.Count(s, "CREATE OR REPLACE FUNCTION \"uuidv7_time\""); n != map[bool]int{true: 2, false: 1}[c.do] {
			t.Errorf("server %d: %d definitions of uuidv7_time", c.server, n)
		}
	}
	one, _ := pgsql.Generate(resolved.Must(l), "")
	if same, _ := pgsql.GenerateFor(resolved.Must(l), "", pgsql.AnyVersion); string(same) != string(one) {
		t.Error("Generate is not GenerateFor(AnyVersion)")
	}
	for _, bad := range []int{-1, 1, 90600, 129999} {
		if _, err := pgsql.GenerateFor(resolved.Must(l), "", bad); !errors.Is(err, pgsql.ErrVersion) {
			t.Errorf("server %d: %v, want ErrVersion", bad, err)
		}
	}
}
