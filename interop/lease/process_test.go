package lease_test

import (
	"cmp"
	"database/sql"
	"os"
	"testing"
	"time"

	"github.com/idforge/idforge/lease"
	"github.com/idforge/idforge/lease/leasetest"
	"github.com/idforge/idforge/testenv"
)

func TestMain(m *testing.M) {
	if leasetest.IsChild() {
		leasetest.ChildMain(func() (lease.Engine, error) {
			db, err := sql.Open("pgx", processDSN())
			return lease.Postgres(db), err
		})
	}
	ruleOnPublic()
	os.Exit(m.Run())
}

// ruleOnPublic makes the servers' public schema follow idforge's install
// rule before the tests install the lease functions there: on PostgreSQL
// 13 and 14 PUBLIC may CREATE in public, and lease.sql refuses the schema
// until that is revoked (PostgreSQL 15's default; docs/leases.md).
// TestHijackRefused makes a schema like 13's to show the refusal.
func ruleOnPublic() {
	for _, dsn := range []string{os.Getenv(testenv.Postgres), os.Getenv(testenv.LeasePostgres)} {
		if dsn == "" {
			continue
		}
		if db, err := sql.Open("pgx", dsn); err == nil {
			db.Exec("REVOKE CREATE ON SCHEMA public FROM PUBLIC")
			db.Close()
		}
	}
}

// processDSN returns the database of the process tests:
// IDFORGE_LEASE_POSTGRES_DSN, a server of their own that they may restart,
// or else IDFORGE_POSTGRES_DSN.
func processDSN() string {
	return cmp.Or(os.Getenv("IDFORGE_LEASE_POSTGRES_DSN"), os.Getenv("IDFORGE_POSTGRES_DSN"))
}

// Holders in separate processes, on a real PostgreSQL server: racing,
// killed, paused, with their server restarted and with a clock 5s behind.
// The restart needs IDFORGE_POSTGRES_RESTART, a shell command that restarts
// the server of IDFORGE_LEASE_POSTGRES_DSN (.ci/run starts one and sets
// both): restarting the server other packages' tests use would fail them.
func TestPostgresProcesses(t *testing.T) {
	testenv.NeedOne(t, testenv.LeasePostgres, testenv.Postgres)
	if testing.Short() {
		t.Skip("the process tests take half a minute")
	}
	leasetest.Processes(t, 3*time.Second, leasetest.RestartCommand(t, "IDFORGE_POSTGRES_RESTART"))
}
