package leasetest

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/idforge/idforge/lease"
)

// Benchmark measures one acquire (of a node of a 1024-node space where the
// others are free; the release after it is not timed) and one renewal on
// the engine open returns.
func Benchmark(b *testing.B, name string, open func(*testing.B) lease.Engine) {
	ctx := context.Background()
	b.Run(fmt.Sprintf("op=acquire/engine=%s", name), func(b *testing.B) {
		e := open(b)
		s := NewSpace(b, 10)
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
		c := lease.Claim{Space: NewSpace(b, 10), Holder: "bench", TTL: time.Minute}
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
