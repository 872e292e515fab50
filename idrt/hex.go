package idrt

// EncodeUUID writes id in the canonical text form of RFC 9562 into out:
// 32 lower-case hex digits in groups of 8, 4, 4, 4 and 12, separated by
// hyphens. On amd64 it uses SSE2, which every amd64 processor has.
func EncodeUUID(out *[36]byte, id *[16]byte) { encodeUUID(out, id) }

// EncodeHex16 writes the 16 bytes of id as 32 lower-case hex digits into
// out.
func EncodeHex16(out *[32]byte, id *[16]byte) { encodeHex(out, id) }
