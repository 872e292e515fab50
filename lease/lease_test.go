package lease_test

import (
	"context"
	"errors"
	"math/big"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/idforge/idforge/interp"
	"github.com/idforge/idforge/layouts"
	"github.com/idforge/idforge/lease"
	"github.com/idforge/idforge/snowflake"
)

// snowflakeSpace is the space of Snowflake's node numbers.
func snowflakeSpace(t testing.TB) lease.Space {
	l, err := layouts.Builtin("snowflake")
	if err != nil {
		t.Fatal(err)
	}
	s, err := lease.SpaceOf(l)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestSpaceOf(t *testing.T) {
	s := snowflakeSpace(t)
	if got, want := s.String(), "snowflake/2010-11-04T01:42:54.657Z/10"; got != want {
		t.Errorf("Space = %s, want %s", got, want)
	}
	if s.Size() != 1024 {
		t.Errorf("Size = %d, want 1024", s.Size())
	}
	for _, name := range []string{"uuidv7", "uuidv1", "uuidv4"} {
		l, _ := layouts.Builtin(name)
		if _, err := lease.SpaceOf(l); !errors.Is(err, lease.ErrSpace) {
			t.Errorf("SpaceOf(%s): err = %v, want ErrSpace", name, err)
		}
	}
}

// flaky is an engine whose requests fail while it is cut off.
type flaky struct {
	lease.Engine
	mu  sync.Mutex
	cut bool
}

var errCut = errors.New("cut off")

func (f *flaky) setCut(cut bool) { f.mu.Lock(); f.cut = cut; f.mu.Unlock() }

func (f *flaky) Renew(ctx context.Context, c lease.Claim, hw uint64) error {
	f.mu.Lock()
	cut := f.cut
	f.mu.Unlock()
	if cut {
		return errCut
	}
	return f.Engine.Renew(ctx, c, hw)
}

func TestGeneratorUnderLease(t *testing.T) {
	e := lease.NewMemory(nil)
	ctx := context.Background()
	l, err := lease.Acquire(ctx, e, snowflakeSpace(t), lease.WithTTL(time.Second))
	if err != nil {
		t.Fatal(err)
	}
	g, err := snowflake.NewGenerator(0, snowflake.WithLease(l))
	if err != nil {
		t.Fatal(err)
	}
	var last snowflake.ID
	for range 1000 {
		id, err := g.Next()
		if err != nil {
			t.Fatal(err)
		}
		if uint64(id.Node()) != l.Node() {
			t.Fatalf("ID %d has node %d, the lease holds %d", id, id.Node(), l.Node())
		}
		last = id
	}
	// Closing releases the node at once, with its high-water mark: the next
	// holder of the node starts above the last ID.
	if err := l.Close(); err != nil {
		t.Fatal(err)
	}
	if _, err := g.Next(); !errors.Is(err, lease.ErrLeaseLost) {
		t.Fatalf("Next after Close: %v, want ErrLeaseLost", err)
	}
	l2, err := lease.Acquire(ctx, e, snowflakeSpace(t), lease.WithNode(l.Node()))
	if err != nil {
		t.Fatal(err)
	}
	defer l2.Close()
	if l2.HighWater() != uint64(last.Timestamp()) {
		t.Errorf("high-water %d, want the last ID's tick %d", l2.HighWater(), last.Timestamp())
	}
	// A generator whose clock is half a second behind resumes above the
	// high-water tick at once.
	behind := func() time.Time { return time.Now().Add(-500 * time.Millisecond) }
	g2, err := snowflake.NewGenerator(0, snowflake.WithLease(l2), snowflake.WithClock(behind))
	if err != nil {
		t.Fatal(err)
	}
	id, err := g2.Next()
	if err != nil {
		t.Fatal(err)
	}
	if id.Timestamp() <= last.Timestamp() {
		t.Errorf("the new holder's first ID is on tick %d, not above the old holder's %d", id.Timestamp(), last.Timestamp())
	}
}

func TestLostWhenCutOff(t *testing.T) {
	e := &flaky{Engine: lease.NewMemory(nil)}
	l, err := lease.Acquire(context.Background(), e, snowflakeSpace(t), lease.WithTTL(300*time.Millisecond))
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	g, err := snowflake.NewGenerator(0, snowflake.WithLease(l))
	if err != nil {
		t.Fatal(err)
	}
	// The generator must stop issuing once the renewals fail past the TTL.
	// No bound on the wall time it takes (a busy machine may take long to
	// run the renewer): a generator that went on issuing forever would hang
	// here, and the test binary's -timeout would name this test.
	e.setCut(true)
	issued := 0
	for {
		_, err := g.Next()
		if errors.Is(err, lease.ErrLeaseLost) {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		issued++
	}
	t.Logf("%d IDs issued after the engine was cut off, then ErrLeaseLost", issued)
	// Once lost, always lost: the engine's coming back changes nothing.
	e.setCut(false)
	<-l.Done() // closed once lost (a lease that never closed it would hang here)
	if _, err := g.Next(); !errors.Is(err, lease.ErrLeaseLost) || !errors.Is(l.Err(), lease.ErrLeaseLost) {
		t.Errorf("after the engine came back: Next %v, Err %v; want ErrLeaseLost", err, l.Err())
	}
}

func TestFull(t *testing.T) {
	e := lease.NewMemory(nil)
	s := lease.Space{Layout: "tiny", Epoch: time.Unix(0, 0), NodeBits: 1}
	for range 2 {
		l, err := lease.Acquire(context.Background(), e, s)
		if err != nil {
			t.Fatal(err)
		}
		defer l.Close()
	}
	ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
	defer cancel()
	_, err := lease.Acquire(ctx, e, s)
	if !errors.Is(err, lease.ErrFull) {
		t.Fatalf("a third holder of a 2-node space: %v, want ErrFull", err)
	}
	if msg := err.Error(); !strings.Contains(msg, s.String()) || !strings.Contains(msg, "all 2 nodes") {
		t.Errorf("the error %q does not name the space and its size", msg)
	}
}

func TestClockBehind(t *testing.T) {
	e := lease.NewMemory(nil)
	s := snowflakeSpace(t)
	l, err := lease.Acquire(context.Background(), e, s)
	if err != nil {
		t.Fatal(err)
	}
	g, _ := snowflake.NewGenerator(0, snowflake.WithLease(l))
	if _, err := g.Next(); err != nil {
		t.Fatal(err)
	}
	l.Close()
	l2, err := lease.Acquire(context.Background(), e, s, lease.WithNode(l.Node()))
	if err != nil {
		t.Fatal(err)
	}
	defer l2.Close()
	behind := func() time.Time { return time.Now().Add(-5 * time.Second) }
	if _, err := snowflake.NewGenerator(0, snowflake.WithLease(l2), snowflake.WithClock(behind)); !errors.Is(err, lease.ErrClockBehind) {
		t.Fatalf("a clock 5s behind the high-water mark: %v, want ErrClockBehind", err)
	}
}

func TestSpaceMismatch(t *testing.T) {
	l, err := lease.Acquire(context.Background(), lease.NewMemory(nil), lease.Space{Layout: "other", Epoch: time.Unix(0, 0), NodeBits: 10})
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	if _, err := snowflake.NewGenerator(0, snowflake.WithLease(l)); !errors.Is(err, lease.ErrSpace) {
		t.Fatalf("a lease of another space: %v, want ErrSpace", err)
	}
}

// The interpreter takes a lease too, for layouts with no generated package
// (a user's spec, Sonyflake here).
func TestInterpreterUnderLease(t *testing.T) {
	l, err := layouts.Builtin("sonyflake")
	if err != nil {
		t.Fatal(err)
	}
	s, err := lease.SpaceOf(l)
	if err != nil {
		t.Fatal(err)
	}
	e := lease.NewMemory(nil)
	var lastTick *big.Int
	for holder := range 2 {
		ls, err := lease.Acquire(context.Background(), e, s, lease.WithNode(0))
		if err != nil {
			t.Fatal(err)
		}
		g, err := interp.NewGenerator(l, interp.WithLease(ls))
		if err != nil {
			t.Fatal(err)
		}
		for range 300 { // more than the 256 a 10ms tick holds
			id, err := g.Next()
			if err != nil {
				t.Fatal(err)
			}
			if node, _ := interp.Role(l, id, layouts.Node); node.Sign() != 0 {
				t.Fatalf("ID %x has node %v, the lease holds 0", id, node)
			}
			tick, _ := interp.Role(l, id, layouts.Time)
			if lastTick != nil && holder > 0 && tick.Cmp(lastTick) <= 0 {
				t.Fatalf("the second holder's ID is on tick %v, not above the first's %v", tick, lastTick)
			}
			if holder == 0 {
				lastTick = tick
			}
		}
		ls.Close()
		if _, err := g.Next(); !errors.Is(err, lease.ErrLeaseLost) {
			t.Fatalf("Next after Close: %v, want ErrLeaseLost", err)
		}
	}
}
