package pgsql_test

import (
	"context"
	"errors"
	"fmt"
	"math/rand"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5/pgconn"

	"github.com/idforge/idforge/gen/pgsql"
	"github.com/idforge/idforge/interop/internal/pgtest"
	"github.com/idforge/idforge/layouts"
	"github.com/idforge/idforge/resolved"
)

// TestKeyTablePrivileges is issue 65's second finding: the key table's
// install checked who may CREATE in the schema but only revoked PUBLIC's
// privileges on the table, so that with ALTER DEFAULT PRIVILEGES ... GRANT
// SELECT ON TABLES TO reporting, reporting read every key. Now the install
// is refused (SQLSTATE 42501, with the fix) and leaves no table; and on an
// installed table, a grant made since (on the table or a column) or
// membership in its owner is reported by idforge_mask_keys_check() and
// refuses the script's next run (which revokes PUBLIC's privileges itself). It runs as an owner that is not a
// superuser, in a schema it owns.
func TestKeyTablePrivileges(t *testing.T) {
	db := pgtest.DB(t)
	ctx := context.Background()
	var super bool
	if err := db.QueryRowContext(ctx, "SELECT rolsuper FROM pg_roles WHERE rolname = current_user").Scan(&super); err != nil || !super {
		t.Skip("skipped: IDFORGE_POSTGRES_DSN names a role that is not a superuser, which this test needs to create roles")
	}
	l, err := layouts.Builtin("uuidv7")
	if err != nil {
		t.Fatal(err)
	}
	script, err := pgsql.Generate(resolved.Must(l), "")
	if err != nil {
		t.Fatal(err)
	}
	n := rand.Int63()
	schema, kown, reporting := fmt.Sprintf("keyrule_%d", n), fmt.Sprintf("keyrule_owner_%d", n), fmt.Sprintf("keyrule_reporting_%d", n)
	t.Cleanup(func() {
		for _, q := range []string{"DROP SCHEMA IF EXISTS " + schema + " CASCADE", "DROP OWNED BY " + kown + ", " + reporting, "DROP ROLE " + reporting, "DROP ROLE " + kown} {
			db.ExecContext(ctx, q)
		}
	})
	super_ := func(q string) {
		t.Helper()
		if _, err := db.ExecContext(ctx, q); err != nil {
			t.Fatalf("%v\n%.300s", err, q)
		}
	}
	super_(fmt.Sprintf("CREATE ROLE %[1]s LOGIN NOSUPERUSER; CREATE ROLE %[2]s LOGIN NOSUPERUSER; CREATE SCHEMA %[3]s AUTHORIZATION %[1]s; GRANT USAGE ON SCHEMA %[3]s TO %[2]s", kown, reporting, schema))
	owner := pgtest.As(t, kown, schema)
	ownerExec := func(q string) {
		t.Helper()
		if _, err := owner.ExecContext(ctx, q); err != nil {
			t.Fatalf("%v\n%.300s", err, q)
		}
	}
	refused := func(what, fix string) {
		t.Helper()
		_, err := owner.ExecContext(ctx, string(script))
		var pe *pgconn.PgError
		if !errors.As(err, &pe) || pe.Code != "42501" || !strings.Contains(pe.Message, fix) {
			t.Errorf("%s: the install gave %v; want SQLSTATE 42501 with %q", what, err, fix)
		} else {
			t.Logf("%s: refused: %.300s", what, pe.Message)
		}
	}

	// The finding: default privileges give reporting SELECT on every table
	// the owner creates in the schema, the key table among them.
	ownerExec(fmt.Sprintf("ALTER DEFAULT PRIVILEGES IN SCHEMA %s GRANT SELECT ON TABLES TO %s", schema, reporting))
	refused("default privileges", fmt.Sprintf("ALTER DEFAULT PRIVILEGES FOR ROLE %s IN SCHEMA %s REVOKE ALL ON TABLES FROM %s", kown, schema, reporting))
	var exists bool
	if err := db.QueryRowContext(ctx, "SELECT to_regclass($1) IS NOT NULL", schema+".idforge_mask_keys").Scan(&exists); err != nil || exists {
		t.Fatalf("the refused install left the key table: %v, %v", exists, err)
	}
	ownerExec(fmt.Sprintf("ALTER DEFAULT PRIVILEGES IN SCHEMA %s REVOKE ALL ON TABLES FROM %s", schema, reporting))
	ownerExec(string(script))
	ownerExec("INSERT INTO idforge_mask_keys VALUES ('orders', '\\x000102030405060708090a0b0c0d0e0f')")
	rep := pgtest.As(t, reporting, schema)
	var key []byte
	if err := rep.QueryRowContext(ctx, "SELECT key FROM idforge_mask_keys").Scan(&key); err == nil {
		t.Fatalf("reporting read the key %x", key)
	}

	report := func(want string) {
		t.Helper()
		var rows int
		var fixes string
		if err := rep.QueryRowContext(ctx, "SELECT count(*), coalesce(string_agg(fix, '; '), '') FROM idforge_mask_keys_check()").Scan(&rows, &fixes); err != nil {
			t.Fatal(err)
		}
		if (rows > 0) != (want != "") || !strings.Contains(fixes, want) {
			t.Errorf("idforge_mask_keys_check(): %d rows (%s); want %q", rows, fixes, want)
		}
	}
	report("")
	for _, c := range []struct{ grant, fix, revoke string }{
		{"GRANT SELECT ON idforge_mask_keys TO " + reporting, fmt.Sprintf("REVOKE ALL ON TABLE %s.idforge_mask_keys FROM %s", schema, reporting), "REVOKE ALL ON idforge_mask_keys FROM " + reporting},
		{"GRANT SELECT ON idforge_mask_keys TO PUBLIC", fmt.Sprintf("REVOKE ALL ON TABLE %s.idforge_mask_keys FROM PUBLIC", schema), "REVOKE ALL ON idforge_mask_keys FROM PUBLIC"},
		{"GRANT SELECT (key) ON idforge_mask_keys TO " + reporting, fmt.Sprintf("REVOKE ALL (key) ON TABLE %s.idforge_mask_keys FROM %s", schema, reporting), "REVOKE ALL (key) ON idforge_mask_keys FROM " + reporting},
	} {
		ownerExec(c.grant)
		report(c.fix)
		if strings.HasSuffix(c.grant, "PUBLIC") {
			// The script revokes PUBLIC's privileges on the table itself.
			ownerExec(string(script))
		} else {
			refused(c.grant, c.fix)
			ownerExec(c.revoke)
		}
		report("")
	}
	super_(fmt.Sprintf("GRANT %s TO %s", kown, reporting))
	report(fmt.Sprintf("REVOKE %s FROM %s", kown, reporting))
	refused("membership", fmt.Sprintf("REVOKE %s FROM %s", kown, reporting))
	super_(fmt.Sprintf("REVOKE %s FROM %s", kown, reporting))
	report("")
	ownerExec(string(script)) // runs again, clean
}
