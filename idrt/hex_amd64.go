//go:build !purego

package idrt

// encodeHex and encodeUUID are in hex_amd64.s.

//go:noescape
func encodeHex(out *[32]byte, id *[16]byte)

//go:noescape
func encodeUUID(out *[36]byte, id *[16]byte)
