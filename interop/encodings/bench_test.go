package encodings_test

import (
	"bytes"
	"encoding/hex"
	"testing"

	"github.com/idforge/idforge/encodings"
	"github.com/oklog/ulid/v2"
	"github.com/segmentio/ksuid"
)

// The benchmarks run each codec next to the peer library whose format it
// reproduces, as sub-benchmarks named op=…/impl=…, so that
//
//	go test -run='^$' -bench=. -count=6 ./encodings > new.txt
//	benchstat -col /impl new.txt
//
// prints them side by side. op=string is the allocating string form
// (EncodeToString, DecodeString, KSUID.String, ULID.String);
// op=append writes into a reused buffer; op=parse is ours into a reused
// buffer against the peer's by-value parser. Nothing here asserts a timing.

var (
	sinkBytes  []byte
	sinkString string
	sinkKSUID  ksuid.KSUID
	sinkULID   ulid.ULID
	sinkErr    error
)

var (
	bench20 = mustHex("0669F7EFB5A1CD34B5F99D1154FB6853345C9735")
	bench16 = mustHex("01563DF364818C3F7E8D3A4B5C6D7E8F")
)

func BenchmarkBase62Encode20(b *testing.B) {
	id, _ := ksuid.FromBytes(bench20)
	buf := make([]byte, 0, 64)
	b.Run("op=string/impl=idforge", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			sinkString = encodings.Base62.EncodeToString(bench20)
		}
	})
	b.Run("op=string/impl=ksuid", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			sinkString = id.String()
		}
	})
	b.Run("op=append/impl=idforge", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			buf = encodings.Base62.AppendEncode(buf[:0], bench20)
		}
	})
	b.Run("op=append/impl=ksuid", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			buf = id.Append(buf[:0])
		}
	})
	sinkBytes = buf
}

func BenchmarkBase62Decode20(b *testing.B) {
	text := encodings.Base62.EncodeToString(bench20)
	textBytes := []byte(text)
	buf := make([]byte, 0, 64)
	b.Run("op=parse/impl=idforge", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			buf, sinkErr = encodings.Base62.AppendDecode(buf[:0], textBytes)
		}
	})
	b.Run("op=parse/impl=ksuid", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			sinkKSUID, sinkErr = ksuid.Parse(text)
		}
	})
	b.Run("op=string/impl=idforge", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			sinkBytes, sinkErr = encodings.Base62.DecodeString(text)
		}
	})
	if !bytes.Equal(buf, bench20) {
		b.Fatal("wrong result")
	}
}

func BenchmarkCrockfordEncode16(b *testing.B) {
	var id ulid.ULID
	copy(id[:], bench16)
	buf := make([]byte, 0, 64)
	b.Run("op=string/impl=idforge", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			sinkString = encodings.Crockford.EncodeToString(bench16)
		}
	})
	b.Run("op=string/impl=ulid", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			sinkString = id.String()
		}
	})
	b.Run("op=append/impl=idforge", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			buf = encodings.Crockford.AppendEncode(buf[:0], bench16)
		}
	})
	b.Run("op=append/impl=ulid", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			buf = buf[:ulid.EncodedSize]
			sinkErr = id.MarshalTextTo(buf)
		}
	})
	sinkBytes = buf
}

func BenchmarkCrockfordDecode16(b *testing.B) {
	text := encodings.Crockford.EncodeToString(bench16)
	textBytes := []byte(text)
	buf := make([]byte, 0, 64)
	b.Run("op=parse/impl=idforge", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			buf, sinkErr = encodings.Crockford.AppendDecode(buf[:0], textBytes)
		}
	})
	b.Run("op=parse/impl=ulid", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			sinkULID, sinkErr = ulid.ParseStrict(text)
		}
	})
	b.Run("op=string/impl=idforge", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			sinkBytes, sinkErr = encodings.Crockford.DecodeString(text)
		}
	})
	if !bytes.Equal(buf, bench16) {
		b.Fatal("wrong result")
	}
}

func BenchmarkHexEncode16(b *testing.B) {
	buf := make([]byte, 0, 64)
	b.Run("op=string/impl=idforge", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			sinkString = encodings.Hex.EncodeToString(bench16)
		}
	})
	b.Run("op=string/impl=stdlib", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			sinkString = hex.EncodeToString(bench16)
		}
	})
	b.Run("op=append/impl=idforge", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			buf = encodings.Hex.AppendEncode(buf[:0], bench16)
		}
	})
	b.Run("op=append/impl=stdlib", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			buf = hex.AppendEncode(buf[:0], bench16)
		}
	})
	sinkBytes = buf
}

func BenchmarkHexDecode16(b *testing.B) {
	text := hex.EncodeToString(bench16)
	textBytes := []byte(text)
	buf := make([]byte, 0, 64)
	b.Run("op=string/impl=idforge", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			sinkBytes, sinkErr = encodings.Hex.DecodeString(text)
		}
	})
	b.Run("op=string/impl=stdlib", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			sinkBytes, sinkErr = hex.DecodeString(text)
		}
	})
	b.Run("op=append/impl=idforge", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			buf, sinkErr = encodings.Hex.AppendDecode(buf[:0], textBytes)
		}
	})
	b.Run("op=append/impl=stdlib", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			buf, sinkErr = hex.AppendDecode(buf[:0], textBytes)
		}
	})
	if !bytes.Equal(buf, bench16) {
		b.Fatal("wrong result")
	}
}

// BenchmarkBase62Lengths shows how Base62 scales with the source length.
func BenchmarkBase62Lengths(b *testing.B) {
	for _, n := range []int{8, 16, 32, 64, 128} {
		src := randBytes(newRand(b), n)
		text := []byte(encodings.Base62.EncodeToString(src))
		buf := make([]byte, 0, 256)
		b.Run("op=encode/n="+itoa(n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				buf = encodings.Base62.AppendEncode(buf[:0], src)
			}
		})
		b.Run("op=decode/n="+itoa(n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				buf, sinkErr = encodings.Base62.AppendDecode(buf[:0], text)
			}
		})
	}
}

func itoa(n int) string {
	if n < 10 {
		return string(rune('0' + n))
	}
	return itoa(n/10) + string(rune('0'+n%10))
}
