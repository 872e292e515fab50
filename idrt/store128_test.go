package idrt

import (
	"bytes"
	"encoding/binary"
	"testing"
)

func TestPutUint128(t *testing.T) {
	var b [16]byte
	PutUint128(&b, 0x0123456789abcdef, 0xfedcba9876543210)
	want := [16]byte{0x01, 0x23, 0x45, 0x67, 0x89, 0xab, 0xcd, 0xef, 0xfe, 0xdc, 0xba, 0x98, 0x76, 0x54, 0x32, 0x10}
	if b != want {
		t.Fatalf("PutUint128 = %x, want %x", b, want)
	}
}

// FuzzPutUint128 checks PutUint128 against two binary.BigEndian.PutUint64
// calls at every alignment, and that it writes nothing outside b[0:16].
func FuzzPutUint128(f *testing.F) {
	f.Add(uint64(0), uint64(0), byte(0))
	f.Add(^uint64(0), uint64(1), byte(3))
	f.Fuzz(func(t *testing.T, hi, lo uint64, fill byte) {
		for off := range 16 {
			got := bytes.Repeat([]byte{fill}, 48)
			want := bytes.Clone(got)
			PutUint128((*[16]byte)(got[off:off+16]), hi, lo)
			binary.BigEndian.PutUint64(want[off:], hi)
			binary.BigEndian.PutUint64(want[off+8:], lo)
			if !bytes.Equal(got, want) {
				t.Fatalf("PutUint128(%#x, %#x) at offset %d:\n got %x\nwant %x", hi, lo, off, got, want)
			}
		}
	})
}

func BenchmarkPutUint128(b *testing.B) {
	b.ReportAllocs()
	var id [16]byte
	for b.Loop() {
		PutUint128(&id, 1, 2)
	}
}
