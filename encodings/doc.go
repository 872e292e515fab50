// Package encodings provides fixed-width, order-preserving text encodings
// of byte strings: [Base62], [Crockford] base32 and [Hex], tuned by hand,
// and any encoding declared as data (an alphabet and options, a [Spec]),
// built by [New] or [Declare]. The built-in declarations are in the file
// builtin.encodings: base62, crockford and hex again, base58 (Bitcoin's
// alphabet) and base58flickr, base36, base32hex (RFC 4648, as xid writes
// it), zbase32, crockford-check (with Crockford's check symbol) and firebase
// (push IDs' base 64); [Lookup] finds one by name. Every emitter (Go, SQL,
// JavaScript, Python) and the CLI take their encodings from the same
// declarations, so a new alphabet needs no code in any of them.
//
// # Fixed width
//
// Each codec treats its input as one unsigned big-endian number and writes
// that number in its alphabet, left-padded with its zero digit to a width
// that depends only on the input length: EncodedLen(n) characters for n
// bytes. The width is the least number of digits that can hold every n-byte
// value (and a check symbol, where a Spec asks for one), so every n-byte
// input encodes to exactly EncodedLen(n) characters and DecodedLen maps that
// width back to n. An encoding whose Spec sets Bits writes the same number
// shifted left to fill the width, as RFC 4648 does, so that its padding is
// the last digit's low bits rather than the first digit's high ones.
//
// # Order
//
// Every built-in alphabet but base58flickr's and zbase32's lists its digits
// in ascending ASCII order, as [Encoding.Sorts] reports ('0'-'9' first, then
// letters; Base62 puts upper case before lower case, as ASCII does). For
// those, two encodings of the same width compare, byte by byte, exactly as
// the numbers they represent compare, and those numbers compare exactly as
// the big-endian input bytes do. So for inputs a and b of equal length,
//
//	bytes.Compare(a, b) == strings.Compare(enc.EncodeToString(a), enc.EncodeToString(b))
//
// which lets encoded IDs be sorted, indexed and range-scanned as text.
// Inputs of different lengths are not comparable this way.
//
// # Strict decoding
//
// Decoding accepts only canonical text: the input must have one of the widths
// EncodedLen produces ([ErrLength] otherwise), contain only alphabet
// characters ([InvalidCharError], which matches [ErrInvalidChar]) and denote a
// value that fits in DecodedLen(len) bytes ([ErrOverflow]); a declared
// encoding's padding bits must be zero and its check symbol must match
// (an InvalidCharError at that character otherwise). When an input has
// several faults, the first in that order is reported; an invalid character
// is reported at its first occurrence. Case is ignored by [Crockford],
// [Hex] and the declarations that say fold, whose encoders always produce
// one case; [Base62] is case-sensitive by nature. Thus every accepted input
// re-encodes to itself (up to case), and each value has exactly one
// encoding.
//
// Decoding never panics. On error, AppendDecode returns dst itself,
// unchanged: nothing is appended, and dst[:len(dst)] is untouched. Like any
// append, it may have used dst's spare capacity as scratch space, so bytes
// beyond len(dst) are unspecified after a failed decode. For the same
// reason src must not overlap dst's spare capacity (no decoding in place).
//
// The codecs use only the standard library and integer arithmetic (no
// math/big; [New] uses it once, to work out the widths). AppendEncode and
// AppendDecode allocate only when dst lacks the capacity for the result;
// EncodeToString and DecodeString allocate just the result. [Base62], and
// any encoding whose base is no power of two, handles sources of up to
// [Base62MaxBytes] ([MaxBytes]) bytes; the other codecs have no limit.
package encodings
