package lease

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"math"
	"sync"
)

// PostgresSchema creates the table the PostgreSQL engine keeps leases in,
// if it does not exist; the engine runs it on first use (under an advisory
// lock, so that holders starting at once do not race to create it), so a
// role that may create tables needs nothing else. One row per node ever leased: its space
// and number, its holder (” once released), when the lease expires on the
// server's clock, and the node's high-water tick.
const PostgresSchema = `CREATE TABLE IF NOT EXISTS idforge_lease (
	space      text        NOT NULL,
	node       bigint      NOT NULL,
	holder     text        NOT NULL,
	expires    timestamptz NOT NULL,
	high_water bigint      NOT NULL DEFAULT 0,
	PRIMARY KEY (space, node)
)`

// Each statement is one atomic step on the server, and every time in it is
// the server's clock_timestamp(), never the client's.
const (
	// pgAcquire takes the first node that no unexpired lease holds among
	// span nodes counted up from a start, wrapping around the space. It
	// returns no row when none is free, and a row of NULLs when it found
	// one but lost it to another holder: two holders racing for one node
	// both insert it, and the loser finds the row the winner wrote (ON
	// CONFLICT waits for its commit), unexpired.
	pgAcquire = `WITH free AS (
	SELECT ($2::bigint + i) % $3::bigint AS node
	FROM generate_series(0::bigint, $4::bigint - 1) AS i
	WHERE ($2::bigint + i) % $3::bigint NOT IN (
		SELECT h.node FROM idforge_lease h WHERE h.space = $1 AND h.expires > clock_timestamp())
	ORDER BY i
	LIMIT 1
), taken AS (
	INSERT INTO idforge_lease AS l (space, node, holder, expires)
	SELECT $1, node, $5, clock_timestamp() + $6::bigint * interval '1 microsecond' FROM free
	ON CONFLICT (space, node) DO UPDATE SET holder = excluded.holder, expires = excluded.expires
		WHERE l.expires <= clock_timestamp()
	RETURNING node, high_water
)
SELECT taken.node, taken.high_water FROM free LEFT JOIN taken ON true`
	pgRenew = `UPDATE idforge_lease
SET expires = clock_timestamp() + $4::bigint * interval '1 microsecond', high_water = greatest(high_water, $5::bigint)
WHERE space = $1 AND node = $2 AND holder = $3 AND expires > clock_timestamp()`
	pgRelease = `UPDATE idforge_lease
SET holder = '', expires = clock_timestamp(), high_water = $4::bigint
WHERE space = $1 AND node = $2 AND holder = $3 AND expires > clock_timestamp()`
)

// pgEngine keeps leases in a PostgreSQL table.
type pgEngine struct {
	db      *sql.DB
	mu      sync.Mutex
	created bool
}

// Postgres returns an engine that keeps leases in the table idforge_lease
// of the database db reaches (PostgreSQL 13 or later), through the
// database/sql driver the program registers. It creates the table with
// PostgresSchema on first use. Acquire, Renew and Release are single
// statements, and the server's clock alone decides when a lease expires.
// The engine of a nil db fails every call with an error matching
// ErrNoEngine.
func Postgres(db *sql.DB) Engine {
	if db == nil {
		return noEngine{"Postgres(nil)"}
	}
	return &pgEngine{db: db}
}

// pgCreate runs PostgresSchema under a transaction-scoped advisory lock, in
// one statement. CREATE TABLE IF NOT EXISTS alone is not safe to race: two
// sessions that both find the table missing both create it, and the loser
// fails on the catalog's unique index (SQLSTATE 23505) instead of finding
// the winner's table. Under the lock the second session waits for the
// first to commit and then sees the table.
const pgCreate = `DO $idforge$ BEGIN
PERFORM pg_advisory_xact_lock(29665263673829221); -- 0x6964666f726765, "idforge" in ASCII
` + PostgresSchema + `;
END $idforge$`

// create runs PostgresSchema once.
func (e *pgEngine) create(ctx context.Context) error {
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.created {
		return nil
	}
	if _, err := e.db.ExecContext(ctx, pgCreate); err != nil {
		return fmt.Errorf("creating the lease table: %w", err)
	}
	e.created = true
	return nil
}

// micros returns a TTL in whole microseconds, rounded down.
func micros(c Claim) int64 { return c.TTL.Microseconds() }

// tick checks that a high-water tick fits PostgreSQL's bigint.
func tick(hw uint64) (int64, error) {
	if hw > math.MaxInt64 {
		return 0, fmt.Errorf("lease: high-water tick %d does not fit a bigint", hw)
	}
	return int64(hw), nil
}

// Acquire implements Engine. A node lost to another holder between finding
// it free and taking it is no proof that the span is full, so Acquire looks
// again, until it takes a node or finds none free.
func (e *pgEngine) Acquire(ctx context.Context, c Claim, span uint64) (node, highWater uint64, err error) {
	if err := e.create(ctx); err != nil {
		return 0, 0, err
	}
	size := c.Space.Size()
	if size > math.MaxInt64 {
		return 0, 0, fmt.Errorf("%w: %s is too large for PostgreSQL's bigint", ErrSpace, c.Space)
	}
	span = min(span, size)
	for {
		var n, hw sql.NullInt64
		err := e.db.QueryRowContext(ctx, pgAcquire, c.Space.String(), int64(c.Node), int64(size), int64(span), c.Holder, micros(c)).Scan(&n, &hw)
		switch {
		case errors.Is(err, sql.ErrNoRows):
			return 0, 0, fmt.Errorf("%w in %s", ErrFull, c.Space)
		case err != nil:
			return 0, 0, err
		case n.Valid:
			return uint64(n.Int64), uint64(hw.Int64), nil
		}
		// Lost a race: every loss is a node another holder took, so this
		// ends once they hold the span.
	}
}

// Renew implements Engine.
func (e *pgEngine) Renew(ctx context.Context, c Claim, highWater uint64) error {
	hw, err := tick(highWater)
	if err != nil {
		return err
	}
	return e.exec(ctx, c, pgRenew, micros(c), hw)
}

// Release implements Engine.
func (e *pgEngine) Release(ctx context.Context, c Claim, highWater uint64) error {
	hw, err := tick(highWater)
	if err != nil {
		return err
	}
	return e.exec(ctx, c, pgRelease, hw)
}

// exec runs a statement on c's row and returns ErrLeaseLost if it changed
// none.
func (e *pgEngine) exec(ctx context.Context, c Claim, stmt string, args ...any) error {
	res, err := e.db.ExecContext(ctx, stmt, append([]any{c.Space.String(), int64(c.Node), c.Holder}, args...)...)
	if err != nil {
		return err
	}
	n, err := res.RowsAffected()
	if err != nil {
		return err
	}
	if n != 1 {
		return fmt.Errorf("%w: node %d of %s is not held by %s", ErrLeaseLost, c.Node, c.Space, c.Holder)
	}
	return nil
}
