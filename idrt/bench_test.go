package idrt

import (
	"crypto/rand"
	"testing"
	"time"
)

var benchPolicy = Policy{CounterBits: 12, Init: InitSeeded, Overflow: OverflowBorrow, MaxTick: 1<<48 - 1}

var sinkTick uint64

// BenchmarkTimeNow is the baseline Next is measured against.
func BenchmarkTimeNow(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		sinkTick += uint64(time.Now().UnixMilli())
	}
}

// BenchmarkNext is Next with a fixed clock (same tick: counter increments,
// borrowing every ~2^11 calls).
func BenchmarkNext(b *testing.B) {
	var s State
	b.ReportAllocs()
	for b.Loop() {
		t, _, err := s.Next(&benchPolicy, 1000, Counter{Lo: 0x123})
		if err != nil {
			b.Fatal(err)
		}
		sinkTick += t
	}
}

// BenchmarkNextTimeNow is Next fed by the real clock, as a UUIDv7 generator
// does.
func BenchmarkNextTimeNow(b *testing.B) {
	var s State
	b.ReportAllocs()
	for b.Loop() {
		t, _, err := s.Next(&benchPolicy, uint64(time.Now().UnixMilli()), Counter{Lo: 0x123})
		if err != nil {
			b.Fatal(err)
		}
		sinkTick += t
	}
}

// BenchmarkNextParallel has all procs share one State, with the real clock.
func BenchmarkNextParallel(b *testing.B) {
	var s State
	b.ReportAllocs()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			if _, _, err := s.Next(&benchPolicy, uint64(time.Now().UnixMilli()), Counter{Lo: 0x123}); err != nil {
				b.Error(err)
				return
			}
		}
	})
}

func BenchmarkEntropyRead16(b *testing.B) {
	e := Crypto()
	b.ReportAllocs()
	for b.Loop() {
		var p [16]byte
		if _, err := e.Read(p[:]); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkCryptoRandRead16(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		var p [16]byte
		if _, err := rand.Read(p[:]); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkEntropyRead16Parallel(b *testing.B) {
	e := Crypto()
	b.ReportAllocs()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			var p [16]byte
			if _, err := e.Read(p[:]); err != nil {
				b.Error(err)
				return
			}
		}
	})
}

func BenchmarkCryptoRandRead16Parallel(b *testing.B) {
	b.ReportAllocs()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			var p [16]byte
			rand.Read(p[:])
		}
	})
}
