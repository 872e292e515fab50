//go:build unix

package leasetest

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"os/signal"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/idforge/idforge/layouts"
	"github.com/idforge/idforge/lease"
	"github.com/idforge/idforge/snowflake"
)

// The process tests run holders as children: the test binary run again
// with IDFORGE_LEASE_CHILD set, which TestMain hands to ChildMain. A child
// leases a Snowflake node, makes IDs and writes on standard output:
//
//	A node unix-ns      it holds node since then (the lease is valid from then)
//	V unix-ns           the lease is confirmed until then (after each renewal)
//	I id                an ID it made
//	R unix-ns           it released its lease then
//	E kind message      why it stopped: lost, behind, full or other
//
// It runs until it loses its lease (exit 3) or gets SIGTERM (it closes its
// lease and exits 0). The environment sets the TTL (IDFORGE_LEASE_TTL), the
// node (IDFORGE_LEASE_NODE, any if unset), how long to wait for it
// (IDFORGE_LEASE_WAIT), the generator's clock offset (IDFORGE_LEASE_SKEW)
// and how long to wait for that clock to catch up with the node's
// high-water mark (IDFORGE_LEASE_CLOCK_WAIT).

// Exit codes of a child.
const (
	exitLost   = 3
	exitBehind = 4
	exitFull   = 5
	exitOther  = 6
)

// IsChild reports whether this process is a child of a process test.
func IsChild() bool { return os.Getenv("IDFORGE_LEASE_CHILD") != "" }

// ChildMain runs a child holder on the engine open returns, and exits.
func ChildMain(open func() (lease.Engine, error)) {
	os.Exit(child(open))
}

func child(open func() (lease.Engine, error)) int {
	out := bufio.NewWriter(os.Stdout)
	defer out.Flush()
	fail := func(code int, kind string, err error) int {
		fmt.Fprintf(out, "E %s %s\n", kind, strings.ReplaceAll(err.Error(), "\n", " "))
		return code
	}
	dur := func(name string) time.Duration {
		d, _ := time.ParseDuration(os.Getenv(name))
		return d
	}
	e, err := open()
	if err != nil {
		return fail(exitOther, "other", err)
	}
	l, _ := layouts.Builtin("snowflake")
	space, _ := lease.SpaceOf(l)
	opts := []lease.Option{lease.WithTTL(dur("IDFORGE_LEASE_TTL")), lease.WithClockWait(dur("IDFORGE_LEASE_CLOCK_WAIT"))}
	if n, err := strconv.ParseUint(os.Getenv("IDFORGE_LEASE_NODE"), 10, 64); err == nil {
		opts = append(opts, lease.WithNode(n))
	}
	ctx, cancel := context.WithTimeout(context.Background(), max(dur("IDFORGE_LEASE_WAIT"), time.Millisecond))
	defer cancel()
	ls, err := lease.Acquire(ctx, e, space, opts...)
	if err != nil {
		if errors.Is(err, lease.ErrFull) {
			return fail(exitFull, "full", err)
		}
		return fail(exitOther, "other", err)
	}
	fmt.Fprintf(out, "A %d %d\n", ls.Node(), time.Now().UnixNano())
	out.Flush()
	skew := dur("IDFORGE_LEASE_SKEW")
	g, err := snowflake.NewGenerator(0, snowflake.WithLease(ls), snowflake.WithClock(func() time.Time { return time.Now().Add(skew) }))
	if err != nil {
		ls.Close()
		if errors.Is(err, lease.ErrClockBehind) {
			return fail(exitBehind, "behind", err)
		}
		return fail(exitOther, "other", fmt.Errorf("making the generator: %w", err))
	}
	term := make(chan os.Signal, 1)
	signal.Notify(term, syscall.SIGTERM)
	var until time.Time
	for {
		select {
		case <-term:
			if err := ls.Close(); err != nil {
				return fail(exitOther, "other", fmt.Errorf("closing the lease: %w", err))
			}
			fmt.Fprintf(out, "R %d\n", time.Now().UnixNano())
			return 0
		default:
		}
		for range 5 {
			id, err := g.Next()
			if errors.Is(err, lease.ErrLeaseLost) {
				return fail(exitLost, "lost", err)
			}
			if err != nil {
				return fail(exitOther, "other", fmt.Errorf("making an ID: %w", err))
			}
			fmt.Fprintf(out, "I %d\n", id)
		}
		if u := ls.ValidUntil(); u.After(until.Add(time.Millisecond)) {
			until = u
			fmt.Fprintf(out, "V %d\n", u.UnixNano())
		}
		out.Flush()
		time.Sleep(time.Millisecond)
	}
}

// Child is a holder running in a child process.
type Child struct {
	t    *testing.T
	name string
	cmd  *exec.Cmd
	done chan struct{} // closed when the child has exited and its output is read

	mu       sync.Mutex
	node     int64 // -1 until it holds one
	from     time.Time
	until    time.Time
	ids      []snowflake.ID
	kind     string // from its E line
	message  string
	exitCode int
}

// Start starts a child holder with the given environment (NAME=value, on
// top of this process's).
func Start(t *testing.T, name string, env ...string) *Child {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(append(os.Environ(), "IDFORGE_LEASE_CHILD=1"), env...)
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	var stderr strings.Builder
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	c := &Child{t: t, name: name, cmd: cmd, done: make(chan struct{}), node: -1}
	go func() {
		defer close(c.done)
		sc := bufio.NewScanner(stdout)
		for sc.Scan() {
			c.line(sc.Text())
		}
		err := cmd.Wait()
		c.mu.Lock()
		defer c.mu.Unlock()
		c.exitCode = cmd.ProcessState.ExitCode()
		if c.exitCode != 0 && c.kind == "" {
			c.kind, c.message = "crash", fmt.Sprint(err, ": ", stderr.String())
		}
	}()
	t.Cleanup(func() {
		cmd.Process.Signal(syscall.SIGCONT)
		cmd.Process.Kill()
		<-c.done
	})
	return c
}

// line reads one line of the child's output.
func (c *Child) line(s string) {
	f := strings.SplitN(s, " ", 3)
	c.mu.Lock()
	defer c.mu.Unlock()
	num := func(i int) int64 { n, _ := strconv.ParseInt(f[i], 10, 64); return n }
	switch {
	case f[0] == "I" && len(f) == 2:
		c.ids = append(c.ids, snowflake.ID(num(1)))
	case f[0] == "V" && len(f) == 2:
		c.until = time.Unix(0, num(1))
	case f[0] == "R" && len(f) == 2:
		if r := time.Unix(0, num(1)); r.Before(c.until) {
			c.until = r
		}
	case f[0] == "A" && len(f) == 3:
		c.node, c.from = num(1), time.Unix(0, num(2))
	case f[0] == "E" && len(f) == 3:
		c.kind, c.message = f[1], f[2]
	}
}

// Node waits until the child holds a node and returns it, or -1 if it
// stopped without one.
func (c *Child) Node() int64 {
	for range 1000 {
		c.mu.Lock()
		n := c.node
		c.mu.Unlock()
		if n >= 0 {
			return n
		}
		select {
		case <-c.done:
			return -1
		case <-time.After(20 * time.Millisecond):
		}
	}
	c.t.Fatalf("%s holds no node after 20s", c.name)
	return -1
}

// IDs returns how many IDs the child has made so far.
func (c *Child) IDs() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.ids)
}

// WaitIDs waits until the child has made n IDs, or stopped.
func (c *Child) WaitIDs(n int) {
	for c.IDs() < n {
		select {
		case <-c.done:
			return
		case <-time.After(10 * time.Millisecond):
		}
	}
}

// Signal sends sig to the child.
func (c *Child) Signal(sig syscall.Signal) {
	if err := c.cmd.Process.Signal(sig); err != nil {
		c.t.Fatalf("%s: %v", c.name, err)
	}
}

// Wait waits up to d for the child to exit and returns its exit code, the
// kind of error it reported and the message.
func (c *Child) Wait(d time.Duration) (code int, kind, message string) {
	select {
	case <-c.done:
	default:
		select {
		case <-c.done:
		case <-time.After(d):
			c.t.Fatalf("%s still running after %v", c.name, d)
		}
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.exitCode, c.kind, c.message
}

// Stop sends SIGTERM, so that the child closes its lease, and waits for it.
func (c *Child) Stop() {
	err := c.cmd.Process.Signal(syscall.SIGTERM)
	if err != nil && !errors.Is(err, os.ErrProcessDone) {
		c.t.Fatalf("%s: %v", c.name, err)
	}
	code, kind, msg := c.Wait(30 * time.Second)
	switch {
	case err != nil:
		c.t.Errorf("%s exited before it was stopped, with %d: %s %s", c.name, code, kind, msg)
	case code != 0:
		c.t.Errorf("%s exited %d: %s %s", c.name, code, kind, msg)
	}
}

// Check checks what the children did: no ID made twice, each ID on its
// maker's node, and no node held by two children that both believed their
// lease valid at the same time. Every ID of a node's later holder must be
// above every ID of an earlier one. It returns the number of IDs.
func Check(t *testing.T, children ...*Child) int {
	t.Helper()
	seen := map[snowflake.ID]string{}
	type tenure struct {
		c          *Child
		from, till time.Time
		lo, hi     snowflake.ID
	}
	byNode := map[int64][]tenure{}
	total := 0
	for _, c := range children {
		c.mu.Lock()
		if c.node < 0 {
			c.mu.Unlock()
			continue
		}
		tn := tenure{c: c, from: c.from, till: c.until}
		for i, id := range c.ids {
			if other, dup := seen[id]; dup {
				t.Errorf("ID %d made by %s and %s", id, other, c.name)
			}
			seen[id] = c.name
			if id.Node() != c.node {
				t.Errorf("%s made ID %d on node %d, holding node %d", c.name, id, id.Node(), c.node)
			}
			if i == 0 || id < tn.lo {
				tn.lo = id
			}
			tn.hi = max(tn.hi, id)
		}
		total += len(c.ids)
		byNode[c.node] = append(byNode[c.node], tn)
		c.mu.Unlock()
	}
	for node, ts := range byNode {
		for i, a := range ts {
			for _, b := range ts[i+1:] {
				if a.till.IsZero() || b.till.IsZero() {
					continue // one was killed before it said how long its lease held
				}
				if a.from.Before(b.till) && b.from.Before(a.till) {
					t.Errorf("node %d: %s believed its lease valid from %v to %v, and %s from %v to %v",
						node, a.c.name, a.from.Format(time.StampMicro), a.till.Format(time.StampMicro), b.c.name, b.from.Format(time.StampMicro), b.till.Format(time.StampMicro))
				}
				first, second := a, b
				if b.from.Before(a.from) {
					first, second = b, a
				}
				if first.hi != 0 && second.lo != 0 && second.lo <= first.hi {
					t.Errorf("node %d: %s made ID %d, not above %d that %s made before it", node, second.c.name, second.lo, first.hi, first.c.name)
				}
			}
		}
	}
	return total
}

// RestartCommand returns the restart Processes takes: it runs the shell
// command the environment variable env holds (such as .ci/etcd restart),
// which kills the engine's server and starts it again. It returns nil, and
// Processes skips its restart scenario, when env is not set.
func RestartCommand(t *testing.T, env string) func() error {
	cmd := os.Getenv(env)
	if cmd == "" {
		return nil
	}
	return func() error {
		out, err := exec.Command("sh", "-c", cmd).CombinedOutput()
		if err != nil {
			t.Logf("%s: %s", cmd, out)
		}
		return err
	}
}
