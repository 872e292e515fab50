package encodings

import "encoding/binary"

// Crockford is the fixed-width encoding in Douglas Crockford's base-32
// alphabet, written as one big-endian number. For 16 bytes it produces the
// same 26 characters as a ULID's string form.
var Crockford CrockfordEncoding

// CrockfordEncoding is the type of [Crockford]. It encodes n bytes as the
// big-endian number they hold, in base 32 with digits
// "0123456789ABCDEFGHJKMNPQRSTVWXYZ", left-padded to EncodedLen(n) =
// ceil(8n/5) characters. Because the number is right-aligned, the 5w-8n
// unused bits (0 to 4) are the top bits of the first character: for 16
// bytes the first character is at most '7'. Groups of 5 bytes map to groups
// of 8 characters counted from the right. Output is upper case; the
// alphabet is in ASCII order, so encodings of equal-length inputs sort as
// the inputs do.
//
// Decoding follows Crockford's rules, as tsid-creator and the ULID spec
// do: it reads either case, and the letters I and L as 1 and O as 0, in
// either case, as builtin.encodings declares for "crockford". It is
// otherwise strict: it rejects the letter U, which the scheme leaves out,
// and the hyphen, which the scheme ignores. The encoder never writes an
// alias or a lower-case letter, so text read with them re-encodes to the
// canonical text of the same value, not to itself: compare, deduplicate
// and index IDs as values, or as the text the encoder writes. A string
// whose unused top bits are not zero is rejected with [ErrOverflow].
type CrockfordEncoding struct{}

const crockfordAlphabet = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"

// crockfordAliases are the letters Crockford's decoding reads as digits, as
// Spec.Aliases holds them: I and L as 1, O as 0. A test holds them to the
// declaration of "crockford" in builtin.encodings.
const crockfordAliases = "I1L1O0"

var crockfordDecode = func() [256]byte {
	t := decodeTable(crockfordAlphabet, true)
	for i := 0; i < len(crockfordAliases); i += 2 {
		setAlias(&t, crockfordAliases[i], t[crockfordAliases[i+1]], true)
	}
	return t
}()

// crockfordPairs maps each 10-bit value to its two digits, big-endian, so
// the encoder can write a 40-bit group with four table lookups.
var crockfordPairs = func() (t [1024]uint16) {
	for i := range t {
		t[i] = uint16(crockfordAlphabet[i>>5])<<8 | uint16(crockfordAlphabet[i&31])
	}
	return t
}()

// EncodedLen returns the length in characters of the Crockford encoding of
// n source bytes, ceil(8n/5). It returns -1 if n is negative.
func (CrockfordEncoding) EncodedLen(n int) int {
	if n < 0 {
		return -1
	}
	return n/5*8 + (n%5*8+4)/5
}

// DecodedLen returns the number of bytes that m characters of Crockford
// base32 decode to: the n with EncodedLen(n) == m. Lengths that are 1, 3 or
// 6 modulo 8 are not widths of any byte length (for instance 3 characters
// are more than one byte needs and, at 15 bits, too few for two); for those,
// and for negative m, DecodedLen returns -1.
func (CrockfordEncoding) DecodedLen(m int) int {
	if m < 0 {
		return -1
	}
	p := crockfordPartial[m%8]
	if p.bytes < 0 {
		return -1
	}
	return m/8*5 + int(p.bytes)
}

// crockfordPartial describes the leading partial group of a Crockford
// string by its length e = m%8, as the number of source bytes r it encodes
// (e = ceil(8r/5)) and the count 5e-8r of unused top bits in its first
// character. Lengths 1, 3 and 6 encode no whole number of bytes.
var crockfordPartial = [8]struct{ bytes, unused int8 }{
	0: {0, 0},
	1: {-1, 0},
	2: {1, 2},
	3: {-1, 0},
	4: {2, 4},
	5: {3, 1},
	6: {-1, 0},
	7: {4, 3},
}

// AppendEncode appends the Crockford encoding of src, EncodedLen(len(src))
// upper-case characters, to dst and returns the extended slice. It allocates
// only if dst lacks the capacity.
func (CrockfordEncoding) AppendEncode(dst, src []byte) []byte {
	dst, out := grow(dst, (8*len(src)+4)/5) // a slice length cannot overflow this
	// Work from the right: each 5-byte group of src is 40 bits, exactly 8
	// digits (written as four pairs), and the 0 to 4 bytes left over at the
	// front fill the remaining leading digits.
	i, o := len(src), len(out)
	for ; i >= 5; i, o = i-5, o-8 {
		g := src[i-5 : i]
		v := uint64(g[0])<<32 | uint64(g[1])<<24 | uint64(g[2])<<16 | uint64(g[3])<<8 | uint64(g[4])
		b := out[o-8 : o]
		binary.BigEndian.PutUint16(b[0:2], crockfordPairs[v>>30&1023])
		binary.BigEndian.PutUint16(b[2:4], crockfordPairs[v>>20&1023])
		binary.BigEndian.PutUint16(b[4:6], crockfordPairs[v>>10&1023])
		binary.BigEndian.PutUint16(b[6:8], crockfordPairs[v&1023])
	}
	var v uint64
	for _, c := range src[:i] {
		v = v<<8 | uint64(c)
	}
	for o > 0 {
		o--
		out[o] = crockfordAlphabet[v&31]
		v >>= 5
	}
	return dst
}

// EncodeToString returns the Crockford encoding of src.
func (e CrockfordEncoding) EncodeToString(src []byte) string {
	var buf [64]byte
	return string(e.AppendEncode(buf[:0], src))
}

// AppendDecode appends the bytes that the Crockford text src decodes to,
// DecodedLen(len(src)) of them, to dst and returns the extended slice. Upper
// and lower case are accepted, and I, L and O as 1, 1 and 0. It allocates only if dst lacks the capacity.
// On error it returns dst unchanged, with nothing appended, and an error
// matching [ErrLength], [ErrInvalidChar] (as an [InvalidCharError]) or
// [ErrOverflow]; dst's spare capacity, beyond len(dst), may have been
// written to.
func (CrockfordEncoding) AppendDecode(dst, src []byte) ([]byte, error) {
	return decodeCrockford(dst, src)
}

// Canonical returns Crockford text that decodes, s, as the encoder writes
// the same value: upper case, with each alias (I, L, O, in either case) as
// the digit it stands for. Bytes that are no digit are left as they are.
func (CrockfordEncoding) Canonical(s string) string {
	out := []byte(s)
	for i, c := range out {
		if v := crockfordDecode[c]; v != invalid {
			out[i] = crockfordAlphabet[v]
		}
	}
	return string(out)
}

// DecodeString returns the bytes that the Crockford text s decodes to, or
// nil and an error as described for AppendDecode. The empty string decodes
// to an empty slice.
func (e CrockfordEncoding) DecodeString(s string) ([]byte, error) {
	n := e.DecodedLen(len(s))
	if n < 0 {
		return nil, lengthError("Crockford", len(s))
	}
	b, err := decodeCrockford(make([]byte, 0, n), s)
	if err != nil {
		return nil, err
	}
	return b, nil
}

// decodeCrockford implements AppendDecode and DecodeString. It decodes
// straight into the extended dst while checking every character, and
// returns the original dst if the input turns out to be invalid.
func decodeCrockford[S text](dst []byte, src S) ([]byte, error) {
	m := len(src)
	p := crockfordPartial[m%8]
	if p.bytes < 0 {
		return dst, lengthError("Crockford", m)
	}
	n := m/8*5 + int(p.bytes)
	extended, out := grow(dst, n)
	if bad := crockfordDecodeTo(out, src); bad&0x80 != 0 {
		return dst, firstInvalid(src, &crockfordDecode)
	}
	// The first character carries p.unused unused top bits, which must be
	// zero for the value to fit in n bytes.
	if m > 0 && crockfordDecode[src[0]]>>(5-p.unused) != 0 {
		return dst, ErrOverflow
	}
	return extended, nil
}

// crockfordDecodeTo writes the number that src denotes into out, which must
// be DecodedLen(len(src)) long, mirroring AppendEncode: 8 characters to 5
// bytes from the right, then the leading partial group. It returns the OR of
// the decode-table entries of all the characters; if that has its top bit
// set, some character was invalid and out holds garbage. Bits above 8n are
// dropped, so the caller checks them separately.
func crockfordDecodeTo[S text](out []byte, src S) (bad byte) {
	i, o := len(src), len(out)
	for ; o >= 5; i, o = i-8, o-5 {
		g := src[i-8 : i]
		d0, d1, d2, d3 := crockfordDecode[g[0]], crockfordDecode[g[1]], crockfordDecode[g[2]], crockfordDecode[g[3]]
		d4, d5, d6, d7 := crockfordDecode[g[4]], crockfordDecode[g[5]], crockfordDecode[g[6]], crockfordDecode[g[7]]
		bad |= d0 | d1 | d2 | d3 | d4 | d5 | d6 | d7
		v := uint64(d0)<<35 | uint64(d1)<<30 | uint64(d2)<<25 | uint64(d3)<<20 |
			uint64(d4)<<15 | uint64(d5)<<10 | uint64(d6)<<5 | uint64(d7)
		b := out[o-5 : o]
		b[0] = byte(v >> 32)
		b[1] = byte(v >> 24)
		b[2] = byte(v >> 16)
		b[3] = byte(v >> 8)
		b[4] = byte(v)
	}
	var v uint64
	for j := 0; j < i; j++ {
		d := crockfordDecode[src[j]]
		bad |= d
		v = v<<5 | uint64(d)
	}
	for o > 0 {
		o--
		out[o] = byte(v)
		v >>= 8
	}
	return bad
}
