//go:build unix

package k8s_test

import (
	"context"
	"errors"
	"syscall"
	"testing"
	"time"

	"github.com/idforge/idforge/layouts"
	"github.com/idforge/idforge/lease"
	"github.com/idforge/idforge/lease/leasetest"
)

// A holder killed with SIGKILL leaves its Lease as it last renewed it: the
// node is free again only once the API server's clock is past its renewal
// plus the TTL plus the skew bound (the quarantine), and not before.
func TestKillQuarantine(t *testing.T) {
	e := engine(t)
	if testing.Short() {
		t.Skip("the quarantine test takes a few seconds")
	}
	const ttl = 3 * time.Second
	a := leasetest.Start(t, "a", "IDFORGE_LEASE_TTL="+ttl.String(), "IDFORGE_LEASE_WAIT=10s")
	node := a.Node()
	if node < 0 {
		t.Fatal("a got no node")
	}
	a.WaitIDs(1000)
	a.Signal(syscall.SIGKILL)
	killed := time.Now()
	a.Wait(10 * time.Second)
	sf, _ := layouts.Builtin("snowflake")
	l, err := lease.SpaceOf(sf)
	if err != nil {
		t.Fatal(err)
	}
	last, err := recordOf(e, l, uint64(node))
	if err != nil {
		t.Fatal(err)
	}
	freeAt := last.RenewTime.Add(2*last.Duration + last.Skew) // the expiry, then the quarantine: TTL + skew
	refused := 0
	b := lease.Claim{Space: l, Node: uint64(node), Holder: "b", TTL: 10 * time.Second}
	for {
		_, _, err := e.Acquire(context.Background(), b, 1)
		if err == nil {
			break
		}
		if !errors.Is(err, lease.ErrFull) {
			t.Fatal(err)
		}
		refused++
		if time.Since(killed) > 30*time.Second {
			t.Fatalf("node %d not free 30s after its holder was killed", node)
		}
		time.Sleep(100 * time.Millisecond)
	}
	defer e.Release(context.Background(), b, 0)
	now, err := recordOf(e, l, uint64(node))
	if err != nil {
		t.Fatal(err)
	}
	if now.Holder == last.Holder || now.Token != last.Token+1 {
		t.Errorf("after a was killed the node's Lease names %q (acquisition %d); before, %q (acquisition %d)", now.Holder, now.Token, last.Holder, last.Token)
	}
	if now.AcquireTime.Before(freeAt) || now.ServerTime.Before(freeAt) {
		t.Errorf("node %d taken again at %v on the API server's clock (Lease says acquired %v), before its quarantine ended at %v (renewed %v, TTL %v, skew %v)",
			node, now.ServerTime.UTC(), now.AcquireTime.UTC(), freeAt.UTC(), last.RenewTime.UTC(), last.Duration, last.Skew)
	}
	if refused == 0 {
		t.Errorf("node %d was taken at the first try after its holder was killed", node)
	}
	t.Logf("node %d: a killed; %d tries refused, then taken %v after the kill, at %v on the API server's clock; a's last renewal said %v, so the quarantine (renewal + TTL %v, then TTL + skew %v) ended at %v",
		node, refused, time.Since(killed).Round(time.Millisecond), now.ServerTime.UTC().Format(time.TimeOnly), last.RenewTime.UTC().Format("15:04:05.000"), last.Duration, last.Skew, freeAt.UTC().Format("15:04:05.000"))
}
