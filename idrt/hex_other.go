//go:build !amd64 || purego

package idrt

import "encoding/binary"

// hexPairs maps each byte to its two lower-case hex digits, as a big-endian
// uint16.
var hexPairs = func() (t [256]uint16) {
	const digits = "0123456789abcdef"
	for i := range t {
		t[i] = uint16(digits[i>>4])<<8 | uint16(digits[i&15])
	}
	return t
}()

// hex8 returns the eight hex digits of b[0:4] as the bytes of a big-endian
// uint64.
func hex8(b []byte) uint64 {
	_ = b[3]
	return uint64(hexPairs[b[0]])<<48 | uint64(hexPairs[b[1]])<<32 | uint64(hexPairs[b[2]])<<16 | uint64(hexPairs[b[3]])
}

func encodeHex(out *[32]byte, id *[16]byte) {
	binary.BigEndian.PutUint64(out[0:8], hex8(id[0:4]))
	binary.BigEndian.PutUint64(out[8:16], hex8(id[4:8]))
	binary.BigEndian.PutUint64(out[16:24], hex8(id[8:12]))
	binary.BigEndian.PutUint64(out[24:32], hex8(id[12:16]))
}

func encodeUUID(out *[36]byte, id *[16]byte) {
	binary.BigEndian.PutUint64(out[0:8], hex8(id[0:4]))
	out[8] = '-'
	h := hex8(id[4:8])
	binary.BigEndian.PutUint32(out[9:13], uint32(h>>32))
	out[13] = '-'
	binary.BigEndian.PutUint32(out[14:18], uint32(h))
	out[18] = '-'
	h = hex8(id[8:12])
	binary.BigEndian.PutUint32(out[19:23], uint32(h>>32))
	out[23] = '-'
	binary.BigEndian.PutUint32(out[24:28], uint32(h))
	binary.BigEndian.PutUint64(out[28:36], hex8(id[12:16]))
}
