// Package pgtest connects tests to the real PostgreSQL server they run
// against: the one IDFORGE_POSTGRES_DSN names (.ci/postgres starts a
// throwaway one and prints its DSN). It is for tests only.
package pgtest

import (
	"database/sql"
	"testing"

	"github.com/idforge/idforge/testenv"

	_ "github.com/jackc/pgx/v5/stdlib" // the pgx driver, as "pgx"
)

// DB opens the database IDFORGE_POSTGRES_DSN names and checks that the
// server answers, or skips the test when the variable is not set. The
// connection is closed when the test ends.
func DB(t testing.TB) *sql.DB {
	t.Helper()
	dsn := testenv.Need(t, testenv.Postgres)
	db, err := sql.Open("pgx", dsn)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	if err := db.Ping(); err != nil {
		t.Fatalf("cannot reach PostgreSQL at IDFORGE_POSTGRES_DSN: %v", err)
	}
	return db
}
