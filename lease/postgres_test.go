package lease

import (
	"strings"
	"testing"
)

// TestPostgresSchemaIsTheScripts holds PostgresSchema, kept for programs
// that create the table themselves, to the table lease.sql creates: the
// same columns, types, defaults and key, whatever the spacing.
func TestPostgresSchemaIsTheScripts(t *testing.T) {
	columns := func(s, from, to string) string {
		i := strings.Index(s, from)
		j := strings.Index(s[i+1:], to)
		if i < 0 || j < 0 {
			t.Fatalf("no %q ... %q in %s", from, to, s)
		}
		return strings.Join(strings.Fields(s[i:i+1+j]), " ")
	}
	schema := columns(PostgresSchema, "space      text        NOT NULL", "PRIMARY KEY (space, node)")
	script := columns(PostgresFunctions(), "space      text        NOT NULL", "PRIMARY KEY (space, node)")
	if schema != script {
		t.Errorf("PostgresSchema's table:\n%s\nlease.sql's:\n%s", schema, script)
	}
}
