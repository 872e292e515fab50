package bench

import (
	"testing"
	"time"

	googleuuid "github.com/google/uuid"

	"github.com/idforge/idforge/uuid"
)

var sinkUUID uuid.UUID
var sinkGoogle googleuuid.UUID
var sinkTime time.Time

// BenchmarkTimeNow is the floor for every time-based ID: one clock read.
func BenchmarkTimeNow(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		sinkTime = time.Now()
	}
}

func BenchmarkNewV7(b *testing.B) {
	b.Run("idforge", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			sinkUUID = uuid.NewV7()
		}
	})
	b.Run("google", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			sinkGoogle, _ = googleuuid.NewV7()
		}
	})
}

func BenchmarkNewV4(b *testing.B) {
	b.Run("idforge", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			sinkUUID = uuid.NewV4()
		}
	})
	b.Run("google-pool", func(b *testing.B) {
		googleuuid.EnableRandPool()
		defer googleuuid.DisableRandPool()
		b.ReportAllocs()
		for b.Loop() {
			sinkGoogle = googleuuid.New()
		}
	})
}
