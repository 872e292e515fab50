//go:build unix

package lease_test

import (
	"net/url"
	"testing"
	"time"

	"github.com/idforge/idforge/lease/leasetest"
	"github.com/idforge/idforge/testenv"
)

// The fault matrix (leasetest.Faults) for the Go engine on PostgreSQL, with
// holders in separate processes: SIGSTOP past the TTL, SIGKILL and the
// quarantine, the server restarted (IDFORGE_POSTGRES_RESTART) and the
// network cut for longer than the TTL, the holders taking new leases once
// it is back.
func TestPostgresFaults(t *testing.T) {
	testenv.NeedOne(t, testenv.LeasePostgres, testenv.Postgres)
	if testing.Short() {
		t.Skip("the fault tests take a minute")
	}
	u, err := url.Parse(processDSN())
	if err != nil {
		t.Fatal(err)
	}
	start := func(t *testing.T, name, via string, env ...string) *leasetest.Child {
		if via != "" {
			v := *u
			v.Host = via
			env = append(env, "IDFORGE_LEASE_POSTGRES_DSN="+v.String())
		}
		return leasetest.Start(t, name, env...)
	}
	leasetest.Faults(t, 3*time.Second, u.Host, start, leasetest.RestartCommand(t, "IDFORGE_POSTGRES_RESTART"))
}
