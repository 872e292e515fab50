package lease_test

import (
	"context"
	"testing"
	"time"

	"github.com/idforge/idforge/testenv"

	"github.com/idforge/idforge/interop/internal/pgtest"
	"github.com/idforge/idforge/layouts"
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

// BenchmarkEngine measures acquire and renew on each engine.
func BenchmarkEngine(b *testing.B) {
	engines := map[string]func(b *testing.B) lease.Engine{
		"memory":   func(*testing.B) lease.Engine { return lease.NewMemory(nil) },
		"postgres": func(b *testing.B) lease.Engine { return lease.Postgres(pgtest.DB(b)) },
		"etcd-gateway": func(b *testing.B) lease.Engine {
			// .ci/etcd's server speaks plain HTTP on 127.0.0.1.
			g, err := lease.NewEtcdGateway(lease.EtcdGatewayConfig{Endpoint: testenv.Need(b, testenv.Etcd), InsecurePlainHTTP: true})
			if err != nil {
				b.Fatal(err)
			}
			return lease.Etcd(g)
		},
	}
	for _, name := range []string{"memory", "postgres", "etcd-gateway"} {
		leasetest.Benchmark(b, name, engines[name])
	}
}

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
