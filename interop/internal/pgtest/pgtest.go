// Package pgtest connects tests to the real PostgreSQL server they run
// against: the one IDFORGE_POSTGRES_DSN names (.ci/postgres starts a
// throwaway one and prints its DSN). It is for tests only.
package pgtest

import (
	"database/sql"
	"testing"

	"github.com/idforge/idforge/testenv"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/stdlib" // also the pgx driver, as "pgx"
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

// As opens a pool of one connection to the same server as role (a role
// the test made, which logs in without a password on the test servers),
// with search_path set to schema. It is closed when the test ends.
func As(t testing.TB, role, schema string) *sql.DB {
	t.Helper()
	cfg, err := pgx.ParseConfig(testenv.Need(t, testenv.Postgres))
	if err != nil {
		t.Fatal(err)
	}
	cfg.User = role
	cfg.RuntimeParams["search_path"] = schema
	db := stdlib.OpenDB(*cfg)
	db.SetMaxOpenConns(1)
	t.Cleanup(func() { db.Close() })
	if err := db.Ping(); err != nil {
		t.Fatalf("connecting as %s: %v", role, err)
	}
	return db
}
