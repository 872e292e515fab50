package lease_test

import (
	"database/sql"
	"os"
	"testing"
	"time"

	_ "github.com/jackc/pgx/v5/stdlib"

	"github.com/idforge/idforge/lease"
	"github.com/idforge/idforge/lease/leasetest"
)

// postgres opens the database IDFORGE_POSTGRES_DSN names, or skips the test.
func postgres(t testing.TB) *sql.DB {
	dsn := os.Getenv("IDFORGE_POSTGRES_DSN")
	if dsn == "" {
		t.Skip("IDFORGE_POSTGRES_DSN is not set: no PostgreSQL server to test against (.ci/postgres starts one)")
	}
	db, err := sql.Open("pgx", dsn)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

func TestPostgresEngine(t *testing.T) {
	leasetest.Engine(t, lease.Postgres(postgres(t)), 500*time.Millisecond)
}
