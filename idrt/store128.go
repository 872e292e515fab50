package idrt

// PutUint128 stores hi and lo in b, big-endian: hi in b[0:8] and lo in
// b[8:16], as binary.BigEndian.PutUint64 would. b is an array pointer, so
// that no call can pass a shorter slice.
//
// Generated code writes a 16-byte ID's final words with it. On amd64 it
// writes all 16 bytes with one store, so that the next 16-byte load of them
// (the caller's copy of a returned UUID) is forwarded from that store. After
// two 8-byte stores the load would instead wait until both reached the
// cache, a stall of about 5 ns: a quarter of a UUIDv4's cost. Elsewhere it
// is two PutUint64 calls.
func PutUint128(b *[16]byte, hi, lo uint64) {
	putUint128(b, hi, lo)
}
