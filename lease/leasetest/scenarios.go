//go:build unix

package leasetest

import (
	"fmt"
	"syscall"
	"testing"
	"time"

	"github.com/idforge/idforge/testenv"
)

// Processes runs the process tests against a real engine: env locates it
// for the children, and restart, if not nil, restarts its server (killing
// it, for etcd). ttl is the children's lease TTL.
func Processes(t *testing.T, ttl time.Duration, restart func() error, env ...string) {
	start := func(t *testing.T, name string, more ...string) *Child {
		return Start(t, name, append(append([]string{"IDFORGE_LEASE_TTL=" + ttl.String(), "IDFORGE_LEASE_WAIT=" + (3 * ttl).String()}, env...), more...)...)
	}
	// A child whose lease's expiry is not what a scenario tests holds it
	// for 10s, so that a renewal slowed by a loaded machine does not lose
	// it; those whose leases must lapse use the short ttl.
	const long = "IDFORGE_LEASE_TTL=10s"
	// A child waiting for a node whose holder was killed or stopped waits
	// out its lease (ttl) and its quarantine (ttl + lease.DefaultSkew),
	// with room to spare.
	quarantined := "IDFORGE_LEASE_WAIT=" + (4*ttl + 10*time.Second).String()
	t.Run("8 racing", func(t *testing.T) {
		var cs []*Child
		for i := range 8 {
			cs = append(cs, start(t, fmt.Sprint("child ", i), long))
		}
		for _, c := range cs {
			if c.Node() < 0 {
				t.Fatalf("%s got no node: %v", c.name, c.kind+" "+c.message)
			}
			c.WaitIDs(2000)
		}
		for _, c := range cs {
			c.Stop()
		}
		t.Logf("8 children, %d IDs, none repeated", Check(t, cs...))
	})
	t.Run("SIGKILL", func(t *testing.T) {
		a := start(t, "a")
		node := a.Node()
		a.WaitIDs(2000)
		a.Signal(syscall.SIGKILL)
		// b starts at once and waits for a's node; c takes any node.
		b := start(t, "b", fmt.Sprint("IDFORGE_LEASE_NODE=", node), long, quarantined)
		c := start(t, "c", long)
		if c.Node() == node {
			t.Errorf("c got node %d, which killed a held unexpired", node)
		}
		if b.Node() != node {
			t.Fatalf("b did not get node %d: %s", node, b.kind+" "+b.message)
		}
		b.WaitIDs(2000)
		c.WaitIDs(2000)
		b.Stop()
		c.Stop()
		t.Logf("b took node %d after a was killed; %d IDs, none repeated", node, Check(t, a, b, c))
	})
	t.Run("SIGSTOP", func(t *testing.T) {
		a := start(t, "a")
		node := a.Node()
		a.WaitIDs(2000)
		a.Signal(syscall.SIGSTOP)
		stopped := time.Now()
		b := start(t, "b", fmt.Sprint("IDFORGE_LEASE_NODE=", node), long, quarantined)
		if b.Node() != node {
			t.Fatalf("b did not get node %d: %s", node, b.kind+" "+b.message)
		}
		b.WaitIDs(2000)
		a.Signal(syscall.SIGCONT)
		code, kind, msg := a.Wait(10 * time.Second)
		if code != exitLost || kind != "lost" {
			t.Errorf("a, resumed after %v stopped, exited %d (%s %s); want ErrLeaseLost", time.Since(stopped).Round(time.Millisecond), code, kind, msg)
		}
		b.WaitIDs(b.IDs() + 1000)
		b.Stop()
		t.Logf("a stopped %v, b took node %d, a resumed and stopped with %q; %d IDs, none repeated", time.Since(stopped).Round(time.Millisecond), node, msg, Check(t, a, b))
	})
	t.Run("server restart", func(t *testing.T) {
		if restart == nil {
			t.Skip(testenv.Missing(testenv.PostgresRestart, testenv.EtcdRestart))
		}
		// A TTL of 10s, the default, rides out a restart of a few seconds.
		var cs []*Child
		for i := range 8 {
			cs = append(cs, start(t, fmt.Sprint("child ", i), long))
		}
		for _, c := range cs {
			c.WaitIDs(1000)
		}
		began := time.Now()
		if err := restart(); err != nil {
			t.Fatal(err)
		}
		took := time.Since(began)
		time.Sleep(10 * time.Second) // every child renews at least twice more, or stops
		lost := 0
		for _, c := range cs {
			select {
			case <-c.done:
				if code, kind, msg := c.Wait(0); code != exitLost {
					t.Errorf("%s exited %d: %s %s", c.name, code, kind, msg)
				}
				lost++
			default:
				c.Stop()
			}
		}
		t.Logf("the server restarted in %v; %d of 8 children lost their lease; %d IDs, none repeated", took.Round(time.Millisecond), lost, Check(t, cs...))
	})
	t.Run("clock 5s behind", func(t *testing.T) {
		a := start(t, "a", long)
		node := a.Node()
		a.WaitIDs(2000)
		a.Stop() // released: the high-water mark is a's last tick
		b := start(t, "b", fmt.Sprint("IDFORGE_LEASE_NODE=", node), "IDFORGE_LEASE_SKEW=-5s")
		if code, kind, msg := b.Wait(30 * time.Second); code != exitBehind {
			t.Errorf("b, 5s behind, exited %d (%s %s); want ErrClockBehind", code, kind, msg)
		} else {
			t.Logf("b: %s", msg)
		}
		c := start(t, "c", fmt.Sprint("IDFORGE_LEASE_NODE=", node), "IDFORGE_LEASE_SKEW=-5s", "IDFORGE_LEASE_CLOCK_WAIT=10s", long)
		c.WaitIDs(2000)
		c.Stop()
		t.Logf("c, 5s behind and willing to wait, took node %d; %d IDs, none repeated, all above a's", node, Check(t, a, b, c))
	})
}
