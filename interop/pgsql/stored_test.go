package pgsql_test

import (
	"encoding/hex"
	"fmt"
	"math/big"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/idforge/idforge/conformance"
	"github.com/idforge/idforge/interop/internal/pgtest"
	"github.com/idforge/idforge/interp"
	"github.com/idforge/idforge/layouts"
	"github.com/idforge/idforge/resolved"
	"github.com/idforge/idforge/storage"
)

// storedLiteral returns a stored value (hex) as the SQL type the profile's
// functions take: uuid for a 16-byte profile, bytea for bytes.
func storedLiteral(p storage.Profile, h string) string {
	if p.Size == 16 {
		return quote(h) + "::uuid"
	}
	return "decode(" + quote(h) + ", 'hex')"
}

// storedHex returns the SQL expression of a stored value as hex.
func storedHex(p storage.Profile, e string) string {
	if p.Size == 16 {
		return "encode(uuid_send(" + e + "), 'hex')"
	}
	return "encode(" + e + ", 'hex')"
}

// storedColumn is the PostgreSQL type of a profile's column: the store's
// type, whose ORDER BY the stored-order records hold; "" for a profile of
// another store.
func storedColumn(p storage.Profile) string {
	switch p.Name {
	case "pg-uuid":
		return "uuid"
	case "bytes":
		return "bytea"
	}
	return ""
}

// The corpus's storage records on the real server:
//
//   - "stored": P_to_PROFILE(id) gives the record's stored value and
//     P_from_PROFILE(stored) the ID, for every profile the layout fits; a
//     stored value whose padding is not zero raises SQLSTATE 22P02 with
//     ErrStored in its message;
//   - "stored-order", for PostgreSQL's own types (pg-uuid in a uuid
//     column, bytes in a bytea one): the values, inserted in a shuffled
//     order, come back from ORDER BY in the record's order, and
//     P_from_PROFILE reads each back to an ID whose time is not before the
//     one before it.
func TestStoredCorpus(t *testing.T) {
	db := pgtest.DB(t)
	rs, err := conformance.Load("../../conformance/corpus.jsonl.gz")
	if err != nil {
		t.Fatal(err)
	}
	byLayout := map[string][]conformance.Record{}
	var names []string
	for _, r := range rs {
		if r.Kind != "stored" && r.Kind != "stored-order" {
			continue
		}
		if _, seen := byLayout[r.Layout]; !seen {
			names = append(names, r.Layout)
		}
		byLayout[r.Layout] = append(byLayout[r.Layout], r)
	}
	if len(names) < 10 {
		t.Fatalf("the corpus has stored records of %d layouts only", len(names))
	}
	orders := 0
	for _, name := range names {
		l, err := layouts.Builtin(name)
		if err != nil {
			continue // a random or texts layout: its records are checked as the built-ins' are, in Go
		}
		t.Run(name, func(t *testing.T) {
			s := load(t, db, l)
			s.exec(tryEval)
			for i, r := range byLayout[name] {
				p, err := storage.Lookup(r.Profile)
				if err != nil {
					t.Fatal(err)
				}
				suffix := strings.ReplaceAll(r.Profile, "-", "_")
				switch {
				case r.Kind == "stored" && r.Error != "":
					got := s.rows("SELECT try_eval($1)", fmt.Sprintf("%s(%s)", s.fn("from_"+suffix), storedLiteral(p, r.Input)))[0][0]
					if !strings.HasPrefix(got, "ERROR 22P02 ") || !strings.Contains(got, "ErrStored") {
						t.Errorf("%s from %s: %s: got %q, want SQLSTATE 22P02 naming ErrStored", r.Profile, r.Input, r.Error, got)
					}
				case r.Kind == "stored":
					row := s.rows(fmt.Sprintf("SELECT %s, %s(%s(%s))",
						storedHex(p, fmt.Sprintf("%s(%s)", s.fn("to_"+suffix), fromHex(l, quote(r.Hex)))),
						s.fn("to_hex"), s.fn("from_"+suffix), storedLiteral(p, r.Stored)))[0]
					if row[0] != r.Stored || row[1] != r.Hex {
						t.Errorf("%s: %s stored as %s and back %s, want %s and %s", r.Profile, r.Hex, row[0], row[1], r.Stored, r.Hex)
					}
				case storedColumn(p) != "":
					orders++
					table := fmt.Sprintf("stored_order_%d", i)
					s.exec(fmt.Sprintf("CREATE TABLE %s (v %s)", table, storedColumn(p)))
					shuffled := slices.Clone(r.StoredValues)
					rand.Shuffle(len(shuffled), func(i, j int) { shuffled[i], shuffled[j] = shuffled[j], shuffled[i] })
					if slices.Equal(shuffled, r.StoredValues) {
						slices.Reverse(shuffled)
					}
					var values []string
					for _, v := range shuffled {
						values = append(values, "("+storedLiteral(p, v)+")")
					}
					s.exec(fmt.Sprintf("INSERT INTO %s VALUES %s", table, strings.Join(values, ", ")))
					var got, ids []string
					for _, row := range s.rows(fmt.Sprintf("SELECT %s, %s(%s(v)) FROM %s ORDER BY v", storedHex(p, "v"), s.fn("to_hex"), s.fn("from_"+suffix), table)) {
						got, ids = append(got, row[0]), append(ids, row[1])
					}
					if !slices.Equal(got, r.StoredValues) {
						t.Errorf("%s: ORDER BY on %s gives\n%s\nwant\n%s", r.Profile, storedColumn(p), strings.Join(got, "\n"), strings.Join(r.StoredValues, "\n"))
					}
					checkTimesUp(t, l, ids, r.Profile)
				}
			}
		})
	}
	if orders == 0 {
		t.Error("no stored-order record was run")
	}
}

// checkTimesUp fails unless the IDs (hex) have times that never go down.
func checkTimesUp(t *testing.T, l *layouts.Layout, ids []string, what string) {
	t.Helper()
	var prev time.Time
	for i, h := range ids {
		b, err := hex.DecodeString(h)
		if err != nil {
			t.Fatal(err)
		}
		at, err := interp.Time(l, b)
		if err != nil {
			t.Fatalf("%s: %s: %v", what, h, err)
		}
		if i > 0 && at.Before(prev) {
			t.Errorf("%s: row %d, %s, is dated %v, before row %d's %v", what, i+1, h, at, i, prev)
			return
		}
		prev = at
	}
}

// randomIDs returns n IDs of l of random times over the layout's whole
// range: random bits with the layout's constants set.
func randomIDs(l *layouts.Layout, n int, r *rand.Rand) []string {
	rl := resolved.Must(l)
	keep := new(big.Int).Not(rl.ConstMask())
	value := rl.ConstValue()
	size := l.Bits / 8
	b := make([]byte, size)
	ids := make([]string, n)
	for i := range ids {
		for j := range b {
			b[j] = byte(r.Uint32())
		}
		x := new(big.Int).SetBytes(b)
		x.And(x, keep).Or(x, value)
		ids[i] = hex.EncodeToString(x.FillBytes(make([]byte, size)))
	}
	return ids
}

// 100,000 IDs of random times of every time-ordered built-in that fits a
// uuid, stored through P_to_pg_uuid into a uuid column, come back in time
// order under ORDER BY; UUIDv1s stored as they are do not (time_low comes
// first), and do through the profile.
func TestStoredPgUUIDOrder(t *testing.T) {
	db := pgtest.DB(t)
	const n = 100_000
	r := rand.New(rand.NewPCG(66, 1))
	for _, name := range []string{"uuidv7", "uuidv6", "uuidv1", "ulid", "ksuid", "snowflake", "tsid", "objectid", "xid"} {
		l, err := layouts.Builtin(name)
		if err != nil {
			t.Fatal(err)
		}
		p, _ := storage.Lookup("pg-uuid")
		if _, err := storage.For(resolved.Must(l), p); err != nil {
			t.Logf("%s: %v: not stored through pg-uuid", name, err)
			continue
		}
		t.Run(name, func(t *testing.T) {
			s := load(t, db, l)
			ids := randomIDs(l, n, r)
			s.exec(fmt.Sprintf("CREATE TABLE ids (id %s)", sqlTypeOf(l)))
			s.exec(fmt.Sprintf("INSERT INTO ids SELECT %s FROM unnest(string_to_array($1, ',')) AS h", fromHex(l, "h")), strings.Join(ids, ","))
			s.exec("CREATE TABLE stored (v uuid)")
			s.exec(fmt.Sprintf("INSERT INTO stored SELECT %s(id) FROM ids", s.fn("to_pg_uuid")))
			var back []string
			for _, row := range s.rows(fmt.Sprintf("SELECT %s(%s(v)) FROM stored ORDER BY v", s.fn("to_hex"), s.fn("from_pg_uuid"))) {
				back = append(back, row[0])
			}
			if len(back) != n {
				t.Fatalf("%d rows, want %d", len(back), n)
			}
			checkTimesUp(t, l, back, name+" through pg-uuid")
			if name != "uuidv1" {
				return
			}
			// As they are, UUIDv1s do not sort by time in a uuid column.
			var raw []string
			for _, row := range s.rows("SELECT encode(uuid_send(id), 'hex') FROM ids ORDER BY id") {
				raw = append(raw, row[0])
			}
			if timesUp(l, raw) {
				t.Error("UUIDv1s stored as they are came back in time order: the test shows nothing")
			}
		})
	}
}

// timesUp reports whether the IDs' times never go down.
func timesUp(l *layouts.Layout, ids []string) bool {
	var prev time.Time
	for i, h := range ids {
		b, _ := hex.DecodeString(h)
		at, err := interp.Time(l, b)
		if err != nil || i > 0 && at.Before(prev) {
			return false
		}
		prev = at
	}
	return true
}
