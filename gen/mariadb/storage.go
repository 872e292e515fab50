package mariadb

import (
	"errors"
	"fmt"
	"strings"

	"github.com/idforge/idforge/storage"
)

// profileNames are the storage profiles (package storage) whose functions
// the script writes: the ones a MariaDB table holds. bytes is BINARY(n),
// mariadb-uuid MariaDB's own UUID type, mysql-swap a BINARY(16) shared
// with MySQL, whose UUID_TO_BIN(u, 1) MariaDB lacks: P_uuid_to_bin_swap
// and P_bin_to_uuid_swap stand in for UUID_TO_BIN(u, 1) and
// BIN_TO_UUID(b, 1), moving the same bytes (6, 7, 4, 5, 0-3, 8-15).
var profileNames = []string{"bytes", "mariadb-uuid", "mysql-swap"}

// profile is one profile the layout fits, with its arrangement.
type profile struct {
	name string // for the functions' names: '-' as '_'
	a    storage.Arrangement
}

// profiles returns the arrangements of the layout under profileNames,
// leaving out those it does not fit (KSUID's 20 bytes in a UUID).
func (s *script) profiles() ([]profile, error) {
	var ps []profile
	for _, name := range profileNames {
		p, err := storage.Lookup(name)
		if err != nil {
			return nil, fmt.Errorf("%w: %v", ErrLayout, err)
		}
		a, err := storage.For(s.l, p)
		if errors.Is(err, storage.ErrFit) {
			continue
		} else if err != nil {
			return nil, fmt.Errorf("%w: %v", ErrLayout, err)
		}
		ps = append(ps, profile{name: strings.ReplaceAll(name, "-", "_"), a: a})
	}
	return ps, nil
}

// hexRuns returns a CONCAT argument list that spells, two hex digits a
// byte, the bytes perm names from the hex text src (byte j at 2j+1),
// with "00" where perm has -1 and xor applied.
func hexRuns(src string, perm []int, xor []byte) string {
	var parts []string
	for i := 0; i < len(perm); {
		from := perm[i]
		if from >= 0 && xor != nil && xor[i] != 0 {
			parts = append(parts, fmt.Sprintf("LPAD(HEX(CONV(SUBSTRING(%s, %d, 2), 16, 10) ^ %d), 2, '0')", src, 2*from+1, xor[i]))
			i++
			continue
		}
		if from < 0 {
			var x byte
			if xor != nil {
				x = xor[i]
			}
			parts = append(parts, fmt.Sprintf("'%02X'", x))
			i++
			continue
		}
		j := i + 1
		for j < len(perm) && perm[j] == perm[j-1]+1 && perm[j-1] >= 0 && (xor == nil || xor[j] == 0) {
			j++
		}
		parts = append(parts, fmt.Sprintf("SUBSTRING(%s, %d, %d)", src, 2*from+1, 2*(j-i)))
		i = j
	}
	return strings.Join(parts, ", ")
}

func (s *script) emitStorage(ps []profile) {
	for _, p := range ps {
		a := p.a
		isUUID := a.Profile == "mariadb-uuid"
		hexStored := "CONCAT(" + hexRuns("h", a.Perm, a.Xor) + ")"
		var decls []string
		if s.big {
			decls = []string{"h VARCHAR(16) DEFAULT LPAD(HEX(id), 16, '0')"}
		}
		ret, out := fmt.Sprintf("BINARY(%d)", a.Size), "UNHEX("+hexStored+")"
		if isUUID {
			ret = "UUID"
			out = fmt.Sprintf("CAST(LOWER(INSERT(INSERT(INSERT(INSERT(%s, 21, 0, '-'), 17, 0, '-'), 13, 0, '-'), 9, 0, '-')) AS UUID)", hexStored)
		}
		sorts := "the store's order of the stored values is the layout's time order"
		if !a.Sorts {
			sorts = "the store's order is NOT the layout's time order: " + a.Why
		}
		doc := fmt.Sprintf("A %s ID stored under profile %s (%d bytes): %s.", s.l.Name, a.Profile, a.Size, sorts)
		if isUUID {
			doc += " MariaDB's UUID type (10.11.19) refuses a value whose byte 6 is 0x80 or above while byte 8 is in 0x01..0x80 (SQLSTATE 22007), as measured."
		}
		s.function(function{
			suffix: "to_" + p.name, params: s.idParam(), returns: ret, idParam: true, decls: decls,
			body: "  RETURN " + out + ";\n", doc: doc,
		})
		// Back: ID byte j is stored byte inv[j]; the padding must be zero.
		inv, xor := a.Inverse()
		var pads []string
		for i, from := range a.Perm {
			if from < 0 {
				pads = append(pads, fmt.Sprintf("SUBSTRING(g, %d, 2) <> '%02X'", 2*i+1, a.Xor[i]))
			}
		}
		param, read := [][2]string{{"s", "VARBINARY(255)"}}, "HEX(s)"
		if isUUID {
			param, read = [][2]string{{"s", "UUID"}}, "UPPER(REPLACE(CAST(s AS CHAR), '-', ''))"
		}
		fn := literal(s.name("from_" + p.name))
		var b strings.Builder
		fmt.Fprintf(&b, "  IF s IS NULL THEN\n    RETURN NULL;\n  END IF;\n  IF LENGTH(g) <> %d THEN\n    %s\n  END IF;\n", 2*a.Size,
			s.signal("22P02", fmt.Sprintf("%s, ': ', %s(s), ' is not stored under profile %s: ', LENGTH(g) / 2, ' bytes, not %d'", fn, s.ref("show"), a.Profile, a.Size)))
		if len(pads) > 0 {
			fmt.Fprintf(&b, "  IF %s THEN\n    %s\n  END IF;\n", strings.Join(pads, " OR "),
				s.signal("22P02", fmt.Sprintf("%s, ': 0x', g, ' is not stored under profile %s: its padding is not zero'", fn, a.Profile)))
		}
		id := "CONCAT(" + hexRuns("g", inv, xor) + ")"
		if s.big {
			fmt.Fprintf(&b, "  RETURN CAST(CONV(%s, 16, 10) AS UNSIGNED);\n", id)
		} else {
			fmt.Fprintf(&b, "  RETURN UNHEX(%s);\n", id)
		}
		s.function(function{
			suffix: "from_" + p.name, params: param, returns: s.typ, decls: []string{"g VARCHAR(510) DEFAULT " + read}, body: b.String(),
			doc: fmt.Sprintf("The %s ID that s, stored under profile %s, holds; a value of the wrong length or with padding that is not zero is an error (SQLSTATE 22P02).", s.l.Name, a.Profile),
		})
		if a.Profile == "mysql-swap" {
			s.emitSwap()
		}
	}
}

// emitSwap writes the stand-ins for MySQL's UUID_TO_BIN(u, 1) and
// BIN_TO_UUID(b, 1) on 16 bytes: MariaDB has neither.
func (s *script) emitSwap() {
	for _, f := range []struct{ suffix, body, doc string }{
		{"uuid_to_bin_swap", "  RETURN CONCAT(SUBSTRING(u, 7, 2), SUBSTRING(u, 5, 2), SUBSTRING(u, 1, 4), SUBSTRING(u, 9, 8));\n",
			"MySQL's UUID_TO_BIN(u, 1) on 16 bytes in a UUID's text order (as P_to_mysql_swap writes them): bytes 6, 7, 4, 5, 0-3, 8-15, for a BINARY(16) column shared with MySQL. NULL for NULL; another length is an error (SQLSTATE 22026)."},
		{"bin_to_uuid_swap", "  RETURN CONCAT(SUBSTRING(u, 5, 4), SUBSTRING(u, 3, 2), SUBSTRING(u, 1, 2), SUBSTRING(u, 9, 8));\n",
			"MySQL's BIN_TO_UUID(b, 1) as bytes: undoes P_uuid_to_bin_swap, for P_from_mysql_swap. NULL for NULL; another length is an error (SQLSTATE 22026)."},
	} {
		fn := literal(s.name(f.suffix))
		s.function(function{
			suffix: f.suffix, params: [][2]string{{"u", "VARBINARY(255)"}}, returns: "BINARY(16)",
			body: fmt.Sprintf("  IF LENGTH(u) <> 16 THEN\n    %s\n  END IF;\n", s.signal("22026", fn+", ': 16 bytes, not ', LENGTH(u)")) + f.body,
			doc:  f.doc,
		})
	}
}
