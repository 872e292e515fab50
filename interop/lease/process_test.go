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
	os.Exit(m.Run())
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
