package snowflake_test

import (
	"encoding/binary"
	"testing"

	bwsnowflake "github.com/bwmarrin/snowflake"

	"github.com/idforge/idforge/encodings"
	"github.com/idforge/idforge/snowflake"
)

// The benchmarks put each operation next to the generic codec of package
// encodings and, for decimal, bwmarrin/snowflake, as sub-benchmarks named
// impl=…, so that
//
//	go test -run='^$' -bench=. -count=6 ./snowflake > new.txt
//	benchstat -col /impl new.txt
//
// shows them side by side. (bwmarrin/snowflake's Base62 is neither fixed
// width nor sortable, so it is not compared.)

var (
	sinkString string
	sinkBytes  []byte
	sinkID     snowflake.ID
	sinkPeer   bwsnowflake.ID
	sinkErr    error
)

var benchID = snowflake.MustParse(tweetID)

func BenchmarkString(b *testing.B) {
	peer := bwsnowflake.ParseInt64(int64(benchID))
	b.Run("impl=idforge", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			sinkString = benchID.String()
		}
	})
	b.Run("impl=bwmarrin", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			sinkString = peer.String()
		}
	})
}

func BenchmarkParse(b *testing.B) {
	b.Run("impl=idforge", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			sinkID, sinkErr = snowflake.Parse(tweetID)
		}
	})
	b.Run("impl=bwmarrin", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			sinkPeer, sinkErr = bwsnowflake.ParseString(tweetID)
		}
	})
}

func BenchmarkBase62(b *testing.B) {
	buf := make([]byte, 0, 64)
	var raw [8]byte
	binary.BigEndian.PutUint64(raw[:], uint64(benchID))
	b.Run("impl=idforge", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			buf = benchID.AppendBase62(buf[:0])
		}
	})
	b.Run("impl=encodings", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			buf = encodings.Base62.AppendEncode(buf[:0], raw[:])
		}
	})
	sinkBytes = buf
}

func BenchmarkParseBase62(b *testing.B) {
	s := benchID.Base62()
	sb := []byte(s)
	buf := make([]byte, 0, 64)
	b.Run("impl=idforge", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			sinkID, sinkErr = snowflake.ParseBase62(s)
		}
	})
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
	var raw [8]byte
	binary.BigEndian.PutUint64(raw[:], uint64(benchID))
	b.Run("impl=idforge", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			buf = benchID.AppendCrockford(buf[:0])
		}
	})
	b.Run("impl=encodings", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			buf = encodings.Crockford.AppendEncode(buf[:0], raw[:])
		}
	})
	sinkBytes = buf
}
