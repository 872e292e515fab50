package verify_test

import (
	"testing"
	"time"

	"github.com/idforge/idforge/uuid"
	"github.com/idforge/idforge/verify"
)

// BenchmarkLine is the speed of idforge verify: one UUIDv7 line a
// b.Loop, through every check (structure, order, duplicates in the exact
// set, time, the randomness counts, the counter's samples). DESIGN asks
// for 1 million IDs a second on one core for structure and order: at
// most 1,000 ns/op. The IDs are made before the timer starts, one
// million of them, and fed round and round; the duplicate set stops
// growing at the first million, so the loop measures a full set.
func BenchmarkLine(b *testing.B) {
	const n = 1 << 20
	g := must(uuid.NewGenerator(uuid.WithClock(fakeClock(time.Microsecond)), uuid.WithEntropy(seeded(9))))
	ids := make([][]byte, n)
	for i := range ids {
		ids[i] = []byte(must(g.NewV7()).String())
	}
	c, err := verify.New(builtin(b, "uuidv7"), verify.Options{Now: func() time.Time { return now }, MaxSet: n})
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		c.Line(ids[i&(n-1)])
		i++
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "IDs/s")
}
