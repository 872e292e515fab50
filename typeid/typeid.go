// Package typeid reads and writes TypeIDs: a UUID with a type prefix, as in
// user_01h455vb4pex5vsknk084sn02q, following the TypeID specification,
// version 0.3 (https://github.com/jetify-com/typeid/tree/main/spec).
//
// A TypeID's text is a prefix of at most 63 characters from a to z and the
// underscore, neither starting nor ending with an underscore; an underscore
// as separator, left out when the prefix is empty; and the UUID's 128 bits
// as 26 characters of Crockford's base32 alphabet in lower case, the number
// zero-padded on the left, so its first character is at most 7. Parse is
// strict: no upper case, no hyphens, no Crockford aliases (i, l, o), no
// surrounding space. Each TypeID has exactly one text.
//
// New makes one from a UUIDv7, so TypeIDs with the same prefix sort by
// creation time, as text and with Compare. Of is the typed form: Of[P]
// takes its prefix from the type P, so a user ID and an order ID are
// different Go types.
package typeid

import (
	"encoding/binary"
	"fmt"
	"strings"

	"github.com/idforge/idforge/uuid"
)

// TypeID is a prefix and a UUID. It keeps its canonical text beside the
// UUID, so String, Prefix and UUID only read it: New and FromUUID build the
// text once (one allocation), and Parse keeps the string it was given.
//
// The zero value has the empty prefix and the nil UUID, with the text
// 00000000000000000000000000. TypeIDs are comparable: == holds when the
// prefixes and the UUIDs are equal, so they work as map keys.
type TypeID struct {
	text string    // the canonical text; "" for the zero value
	uuid uuid.UUID // the UUID the text's suffix encodes
}

// MaxPrefixLen is the length limit of a prefix, in bytes.
const MaxPrefixLen = 63

// suffixLen is the length of the suffix: 128 bits in 5-bit characters.
const suffixLen = 26

// zeroSuffix is the suffix of the nil UUID, and the zero TypeID's text.
const zeroSuffix = "00000000000000000000000000"

// New returns a TypeID with the given prefix and a new UUIDv7 from
// uuid.NewV7, or an error matching ErrPrefix if the prefix is not valid.
// TypeIDs that New makes with one prefix sort, as text and with Compare, in
// the order the process made them.
func New(prefix string) (TypeID, error) {
	if err := checkPrefix(prefix); err != nil {
		return TypeID{}, err
	}
	return build(prefix, uuid.NewV7()), nil
}

// FromUUID returns the TypeID with the given prefix and UUID, or an error
// matching ErrPrefix if the prefix is not valid. Any UUID is accepted, of
// any version or variant, as the specification allows.
func FromUUID(prefix string, u uuid.UUID) (TypeID, error) {
	if err := checkPrefix(prefix); err != nil {
		return TypeID{}, err
	}
	return build(prefix, u), nil
}

// build returns the TypeID of a valid prefix and u, writing its text.
func build(prefix string, u uuid.UUID) TypeID {
	if prefix == "" && u == (uuid.UUID{}) {
		return TypeID{}
	}
	var buf [MaxPrefixLen + 1 + suffixLen]byte
	return TypeID{text: string(appendText(buf[:0], prefix, u)), uuid: u}
}

// appendText appends the text of prefix and u to b.
func appendText(b []byte, prefix string, u uuid.UUID) []byte {
	if prefix != "" {
		b = append(b, prefix...)
		b = append(b, '_')
	}
	return appendSuffix(b, u)
}

// appendSuffix appends u's 26 Crockford digits in lower case: the uuid
// package's Crockford form with bit 5 set in every byte, which turns the
// upper-case letters into lower case and leaves the digits as they are.
func appendSuffix(b []byte, u uuid.UUID) []byte {
	b = u.AppendCrockford(b)
	s := b[len(b)-suffixLen:]
	const lower = 0x2020202020202020
	binary.LittleEndian.PutUint64(s[0:8], binary.LittleEndian.Uint64(s[0:8])|lower)
	binary.LittleEndian.PutUint64(s[8:16], binary.LittleEndian.Uint64(s[8:16])|lower)
	binary.LittleEndian.PutUint64(s[16:24], binary.LittleEndian.Uint64(s[16:24])|lower)
	binary.LittleEndian.PutUint16(s[24:26], binary.LittleEndian.Uint16(s[24:26])|lower&0xffff)
	return b
}

// Parse reads a TypeID in its canonical text, as String writes it, and
// nothing else. The suffix is the text after the last underscore, or the
// whole text if there is none. A bad prefix (too long, a character other
// than a to z and _, an underscore first or last, or an empty prefix before
// an underscore) is an error matching ErrPrefix; a bad suffix (not 26
// characters, a character outside the lower-case alphabet, or a first
// character above 7) one matching ErrSuffix. Errors about a character are a
// *SyntaxError, which gives its position.
//
// The TypeID keeps s as its text without copying it, and so keeps alive
// the memory s is in (strings.Clone s first if it is a small part of a
// large string).
func Parse(s string) (TypeID, error) {
	// The fast path, for valid text: the suffix is the last 26 bytes, after
	// an underscore unless that is all there is. A suffix that decodes has
	// no underscore, so that separator is the last one, where the
	// specification splits. Text it refuses takes the path that says what
	// is wrong.
	if n := len(s) - suffixLen; n == 0 || n > 1 && s[n-1] == '_' {
		u, err := uuid.ParseCrockford(s[n:])
		// uuid reads Crockford's aliases (i, l and o as 1, 1 and 0); the
		// specification has none.
		if err == nil && lowerCase(s[n:]) && !strings.ContainsAny(s[n:], "ilo") && (n == 0 || checkPrefix(s[:n-1]) == nil) {
			if n == 0 && u == (uuid.UUID{}) {
				return TypeID{}, nil
			}
			return TypeID{text: s, uuid: u}, nil
		}
	}
	return TypeID{}, parseError(s)
}

// parseError says what is wrong with text that Parse refused, which it
// reads as the specification defines it: the suffix is what follows the
// last underscore, or the whole text if there is none.
func parseError(s string) error {
	suffix, off := s, 0
	if i := strings.LastIndexByte(s, '_'); i >= 0 {
		prefix := s[:i]
		suffix, off = s[i+1:], i+1
		if prefix == "" {
			return &SyntaxError{Err: ErrPrefix, Pos: 0, Char: '_', why: "an empty prefix takes no separator"}
		}
		if err := checkPrefix(prefix); err != nil {
			return err
		}
	}
	return suffixError(suffix, off)
}

// lowerCase reports whether s, 26 Crockford digits in either case, holds
// no upper-case letter: the digits and the lower-case letters have bit 5
// set, the upper-case letters do not.
func lowerCase(s string) bool {
	_ = s[suffixLen-1]
	all := le64(s[0:8]) & le64(s[8:16]) & le64(s[16:24]) & le64(s[18:26])
	return all&0x2020202020202020 == 0x2020202020202020
}

// le64 returns the first 8 bytes of s as a little-endian number, which the
// compiler loads at once.
func le64(s string) uint64 {
	_ = s[7]
	return uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24 |
		uint64(s[4])<<32 | uint64(s[5])<<40 | uint64(s[6])<<48 | uint64(s[7])<<56
}

// MustParse is like Parse but panics if s is not a valid TypeID. It is for
// constants and tests, where the text is known to be good.
func MustParse(s string) TypeID {
	t, err := Parse(s)
	if err != nil {
		panic(err)
	}
	return t
}

// Prefix returns the type prefix, "" if there is none.
func (t TypeID) Prefix() string {
	if len(t.text) <= suffixLen {
		return ""
	}
	return t.text[:len(t.text)-suffixLen-1]
}

// UUID returns the UUID.
func (t TypeID) UUID() uuid.UUID {
	return t.uuid
}

// String returns the canonical text: the prefix, an underscore unless the
// prefix is empty, and the UUID in 26 lower-case Crockford digits.
func (t TypeID) String() string {
	if t.text == "" {
		return zeroSuffix
	}
	return t.text
}

// AppendText appends the text String returns to b and returns the extended
// slice. It implements encoding.TextAppender, never fails, and allocates
// only if b lacks the capacity.
func (t TypeID) AppendText(b []byte) ([]byte, error) {
	return append(b, t.String()...), nil
}

// Compare returns -1, 0 or +1 as t orders before, with or after v: by
// prefix, then by UUID. It is the order of their texts as bytes, so
// TypeIDs with one prefix sort as text as their UUIDs do.
func (t TypeID) Compare(v TypeID) int {
	if c := strings.Compare(t.Prefix(), v.Prefix()); c != 0 {
		return c
	}
	return t.uuid.Compare(v.uuid)
}

// checkPrefix returns nil if p is a valid prefix, and otherwise an error
// matching ErrPrefix.
func checkPrefix(p string) error {
	if len(p) > MaxPrefixLen {
		return fmt.Errorf("%w: %d characters, want at most %d", ErrPrefix, len(p), MaxPrefixLen)
	}
	for i := 0; i < len(p); i++ {
		if c := p[i]; (c < 'a' || c > 'z') && c != '_' {
			return &SyntaxError{Err: ErrPrefix, Pos: i, Char: c, why: "a prefix holds only the letters a to z and underscores"}
		}
	}
	if p == "" {
		return nil
	}
	if p[0] == '_' {
		return &SyntaxError{Err: ErrPrefix, Pos: 0, Char: '_', why: "a prefix cannot start with an underscore"}
	}
	if p[len(p)-1] == '_' {
		return &SyntaxError{Err: ErrPrefix, Pos: len(p) - 1, Char: '_', why: "a prefix cannot end with an underscore"}
	}
	return nil
}

// alphabet is the suffix alphabet: Crockford's base32 digits in lower case.
const alphabet = "0123456789abcdefghjkmnpqrstvwxyz"

// suffixError says what is wrong with a suffix, starting at offset off of
// the text, that does not decode.
func suffixError(s string, off int) error {
	if len(s) != suffixLen {
		return fmt.Errorf("%w: %d characters, want %d", ErrSuffix, len(s), suffixLen)
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case 'A' <= c && c <= 'Z' && strings.IndexByte(alphabet, c+'a'-'A') >= 0:
			return &SyntaxError{Err: ErrSuffix, Pos: off + i, Char: c, why: "a suffix is in lower case"}
		case strings.IndexByte(alphabet, c) < 0:
			return &SyntaxError{Err: ErrSuffix, Pos: off + i, Char: c, why: "a suffix holds only 0 to 9 and a to z less i, l, o and u"}
		}
	}
	// Every character is a lower-case digit: the value is above 128 bits.
	return &SyntaxError{Err: ErrSuffix, Pos: off, Char: s[0], why: "the first character of a suffix is at most 7, or the value is above 128 bits"}
}
