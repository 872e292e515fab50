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
//	L kind message      it lost its lease, and goes on to take another
//	E kind message      why it stopped: lost, behind, full or other
//
// It runs until it loses its lease (exit 3) or gets SIGTERM (it closes its
// lease and exits 0). With IDFORGE_LEASE_RECOVER set, a child that loses
// its lease writes an L line instead, and acquires again (retrying while
// the engine is out of reach) and writes a new A line: a tenure. Holders
// in other languages write the same lines (StartCommand). The environment sets the TTL (IDFORGE_LEASE_TTL), the
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
	goOn := os.Getenv("IDFORGE_LEASE_RECOVER") != ""
	term := make(chan os.Signal, 1)
	signal.Notify(term, syscall.SIGTERM)
	ls, err := lease.Acquire(ctx, e, space, opts...)
	if err != nil {
		if errors.Is(err, lease.ErrFull) {
			return fail(exitFull, "full", err)
		}
		return fail(exitOther, "other", err)
	}
again:
	fmt.Fprintf(out, "A %d %d\n", ls.Node(), time.Now().UnixNano())
	out.Flush()
	skew := dur("IDFORGE_LEASE_SKEW")
	g, err := snowflake.NewGenerator(0, snowflake.WithLease(ls), snowflake.WithClock(func() time.Time { return time.Now().Add(skew) }))
	if err != nil && goOn && !errors.Is(err, lease.ErrClockBehind) {
		// Lost, or not confirmed in time, before its first ID: take another.
		fmt.Fprintf(out, "L lost %s\n", strings.ReplaceAll(err.Error(), "\n", " "))
		out.Flush()
		ls.Close()
		if ls = reacquire(e, space, opts, term); ls == nil {
			return 0
		}
		goto again
	}
	if err != nil {
		ls.Close()
		if errors.Is(err, lease.ErrClockBehind) {
			return fail(exitBehind, "behind", err)
		}
		return fail(exitOther, "other", fmt.Errorf("making the generator: %w", err))
	}
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
			if errors.Is(err, lease.ErrLeaseLost) && goOn {
				fmt.Fprintf(out, "L lost %s\n", strings.ReplaceAll(err.Error(), "\n", " "))
				out.Flush()
				ls.Close()
				if ls = reacquire(e, space, opts, term); ls == nil {
					return 0
				}
				goto again
			}
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

// reacquire takes a new lease after one was lost, trying again every 100ms
// while the engine is out of reach or every node is held. It returns nil
// if SIGTERM comes first.
func reacquire(e lease.Engine, space lease.Space, opts []lease.Option, term chan os.Signal) *lease.Lease {
	for {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		ls, err := lease.Acquire(ctx, e, space, opts...)
		cancel()
		if err == nil {
			return ls
		}
		select {
		case <-term:
			return nil
		case <-time.After(100 * time.Millisecond):
		}
	}
}

// Child is a holder running in a child process.
type Child struct {
	t    *testing.T
	name string
	cmd  *exec.Cmd
	done chan struct{} // closed when the child has exited and its output is read

	mu        sync.Mutex
	tenures   []*tenure      // one per A line
	lost      int            // L lines: leases lost while the child went on
	lostNow   bool           // an L line came after the last A line
	afterLoss []snowflake.ID // IDs written after an L line, before the next A line
	bad       []string       // I lines that hold no ID
	kind      string         // from its E or last L line
	message   string
	exitCode  int
}

// tenure is one lease a child held: its node, from when, until when it was
// confirmed, and the IDs it made under it.
type tenure struct {
	node        int64
	from, until time.Time
	ids         []snowflake.ID
}

// Start starts a child holder with the given environment (NAME=value, on
// top of this process's).
func Start(t *testing.T, name string, env ...string) *Child {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(append(os.Environ(), "IDFORGE_LEASE_CHILD=1"), env...)
	return StartCommand(t, name, cmd)
}

// StartCommand starts cmd as a child holder: a program, in any language,
// that leases a Snowflake node and writes the lines a child of Start
// writes (A, V, I, R, L and E, see ChildMain), exits 3 when it loses its
// lease (unless it goes on, after an L line) and closes its lease and
// exits 0 on SIGTERM. Its standard error is kept for the message of a
// crash.
func StartCommand(t *testing.T, name string, cmd *exec.Cmd) *Child {
	t.Helper()
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	var stderr strings.Builder
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	c := &Child{t: t, name: name, cmd: cmd, done: make(chan struct{})}
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
	var last *tenure
	if len(c.tenures) > 0 {
		last = c.tenures[len(c.tenures)-1]
	}
	switch {
	case f[0] == "I" && (len(f) != 2 || !isID(f[1])):
		c.bad = append(c.bad, s)
	case f[0] == "I":
		if last == nil || c.lostNow {
			c.afterLoss = append(c.afterLoss, snowflake.ID(num(1)))
		} else {
			last.ids = append(last.ids, snowflake.ID(num(1)))
		}
	case f[0] == "V" && len(f) == 2 && last != nil:
		last.until = time.Unix(0, num(1))
	case f[0] == "R" && len(f) == 2 && last != nil:
		if r := time.Unix(0, num(1)); r.Before(last.until) {
			last.until = r
		}
	case f[0] == "A" && len(f) == 3:
		c.tenures = append(c.tenures, &tenure{node: num(1), from: time.Unix(0, num(2))})
		c.lostNow = false
	case f[0] == "L" && len(f) == 3:
		c.lost++
		c.lostNow = true
		c.kind, c.message = f[1], f[2]
	case f[0] == "E" && len(f) == 3:
		c.kind, c.message = f[1], f[2]
	}
}

// isID reports whether s is a Snowflake ID in decimal: 1 to 19 digits that
// fit 63 bits.
func isID(s string) bool {
	n, err := strconv.ParseInt(s, 10, 64)
	return err == nil && n > 0 && strconv.FormatInt(n, 10) == s
}

// Tenures returns how many leases the child has taken so far, and how many
// of them it lost and went on (L lines).
func (c *Child) Tenures() (taken, lost int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.tenures), c.lost
}

// IDsSince returns how many IDs the child has made under leases taken
// after its first n.
func (c *Child) IDsSince(n int) int {
	c.mu.Lock()
	defer c.mu.Unlock()
	total := 0
	for _, tn := range c.tenures[min(n, len(c.tenures)):] {
		total += len(tn.ids)
	}
	return total
}

// LastID returns the last ID the child made, and false if it made none.
func (c *Child) LastID() (snowflake.ID, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	for i := len(c.tenures) - 1; i >= 0; i-- {
		if ids := c.tenures[i].ids; len(ids) > 0 {
			return ids[len(ids)-1], true
		}
	}
	return 0, false
}

// FirstID returns the first ID the child made, and false if it made none.
func (c *Child) FirstID() (snowflake.ID, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, tn := range c.tenures {
		if len(tn.ids) > 0 {
			return tn.ids[0], true
		}
	}
	return 0, false
}

// Name returns the child's name.
func (c *Child) Name() string { return c.name }

// Done returns a channel closed once the child has exited.
func (c *Child) Done() <-chan struct{} { return c.done }

// Node waits until the child holds a node and returns it, or -1 if it
// stopped without one.
func (c *Child) Node() int64 {
	for range 1000 {
		c.mu.Lock()
		n := int64(-1)
		if len(c.tenures) > 0 {
			n = c.tenures[0].node
		}
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
	total := len(c.afterLoss)
	for _, tn := range c.tenures {
		total += len(tn.ids)
	}
	return total
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
// maker's node, no ID made after a lease was lost (before the next was
// taken), and no node held by two children (or two leases of one child)
// that both believed their lease valid at the same time. Every ID of a
// node's later holder must be above every ID of an earlier one. It returns
// the number of IDs.
func Check(t *testing.T, children ...*Child) int {
	t.Helper()
	seen := map[snowflake.ID]string{}
	type held struct {
		name       string
		from, till time.Time
		lo, hi     snowflake.ID
	}
	byNode := map[int64][]held{}
	total := 0
	for _, c := range children {
		c.mu.Lock()
		for _, l := range c.bad {
			t.Errorf("%s wrote %q, not an ID", c.name, l)
		}
		for _, id := range c.afterLoss {
			t.Errorf("%s made ID %d after it lost its lease, before it took another", c.name, id)
		}
		for k, tn := range c.tenures {
			name := c.name
			if len(c.tenures) > 1 {
				name = fmt.Sprintf("%s (lease %d)", c.name, k+1)
			}
			h := held{name: name, from: tn.from, till: tn.until}
			for i, id := range tn.ids {
				if other, dup := seen[id]; dup {
					t.Errorf("ID %d made by %s and %s", id, other, name)
				}
				seen[id] = name
				if int64(id.Node()) != tn.node {
					t.Errorf("%s made ID %d on node %d, holding node %d", name, id, id.Node(), tn.node)
				}
				if i == 0 || id < h.lo {
					h.lo = id
				}
				h.hi = max(h.hi, id)
			}
			total += len(tn.ids)
			byNode[tn.node] = append(byNode[tn.node], h)
		}
		c.mu.Unlock()
	}
	for node, hs := range byNode {
		for i, a := range hs {
			for _, b := range hs[i+1:] {
				if !a.till.IsZero() && !b.till.IsZero() && a.from.Before(b.till) && b.from.Before(a.till) {
					t.Errorf("node %d: %s believed its lease valid from %v to %v, and %s from %v to %v",
						node, a.name, a.from.Format(time.StampMicro), a.till.Format(time.StampMicro), b.name, b.from.Format(time.StampMicro), b.till.Format(time.StampMicro))
				}
				first, second := a, b
				if b.from.Before(a.from) {
					first, second = b, a
				}
				if first.hi != 0 && second.lo != 0 && second.lo <= first.hi {
					t.Errorf("node %d: %s made ID %d, not above %d that %s made before it", node, second.name, second.lo, first.hi, first.name)
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
