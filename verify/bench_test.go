package verify_test

import (
	"testing"
	"time"

	"github.com/idforge/idforge/uuid"
	"github.com/idforge/idforge/verify"
)

// BenchmarkLine is the speed of idforge verify: one UUIDv7 line a
// b.Loop. "all" runs every check (structure, order, duplicates in the
// exact set, time, the randomness counts, the counter's samples);
// "no-set" leaves out the exact duplicate set (-max-set 0: each ID is
// compared with the one before it). DESIGN asks for 1 million IDs a
// second on one core for structure and order: at most 1,000 ns/op. The
// IDs, a million of them, are made before the timer starts and fed round
// and round (past the millionth, each is a duplicate the set finds).
func BenchmarkLine(b *testing.B) {
	const n = 1 << 20
	g := must(uuid.NewGenerator(uuid.WithClock(fakeClock(time.Microsecond)), uuid.WithEntropy(seeded(9))))
	ids := make([][]byte, n)
	for i := range ids {
		ids[i] = []byte(must(g.NewV7()).String())
	}
	for _, c := range []struct {
		name   string
		maxSet int
	}{{"all", n}, {"no-set", -1}} {
		b.Run(c.name, func(b *testing.B) {
			ch, err := verify.New(builtin(b, "uuidv7"), verify.Options{Now: func() time.Time { return now }, MaxSet: c.maxSet})
			if err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				ch.Line(ids[i&(n-1)])
				i++
			}
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "IDs/s")
		})
	}
}
