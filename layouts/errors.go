package layouts

import (
	"errors"
	"fmt"
)

// The kinds of spec error. Every error Parse returns is an *Error that
// matches one of these with errors.Is.
var (
	ErrSyntax   = errors.New("layouts: syntax error")
	ErrWidth    = errors.New("layouts: widths do not add up")
	ErrSlice    = errors.New("layouts: bits overlap or are missing")
	ErrConst    = errors.New("layouts: constant does not fit its field")
	ErrRole     = errors.New("layouts: unknown role or argument")
	ErrUnit     = errors.New("layouts: unknown unit or epoch")
	ErrName     = errors.New("layouts: bad or duplicate name")
	ErrTooWide  = errors.New("layouts: field too wide")
	ErrNotFound = errors.New("layouts: no such built-in layout")
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
	pos := e.File
	if e.Line > 0 {
		pos = fmt.Sprintf("%s:%d", e.File, e.Line)
	}
	if e.Field != "" {
		return fmt.Sprintf("%s: %s: %s", pos, e.Field, e.Msg)
	}
	return fmt.Sprintf("%s: %s", pos, e.Msg)
}

// Unwrap returns the error's kind, so errors.Is(err, ErrSlice) works.
func (e *Error) Unwrap() error { return e.Kind }
