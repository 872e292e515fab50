package encodings

// Hex is the fixed-width hexadecimal encoding: two lower-case digits per
// byte, most significant first.
var Hex HexEncoding

// HexEncoding is the type of [Hex]. It encodes n bytes as 2n characters from
// "0123456789abcdef", which is the big-endian number they hold in base 16,
// left-padded with '0'. The alphabet is in ASCII order, so encodings of
// equal-length inputs sort as the inputs do. Decoding accepts either case;
// every 2n-digit string is in range, so it never reports [ErrOverflow].
type HexEncoding struct{}

const hexAlphabet = "0123456789abcdef"

var hexDecode = decodeTable(hexAlphabet, true)

// EncodedLen returns the length in characters of the Hex encoding of n
// source bytes, 2n. It returns -1 if n is negative.
func (HexEncoding) EncodedLen(n int) int {
	if n < 0 {
		return -1
	}
	return 2 * n
}

// DecodedLen returns the number of bytes that m hex characters decode to,
// m/2. It returns -1 if m is odd or negative, as no byte length encodes to
// such a length.
func (HexEncoding) DecodedLen(m int) int {
	if m < 0 || m%2 != 0 {
		return -1
	}
	return m / 2
}

// AppendEncode appends the Hex encoding of src, 2*len(src) lower-case
// characters, to dst and returns the extended slice. It allocates only if dst
// lacks the capacity.
func (HexEncoding) AppendEncode(dst, src []byte) []byte {
	dst, out := grow(dst, 2*len(src))
	for i, c := range src {
		o := out[2*i : 2*i+2]
		o[0] = hexAlphabet[c>>4]
		o[1] = hexAlphabet[c&15]
	}
	return dst
}

// EncodeToString returns the Hex encoding of src.
func (e HexEncoding) EncodeToString(src []byte) string {
	var buf [64]byte
	return string(e.AppendEncode(buf[:0], src))
}

// AppendDecode appends the bytes that the hex text src decodes to,
// len(src)/2 of them, to dst and returns the extended slice. Upper and lower
// case are accepted. It allocates only if dst lacks the capacity. On error it
// returns dst unchanged, with nothing appended, and an error matching
// [ErrLength] or [ErrInvalidChar] (as an [InvalidCharError]); dst's spare
// capacity, beyond len(dst), may have been written to.
func (HexEncoding) AppendDecode(dst, src []byte) ([]byte, error) {
	return decodeHex(dst, src)
}

// DecodeString returns the bytes that the hex text s decodes to, or nil and
// an error as described for AppendDecode. The empty string decodes to an
// empty slice.
func (e HexEncoding) DecodeString(s string) ([]byte, error) {
	n := e.DecodedLen(len(s))
	if n < 0 {
		return nil, lengthError("Hex", len(s))
	}
	b, err := decodeHex(make([]byte, 0, n), s)
	if err != nil {
		return nil, err
	}
	return b, nil
}

// decodeHex implements AppendDecode and DecodeString. Like
// decodeCrockford, it decodes straight into the extended dst while checking
// every character, and returns the original dst if any is invalid.
func decodeHex[S text](dst []byte, src S) ([]byte, error) {
	if len(src)%2 != 0 {
		return dst, lengthError("Hex", len(src))
	}
	extended, out := grow(dst, len(src)/2)
	if bad := hexDecodeTo(out, src); bad&0x80 != 0 {
		return dst, firstInvalid(src, &hexDecode)
	}
	return extended, nil
}

// hexDecodeTo writes the bytes that src, of length 2*len(out), denotes into
// out and returns the OR of the decode-table entries of all its characters;
// if that has its top bit set, some character was invalid and out holds
// garbage.
func hexDecodeTo[S text](out []byte, src S) (bad byte) {
	for i := range out {
		pair := src[2*i : 2*i+2]
		hi, lo := hexDecode[pair[0]], hexDecode[pair[1]]
		out[i] = hi<<4 | lo
		bad |= hi | lo
	}
	return bad
}
