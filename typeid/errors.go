package typeid

import (
	"errors"
	"fmt"
)

// Errors from reading TypeIDs. They come wrapped with detail; match them
// with errors.Is.
var (
	// ErrPrefix means a prefix the specification does not allow: longer than
	// 63 characters, a character other than a to z and _, an underscore
	// first or last, or an empty prefix before a separator. For Of[P], also a
	// prefix other than P's.
	ErrPrefix = errors.New("typeid: invalid prefix")
	// ErrSuffix means a suffix that is not 26 characters of the lower-case
	// Crockford alphabet, or whose first character is above 7.
	ErrSuffix = errors.New("typeid: invalid suffix")
	// ErrType means a value of a type that holds no TypeID: a database value
	// other than a string or a []byte (NULL included; scan nullable columns
	// into a sql.Null), or a JSON value other than a string.
	ErrType = errors.New("typeid: unsupported type")
)

// SyntaxError reports a character that is not allowed where it stands, and
// where that is. It matches its Err, ErrPrefix or ErrSuffix, under
// errors.Is.
type SyntaxError struct {
	Err  error  // ErrPrefix or ErrSuffix: the part of the TypeID at fault
	Pos  int    // the byte offset of the character in the text
	Char byte   // the character
	why  string // the rule it breaks
}

// Error names the character, its position and the rule it breaks, quoting a
// printable character and writing any other byte in hexadecimal. A nil
// *SyntaxError reads "<nil>".
func (e *SyntaxError) Error() string {
	if e == nil {
		return "<nil>"
	}
	c := fmt.Sprintf("%q", e.Char)
	if e.Char <= ' ' || e.Char >= 0x7f {
		c = fmt.Sprintf("byte 0x%02x", e.Char)
	}
	return fmt.Sprintf("%v: %s at position %d: %s", e.Err, c, e.Pos, e.why)
}

// Unwrap returns Err, or nil for a nil *SyntaxError.
func (e *SyntaxError) Unwrap() error {
	if e == nil {
		return nil
	}
	return e.Err
}
