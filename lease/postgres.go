package lease

import (
	"context"
	"database/sql"
	_ "embed" // leaseSQL
	"errors"
	"fmt"
	"math"
	"strings"
	"sync"
	"time"

	"github.com/idforge/idforge/pginstall"
)

// PostgresSchema creates the table the PostgreSQL engine keeps leases in,
// if it does not exist. PostgresFunctions creates it too, and upgrades a
// table made before it, so run that instead; the engine runs it on first
// use. One row per node ever leased: its space and number, its holder
// (empty once released), when the lease expires on the server's clock, the
// node's high-water tick, the fencing token of its latest acquisition, and
// the TTL and clock-skew bound of its quarantine after an expiry, and the
// high-water tick the node had when its current lease was acquired, below
// which a release cannot bring it. Create it as the role that runs
// PostgresFunctions, and grant no other role any privilege on it.
const PostgresSchema = `CREATE TABLE IF NOT EXISTS idforge_lease (
	space      text        NOT NULL,
	node       bigint      NOT NULL,
	holder     text        NOT NULL,
	expires    timestamptz NOT NULL,
	high_water bigint      NOT NULL DEFAULT 0,
	token      bigint      NOT NULL DEFAULT 0,
	ttl        interval    NOT NULL DEFAULT '0',
	skew       interval    NOT NULL DEFAULT '0',
	acquired_high_water bigint NOT NULL DEFAULT 0,
	PRIMARY KEY (space, node)
)`

// leaseSQL is the script lease.sql, which PostgresFunctions returns.
//
//go:embed lease.sql
var leaseSQL string

// PostgresFunctions returns the lease protocol as PostgreSQL functions
// (PostgreSQL 13 or later), the script lease.sql: run as it stands, once or
// any number of times, it creates the table idforge_lease in
// current_schema() if it is missing, and the functions
// idforge_lease_acquire, idforge_lease_renew, idforge_lease_release and
// idforge_lease_protocol beside it, unless the same or a later version of
// them is there. First it checks idforge's install rule (package
// pginstall) in the catalogs, before it calls any function already there,
// and refuses with SQLSTATE 42501, naming each problem and its fix, a
// schema where a role other than the functions' owner (or, with none
// installed, the role running it) may CREATE, a lease table or function
// another role owns, and any privilege another role holds on the table:
// callers get EXECUTE on the functions, which are SECURITY DEFINER. The
// Postgres engine runs it on first use and then calls the functions, as
// the lease clients of other languages do after PostgresCheck's query;
// docs/leases.md documents their contract.
func PostgresFunctions() string { return leaseSQL }

// leaseObjects are what lease.sql installs, for the install rule (package
// pginstall): the table, whose rows carry the fencing tokens and
// high-water ticks, and every function of the lease protocol.
var leaseObjects = []pginstall.Object{
	{Name: "idforge_lease", Guarded: true},
	{Function: true, Name: "idforge_lease_acquire"},
	{Function: true, Name: "idforge_lease_renew"},
	{Function: true, Name: "idforge_lease_release"},
	{Function: true, Name: "idforge_lease_protocol"},
	{Function: true, Name: "idforge_lease_check"},
}

// PostgresCheck returns the query a lease client runs before it trusts
// the lease functions in the schema that the SQL expression schema names
// (a quoted literal, or a parameter): the install rule of lease.sql and
// package pginstall, for the role that owns idforge_lease_protocol()
// there, read from the catalogs alone, without calling any of the
// functions. Its rows (kind, object, role, problem, fix) are the problems,
// each with the statement that fixes it: any row, and the client must not
// call the functions. The Go engine runs lease.sql, which makes the same
// checks; the JavaScript, Python and Java clients run this query, which
// their packages carry.
func PostgresCheck(schema string) string {
	owner := `(SELECT f.proowner FROM pg_catalog.pg_proc AS f, pg_catalog.pg_namespace AS fn
      WHERE f.pronamespace OPERATOR(pg_catalog.=) fn.oid AND fn.nspname OPERATOR(pg_catalog.=) (` + schema + `)
        AND f.proname OPERATOR(pg_catalog.=) 'idforge_lease_protocol'::pg_catalog.name AND f.pronargs OPERATOR(pg_catalog.=) 0)`
	return "SELECT p.kind, p.object, p.role, p.problem, p.fix FROM (\n" + pginstall.Problems(schema, owner, leaseObjects) + "\n) AS p"
}

// The engine's calls, with the schema the functions are in (%[1]s, quoted).
// The TTL goes as text, in whole microseconds, so that no driver or float
// rounds it.
const (
	pgAcquire = `SELECT a.node, a.token, a.expires, a.high_water FROM %[1]s.idforge_lease_acquire($1, $2, $3, $4, $5, $6::interval, $7::interval) AS a`
	pgRenew   = `SELECT %[1]s.idforge_lease_renew($1, $2, $3, $4, $5::interval, $6)`
	pgRelease = `SELECT %[1]s.idforge_lease_release($1, $2, $3, $4, $5)`
)

// pgEngine keeps leases in a PostgreSQL table, through the SQL lease
// functions.
type pgEngine struct {
	db *sql.DB

	mu                      sync.Mutex
	acquire, renew, release string // the calls, once the functions are installed

	tokens sync.Mutex
	held   map[heldKey]heldLease // the fencing token of each lease this engine acquired
	latest time.Time             // the latest time the server has reported
}

// heldKey names a lease: a node of a space and its holder.
type heldKey struct {
	space  string
	node   uint64
	holder string
}

// heldLease is what the engine keeps of a lease it acquired: its fencing
// token, which renewals and the release must show, and its latest expiry
// on the server's clock.
type heldLease struct {
	token   int64
	expires time.Time
}

// Postgres returns an engine that keeps leases in the table idforge_lease
// of the database db reaches (PostgreSQL 13 or later), through the
// database/sql driver the program registers. On first use it runs
// PostgresFunctions, which creates the table and the SQL lease functions in
// the first schema of the connection's search_path if they are missing;
// from then on it calls the functions, schema-qualified. Acquire, Renew and
// Release are single calls, and the server's clock alone decides when a
// lease expires. The engine of a nil db fails every call with an error
// matching ErrNoEngine.
func Postgres(db *sql.DB) Engine {
	if db == nil {
		return noEngine{"Postgres(nil)"}
	}
	return &pgEngine{db: db, held: map[heldKey]heldLease{}}
}

// install runs PostgresFunctions once, and finds the schema it installed
// into.
func (e *pgEngine) install(ctx context.Context) error {
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.acquire != "" {
		return nil
	}
	if _, err := e.db.ExecContext(ctx, PostgresFunctions()); err != nil {
		return fmt.Errorf("installing the lease table and functions: %w", err)
	}
	var schema string
	if err := e.db.QueryRowContext(ctx, "SELECT pg_catalog.current_schema()").Scan(&schema); err != nil {
		return fmt.Errorf("finding the schema of the lease functions: %w", err)
	}
	q := `"` + strings.ReplaceAll(schema, `"`, `""`) + `"`
	e.acquire, e.renew, e.release = fmt.Sprintf(pgAcquire, q), fmt.Sprintf(pgRenew, q), fmt.Sprintf(pgRelease, q)
	return nil
}

// interval returns a TTL as PostgreSQL interval text, in whole
// microseconds, rounded down.
func interval(c Claim) string { return micros(c.TTL) }

// micros returns a duration as PostgreSQL interval text, in whole
// microseconds, rounded down.
func micros(d time.Duration) string { return fmt.Sprintf("%d microseconds", d.Microseconds()) }

// skewInterval returns a claim's clock-skew bound as PostgreSQL interval
// text, in whole microseconds, rounded up: the quarantine is never shorter
// than asked.
func skewInterval(c Claim) string {
	return micros(max(c.Skew, 0) + time.Microsecond - 1)
}

// tick checks that a high-water tick fits PostgreSQL's bigint.
func tick(hw uint64) (int64, error) {
	if hw > math.MaxInt64 {
		return 0, fmt.Errorf("lease: high-water tick %d does not fit a bigint", hw)
	}
	return int64(hw), nil
}

// Acquire implements Engine.
func (e *pgEngine) Acquire(ctx context.Context, c Claim, span uint64) (node, highWater uint64, err error) {
	if err := e.install(ctx); err != nil {
		return 0, 0, err
	}
	size := c.Space.Size()
	if c.Space.NodeBits > 62 {
		return 0, 0, fmt.Errorf("%w: %s is too large for PostgreSQL's bigint", ErrSpace, c.Space)
	}
	span = min(span, size)
	var (
		n, token, hw int64
		expires      time.Time
	)
	err = e.db.QueryRowContext(ctx, e.acquire, c.Space.String(), c.Space.NodeBits, int64(c.Node), int64(span), c.Holder, interval(c), skewInterval(c)).Scan(&n, &token, &expires, &hw)
	switch {
	case errors.Is(err, sql.ErrNoRows):
		return 0, 0, fmt.Errorf("%w in %s", ErrFull, c.Space)
	case err != nil:
		return 0, 0, err
	}
	e.tokens.Lock()
	defer e.tokens.Unlock()
	e.forget(expires.Add(-c.TTL))
	e.held[heldKey{c.Space.String(), uint64(n), c.Holder}] = heldLease{token, expires}
	return uint64(n), uint64(hw), nil
}

// forget drops the tokens of leases that had expired by now on the
// server's clock: no renewal or release can show them any longer. Tokens
// of leases that were lost, rather than released, go this way.
// e.tokens must be held.
func (e *pgEngine) forget(now time.Time) {
	if !now.After(e.latest) {
		return
	}
	e.latest = now
	for k, l := range e.held {
		if !l.expires.After(now) {
			delete(e.held, k)
		}
	}
}

// token returns the fencing token of c's lease, if this engine acquired
// it and it may still be held; 0, which no acquisition has, otherwise.
func (e *pgEngine) token(c Claim) int64 {
	e.tokens.Lock()
	defer e.tokens.Unlock()
	return e.held[heldKey{c.Space.String(), c.Node, c.Holder}].token
}

// Renew implements Engine.
func (e *pgEngine) Renew(ctx context.Context, c Claim, highWater uint64) error {
	hw, err := tick(highWater)
	if err != nil {
		return err
	}
	if err := e.install(ctx); err != nil {
		return err
	}
	token := e.token(c)
	var expires sql.NullTime
	if err := e.db.QueryRowContext(ctx, e.renew, c.Space.String(), int64(c.Node), c.Holder, token, interval(c), hw).Scan(&expires); err != nil {
		return err
	}
	e.tokens.Lock()
	defer e.tokens.Unlock()
	k := heldKey{c.Space.String(), c.Node, c.Holder}
	if !expires.Valid {
		delete(e.held, k)
		return lost(c)
	}
	e.held[k] = heldLease{token, expires.Time}
	return nil
}

// Release implements Engine.
func (e *pgEngine) Release(ctx context.Context, c Claim, highWater uint64) error {
	hw, err := tick(highWater)
	if err != nil {
		return err
	}
	if err := e.install(ctx); err != nil {
		return err
	}
	var released sql.NullTime
	if err := e.db.QueryRowContext(ctx, e.release, c.Space.String(), int64(c.Node), c.Holder, e.token(c), hw).Scan(&released); err != nil {
		return err
	}
	e.tokens.Lock()
	defer e.tokens.Unlock()
	delete(e.held, heldKey{c.Space.String(), c.Node, c.Holder})
	if !released.Valid {
		return lost(c)
	}
	return nil
}

// lost returns the error of a renewal or release of a lease not held.
func lost(c Claim) error {
	return fmt.Errorf("%w: node %d of %s is not held by %s", ErrLeaseLost, c.Node, c.Space, c.Holder)
}
