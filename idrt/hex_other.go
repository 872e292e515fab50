//go:build !amd64 || purego

package idrt

import "encoding/hex"

func encodeHex(out *[32]byte, id *[16]byte) { hex.Encode(out[:], id[:]) }

func encodeUUID(out *[36]byte, id *[16]byte) {
	hex.Encode(out[0:8], id[0:4])
	out[8] = '-'
	hex.Encode(out[9:13], id[4:6])
	out[13] = '-'
	hex.Encode(out[14:18], id[6:8])
	out[18] = '-'
	hex.Encode(out[19:23], id[8:10])
	out[23] = '-'
	hex.Encode(out[24:36], id[10:16])
}
