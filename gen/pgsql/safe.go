package pgsql

import (
	"encoding/hex"
	"fmt"
	"strings"
)

// Hardened SQL: the bodies the key-custody functions reach (P_mask,
// P_unmask and the named-key functions; see custody.go) are written so that
// every name in them resolves to what idforge meant, whatever schemas
// another role can create objects in and whatever the caller's search_path
// is:
//
//   - every built-in is called as pg_catalog.name(...), every operator as
//     OPERATOR(pg_catalog.op), so that no function or operator of another
//     schema is even a candidate;
//   - every argument already has the exact type of a pg_catalog signature
//     (literals are typed: 'hex'::text, 255::bigint, B'...' is bit; a bit
//     string goes to || as varbit, which is what pg_catalog's || takes),
//     so that no implicit cast is needed and no closer overload could win
//     even if the names were looked up on a path;
//   - every type is pg_catalog's: bit, bit varying and bigint are keywords,
//     which always name pg_catalog's types, and the others are qualified
//     (pg_catalog.bytea, pg_catalog.text, pg_catalog.uuid), in casts and in
//     PL/pgSQL's declarations alike. PL/pgSQL resolves a declaration's type
//     once a session, when it first runs the function, so a caller's
//     search_path that named another schema's bytea (a domain whose CHECK
//     runs the attacker's code) would otherwise stay with the function when
//     a named-key function later calls it as the key table's owner. A cast
//     between pg_catalog's types is found in pg_cast, which only a type's
//     owner can add to, never on search_path.
//
// The other functions run with their caller's rights, hold no key and stay
// as a person would write them: script.safe is set only while the bodies
// of the Private IDs functions are built, and the helpers below write the
// plain forms otherwise.

// call returns a call of the built-in function fn: pg_catalog.fn(args)
// while safe, fn(args) otherwise.
func (s *script) call(fn string, args ...string) string {
	if s.safe {
		fn = "pg_catalog." + fn
	}
	return fn + "(" + strings.Join(args, ", ") + ")"
}

// op returns a op b with the built-in operator op:
// a OPERATOR(pg_catalog.op) b while safe.
func (s *script) op(a, op, b string) string {
	if s.safe {
		return a + " OPERATOR(pg_catalog." + op + ") " + b
	}
	return a + " " + op + " " + b
}

// catBits returns the concatenation of bit strings, each cast to bit
// varying while safe, the type pg_catalog's || takes (a bit value would need
// an implicit cast; "bit varying" is a keyword, which names pg_catalog's
// type wherever it stands).
func (s *script) catBits(parts ...string) string {
	if !s.safe {
		return strings.Join(parts, " || ")
	}
	out := make([]string, len(parts))
	for i, p := range parts {
		out[i] = p + "::bit varying"
	}
	return strings.Join(out, " OPERATOR(pg_catalog.||) ")
}

// cat returns the concatenation of text or bytea values, which already
// have one type.
func (s *script) cat(parts ...string) string {
	if !s.safe {
		return strings.Join(parts, " || ")
	}
	return strings.Join(parts, " "+s.catOp()+" ")
}

// catOp returns the concatenation operator: OPERATOR(pg_catalog.||) while
// safe.
func (s *script) catOp() string {
	if s.safe {
		return "OPERATOR(pg_catalog.||)"
	}
	return "||"
}

// str returns a text literal, typed while safe.
func (s *script) str(v string) string {
	if s.safe {
		return literal(v) + "::" + s.sqlType("text")
	}
	return literal(v)
}

// sqlType returns a type's name as the body writes it: pg_catalog's,
// qualified, while safe.
func (s *script) sqlType(name string) string {
	if s.safe {
		return "pg_catalog." + name
	}
	return name
}

// bytes returns a bytea literal of b, typed.
func (s *script) bytes(b []byte) string {
	return `'\x` + hex.EncodeToString(b) + `'::` + s.sqlType("bytea")
}

// sub returns bits or bytes [from, from+n) of a bit string or bytea e (n
// < 0: to its end), from counting from 1.
func (s *script) sub(e string, from, n int) string {
	if s.safe {
		if n < 0 {
			return s.call("substring", e, fmt.Sprint(from))
		}
		return s.call("substring", e, fmt.Sprint(from), fmt.Sprint(n))
	}
	if n < 0 {
		return fmt.Sprintf("substring(%s from %d)", e, from)
	}
	return fmt.Sprintf("substring(%s from %d for %d)", e, from, n)
}

// bigintLit returns an integer literal as bigint (typed while safe: a
// small literal is an integer, which bigint's operators would take only
// through an implicit cast).
func (s *script) bigintLit(v string) string {
	if s.safe {
		return v + "::bigint"
	}
	return v
}
