package duckdb_test

import (
	"testing"

	"github.com/idforge/idforge/resolved"
)

// The recipe of gen/duckdb's package doc runs: uuidv7_new() as a UUID
// column's DEFAULT, ULID stored through pg-uuid, and the range queries by
// time find the rows.
func TestRecipe(t *testing.T) {
	engine(t)
	var setup []string
	for _, name := range []string{"uuidv7", "ulid"} {
		l, err := resolved.Builtin(name)
		if err != nil {
			t.Fatal(err)
		}
		setup = append(setup, script(t, l)...)
	}
	setup = append(setup,
		"CREATE TABLE events (id UUID PRIMARY KEY DEFAULT uuidv7_new(), body VARCHAR)",
		"INSERT INTO events (body) VALUES ('hello'), ('world')",
		"CREATE TABLE logs (id UUID PRIMARY KEY, body VARCHAR)",
		"INSERT INTO logs SELECT ulid_to_pg_uuid(ulid_new()), 'hello'",
		"INSERT INTO logs SELECT ulid_to_pg_uuid(ulid_new()), 'world'")
	_, rows := run(t, setup, nil, []string{
		"SELECT count(*) FROM events WHERE id >= uuidv7_min_at(now() - INTERVAL 1 HOUR) AND id <= uuidv7_max_at(now() + INTERVAL 1 HOUR)",
		"SELECT body FROM logs WHERE id >= ulid_to_pg_uuid(ulid_min_at(now() - INTERVAL 1 HOUR)) ORDER BY id",
	})
	if got := *rows[0][0][0]; got != "2" {
		t.Errorf("events in the last hour: %s, want 2", got)
	}
	if len(rows[1]) != 2 || *rows[1][0][0] != "hello" || *rows[1][1][0] != "world" {
		t.Errorf("logs in the last hour, by id: %d rows, want hello then world", len(rows[1]))
	}
}
