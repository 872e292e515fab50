package pgsql_test

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"math/rand"
	"os"
	"strings"
	"testing"

	"github.com/idforge/idforge/fuzz"
	"github.com/idforge/idforge/gen/pgsql"
	"github.com/idforge/idforge/interop/internal/pgtest"
	"github.com/idforge/idforge/layouts"
	"github.com/idforge/idforge/mask"
	"github.com/idforge/idforge/maskkey"
)

// maskVector is one of package mask's published known answers.
type maskVector struct {
	Layout, Key, Tweak, ID, Public string
}

// toHex is the SQL that turns an ID of the layout's type in e into hex text.
func toHex(l *layouts.Layout, e string) string {
	switch l.Bits {
	case 128:
		return "replace(" + e + "::text, '-', '')"
	case 64:
		return "lpad(to_hex(" + e + "), 16, '0')"
	}
	return "encode(" + e + ", 'hex')"
}

// checkMask holds P_mask and P_unmask to package mask on ids under key and
// tweak, both ways, in one query.
func (s *session) checkMask(key, tweak []byte, ids [][]byte) {
	s.t.Helper()
	k, err := maskkey.Parse(hex.EncodeToString(key))
	if err != nil {
		s.t.Fatal(err)
	}
	m, err := mask.New(s.l, k, tweak)
	if err != nil {
		s.t.Fatal(err)
	}
	var want []string
	for _, id := range ids {
		pub, err := m.Mask(id)
		if err != nil {
			s.t.Fatal(err)
		}
		want = append(want, hex.EncodeToString(pub))
	}
	rows := s.rows(fmt.Sprintf(`SELECT %[3]s, %[4]s FROM (SELECT %[1]s AS id FROM unnest($1::text[]) AS h) AS ids, LATERAL (SELECT %[2]s(id, $2, $3) AS pub) AS p`,
		fromHex(s.l, "h"), s.fn("mask"), toHex(s.l, "pub"), toHex(s.l, s.fn("unmask")+"(pub, $2, $3)")),
		"{"+strings.Join(hexes(ids), ",")+"}", key, tweak)
	if len(rows) != len(ids) {
		s.t.Fatalf("%d rows for %d IDs", len(rows), len(ids))
	}
	for i, r := range rows {
		if r[0] != want[i] {
			s.t.Errorf("%s_mask(%x) = %s, package mask %s", s.p, ids[i], r[0], want[i])
		}
		if r[1] != hex.EncodeToString(ids[i]) {
			s.t.Errorf("%s_unmask(%s) = %s, want %x", s.p, r[0], r[1], ids[i])
		}
	}
}

// The published vectors, which cover every built-in layout that can be
// masked, and random IDs of every built-in layout under random keys and
// tweaks, on both sides of the script.
func TestMask(t *testing.T) {
	db := pgtest.DB(t)
	b, err := os.ReadFile("../../mask/testdata/vectors.json")
	if err != nil {
		t.Fatal(err)
	}
	var vs []maskVector
	if err := json.Unmarshal(b, &vs); err != nil {
		t.Fatal(err)
	}
	byLayout := map[string][]maskVector{}
	for _, v := range vs {
		byLayout[v.Layout] = append(byLayout[v.Layout], v)
	}
	ls, err := layouts.Builtins()
	if err != nil {
		t.Fatal(err)
	}
	for name, server := range scripts(t, db) {
		t.Run(name, func(t *testing.T) {
			for _, l := range ls {
				if _, err := mask.ShapeOf(l); err != nil {
					continue // cannot be masked
				}
				if len(byLayout[l.Name]) == 0 {
					t.Errorf("%s: no published vectors", l.Name)
				}
				s := loadWith(t, db, l, server, server == pgsql.AnyVersion) // qualified, as in TestCorpus
				for _, v := range byLayout[l.Name] {
					key, _ := hex.DecodeString(v.Key)
					id, _ := hex.DecodeString(v.ID)
					s.checkMask(key, []byte(v.Tweak), [][]byte{id})
				}
				r := rand.New(rand.NewSource(int64(len(l.Name))))
				key := make([]byte, 16+r.Intn(80)) // keys over 64 bytes are hashed first
				r.Read(key)
				s.checkMask(key, []byte("tenant"), sample(l, r, 20))
			}
		})
	}
}

// Random layouts (fuzz.RandomSpec) that can be masked, as SQL computes them.
func TestMaskRandomLayouts(t *testing.T) {
	db := pgtest.DB(t)
	r := rand.New(rand.NewSource(38))
	checked := 0
	for i := 0; checked < 12 && i < 100; i++ {
		seed := sha256.Sum256([]byte{byte(i), 38})
		l, err := layouts.Parse("random.layout", []byte(fuzz.RandomSpec(seed[:])))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := mask.ShapeOf(l); err != nil {
			continue
		}
		checked++
		s := load(t, db, l)
		key := make([]byte, 16)
		r.Read(key)
		s.checkMask(key, []byte{}, sample(l, r, 5))
	}
}

// Bad input, with the SQLSTATE and the error kind in the message: a key
// under 16 bytes or of zero bytes only (22023, ErrKey), an ID whose
// constant bits are not the layout's given to P_mask (22P02, ErrInvalid), a
// value that is not a public form given to P_unmask (22P02, ErrNotMasked),
// an unknown key name (42704, ErrKey, naming the name). The key never
// appears in the message.
func TestMaskBadInput(t *testing.T) {
	db := pgtest.DB(t)
	for _, c := range []struct {
		layout, q, code, kind string
	}{
		{"uuidv7", `SELECT "uuidv7_mask"('017f22e2-79b0-7cc3-98c4-dc0c0c07398f', '\x00112233445566778899aabbccddee'::bytea)`, "22023", "ErrKey"},
		{"uuidv7", `SELECT "uuidv7_mask"('017f22e2-79b0-7cc3-98c4-dc0c0c07398f', '\x00000000000000000000000000000000'::bytea)`, "22023", "ErrKey"},
		{"uuidv7", `SELECT "uuidv7_unmask"('4f1b2a4e-7c5d-4e8a-9b0c-1d2e3f405162', '\x0000000000000000000000000000000000'::bytea, '\x01'::bytea)`, "22023", "ErrKey"},
		{"uuidv7", `SELECT "uuidv7_mask"('017f22e2-79b0-4cc3-98c4-dc0c0c07398f', '\x00112233445566778899aabbccddeeff'::bytea)`, "22P02", "ErrInvalid"},
		{"uuidv7", `SELECT "uuidv7_unmask"('017f22e2-79b0-7cc3-98c4-dc0c0c07398f', '\x00112233445566778899aabbccddeeff'::bytea)`, "22P02", "ErrNotMasked"},
		{"snowflake", `SELECT "snowflake_mask"(-5, '\x00112233445566778899aabbccddeeff'::bytea)`, "22P02", "ErrInvalid"},
		{"snowflake", `SELECT "snowflake_unmask"(-5, '\x00112233445566778899aabbccddeeff'::bytea)`, "22P02", "ErrNotMasked"},
		{"uuidv7", `SELECT "uuidv7_mask_named"('017f22e2-79b0-7cc3-98c4-dc0c0c07398f', 'no such key')`, "42704", "ErrKey: no key named 'no such key'"},
		{"uuidv7", `SELECT "uuidv7_unmask_named"('4f1b2a4e-7c5d-4e8a-9b0c-1d2e3f405162', 'no such key', '\x01'::bytea)`, "42704", "ErrKey: no key named 'no such key'"},
	} {
		l, err := layouts.Builtin(c.layout)
		if err != nil {
			t.Fatal(err)
		}
		s := load(t, db, l)
		_, err = s.conn.ExecContext(t.Context(), c.q)
		if err == nil || !strings.Contains(err.Error(), c.code) || !strings.Contains(err.Error(), c.kind) {
			t.Errorf("%s: %v, want SQLSTATE %s and %s", c.q, err, c.code, c.kind)
		}
		if err != nil && (strings.Contains(err.Error(), "0011223344") || strings.Contains(err.Error(), "\\x00")) {
			t.Errorf("%s: the key shows in the error: %v", c.q, err)
		}
	}
}
