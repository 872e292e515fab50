package main

import (
	"fmt"
	"slices"
	"strings"

	"github.com/idforge/idforge/layouts"
	"github.com/idforge/idforge/typeid"
	"github.com/idforge/idforge/uuid"
)

// The TypeID encoding: a UUID with a type prefix, user_01h455vb4pex5vsknk084sn02q.
// new and convert write it with -enc typeid -prefix P; inspect and convert
// read it.

// writeEncodings are the values -enc takes: the encodings of any ID, and
// typeid for UUIDs.
var writeEncodings = append(slices.Clip(encodingNames), "typeid")

// formatterFor returns the function that writes an ID in an encoding, as
// formatter does, or, for -enc typeid, as a TypeID with the prefix.
func formatterFor(l *layouts.Layout, enc, prefix string) (func(dst, id []byte) []byte, error) {
	if enc != "typeid" {
		if prefix != "" {
			return nil, usageError{fmt.Errorf("-prefix is for -enc typeid")}
		}
		return formatter(l, enc)
	}
	if !uuidLike(l) {
		return nil, usageError{fmt.Errorf("a TypeID holds a UUID, and %s is not a UUID layout", l.Name)}
	}
	if _, err := typeid.FromUUID(prefix, uuid.Nil); err != nil {
		return nil, usageError{fmt.Errorf("-prefix %q: %w", prefix, err)}
	}
	return func(dst, id []byte) []byte {
		t, _ := typeid.FromUUID(prefix, uuid.UUID(id)) // the prefix is checked
		dst, _ = t.AppendText(dst)
		return dst
	}, nil
}

// decodeTypeID reads s as a TypeID with a prefix. One without a prefix is
// Crockford text, which decode reads already.
func decodeTypeID(s string) (decoded, bool) {
	t, err := typeid.Parse(s)
	if err != nil || t.Prefix() == "" {
		return decoded{}, false
	}
	u := t.UUID()
	return decoded{form: "typeid", bytes: u[:], prefix: t.Prefix()}, true
}

// addTypeID adds to the reading of a TypeID its prefix and its text.
func addTypeID(c *candidate, d decoded) {
	if d.form != "typeid" {
		return
	}
	t, _ := typeid.FromUUID(d.prefix, uuid.UUID(d.bytes)) // as Parse read them
	c.Prefix = d.prefix
	c.Encodings = append(c.Encodings, [2]string{"typeid", t.String()})
	c.EncMap["typeid"] = t.String()
}

// typeIDReason says why text with an underscore, which no other form has,
// is not a TypeID; it is empty for other text.
func typeIDReason(s string) string {
	if !strings.Contains(s, "_") {
		return ""
	}
	if _, err := typeid.Parse(s); err != nil {
		return "; as a TypeID: " + err.Error()
	}
	return ""
}
