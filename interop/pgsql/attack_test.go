package pgsql_test

import (
	"context"
	crand "crypto/rand"
	"database/sql"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"math/rand"
	"os"
	"regexp"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/stdlib"

	"github.com/idforge/idforge/gen/pgsql"
	"github.com/idforge/idforge/interop/internal/pgtest"
	"github.com/idforge/idforge/layouts"
	"github.com/idforge/idforge/mask"
	"github.com/idforge/idforge/resolved"
	"github.com/idforge/idforge/testenv"
)

// The attack suite of key custody (issue 56): a role that may CREATE in a
// schema tries to make the SECURITY DEFINER functions run its code as the
// key table's owner.
//
// The functions the attacker aims at are read back from the server: the
// definer functions' own bodies (pg_proc.prosrc) and, recursively, the
// bodies of idforge's functions they call. For every function name called
// in them, the attacker (NOSUPERUSER, with CREATE on the install schema,
// granted after the install as an administrator's mistake, and a schema of
// its own on the legitimate caller's search_path, and no EXECUTE on
// idforge's functions) creates overloads in both schemas for every
// combination of argument types that could be a closer match than
// pg_catalog's (bit where varbit is meant, text, unknown, integer, bigint
// and more, as many arguments as the calls pass), and for every operator
// they use, operators on every pair of those types. Each overload, when
// run, copies the key table into a table the attacker owns and RAISEs a
// NOTICE with it. A legitimate role, granted EXECUTE on the named
// functions only, then masks and unmasks with a hostile search_path (the
// attacker's schema before pg_catalog), with pg_temp first over a decoy
// key table of its own, and through every error path. The keys must then
// appear 0 times in the attacker's table, the notices, the server's log
// (log_statement=all, nested auto_explain with log_analyze) and
// pg_stat_statements (where the server preloads it); no overload may have
// run at all, and every result must be package mask's.
//
// A control shows the attack bites: a definer function of the shape
// idforge wrote before issue 56 (its schema on its search_path, varbit_send
// given a bit) hands the attacker the keys on its first call. The attacker
// also creates domains named as the types the bodies use, and the
// legitimate role first calls P_mask itself under its hostile path, so
// that PL/pgSQL resolves P_mask's declarations there. And the
// install itself is refused, with the fix in the message, while the
// attacker or PUBLIC may CREATE in the schema.
//
// It needs a superuser's DSN; the log is checked where
// IDFORGE_POSTGRES_LOG names it (.ci/run sets it on 13, 15 and 18).
func TestAttackCustody(t *testing.T) {
	db := pgtest.DB(t)
	ctx := context.Background()
	var super string
	if err := db.QueryRowContext(ctx, "SELECT rolsuper::text FROM pg_roles WHERE rolname = current_user").Scan(&super); err != nil {
		t.Fatal(err)
	}
	if super != "true" {
		t.Skip("skipped: IDFORGE_POSTGRES_DSN names a role that is not a superuser, which this test needs to create roles and read the catalog")
	}
	n := rand.Int63()
	inst, own := fmt.Sprintf("atk_ids_%d", n), fmt.Sprintf("atk_own_%d", n)
	evil, app := fmt.Sprintf("atk_evil_%d", n), fmt.Sprintf("atk_app_%d", n)
	owner, err := db.Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		for _, q := range []string{"DROP SCHEMA IF EXISTS " + inst + " CASCADE", "DROP SCHEMA IF EXISTS " + own + " CASCADE",
			"DROP OWNED BY " + evil + ", " + app, "DROP ROLE " + evil, "DROP ROLE " + app} {
			owner.ExecContext(ctx, q)
		}
		owner.Close()
	})
	ownerExec := func(q string, args ...any) {
		t.Helper()
		if _, err := owner.ExecContext(ctx, q, args...); err != nil {
			t.Fatalf("%v\n%.300s", err, q)
		}
	}
	ownerExec(fmt.Sprintf("CREATE ROLE %s LOGIN NOSUPERUSER; CREATE ROLE %s LOGIN NOSUPERUSER; CREATE SCHEMA %s", evil, app, inst))

	// Three layouts, one of each SQL type, in one schema.
	var ls []*layouts.Layout
	var scripts []string
	for _, name := range []string{"uuidv7", "ksuid", "snowflake"} {
		l, err := layouts.Builtin(name)
		if err != nil {
			t.Fatal(err)
		}
		script, err := pgsql.Generate(resolved.Must(l), "")
		if err != nil {
			t.Fatal(err)
		}
		ls = append(ls, l)
		scripts = append(scripts, string(script))
	}

	// The install is refused while another role or PUBLIC may CREATE in the
	// schema, with the fix in the message, and leaves nothing behind.
	for _, grantee := range []string{evil, "PUBLIC"} {
		ownerExec(fmt.Sprintf("GRANT CREATE ON SCHEMA %s TO %s", inst, grantee))
		_, err := owner.ExecContext(ctx, "SET search_path = "+inst+";\n"+scripts[0])
		var pe *pgconn.PgError
		fix := fmt.Sprintf("REVOKE CREATE ON SCHEMA %s FROM %s", inst, grantee)
		if !errors.As(err, &pe) || pe.Code != "42501" || !strings.Contains(pe.Message, fix) || !strings.Contains(pe.Message, "-schema") {
			t.Errorf("install with CREATE granted to %s: %v, want SQLSTATE 42501 saying %q and -schema", grantee, err, fix)
		} else {
			t.Logf("refused: %s", pe.Message)
		}
		var left int
		if err := owner.QueryRowContext(ctx, "SELECT (SELECT count(*) FROM pg_proc WHERE pronamespace = $1::regnamespace) + (SELECT count(*) FROM pg_class WHERE relnamespace = $1::regnamespace)", inst).Scan(&left); err != nil || left != 0 {
			t.Errorf("a refused install left %d objects (%v)", left, err)
		}
		ownerExec(fmt.Sprintf("REVOKE CREATE ON SCHEMA %s FROM %s", inst, grantee))
	}
	ownerExec("SET search_path = " + inst)
	for _, s := range scripts {
		ownerExec(s)
	}
	ownerExec("RESET search_path")
	keys := map[string][]byte{"orders": make([]byte, 32), "long": make([]byte, 80)}
	for name, k := range keys {
		crand.Read(k)
		copyKey(t, owner, inst, name, k)
	}

	// The attacker: CREATE (and USAGE) on the install schema, granted after
	// the install, and a schema of its own that everyone may use, with the
	// table its overloads copy the keys into.
	ownerExec(fmt.Sprintf("GRANT USAGE, CREATE ON SCHEMA %s TO %s; CREATE SCHEMA %s AUTHORIZATION %s", inst, evil, own, evil))
	cfg, err := pgx.ParseConfig(os.Getenv(testenv.Postgres))
	if err != nil {
		t.Fatal(err)
	}
	cfg.User = evil
	attacker := stdlib.OpenDB(*cfg)
	t.Cleanup(func() { attacker.Close() })
	attackerExec := func(q string, args ...any) {
		t.Helper()
		if _, err := attacker.ExecContext(ctx, q, args...); err != nil {
			t.Fatalf("as %s: %v\n%.300s", evil, err, q)
		}
	}
	attackerExec(fmt.Sprintf(`GRANT USAGE ON SCHEMA %[1]s TO PUBLIC;
CREATE TABLE %[1]s.loot (via text, who text, keys text);
GRANT INSERT ON %[1]s.loot TO PUBLIC;
CREATE FUNCTION %[1]s.steal(via text) RETURNS void LANGUAGE plpgsql SET search_path = pg_catalog, pg_temp AS $s$
DECLARE
  keys text;
BEGIN
  BEGIN
    SELECT string_agg(name || '=' || encode(key, 'hex'), ',') INTO keys FROM %[2]s.idforge_mask_keys;
  EXCEPTION WHEN others THEN
    keys := NULL;
  END;
  INSERT INTO %[1]s.loot VALUES (via, current_user, keys);
  RAISE NOTICE 'attack %% as %%: %%', via, current_user, keys;
END
$s$;
CREATE FUNCTION %[1]s.run_all(stmts text[]) RETURNS int LANGUAGE plpgsql AS $r$
DECLARE
  st text;
  made int := 0;
BEGIN
  FOREACH st IN ARRAY stmts LOOP
    BEGIN
      EXECUTE st;
      made := made + 1;
    EXCEPTION WHEN others THEN
      NULL;
    END;
  END LOOP;
  RETURN made;
END
$r$`, own, inst))

	// What the definer functions reach, read back from the server.
	reached := reach(t, owner, inst)
	if len(reached.definers) != 4*len(ls) {
		t.Fatalf("%d SECURITY DEFINER functions in %s, want %d", len(reached.definers), inst, 4*len(ls))
	}
	var names, ops []string
	for name := range reached.calls {
		names = append(names, name)
	}
	for op := range reached.ops {
		ops = append(ops, op)
	}
	sort.Strings(names)
	sort.Strings(ops)
	t.Logf("the definer functions reach %d functions of their own (%s), call %s and use the operators %s",
		len(reached.bodies)-len(reached.definers), strings.Join(reached.own, ", "), strings.Join(names, ", "), strings.Join(ops, " "))
	for _, want := range []string{"varbit_send", "sha256", "substring", "format"} {
		if reached.calls[want] == nil {
			t.Errorf("the bodies read back do not call %s: is the reading of prosrc broken?", want)
		}
	}

	// The overloads and operators, in both schemas. The attacker's own code
	// pins its search_path, so that its overloads do not call one another.
	var stmts []string
	seq := 0
	overload := func(schema, name string, types []string, ret string) string {
		via := fmt.Sprintf("%s.%s(%s)", schema, name, strings.Join(types, ", "))
		return fmt.Sprintf("CREATE FUNCTION %s.%s(%s) RETURNS %s LANGUAGE sql SET search_path = pg_catalog, pg_temp AS $a$ SELECT NULL::%s FROM %s.steal(%s) $a$",
			schema, quoteIdent(name), strings.Join(types, ", "), ret, ret, own, quote(via))
	}
	for _, name := range names {
		ret := returnType(t, owner, inst, name)
		for _, arity := range sortedKeys(reached.calls[name]) {
			for _, types := range typeCombos(arity) {
				for _, schema := range []string{inst, own} {
					stmts = append(stmts, overload(schema, name, types, ret))
				}
			}
		}
	}
	for _, op := range ops {
		var ret string
		if err := owner.QueryRowContext(ctx, "SELECT coalesce((SELECT format_type(o.oprresult, NULL) FROM pg_operator AS o JOIN pg_type AS y ON y.oid = o.oprresult WHERE o.oprname = $1 AND o.oprleft <> 0 AND y.typtype <> 'p' ORDER BY o.oid LIMIT 1), 'boolean')", op).Scan(&ret); err != nil {
			t.Fatal(err)
		}
		for _, types := range typeCombos(2) {
			seq++
			fn := fmt.Sprintf("atk_op_%d", seq)
			stmts = append(stmts, overload(own, fn, types, ret))
			for _, schema := range []string{inst, own} {
				stmts = append(stmts, fmt.Sprintf("CREATE OPERATOR %s.%s (LEFTARG = %s, RIGHTARG = %s, FUNCTION = %s.%s)", schema, op, types[0], types[1], own, fn))
			}
		}
	}
	var made int
	if err := attacker.QueryRowContext(ctx, "SELECT "+own+".run_all($1)", stmts).Scan(&made); err != nil {
		t.Fatal(err)
	}
	t.Logf("the attacker made %d of %d overloads and operators in %s and %s (the rest are refused by PostgreSQL: a type it does not take there, or a signature that exists)", made, len(stmts), inst, own)
	if made < len(stmts)/2 {
		t.Errorf("only %d of %d attacks were created", made, len(stmts))
	}
	// Types too: domains over pg_catalog's types, named as the types the
	// bodies use, whose CHECK hands the attacker each value. PL/pgSQL
	// resolves a declaration's type once a session, on the function's
	// first call, under that call's search_path.
	attackerExec(fmt.Sprintf(`CREATE FUNCTION %[1]s.check_steal(d text, v text) RETURNS boolean LANGUAGE plpgsql SET search_path = pg_catalog, pg_temp AS $c$
BEGIN
  PERFORM %[1]s.steal(d || ': ' || v);
  RETURN true;
END
$c$`, own))
	for _, schema := range []string{inst, own} {
		for _, ty := range []string{"bytea", "text", "uuid", "varbit", "int8", "bit"} {
			attackerExec(fmt.Sprintf("CREATE DOMAIN %[1]s.%[2]s AS pg_catalog.%[2]s CHECK (%[3]s.check_steal('%[1]s.%[2]s', VALUE::pg_catalog.text))", schema, ty, own))
		}
	}

	// The attacks issue 56 found, and one operator, are among them.
	var found int
	if err := owner.QueryRowContext(ctx, `SELECT (SELECT count(*) FROM pg_proc WHERE proname = 'varbit_send' AND pronamespace = $1::regnamespace AND proargtypes[0] = 'bit'::regtype)
		+ (SELECT count(*) FROM pg_operator WHERE oprname = '||' AND oprnamespace = $1::regnamespace AND oprleft = 'bit'::regtype AND oprright = 'bit'::regtype)`, inst).Scan(&found); err != nil || found != 2 {
		t.Fatalf("the attacker's %s.varbit_send(bit) and ||(bit, bit): %d of 2 (%v)", inst, found, err)
	}

	// The log, from here on: the legitimate role's calls.
	logPath := os.Getenv(testenv.PostgresLog)
	statements, logStart := false, "0"
	if logPath != "" {
		statements = logEverything(t, db,
			[2]string{"session_preload_libraries", "auto_explain"},
			[2]string{"auto_explain.log_min_duration", "0"},
			[2]string{"auto_explain.log_nested_statements", "on"},
			[2]string{"auto_explain.log_analyze", "on"},
			[2]string{"auto_explain.log_verbose", "on"})
		if err := db.QueryRowContext(ctx, "SELECT size::text FROM pg_stat_file($1)", logPath).Scan(&logStart); err != nil {
			t.Fatal(err)
		}
	} else {
		t.Log("the server's log is not checked: IDFORGE_POSTGRES_LOG is not set (.ci/run sets it)")
	}

	// The legitimate role: EXECUTE on the named functions only.
	var grants []string
	for _, l := range ls {
		p, typ := pgsql.DefaultPrefix(resolved.Must(l)), sqlTypeOf(l)
		for _, f := range []string{"mask_named", "unmask_named"} {
			grants = append(grants, fmt.Sprintf("%s.%s_%s(%s, text)", inst, p, f, typ), fmt.Sprintf("%s.%s_%s(%s, text, bytea)", inst, p, f, typ))
		}
	}
	ownerExec(fmt.Sprintf("GRANT USAGE ON SCHEMA %s TO %s; GRANT EXECUTE ON FUNCTION %s TO %s", inst, app, strings.Join(grants, ", "), app))
	var (
		mu      sync.Mutex
		notices []string
	)
	cfg, err = pgx.ParseConfig(os.Getenv(testenv.Postgres))
	if err != nil {
		t.Fatal(err)
	}
	cfg.User = app
	cfg.RuntimeParams["search_path"] = fmt.Sprintf("%s, %s, pg_catalog, public", own, inst)
	cfg.OnNotice = func(_ *pgconn.PgConn, n *pgconn.Notice) {
		mu.Lock()
		notices = append(notices, n.Severity+": "+n.Message+" "+n.Detail)
		mu.Unlock()
	}
	legit := stdlib.OpenDB(*cfg)
	t.Cleanup(func() { legit.Close() })
	legit.SetMaxOpenConns(1)
	if err := legit.PingContext(ctx); err != nil {
		t.Fatalf("cannot connect as %s: %v", app, err)
	}
	r := rand.New(rand.NewSource(56))
	calls := 0
	for pass, path := range []string{"", "pg_temp, " + own + ", " + inst + ", pg_catalog"} {
		if path != "" {
			// pg_temp first, with a decoy key table of the role's own.
			if _, err := legit.ExecContext(ctx, "SET search_path = "+path+"; CREATE TEMP TABLE idforge_mask_keys (name pg_catalog.text, key pg_catalog.bytea); INSERT INTO pg_temp.idforge_mask_keys VALUES ('orders', '\\x000102030405060708090a0b0c0d0e0f'::pg_catalog.bytea)"); err != nil {
				t.Fatal(err)
			}
		}
		for _, l := range ls {
			p, typ := pgsql.DefaultPrefix(resolved.Must(l)), sqlTypeOf(l)
			if typ != "bigint" { // a keyword, pg_catalog's int8
				typ = "pg_catalog." + typ
			}
			if pass == 0 {
				// The role's own call of P_mask and P_unmask, with a key of its
				// own, under the hostile search_path: PL/pgSQL compiles them
				// in this session now, before the named functions call them.
				own := "'\\x0f0e0d0c0b0a09080706050403020100'::pg_catalog.bytea, ''::pg_catalog.bytea"
				q := fmt.Sprintf("SELECT %[1]s.%[2]s_unmask(%[1]s.%[2]s_mask($1::%[3]s, %[4]s), %[4]s)::pg_catalog.text", inst, p, typ, own)
				var back string
				if err := legit.QueryRowContext(ctx, q, idArg(l, sample(l, r, 1)[0])).Scan(&back); err != nil {
					t.Fatalf("%s: %v", q, err)
				}
				calls += 2
			}
			for _, c := range []struct {
				key   string
				tweak []byte
			}{{"orders", nil}, {"long", []byte("tenant-56")}} {
				m, err := mask.New(l, mustKey(t, keys[c.key]), c.tweak)
				if err != nil {
					t.Fatal(err)
				}
				for _, id := range sample(l, r, 8) {
					want, err := m.Mask(id)
					if err != nil {
						t.Fatal(err)
					}
					tw, args := "", []any{idArg(l, id), c.key}
					if c.tweak != nil {
						tw, args = ", $3", append(args, c.tweak)
					}
					var pub, back string
					q := fmt.Sprintf("SELECT %[1]s.%[2]s_mask_named($1::%[3]s, $2::pg_catalog.text%[4]s)::pg_catalog.text, %[1]s.%[2]s_unmask_named(%[1]s.%[2]s_mask_named($1::%[3]s, $2::pg_catalog.text%[4]s), $2::pg_catalog.text%[4]s)::pg_catalog.text", inst, p, typ, tw)
					if err := legit.QueryRowContext(ctx, q, args...).Scan(&pub, &back); err != nil {
						t.Fatalf("pass %d, %s: %v", pass, p, err)
					}
					calls += 3
					if got := textBytes(l, pub); !bytesEqual(got, want) {
						t.Errorf("pass %d: %s_mask_named(%x, %s) = %x, package mask %x", pass, p, id, c.key, got, want)
					}
					if got := textBytes(l, back); !bytesEqual(got, id) {
						t.Errorf("pass %d: %s_unmask_named of %x = %x, want %x", pass, p, want, got, id)
					}
				}
			}
			// Every error path, and NULL.
			for _, c := range []struct{ q, code, says string }{
				{fmt.Sprintf("SELECT %s.%s_mask_named($1::%s, NULL::pg_catalog.text)", inst, p, typ), "22004", "key_name is NULL"},
				{fmt.Sprintf("SELECT %s.%s_unmask_named($1::%s, NULL::pg_catalog.text, ''::pg_catalog.bytea)", inst, p, typ), "22004", "key_name is NULL"},
				{fmt.Sprintf("SELECT %s.%s_mask_named($1::%s, 'orders'::pg_catalog.text, NULL::pg_catalog.bytea)", inst, p, typ), "22004", "tweak is NULL"},
				{fmt.Sprintf("SELECT %s.%s_mask_named($1::%s, 'no such key'::pg_catalog.text)", inst, p, typ), "42704", "no key named 'no such key'"},
				{fmt.Sprintf("SELECT %s.%s_unmask_named($1::%s, 'orders'::pg_catalog.text)", inst, p, typ), "22P02", "ErrNotMasked"},
			} {
				if c.code == "22P02" && !hasConstants(l) {
					continue // every value is some ID's public form
				}
				_, err := legit.ExecContext(ctx, c.q, idArg(l, notPublic(l)))
				calls++
				var pe *pgconn.PgError
				if !errors.As(err, &pe) || pe.Code != c.code || !strings.Contains(pe.Message, c.says) {
					t.Errorf("%s: %v, want SQLSTATE %s saying %q", c.q, err, c.code, c.says)
				}
			}
			var null sql.NullString
			if err := legit.QueryRowContext(ctx, fmt.Sprintf("SELECT %s.%s_mask_named(NULL::%s, 'orders'::pg_catalog.text)::pg_catalog.text", inst, p, typ)).Scan(&null); err != nil || null.Valid {
				t.Errorf("%s_mask_named(NULL, 'orders') = %v, %v; want NULL", p, null, err)
			}
			calls++
		}
	}

	// Where the keys must not be.
	sources := map[string]string{
		"the attacker's table": rowsText(t, db, "SELECT via || ' ' || who || ' ' || coalesce(keys, '') FROM "+own+".loot"),
		"the notices":          strings.Join(notices, "\n"),
	}
	if sources["the attacker's table"] != "" {
		t.Errorf("the attacker's overloads ran:\n%.2000s", sources["the attacker's table"])
	}
	if logPath != "" {
		raw := rowsText(t, db, "SELECT encode(pg_read_binary_file($1, $2::bigint, (SELECT size FROM pg_stat_file($1)) - $2::bigint), 'hex')", logPath, logStart)
		b, _ := hex.DecodeString(strings.TrimSpace(raw))
		sources["the server's log"] = string(b)
		// auto_explain's plan of the definer's own lookup shows that nested
		// statements are logged.
		for _, want := range []string{"_mask_named", "Query Text: SELECT t.key"} {
			if !strings.Contains(sources["the server's log"], want) {
				t.Errorf("the server's log does not show %q: are log_statement and nested auto_explain on?", want)
			}
		}
	}
	if statements {
		sources["pg_stat_statements"] = rowsText(t, db, "SELECT query FROM pg_stat_statements")
	}
	for name, k := range keys {
		for what, text := range sources {
			if at, form := findKey(text, k); at >= 0 {
				t.Errorf("key %s (%s) found in %s at %d: %.200q", name, form, what, at, text[max(0, at-100):])
			}
		}
	}
	var where []string
	for name, text := range sources {
		where = append(where, fmt.Sprintf("%s (%d bytes)", name, len(text)))
	}
	sort.Strings(where)
	t.Logf("%d calls as %s with a hostile search_path; the keys looked for in %s", calls, app, strings.Join(where, ", "))

	// The control: a definer function of the shape idforge wrote before
	// issue 56 hands the attacker the keys on its first call.
	ownerExec(fmt.Sprintf(`CREATE FUNCTION %[1]s.atk_control(x bit) RETURNS bytea LANGUAGE plpgsql STABLE SECURITY DEFINER
SET search_path = pg_catalog, %[1]s, pg_temp AS $c$ BEGIN RETURN varbit_send(x); END $c$;
REVOKE ALL ON FUNCTION %[1]s.atk_control(bit) FROM PUBLIC; GRANT EXECUTE ON FUNCTION %[1]s.atk_control(bit) TO %[2]s`, inst, app))
	if _, err := legit.ExecContext(ctx, "SELECT "+inst+".atk_control(B'1010')"); err != nil {
		t.Fatal(err)
	}
	stolen := rowsText(t, db, "SELECT coalesce(keys, '') FROM "+own+".loot")
	for name, k := range keys {
		if !strings.Contains(stolen, name+"="+hex.EncodeToString(k)) {
			t.Errorf("the control (varbit_send given a bit, the schema on search_path) did not hand the attacker key %s: does the attack bite?", name)
		}
	}
}

// reachedSet is what the SECURITY DEFINER functions of a schema reach.
type reachedSet struct {
	definers []string                // their names
	own      []string                // idforge's functions they reach, by name
	bodies   map[string]string       // oid -> prosrc of every function reached
	calls    map[string]map[int]bool // function name called -> the numbers of arguments passed
	ops      map[string]bool         // operators used
}

var (
	qualifiedRef = regexp.MustCompile(`"?([a-z_][a-z0-9_]*)"?\."?([A-Za-z_][A-Za-z0-9_]*)"?\s*\(`)
	callRef      = regexp.MustCompile(`(?:"?[a-z_][a-z0-9_]*"?\.)?"?([A-Za-z_][A-Za-z0-9_]*)"?\s*\(`)
	operatorRef  = regexp.MustCompile(`OPERATOR\(pg_catalog\.([^)\s]+)\)`)
	bareOp       = regexp.MustCompile(`[-+*/<>=~!@#%^&|?]+`)
	literalRe    = regexp.MustCompile(`'(?:[^']|'')*'`)
	commentRe    = regexp.MustCompile(`--[^\n]*`)
)

// notCalls are the words a body writes before a parenthesis that are not
// function calls.
var notCalls = map[string]bool{"if": true, "and": true, "or": true, "not": true, "in": true, "when": true, "then": true, "else": true,
	"case": true, "exists": true, "return": true, "select": true, "where": true, "values": true, "using": true, "operator": true,
	"bit": true, "varying": true, "as": true, "on": true, "from": true, "for": true, "elsif": true, "loop": true}

// reach reads the bodies of the SECURITY DEFINER functions in schema and,
// recursively, of every function of that schema they call by its
// qualified name, and returns every function name they call, with the
// numbers of arguments, and every operator.
func reach(t *testing.T, conn *sql.Conn, schema string) reachedSet {
	t.Helper()
	ctx := context.Background()
	rs := reachedSet{bodies: map[string]string{}, calls: map[string]map[int]bool{}, ops: map[string]bool{}}
	query := func(q string, args ...any) [][3]string {
		rows, err := conn.QueryContext(ctx, q, args...)
		if err != nil {
			t.Fatal(err)
		}
		defer rows.Close()
		var out [][3]string
		for rows.Next() {
			var r [3]string
			if err := rows.Scan(&r[0], &r[1], &r[2]); err != nil {
				t.Fatal(err)
			}
			out = append(out, r)
		}
		return out
	}
	queue := query("SELECT oid::text, proname::text, prosrc FROM pg_proc WHERE pronamespace = $1::regnamespace AND prosecdef", schema)
	for _, d := range queue {
		rs.definers = append(rs.definers, d[1])
	}
	seenOwn := map[string]bool{}
	for len(queue) > 0 {
		f := queue[0]
		queue = queue[1:]
		if _, ok := rs.bodies[f[0]]; ok {
			continue
		}
		rs.bodies[f[0]] = f[2]
		src := commentRe.ReplaceAllString(f[2], "")
		for _, m := range qualifiedRef.FindAllStringSubmatch(src, -1) {
			if m[1] == schema && !seenOwn[m[2]] {
				seenOwn[m[2]] = true
				rs.own = append(rs.own, m[2])
				queue = append(queue, query("SELECT oid::text, proname::text, prosrc FROM pg_proc WHERE pronamespace = $1::regnamespace AND proname = $2", schema, m[2])...)
			}
		}
		bare := literalRe.ReplaceAllString(src, "''")
		for _, loc := range callRef.FindAllStringSubmatchIndex(bare, -1) {
			name := bare[loc[2]:loc[3]]
			if notCalls[strings.ToLower(name)] || (loc[0] >= 2 && bare[loc[0]-2:loc[0]] == "::") {
				continue
			}
			if rs.calls[name] == nil {
				rs.calls[name] = map[int]bool{}
			}
			rs.calls[name][arity(bare[loc[1]:])] = true
		}
		for _, m := range operatorRef.FindAllStringSubmatch(bare, -1) {
			rs.ops[m[1]] = true
		}
		for _, op := range bareOp.FindAllString(operatorRef.ReplaceAllString(bare, ""), -1) {
			rs.ops[op] = true
		}
	}
	sort.Strings(rs.own)
	return rs
}

// arity counts the arguments of a call whose argument list (after its
// opening parenthesis) starts text: commas, or SQL's FROM, FOR and PLACING,
// at its own depth.
func arity(text string) int {
	depth, n, empty := 0, 1, true
	for i := 0; i < len(text); i++ {
		switch c := text[i]; {
		case c == '(':
			depth++
		case c == ')':
			if depth == 0 {
				if empty {
					return 0
				}
				return n
			}
			depth--
		case c == ',' && depth == 0:
			n++
		case depth == 0 && (hasWord(text[i:], "from") || hasWord(text[i:], "for") || hasWord(text[i:], "placing")):
			n++
		}
		if text[i] != ' ' {
			empty = false
		}
	}
	return n
}

// hasWord reports whether text starts with " word ".
func hasWord(text, word string) bool {
	return len(text) > len(word)+2 && strings.EqualFold(text[:len(word)+2], " "+word+" ")
}

// typeCombos returns every list of n argument types an attacker tries: the
// types a call's arguments could have or be cast from (fewer of them as n
// grows, to keep the count of overloads in the thousands).
func typeCombos(n int) [][]string {
	types := []string{"bit", "bit varying", "text", "unknown", "bytea", "integer", "bigint", "smallint", "numeric", "uuid", "name", `"char"`, "boolean"}
	switch {
	case n == 3:
		types = []string{"bit", "bit varying", "text", "unknown", "bytea", "integer", "bigint"}
	case n == 4:
		types = []string{"text", "unknown", "integer", "bigint"}
	case n > 4:
		types = []string{"text", "unknown"}
	}
	out := [][]string{{}}
	for range n {
		var next [][]string
		for _, c := range out {
			for _, ty := range types {
				next = append(next, append(append([]string(nil), c...), ty))
			}
		}
		out = next
	}
	return out
}

// returnType returns the type an attacker's overload of name returns: that
// of a pg_catalog function or one of schema's of that name that does not
// return a pseudo-type (polymorphic, void, record), else text.
func returnType(t *testing.T, conn *sql.Conn, schema, name string) string {
	t.Helper()
	var ret string
	err := conn.QueryRowContext(context.Background(), `SELECT coalesce((SELECT format_type(p.prorettype, NULL) FROM pg_proc AS p JOIN pg_type AS y ON y.oid = p.prorettype
		WHERE p.proname = $1 AND p.pronamespace IN ('pg_catalog'::regnamespace, $2::regnamespace) AND y.typtype <> 'p'
		ORDER BY p.oid LIMIT 1), 'text')`, name, schema).Scan(&ret)
	if err != nil {
		t.Fatal(err)
	}
	return ret
}

// copyKey loads a key into schema's idforge_mask_keys as the README says:
// its hex through COPY (whose rows no log or statistics show) into a
// temporary table, and from there into the key table.
func copyKey(t *testing.T, conn *sql.Conn, schema, name string, key []byte) {
	t.Helper()
	ctx := context.Background()
	err := conn.Raw(func(dc any) error {
		pc := dc.(*stdlib.Conn).Conn().PgConn()
		if _, err := pc.Exec(ctx, "CREATE TEMP TABLE new_key (hex text)").ReadAll(); err != nil {
			return err
		}
		if _, err := pc.CopyFrom(ctx, strings.NewReader(hex.EncodeToString(key)+"\n"), "COPY new_key FROM STDIN"); err != nil {
			return err
		}
		_, err := pc.Exec(ctx, fmt.Sprintf("INSERT INTO %s.idforge_mask_keys (name, key) SELECT %s, decode(hex, 'hex') FROM new_key; DROP TABLE new_key", schema, quote(name))).ReadAll()
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
}

// sqlTypeOf is the SQL type of a layout's IDs.
func sqlTypeOf(l *layouts.Layout) string {
	switch l.Bits {
	case 128:
		return "uuid"
	case 64:
		return "bigint"
	}
	return "bytea"
}

// idArg is an ID as a query argument for $n::type of sqlTypeOf(l): the
// casts need no function of the caller's search_path.
func idArg(l *layouts.Layout, id []byte) any {
	switch l.Bits {
	case 128:
		return hex.EncodeToString(id)
	case 64:
		return int64(binary.BigEndian.Uint64(id))
	}
	return id
}

// textBytes reads back an ID that the query cast to text.
func textBytes(l *layouts.Layout, s string) []byte {
	switch l.Bits {
	case 64:
		var v int64
		fmt.Sscan(s, &v)
		return binary.BigEndian.AppendUint64(nil, uint64(v))
	}
	b, _ := hex.DecodeString(strings.TrimPrefix(strings.ReplaceAll(s, "-", ""), `\x`))
	return b
}

// notPublic returns an ID with every bit set, whose constant bits, in a
// layout that has them, are not the public form's.
func notPublic(l *layouts.Layout) []byte {
	b := make([]byte, l.Bytes())
	for i := range b {
		b[i] = 0xff
	}
	return b
}

// hasConstants reports whether a layout's public forms have constant bits.
func hasConstants(l *layouts.Layout) bool {
	shape, err := mask.ShapeOf(l)
	if err != nil {
		return false
	}
	for _, b := range shape.PubMask {
		if b != 0 {
			return true
		}
	}
	return false
}

// bytesEqual reports whether a and b hold the same bytes.
func bytesEqual(a, b []byte) bool { return hex.EncodeToString(a) == hex.EncodeToString(b) }

// quoteIdent quotes a name as an SQL identifier.
func quoteIdent(name string) string { return `"` + strings.ReplaceAll(name, `"`, `""`) + `"` }

// sortedKeys returns the keys of m in order.
func sortedKeys(m map[int]bool) []int {
	var out []int
	for k := range m {
		out = append(out, k)
	}
	sort.Ints(out)
	return out
}
