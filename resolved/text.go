package resolved

import (
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"strconv"

	"github.com/idforge/idforge/encodings"
	"github.com/idforge/idforge/layouts"
)

// ErrText reports text that is not an ID in a layout's canonical form.
var ErrText = errors.New("resolved: not the canonical text")

// Text is a layout's canonical text form, as layouts.Layout.CanonicalText
// names it: "uuid", "decimal" or an encoding's name.
type Text struct {
	Name  string // "uuid", "decimal", or an encoding's: "base62", "crockford", "base58", ...
	Title string // for people: "UUID", "decimal", "Base62", "Crockford", ...
	// Encoding is the encoding the text is in, or nil for uuid and decimal.
	Encoding *encodings.Encoding
	// Width is the length of the longest text of an ID, a check symbol
	// included.
	Width int
	// Fixed says that every ID's text has Width characters: true for every
	// form but decimal.
	Fixed bool
	// Sorts says that IDs' texts sort as their bytes do.
	Sorts bool
	// Signed says, for decimal, that the layout's top bit is not a
	// constant zero, so that some IDs are negative as the two's complement
	// int64 that Go's int64 and PostgreSQL's bigint hold. Their text is
	// unsigned all the same: the number the 64 bits hold, up to 2^64-1
	// and 20 digits, as Discord writes its IDs. Where the top bit is a
	// constant zero, decimal runs to 2^63-1 and 19 digits.
	Signed bool

	size int // bytes
}

// newText resolves a layout's canonical text.
func newText(l *layouts.Layout) (Text, error) { return TextIn(l, l.CanonicalText()) }

// TextIn resolves a text form of IDs of l by name: "uuid" (128-bit
// layouts), "decimal" (64-bit layouts), or an encoding that l's spec
// declares or that is built in. A layout's canonical text (Layout.Text)
// is TextIn(l, l.CanonicalText()); `idforge gen -text` and the command's
// -enc name others. A form that cannot write l's IDs is an error matching
// ErrLayout.
func TextIn(l *layouts.Layout, name string) (Text, error) {
	t := Text{Name: name, Fixed: true, size: l.Bytes()}
	switch t.Name {
	case "uuid":
		if l.Bits != 128 {
			return Text{}, fmt.Errorf("%w: %s: the uuid text needs 128 bits, not %d", ErrLayout, l.Name, l.Bits)
		}
		t.Title, t.Width, t.Sorts = "UUID", 36, true
		return t, nil
	case "decimal":
		if l.Bits != 64 {
			return Text{}, fmt.Errorf("%w: %s: decimal text needs 64 bits, not %d", ErrLayout, l.Name, l.Bits)
		}
		t.Signed = !topBitZero(l)
		t.Title, t.Width, t.Fixed = "decimal", 19, false
		if t.Signed {
			t.Width = 20 // 18446744073709551615
		}
		return t, nil
	}
	e, err := l.Encoding(name)
	if err != nil {
		return Text{}, fmt.Errorf("%w: %v", ErrLayout, err)
	}
	if e.EncodedLen(t.size) < 0 {
		return Text{}, fmt.Errorf("%w: %s: %s cannot write %d-byte IDs", ErrLayout, l.Name, e.Title(), t.size)
	}
	t.Encoding, t.Title, t.Width, t.Sorts = e, e.Title(), e.EncodedLen(t.size), e.Sorts()
	return t, nil
}

// topBitZero reports whether a layout's most significant bit is a
// constant zero.
func topBitZero(l *layouts.Layout) bool {
	for _, p := range l.Parts {
		if p.Offset == 0 {
			return p.Role == layouts.Const && p.Const>>(p.Width-1) == 0
		}
	}
	return false
}

// Append appends the canonical text of id, an ID of the layout, to dst.
func (t Text) Append(dst, id []byte) []byte {
	switch t.Name {
	case "uuid":
		var b [36]byte
		hex.Encode(b[0:8], id[0:4])
		hex.Encode(b[9:13], id[4:6])
		hex.Encode(b[14:18], id[6:8])
		hex.Encode(b[19:23], id[8:10])
		hex.Encode(b[24:], id[10:])
		b[8], b[13], b[18], b[23] = '-', '-', '-', '-'
		return append(dst, b[:]...)
	case "decimal":
		return strconv.AppendUint(dst, binary.BigEndian.Uint64(id), 10)
	}
	return t.Encoding.AppendEncode(dst, id)
}

// Format returns the canonical text of id, an ID of the layout.
func (t Text) Format(id []byte) string { return string(t.Append(nil, id)) }

// Parse reads the canonical text of an ID: exactly what Append writes (a
// UUID's and an encoding's that folds case in either case, and an
// encoding's aliases, Crockford's I, L and O, as their digits). It reads
// nothing else, not even a UUID's other forms, which are the command's
// reader's to take. Its error matches ErrText, and wraps the encoding's
// own error where there is one.
func (t Text) Parse(s string) ([]byte, error) {
	switch t.Name {
	case "uuid":
		if len(s) != 36 || s[8] != '-' || s[13] != '-' || s[18] != '-' || s[23] != '-' {
			return nil, fmt.Errorf("%w: %q is not 8-4-4-4-12 hex", ErrText, s)
		}
		b, err := hex.DecodeString(s[0:8] + s[9:13] + s[14:18] + s[19:23] + s[24:])
		if err != nil {
			return nil, fmt.Errorf("%w: %q is not 8-4-4-4-12 hex", ErrText, s)
		}
		return b, nil
	case "decimal":
		n, err := strconv.ParseUint(s, 10, 64)
		if err != nil || strconv.FormatUint(n, 10) != s || n>>63 != 0 && !t.Signed {
			return nil, fmt.Errorf("%w: %q is not the decimal of an ID", ErrText, s)
		}
		return binary.BigEndian.AppendUint64(nil, n), nil
	}
	b, err := t.Encoding.DecodeString(s)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrText, err)
	}
	if len(b) != t.size {
		return nil, fmt.Errorf("%w: %q holds %d bytes, not %d", ErrText, s, len(b), t.size)
	}
	return b, nil
}

// CommonForms returns the names of the text forms every generated module
// has beside its canonical text, in the order the modules write them:
// Base62, Crockford and hex. A module's own form is its canonical text when
// that is none of these, uuid nor decimal (IsCommonForm). This is the one
// list: the Go, SQL, JavaScript, Python and Java emitters read it.
func CommonForms() []string { return []string{"base62", "crockford", "hex"} }

// IsCommonForm reports whether name is one of CommonForms.
func IsCommonForm(name string) bool {
	for _, n := range CommonForms() {
		if n == name {
			return true
		}
	}
	return false
}
