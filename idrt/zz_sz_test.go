package idrt

import (
	"crypto/rand"
	"fmt"
	"sync"
	"testing"
)

func BenchmarkZZRandSizes(b *testing.B) {
	for _, n := range []int{16, 256, 1024, 4096, 16384} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			p := make([]byte, n)
			b.SetBytes(int64(n))
			for b.Loop() {
				rand.Read(p)
			}
		})
	}
}

func BenchmarkZZMutex(b *testing.B) {
	var mu sync.Mutex
	for b.Loop() {
		mu.Lock()
		mu.Unlock()
	}
}
