package conformance_test

import (
	"os"
	"os/exec"
	"testing"
)

// The Python package's lease client (idforge.lease) against the
// real PostgreSQL at IDFORGE_POSTGRES_DSN (testdata/test_lease.py): four
// pre-forked workers, each leasing a node of Snowflake's space after the
// fork and making 10,000 IDs, make no duplicates; a worker that uses the
// parent's lease gets ErrLeaseLost naming the fix; a stolen lease, and one
// whose renewals stall past the TTL, stop the generator with ErrLeaseLost
// (the latter while the server still holds the lease); renewals that fail
// are retried; a worker stopped (SIGSTOP) past its TTL while another
// process takes its node makes no ID after it; a new holder starts above
// the node's high-water tick; a schema where PUBLIC may CREATE, holding
// planted functions that hand out node 7, is refused (ErrOption, naming
// the fix) before any of them runs. It runs the Python that has psycopg2
// or psycopg: python3, else Debian's /usr/bin/python3.
func TestPythonLease(t *testing.T) {
	readInputs(t, "testdata/test_lease.py", "../../lease/lease.sql")
	if os.Getenv("IDFORGE_POSTGRES_DSN") == "" {
		t.Skip("IDFORGE_POSTGRES_DSN is not set: the lease client is tested against a real PostgreSQL (.ci/postgres starts one)")
	}
	python := pythonWithDriver(t)
	dir := pkgDir(t, "python")
	runPackageTest(t, "PYTHONPATH="+dir, python, "-B", "-m", "unittest", "-v", "test_lease")
}

// pythonWithDriver returns a python3 that can import a PostgreSQL driver
// (psycopg2, or psycopg), which the lease client's tests and holders run
// on, or skips the test, saying how to install one.
func pythonWithDriver(t *testing.T) string {
	t.Helper()
	for _, p := range []string{"python3", "/usr/bin/python3"} {
		if exec.Command(p, "-c", "try:\n import psycopg2\nexcept ImportError:\n import psycopg").Run() == nil {
			return p
		}
	}
	t.Skip("no Python with psycopg2 or psycopg (apt-get install python3-psycopg2; .ci/run installs it)")
	return ""
}
