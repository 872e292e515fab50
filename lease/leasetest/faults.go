//go:build unix

package leasetest

import (
	"fmt"
	"syscall"
	"testing"
	"time"

	"github.com/idforge/idforge/lease"
)

// A Starter starts a holder (a child of Start, or a program of another
// language through StartCommand) with the environment env on top of its
// own: IDFORGE_LEASE_TTL, IDFORGE_LEASE_NODE, IDFORGE_LEASE_WAIT (Go
// durations, such as 3s) and IDFORGE_LEASE_RECOVER, as ChildMain reads them.
// via is "" for a holder that reaches the engine's server directly, or the
// host:port of a Proxy it must reach it through instead.
type Starter func(t *testing.T, name, via string, env ...string) *Child

// Faults runs the fault matrix on holders that start makes, with a lease
// TTL of ttl (a few seconds), against a server at target (host:port):
//
//   - SIGSTOP past the TTL: a holder stopped while another takes its node
//     (after the quarantine) makes no ID once resumed: it exits with
//     ErrLeaseLost, and every ID of the node's next holder is above its;
//   - SIGKILL: the killed holder's node goes to the next holder only after
//     its quarantine: the next holder's first ID is at least the TTL plus
//     lease.DefaultSkew after the killed one's last;
//   - server restart (restart, if not nil: kill -9 and start on the same
//     data): holders that go on taking leases (IDFORGE_LEASE_RECOVER) make
//     IDs again once it is back, having made none while their lease was
//     lost;
//   - network cut (through a Proxy, for longer than the TTL, as a server
//     stopped and started): every holder loses its lease, makes no ID
//     until it has another, and takes another once the network is back.
//
// In each, Check finds no ID twice, none on another node than its lease's,
// and no node's holders overlapping.
func Faults(t *testing.T, ttl time.Duration, target string, start Starter, restart func() error) {
	env := func(more ...string) []string {
		return append([]string{"IDFORGE_LEASE_TTL=" + ttl.String(), "IDFORGE_LEASE_WAIT=" + (3 * ttl).String()}, more...)
	}
	// A holder waiting for another's node waits out the lease and its
	// quarantine, with room to spare.
	waitNode := func(node int64) []string {
		return env(fmt.Sprint("IDFORGE_LEASE_NODE=", node), "IDFORGE_LEASE_WAIT="+(10*ttl+10*time.Second).String())
	}
	t.Run("SIGSTOP past the TTL", func(t *testing.T) {
		a := start(t, "a", "", env()...)
		node := a.Node()
		if node < 0 {
			t.Fatalf("a got no node: %s %s", a.kind, a.message)
		}
		a.WaitIDs(2000)
		a.Signal(syscall.SIGSTOP)
		stopped := time.Now()
		b := start(t, "b", "", waitNode(node)...)
		if b.Node() != node {
			t.Fatalf("b did not get node %d: %s %s", node, b.kind, b.message)
		}
		b.WaitIDs(2000)
		before := a.IDs()
		a.Signal(syscall.SIGCONT)
		code, kind, msg := a.Wait(30 * time.Second)
		if code != exitLost || kind != "lost" {
			t.Errorf("a, resumed after %v stopped, exited %d (%s %s); want ErrLeaseLost", time.Since(stopped).Round(time.Millisecond), code, kind, msg)
		}
		b.WaitIDs(b.IDs() + 1000)
		b.Stop()
		t.Logf("a stopped %v, b took node %d, a resumed having made %d IDs and stopped with %q; %d IDs, none repeated", time.Since(stopped).Round(time.Millisecond), node, before, msg, Check(t, a, b))
	})
	t.Run("SIGKILL", func(t *testing.T) {
		a := start(t, "a", "", env()...)
		node := a.Node()
		if node < 0 {
			t.Fatalf("a got no node: %s %s", a.kind, a.message)
		}
		a.WaitIDs(2000)
		a.Signal(syscall.SIGKILL)
		a.Wait(30 * time.Second)
		b := start(t, "b", "", waitNode(node)...)
		if b.Node() != node {
			t.Fatalf("b did not get node %d: %s %s", node, b.kind, b.message)
		}
		b.WaitIDs(2000)
		b.Stop()
		last, ok1 := a.LastID()
		first, ok2 := b.FirstID()
		if !ok1 || !ok2 {
			t.Fatalf("a or b made no ID")
		}
		// a's lease was valid when it made its last ID, so the server's
		// expiry was later, and the quarantine ended the TTL and the skew
		// bound later still. Snowflake's ticks are milliseconds: a tick's
		// start is at most 1ms before the ID was made.
		gap := first.Time().Sub(last.Time())
		if gap < ttl+lease.DefaultSkew-time.Millisecond {
			t.Errorf("b made its first ID on node %d %v after killed a's last: inside the quarantine (%v after the expiry)", node, gap, ttl+lease.DefaultSkew)
		}
		t.Logf("a killed; b took node %d, its first ID %v after a's last (quarantine %v); %d IDs, none repeated", node, gap, ttl+lease.DefaultSkew, Check(t, a, b))
	})
	t.Run("server restart", func(t *testing.T) {
		if restart == nil {
			t.Skip("no command restarts the server: IDFORGE_POSTGRES_RESTART or IDFORGE_ETCD_RESTART is not set")
		}
		var cs []*Child
		for i := range 3 {
			cs = append(cs, start(t, fmt.Sprint("holder ", i), "", env("IDFORGE_LEASE_RECOVER=1")...))
		}
		for _, c := range cs {
			c.WaitIDs(1000)
		}
		m := before(cs)
		began := time.Now()
		if err := restart(); err != nil {
			t.Fatal(err)
		}
		took := time.Since(began)
		// A holder that still has its lease two TTLs from now has renewed
		// it on the restarted server.
		time.Sleep(2 * ttl)
		recovered(t, cs, m, 60*time.Second)
		lost := 0
		for _, c := range cs {
			_, l := c.Tenures()
			lost += l
			c.Stop()
		}
		t.Logf("the server restarted in %v; the 3 holders lost %d leases and went on; %d IDs, none repeated, none while a lease was lost", took.Round(time.Millisecond), lost, Check(t, cs...))
	})
	t.Run("network cut", func(t *testing.T) {
		p := NewProxy(t, target)
		var cs []*Child
		for i := range 3 {
			cs = append(cs, start(t, fmt.Sprint("holder ", i), p.Addr(), env("IDFORGE_LEASE_RECOVER=1")...))
		}
		for _, c := range cs {
			if c.Node() < 0 {
				t.Fatalf("%s got no node: %s %s", c.name, c.kind, c.message)
			}
			c.WaitIDs(1000)
		}
		m := before(cs)
		p.Cut()
		cut := time.Now()
		// Every holder's deadline passes: it must say so, and stop.
		for _, c := range cs {
			for {
				if _, lost := c.Tenures(); lost > 0 {
					break
				}
				select {
				case <-c.done:
					t.Fatalf("%s exited during the cut: %s %s", c.name, c.kind, c.message)
				case <-time.After(20 * time.Millisecond):
				}
				if time.Since(cut) > 3*ttl+10*time.Second {
					t.Fatalf("%s still holds its lease %v into the cut", c.name, time.Since(cut).Round(time.Millisecond))
				}
			}
		}
		time.Sleep(time.Until(cut.Add(2 * ttl)))
		p.Restore()
		out := time.Since(cut)
		time.Sleep(2 * ttl)
		recovered(t, cs, m, 60*time.Second)
		for _, c := range cs {
			c.Stop()
		}
		t.Logf("the network was cut for %v (TTL %v): all 3 holders lost their leases, made no ID until they had new ones, and took new ones; %d IDs, none repeated", out.Round(time.Millisecond), ttl, Check(t, cs...))
	})
}

// marks records what holders had done before a fault: their leases taken
// and lost.
type marks []struct{ tenures, lost int }

// before returns the marks of cs now.
func before(cs []*Child) marks {
	m := make(marks, len(cs))
	for i, c := range cs {
		m[i].tenures, m[i].lost = c.Tenures()
	}
	return m
}

// recovered waits up to d for each holder to make 500 IDs under a lease it
// took after the marks m, or, if it lost none since, 500 more under the one
// it held (called two TTLs after the fault, a lease held since has been
// renewed since).
func recovered(t *testing.T, cs []*Child, m marks, d time.Duration) {
	t.Helper()
	ids := make([]int, len(cs))
	for i, c := range cs {
		ids[i] = c.IDs()
	}
	deadline := time.Now().Add(d)
	for i, c := range cs {
		for {
			n, lost := c.Tenures()
			if (n > m[i].tenures && c.IDsSince(m[i].tenures) >= 500) || (lost == m[i].lost && c.IDs() >= ids[i]+500) {
				break
			}
			select {
			case <-c.done:
				t.Fatalf("%s exited: %s %s", c.name, c.kind, c.message)
			case <-time.After(20 * time.Millisecond):
			}
			if time.Now().After(deadline) {
				t.Fatalf("%s made no new IDs within %v (%d leases taken, %d lost): %s %s", c.name, d, n, lost, c.kind, c.message)
			}
		}
	}
}
