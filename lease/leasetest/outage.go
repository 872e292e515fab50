//go:build unix

package leasetest

import (
	"fmt"
	"testing"
	"time"
)

// Outage runs the scenario of a server that goes away for longer than a
// lease lives and comes back (a cut network, as the holders see it): four
// children hold nodes; stop takes the server away, for two TTLs at least,
// until the children have stopped; each child must stop
// with ErrLeaseLost, and none may have made an ID on a tick past the last
// instant its lease was confirmed until; start brings the server back, and
// four new children must then get nodes and make IDs, none repeated and
// none on a node at or below an earlier holder's IDs. ttl is the children's
// lease TTL; env locates the engine for them.
func Outage(t *testing.T, ttl time.Duration, stop, start func() error, env ...string) {
	run := func(name string) *Child {
		return Start(t, name, append([]string{"IDFORGE_LEASE_TTL=" + ttl.String(), "IDFORGE_LEASE_WAIT=" + (6 * ttl).String()}, env...)...)
	}
	var before []*Child
	for i := range 4 {
		before = append(before, run(fmt.Sprint("before ", i)))
	}
	for _, c := range before {
		if c.Node() < 0 {
			t.Fatalf("%s got no node: %s %s", c.name, c.kind, c.message)
		}
		c.WaitIDs(1000)
	}
	if err := stop(); err != nil {
		t.Fatal(err)
	}
	stopped := time.Now()
	restarted := false
	defer func() {
		if !restarted {
			start()
		}
	}()
	for _, c := range before {
		// A child stops at its deadline, TTL minus the margin after its
		// last confirmed renewal; 3 TTLs is far past it.
		code, kind, msg := c.Wait(3*ttl + 10*time.Second)
		if code != exitLost || kind != "lost" {
			t.Errorf("%s, with the server gone, exited %d (%s %s); want ErrLeaseLost", c.name, code, kind, msg)
		}
		c.mu.Lock()
		late := 0
		var until time.Time // the last tenure's confirmed end
		for _, tn := range c.tenures {
			for _, id := range tn.ids {
				if id.Time().After(tn.until) {
					late++
				}
			}
			until = tn.until
		}
		c.mu.Unlock()
		gone := until.Sub(stopped)
		if late > 0 {
			t.Errorf("%s made %d IDs on ticks after its lease was last confirmed until", c.name, late)
		}
		t.Logf("%s stopped with ErrLeaseLost; its lease was confirmed until %v after the server went away", c.name, gone.Round(time.Millisecond))
	}
	// The server stays away two TTLs at least, past every lease's expiry
	// on its clock, as a cut network would keep it.
	time.Sleep(time.Until(stopped.Add(2 * ttl)))
	down := time.Since(stopped)
	began := time.Now()
	if err := start(); err != nil {
		t.Fatal(err)
	}
	restarted = true
	t.Logf("the server was away %v and took %v to start again", down.Round(time.Millisecond), time.Since(began).Round(time.Millisecond))
	var after []*Child
	for i := range 4 {
		after = append(after, run(fmt.Sprint("after ", i)))
	}
	for _, c := range after {
		if c.Node() < 0 {
			t.Fatalf("%s got no node after the server came back: %s %s", c.name, c.kind, c.message)
		}
		c.WaitIDs(1000)
	}
	for _, c := range after {
		c.Stop()
	}
	t.Logf("4 children lost their leases with the server away, 4 new ones took nodes once it was back (%v after it started); %d IDs, none repeated",
		time.Since(began).Round(time.Millisecond), Check(t, append(before, after...)...))
}

// Command returns a function that runs the shell command the environment
// variable env holds (such as .ci/kube stop-apiserver), or nil if env is
// not set.
func Command(t *testing.T, env string) func() error { return RestartCommand(t, env) }
