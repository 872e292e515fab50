package lease_test

import (
	"context"
	"database/sql"
	"errors"
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

// TestPostgresUpgrade starts the engine on a lease table an older idforge
// made, without the token column, holding a live lease: the functions add
// the column, leave the lease alone, and hand out the other nodes.
func TestPostgresUpgrade(t *testing.T) {
	db := pgtest.DB(t)
	schema := fmt.Sprintf("lease_upgrade_%d", os.Getpid())
	if _, err := db.Exec("CREATE SCHEMA " + schema); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Exec("DROP SCHEMA " + schema + " CASCADE") })
	s := leasetest.NewSpace(t, 1)
	for _, stmt := range []string{
		`CREATE TABLE ` + schema + `.idforge_lease (
	space      text        NOT NULL,
	node       bigint      NOT NULL,
	holder     text        NOT NULL,
	expires    timestamptz NOT NULL,
	high_water bigint      NOT NULL DEFAULT 0,
	PRIMARY KEY (space, node)
)`,
		`INSERT INTO ` + schema + `.idforge_lease VALUES ('` + s.String() + `', 0, 'old', clock_timestamp() + interval '1 minute', 42)`,
	} {
		if _, err := db.Exec(stmt); err != nil {
			t.Fatal(err)
		}
	}
	dsn := os.Getenv("IDFORGE_POSTGRES_DSN")
	sep := "?"
	if strings.Contains(dsn, "?") {
		sep = "&"
	}
	upgraded, err := sql.Open("pgx", dsn+sep+"search_path="+schema)
	if err != nil {
		t.Fatal(err)
	}
	defer upgraded.Close()
	e := lease.Postgres(upgraded)
	ctx := context.Background()
	c := lease.Claim{Space: s, Holder: "new", TTL: time.Minute}
	if _, _, err := e.Acquire(ctx, c, 1); !errors.Is(err, lease.ErrFull) {
		t.Fatalf("node 0, held by an older engine: %v, want ErrFull", err)
	}
	n, hw, err := e.Acquire(ctx, c, 2)
	if err != nil || n != 1 || hw != 0 {
		t.Fatalf("Acquire: %d, %d, %v; want node 1, high-water 0", n, hw, err)
	}
	var old, token int64
	if err := upgraded.QueryRow("SELECT (SELECT token FROM idforge_lease WHERE space = $1 AND node = 0), (SELECT token FROM idforge_lease WHERE space = $1 AND node = 1)", s.String()).Scan(&old, &token); err != nil {
		t.Fatal(err)
	}
	if old != 0 || token != 1 {
		t.Fatalf("tokens: the older engine's lease %d, the new one %d; want 0 and 1", old, token)
	}
}
