package idrt

import (
	"errors"
	"fmt"
	"unicode/utf16"
	"unicode/utf8"
)

// ErrJSON is matched by the error of UnquoteJSON for input that is not one
// JSON string.
var ErrJSON = errors.New("invalid JSON string")

// UnquoteJSON returns the value of data, one JSON string (RFC 8259 section
// 7: a quoted string, without white space around it, as encoding/json hands
// an UnmarshalJSON method), as encoding/json would read it: escapes decoded,
// a UTF-16 surrogate pair joined, and a lone surrogate or a byte that is not
// UTF-8 read as U+FFFD. Anything else (a control character, an unknown
// escape, a quote inside, no closing quote or text after it) is an error
// matching ErrJSON that says where.
//
// raw reports that value is the bytes between data's quotes themselves, as
// it is for ASCII text with no escapes, the common case, which allocates
// nothing: then the byte at position i of value is at position i+1 of data.
func UnquoteJSON(data []byte) (value []byte, raw bool, err error) {
	n := len(data)
	if n == 0 || data[0] != '"' {
		return nil, false, fmt.Errorf("%w: no opening quote", ErrJSON)
	}
	if n >= 2 && data[n-1] == '"' {
		body := data[1 : n-1]
		plain := true
		for _, c := range body {
			if c < 0x20 || c == '"' || c == '\\' || c >= utf8.RuneSelf {
				plain = false
				break
			}
		}
		if plain {
			return body, true, nil
		}
	}
	b := make([]byte, 0, n)
	for i := 1; i < n; {
		switch c := data[i]; {
		case c == '"':
			if i != n-1 {
				return nil, false, fmt.Errorf("%w: text after the closing quote at byte %d", ErrJSON, i)
			}
			return b, false, nil
		case c == '\\':
			if i+1 >= n {
				break
			}
			switch e := data[i+1]; e {
			case '"', '\\', '/':
				b = append(b, e)
			case 'b':
				b = append(b, '\b')
			case 'f':
				b = append(b, '\f')
			case 'n':
				b = append(b, '\n')
			case 'r':
				b = append(b, '\r')
			case 't':
				b = append(b, '\t')
			case 'u':
				r, ok := u4(data[i:])
				if !ok {
					return nil, false, fmt.Errorf("%w: a \\u escape without four hex digits at byte %d", ErrJSON, i)
				}
				i += 6
				if utf16.IsSurrogate(r) {
					// Joined with the low half that follows, if it does.
					if r2, ok := u4(data[i:]); ok {
						if pair := utf16.DecodeRune(r, r2); pair != utf8.RuneError {
							r = pair
							i += 6
						} else {
							r = utf8.RuneError
						}
					} else {
						r = utf8.RuneError
					}
				}
				b = utf8.AppendRune(b, r)
				continue
			default:
				return nil, false, fmt.Errorf("%w: an unknown escape \\%c at byte %d", ErrJSON, e, i)
			}
			i += 2
			continue
		case c < 0x20:
			return nil, false, fmt.Errorf("%w: control character 0x%02x at byte %d", ErrJSON, c, i)
		case c < utf8.RuneSelf:
			b = append(b, c)
			i++
			continue
		default:
			r, size := utf8.DecodeRune(data[i:])
			b = utf8.AppendRune(b, r) // U+FFFD for a byte that is not UTF-8
			i += size
			continue
		}
		break // a backslash at the end
	}
	return nil, false, fmt.Errorf("%w: no closing quote", ErrJSON)
}

// u4 reads the rune of a \uXXXX escape at the start of s.
func u4(s []byte) (rune, bool) {
	if len(s) < 6 || s[0] != '\\' || s[1] != 'u' {
		return 0, false
	}
	var r rune
	for _, c := range s[2:6] {
		switch {
		case '0' <= c && c <= '9':
			c -= '0'
		case 'a' <= c && c <= 'f':
			c -= 'a' - 10
		case 'A' <= c && c <= 'F':
			c -= 'A' - 10
		default:
			return 0, false
		}
		r = r<<4 | rune(c)
	}
	return r, true
}
