package uuid_test

import (
	"testing"

	guuid "github.com/google/uuid"

	"github.com/idforge/idforge/encodings"
	"github.com/idforge/idforge/uuid"
)

// The benchmarks put each operation next to the generic codec of package
// encodings and, where one exists, the peer library, as sub-benchmarks
// named impl=…, so that
//
//	go test -run='^$' -bench=. -count=6 ./uuid > new.txt
//	benchstat -col /impl new.txt
//
// shows them side by side.

var (
	sinkString string
	sinkBytes  []byte
	sinkUUID   uuid.UUID
	sinkG      guuid.UUID
	sinkErr    error
)

// benchUUID is the UUIDv7 of RFC 9562, appendix A.6.
var benchUUID = uuid.MustParse("017f22e2-79b0-7cc3-98c4-dc0c0c07398f")

func BenchmarkString(b *testing.B) {
	g := guuid.UUID(benchUUID)
	b.Run("impl=idforge", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			sinkString = benchUUID.String()
		}
	})
	b.Run("impl=google", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			sinkString = g.String()
		}
	})
}

func BenchmarkAppendText(b *testing.B) {
	buf := make([]byte, 0, 64)
	b.ReportAllocs()
	for b.Loop() {
		buf, _ = benchUUID.AppendText(buf[:0])
	}
	sinkBytes = buf
}

func BenchmarkParse(b *testing.B) {
	s := benchUUID.String()
	b.Run("impl=idforge", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			sinkUUID, sinkErr = uuid.Parse(s)
		}
	})
	b.Run("impl=google", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			sinkG, sinkErr = guuid.Parse(s)
		}
	})
}

func BenchmarkBase62(b *testing.B) {
	buf := make([]byte, 0, 64)
	b.Run("impl=idforge", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			buf = benchUUID.AppendBase62(buf[:0])
		}
	})
	b.Run("impl=encodings", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			buf = encodings.Base62.AppendEncode(buf[:0], benchUUID[:])
		}
	})
	sinkBytes = buf
}

func BenchmarkParseBase62(b *testing.B) {
	s := benchUUID.Base62()
	buf := make([]byte, 0, 64)
	b.Run("impl=idforge", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			sinkUUID, sinkErr = uuid.ParseBase62(s)
		}
	})
	sb := []byte(s)
	b.Run("impl=encodings", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			buf, sinkErr = encodings.Base62.AppendDecode(buf[:0], sb)
		}
	})
	sinkBytes = buf
}

func BenchmarkCrockford(b *testing.B) {
	buf := make([]byte, 0, 64)
	b.Run("impl=idforge", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			buf = benchUUID.AppendCrockford(buf[:0])
		}
	})
	b.Run("impl=encodings", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			buf = encodings.Crockford.AppendEncode(buf[:0], benchUUID[:])
		}
	})
	sinkBytes = buf
}

func BenchmarkParseCrockford(b *testing.B) {
	s := benchUUID.Crockford()
	buf := make([]byte, 0, 64)
	b.Run("impl=idforge", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			sinkUUID, sinkErr = uuid.ParseCrockford(s)
		}
	})
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
			buf = benchUUID.AppendHex(buf[:0])
		}
	})
	b.Run("impl=encodings", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			buf = encodings.Hex.AppendEncode(buf[:0], benchUUID[:])
		}
	})
	sinkBytes = buf
}

func BenchmarkParseHex(b *testing.B) {
	s := benchUUID.Hex()
	buf := make([]byte, 0, 64)
	b.Run("impl=idforge", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			sinkUUID, sinkErr = uuid.ParseHex(s)
		}
	})
	sb := []byte(s)
	b.Run("impl=encodings", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			buf, sinkErr = encodings.Hex.AppendDecode(buf[:0], sb)
		}
	})
	sinkBytes = buf
}
