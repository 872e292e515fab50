package pgsql

import (
	"fmt"
	"strings"

	"github.com/idforge/idforge/storage"
)

// storedProfiles returns the arrangement of the layout's IDs under every
// built-in storage profile it fits (package storage), in the profiles'
// order: a profile whose stored value is shorter than the ID (KSUID's 20
// bytes in a 16-byte UUID) is left out.
func (s *script) storedProfiles() []storage.Arrangement {
	fit, _ := storage.Fitting(s.l)
	return fit
}

// storedSuffix returns the suffix of a profile's functions: to_NAME or
// from_NAME, '-' as '_'.
func storedSuffix(dir, profile string) string {
	return dir + "_" + strings.ReplaceAll(profile, "-", "_")
}

// storedType returns the SQL type of a stored value: uuid for 16 bytes,
// the store's UUID type, whose order the profile arranges for; bytea
// otherwise (the bytes profile).
func storedType(p storage.Profile) string {
	if p.Size == 16 {
		return "uuid"
	}
	return "bytea"
}

// pieces returns the bytea expression of size bytes, byte i of which is
// byte from[i] of b (a bytea expression, 0-based), or zero where from[i]
// is -1, with xor[i] xored in: runs of consecutive bytes as one substr,
// padding as one literal, a xored byte through get_byte.
func pieces(b string, from []int, xor []byte) string {
	var ps []string
	for i := 0; i < len(from); {
		j := i + 1
		switch {
		case xor[i] != 0 && from[i] >= 0:
			ps = append(ps, fmt.Sprintf("decode(lpad(to_hex(get_byte(%s, %d) # %d), 2, '0'), 'hex')", b, from[i], xor[i]))
		case xor[i] != 0:
			ps = append(ps, fmt.Sprintf("decode('%02x', 'hex')", xor[i]))
		case from[i] < 0:
			for j < len(from) && from[j] < 0 && xor[j] == 0 {
				j++
			}
			ps = append(ps, fmt.Sprintf("decode('%s', 'hex')", strings.Repeat("00", j-i)))
		default:
			for j < len(from) && from[j] == from[j-1]+1 && xor[j] == 0 {
				j++
			}
			ps = append(ps, fmt.Sprintf("substr(%s, %d, %d)", b, from[i]+1, j-i))
		}
		i = j
	}
	return strings.Join(ps, "\n    || ")
}

// emitStored writes, for every storage profile the layout fits,
// P_to_NAME(id), the value to store under the profile, and
// P_from_NAME(stored), the ID a stored value holds ('-' as '_' in NAME):
// a uuid for a 16-byte profile, in the text order the store's own UUID
// input reads, and a bytea for the bytes profile.
func (s *script) emitStored() {
	for _, a := range s.storedProfiles() {
		p, _ := storage.Lookup(a.Profile) // a built-in's name
		typ := storedType(p)
		sorts := fmt.Sprintf("The store's order of these values is the %s IDs' time order.", s.l.Name)
		if !a.Sorts {
			sorts = fmt.Sprintf("The store's order of these values is not the %s IDs' time order: %s.", s.l.Name, a.Why)
		}
		out := pieces(s.bytesOf("$1"), a.Perm, a.Xor)
		if typ == "uuid" {
			out = "encode(" + out + ", 'hex')::uuid"
		}
		s.function(function{
			suffix: storedSuffix("to", a.Profile), params: [][2]string{{"id", s.typ}}, returns: typ, body: "SELECT " + out,
			doc: fmt.Sprintf("The value to store a %s ID as under the storage profile %s (%s), as %s: its bytes arranged so that the store compares them in the ID's order. %s %s reads it back.",
				s.l.Name, a.Profile, p.Title, typ, sorts, s.name(storedSuffix("from", a.Profile))),
		})
		// Back: ID byte j is the stored byte that holds it.
		inv, xor := a.Inverse()
		var pad []string // the padding's runs, each compared with its zeros (xored)
		for i := 0; i < len(a.Perm); i++ {
			if a.Perm[i] >= 0 {
				continue
			}
			j := i + 1
			for j < len(a.Perm) && a.Perm[j] < 0 {
				j++
			}
			pad = append(pad, fmt.Sprintf("substr(b, %d, %d) <> decode('%x', 'hex')", i+1, j-i, a.Xor[i:j]))
			i = j - 1
		}
		id := pieces("b", inv, xor)
		switch s.kind {
		case kUUID:
			id = "encode(" + id + ", 'hex')::uuid"
		case kBigint:
			id = "('x' || encode(" + id + ", 'hex'))::bit(64)::bigint"
		}
		read := "$1"
		if typ == "uuid" {
			read = "uuid_send($1)"
		}
		var checks string
		if typ == "bytea" {
			checks += fmt.Sprintf("  IF octet_length(b) <> %d THEN\n    %s\n  END IF;\n", a.Size,
				s.raise(storedSuffix("from", a.Profile), "22P02", "ErrStored: a %s ID stored under %s is %s bytes, not %s", s.str(s.l.Name), s.str(a.Profile), s.str(fmt.Sprint(a.Size)), "octet_length(b)"))
		}
		if len(pad) > 0 {
			checks += fmt.Sprintf("  IF %s THEN\n    %s\n  END IF;\n", strings.Join(pad, " OR "),
				s.raise(storedSuffix("from", a.Profile), "22P02", "ErrStored: %s is not a %s ID stored under %s: its padding is not zero", "$1", s.str(s.l.Name), s.str(a.Profile)))
		}
		padNote := ""
		if len(pad) > 0 {
			padNote = " A value whose padding is not zero raises SQLSTATE 22P02 (ErrStored)."
		} else if typ == "bytea" {
			padNote = fmt.Sprintf(" A value of another length than %d bytes raises SQLSTATE 22P02 (ErrStored).", a.Size)
		}
		s.function(function{
			suffix: storedSuffix("from", a.Profile), params: [][2]string{{"stored", typ}}, returns: s.typ, plpgsql: true,
			body: fmt.Sprintf("DECLARE\n  b bytea := %s;\nBEGIN\n%s  RETURN %s;\nEND", read, checks, id),
			doc: fmt.Sprintf("The %s ID that a value stored under the storage profile %s (%s) holds: the inverse of %s.%s",
				s.l.Name, a.Profile, p.Title, s.name(storedSuffix("to", a.Profile)), padNote),
		})
	}
}
