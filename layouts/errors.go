package layouts

import (
	"errors"
	"fmt"
	"strings"
)

// The kinds of spec error. Every *Error in the ErrorList that Parse
// returns matches one of these with errors.Is.
var (
	ErrSyntax   = errors.New("layouts: syntax error")
	ErrWidth    = errors.New("layouts: widths do not add up")
	ErrSlice    = errors.New("layouts: bits overlap or are missing")
	ErrConst    = errors.New("layouts: constant does not fit its field")
	ErrRole     = errors.New("layouts: unknown role or argument")
	ErrUnit     = errors.New("layouts: unknown unit or epoch")
	ErrName     = errors.New("layouts: bad or duplicate name")
	ErrTooWide  = errors.New("layouts: field too wide")
	ErrVersion  = errors.New("layouts: not an RFC 9562 version and variant")
	ErrOverflow = errors.New("layouts: the clock has overflowed")
	ErrNotFound = errors.New("layouts: no such built-in layout")
	// ErrEncoding reports a text form that names no encoding: none built
	// in (encodings.Lookup) and none the spec declares.
	ErrEncoding = errors.New("layouts: unknown encoding")
	ErrTooLarge = errors.New("layouts: spec too large")
)

// Error is a problem in a spec, with its place: the file, the line and the
// segment or field it concerns.
type Error struct {
	File  string
	Line  int    // 1-based; 0 when the problem is with the file as a whole
	Field string // the segment or field name, when there is one
	Kind  error  // one of the Err sentinels
	Msg   string
}

func (e *Error) Error() string {
	if e == nil {
		return "<nil>"
	}
	pos := e.File
	if e.Line > 0 {
		pos = fmt.Sprintf("%s:%d", e.File, e.Line)
	}
	if e.Field != "" {
		return fmt.Sprintf("%s: %s: %s", pos, e.Field, e.Msg)
	}
	return fmt.Sprintf("%s: %s", pos, e.Msg)
}

// Unwrap returns the error's kind, so errors.Is(err, ErrSlice) works; a
// nil *Error has none.
func (e *Error) Unwrap() error {
	if e == nil {
		return nil
	}
	return e.Kind
}

// ErrorList is every problem Parse found in a spec, in line order; it is
// never empty. errors.Is matches the kind of any of them, and errors.As
// finds the first *Error.
type ErrorList []*Error

// Error writes each problem on a line of its own, as file:line: field:
// message.
func (l ErrorList) Error() string {
	lines := make([]string, len(l))
	for i, e := range l {
		lines[i] = e.Error()
	}
	return strings.Join(lines, "\n")
}

// Unwrap returns the problems, for errors.Is and errors.As.
func (l ErrorList) Unwrap() []error {
	errs := make([]error, len(l))
	for i, e := range l {
		errs[i] = e
	}
	return errs
}

// Warning is a problem in a layout that does not stop it from working
// today, with its place, as an Error has.
type Warning struct {
	File  string
	Line  int
	Field string
	Msg   string
}

// String writes the warning as file:line: field: message.
func (w Warning) String() string {
	return (&Error{File: w.File, Line: w.Line, Field: w.Field, Msg: w.Msg}).Error()
}
