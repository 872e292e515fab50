package ksuid_test

import (
	"testing"

	sksuid "github.com/segmentio/ksuid"

	"github.com/idforge/idforge/encodings"
	"github.com/idforge/idforge/ksuid"
)

// The benchmarks put each operation next to the generic codec of package
// encodings and the peer library, as sub-benchmarks named impl=…, so that
//
//	go test -run='^$' -bench=. -count=6 ./ksuid > new.txt
//	benchstat -col /impl new.txt
//
// shows them side by side.

var (
	sinkString string
	sinkBytes  []byte
	sinkKSUID  ksuid.KSUID
	sinkPeer   sksuid.KSUID
	sinkErr    error
)

// benchKSUID is the example KSUID of Segment's README.
var benchKSUID = ksuid.MustParse("0ujtsYcgvSTl8PAuAdqWYSMnLOv")

func BenchmarkString(b *testing.B) {
	peer := sksuid.KSUID(benchKSUID)
	b.Run("impl=idforge", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			sinkString = benchKSUID.String()
		}
	})
	b.Run("impl=segmentio", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			sinkString = peer.String()
		}
	})
	b.Run("impl=encodings", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			sinkString = encodings.Base62.EncodeToString(benchKSUID[:])
		}
	})
}

func BenchmarkParse(b *testing.B) {
	s := benchKSUID.String()
	b.Run("impl=idforge", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			sinkKSUID, sinkErr = ksuid.Parse(s)
		}
	})
	b.Run("impl=segmentio", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			sinkPeer, sinkErr = sksuid.Parse(s)
		}
	})
	buf := make([]byte, 0, 64)
	sb := []byte(s)
	b.Run("impl=encodings", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			buf, sinkErr = encodings.Base62.AppendDecode(buf[:0], sb)
		}
	})
	sinkBytes = buf
}

func BenchmarkAppendBase62(b *testing.B) {
	buf := make([]byte, 0, 64)
	peer := sksuid.KSUID(benchKSUID)
	b.Run("impl=idforge", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			buf = benchKSUID.AppendBase62(buf[:0])
		}
	})
	b.Run("impl=segmentio", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			buf = peer.Append(buf[:0])
		}
	})
	b.Run("impl=encodings", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			buf = encodings.Base62.AppendEncode(buf[:0], benchKSUID[:])
		}
	})
	sinkBytes = buf
}

func BenchmarkCrockford(b *testing.B) {
	buf := make([]byte, 0, 64)
	b.Run("impl=idforge", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			buf = benchKSUID.AppendCrockford(buf[:0])
		}
	})
	b.Run("impl=encodings", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			buf = encodings.Crockford.AppendEncode(buf[:0], benchKSUID[:])
		}
	})
	sinkBytes = buf
}

func BenchmarkParseCrockford(b *testing.B) {
	s := benchKSUID.Crockford()
	b.Run("impl=idforge", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			sinkKSUID, sinkErr = ksuid.ParseCrockford(s)
		}
	})
	buf := make([]byte, 0, 64)
	sb := []byte(s)
	b.Run("impl=encodings", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			buf, sinkErr = encodings.Crockford.AppendDecode(buf[:0], sb)
		}
	})
	sinkBytes = buf
}

func BenchmarkHex(b *testing.B) {
	buf := make([]byte, 0, 64)
	b.Run("impl=idforge", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			buf = benchKSUID.AppendHex(buf[:0])
		}
	})
	b.Run("impl=encodings", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			buf = encodings.Hex.AppendEncode(buf[:0], benchKSUID[:])
		}
	})
	sinkBytes = buf
}

func BenchmarkParseHex(b *testing.B) {
	s := benchKSUID.Hex()
	b.Run("impl=idforge", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			sinkKSUID, sinkErr = ksuid.ParseHex(s)
		}
	})
	buf := make([]byte, 0, 64)
	sb := []byte(s)
	b.Run("impl=encodings", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			buf, sinkErr = encodings.Hex.AppendDecode(buf[:0], sb)
		}
	})
	sinkBytes = buf
}
