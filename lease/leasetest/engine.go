// Package leasetest holds the tests every lease.Engine must pass, and the
// harness of the tests that run holders as separate processes, so that the
// engines in package lease and in the module lease/etcd are held to the
// same rules.
//
// The process harness pauses, resumes and stops its children with SIGSTOP,
// SIGCONT and SIGTERM, so it is built on Unix only. Elsewhere (Windows,
// Plan 9, js, wasip1) the package keeps IsChild, ChildMain, Processes and
// RestartCommand, and Processes skips its test with a message saying why:
// the tests that use them build and run on every platform.
package leasetest

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/idforge/idforge/lease"
)

// NewSpace returns a space of the given node width that no other test uses,
// on a shared server too.
func NewSpace(t testing.TB, bits int) lease.Space {
	var b [6]byte
	rand.Read(b[:])
	return lease.Space{Layout: "test-" + hex.EncodeToString(b[:]), Epoch: time.Unix(0, 0).UTC(), NodeBits: bits}
}

// Engine checks the rules of lease.Engine on e: a node has one holder at a
// time; a renewal by anyone else, or after the expiry, fails with
// ErrLeaseLost; release frees a node at once, and expiry only after a
// quarantine of the TTL plus the claim's skew; the high-water tick only
// goes up on renewal and is set on release; a full space gives ErrFull; and
// holders racing for nodes all get different ones. minTTL is the shortest
// TTL the engine keeps to (etcd rounds shorter ones up).
func Engine(t *testing.T, e lease.Engine, minTTL time.Duration) {
	ctx := context.Background()
	ttl := time.Minute
	claim := func(s lease.Space, holder string, node uint64) lease.Claim {
		return lease.Claim{Space: s, Node: node, Holder: holder, TTL: ttl}
	}
	t.Run("one holder a node", func(t *testing.T) {
		s := NewSpace(t, 1)
		a, _, err := e.Acquire(ctx, claim(s, "a", 0), 2)
		if err != nil {
			t.Fatal(err)
		}
		b, _, err := e.Acquire(ctx, claim(s, "b", a), 2)
		if err != nil {
			t.Fatal(err)
		}
		if a == b {
			t.Fatalf("a and b both hold node %d", a)
		}
		if _, _, err := e.Acquire(ctx, claim(s, "c", 0), 2); !errors.Is(err, lease.ErrFull) {
			t.Fatalf("a third holder of 2 nodes: %v, want ErrFull", err)
		}
		if err := e.Renew(ctx, claim(s, "c", a), 0); !errors.Is(err, lease.ErrLeaseLost) {
			t.Fatalf("a renewal by a non-holder: %v, want ErrLeaseLost", err)
		}
		if err := e.Release(ctx, claim(s, "c", a), 0); !errors.Is(err, lease.ErrLeaseLost) {
			t.Fatalf("a release by a non-holder: %v, want ErrLeaseLost", err)
		}
		if err := e.Renew(ctx, claim(s, "a", a), 0); err != nil {
			t.Fatalf("a renewal by the holder: %v", err)
		}
	})
	t.Run("full after the wait", func(t *testing.T) {
		s := NewSpace(t, 1)
		for range 2 {
			l, err := lease.Acquire(ctx, e, s, lease.WithTTL(ttl))
			if err != nil {
				t.Fatal(err)
			}
			defer l.Close()
		}
		wait, cancel := context.WithTimeout(ctx, 300*time.Millisecond)
		defer cancel()
		_, err := lease.Acquire(wait, e, s)
		if !errors.Is(err, lease.ErrFull) || !strings.Contains(err.Error(), "all 2 nodes of space "+s.String()) {
			t.Fatalf("a third holder of 2 nodes, after 300ms: %v; want ErrFull naming the space and its size", err)
		}
		t.Log(err)
	})
	t.Run("high-water", func(t *testing.T) {
		s := NewSpace(t, 3)
		n, hw, err := e.Acquire(ctx, claim(s, "a", 5), 1)
		if err != nil || n != 5 || hw != 0 {
			t.Fatalf("Acquire node 5: %d, %d, %v; want 5, 0, nil", n, hw, err)
		}
		for _, h := range []uint64{500, 400} { // renewals only raise it
			if err := e.Renew(ctx, claim(s, "a", 5), h); err != nil {
				t.Fatal(err)
			}
		}
		if _, _, err := e.Acquire(ctx, claim(s, "b", 5), 1); !errors.Is(err, lease.ErrFull) {
			t.Fatalf("node 5 while held: %v, want ErrFull", err)
		}
		if err := e.Release(ctx, claim(s, "a", 5), 450); err != nil { // release sets it
			t.Fatal(err)
		}
		if err := e.Renew(ctx, claim(s, "a", 5), 0); !errors.Is(err, lease.ErrLeaseLost) {
			t.Fatalf("a renewal after release: %v, want ErrLeaseLost", err)
		}
		n, hw, err = e.Acquire(ctx, claim(s, "b", 5), 1)
		if err != nil || n != 5 || hw != 450 {
			t.Fatalf("Acquire node 5 after release: %d, %d, %v; want 5, 450, nil", n, hw, err)
		}
	})
	t.Run("expiry and quarantine", func(t *testing.T) {
		// A lease of minTTL, left to expire, with a clock-skew bound of
		// half of it: its node goes to no one until minTTL + skew after
		// the expiry, and then to the next holder, with the high-water
		// tick the last renewal recorded.
		s := NewSpace(t, 1)
		skew := minTTL / 2
		c := lease.Claim{Space: s, Holder: "a", TTL: minTTL, Skew: skew}
		n, _, err := e.Acquire(ctx, c, 1)
		if err != nil {
			t.Fatal(err)
		}
		c.Node = n
		sent := time.Now() // the server's expiry is minTTL after this, or later
		if err := e.Renew(ctx, c, 7); err != nil {
			t.Fatal(err)
		}
		b := lease.Claim{Space: s, Node: n, Holder: "b", TTL: ttl, Skew: skew}
		if _, _, err := e.Acquire(ctx, b, 1); !errors.Is(err, lease.ErrFull) {
			t.Fatalf("node %d before its expiry: %v, want ErrFull", n, err)
		}
		time.Sleep(minTTL + minTTL/2 + 100*time.Millisecond)
		if err := e.Renew(ctx, c, 8); !errors.Is(err, lease.ErrLeaseLost) {
			t.Fatalf("a renewal after the expiry: %v, want ErrLeaseLost", err)
		}
		if err := e.Release(ctx, c, 8); !errors.Is(err, lease.ErrLeaseLost) {
			t.Fatalf("a release after the expiry: %v, want ErrLeaseLost", err)
		}
		quarantine := 2*minTTL + skew // from the renewal: the TTL, then TTL + skew
		m, hw, err := e.Acquire(ctx, b, 1)
		if since := time.Since(sent); since < quarantine {
			// Answered inside the quarantine, for certain: refused.
			if !errors.Is(err, lease.ErrFull) {
				t.Fatalf("node %d %v after its last renewal, in its quarantine of %v after the expiry: %v, want ErrFull", n, since.Round(time.Millisecond), minTTL+skew, err)
			}
		} else {
			t.Logf("the machine was too slow to ask inside the quarantine (%v after the renewal)", since.Round(time.Millisecond))
		}
		for {
			if err == nil { // b holds the node: the first answer above, or one below
				since := time.Since(sent)
				if m != n || hw != 7 {
					t.Fatalf("node %d after its quarantine: %d, %d; want %d, 7", n, m, hw, n)
				}
				if since < quarantine {
					t.Fatalf("node %d went to another holder %v after its last renewal, before the end of its quarantine (%v)", n, since, quarantine)
				}
				t.Logf("node %d free again %v after its last renewal (quarantine ends %v after it)", n, since.Round(time.Millisecond), quarantine)
				break
			}
			if !errors.Is(err, lease.ErrFull) {
				t.Fatal(err)
			}
			if time.Since(sent) > quarantine+10*time.Second {
				t.Fatalf("node %d still held %v after its last renewal", n, time.Since(sent).Round(time.Millisecond))
			}
			time.Sleep(50 * time.Millisecond)
			m, hw, err = e.Acquire(ctx, b, 1)
		}
	})
	t.Run("race", func(t *testing.T) {
		s := NewSpace(t, 4)
		nodes := make([]uint64, 16)
		errs := make([]error, 16)
		var wg sync.WaitGroup
		for i := range nodes {
			wg.Add(1)
			go func() {
				defer wg.Done()
				nodes[i], _, errs[i] = e.Acquire(ctx, lease.Claim{Space: s, Node: uint64(i % 2), Holder: hex.EncodeToString([]byte{byte(i)}), TTL: ttl}, 16)
			}()
		}
		wg.Wait()
		seen := map[uint64]int{}
		for i, n := range nodes {
			if errs[i] != nil {
				// A holder may lose every race it runs; it would wait and try
				// again, as Acquire does.
				if !errors.Is(errs[i], lease.ErrFull) {
					t.Fatalf("holder %d: %v", i, errs[i])
				}
				continue
			}
			if j, ok := seen[n]; ok {
				t.Fatalf("holders %d and %d both got node %d", j, i, n)
			}
			seen[n] = i
		}
		if len(seen) < 8 {
			t.Errorf("only %d of 16 racing holders got a node of 16", len(seen))
		}
	})
}
