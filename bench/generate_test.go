package bench

import (
	"slices"
	"sync"
	"testing"
	"time"

	bwsnowflake "github.com/bwmarrin/snowflake"
	gofrs "github.com/gofrs/uuid/v5"
	google "github.com/google/uuid"
	oklog "github.com/oklog/ulid/v2"
	segment "github.com/segmentio/ksuid"
	"github.com/sony/sonyflake"

	"github.com/idforge/idforge/interp"
	"github.com/idforge/idforge/ksuid"
	"github.com/idforge/idforge/layouts"
	"github.com/idforge/idforge/snowflake"
	"github.com/idforge/idforge/ulid"
	"github.com/idforge/idforge/uuid"
)

var (
	sinkUUID   uuid.UUID
	sinkGoogle google.UUID
	sinkGofrs  gofrs.UUID
	sinkTime   time.Time
	sinkKSUID  ksuid.KSUID
	sinkSeg    segment.KSUID
	sinkULID   ulid.ULID
	sinkOklog  oklog.ULID
	sinkSF     snowflake.ID
	sinkBW     bwsnowflake.ID
	sinkU64    uint64
	sinkBytes  []byte
	sinkString string
)

// newerPeers holds, by benchmark name, peer implementations that need a
// newer Go than go.mod names: files under build tags (stdlib_test.go, for Go
// 1.27's uuid package) register them, and the benchmark runs them after its
// own peers, in the same rounds.
var newerPeers = map[string][]func(b *testing.B){}

// runNewerPeers runs the newer peers registered for the benchmark b.
func runNewerPeers(b *testing.B, name string) {
	for _, run := range newerPeers[name] {
		run(b)
	}
}

// BenchmarkTimeNow is the floor for every time-based ID: one clock read.
func BenchmarkTimeNow(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		sinkTime = time.Now()
	}
}

func BenchmarkNewV7(b *testing.B) {
	b.Run("impl=idforge", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			sinkUUID = uuid.NewV7()
		}
	})
	b.Run("impl=google", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			sinkGoogle, _ = google.NewV7()
		}
	})
	b.Run("impl=gofrs", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			sinkGofrs, _ = gofrs.NewV7()
		}
	})
	runNewerPeers(b, "NewV7")
}

// BenchmarkFillV7 reports the cost of one UUIDv7 in batches of 1024.
func BenchmarkFillV7(b *testing.B) {
	g, err := uuid.NewGenerator()
	if err != nil {
		b.Fatal(err)
	}
	batch := make([]uuid.UUID, 1024)
	b.ReportAllocs()
	for b.Loop() {
		if err := g.FillV7(batch); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(batch)), "ns/id")
}

func BenchmarkNewV4(b *testing.B) {
	b.Run("impl=idforge", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			sinkUUID = uuid.NewV4()
		}
	})
	b.Run("impl=google-pool", func(b *testing.B) {
		google.EnableRandPool()
		defer google.DisableRandPool()
		b.ReportAllocs()
		for b.Loop() {
			sinkGoogle = google.New()
		}
	})
	b.Run("impl=gofrs", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			sinkGofrs, _ = gofrs.NewV4()
		}
	})
	runNewerPeers(b, "NewV4")
}

func BenchmarkNewV1(b *testing.B) {
	b.Run("impl=idforge", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			sinkUUID = uuid.NewV1()
		}
	})
	b.Run("impl=google", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			sinkGoogle, _ = google.NewUUID()
		}
	})
}

func BenchmarkNewV6(b *testing.B) {
	b.Run("impl=idforge", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			sinkUUID = uuid.NewV6()
		}
	})
	b.Run("impl=google", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			sinkGoogle, _ = google.NewV6()
		}
	})
}

func BenchmarkKSUIDNew(b *testing.B) {
	b.Run("impl=idforge", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			sinkKSUID = ksuid.New()
		}
	})
	b.Run("impl=segmentio", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			sinkSeg = segment.New()
		}
	})
}

func BenchmarkULIDNew(b *testing.B) {
	b.Run("impl=idforge", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			sinkULID = ulid.New()
		}
	})
	b.Run("impl=oklog", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			sinkOklog = oklog.Make()
		}
	})
}

func BenchmarkSnowflakeNext(b *testing.B) {
	b.Run("impl=idforge", func(b *testing.B) {
		g, _ := snowflake.NewGenerator(1)
		b.ReportAllocs()
		for b.Loop() {
			sinkSF, _ = g.Next()
		}
	})
	b.Run("impl=bwmarrin", func(b *testing.B) {
		n, _ := bwsnowflake.NewNode(1)
		b.ReportAllocs()
		for b.Loop() {
			sinkBW = n.Generate()
		}
	})
	b.Run("impl=sonyflake", func(b *testing.B) {
		// Sonyflake makes 256 IDs per 10 ms, so it mostly sleeps: shown for
		// completeness, not as a peer to beat.
		sf := sonyflake.NewSonyflake(sonyflake.Settings{MachineID: func() (uint16, error) { return 1, nil }})
		b.ReportAllocs()
		for b.Loop() {
			sinkU64, _ = sf.NextID()
		}
	})
}

// BenchmarkSnowflakeBurst measures the work per Snowflake ID below the
// layout's cap of 4096 IDs per millisecond, which SnowflakeNext runs into:
// each op is a burst of 512 IDs that starts right after a millisecond
// begins, so neither library waits for its counter. The ns/id metric is the
// median burst's time, read around it with time.Now, per ID: a burst during
// which another process took the core (this machine is shared) would
// otherwise weigh in with a hundred times its work. An op's time also counts
// the wait for the next millisecond and means nothing.
func BenchmarkSnowflakeBurst(b *testing.B) {
	const burst = 512
	run := func(b *testing.B, next func()) {
		took := make([]time.Duration, 0, 1<<16)
		b.ReportAllocs()
		for b.Loop() {
			for ms := time.Now().UnixMilli(); time.Now().UnixMilli() == ms; {
			}
			start := time.Now()
			for range burst {
				next()
			}
			if len(took) < cap(took) {
				took = append(took, time.Since(start))
			}
		}
		slices.Sort(took)
		b.ReportMetric(float64(took[len(took)/2].Nanoseconds())/burst, "ns/id")
	}
	b.Run("impl=idforge", func(b *testing.B) {
		g, _ := snowflake.NewGenerator(1)
		run(b, func() { sinkSF, _ = g.Next() })
	})
	b.Run("impl=bwmarrin", func(b *testing.B) {
		node, _ := bwsnowflake.NewNode(1)
		run(b, func() { sinkBW = node.Generate() })
	})
}

// The parallel benchmarks show contention: every goroutine shares one
// generator, as a server's handlers would. Run them with -cpu 1,2 to see
// what a second core costs.
// parallel runs b.RunParallel on next, keeping each goroutine's results in
// a variable of its own and storing only the last in sink: a shared sink
// written from both cores would make the benchmark measure the cache line
// moving between them, not the generator.
func parallel[T any](b *testing.B, next func() T, sink *T) {
	var mu sync.Mutex
	b.ReportAllocs()
	b.RunParallel(func(pb *testing.PB) {
		var last T
		for pb.Next() {
			last = next()
		}
		mu.Lock()
		*sink = last
		mu.Unlock()
	})
}

func BenchmarkParallelNewV7(b *testing.B) {
	b.Run("impl=idforge", func(b *testing.B) {
		parallel(b, uuid.NewV7, &sinkUUID)
	})
	b.Run("impl=google", func(b *testing.B) {
		parallel(b, func() google.UUID { u, _ := google.NewV7(); return u }, &sinkGoogle)
	})
	runNewerPeers(b, "ParallelNewV7")
}

// BenchmarkParallelFillV7 has every goroutine fill batches of 1024 from one
// shared generator.
func BenchmarkParallelFillV7(b *testing.B) {
	g, err := uuid.NewGenerator()
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	b.RunParallel(func(pb *testing.PB) {
		batch := make([]uuid.UUID, 1024)
		for pb.Next() {
			if err := g.FillV7(batch); err != nil {
				b.Error(err)
				return
			}
		}
	})
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*1024), "ns/id")
}

func BenchmarkParallelNewV4(b *testing.B) {
	b.Run("impl=idforge", func(b *testing.B) {
		parallel(b, uuid.NewV4, &sinkUUID)
	})
	b.Run("impl=google-pool", func(b *testing.B) {
		google.EnableRandPool()
		defer google.DisableRandPool()
		parallel(b, google.New, &sinkGoogle)
	})
	runNewerPeers(b, "ParallelNewV4")
}

func BenchmarkParallelSnowflake(b *testing.B) {
	b.Run("impl=idforge", func(b *testing.B) {
		g, _ := snowflake.NewGenerator(1)
		parallel(b, func() snowflake.ID { id, _ := g.Next(); return id }, &sinkSF)
	})
	b.Run("impl=bwmarrin", func(b *testing.B) {
		n, _ := bwsnowflake.NewNode(1)
		parallel(b, n.Generate, &sinkBW)
	})
}

// BenchmarkPackEncode compares the generated code with the interpreter on
// the same work: build a UUIDv7 from its fields and write it as Base62.
func BenchmarkPackEncode(b *testing.B) {
	f := uuid.V7Fields{UnixMs: 0x017F22E279B0, RandA: 0xCC3, RandB: 0x18C4DC0C0C07398F}
	b.Run("impl=generated", func(b *testing.B) {
		buf := make([]byte, 0, 32)
		b.ReportAllocs()
		for b.Loop() {
			u, _ := uuid.PackV7(f)
			sinkBytes = u.AppendBase62(buf[:0])
		}
	})
	b.Run("impl=interpreter", func(b *testing.B) {
		l, _ := layouts.Builtin("uuidv7")
		v := interpValues(f)
		b.ReportAllocs()
		for b.Loop() {
			id, _ := interp.Pack(l, v)
			sinkString = encodeBase62Generic(id)
		}
	})
}
