//go:build unix

package conformance_test

import (
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/idforge/idforge/lease/leasetest"
	"github.com/idforge/idforge/testenv"
)

// The fault matrix of package lease (leasetest.Faults) for the lease
// clients of JavaScript, Python and Java: each holder is a real node,
// python3 or java process (testdata/npm/lease.holder.mjs,
// testdata/lease_holder.py, testdata/LeaseHolder.java) leasing a Snowflake
// node from a real PostgreSQL through its language's client and driver,
// and making IDs. SIGSTOP past the TTL: after SIGCONT the holder makes no
// ID (ErrLeaseLost) while the node's next holder makes them; SIGKILL: the
// node goes to the next holder only after its quarantine; the server
// restarted (kill -9 and started on its data, IDFORGE_POSTGRES_RESTART, on
// the server of IDFORGE_FAULTS_POSTGRES_DSN) and the network cut for twice
// the TTL (a proxy that drops all traffic): no ID made while a lease was
// lost, and every holder takes a new lease and makes IDs once the server is
// back. leasetest.Check finds no ID twice, none off its lease's node, and
// no node's holders overlapping.

// faultTTL is the holders' lease TTL in the fault tests.
const faultTTL = 3 * time.Second

// faultServer returns the DSN of the PostgreSQL the fault tests use, and
// the command that restarts it: IDFORGE_FAULTS_POSTGRES_DSN with
// IDFORGE_FAULTS_POSTGRES_RESTART, a server of their own (.ci/run starts
// one: interop/lease's tests, which may run at the same time, restart the
// server of IDFORGE_LEASE_POSTGRES_DSN), else IDFORGE_POSTGRES_DSN, not
// restarted (other tests use it). It skips the test without either.
func faultServer(t *testing.T) (*url.URL, func() error) {
	t.Helper()
	if testing.Short() {
		t.Skip("the fault tests take a minute or two")
	}
	dsn, restart := os.Getenv("IDFORGE_FAULTS_POSTGRES_DSN"), leasetest.RestartCommand(t, "IDFORGE_FAULTS_POSTGRES_RESTART")
	if dsn == "" {
		dsn, restart = testenv.Need(t, testenv.Postgres), nil
	}
	u, err := url.Parse(dsn)
	if err != nil {
		t.Fatal(err)
	}
	return u, restart
}

// via returns the DSN u with its host:port replaced by addr, if not "".
func via(u *url.URL, addr string) *url.URL {
	v := *u
	if addr != "" {
		v.Host = addr
	}
	return &v
}

// holderCmd returns cmd with the environment of a holder: the test's, the
// scenario's env, IDFORGE_POSTGRES_DSN and IDFORGE_LEASE_SQL.
func holderCmd(t *testing.T, cmd *exec.Cmd, dsn string, env []string) *exec.Cmd {
	cmd.Env = append(append(os.Environ(), env...), testenv.Postgres+"="+dsn, "IDFORGE_LEASE_SQL="+faultPath(t, faultLeaseSQL))
	return cmd
}

func TestLeaseFaultsJS(t *testing.T) {
	u, restart := faultServer(t)
	tools := npmTools(t)
	readInputs(t, npmDir+"/lease.holder.mjs", faultLeaseSQL)
	script := inCache(t, tools, "lease.holder.mjs")
	start := func(t *testing.T, name, addr string, env ...string) *leasetest.Child {
		cmd := exec.Command("node", filepath.Base(script))
		cmd.Dir = filepath.Dir(script)
		return leasetest.StartCommand(t, name, holderCmd(t, cmd, via(u, addr).String(), env))
	}
	leasetest.Faults(t, faultTTL, u.Host, start, restart)
}

func TestLeaseFaultsPython(t *testing.T) {
	u, restart := faultServer(t)
	readInputs(t, "testdata/lease_holder.py", faultLeaseSQL)
	python := pythonWithDriver(t)
	script := faultPath(t, "testdata/lease_holder.py")
	start := func(t *testing.T, name, addr string, env ...string) *leasetest.Child {
		cmd := exec.Command(python, "-B", script)
		env = append(env, "PYTHONPATH="+pkgDir(t, "python"))
		return leasetest.StartCommand(t, name, holderCmd(t, cmd, via(u, addr).String(), env))
	}
	leasetest.Faults(t, faultTTL, u.Host, start, restart)
}

func TestLeaseFaultsJava(t *testing.T) {
	u, restart := faultServer(t)
	needJava(t)
	if _, err := os.Stat(pgJDBC); err != nil {
		t.Skip("skipped: " + pgJDBC + " is not installed: it is PostgreSQL's JDBC driver (apt-get install libpostgresql-jdbc-java)")
	}
	classes := compileJava(t)
	readInputs(t, "testdata/LeaseHolder.java", faultLeaseSQL)
	holder := filepath.Join(t.TempDir(), "holder")
	cp := strings.Join([]string{classes, pgJDBC}, string(os.PathListSeparator))
	// Not --release: the holder catches SIGTERM with sun.misc.Signal, of
	// the JDK's module jdk.unsupported.
	runJava(t, "javac", "-nowarn", "-cp", cp, "-d", holder, "LeaseHolder.java")
	cp = strings.Join([]string{classes, holder, pgJDBC}, string(os.PathListSeparator))
	start := func(t *testing.T, name, addr string, env ...string) *leasetest.Child {
		cmd := exec.Command("java", "-cp", cp, "LeaseHolder", jdbcURL(t, via(u, addr).String()))
		return leasetest.StartCommand(t, name, holderCmd(t, cmd, via(u, addr).String(), env))
	}
	leasetest.Faults(t, faultTTL, u.Host, start, restart)
}
