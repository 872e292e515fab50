package typeid

import (
	"database/sql/driver"
	"fmt"
)

// MarshalText returns the text String returns. It implements
// encoding.TextMarshaler.
func (t TypeID) MarshalText() ([]byte, error) {
	return t.AppendText(make([]byte, 0, len(t.String())))
}

// UnmarshalText sets *t from text as Parse reads it, leaving *t unchanged on
// error. It implements encoding.TextUnmarshaler.
func (t *TypeID) UnmarshalText(b []byte) error {
	v, err := Parse(string(b))
	if err != nil {
		return err
	}
	*t = v
	return nil
}

// MarshalJSON writes t as a JSON string of its text. It implements
// json.Marshaler.
func (t TypeID) MarshalJSON() ([]byte, error) {
	return appendJSON(make([]byte, 0, len(t.String())+2), t), nil
}

// appendJSON appends t's text in quotes: it never needs escapes.
func appendJSON(b []byte, t TypeID) []byte {
	b = append(b, '"')
	b = append(b, t.String()...)
	return append(b, '"')
}

// UnmarshalJSON sets *t from a JSON string as Parse reads it, written as
// is, without escapes. It implements json.Unmarshaler. JSON null leaves *t
// unchanged, as encoding/json does for null. Any other JSON value is an
// error matching ErrType. On error *t is unchanged.
func (t *TypeID) UnmarshalJSON(data []byte) error {
	s, err := jsonString(data)
	if err != nil || s == "null" {
		return err
	}
	v, err := Parse(s[1 : len(s)-1])
	if err != nil {
		return err
	}
	*t = v
	return nil
}

// jsonString returns data as a string if it is a JSON string or null.
func jsonString(data []byte) (string, error) {
	if string(data) == "null" {
		return "null", nil
	}
	if len(data) < 2 || data[0] != '"' || data[len(data)-1] != '"' {
		return "", fmt.Errorf("%w: %.20q is not a JSON string", ErrType, data)
	}
	return string(data), nil
}

// Scan sets *t from a database value, leaving *t unchanged on error. It
// implements sql.Scanner and reads a string or []byte holding the text
// Parse reads: a TypeID goes in a text column (use COLLATE "C" for its
// order to be the order of the TypeIDs). NULL is an error matching ErrType;
// scan a nullable column into a sql.Null[typeid.TypeID].
func (t *TypeID) Scan(src any) error {
	s, err := scanText(src)
	if err != nil {
		return err
	}
	v, err := Parse(s)
	if err != nil {
		return err
	}
	*t = v
	return nil
}

// scanText returns the text of a database value to scan into a TypeID or
// an Of: a string or a []byte.
func scanText(src any) (string, error) {
	switch src := src.(type) {
	case string:
		return src, nil
	case []byte:
		return string(src), nil
	case nil:
		return "", fmt.Errorf("%w: cannot scan NULL into a TypeID; use a sql.Null", ErrType)
	}
	return "", fmt.Errorf("%w: cannot scan %T into a TypeID", ErrType, src)
}

// Value returns the text String returns, for a text column. It implements
// driver.Valuer.
func (t TypeID) Value() (driver.Value, error) {
	return t.String(), nil
}
