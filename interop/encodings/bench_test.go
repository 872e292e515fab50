package encodings_test

import (
	"bytes"
	"encoding/hex"
	"testing"

	"github.com/idforge/idforge/encodings"
	mrtron "github.com/mr-tron/base58"
	"github.com/oklog/ulid/v2"
	"github.com/rs/xid"
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

// The encodings declared as data run through one generic codec; these
// compare it with the libraries of their formats: mr-tron/base58 (Bitcoin's
// alphabet, 16 bytes, whose text has no padding but is otherwise the same
// number) and rs/xid's base32hex (12 bytes).
func BenchmarkDeclared(b *testing.B) {
	base58, _ := encodings.Lookup("base58")
	base32hex, _ := encodings.Lookup("base32hex")
	b58 := base58.EncodeToString(bench16)
	id, _ := xid.FromBytes(bench20[:12])
	x := id.String()
	b.Run("op=base58-encode/impl=idforge", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			sinkString = base58.EncodeToString(bench16)
		}
	})
	b.Run("op=base58-encode/impl=mr-tron", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			sinkString = mrtron.Encode(bench16)
		}
	})
	b.Run("op=base58-decode/impl=idforge", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			sinkBytes, sinkErr = base58.DecodeString(b58)
		}
	})
	b.Run("op=base58-decode/impl=mr-tron", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			sinkBytes, sinkErr = mrtron.Decode(b58)
		}
	})
	b.Run("op=xid-string/impl=idforge", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			sinkString = base32hex.EncodeToString(bench20[:12])
		}
	})
	b.Run("op=xid-string/impl=xid", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			sinkString = id.String()
		}
	})
	b.Run("op=xid-parse/impl=idforge", func(b *testing.B) {
		b.ReportAllocs()
		buf := make([]byte, 0, 12)
		in := []byte(x)
		for b.Loop() {
			sinkBytes, sinkErr = base32hex.AppendDecode(buf, in) // into an array, as a generated package's Parse does
		}
	})
	b.Run("op=xid-parse/impl=xid", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			sinkXID, sinkErr = xid.FromString(x)
		}
	})
}

var sinkXID xid.ID
