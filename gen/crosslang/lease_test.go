package conformance_test

import (
	"bytes"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/idforge/idforge/testenv"
)

// leaseSQL is the script of the SQL lease functions that the JavaScript
// and Java lease clients call, which the tests install.
const leaseSQL = "../../lease/lease.sql"

// The JavaScript lease client (js/lease.js) against the real PostgreSQL
// that IDFORGE_POSTGRES_DSN names, through node's pg (pinned in
// testdata/npm/package.json): four node:cluster workers, each with a lease
// of its own, make 10,000 Snowflakes each with no duplicate and every ID on
// its worker's node; closing releases the node with its last tick as the
// high-water mark, which the node's next holder starts above; a lease
// whose row another holder takes stops its generator with ErrLeaseLost;
// and so does one that cannot renew (its event loop busy), while the
// server still holds its node; and a schema where PUBLIC may CREATE,
// holding planted functions that hand out node 7, is refused (ErrOption,
// naming the fix) before any of them runs.
// testdata/npm/lease.cluster.mjs does the work and checks; this test runs
// it and reports its figures.
func TestLeaseJS(t *testing.T) {
	dsn := testenv.Need(t, testenv.Postgres)
	tools := npmTools(t)
	readInputs(t, npmDir+"/lease.cluster.mjs", npmDir+"/package-lock.json", leaseSQL)
	sql, err := filepath.Abs(leaseSQL)
	if err != nil {
		t.Fatal(err)
	}
	script := inCache(t, tools, "lease.cluster.mjs")
	cmd := exec.Command("node", filepath.Base(script))
	cmd.Dir = filepath.Dir(script)
	cmd.Env = append(os.Environ(), testenv.Postgres+"="+dsn, "LEASE_SQL="+sql)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Run(); err != nil {
		t.Fatalf("node lease.cluster.mjs: %v\n%s", err, out.String())
	}
	t.Logf("%s", lastLines(out.String(), 4))
}

// pgJDBC is where Debian's libpostgresql-jdbc-java puts PostgreSQL's JDBC
// driver, which TestLeaseJava runs the Java lease client through.
const pgJDBC = "/usr/share/java/postgresql.jar"

// jdbcURL returns the JDBC URL of a libpq DSN URL
// (postgres://user:password@host:port/db?sslmode=disable).
func jdbcURL(t *testing.T, dsn string) string {
	t.Helper()
	u, err := url.Parse(dsn)
	if err != nil || (u.Scheme != "postgres" && u.Scheme != "postgresql") {
		t.Fatalf("IDFORGE_POSTGRES_DSN %q is not a postgres:// URL (%v)", dsn, err)
	}
	q := u.Query()
	if u.User != nil {
		q.Set("user", u.User.Username())
		if p, ok := u.User.Password(); ok {
			q.Set("password", p)
		}
	}
	return "jdbc:postgresql://" + u.Host + u.Path + "?" + q.Encode()
}

// The Java lease client (Lease, LeaseClient.jdbc) against the real
// PostgreSQL that IDFORGE_POSTGRES_DSN names, through PostgreSQL's JDBC
// driver: eight threads share one lease and its generator and make 10,000
// Snowflakes each, with no duplicate and every ID on the leased node;
// closing releases the node with its last tick, which the node's next
// holder starts above; a lease serves one generator; a lease whose row
// another holder takes stops its generator with ErrLeaseLost; and so does
// one whose renewals fail, while the server still holds its node; and a
// schema where PUBLIC may CREATE, holding planted functions that hand out
// node 7, is refused (ERR_RANGE, naming the fix) before any of them runs.
// LeaseClient.jdbc opens one connection for three leases (a connection a
// statement made Java's acquire 119-176 ms where the statements take 7),
// and another after a statement fails. testdata/LeaseTest.java does the
// work and checks.
func TestLeaseJava(t *testing.T) {
	dsn := testenv.Need(t, testenv.Postgres)
	needJava(t)
	if _, err := os.Stat(pgJDBC); err != nil {
		t.Skip("skipped: " + pgJDBC + " is not installed: it is PostgreSQL's JDBC driver (apt-get install libpostgresql-jdbc-java)")
	}
	classes := compileJava(t)
	readInputs(t, "testdata/LeaseTest.java", leaseSQL)
	sql, err := filepath.Abs(leaseSQL)
	if err != nil {
		t.Fatal(err)
	}
	out := runJava(t, "java", "-cp", strings.Join([]string{classes, pgJDBC}, string(os.PathListSeparator)), "LeaseTest.java", jdbcURL(t, dsn), sql)
	if !strings.Contains(out, "PASS") {
		t.Fatalf("LeaseTest.java: %s", out)
	}
}
