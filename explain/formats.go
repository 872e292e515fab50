// Package explain reads IDs and describes layouts for people: the readings
// of a text as every layout it fits (its fields, time and encodings), and a
// layout's properties in words. The idforge command (inspect, convert,
// layouts) and the playground page (web/) share it, so they say the same.
package explain

import (
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"github.com/idforge/idforge/internal/suggest"
	"maps"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/idforge/idforge/encodings"
	"github.com/idforge/idforge/idrt"
	"github.com/idforge/idforge/layouts"
	"github.com/idforge/idforge/uuid"
)

// Aliases returns the short layout names Lookup accepts, such as v7 for
// uuidv7, each with the built-in layout's name: a new map on each call.
func Aliases() map[string]string { return maps.Clone(aliases) }

// Alias returns the built-in layout's name that name is an alias of (uuidv7
// for v7), or name itself when it is none.
func Alias(name string) string {
	if a, ok := aliases[name]; ok {
		return a
	}
	return name
}

var aliases = map[string]string{
	"v1": "uuidv1", "v3": "uuidv3", "v4": "uuidv4", "v5": "uuidv5",
	"v6": "uuidv6", "v7": "uuidv7", "v8": "uuidv8",
}

// Builtins returns this package's own copies of the built-in layouts, read
// once. Nothing may change them, so IsBuiltin can know them by their
// address; a caller that wants to change one changes its Clone.
func Builtins() ([]*layouts.Layout, error) { return builtins() }

var builtins = sync.OnceValues(layouts.Builtins)

// Builtin returns this package's copy of the built-in layout with the given
// name (not an alias).
func Builtin(name string) (*layouts.Layout, error) {
	ls, err := builtins()
	if err != nil {
		return nil, err
	}
	for _, l := range ls {
		if layoutName(l) == name {
			return l, nil
		}
	}
	return nil, fmt.Errorf("%w: %q", layouts.ErrNotFound, name)
}

// Lookup returns a built-in layout by its name or alias. The error for an
// unknown name lists the known ones.
func Lookup(name string) (*layouts.Layout, error) {
	l, err := Builtin(Alias(name))
	if errors.Is(err, layouts.ErrNotFound) {
		return nil, fmt.Errorf("%w: %q%s (want one of %s)", layouts.ErrNotFound, name, suggest.Hint(name, LayoutNames()), strings.Join(LayoutNames(), ", "))
	}
	return l, err
}

// LayoutNames lists the names Lookup accepts: the Aliases, then the
// built-in layouts.
func LayoutNames() []string {
	names := slices.Sorted(maps.Keys(aliases))
	ls, _ := builtins()
	for _, l := range ls {
		names = append(names, layoutName(l))
	}
	return names
}

// Nil and Max return the Nil and Max UUIDs (RFC 9562 sections 5.9 and
// 5.10) as layouts of constants: they have no version, so no UUID layout
// reads them. Each call returns the same layout, which nothing may change.
func Nil() *layouts.Layout { return nilUUID }

// Max returns the Max UUID's layout: see Nil.
func Max() *layouts.Layout { return maxUUID }

var (
	nilUUID = mustParse("RFC 9562 section 5.9: the Nil UUID", "layout nil 128\n  nil_hi 64 = 0\n  nil_lo 64 = 0\n")
	maxUUID = mustParse("RFC 9562 section 5.10: the Max UUID", "layout max 128\n  max_hi 64 = 0xffffffffffffffff\n  max_lo 64 = 0xffffffffffffffff\n")
)

// Raw returns the layout that reads any 128-bit UUID, of any variant and
// version, that no other layout reads as a UUID: a Microsoft GUID, a DCE
// UUIDv2, version 0 or 9 to 14 of the RFC 9562 variant, a TypeID whose UUID
// is any of these. Its bits are one bytes field; inspect shows the variant
// and version instead. Each call returns the same layout, which nothing may
// change.
func Raw() *layouts.Layout { return rawUUID }

var rawUUID = mustParse("a raw UUID: any variant and version", "layout uuid 128\n  bits 128 random bytes\n")

// UUIDLike reports whether IDs of l are UUIDs, for TypeIDs and the uuid
// form: an RFC 9562 layout, the Nil or Max UUID, or a raw UUID.
func UUIDLike(l *layouts.Layout) bool {
	return view(l).IsUUID() || l == nilUUID || l == maxUUID || l == rawUUID
}

// UUIDVariant names the variant of a UUID as google/uuid's Variant does
// (RFC4122, Microsoft, Future, and Reserved for the NCS variant 0b0), with
// its bits.
func UUIDVariant(id []byte) (name, bits string) {
	switch uuid.UUID(id).Variant() {
	case uuid.VariantRFC9562:
		return "RFC4122", "0b10"
	case uuid.VariantMicrosoft:
		return "Microsoft", "0b110"
	case uuid.VariantFuture:
		return "Future", "0b111"
	}
	return "Reserved", "0b0"
}

func mustParse(file, spec string) *layouts.Layout {
	l, err := layouts.Parse(file, []byte(spec))
	if err != nil {
		panic(err)
	}
	return l
}

// IsBuiltin reports whether l is one of idforge's built-in layouts, as
// opposed to a user's spec, the Nil and Max UUIDs or a raw UUID.
func IsBuiltin(l *layouts.Layout) bool {
	b, err := Builtin(layoutName(l))
	return err == nil && b == l
}

// encodingNames are the encodings an ID can be written in: canonical (the
// layout's own form, see Canonical), uuid, every built-in encoding
// (encodings.Names: base62, crockford, hex, base58, ...) and decimal. A
// layout's spec may declare more.
var encodingNames = slices.Concat([]string{"canonical", "uuid"}, encodings.Names(), []string{"decimal"})

// universal are the forms every layout's IDs are shown and read in, beside
// its canonical one: inspect tries a layout on text in one of these or in
// the layout's own form, so that, say, a base32hex text is read as an xid
// but not as every other 12-byte layout.
var universal = []string{"uuid", "typeid", "base62", "crockford", "hex", "decimal"}

// Canonical returns the usual text form of a layout's IDs: the form
// layouts.Layout.CanonicalText decides, which the packages and modules
// `idforge gen` makes for the layout write, and the UUID form for the Nil,
// Max and raw UUIDs.
func Canonical(l *layouts.Layout) string {
	r := view(l)
	if UUIDLike(l) && r.Declared == "" {
		return "uuid"
	}
	return r.Text.Name
}

// ConstantBits counts the bits of a layout that are constants, such as a
// UUID's version and variant: the more an ID matches, the likelier the
// reading.
func ConstantBits(l *layouts.Layout) int {
	n := 0
	for _, seg := range view(l).Segments {
		if seg.Field < 0 {
			n += seg.Width
		}
	}
	return n
}

// Formatter returns the function that writes an ID of the layout in an
// encoding. An unknown encoding, or one the layout has no form in, is an
// error that matches ErrEncoding.
func Formatter(l *layouts.Layout, enc string) (func(dst, id []byte) []byte, error) {
	if enc == "canonical" {
		enc = Canonical(l)
	}
	r := view(l)
	switch enc {
	case "uuid":
		if r.Bytes() != 16 {
			return nil, encodingError(fmt.Sprintf("%s IDs have %s, and only 16-byte IDs have a UUID form", r.Name, byteCount(r.Bytes())))
		}
		return AppendUUID, nil
	case "decimal":
		if r.Bytes() != 8 {
			return nil, encodingError(fmt.Sprintf("%s IDs have %s, and only 8-byte IDs have a decimal form", r.Name, byteCount(r.Bytes())))
		}
		// As resolved.TextIn writes decimal: the unsigned number the 64
		// bits hold, which is all Read reads as decimal (no sign).
		return func(dst, id []byte) []byte { return strconv.AppendUint(dst, binary.BigEndian.Uint64(id), 10) }, nil
	}
	if e, err := encodingOf(l, enc); err == nil {
		if e.EncodedLen(r.Bytes()) < 0 {
			return nil, encodingError(fmt.Sprintf("%s cannot write %s IDs of %s", e.Title(), r.Name, byteCount(r.Bytes())))
		}
		return e.AppendEncode, nil
	}
	return nil, encodingError(fmt.Sprintf("unknown encoding %q%s (want one of %s)", enc, suggest.Hint(enc, writeEncodings), strings.Join(writeEncodings, ", ")))
}

// AppendUUID writes 16 bytes in the 8-4-4-4-12 form.
func AppendUUID(dst, id []byte) []byte {
	var buf [36]byte
	idrt.EncodeUUID(&buf, (*[16]byte)(id))
	return append(dst, buf[:]...)
}

// AllEncodings writes id in the universal forms it has and in its
// layout's canonical one, in a fixed order.
func AllEncodings(l *layouts.Layout, id []byte) [][2]string {
	var out [][2]string
	for _, enc := range encodingNames[1:] {
		if enc != Canonical(l) && !slices.Contains(universal, enc) {
			continue
		}
		if f, err := Formatter(l, enc); err == nil {
			out = append(out, [2]string{enc, string(f(nil, id))})
		}
	}
	return out
}

// Decoded is text read as the bytes of an ID, with the form it was in.
type Decoded struct {
	Form   string // uuid, typeid, decimal or an encoding's name: base62, crockford, hex, base58, ...
	Bytes  []byte
	Prefix string // a TypeID's prefix

	err  error // why the text is not in the form, when it has its length
	size int   // the bytes the form reads from text of its length
}

// Decode reads an ID in any form idforge writes, by its length and
// alphabet: the UUID forms, TypeID, every built-in encoding and decimal
// (unsigned 64 bits, never a sign). Text that fits several forms gives
// several results. Read and Readings read text as layouts.
func Decode(s string) []Decoded {
	var out []Decoded
	add := func(form string, b []byte, err error) {
		if err == nil {
			out = append(out, Decoded{Form: form, Bytes: b})
		}
	}
	if b, ok := ParseUUIDText(s); ok {
		add("uuid", b, nil)
	}
	if d, ok := decodeTypeID(s); ok {
		out = append(out, d)
	}
	for _, e := range encodings.Builtins() {
		if n := e.DecodedLen(len(s)); n <= 0 || e.Name() == "hex" && n == 16 { // 32 hex digits are a UUID, above
			continue
		}
		b, err := e.DecodeString(s)
		add(e.Name(), b, err)
	}
	if b, err := decodeDecimal(s); err == nil {
		add("decimal", b, nil)
	}
	return out
}

// ParseUUIDText reads the UUID forms: 8-4-4-4-12, 32 hex digits, braces
// around the canonical form, and urn:uuid:.
func ParseUUIDText(s string) ([]byte, bool) {
	switch {
	case len(s) == 45 && strings.EqualFold(s[:9], "urn:uuid:"):
		s = s[9:]
	case len(s) == 38 && s[0] == '{' && s[37] == '}':
		s = s[1:37]
	}
	switch len(s) {
	case 32:
	case 36:
		if s[8] != '-' || s[13] != '-' || s[18] != '-' || s[23] != '-' {
			return nil, false
		}
		s = s[0:8] + s[9:13] + s[14:18] + s[19:23] + s[24:]
	default:
		return nil, false
	}
	b, err := hex.DecodeString(s)
	return b, err == nil
}

// ErrEncoding is the error of Formatter for an unknown encoding or one the
// layout has no form in.
var ErrEncoding = errors.New("explain: no such encoding for this layout")

// encodingError is an error of Formatter: its message alone, matching
// ErrEncoding.
type encodingError string

func (e encodingError) Error() string { return string(e) }

// Is makes errors.Is(err, ErrEncoding) true.
func (e encodingError) Is(target error) bool { return target == ErrEncoding }

// byteCount writes a number of bytes: "1 byte", "20 bytes".
func byteCount(n int) string {
	if n == 1 {
		return "1 byte"
	}
	return strconv.Itoa(n) + " bytes"
}
