//go:build !amd64 || purego

package idrt

import "encoding/binary"

func putUint128(b *[16]byte, hi, lo uint64) {
	binary.BigEndian.PutUint64(b[0:8], hi)
	binary.BigEndian.PutUint64(b[8:16], lo)
}
