package ulid_test

import (
	"testing"

	oulid "github.com/oklog/ulid/v2"

	"github.com/idforge/idforge/encodings"
	"github.com/idforge/idforge/ulid"
)

// The benchmarks put each operation next to the generic codec of package
// encodings and the peer library, as sub-benchmarks named impl=…, so that
//
//	go test -run='^$' -bench=. -count=6 ./ulid > new.txt
//	benchstat -col /impl new.txt
//
// shows them side by side.

var (
	sinkString string
	sinkBytes  []byte
	sinkULID   ulid.ULID
	sinkPeer   oulid.ULID
	sinkErr    error
)

// benchULID is the ULID of the spec's example, with random bits.
var benchULID = ulid.MustParse("01ARZ3NDEKTSV4RRFFQ69G5FAV")

func BenchmarkString(b *testing.B) {
	peer := oulid.ULID(benchULID)
	b.Run("impl=idforge", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			sinkString = benchULID.String()
		}
	})
	b.Run("impl=oklog", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			sinkString = peer.String()
		}
	})
	b.Run("impl=encodings", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			sinkString = encodings.Crockford.EncodeToString(benchULID[:])
		}
	})
}

// BenchmarkAppend writes into a reused buffer: oklog's MarshalTextTo
// against AppendCrockford.
func BenchmarkAppend(b *testing.B) {
	buf := make([]byte, 0, 64)
	peer := oulid.ULID(benchULID)
	b.Run("impl=idforge", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			buf = benchULID.AppendCrockford(buf[:0])
		}
	})
	b.Run("impl=oklog", func(b *testing.B) {
		b.ReportAllocs()
		buf = buf[:26]
		for b.Loop() {
			sinkErr = peer.MarshalTextTo(buf)
		}
	})
	b.Run("impl=encodings", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			buf = encodings.Crockford.AppendEncode(buf[:0], benchULID[:])
		}
	})
	sinkBytes = buf
}

func BenchmarkParse(b *testing.B) {
	s := benchULID.String()
	b.Run("impl=idforge", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			sinkULID, sinkErr = ulid.Parse(s)
		}
	})
	b.Run("impl=oklog", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			sinkPeer, sinkErr = oulid.ParseStrict(s)
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

func BenchmarkBase62(b *testing.B) {
	buf := make([]byte, 0, 64)
	b.Run("impl=idforge", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			buf = benchULID.AppendBase62(buf[:0])
		}
	})
	b.Run("impl=encodings", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			buf = encodings.Base62.AppendEncode(buf[:0], benchULID[:])
		}
	})
	sinkBytes = buf
}

func BenchmarkParseBase62(b *testing.B) {
	s := benchULID.Base62()
	b.Run("impl=idforge", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			sinkULID, sinkErr = ulid.ParseBase62(s)
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
