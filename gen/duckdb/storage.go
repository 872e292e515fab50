package duckdb

import (
	"errors"
	"fmt"
	"strings"

	"github.com/idforge/idforge/storage"
)

// emitStorage writes P_to_NAME and P_from_NAME for each storage profile
// (package storage) the layout fits: the value to store, as a BLOB for
// the bytes profile and as a UUID for a 16-byte one (the value whose text
// the store's own UUID input reads), and back. DuckDB's BLOB and UUID both
// compare as memcmp of the bytes, so bytes is the profile of a BLOB column
// and pg-uuid that of a UUID column: the others are for moving IDs to the
// stores they name.
func (s *script) emitStorage() error {
	for _, p := range storage.Profiles() {
		a, err := storage.For(s.l, p)
		if errors.Is(err, storage.ErrFit) {
			continue
		}
		if err != nil {
			return err
		}
		name := strings.ReplaceAll(p.Name, "-", "_")
		typ := "BLOB"
		if a.Size == 16 && p.Size == 16 {
			typ = "UUID"
		}
		order := fmt.Sprintf(" It sorts as %s IDs do by time in %s.", s.l.Name, p.Title)
		if !a.Sorts {
			order = " " + a.Why
		}
		here := ""
		switch p.Name {
		case "bytes":
			here = " DuckDB compares a BLOB as memcmp: this is the profile of a BLOB column."
		case "pg-uuid":
			here = " DuckDB compares UUIDs as memcmp of their 16 bytes, as PostgreSQL does: this is the profile of a UUID column."
		default:
			if typ == "UUID" {
				here = " DuckDB's own UUID compares as memcmp, so in DuckDB this value does not keep that store's order: it is for moving IDs there."
			}
		}
		// The stored bits, byte by byte.
		to := bitPieces(a.Perm, a.Xor)
		cast := "::BIT::BLOB"
		if typ == "UUID" {
			cast = "::BIT::BLOB::UUID"
		}
		s.macro("_to_"+name, "b", "("+strings.Join(to, " || ")+")"+cast, "The stored value under "+p.Name+" of the ID whose bits are b (a helper).")
		s.macro("to_"+name, "id", fmt.Sprintf("%s(%s)", s.name("_to_"+name), s.bits("id")),
			fmt.Sprintf("The value to store a %s ID as under profile %s (%s): a %s of %d bytes.%s%s", s.l.Name, p.Name, p.Title, typ, a.Size, order, here))
		// Back: each ID byte from its stored position; padding must be zero.
		var pads []string
		for i, from := range a.Perm {
			if from < 0 {
				pads = append(pads, fmt.Sprintf("substring(b, %d, 8) <> '%08b'", 8*i+1, a.Xor[i]))
			}
		}
		back := bitPieces(a.Inverse())
		notStored := s.fail("from_"+name, "ErrStored", fmt.Sprintf("'not stored under profile %s: ' || %s", p.Name, "hex(b::BIT::BLOB)"))
		cond := fmt.Sprintf("WHEN length(b) <> %d THEN %s", 8*a.Size,
			s.fail("from_"+name, "ErrStored", fmt.Sprintf("'not stored under profile %s: a stored %s is %d bytes, not ' || (length(b) // 8)", p.Name, s.l.Name, a.Size)))
		if len(pads) > 0 {
			cond += fmt.Sprintf("\n    WHEN %s THEN %s", strings.Join(pads, " OR "), notStored)
		}
		s.macro("_from_"+name, "b", fmt.Sprintf("CASE %s\n    ELSE %s END", cond, s.fromBits(strings.Join(back, " || "))),
			"The ID stored as the bits b under "+p.Name+" (a helper).")
		bits := "s::BIT::VARCHAR"
		if typ == "UUID" {
			bits = "unhex(replace(s::VARCHAR, '-', ''))::BIT::VARCHAR"
		}
		s.macro("from_"+name, "s", fmt.Sprintf("%s(%s)", s.name("_from_"+name), bits),
			fmt.Sprintf("The %s ID stored as s under profile %s; a value of the wrong length, or whose padding is not zero, is an error (ErrStored).", s.l.Name, p.Name))
	}
	return nil
}

// bitPieces returns the pieces whose concatenation is bytes of bits read
// from b, a BIT string: byte k is b's byte src[k] with the bits of flip[k]
// flipped, or, where src[k] is -1, the constant flip[k]. A run of bytes
// read in order and not flipped is one substring.
func bitPieces(src []int, flip []byte) []string {
	var ps []string
	for k := 0; k < len(src); {
		i, x := src[k], flip[k]
		switch {
		case i < 0:
			ps = append(ps, fmt.Sprintf("'%08b'", x))
			k++
		case x != 0:
			ps = append(ps, fmt.Sprintf("right(xor(substring(b, %d, 8)::BIT::UTINYINT, %d)::UTINYINT::BIT::VARCHAR, 8)", 8*i+1, x))
			k++
		default:
			n := 1
			for k+n < len(src) && src[k+n] == i+n && flip[k+n] == 0 {
				n++
			}
			ps = append(ps, fmt.Sprintf("substring(b, %d, %d)", 8*i+1, 8*n))
			k += n
		}
	}
	return ps
}
