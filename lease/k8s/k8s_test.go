package k8s_test

import (
	"context"
	"fmt"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/idforge/idforge/lease"
	"github.com/idforge/idforge/lease/k8s"
	"github.com/idforge/idforge/lease/leasetest"
	"github.com/idforge/idforge/testenv"
)

func TestMain(m *testing.M) {
	if leasetest.IsChild() {
		leasetest.ChildMain(func() (lease.Engine, error) {
			e, err := k8s.New(envConfig())
			if err != nil {
				return nil, err
			}
			return e, nil
		})
	}
	os.Exit(m.Run())
}

// envConfig is the Config the environment gives (.ci/kube prints it).
func envConfig() k8s.Config {
	return k8s.Config{
		Server:    os.Getenv(testenv.Kube),
		Token:     os.Getenv(testenv.KubeToken),
		CAFile:    os.Getenv(testenv.KubeCA),
		Namespace: os.Getenv(testenv.KubeNamespace),
	}
}

// engine returns an engine on the API server IDFORGE_KUBE_SERVER names,
// or skips the test.
func engine(t testing.TB) *k8s.Engine {
	t.Helper()
	testenv.Need(t, testenv.Kube)
	testenv.Need(t, testenv.KubeToken)
	e, err := k8s.New(envConfig())
	if err != nil {
		t.Fatal(err)
	}
	return e
}

func TestEngine(t *testing.T) {
	// A TTL of 8s: the engine's clock is the API server's Date header,
	// whole seconds, so an expired lease is free only a second or two past
	// its TTL plus the skew bound, and the scenario's wait (1.5 TTL) must
	// cover that.
	leasetest.Engine(t, engine(t), 8*time.Second)
}

func TestLeaseName(t *testing.T) {
	for _, c := range []struct {
		layout string
		node   uint64
		prefix string
	}{
		{"snowflake", 1023, "idforge-snowflake-"},
		{"Orders_v2", 0, "idforge-orders-v2-"},
		{"--", 5, "idforge-"},
		{strings.Repeat("x", 300), 1<<63 - 1, "idforge-" + strings.Repeat("x", 16) + "-"},
		{"ümlaut.é", 3, "idforge-mlaut-"},
	} {
		s := lease.Space{Layout: c.layout, Epoch: time.Unix(0, 0), NodeBits: 63}
		name := k8s.LeaseName(s, c.node)
		if !strings.HasPrefix(name, c.prefix) || !strings.HasSuffix(name, fmt.Sprintf("-%d", c.node)) {
			t.Errorf("LeaseName(%q, %d) = %q, want %s…-%d", c.layout, c.node, name, c.prefix, c.node)
		}
		if len(name) > 63 {
			t.Errorf("LeaseName(%q, %d) = %q: %d characters, more than a DNS-1123 label's 63", c.layout, c.node, name, len(name))
		}
		for i, r := range name {
			if !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '-' && i > 0 && i < len(name)-1) || strings.Contains(name, "--") {
				t.Errorf("LeaseName(%q, %d) = %q: not a DNS-1123 label", c.layout, c.node, name)
				break
			}
		}
	}
	a := lease.Space{Layout: "snowflake", Epoch: time.Unix(0, 0), NodeBits: 10}
	b := a
	b.NodeBits = 11
	if k8s.LeaseName(a, 1) == k8s.LeaseName(b, 1) {
		t.Errorf("two spaces share Lease name %s", k8s.LeaseName(a, 1))
	}
}

func TestConfigErrors(t *testing.T) {
	for _, c := range []k8s.Config{
		{},
		{Server: "127.0.0.1:6443"},
		{Server: "https://127.0.0.1:6443", Namespace: "Not_A_Label"},
		{Server: "https://127.0.0.1:6443", CAFile: "/nonexistent/ca.crt"},
		{Server: "https://127.0.0.1:6443", CA: []byte("not PEM")},
		{Server: "https://127.0.0.1:6443", TokenFile: "/nonexistent/token"},
		{Server: "https://127.0.0.1:6443", Skew: -time.Second},
	} {
		if _, err := k8s.New(c); err == nil {
			t.Errorf("New(%+v): no error", c)
		} else if !strings.HasPrefix(err.Error(), "kubernetes: ") {
			t.Errorf("New(%+v): %v, want an error that starts with kubernetes:", c, err)
		}
	}
}

// A token without the Role's rights gets an error that says what is
// needed.
func TestForbidden(t *testing.T) {
	engine(t)
	cfg := envConfig()
	cfg.Namespace = "kube-system" // the tests' Role is not bound there
	e, err := k8s.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	_, err = lease.Acquire(context.Background(), e, leasetest.NewSpace(t, 4))
	if err == nil || !strings.Contains(err.Error(), "403") || !strings.Contains(err.Error(), "leases.coordination.k8s.io") {
		t.Fatalf("Acquire in a namespace the token may not use: %v; want a 403 that names the rights needed", err)
	}
	t.Log(err)
}

// 50 holders, each with an engine of its own (as 50 pods would have),
// race for the 16 nodes of a space: each takes a node, checks on the API
// server that the node's Lease names it, holds it a moment and releases
// it, until all 50 have held one. No two may hold a node at once: neither
// on the server (every Lease object read back while they race) nor in
// their own records (the spans between Acquire's return and Close, on
// this process's one clock, never overlap on a node).
func TestRace50(t *testing.T) {
	engine(t)
	space := leasetest.NewSpace(t, 4)
	type tenure struct {
		holder   int
		node     uint64
		from, to time.Time
	}
	var (
		mu       sync.Mutex
		tenures  []tenure
		failures []string
	)
	fail := func(format string, args ...any) {
		mu.Lock()
		failures = append(failures, fmt.Sprintf(format, args...))
		mu.Unlock()
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	// A watcher reads every Lease of the space back while the holders race:
	// no holder may appear on two nodes.
	watchDone := make(chan struct{})
	reads := 0
	stopWatch := make(chan struct{})
	go func() {
		defer close(watchDone)
		e, err := k8s.New(envConfig())
		if err != nil {
			fail("%v", err)
			return
		}
		for {
			select {
			case <-stopWatch:
				return
			default:
			}
			rs, err := e.List(ctx, space)
			if err != nil {
				fail("listing the space's Leases: %v", err)
				return
			}
			reads++
			seen := map[string]uint64{}
			for _, r := range rs {
				if r.Holder == "" || r.Expired {
					continue
				}
				if n, dup := seen[r.Holder]; dup {
					fail("holder %s holds nodes %d and %d on the server", r.Holder, n, r.Node)
				}
				seen[r.Holder] = r.Node
			}
			time.Sleep(20 * time.Millisecond)
		}
	}()
	began := time.Now()
	var wg sync.WaitGroup
	for i := range 50 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			e, err := k8s.New(envConfig())
			if err != nil {
				fail("holder %d: %v", i, err)
				return
			}
			holder := fmt.Sprintf("holder-%02d", i)
			l, err := lease.Acquire(ctx, e, space, lease.WithTTL(10*time.Second), lease.WithHolder(holder))
			if err != nil {
				fail("holder %d: %v", i, err)
				return
			}
			from := time.Now()
			rs, err := e.List(ctx, space)
			if err != nil {
				fail("holder %d: %v", i, err)
			}
			for _, r := range rs {
				if r.Node == l.Node() && r.Holder != holder {
					fail("holder %d holds node %d, whose Lease on the server names %q", i, r.Node, r.Holder)
				}
			}
			time.Sleep(100 * time.Millisecond)
			to := time.Now()
			if err := l.Close(); err != nil {
				fail("holder %d: closing: %v", i, err)
			}
			mu.Lock()
			tenures = append(tenures, tenure{i, l.Node(), from, to})
			mu.Unlock()
		}()
	}
	wg.Wait()
	took := time.Since(began)
	close(stopWatch)
	<-watchDone
	for _, f := range failures {
		t.Error(f)
	}
	overlaps := 0
	nodes := map[uint64]int{}
	for i, a := range tenures {
		nodes[a.node]++
		for _, b := range tenures[i+1:] {
			if a.node == b.node && a.from.Before(b.to) && b.from.Before(a.to) {
				overlaps++
				t.Errorf("holders %d and %d both held node %d from %v to %v and from %v to %v", a.holder, b.holder, a.node, a.from, a.to, b.from, b.to)
			}
		}
	}
	if len(tenures) != 50 {
		t.Errorf("%d of 50 holders held a node", len(tenures))
	}
	rs, err := engine(t).List(ctx, space)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range rs {
		if r.Holder != "" {
			t.Errorf("node %d is still held by %q after every holder closed", r.Node, r.Holder)
		}
		if int(r.Token) != nodes[r.Node] {
			t.Errorf("node %d: the Lease counts %d acquisitions, the holders %d", r.Node, r.Token, nodes[r.Node])
		}
	}
	t.Logf("50 holders on 16 nodes: %d tenures on %d nodes in %v, %d overlaps; %d readings of all the space's Leases while they raced, none with a holder on two nodes",
		len(tenures), len(nodes), took.Round(time.Millisecond), overlaps, reads)
}

// Holders in separate processes, on the real API server: racing, killed,
// paused past their TTL, with the API server killed and restarted, and
// with a clock 5s behind.
func TestProcesses(t *testing.T) {
	engine(t)
	if testing.Short() {
		t.Skip("the process tests take a minute")
	}
	leasetest.Processes(t, 3*time.Second, leasetest.RestartCommand(t, testenv.KubeRestart))
}

// The API server stopped for longer than the TTL, then started again (a
// cut network, as the holders see it).
func TestOutage(t *testing.T) {
	engine(t)
	if testing.Short() {
		t.Skip("the outage test takes half a minute")
	}
	stop, start := leasetest.Command(t, testenv.KubeStop), leasetest.Command(t, testenv.KubeStart)
	if stop == nil || start == nil {
		t.Skip(testenv.Missing(testenv.KubeStop) + "; " + testenv.Missing(testenv.KubeStart))
	}
	leasetest.Outage(t, 3*time.Second, stop, start)
}

// recordOf reads node n's Lease back from the API server.
func recordOf(e *k8s.Engine, s lease.Space, n uint64) (k8s.Record, error) {
	rs, err := e.List(context.Background(), s)
	if err != nil {
		return k8s.Record{}, err
	}
	for _, r := range rs {
		if r.Node == n {
			return r, nil
		}
	}
	return k8s.Record{}, fmt.Errorf("no Lease of node %d of %s", n, s)
}
