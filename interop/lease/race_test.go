package lease_test

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/idforge/idforge/interop/internal/pgtest"
	"github.com/idforge/idforge/lease"
	"github.com/idforge/idforge/lease/leasetest"
	"github.com/jackc/pgx/v5/pgconn"
)

// TestSQLAcquireRaces runs the SQL lease functions themselves, as a client
// in any language calls them, from 32 connections at once over a space of
// 16 nodes until 10,000 acquisitions have succeeded. Each holder then
// releases its node at once, renews it a few times and releases it, or
// abandons it to expire (TTLs of 30 to 120 ms on the server's clock), and
// some renew after sleeping past the TTL. No holder is timed; what is
// checked comes from the server's answers alone:
//
//   - per node, the fencing tokens of the acquisitions run 1, 2, 3, ...
//     with none given twice and none missing, and the table's token is the
//     last one handed out;
//   - per node, each acquisition began (expires - ttl, read off the
//     server's clock when it took the node) no earlier than its
//     predecessor's lease ended: at the release the server confirmed, or
//     else at the last expiry it confirmed. Two live holders of one node
//     at any instant would break this;
//   - per node, an acquisition after an expiry began no earlier than the
//     quarantine's end, the expiry plus the TTL (the calls state a skew
//     bound of 0).
func TestSQLAcquireRaces(t *testing.T) {
	db := pgtest.DB(t)
	const (
		bits    = 4
		conns   = 32
		wanted  = 10000
		minTTLm = 30 // ms
	)
	db.SetMaxOpenConns(conns)
	db.SetMaxIdleConns(conns)
	ctx := context.Background()
	if _, err := db.ExecContext(ctx, lease.PostgresFunctions()); err != nil {
		t.Fatal(err)
	}
	var schema string
	if err := db.QueryRowContext(ctx, "SELECT pg_catalog.current_schema()").Scan(&schema); err != nil {
		t.Fatal(err)
	}
	q := `"` + strings.ReplaceAll(schema, `"`, `""`) + `"`
	acquireSQL := `SELECT a.node, a.token, a.expires, a.high_water FROM ` + q + `.idforge_lease_acquire($1, $2, $3, $4, $5, $6::interval, '0') AS a`
	renewSQL := `SELECT ` + q + `.idforge_lease_renew($1, $2, $3, $4, $5::interval, $6)`
	releaseSQL := `SELECT ` + q + `.idforge_lease_release($1, $2, $3, $4, $5)`
	space := leasetest.NewSpace(t, bits).String()

	// One acquisition as the server confirmed it.
	type grant struct {
		holder string
		node   int64
		token  int64
		began  time.Time // expires - ttl: when the server took the node
		ended  time.Time // the release the server confirmed, or the last expiry it confirmed
		// quarantine is how long after ended no one may take the node: the
		// TTL (the skew bound given is 0) after an expiry, none after a
		// release.
		quarantine time.Duration
	}
	var (
		mu     sync.Mutex
		grants []grant

		taken, refused, released, renewed, renewLost, releaseLost, abandoned, late atomic.Int64
		failed                                                                     atomic.Value
	)
	fail := func(err error) { failed.CompareAndSwap(nil, err) }
	var wg sync.WaitGroup
	for w := range conns {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r := rand.New(rand.NewPCG(uint64(w), uint64(os.Getpid())))
			for i := 0; failed.Load() == nil; i++ {
				if taken.Load() >= wanted {
					return
				}
				holder := fmt.Sprintf("w%d/%d", w, i)
				ttl := time.Duration(minTTLm+r.IntN(90)) * time.Millisecond
				ttlText := fmt.Sprintf("%d microseconds", ttl.Microseconds())
				var (
					g       = grant{holder: holder}
					expires time.Time
					hw      int64
				)
				err := db.QueryRowContext(ctx, acquireSQL, space, bits, r.Int64N(1<<bits), int64(1<<bits), holder, ttlText).Scan(&g.node, &g.token, &expires, &hw)
				if errors.Is(err, sql.ErrNoRows) {
					refused.Add(1)
					time.Sleep(time.Duration(2000+r.IntN(4000)) * time.Microsecond)
					continue
				}
				if err != nil {
					fail(fmt.Errorf("acquire: %w", err))
					return
				}
				taken.Add(1) // the workers stop once it reaches wanted: a few more may finish
				g.began, g.ended, g.quarantine = expires.Add(-ttl), expires, ttl
				mark := hw + 1
				switch action := r.IntN(10); {
				case action < 4: // release at once
				case action < 7: // renew a few times, sometimes too late
					for range 1 + r.IntN(3) {
						if r.IntN(8) == 0 {
							time.Sleep(ttl + ttl/2)
							late.Add(1)
						}
						mark++
						var until sql.NullTime
						if err := db.QueryRowContext(ctx, renewSQL, space, g.node, holder, g.token, ttlText, mark).Scan(&until); err != nil {
							fail(fmt.Errorf("renew: %w", err))
							return
						}
						if !until.Valid {
							renewLost.Add(1)
							break
						}
						renewed.Add(1)
						g.ended = until.Time
					}
				default: // abandon it: it expires
					abandoned.Add(1)
					mu.Lock()
					grants = append(grants, g)
					mu.Unlock()
					continue
				}
				var at sql.NullTime
				if err := db.QueryRowContext(ctx, releaseSQL, space, g.node, holder, g.token, mark).Scan(&at); err != nil {
					fail(fmt.Errorf("release: %w", err))
					return
				}
				if at.Valid {
					released.Add(1)
					g.ended, g.quarantine = at.Time, 0
				} else {
					releaseLost.Add(1)
				}
				mu.Lock()
				grants = append(grants, g)
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	if err, _ := failed.Load().(error); err != nil {
		t.Fatal(err)
	}

	byNode := map[int64][]grant{}
	for _, g := range grants {
		byNode[g.node] = append(byNode[g.node], g)
	}
	overlaps, quarantined := 0, 0
	for node, gs := range byNode {
		slices.SortFunc(gs, func(a, b grant) int { return int(a.token - b.token) })
		for i, g := range gs {
			if g.token != int64(i+1) {
				t.Fatalf("node %d: acquisition %d of %d has token %d (holder %s): tokens must run 1, 2, 3, ... once each", node, i+1, len(gs), g.token, g.holder)
			}
			if i > 0 && !g.began.Before(gs[i-1].ended) && g.began.Before(gs[i-1].ended.Add(gs[i-1].quarantine)) {
				quarantined++
				if quarantined <= 5 {
					t.Errorf("node %d: %s (token %d) took it at %v, %v after %s's (token %d) lease expired, inside its quarantine of %v",
						node, g.holder, g.token, g.began.Format(time.RFC3339Nano), g.began.Sub(gs[i-1].ended), gs[i-1].holder, gs[i-1].token, gs[i-1].quarantine)
				}
			}
			if i > 0 && g.began.Before(gs[i-1].ended) {
				overlaps++
				if overlaps <= 5 {
					t.Errorf("node %d: %s (token %d) took it at %v, while %s (token %d) held it until %v: two live holders",
						node, g.holder, g.token, g.began.Format(time.RFC3339Nano), gs[i-1].holder, gs[i-1].token, gs[i-1].ended.Format(time.RFC3339Nano))
				}
			}
		}
		var token int64
		if err := db.QueryRowContext(ctx, `SELECT token FROM `+q+`.idforge_lease WHERE space = $1 AND node = $2`, space, node).Scan(&token); err != nil {
			t.Fatal(err)
		}
		if token != int64(len(gs)) {
			t.Errorf("node %d: the table's token is %d; the clients saw %d acquisitions", node, token, len(gs))
		}
	}
	if overlaps > 0 || quarantined > 0 {
		t.Fatalf("%d acquisitions overlapped the lease before them, %d took a node in its quarantine", overlaps, quarantined)
	}
	t.Logf("%d acquisitions over %d nodes from %d connections (%d refused: all held), none overlapping: %d released at once or after %d renewals, %d abandoned to expire; %d renewals after sleeping past the TTL, %d renewals and %d releases refused as lost",
		len(grants), len(byNode), conns, refused.Load(), released.Load(), renewed.Load(), abandoned.Load(), late.Load(), renewLost.Load(), releaseLost.Load())
}

// TestSQLSearchPath calls the SQL lease functions from a session whose
// search_path puts first a schema with its own idforge_lease table and its
// own clock_timestamp(), and with a temporary idforge_lease table, as a
// role that may create objects on a caller's path could: the functions
// must use neither, and write to the table they were installed beside,
// timed by PostgreSQL's own clock.
func TestSQLSearchPath(t *testing.T) {
	db := pgtest.DB(t)
	ctx := context.Background()
	if _, err := db.ExecContext(ctx, lease.PostgresFunctions()); err != nil {
		t.Fatal(err)
	}
	var schema string
	if err := db.QueryRowContext(ctx, "SELECT pg_catalog.current_schema()").Scan(&schema); err != nil {
		t.Fatal(err)
	}
	q := `"` + strings.ReplaceAll(schema, `"`, `""`) + `"`
	steer := fmt.Sprintf("lease_steer_%d", os.Getpid())
	for _, stmt := range []string{
		"CREATE SCHEMA " + steer,
		"CREATE TABLE " + steer + ".idforge_lease (LIKE " + q + ".idforge_lease INCLUDING ALL)",
		"CREATE FUNCTION " + steer + ".clock_timestamp() RETURNS timestamptz LANGUAGE sql AS $$SELECT pg_catalog.now() + interval '1 year'$$",
	} {
		if _, err := db.ExecContext(ctx, stmt); err != nil {
			t.Fatal(err)
		}
	}
	t.Cleanup(func() { db.Exec("DROP SCHEMA " + steer + " CASCADE") })
	conn, err := db.Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	for _, stmt := range []string{
		"SET search_path = " + steer + ", pg_catalog, " + q,
		"CREATE TEMPORARY TABLE idforge_lease (LIKE " + q + ".idforge_lease INCLUDING ALL)",
	} {
		if _, err := conn.ExecContext(ctx, stmt); err != nil {
			t.Fatal(err)
		}
	}
	space := leasetest.NewSpace(t, 2).String()
	var (
		node, token, hw int64
		expires         time.Time
		inYear          bool
	)
	if err := conn.QueryRowContext(ctx, `SELECT a.node, a.token, a.expires, a.high_water, a.expires > pg_catalog.now() + interval '1 day' FROM `+q+`.idforge_lease_acquire($1, 2, 0, 4, 'steered', '1 minute') AS a`, space).Scan(&node, &token, &expires, &hw, &inYear); err != nil {
		t.Fatal(err)
	}
	if inYear {
		t.Errorf("the lease expires at %v: the function read the clock_timestamp() of schema %s", expires, steer)
	}
	var until sql.NullTime
	if err := conn.QueryRowContext(ctx, `SELECT `+q+`.idforge_lease_renew($1, $2, 'steered', $3, '1 minute', 5)`, space, node, token).Scan(&until); err != nil || !until.Valid {
		t.Fatalf("renewing: %v, %v", until, err)
	}
	for _, table := range []string{steer + ".idforge_lease", "pg_temp.idforge_lease"} {
		var n int
		if err := conn.QueryRowContext(ctx, "SELECT count(*) FROM "+table).Scan(&n); err != nil {
			t.Fatal(err)
		}
		if n != 0 {
			t.Errorf("%s has %d rows: the functions wrote to it", table, n)
		}
	}
	var holder string
	var mark int64
	if err := conn.QueryRowContext(ctx, "SELECT holder, high_water FROM "+q+".idforge_lease WHERE space = $1 AND node = $2", space, node).Scan(&holder, &mark); err != nil || holder != "steered" || mark != 5 {
		t.Fatalf("the lease in %s.idforge_lease: %q, %d, %v; want steered, 5, nil", schema, holder, mark, err)
	}
}

// TestSQLErrors checks the SQLSTATE of each kind of bad argument that
// docs/leases.md lists, which clients in other languages match on.
func TestSQLErrors(t *testing.T) {
	db := pgtest.DB(t)
	ctx := context.Background()
	if _, err := db.ExecContext(ctx, lease.PostgresFunctions()); err != nil {
		t.Fatal(err)
	}
	var schema string
	if err := db.QueryRowContext(ctx, "SELECT pg_catalog.current_schema()").Scan(&schema); err != nil {
		t.Fatal(err)
	}
	q := `"` + strings.ReplaceAll(schema, `"`, `""`) + `"`
	space := leasetest.NewSpace(t, 4).String()
	for _, c := range []struct {
		call, state string
		args        []any
	}{
		{"idforge_lease_acquire('', 4, 0, 16, 'h', '1 minute')", "22023", nil},
		{"idforge_lease_acquire($1, 0, 0, 16, 'h', '1 minute')", "22023", []any{space}},
		{"idforge_lease_acquire($1, 63, 0, 16, 'h', '1 minute')", "22023", []any{space}},
		{"idforge_lease_acquire($1, 4, 16, 16, 'h', '1 minute')", "22023", []any{space}},
		{"idforge_lease_acquire($1, 4, -1, 16, 'h', '1 minute')", "22023", []any{space}},
		{"idforge_lease_acquire($1, 4, 0, 0, 'h', '1 minute')", "22023", []any{space}},
		{"idforge_lease_acquire($1, 4, 0, 16, '', '1 minute')", "22023", []any{space}},
		{"idforge_lease_acquire($1, 4, 0, 16, 'h', '-1 second')", "22023", []any{space}},
		{"idforge_lease_acquire($1, 4, 0, 16, 'h', '1 minute', '-1 second')", "22023", []any{space}},
		{"idforge_lease_acquire($1, 4, 0, 16, 'h', '1 minute', NULL)", "22023", []any{space}},
		{"idforge_lease_acquire($1, 4, 0, 16, 'h', NULL)", "22023", []any{space}},
		{"idforge_lease_renew($1, 0, 'h', NULL, '1 minute', 0)", "22004", []any{space}},
		{"idforge_lease_renew($1, 0, 'h', 1, '0 seconds', 0)", "22023", []any{space}},
		{"idforge_lease_renew($1, 0, 'h', 1, '1 minute', -1)", "22023", []any{space}},
		{"idforge_lease_release(NULL, 0, 'h', 1, 0)", "22004", nil},
		{"idforge_lease_release($1, 0, 'h', 1, NULL)", "22023", []any{space}},
	} {
		rows, err := db.QueryContext(ctx, "SELECT * FROM "+q+"."+c.call, c.args...)
		if err == nil {
			rows.Close()
			err = rows.Err()
		}
		var pe *pgconn.PgError
		if !errors.As(err, &pe) || pe.Code != c.state {
			t.Errorf("%s: %v, want SQLSTATE %s", c.call, err, c.state)
		}
	}
}
