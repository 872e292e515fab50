package lease_test

import (
	"context"
	"database/sql"
	_ "embed" // leaseV2
	"errors"
	"fmt"
	"math/rand"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/idforge/idforge/interop/internal/pgtest"
	"github.com/idforge/idforge/lease"
	"github.com/idforge/idforge/lease/leasetest"
	"github.com/jackc/pgx/v5/pgconn"
)

// leaseV2 is version 2 of lease/lease.sql, as idforge shipped it before
// the install rule: the upgrade test installs it, then the current one.
//
//go:embed testdata/lease-v2.sql
var leaseV2 string

// roles makes a schema and roles of the test's own, each name suffixed,
// dropped when the test ends, and returns the suffix.
func roles(t *testing.T, db *sql.DB, schema string, names ...string) string {
	t.Helper()
	sfx := fmt.Sprintf("%d_%d", os.Getpid(), rand.Intn(1e9))
	t.Cleanup(func() {
		db.Exec("DROP SCHEMA IF EXISTS " + schema + sfx + " CASCADE")
		for _, n := range names {
			db.Exec("DROP OWNED BY " + n + sfx)
			db.Exec("DROP ROLE IF EXISTS " + n + sfx)
		}
	})
	for _, n := range names {
		exec(t, db, "CREATE ROLE "+n+sfx+" LOGIN NOSUPERUSER")
	}
	return sfx
}

func exec(t *testing.T, db interface {
	Exec(string, ...any) (sql.Result, error)
}, q string, args ...any) {
	t.Helper()
	if _, err := db.Exec(q, args...); err != nil {
		t.Fatalf("%v\n%.300s", err, q)
	}
}

// sqlState returns err's SQLSTATE, or "".
func sqlState(err error) string {
	var pe *pgconn.PgError
	if errors.As(err, &pe) {
		return pe.Code
	}
	return ""
}

// TestHijackRefused is issue 65's first finding: in a schema where PUBLIC
// may CREATE (public on PostgreSQL 13 and 14, unless revoked), a role with
// no other rights plants the four lease functions, which hand every caller
// node 7 and say they are protocol 2 (which lease.sql up to version 2
// trusted without a look) or 3. Two engines then took node 7 at once, and
// two idforge new -lease runs made 149,741 duplicate IDs. Now the engine
// refuses the schema (SQLSTATE 42501) before it calls any of them: the
// planted functions never run, and no node is handed out twice. A schema
// where that role alone (not PUBLIC) was granted CREATE is refused too.
func TestHijackRefused(t *testing.T) {
	db := pgtest.DB(t)
	for _, grantee := range []string{"PUBLIC", "evil"} {
		for _, version := range []int{2, 3} {
			t.Run(fmt.Sprintf("%s may create, protocol %d", grantee, version), func(t *testing.T) {
				sfx := roles(t, db, "hijack", "evil", "victim")
				schema, evil, victim := "hijack"+sfx, "evil"+sfx, "victim"+sfx
				g := grantee
				if g == "evil" {
					g = evil
				}
				exec(t, db, fmt.Sprintf("CREATE SCHEMA %[1]s; GRANT USAGE ON SCHEMA %[1]s TO PUBLIC; GRANT CREATE ON SCHEMA %[1]s TO %[2]s; GRANT CREATE ON SCHEMA %[1]s TO %[3]s", schema, g, victim))
				// The planter records every call of its functions.
				planter := pgtest.As(t, evil, schema)
				exec(t, planter, fmt.Sprintf(`CREATE TABLE %[1]s.calls (fn text);
GRANT INSERT ON %[1]s.calls TO PUBLIC;
CREATE FUNCTION %[1]s.idforge_lease_protocol() RETURNS integer LANGUAGE sql VOLATILE AS $$ INSERT INTO %[1]s.calls VALUES ('protocol'); SELECT %[2]d $$;
CREATE FUNCTION %[1]s.idforge_lease_acquire(space text, node_bits integer, first bigint, span bigint, holder text, ttl interval, skew interval DEFAULT '1 second')
  RETURNS TABLE (node bigint, token bigint, expires timestamptz, high_water bigint) LANGUAGE sql VOLATILE
  AS $$ INSERT INTO %[1]s.calls VALUES ('acquire'); SELECT 7::bigint, 1::bigint, clock_timestamp() + interval '1 hour', 0::bigint $$;
CREATE FUNCTION %[1]s.idforge_lease_renew(space text, node bigint, holder text, token bigint, ttl interval, high_water bigint) RETURNS timestamptz
  LANGUAGE sql VOLATILE AS $$ INSERT INTO %[1]s.calls VALUES ('renew'); SELECT clock_timestamp() + interval '1 hour' $$;
CREATE FUNCTION %[1]s.idforge_lease_release(space text, node bigint, holder text, token bigint, high_water bigint) RETURNS timestamptz
  LANGUAGE sql VOLATILE AS $$ INSERT INTO %[1]s.calls VALUES ('release'); SELECT clock_timestamp() $$`, schema, version))

				s := leasetest.NewSpace(t, 10)
				var nodes []uint64
				for i := range 2 {
					e := lease.Postgres(pgtest.As(t, victim, schema))
					c := lease.Claim{Space: s, Holder: fmt.Sprint("victim ", i), TTL: time.Minute}
					n, _, err := e.Acquire(context.Background(), c, s.Size())
					if err == nil {
						nodes = append(nodes, n)
						continue
					}
					if sqlState(err) != "42501" || !strings.Contains(err.Error(), "may CREATE") {
						t.Errorf("engine %d: %v, want SQLSTATE 42501 naming who may CREATE", i, err)
					}
					if i == 0 {
						t.Logf("refused: %v", err)
					}
				}
				if len(nodes) > 0 {
					t.Errorf("the engines took nodes %v from the planted functions", nodes)
				}
				var calls []string
				rows, err := db.Query("SELECT fn FROM " + schema + ".calls")
				if err != nil {
					t.Fatal(err)
				}
				for rows.Next() {
					var fn string
					rows.Scan(&fn)
					calls = append(calls, fn)
				}
				rows.Close()
				if len(calls) > 0 {
					t.Errorf("the planted functions ran %d times (%s): the engine called them before checking who owns them", len(calls), strings.Join(calls, ", "))
				}
			})
		}
	}
}

// leaseDeployment installs lease.sql, as the role that owns a schema of its
// own, and makes two callers granted what docs/leases.md says they need:
// USAGE on the schema and EXECUTE on the three functions. It returns the
// owner's pool, the callers' and the schema.
func leaseDeployment(t *testing.T) (owner, app, thief *sql.DB, schema string) {
	db := pgtest.DB(t)
	sfx := roles(t, db, "leases", "lowner", "app", "thief")
	schema = "leases" + sfx
	exec(t, db, fmt.Sprintf("CREATE SCHEMA %s AUTHORIZATION lowner%s", schema, sfx))
	owner = pgtest.As(t, "lowner"+sfx, schema)
	exec(t, owner, lease.PostgresFunctions())
	for _, r := range []string{"app", "thief"} {
		exec(t, owner, fmt.Sprintf(`GRANT USAGE ON SCHEMA %[1]s TO %[2]s;
GRANT EXECUTE ON FUNCTION %[1]s.idforge_lease_acquire(text, integer, bigint, bigint, text, interval, interval),
  %[1]s.idforge_lease_renew(text, bigint, text, bigint, interval, bigint),
  %[1]s.idforge_lease_release(text, bigint, text, bigint, bigint) TO %[2]s`, schema, r+sfx))
	}
	return owner, pgtest.As(t, "app"+sfx, schema), pgtest.As(t, "thief"+sfx, schema), schema
}

// TestExecuteOnly is issue 65's third finding, with the grants docs/leases.md
// now asks for (EXECUTE on the functions, nothing on the table): a caller
// cannot read another holder's name or token, nor UPDATE the table, so it
// cannot release another's live lease, take its node or roll its
// high-water tick back; no release lowers the tick below what acquire
// returned; a skew of 293,000 years (which made every later acquire of the
// space overflow) and a TTL of 200,000 years are refused (SQLSTATE 22023),
// and acquire keeps working for the space. The app's engine, which runs
// lease.sql as a role that owns nothing, checks the installation and uses
// it; idforge_lease_check() finds nothing to report.
func TestExecuteOnly(t *testing.T) {
	owner, app, thief, schema := leaseDeployment(t)
	ctx := context.Background()
	s := leasetest.NewSpace(t, 2)
	e := lease.Postgres(app)
	c := lease.Claim{Space: s, Holder: "app " + fmt.Sprint(rand.Int63()), TTL: time.Minute}
	n, hw, err := e.Acquire(ctx, c, s.Size())
	if err != nil || hw != 0 {
		t.Fatalf("the app's engine, with EXECUTE only: %d, %d, %v", n, hw, err)
	}
	c.Node = n
	if err := e.Renew(ctx, c, 1000); err != nil {
		t.Fatal(err)
	}

	// The table: no read, no write.
	for _, q := range []string{
		"SELECT holder, token FROM idforge_lease",
		"UPDATE idforge_lease SET high_water = 0",
		"UPDATE idforge_lease SET holder = '', expires = now()",
		"INSERT INTO idforge_lease (space, node, holder, expires) VALUES ('x', 0, 'x', now())",
		"DELETE FROM idforge_lease",
	} {
		if _, err := thief.Exec(q); sqlState(err) != "42501" {
			t.Errorf("%s, as a caller: %v, want SQLSTATE 42501 (permission denied)", q, err)
		}
	}
	// Releases and renewals of the app's lease without its holder's name,
	// by every token up to 100: none is held.
	for _, holder := range []string{"app", "", "thief"} {
		for token := range 100 {
			var until sql.NullTime
			if err := thief.QueryRow("SELECT idforge_lease_release($1, $2, $3, $4, 0)", s.String(), int64(n), holder, token).Scan(&until); err != nil {
				if sqlState(err) != "22023" {
					t.Fatal(err)
				}
				continue
			}
			if until.Valid {
				t.Fatalf("the thief released node %d with holder %q and token %d", n, holder, token)
			}
		}
	}
	if _, _, err := lease.Postgres(thief).Acquire(ctx, lease.Claim{Space: s, Holder: "thief", TTL: time.Minute, Node: n}, 1); !errors.Is(err, lease.ErrFull) {
		t.Fatalf("the thief's acquire of node %d, held by the app: %v, want ErrFull", n, err)
	}
	// Poisoning: bounds.
	for _, q := range []string{
		"SELECT * FROM idforge_lease_acquire($1, 2, 0, 4, 'thief', '1 minute', '293000 years')",
		"SELECT * FROM idforge_lease_acquire($1, 2, 0, 4, 'thief', '200000 years')",
		"SELECT * FROM idforge_lease_acquire($1, 2, 0, 4, 'thief', '1 day 1 second')",
		"SELECT * FROM idforge_lease_acquire($1, 2, 0, 4, 'thief', '1 minute', '1 hour 1 second')",
		"SELECT * FROM idforge_lease_acquire($1, 2, 0, 4, repeat('x', 1025), '1 minute')",
	} {
		if _, err := thief.Exec(q, s.String()); sqlState(err) != "22023" {
			t.Errorf("%s: %v, want SQLSTATE 22023", q, err)
		}
	}
	if _, err := thief.Exec("SELECT idforge_lease_renew($1, 0, 'thief', 1, '200000 years', 0)", s.String()); sqlState(err) != "22023" {
		t.Errorf("a renewal for 200,000 years: %v, want SQLSTATE 22023", err)
	}
	// The app releases with a tick below the one it renewed with: allowed
	// (its own reservation), and the next holder sees it.
	if err := e.Release(ctx, c, 500); err != nil {
		t.Fatal(err)
	}
	// The thief takes the node, and releases it with 0: the mark stays
	// at 500, what its acquire returned.
	var token, mark int64
	if err := thief.QueryRow("SELECT a.token, a.high_water FROM idforge_lease_acquire($1, 2, $2, 1, 'thief', '1 minute') AS a", s.String(), int64(n)).Scan(&token, &mark); err != nil || mark != 500 {
		t.Fatalf("acquiring the released node: token %d, mark %d, %v; want mark 500", token, mark, err)
	}
	var until sql.NullTime
	if err := thief.QueryRow("SELECT idforge_lease_release($1, $2, 'thief', $3, 0)", s.String(), int64(n), token).Scan(&until); err != nil || !until.Valid {
		t.Fatalf("releasing: %v, %v", until, err)
	}
	if err := owner.QueryRow("SELECT high_water FROM idforge_lease WHERE space = $1 AND node = $2", s.String(), int64(n)).Scan(&mark); err != nil || mark != 500 {
		t.Errorf("after a release with 0: mark %d, %v; want 500, what the release's acquire returned", mark, err)
	}
	// Every node is still there to take.
	for i := range s.Size() {
		if _, _, err := e.Acquire(ctx, lease.Claim{Space: s, Holder: fmt.Sprint("app ", i), TTL: time.Minute}, s.Size()); err != nil {
			t.Fatalf("acquire %d of %d after the attempts: %v", i+1, s.Size(), err)
		}
	}
	rows, err := owner.Query("SELECT object, role, problem FROM idforge_lease_check()")
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var o, r, p string
		rows.Scan(&o, &r, &p)
		t.Errorf("idforge_lease_check: %s: %s %s", o, r, p)
	}
	rows.Close()
	_ = schema
}

// TestTableGrantRefused: a privilege on the lease table given to another
// role after the install (a reporting role's SELECT, which reads every
// holder's token) makes every engine refuse the installation until it is
// revoked, and idforge_lease_check() reports it, with the fix; so does a
// role made a member of the owner. Default privileges that would give a
// role SELECT on the table refuse a fresh install, which then creates
// nothing.
func TestTableGrantRefused(t *testing.T) {
	owner, app, _, schema := leaseDeployment(t)
	db := pgtest.DB(t)
	sfx := roles(t, db, "unused", "reporting")
	reporting := "reporting" + sfx
	check := func(want string) {
		t.Helper()
		var n int
		var fix string
		if err := app.QueryRow("SELECT count(*), coalesce(string_agg(fix, '; '), '') FROM idforge_lease_check()").Scan(&n, &fix); err != nil {
			t.Fatal(err)
		}
		if (n > 0) != (want != "") || !strings.Contains(fix, want) {
			t.Errorf("idforge_lease_check: %d rows, fix %q; want %q", n, fix, want)
		}
		_, _, err := lease.Postgres(app).Acquire(context.Background(), lease.Claim{Space: leasetest.NewSpace(t, 2), Holder: "app", TTL: time.Minute}, 4)
		if want != "" && (sqlState(err) != "42501" || !strings.Contains(err.Error(), want)) {
			t.Errorf("the engine: %v, want SQLSTATE 42501 with %q", err, want)
		}
		if want == "" && err != nil {
			t.Errorf("the engine: %v", err)
		}
	}
	check("")
	exec(t, owner, "GRANT SELECT ON idforge_lease TO "+reporting)
	check("REVOKE ALL ON TABLE " + schema + ".idforge_lease FROM " + reporting)
	exec(t, owner, "REVOKE ALL ON idforge_lease FROM "+reporting)
	exec(t, owner, "GRANT SELECT (token) ON idforge_lease TO "+reporting)
	check("REVOKE ALL (token) ON TABLE " + schema + ".idforge_lease FROM " + reporting)
	exec(t, owner, "REVOKE ALL (token) ON idforge_lease FROM "+reporting)
	check("")
	exec(t, db, "GRANT lowner"+strings.TrimPrefix(schema, "leases")+" TO "+reporting)
	check("REVOKE lowner" + strings.TrimPrefix(schema, "leases") + " FROM " + reporting)
	exec(t, db, "REVOKE lowner"+strings.TrimPrefix(schema, "leases")+" FROM "+reporting)
	check("")

	// A fresh install under default privileges.
	fresh := "fresh" + sfx
	exec(t, db, fmt.Sprintf("CREATE SCHEMA %s AUTHORIZATION %s", fresh, reporting))
	t.Cleanup(func() { db.Exec("DROP SCHEMA " + fresh + " CASCADE") })
	inst := pgtest.As(t, reporting, fresh)
	exec(t, inst, "ALTER DEFAULT PRIVILEGES IN SCHEMA "+fresh+" GRANT SELECT ON TABLES TO PUBLIC")
	if _, err := inst.Exec(lease.PostgresFunctions()); sqlState(err) != "42501" || !strings.Contains(err.Error(), "ALTER DEFAULT PRIVILEGES") {
		t.Errorf("installing under default privileges that give PUBLIC SELECT: %v, want SQLSTATE 42501 with the fix", err)
	}
	var exists bool
	if err := db.QueryRow("SELECT to_regclass($1) IS NOT NULL", fresh+".idforge_lease").Scan(&exists); err != nil || exists {
		t.Errorf("the refused install left its table: %v, %v", exists, err)
	}
}

// TestUpgradeFromProtocol2 installs version 2 of lease.sql as its owner,
// with the grants version 2's documentation asked for (SELECT, INSERT and
// UPDATE on the table), and a caller's live lease, and a row a caller
// poisoned with a skew of 293,000 years. The caller's engine refuses to
// run on version 2, naming the owner; the owner's upgrades it: the
// caller's privileges on the table become EXECUTE on the functions, the
// caller renews and releases its version-2 lease with its token through
// the new functions, cannot read the table any longer, and acquires again
// in the poisoned space.
func TestUpgradeFromProtocol2(t *testing.T) {
	db := pgtest.DB(t)
	sfx := roles(t, db, "upgrade", "uowner", "uapp")
	schema, ownerRole, appRole := "upgrade"+sfx, "uowner"+sfx, "uapp"+sfx
	exec(t, db, fmt.Sprintf("CREATE SCHEMA %s AUTHORIZATION %s", schema, ownerRole))
	owner := pgtest.As(t, ownerRole, schema)
	exec(t, owner, leaseV2)
	exec(t, owner, fmt.Sprintf("GRANT USAGE ON SCHEMA %[1]s TO %[2]s; GRANT SELECT, INSERT, UPDATE ON %[1]s.idforge_lease TO %[2]s", schema, appRole))
	app := pgtest.As(t, appRole, schema)
	s := leasetest.NewSpace(t, 2)
	var node, token int64
	if err := app.QueryRow("SELECT a.node, a.token FROM idforge_lease_acquire($1, 2, 0, 4, 'old', '1 minute') AS a", s.String()).Scan(&node, &token); err != nil {
		t.Fatal(err)
	}
	var until sql.NullTime
	if err := app.QueryRow("SELECT idforge_lease_renew($1, $2, 'old', $3, '1 minute', 40)", s.String(), node, token).Scan(&until); err != nil || !until.Valid {
		t.Fatalf("renewing through version 2: %v, %v", until, err)
	}
	poisoned := leasetest.NewSpace(t, 1)
	exec(t, app, "SELECT * FROM idforge_lease_acquire($1, 1, 0, 1, 'poison', '1 microsecond', '293000 years')", poisoned.String())
	time.Sleep(time.Millisecond)
	if _, err := app.Exec("SELECT * FROM idforge_lease_acquire($1, 1, 0, 2, 'victim', '1 minute')", poisoned.String()); err == nil {
		t.Log("version 2 survived the poisoned row (no overflow on this server)")
	} else {
		t.Logf("version 2, poisoned: %v", err)
	}

	_, _, err := lease.Postgres(app).Acquire(context.Background(), lease.Claim{Space: s, Holder: "new", TTL: time.Minute}, 4)
	if sqlState(err) != "42501" || !strings.Contains(err.Error(), "version 2") || !strings.Contains(err.Error(), ownerRole) {
		t.Errorf("the caller's engine on version 2: %v, want SQLSTATE 42501 naming version 2 and the owner", err)
	}
	if _, err := owner.Exec(lease.PostgresFunctions()); err != nil {
		t.Fatalf("the owner's upgrade: %v", err)
	}
	var protocol int
	if err := app.QueryRow("SELECT idforge_lease_protocol()").Scan(&protocol); err != nil || protocol != 3 {
		t.Fatalf("protocol %d, %v; want 3", protocol, err)
	}
	if err := app.QueryRow("SELECT idforge_lease_renew($1, $2, 'old', $3, '1 minute', 20)", s.String(), node, token).Scan(&until); err != nil || !until.Valid {
		t.Fatalf("renewing the version-2 lease through version 3: %v, %v", until, err)
	}
	if err := app.QueryRow("SELECT idforge_lease_release($1, $2, 'old', $3, 30)", s.String(), node, token).Scan(&until); err != nil || !until.Valid {
		t.Fatalf("releasing the version-2 lease through version 3: %v, %v", until, err)
	}
	var mark int64
	if err := owner.QueryRow("SELECT high_water FROM idforge_lease WHERE space = $1 AND node = $2", s.String(), node).Scan(&mark); err != nil || mark != 40 {
		t.Errorf("the upgraded lease's mark after renewals with 40 (version 2) and 20, and a release with 30: %d, %v; want 40 (a version-2 lease's mark at the upgrade is its floor)", mark, err)
	}
	if _, err := app.Exec("SELECT token FROM idforge_lease"); sqlState(err) != "42501" {
		t.Errorf("reading the table after the upgrade: %v, want SQLSTATE 42501", err)
	}
	if _, _, err := lease.Postgres(app).Acquire(context.Background(), lease.Claim{Space: poisoned, Holder: "after", TTL: time.Minute}, 2); err != nil {
		t.Errorf("acquiring in the poisoned space after the upgrade: %v", err)
	}
	var n int
	if err := owner.QueryRow("SELECT count(*) FROM idforge_lease_check()").Scan(&n); err != nil || n != 0 {
		t.Errorf("idforge_lease_check after the upgrade: %d rows, %v", n, err)
	}
}
