package typeid

import (
	"database/sql/driver"
	"fmt"

	"github.com/idforge/idforge/uuid"
)

// PrefixType names the prefix of a typed TypeID, Of[P]: the Prefix method
// of P's zero value returns it. Declare one empty struct type per prefix:
//
//	type UserPrefix struct{}
//
//	func (UserPrefix) Prefix() string { return "user" }
//
//	type UserID = typeid.Of[UserPrefix]
type PrefixType interface {
	Prefix() string
}

// Of is a TypeID whose prefix is P's, so that IDs of different types are
// different Go types: a function that takes an Of[UserPrefix] does not
// compile with an Of[OrderPrefix]. Make one with NewOf, ParseOf or
// FromUUIDOf, which check P's prefix, or convert a TypeID with As.
//
// The zero value has the nil UUID and, like every Of[P], P's prefix.
//
// In a database an Of[P] is its UUID, since its type already says its
// prefix: Value gives the UUID's canonical text for a uuid column (16 bytes,
// in UUID order). Scan reads a UUID as uuid.UUID's Scan does, or the TypeID
// text with P's prefix, so a text column holding TypeIDs also works. In
// JSON and as text it is the TypeID text.
type Of[P PrefixType] struct {
	id TypeID // P's prefix and the UUID; the zero TypeID in the zero Of
}

// prefixOf returns P's prefix.
func prefixOf[P PrefixType]() string {
	var p P
	return p.Prefix()
}

// NewOf returns an Of[P] with a new UUIDv7, as New does, or an error
// matching ErrPrefix if P's prefix is not valid.
func NewOf[P PrefixType]() (Of[P], error) {
	t, err := New(prefixOf[P]())
	return Of[P]{t}, err
}

// FromUUIDOf returns the Of[P] with the UUID u, or an error matching
// ErrPrefix if P's prefix is not valid.
func FromUUIDOf[P PrefixType](u uuid.UUID) (Of[P], error) {
	t, err := FromUUID(prefixOf[P](), u)
	return Of[P]{t}, err
}

// ParseOf reads the text of a TypeID with P's prefix, as Parse does. Text
// with another prefix is an error matching ErrPrefix.
func ParseOf[P PrefixType](s string) (Of[P], error) {
	t, err := Parse(s)
	if err == nil {
		err = wantPrefix(t, prefixOf[P]())
	}
	if err != nil {
		return Of[P]{}, err
	}
	return Of[P]{t}, nil
}

// As returns t as an Of[P] if its prefix is P's, and otherwise an error
// matching ErrPrefix.
func As[P PrefixType](t TypeID) (Of[P], error) {
	if err := wantPrefix(t, prefixOf[P]()); err != nil {
		return Of[P]{}, err
	}
	return Of[P]{t}, nil
}

// wantPrefix returns an error matching ErrPrefix unless t's prefix is want.
func wantPrefix(t TypeID, want string) error {
	if t.Prefix() != want {
		return fmt.Errorf("%w: %q, want %q", ErrPrefix, t.Prefix(), want)
	}
	return nil
}

// TypeID returns t as an untyped TypeID.
func (t Of[P]) TypeID() TypeID {
	if t.id == (TypeID{}) {
		// The zero Of[P]: P's prefix and the nil UUID.
		return build(prefixOf[P](), uuid.UUID{})
	}
	return t.id
}

// Prefix returns P's prefix.
func (t Of[P]) Prefix() string {
	return prefixOf[P]()
}

// UUID returns the UUID.
func (t Of[P]) UUID() uuid.UUID {
	return t.id.uuid
}

// String returns the TypeID text, as TypeID's String writes it.
func (t Of[P]) String() string {
	return t.TypeID().String()
}

// AppendText appends the text String returns to b and returns the extended
// slice. It implements encoding.TextAppender, never fails, and allocates
// only if b lacks the capacity (or for the zero value).
func (t Of[P]) AppendText(b []byte) ([]byte, error) {
	return t.TypeID().AppendText(b)
}

// Compare returns -1, 0 or +1 as t's UUID orders before, with or after v's,
// which is also the order of their texts.
func (t Of[P]) Compare(v Of[P]) int {
	return t.id.uuid.Compare(v.id.uuid)
}

// MarshalText returns the text String returns. It implements
// encoding.TextMarshaler.
func (t Of[P]) MarshalText() ([]byte, error) {
	return t.TypeID().MarshalText()
}

// UnmarshalText sets *t from text as ParseOf reads it, leaving *t unchanged
// on error. It implements encoding.TextUnmarshaler.
func (t *Of[P]) UnmarshalText(b []byte) error {
	v, err := ParseOf[P](string(b))
	if err != nil {
		return err
	}
	*t = v
	return nil
}

// MarshalJSON writes t as a JSON string of its text. It implements
// json.Marshaler.
func (t Of[P]) MarshalJSON() ([]byte, error) {
	return t.TypeID().MarshalJSON()
}

// UnmarshalJSON sets *t from a JSON string as ParseOf reads it, as
// TypeID's UnmarshalJSON does. It implements json.Unmarshaler.
func (t *Of[P]) UnmarshalJSON(data []byte) error {
	s, err := jsonString(data)
	if err != nil || s == "null" {
		return err
	}
	v, err := ParseOf[P](s[1 : len(s)-1])
	if err != nil {
		return err
	}
	*t = v
	return nil
}

// Scan sets *t from a database value, leaving *t unchanged on error. It
// implements sql.Scanner and reads the TypeID text with P's prefix, or any
// value uuid.UUID's Scan reads: the UUID text a uuid column gives, or 16
// raw bytes. NULL is an error matching ErrType; scan a nullable column into
// a sql.Null[typeid.Of[P]].
func (t *Of[P]) Scan(src any) error {
	s, err := scanText(src)
	if err != nil {
		return err
	}
	v, err := ParseOf[P](s)
	if err != nil {
		var u uuid.UUID
		if u.Scan(src) != nil {
			return err
		}
		if v, err = FromUUIDOf[P](u); err != nil {
			return err
		}
	}
	*t = v
	return nil
}

// Value returns the UUID's canonical text, for a uuid column. It implements
// driver.Valuer.
func (t Of[P]) Value() (driver.Value, error) {
	return t.id.uuid.String(), nil
}
