package pgsql_test

import (
	"bytes"
	"context"
	crand "crypto/rand"
	"database/sql"
	"encoding/hex"
	"fmt"
	"math/rand"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/stdlib"

	"github.com/idforge/idforge/gen/pgsql"
	"github.com/idforge/idforge/interop/internal/pgtest"
	"github.com/idforge/idforge/layouts"
	"github.com/idforge/idforge/mask"
	"github.com/idforge/idforge/maskkey"
	"github.com/idforge/idforge/resolved"
	"github.com/idforge/idforge/testenv"
)

// Key custody (issue 46's acceptance): with the server logging every
// statement, its parameters and every failing statement with its
// parameters, and pg_stat_statements tracking nested statements (where the
// server preloads it: .ci/run starts PostgreSQL 18 so), an unprivileged role
// granted only the named-key functions masks 1,000 UUIDv7s one statement
// each, unmasks them in one, and makes an unmask fail; the keys, loaded as
// the README says (COPY of the hex into a temporary table; pg_read_file of
// a key file on the server), then appear nowhere in the server's log,
// pg_stat_statements, pg_proc (prosrc, proconfig), pg_attrdef, pg_index or
// pg_description, nor in the plans the role sees, raw or as hex of either
// case (any 8 bytes of them), and the role cannot read idforge_mask_keys.
// As a control, a key written as a literal in a statement is found in the
// log. The functions that take a key are refused in a generated column
// and an index expression.
//
// It needs a superuser's DSN (IDFORGE_POSTGRES_DSN) and the path of the
// server's log (IDFORGE_POSTGRES_LOG, which the server can read: the test
// reads it with pg_read_binary_file); it changes the log settings with
// ALTER SYSTEM and puts them back as they were when it ends.
func TestKeyCustody(t *testing.T) {
	db := pgtest.DB(t)
	logPath := testenv.Need(t, testenv.PostgresLog)
	ctx := context.Background()
	one := func(q string, args ...any) string {
		t.Helper()
		var v sql.NullString
		if err := db.QueryRowContext(ctx, q, args...).Scan(&v); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
		return v.String
	}
	if one("SELECT rolsuper::text FROM pg_roles WHERE rolname = current_user") != "true" {
		t.Skip("skipped: IDFORGE_POSTGRES_DSN names a role that is not a superuser, which this test needs to change the log settings and read the log")
	}

	statements := logEverything(t, db)
	logStart := one("SELECT size::text FROM pg_stat_file($1)", logPath)

	// The functions, in a schema of their own, as the owner (a superuser
	// here) loads them, and the keys.
	l, err := layouts.Builtin("uuidv7")
	if err != nil {
		t.Fatal(err)
	}
	script, err := pgsql.Generate(resolved.Must(l), "")
	if err != nil {
		t.Fatal(err)
	}
	suffix := fmt.Sprint(rand.Int63())
	schema, role := "custody_"+suffix, "custody_app_"+suffix
	owner, err := db.Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		owner.ExecContext(ctx, "DROP SCHEMA "+schema+" CASCADE")
		owner.ExecContext(ctx, "DROP OWNED BY "+role)
		owner.ExecContext(ctx, "DROP ROLE "+role)
		owner.Close()
	})
	ownerExec := func(q string, args ...any) {
		t.Helper()
		if _, err := owner.ExecContext(ctx, q, args...); err != nil {
			t.Fatalf("%v\n%.500s", err, q)
		}
	}
	ownerExec("CREATE SCHEMA " + schema)
	ownerExec("SET search_path = " + schema)
	ownerExec(string(script))

	keys := map[string][]byte{"orders": make([]byte, 32), "invoices": make([]byte, 32)}
	for _, k := range keys {
		crand.Read(k)
	}
	// orders: the hex goes through COPY, whose rows no log or statistics
	// show, into a temporary table, and from there into the key table (the
	// README's psql \copy does the same).
	err = owner.Raw(func(dc any) error {
		pc := dc.(*stdlib.Conn).Conn().PgConn()
		if _, err := pc.Exec(ctx, "CREATE TEMP TABLE new_key (hex text)").ReadAll(); err != nil {
			return err
		}
		if _, err := pc.CopyFrom(ctx, strings.NewReader(hex.EncodeToString(keys["orders"])+"\n"), "COPY new_key FROM STDIN"); err != nil {
			return err
		}
		_, err := pc.Exec(ctx, "INSERT INTO idforge_mask_keys (name, key) SELECT 'orders', decode(hex, 'hex') FROM new_key; DROP TABLE new_key").ReadAll()
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	// invoices: a key file (idforge key's hex) that the server reads.
	keyFile, err := os.CreateTemp("", "idforge-custody-*.key")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.Remove(keyFile.Name()) })
	keyFile.WriteString(hex.EncodeToString(keys["invoices"]) + "\n")
	keyFile.Close()
	os.Chmod(keyFile.Name(), 0o644) // the server runs as another user
	fileKey := true
	if _, err := owner.ExecContext(ctx, `INSERT INTO idforge_mask_keys (name, key) SELECT 'invoices', decode(btrim(pg_read_file($1), E' \n'), 'hex')`, keyFile.Name()); err != nil {
		t.Logf("the key file is not checked: the server cannot read %s (%v); is it on another machine?", keyFile.Name(), err)
		fileKey = false
	}

	// The role: USAGE on the schema, EXECUTE on the named functions, and
	// SELECT on a table of orders; nothing on idforge_mask_keys.
	ownerExec("CREATE ROLE " + role + " LOGIN")
	ownerExec(fmt.Sprintf(`GRANT USAGE ON SCHEMA %[1]s TO %[2]s;
GRANT EXECUTE ON FUNCTION %[1]s.uuidv7_mask_named(uuid, text), %[1]s.uuidv7_mask_named(uuid, text, bytea),
  %[1]s.uuidv7_unmask_named(uuid, text), %[1]s.uuidv7_unmask_named(uuid, text, bytea) TO %[2]s`, schema, role))
	r := rand.New(rand.NewSource(46))
	ids := sample(l, r, 1000)
	ownerExec("CREATE TABLE orders (id uuid PRIMARY KEY)")
	ownerExec("INSERT INTO orders SELECT h::uuid FROM unnest($1::text[]) AS h", hexes(ids))
	ownerExec("ANALYZE orders")
	ownerExec(fmt.Sprintf("GRANT SELECT ON orders TO %s", role))

	cfg, err := pgx.ParseConfig(os.Getenv(testenv.Postgres))
	if err != nil {
		t.Fatal(err)
	}
	cfg.User = role
	cfg.RuntimeParams["search_path"] = schema
	app := stdlib.OpenDB(*cfg)
	t.Cleanup(func() { app.Close() })
	app.SetMaxOpenConns(1)
	if err := app.PingContext(ctx); err != nil {
		t.Fatalf("cannot connect as %s: %v", role, err)
	}

	// As the role: 1,000 masks, a statement each with parameters; 1,000
	// unmasks in one statement; a lookup by public ID; masks with the key
	// from the file and a tweak.
	m, err := mask.New(l, mustKey(t, keys["orders"]), nil)
	if err != nil {
		t.Fatal(err)
	}
	var pubs []string
	for _, id := range ids {
		var pub string
		if err := app.QueryRowContext(ctx, "SELECT uuidv7_mask_named($1::uuid, $2)::text", hex.EncodeToString(id), "orders").Scan(&pub); err != nil {
			t.Fatal(err)
		}
		want, err := m.Mask(id)
		if err != nil {
			t.Fatal(err)
		}
		if got := strings.ReplaceAll(pub, "-", ""); got != hex.EncodeToString(want) {
			t.Fatalf("uuidv7_mask_named(%x) = %s, package mask %x", id, got, want)
		}
		pubs = append(pubs, pub)
	}
	rows, err := app.QueryContext(ctx, "SELECT replace(uuidv7_unmask_named(p, 'orders')::text, '-', '') FROM unnest($1::uuid[]) WITH ORDINALITY AS u(p, i) ORDER BY i", pubs)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for ; rows.Next(); n++ {
		var back string
		if err := rows.Scan(&back); err != nil {
			t.Fatal(err)
		}
		if back != hex.EncodeToString(ids[n]) {
			t.Errorf("uuidv7_unmask_named(%s) = %s, want %x", pubs[n], back, ids[n])
		}
	}
	if err := rows.Err(); err != nil || n != len(ids) {
		t.Fatalf("%d unmasked, %v", n, err)
	}
	var plans []string
	lookup := "SELECT id::text FROM orders WHERE id = uuidv7_unmask_named($1, 'orders')"
	for _, q := range []string{"EXPLAIN (VERBOSE) " + lookup, "EXPLAIN (ANALYZE, VERBOSE) " + lookup} {
		plan := rowsText(t, app, q, pubs[7])
		if !strings.Contains(plan, "Index") {
			t.Errorf("a lookup by public ID does not use the index:\n%s", plan)
		}
		plans = append(plans, plan)
	}
	if got := rowsText(t, app, lookup, pubs[7]); strings.ReplaceAll(strings.TrimSpace(got), "-", "") != hex.EncodeToString(ids[7]) {
		t.Errorf("the lookup by public ID found %q, want %x", got, ids[7])
	}
	if fileKey {
		fm, err := mask.New(l, mustKey(t, keys["invoices"]), []byte("tenant-42"))
		if err != nil {
			t.Fatal(err)
		}
		for _, id := range ids[:10] {
			var pub string
			if err := app.QueryRowContext(ctx, "SELECT replace(uuidv7_mask_named($1::uuid, 'invoices', $2)::text, '-', '')", hex.EncodeToString(id), []byte("tenant-42")).Scan(&pub); err != nil {
				t.Fatal(err)
			}
			if want, _ := fm.Mask(id); pub != hex.EncodeToString(want) {
				t.Errorf("uuidv7_mask_named(%x, 'invoices', 'tenant-42') = %s, package mask %x", id, pub, want)
			}
		}
	}
	// The errors: an unmask that fails (a UUIDv7 is no public form), an
	// unknown name, and the key table.
	for _, c := range []struct{ q, arg, want string }{
		{"SELECT uuidv7_unmask_named($1::uuid, 'orders')", hex.EncodeToString(ids[3]), "ErrNotMasked"},
		{"SELECT uuidv7_mask_named($1::uuid, 'no-such-key')", hex.EncodeToString(ids[3]), "(SQLSTATE 42704)"},
		{"SELECT count(*) FROM idforge_mask_keys WHERE $1 <> ''", "x", "permission denied"},
		{"SELECT pg_read_file($1)", keyFile.Name(), "permission denied"},
	} {
		_, err := app.ExecContext(ctx, c.q, c.arg)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("as %s, %s: %v, want %s", role, c.q, err, c.want)
		}
	}

	// The functions that take a key are refused where the catalog would
	// keep it; the statements' literal key (another one) is the control
	// that shows the log is searched.
	control := make([]byte, 16)
	crand.Read(control)
	lit := `'\x` + hex.EncodeToString(control) + `'::bytea`
	ownerExec("CREATE TABLE refused (id uuid)")
	for _, q := range []string{
		"ALTER TABLE refused ADD COLUMN pub uuid GENERATED ALWAYS AS (uuidv7_mask(id, " + lit + ", ''::bytea)) STORED",
		"CREATE INDEX ON refused (uuidv7_mask(id, " + lit + ", ''::bytea))",
		"CREATE INDEX ON refused (uuidv7_mask_named(id, 'orders'))",
	} {
		if _, err := owner.ExecContext(ctx, q); err == nil || !strings.Contains(err.Error(), "42P17") {
			t.Errorf("%s: %v, want SQLSTATE 42P17 (not immutable)", q, err)
		}
	}

	// Where the keys must not be.
	var where []string
	logText := one("SELECT encode(pg_read_binary_file($1, $2::bigint, (SELECT size FROM pg_stat_file($1)) - $2::bigint), 'escape')", logPath, logStart)
	for _, want := range []string{"uuidv7_mask_named", "uuidv7_unmask_named", "ErrNotMasked", "$2 = 'orders'", "no key named 'no-such-key'"} {
		if !strings.Contains(logText, want) {
			t.Errorf("the server's log does not show %q: does it log statements and their parameters?", want)
		}
	}
	rawLog := one("SELECT encode(pg_read_binary_file($1, $2::bigint, (SELECT size FROM pg_stat_file($1)) - $2::bigint), 'hex')", logPath, logStart)
	logBytes, _ := hex.DecodeString(rawLog)
	sources := map[string]string{
		"the server's log": string(logBytes),
		"pg_proc":          rowsText(t, db, "SELECT proname || ' ' || prosrc || ' ' || coalesce(array_to_string(proconfig, ' '), '') || ' ' || coalesce(probin, '') FROM pg_proc"),
		"pg_attrdef":       rowsText(t, db, "SELECT adbin::text || ' ' || pg_get_expr(adbin, adrelid) FROM pg_attrdef"),
		"pg_index":         rowsText(t, db, "SELECT coalesce(indexprs::text || ' ' || pg_get_expr(indexprs, indrelid), '') FROM pg_index"),
		"pg_description":   rowsText(t, db, "SELECT description FROM pg_description"),
		"the role's plans": strings.Join(plans, "\n"),
	}
	if statements {
		sources["pg_stat_statements"] = rowsText(t, db, "SELECT query FROM pg_stat_statements")
		if !strings.Contains(sources["pg_stat_statements"], "uuidv7_mask_named") {
			t.Error("pg_stat_statements does not show the role's statements")
		}
	}
	if !strings.Contains(sources["the server's log"], hex.EncodeToString(control)) {
		t.Error("the control key, a literal in a logged statement, is not found in the log")
	}
	for name, k := range keys {
		for what, text := range sources {
			if at, form := findKey(text, k); at >= 0 {
				t.Errorf("key %s (%s) found in %s at %d: %.200q", name, form, what, at, text[max(0, at-100):])
			}
		}
	}
	where = append(where, fmt.Sprintf("%d bytes of log", len(logBytes)))
	for name, text := range sources {
		where = append(where, fmt.Sprintf("%s (%d bytes)", name, len(text)))
	}
	t.Logf("no key in %s; the key file checked: %v", strings.Join(where, ", "), fileKey)
}

// logEverything has the server log every statement with its parameters,
// every failing statement and every duration, and pg_stat_statements track
// nested statements where the server preloads it (whether it does is the
// result), with the extra settings, through ALTER SYSTEM; the settings are
// put back as they were when the test ends. db must be a superuser's.
func logEverything(t *testing.T, db *sql.DB, extra ...[2]string) (statements bool) {
	t.Helper()
	ctx := context.Background()
	// One connection, which loads the libraries whose settings it changes
	// (PostgreSQL 13 refuses ALTER SYSTEM for a setting it does not know).
	conn, err := db.Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close() })
	one := func(q string, args ...any) string {
		t.Helper()
		var v sql.NullString
		if err := conn.QueryRowContext(ctx, q, args...).Scan(&v); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
		return v.String
	}
	exec := func(q string, args ...any) {
		t.Helper()
		if _, err := conn.ExecContext(ctx, q, args...); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	// The log settings, and pg_stat_statements where the server preloads it.
	settings := [][2]string{
		{"log_statement", "all"},
		{"log_min_error_statement", "error"},
		{"log_min_duration_statement", "0"},
		{"log_parameter_max_length", "-1"},
		{"log_parameter_max_length_on_error", "-1"},
		{"log_error_verbosity", "verbose"},
	}
	statements = strings.Contains(one("SELECT current_setting('shared_preload_libraries')"), "pg_stat_statements")
	if statements {
		if one("SELECT count(*)::text FROM pg_extension WHERE extname = 'pg_stat_statements'") == "0" {
			exec("CREATE EXTENSION pg_stat_statements")
			t.Cleanup(func() { conn.ExecContext(ctx, "DROP EXTENSION IF EXISTS pg_stat_statements") })
		}
		settings = append(settings, [2]string{"pg_stat_statements.track", "all"})
	} else {
		t.Log("pg_stat_statements is not checked: the server does not preload it (.ci/postgres with IDFORGE_PG_OPTIONS='-c shared_preload_libraries=pg_stat_statements' does)")
	}
	settings = append(settings, extra...)
	for _, s := range extra {
		if lib, _, ok := strings.Cut(s[0], "."); ok {
			exec("LOAD " + quote(lib))
		}
	}
	for _, s := range settings {
		var old sql.NullString
		err := conn.QueryRowContext(ctx, `SELECT setting FROM pg_file_settings WHERE name = $1 AND sourcefile LIKE '%postgresql.auto.conf' ORDER BY seqno DESC LIMIT 1`, s[0]).Scan(&old)
		if err != nil && err != sql.ErrNoRows {
			t.Fatal(err)
		}
		exec(fmt.Sprintf("ALTER SYSTEM SET %s = %s", s[0], quote(s[1])))
		t.Cleanup(func() {
			if old.Valid {
				conn.ExecContext(ctx, fmt.Sprintf("ALTER SYSTEM SET %s = %s", s[0], quote(old.String)))
			} else {
				conn.ExecContext(ctx, "ALTER SYSTEM RESET "+s[0])
			}
			conn.ExecContext(ctx, "SELECT pg_reload_conf()")
		})
	}
	exec("SELECT pg_reload_conf()")
	for i := 0; ; i++ {
		if one("SELECT current_setting('log_statement') || current_setting('log_parameter_max_length_on_error')") == "all-1" {
			break
		}
		if i == 100 {
			t.Fatal("the server did not take the log settings")
		}
		time.Sleep(50 * time.Millisecond)
	}
	return statements
}

// mustKey returns key as a maskkey.Key.
func mustKey(t *testing.T, key []byte) maskkey.Key {
	t.Helper()
	k, err := maskkey.Parse(hex.EncodeToString(key))
	if err != nil {
		t.Fatal(err)
	}
	return k
}

// findKey returns where in text any 8 bytes of key appear, raw or as hex
// of either case (a bytea's \x text included), and in which form, or -1.
func findKey(text string, key []byte) (int, string) {
	for i := 0; i+8 <= len(key); i++ {
		w := key[i : i+8]
		for _, f := range []struct{ form, s string }{
			{"raw", string(w)},
			{"hex", hex.EncodeToString(w)},
			{"HEX", strings.ToUpper(hex.EncodeToString(w))},
		} {
			if at := strings.Index(text, f.s); at >= 0 {
				return at, f.form
			}
		}
	}
	return -1, ""
}

// rowsText returns every row of a query's first column, a line each.
func rowsText(t *testing.T, db *sql.DB, q string, args ...any) string {
	t.Helper()
	rows, err := db.QueryContext(context.Background(), q, args...)
	if err != nil {
		t.Fatalf("%s: %v", q, err)
	}
	defer rows.Close()
	var b bytes.Buffer
	for rows.Next() {
		var s sql.NullString
		if err := rows.Scan(&s); err != nil {
			t.Fatal(err)
		}
		b.WriteString(s.String + "\n")
	}
	if err := rows.Err(); err != nil {
		t.Fatalf("%s: %v", q, err)
	}
	return b.String()
}
