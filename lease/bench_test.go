package lease_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/idforge/idforge/lease"
	"github.com/idforge/idforge/lease/leasetest"
	"github.com/idforge/idforge/snowflake"
)

var sinkID snowflake.ID

// BenchmarkNext compares a Snowflake generator with a fixed node and one
// under a lease, whose only cost per ID is its fence: one atomic load and a
// compare. As in bench's SnowflakeBelowCap, it makes 2048 IDs, then waits
// with the timer stopped for the next millisecond, to stay below the
// layout's cap of 4096 IDs a millisecond.
func BenchmarkNext(b *testing.B) {
	run := func(b *testing.B, g *snowflake.Generator) {
		b.ReportAllocs()
		n := 0
		for b.Loop() {
			sinkID, _ = g.Next()
			if n++; n == 2048 {
				b.StopTimer()
				for ms := time.Now().UnixMilli(); time.Now().UnixMilli() == ms; {
					time.Sleep(100 * time.Microsecond)
				}
				b.StartTimer()
				n = 0
			}
		}
	}
	b.Run("node=fixed", func(b *testing.B) {
		g, _ := snowflake.NewGenerator(1)
		run(b, g)
	})
	b.Run("node=lease", func(b *testing.B) {
		l, err := lease.Acquire(context.Background(), lease.NewMemory(nil), snowflakeSpace(b))
		if err != nil {
			b.Fatal(err)
		}
		defer l.Close()
		g, err := snowflake.NewGenerator(0, snowflake.WithLease(l))
		if err != nil {
			b.Fatal(err)
		}
		run(b, g)
	})
}

// BenchmarkEngine measures one acquire (of a node of a 1024-node space
// where the others are free; the release after it is not timed) and one
// renewal on each engine.
func BenchmarkEngine(b *testing.B) {
	engines := map[string]func(b *testing.B) lease.Engine{
		"memory":   func(*testing.B) lease.Engine { return lease.NewMemory(nil) },
		"postgres": func(b *testing.B) lease.Engine { return lease.Postgres(postgres(b)) },
	}
	for _, name := range []string{"memory", "postgres"} {
		engineBenchmarks(b, name, engines[name])
	}
}

// engineBenchmarks runs the acquire and renew benchmarks of one engine.
func engineBenchmarks(b *testing.B, name string, open func(*testing.B) lease.Engine) {
	ctx := context.Background()
	b.Run(fmt.Sprintf("op=acquire/engine=%s", name), func(b *testing.B) {
		e := open(b)
		s := leasetest.NewSpace(b, 10)
		i := 0
		for b.Loop() {
			i++
			c := lease.Claim{Space: s, Node: uint64(i) % 1024, Holder: fmt.Sprint(i), TTL: time.Minute}
			n, _, err := e.Acquire(ctx, c, 1024)
			if err != nil {
				b.Fatal(err)
			}
			b.StopTimer()
			c.Node = n
			if err := e.Release(ctx, c, 0); err != nil {
				b.Fatal(err)
			}
			b.StartTimer()
		}
	})
	b.Run(fmt.Sprintf("op=renew/engine=%s", name), func(b *testing.B) {
		e := open(b)
		c := lease.Claim{Space: leasetest.NewSpace(b, 10), Holder: "bench", TTL: time.Minute}
		n, _, err := e.Acquire(ctx, c, 1024)
		if err != nil {
			b.Fatal(err)
		}
		c.Node = n
		hw := uint64(0)
		for b.Loop() {
			hw++
			if err := e.Renew(ctx, c, hw); err != nil {
				b.Fatal(err)
			}
		}
	})
}
