package encodings

import (
	"errors"
	"fmt"
)

var (
	// ErrLength reports that the input to a decoder has a length that no
	// source length encodes to (see the DecodedLen methods). Decoders wrap it
	// with detail; test for it with [errors.Is].
	ErrLength = errors.New("encodings: invalid length")

	// ErrOverflow reports that the input to a decoder is well formed but
	// denotes a number too large for DecodedLen(len(input)) bytes, that is
	// one at or above 2^(8n) for n decoded bytes.
	ErrOverflow = errors.New("encodings: value out of range")

	// ErrInvalidChar is matched, via [errors.Is], by every [InvalidCharError].
	ErrInvalidChar = errors.New("encodings: invalid character")
)

// InvalidCharError reports a byte of the input to a decoder that is not in
// the encoding's alphabet. Decoders return it as a value; retrieve it with
// errors.As(err, &e) where e is an InvalidCharError. It matches
// [ErrInvalidChar] under [errors.Is].
type InvalidCharError struct {
	Pos  int  // 0-based byte offset of the character in the input
	Char byte // the offending byte
}

// Error describes the character and its position, showing printable ASCII
// characters quoted and any other byte in hexadecimal.
func (e InvalidCharError) Error() string {
	if e.Char > ' ' && e.Char < 0x7f {
		return fmt.Sprintf("encodings: invalid character '%c' at position %d", e.Char, e.Pos)
	}
	return fmt.Sprintf("encodings: invalid character 0x%02x at position %d", e.Char, e.Pos)
}

// Is reports whether target is [ErrInvalidChar], so that
// errors.Is(err, ErrInvalidChar) holds for every InvalidCharError.
func (e InvalidCharError) Is(target error) bool {
	return target == ErrInvalidChar
}

// lengthError wraps ErrLength with the rejected length and the codec name.
func lengthError(codec string, m int) error {
	return fmt.Errorf("%w: %d is not a %s encoded length", ErrLength, m, codec)
}

// invalid is the decode-table entry for bytes outside an alphabet. Every
// valid entry is below 0x80, so OR-ing entries together and testing the top
// bit tells whether any byte was invalid.
const invalid = 0xff

// text is the set of input types the decoders accept, so that AppendDecode
// and DecodeString share one implementation without copying a string.
type text interface {
	~string | ~[]byte
}

// firstInvalid returns the InvalidCharError for the first byte of src whose
// entry in table is invalid. Callers use it only after finding that such a
// byte exists; it returns nil if there is none.
func firstInvalid[S text](src S, table *[256]byte) error {
	for i := 0; i < len(src); i++ {
		if table[src[i]] == invalid {
			return InvalidCharError{Pos: i, Char: src[i]}
		}
	}
	return nil
}

// decodeTable builds a decode table for alphabet, mapping each of its bytes
// to its index and every other byte to invalid. If foldCase is set, the other
// case of each ASCII letter in alphabet maps to the same index.
func decodeTable(alphabet string, foldCase bool) (t [256]byte) {
	for i := range t {
		t[i] = invalid
	}
	for i := 0; i < len(alphabet); i++ {
		c := alphabet[i]
		t[c] = byte(i)
		if foldCase {
			switch {
			case 'A' <= c && c <= 'Z':
				t[c+'a'-'A'] = byte(i)
			case 'a' <= c && c <= 'z':
				t[c-'a'+'A'] = byte(i)
			}
		}
	}
	return t
}

// grow extends dst by n bytes, reallocating (with append's amortised
// growth) only if its capacity is short, and returns the extended slice
// together with its n-byte tail, which the caller must fill.
func grow(dst []byte, n int) (extended, tail []byte) {
	l := len(dst)
	if cap(dst)-l < n {
		dst = append(dst, make([]byte, n)...) // the make is not allocated
	} else {
		dst = dst[:l+n]
	}
	return dst, dst[l:]
}
