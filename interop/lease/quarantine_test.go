package lease_test

import (
	"context"
	"database/sql"
	_ "embed" // leaseV1
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/idforge/idforge/interop/internal/pgtest"
	"github.com/idforge/idforge/lease"
	"github.com/idforge/idforge/lease/leasetest"
)

// leaseV1 is version 1 of lease/lease.sql, before the quarantine, as
// idforge shipped it: the upgrade test installs it, then the current one.
//
//go:embed testdata/lease-v1.sql
var leaseV1 string

// inSchema returns a connection pool whose search_path is a new schema,
// dropped when the test ends.
func inSchema(t *testing.T, name string) *sql.DB {
	t.Helper()
	db := pgtest.DB(t)
	schema := fmt.Sprintf("%s_%d", name, os.Getpid())
	if _, err := db.Exec("CREATE SCHEMA " + schema); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Exec("DROP SCHEMA " + schema + " CASCADE") })
	dsn := os.Getenv("IDFORGE_POSTGRES_DSN")
	sep := "?"
	if strings.Contains(dsn, "?") {
		sep = "&"
	}
	in, err := sql.Open("pgx", dsn+sep+"search_path="+schema)
	if err != nil {
		t.Fatal(err)
	}
	in.SetMaxOpenConns(1) // one session: its search_path
	t.Cleanup(func() { in.Close() })
	return in
}

// TestSQLUpgradeToQuarantine installs version 1 of the SQL lease functions,
// takes leases with them, and runs the current script over them, as a
// fleet upgrading does: the protocol becomes 3 (2 at the time; 3 since), the table gains the
// quarantine's columns, a version-1 lease (its row's ttl and skew 0) is
// renewed and released by the new functions, a version-1 caller's
// six-argument acquire still works (with the default skew, 1 second), and
// running either script again changes nothing (version 1 never replaces
// a later one).
func TestSQLUpgradeToQuarantine(t *testing.T) {
	db := inSchema(t, "lease_v1")
	ctx := context.Background()
	protocol := func() int {
		var v int
		if err := db.QueryRowContext(ctx, "SELECT idforge_lease_protocol()").Scan(&v); err != nil {
			t.Fatal(err)
		}
		return v
	}
	if _, err := db.ExecContext(ctx, leaseV1); err != nil {
		t.Fatal(err)
	}
	if v := protocol(); v != 1 {
		t.Fatalf("version 1's script installed protocol %d", v)
	}
	space := leasetest.NewSpace(t, 2).String()
	acquire6 := `SELECT node, token FROM idforge_lease_acquire($1, 2, $2, 1, $3, '1 minute')`
	var node, token int64
	if err := db.QueryRowContext(ctx, acquire6, space, 0, "old").Scan(&node, &token); err != nil {
		t.Fatal(err)
	}
	if _, err := db.ExecContext(ctx, lease.PostgresFunctions()); err != nil {
		t.Fatalf("the current script over version 1: %v", err)
	}
	if v := protocol(); v != 3 {
		t.Fatalf("after the upgrade, protocol %d; want 3", v)
	}
	var overloads int
	if err := db.QueryRowContext(ctx, `SELECT count(*) FROM pg_proc WHERE proname = 'idforge_lease_acquire' AND pronamespace = current_schema()::regnamespace`).Scan(&overloads); err != nil {
		t.Fatal(err)
	}
	if overloads != 1 {
		t.Fatalf("%d functions idforge_lease_acquire after the upgrade; want 1", overloads)
	}
	var ttl, skew string
	if err := db.QueryRowContext(ctx, `SELECT ttl::text, skew::text FROM idforge_lease WHERE space = $1 AND node = 0`, space).Scan(&ttl, &skew); err != nil {
		t.Fatal(err)
	}
	if ttl != "00:00:00" || skew != "00:00:00" {
		t.Errorf("version 1's lease has ttl %s and skew %s; want 0 and 0", ttl, skew)
	}
	var until sql.NullTime
	if err := db.QueryRowContext(ctx, `SELECT idforge_lease_renew($1, 0, 'old', $2, '1 minute', 5)`, space, token).Scan(&until); err != nil || !until.Valid {
		t.Fatalf("renewing version 1's lease with version 2: %v, %v", until, err)
	}
	// A version-1 caller: six arguments, the default skew.
	var n1 int64
	if err := db.QueryRowContext(ctx, acquire6, space, 1, "six").Scan(&n1, &token); err != nil {
		t.Fatalf("acquire with six arguments after the upgrade: %v", err)
	}
	if err := db.QueryRowContext(ctx, `SELECT skew::text FROM idforge_lease WHERE space = $1 AND node = 1`, space).Scan(&skew); err != nil || skew != "00:00:01" {
		t.Errorf("a six-argument acquire's skew: %s, %v; want 1 second", skew, err)
	}
	if err := db.QueryRowContext(ctx, `SELECT idforge_lease_release($1, 0, 'old', (SELECT token FROM idforge_lease WHERE space = $1 AND node = 0), 9)`, space).Scan(&until); err != nil || !until.Valid {
		t.Fatalf("releasing version 1's lease with version 2: %v, %v", until, err)
	}
	for _, script := range []string{lease.PostgresFunctions(), leaseV1} {
		if _, err := db.ExecContext(ctx, script); err != nil {
			t.Fatal(err)
		}
		if v := protocol(); v != 3 {
			t.Fatalf("running a script again gave protocol %d; want 3", v)
		}
	}
	// The engine works on the upgraded table, and a released node is free
	// at once.
	e := lease.Postgres(db)
	if n, hw, err := e.Acquire(ctx, lease.Claim{Space: mustSpace(t, space), Node: 0, Holder: "new", TTL: time.Minute, Skew: time.Second}, 1); err != nil || n != 0 || hw != 9 {
		t.Fatalf("the engine on node 0, released: %d, %d, %v; want 0, 9", n, hw, err)
	}
}

// mustSpace returns the space leasetest.NewSpace made, from its key.
func mustSpace(t *testing.T, key string) lease.Space {
	t.Helper()
	layout, rest, _ := strings.Cut(key, "/")
	epoch, bits, _ := strings.Cut(rest, "/")
	e, err := time.Parse(time.RFC3339Nano, epoch)
	if err != nil || bits != "2" {
		t.Fatalf("space %q: %v", key, err)
	}
	return lease.Space{Layout: layout, Epoch: e, NodeBits: 2}
}

// TestLeaseQuarantine holds a lease through package lease's Lease on the
// PostgreSQL engine, with a short TTL and a stated skew bound, lets it
// lapse without a release (its holder stops renewing, as a crashed one
// does), and asks for its node: refused until the TTL plus the skew bound
// after the expiry, then handed out. A lease closed cleanly frees its node
// at once.
func TestLeaseQuarantine(t *testing.T) {
	e := lease.Postgres(pgtest.DB(t))
	ctx := context.Background()
	s := leasetest.NewSpace(t, 1)
	const ttl, skew = time.Second, 700 * time.Millisecond
	c := lease.Claim{Space: s, Node: 0, Holder: "crashed", TTL: ttl, Skew: skew}
	sent := time.Now()
	if _, _, err := e.Acquire(ctx, c, 1); err != nil {
		t.Fatal(err)
	}
	b := lease.Claim{Space: s, Node: 0, Holder: "next", TTL: time.Minute, Skew: skew}
	refused := 0
	for {
		_, _, err := e.Acquire(ctx, b, 1)
		since := time.Since(sent)
		if err == nil {
			if since < 2*ttl+skew {
				t.Fatalf("node 0 handed out %v after its crashed holder's acquisition, before its expiry (%v) plus the quarantine (%v)", since, ttl, ttl+skew)
			}
			t.Logf("node 0 refused %d times, handed out %v after the crashed holder's acquisition (expiry %v, quarantine %v)", refused, since.Round(time.Millisecond), ttl, ttl+skew)
			break
		}
		refused++
		if since > 2*ttl+skew+10*time.Second {
			t.Fatalf("node 0 still refused %v after its crashed holder's acquisition: %v", since, err)
		}
		time.Sleep(25 * time.Millisecond)
	}
	if refused == 0 {
		t.Error("node 0 was never refused: the test never asked inside the quarantine")
	}
	// Closed cleanly: free at once.
	s2 := leasetest.NewSpace(t, 1)
	l, err := lease.Acquire(ctx, e, s2, lease.WithNode(1), lease.WithTTL(time.Minute))
	if err != nil {
		t.Fatal(err)
	}
	if err := l.Close(); err != nil {
		t.Fatal(err)
	}
	if n, _, err := e.Acquire(ctx, lease.Claim{Space: s2, Node: 1, Holder: "after", TTL: time.Minute}, 1); err != nil || n != 1 {
		t.Fatalf("node 1 right after a clean release: %d, %v", n, err)
	}
}
