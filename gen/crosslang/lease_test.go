package conformance_test

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
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
// high-water mark, which the node's next holder starts above; and a lease
// whose row another holder takes stops its generator with ErrLeaseLost.
// testdata/npm/lease.cluster.mjs does the work and checks; this test runs
// it and reports its figures.
func TestLeaseJS(t *testing.T) {
	dsn := testenv.Need(t, testenv.Postgres)
	tools := npmTools(t)
	readInputs(t, "../../js/*.js", npmDir+"/lease.cluster.mjs", npmDir+"/package-lock.json", leaseSQL)
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
