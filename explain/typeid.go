package explain

import (
	"fmt"
	"slices"
	"strings"

	"github.com/idforge/idforge/encodings"
	"github.com/idforge/idforge/internal/suggest"
	"github.com/idforge/idforge/layouts"
	"github.com/idforge/idforge/typeid"
	"github.com/idforge/idforge/uuid"
)

// The TypeID encoding: a UUID with a type prefix, user_01h455vb4pex5vsknk084sn02q.
// idforge new and convert write it with -enc typeid -prefix P; Decode reads it.

// WriteEncodings returns the encodings an ID can be written in, as -enc
// names them: canonical (the layout's own form, see Canonical), uuid, every
// built-in encoding (encodings.Names: base62, crockford, hex, base58, ...),
// decimal, and typeid for UUIDs. A layout's spec may declare more. It
// returns a new slice on each call.
func WriteEncodings() []string { return slices.Clone(writeEncodings) }

var writeEncodings = append(slices.Clip(encodingNames), "typeid")

// CheckEncoding reports whether IDs can be written in the encoding name,
// as -enc names one: one of WriteEncodings, or one that l (if not nil)
// declares. The error, matching ErrEncoding, names the nearest known
// names and every one.
func CheckEncoding(name string, l *layouts.Layout) error {
	if slices.Contains(writeEncodings, name) {
		return nil
	}
	if l != nil {
		if r := view(l); r != nil && slices.ContainsFunc(r.Encodings, func(s encodings.Spec) bool { return s.Name == name }) {
			return nil
		}
	}
	return encodingError(fmt.Sprintf("unknown encoding %q%s (want one of %s)", name, suggest.Hint(name, writeEncodings), strings.Join(writeEncodings, ", ")))
}

// decodeTypeID reads s as a TypeID with a prefix. One without a prefix is
// Crockford text, which decode reads already.
func decodeTypeID(s string) (Decoded, bool) {
	t, err := typeid.Parse(s)
	if err != nil || t.Prefix() == "" {
		return Decoded{}, false
	}
	u := t.UUID()
	return Decoded{Form: "typeid", Bytes: u[:], Prefix: t.Prefix()}, true
}

// addTypeID adds to the reading of a TypeID its prefix and its text.
func addTypeID(c *Candidate, d Decoded) {
	if d.Form != "typeid" {
		return
	}
	t, _ := typeid.FromUUID(d.Prefix, uuid.UUID(d.Bytes)) // as Parse read them
	c.Prefix = d.Prefix
	c.Encodings = append(c.Encodings, [2]string{"typeid", t.String()})
	c.EncMap["typeid"] = t.String()
}

// TypeIDReason says why text with an underscore, which no other form has,
// is not a TypeID; it is empty for other text.
func TypeIDReason(s string) string {
	if !strings.Contains(s, "_") {
		return ""
	}
	if _, err := typeid.Parse(s); err != nil {
		return "; as a TypeID: " + err.Error()
	}
	return ""
}
