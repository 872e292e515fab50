//go:build unix

package etcd_test

import (
	"testing"
	"time"

	"github.com/idforge/idforge/lease/leasetest"
	"github.com/idforge/idforge/testenv"
)

// The fault matrix (leasetest.Faults) for the etcd engine, with holders in
// separate processes: SIGSTOP past the TTL, SIGKILL and the quarantine, the
// server killed and restarted (IDFORGE_ETCD_RESTART) and the network cut
// for longer than the TTL, the holders taking new leases once it is back.
func TestFaults(t *testing.T) {
	endpoint := testenv.Need(t, testenv.Etcd)
	if testing.Short() {
		t.Skip("the fault tests take a minute")
	}
	start := func(t *testing.T, name, via string, env ...string) *leasetest.Child {
		if via != "" {
			env = append(env, "IDFORGE_ETCD_ENDPOINT="+via)
		}
		return leasetest.Start(t, name, env...)
	}
	leasetest.Faults(t, 3*time.Second, endpoint, start, leasetest.RestartCommand(t, "IDFORGE_ETCD_RESTART"))
}
