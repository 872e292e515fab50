//go:build go1.27

package bench

import (
	"testing"
	stduuid "uuid"
)

var sinkStd stduuid.UUID

// The standard library's uuid package (Go 1.27) as a peer, as impl=stdlib of
// the benchmarks named here.
func init() {
	std := map[string]func(b *testing.B){
		"NewV7": func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				sinkStd = stduuid.NewV7()
			}
		},
		"NewV4": func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				sinkStd = stduuid.NewV4()
			}
		},
		"UUIDString": func(b *testing.B) {
			u := stduuid.MustParse(uuidText)
			b.ReportAllocs()
			for b.Loop() {
				sinkString = u.String()
			}
		},
		"UUIDAppendText": func(b *testing.B) {
			u := stduuid.MustParse(uuidText)
			buf := make([]byte, 0, 64)
			b.ReportAllocs()
			for b.Loop() {
				sinkBytes, _ = u.AppendText(buf[:0])
			}
		},
		"UUIDParse": func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				sinkStd, _ = stduuid.Parse(uuidText)
			}
		},
		"ParallelNewV7": func(b *testing.B) { parallel(b, stduuid.NewV7, &sinkStd) },
		"ParallelNewV4": func(b *testing.B) { parallel(b, stduuid.NewV4, &sinkStd) },
	}
	for name, run := range std {
		newerPeers[name] = append(newerPeers[name], func(b *testing.B) { b.Run("impl=stdlib", run) })
	}
}
