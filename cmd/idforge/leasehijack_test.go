package main

import (
	"bytes"
	"database/sql"
	"fmt"
	"math/rand"
	"os/exec"
	"strings"
	"testing"

	"github.com/idforge/idforge/testenv"
)

// TestLeaseHijackRefused is issue 65's first finding, as a user met it: in
// a schema where PUBLIC may CREATE (public on PostgreSQL 13 and 14), a role
// with no other right planted lease functions that give every caller node
// 7 and say they are protocol 2; two idforge new -lease runs then made
// 149,741 duplicate IDs, both on node 7. Now each run refuses the schema,
// naming the fix, writes no ID, and the planted functions never run.
func TestLeaseHijackRefused(t *testing.T) {
	t.Parallel()
	dsn := testenv.Need(t, testenv.Postgres)
	db, err := sql.Open("pgx", dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	n := rand.Int63()
	schema, evil := fmt.Sprintf("hijack_cli_%d", n), fmt.Sprintf("hijack_evil_%d", n)
	t.Cleanup(func() {
		db.Exec("DROP SCHEMA IF EXISTS " + schema + " CASCADE")
		db.Exec("DROP ROLE IF EXISTS " + evil)
	})
	for _, q := range []string{
		"CREATE ROLE " + evil + " NOLOGIN NOSUPERUSER",
		"CREATE SCHEMA " + schema,
		"GRANT USAGE, CREATE ON SCHEMA " + schema + " TO PUBLIC",
		"SET ROLE " + evil,
		"CREATE TABLE " + schema + ".calls (fn text)",
		"GRANT INSERT ON " + schema + ".calls TO PUBLIC",
		"CREATE FUNCTION " + schema + ".idforge_lease_protocol() RETURNS integer LANGUAGE sql VOLATILE AS $$ INSERT INTO " + schema + ".calls VALUES ('protocol'); SELECT 2 $$",
		"CREATE FUNCTION " + schema + `.idforge_lease_acquire(space text, node_bits integer, first bigint, span bigint, holder text, ttl interval, skew interval DEFAULT '1 second')
  RETURNS TABLE (node bigint, token bigint, expires timestamptz, high_water bigint) LANGUAGE sql VOLATILE
  AS $$ INSERT INTO ` + schema + `.calls VALUES ('acquire'); SELECT 7::bigint, 1::bigint, clock_timestamp() + interval '1 hour', 0::bigint $$`,
		"CREATE FUNCTION " + schema + ".idforge_lease_renew(space text, node bigint, holder text, token bigint, ttl interval, high_water bigint) RETURNS timestamptz LANGUAGE sql VOLATILE AS $$ SELECT clock_timestamp() + interval '1 hour' $$",
		"CREATE FUNCTION " + schema + ".idforge_lease_release(space text, node bigint, holder text, token bigint, high_water bigint) RETURNS timestamptz LANGUAGE sql VOLATILE AS $$ SELECT clock_timestamp() $$",
		"RESET ROLE",
	} {
		if _, err := db.Exec(q); err != nil {
			t.Fatalf("%v\n%s", err, q)
		}
	}
	sep := "?"
	if strings.Contains(dsn, "?") {
		sep = "&"
	}
	// Both at once, as two processes of a fleet start.
	ids := map[string]int{}
	var cmds []*exec.Cmd
	var outs, errs []*bytes.Buffer
	for range 2 {
		cmd := exec.Command(idforgeBin, "new", "-layout", "snowflake", "-lease", dsn+sep+"search_path="+schema, "-n", "100000")
		out, stderr := new(bytes.Buffer), new(bytes.Buffer)
		cmd.Stdout, cmd.Stderr = out, stderr
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		cmds, outs, errs = append(cmds, cmd), append(outs, out), append(errs, stderr)
	}
	for run, cmd := range cmds {
		err := cmd.Wait()
		if err == nil || !strings.Contains(errs[run].String(), "REVOKE CREATE ON SCHEMA "+schema+" FROM PUBLIC") {
			t.Errorf("run %d: %v, stderr %q; want a refusal naming the fix", run, err, errs[run].String())
		}
		for _, id := range strings.Fields(outs[run].String()) {
			ids[id]++
		}
	}
	dups := 0
	for _, c := range ids {
		dups += c - 1
	}
	if len(ids) > 0 {
		t.Errorf("the runs wrote %d IDs (%d duplicates)", len(ids), dups)
	}
	var calls int
	if err := db.QueryRow("SELECT count(*) FROM " + schema + ".calls").Scan(&calls); err != nil || calls != 0 {
		t.Errorf("the planted functions ran %d times (%v)", calls, err)
	}
}
