package bench

import (
	"math/big"
	"testing"
	"unsafe"

	gofrs "github.com/gofrs/uuid/v5"
	google "github.com/google/uuid"
	oklog "github.com/oklog/ulid/v2"
	segment "github.com/segmentio/ksuid"

	"github.com/idforge/idforge/encodings"
	"github.com/idforge/idforge/interp"
	"github.com/idforge/idforge/ksuid"
	"github.com/idforge/idforge/ulid"
	"github.com/idforge/idforge/uuid"
)

func interpValues(f uuid.V7Fields) interp.Values {
	return interp.Values{
		"unix_ms": new(big.Int).SetUint64(f.UnixMs),
		"rand_a":  big.NewInt(int64(f.RandA)),
		"rand_b":  new(big.Int).SetUint64(f.RandB),
	}
}

func encodeBase62Generic(b []byte) string { return encodings.Base62.EncodeToString(b) }

const uuidText = "017f22e2-79b0-7cc3-98c4-dc0c0c07398f"

// allocString36 returns a new 36-byte string and writes nothing into it.
//
//go:noinline
func allocString36() string {
	b := new([36]byte)
	return unsafe.String(&b[0], len(b))
}

func BenchmarkUUIDString(b *testing.B) {
	u := uuid.MustParse(uuidText)
	g := google.MustParse(uuidText)
	b.Run("impl=idforge", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			sinkString = u.String()
		}
	})
	// alloc-only is the floor of every String that returns a new string:
	// the 36-byte allocation alone, with nothing encoded. Its ratio to ours
	// (below 1) shows how much of String is left to make faster.
	b.Run("impl=alloc-only", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			sinkString = allocString36()
		}
	})
	b.Run("impl=google", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			sinkString = g.String()
		}
	})
	f := gofrs.Must(gofrs.FromString(uuidText))
	b.Run("impl=gofrs", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			sinkString = f.String()
		}
	})
	runNewerPeers(b, "UUIDString")
}

// BenchmarkUUIDAppendText is String without the allocation, which is the
// same for every library and most of String's time: the encoder alone.
// google/uuid and gofrs/uuid have no AppendText (their MarshalText
// allocates); the standard library's is compared under Go 1.27.
func BenchmarkUUIDAppendText(b *testing.B) {
	u := uuid.MustParse(uuidText)
	buf := make([]byte, 0, 64)
	b.Run("impl=idforge", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			sinkBytes, _ = u.AppendText(buf[:0])
		}
	})
	runNewerPeers(b, "UUIDAppendText")
}

func BenchmarkUUIDParse(b *testing.B) {
	b.Run("impl=idforge", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			sinkUUID, _ = uuid.Parse(uuidText)
		}
	})
	b.Run("impl=google", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			sinkGoogle, _ = google.Parse(uuidText)
		}
	})
	b.Run("impl=gofrs", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			sinkGofrs, _ = gofrs.FromString(uuidText)
		}
	})
	runNewerPeers(b, "UUIDParse")
}

const ksuidText = "0ujtsYcgvSTl8PAuAdqWYSMnLOv"

func BenchmarkKSUIDString(b *testing.B) {
	k := ksuid.MustParse(ksuidText)
	s, _ := segment.Parse(ksuidText)
	b.Run("impl=idforge", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			sinkString = k.String()
		}
	})
	b.Run("impl=segmentio", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			sinkString = s.String()
		}
	})
}

func BenchmarkKSUIDParse(b *testing.B) {
	b.Run("impl=idforge", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			sinkKSUID, _ = ksuid.Parse(ksuidText)
		}
	})
	b.Run("impl=segmentio", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			sinkSeg, _ = segment.Parse(ksuidText)
		}
	})
}

const ulidText = "01ARYZ6S41TSV4RRFFQ69G5FAV"

func BenchmarkCrockfordEncode(b *testing.B) {
	u := ulid.MustParse(ulidText)
	o := oklog.MustParseStrict(ulidText)
	b.Run("impl=idforge", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			sinkString = u.String()
		}
	})
	b.Run("impl=oklog", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			sinkString = o.String()
		}
	})
}

func BenchmarkCrockfordDecode(b *testing.B) {
	b.Run("impl=idforge", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			sinkULID, _ = ulid.Parse(ulidText)
		}
	})
	b.Run("impl=oklog", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			sinkOklog, _ = oklog.ParseStrict(ulidText)
		}
	})
}
