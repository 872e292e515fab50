package lease_test

import (
	"context"
	"database/sql"
	"fmt"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/idforge/idforge/interop/internal/pgtest"
	"github.com/idforge/idforge/lease"
	"github.com/idforge/idforge/lease/leasetest"
)

func TestPostgresEngine(t *testing.T) {
	leasetest.Engine(t, lease.Postgres(pgtest.DB(t)), 500*time.Millisecond)
}

// TestPostgresCreateRace starts engines on a database without the lease
// table all at once, as a fleet's first deployment does: every one must
// find or create the table and get a node. (Without a lock around CREATE
// TABLE IF NOT EXISTS, the losers fail with a duplicate key in pg_type.)
func TestPostgresCreateRace(t *testing.T) {
	db := pgtest.DB(t)
	dsn := os.Getenv("IDFORGE_POSTGRES_DSN")
	sep := "?"
	if strings.Contains(dsn, "?") {
		sep = "&"
	}
	for round := range 10 {
		schema := fmt.Sprintf("lease_race_%d_%d", os.Getpid(), round)
		if _, err := db.Exec("CREATE SCHEMA " + schema); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { db.Exec("DROP SCHEMA " + schema + " CASCADE") })
		// Each engine has its own connection pool whose search_path puts
		// the table in the fresh schema.
		fresh, err := sql.Open("pgx", dsn+sep+"search_path="+schema)
		if err != nil {
			t.Fatal(err)
		}
		defer fresh.Close()
		s := leasetest.NewSpace(t, 4)
		var wg sync.WaitGroup
		errs := make([]error, 8)
		for i := range errs {
			wg.Add(1)
			go func() {
				defer wg.Done()
				c := lease.Claim{Space: s, Holder: fmt.Sprint("holder ", i), TTL: time.Minute}
				_, _, errs[i] = lease.Postgres(fresh).Acquire(context.Background(), c, s.Size())
			}()
		}
		wg.Wait()
		for i, err := range errs {
			if err != nil {
				t.Fatalf("round %d: engine %d of 8 starting at once: %v", round, i, err)
			}
		}
	}
}
