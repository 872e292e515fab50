//go:build !purego

package idrt

// putUint128 is in store128_amd64.s.
//
//go:noescape
func putUint128(b *[16]byte, hi, lo uint64)
