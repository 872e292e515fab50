package mariadb_test

import (
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"math/big"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/idforge/idforge/conformance"
	"github.com/idforge/idforge/gen/mariadb"
	"github.com/idforge/idforge/interp"
	"github.com/idforge/idforge/layouts"
	"github.com/idforge/idforge/resolved"
	"github.com/idforge/idforge/storage"
)

// The profiles the MariaDB script has functions for.
var profiles = []string{"bytes", "mariadb-uuid", "mysql-swap"}

// refused reports whether MariaDB 10.11's UUID type refuses the 16 bytes
// b (SQLSTATE 22007, "Incorrect uuid value"), as measured on 10.11.19
// over bytes 6 to 9: byte 6 at 0x80 or above (a version nibble of 8 or
// more) and byte 8 in 0x01..0x80.
func refused(b []byte) bool { return len(b) == 16 && b[6] >= 0x80 && b[8] >= 0x01 && b[8] <= 0x80 }

// uuidText writes 16 bytes as a UUID's text.
func uuidText(b []byte) string {
	h := hex.EncodeToString(b)
	return h[:8] + "-" + h[8:12] + "-" + h[12:16] + "-" + h[16:20] + "-" + h[20:]
}

// checkStored adds the expectations of a "stored" record, for the
// profiles the script has: P_to_PROFILE writes the record's stored value
// and P_from_PROFILE reads it back; a value the record says is not
// stored under the profile is SQLSTATE 22P02. A value MariaDB's UUID type
// refuses is an error of its own, 22007, on the way in.
func checkStored(p string, l *resolved.Layout, r conformance.Record, idOf func(string) string, add func(what, expr, want string), fail func(what, expr, state, reason string)) {
	if !slices.Contains(profiles, r.Profile) {
		return
	}
	prof, err := storage.Lookup(r.Profile)
	if err != nil {
		return
	}
	if _, err := storage.For(l, prof); err != nil {
		return // the layout does not fit: no functions
	}
	name := strings.ReplaceAll(r.Profile, "-", "_")
	to, from := p+"to_"+name, p+"from_"+name
	if r.Error == "ErrStored" {
		in, _ := hex.DecodeString(r.Input)
		arg := "X'" + r.Input + "'"
		if r.Profile == "mariadb-uuid" {
			if len(in) != 16 || refused(in) {
				return // no UUID to pass
			}
			arg = fmt.Sprintf("CAST('%s' AS UUID)", uuidText(in))
		}
		fail("stored "+r.Profile+" "+r.Input, fmt.Sprintf("%sto_hex(%s(%s))", p, from, arg), "22P02", "is not stored under profile "+r.Profile)
		return
	}
	stored, _ := hex.DecodeString(r.Stored)
	what := "stored " + r.Profile + " " + r.Hex
	if r.Profile != "mariadb-uuid" {
		add(what, fmt.Sprintf("LOWER(HEX(%s(%s)))", to, idOf(r.Hex)), r.Stored)
		add(what, fmt.Sprintf("%sto_hex(%s(X'%s'))", p, from, r.Stored), r.Hex)
		return
	}
	if refused(stored) {
		fail(what, fmt.Sprintf("%s(%s)", to, idOf(r.Hex)), "22007", "Incorrect uuid value")
		return
	}
	add(what, fmt.Sprintf("CAST(%s(%s) AS CHAR)", to, idOf(r.Hex)), uuidText(stored))
	add(what, fmt.Sprintf("%sto_hex(%s(CAST('%s' AS UUID)))", p, from, uuidText(stored)), r.Hex)
}

// TestStoredOrder stores 100,000 IDs of every time-ordered built-in, in
// time order, through each profile its script has, into a table whose
// column has the store's own type (BINARY(n) for bytes, MariaDB's UUID
// for mariadb-uuid, BINARY(16) through P_uuid_to_bin_swap for
// mysql-swap), and reads them back under ORDER BY: where the profile's
// arrangement says Sorts, they come back in time order; where it says
// not, they do not (or MariaDB's UUID type refuses some of them).
func TestStoredOrder(t *testing.T) {
	db := open(t)
	db.SetMaxOpenConns(1)
	const n = 100_000
	for _, name := range []string{"uuidv7", "uuidv6", "uuidv1", "ulid", "snowflake", "tsid", "objectid", "xid", "ksuid"} {
		l, err := resolved.Builtin(name)
		if err != nil {
			t.Fatal(err)
		}
		t.Run(name, func(t *testing.T) {
			script, err := mariadb.Generate(l, "")
			if err != nil {
				t.Fatal(err)
			}
			load(t, db, script)
			ids := timeOrdered(t, l.Model, n)
			p := mariadb.DefaultPrefix(l) + "_"
			for _, profName := range profiles {
				prof, err := storage.Lookup(profName)
				if err != nil {
					t.Fatal(err)
				}
				a, err := storage.For(l, prof)
				if errors.Is(err, storage.ErrFit) {
					t.Logf("%s: does not fit %s", name, profName)
					continue
				} else if err != nil {
					t.Fatal(err)
				}
				fn := p + "to_" + strings.ReplaceAll(profName, "-", "_")
				col, val := fmt.Sprintf("BINARY(%d)", a.Size), fn+"(%s)"
				switch profName {
				case "mariadb-uuid":
					col = "UUID"
				case "mysql-swap":
					val = p + "uuid_to_bin_swap(" + fn + "(%s))"
				}
				got, skipped := storeAndSort(t, db, l, col, val, ids, a)
				inOrder := slices.IsSorted(got)
				switch {
				case a.Sorts && (!inOrder || skipped > 0):
					t.Errorf("%s under %s: Sorts, but ORDER BY gives time order %v, %d values refused", name, profName, inOrder, skipped)
				case !a.Sorts && inOrder && skipped == 0:
					t.Errorf("%s under %s: the arrangement says it does not sort (%s), but ORDER BY gave time order", name, profName, a.Why)
				default:
					t.Logf("%s under %s (%s): %d IDs, ORDER BY in time order: %v (Sorts %v), %d refused by the column's type", name, profName, col, len(got), inOrder, a.Sorts, skipped)
				}
			}
		})
	}
}

// timeOrdered returns n IDs of l made at strictly increasing ticks, in
// order.
func timeOrdered(t *testing.T, l *layouts.Layout, n int) [][]byte {
	r := resolved.Must(l)
	tick := r.Clock.Duration()
	if tick <= 0 {
		tick = time.Microsecond
	}
	step := tick * 3
	at := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	var opts []interp.Option
	opts = append(opts, interp.WithClock(func() time.Time { at = at.Add(step); return at }))
	if r.Node != nil {
		opts = append(opts, interp.WithFixed(layouts.Node, big.NewInt(5)))
	}
	g, err := interp.NewGenerator(l, opts...)
	if err != nil {
		t.Fatal(err)
	}
	ids := make([][]byte, n)
	for i := range ids {
		if ids[i], err = g.Next(); err != nil {
			t.Fatal(err)
		}
	}
	return ids
}

// storeAndSort inserts the IDs, each as val (a format of the ID's SQL
// literal), into a column of type col, and returns their indexes as
// ORDER BY the column gives them, and how many the column's type refused.
func storeAndSort(t *testing.T, db *sql.DB, l *resolved.Layout, col, val string, ids [][]byte, a storage.Arrangement) ([]int, int) {
	t.Helper()
	if _, err := db.Exec("CREATE OR REPLACE TABLE stored_order (i INT NOT NULL, s " + col + " NOT NULL)"); err != nil {
		t.Fatal(err)
	}
	skipped := 0
	var rows []string
	flush := func() {
		if len(rows) == 0 {
			return
		}
		if _, err := db.Exec("INSERT INTO stored_order (i, s) VALUES " + strings.Join(rows, ", ")); err != nil {
			t.Fatal(err)
		}
		rows = rows[:0]
	}
	for i, id := range ids {
		if col == "UUID" {
			s, err := a.Stored(id)
			if err != nil {
				t.Fatal(err)
			}
			if refused(s) {
				skipped++
				continue
			}
		}
		lit := "X'" + hex.EncodeToString(id) + "'"
		if l.Bits == 64 {
			lit = fmt.Sprintf("CAST(CONV('%x', 16, 10) AS UNSIGNED)", id)
		}
		rows = append(rows, fmt.Sprintf("(%d, %s)", i, fmt.Sprintf(val, lit)))
		if len(rows) == 1000 {
			flush()
		}
	}
	flush()
	rs, err := db.Query("SELECT i FROM stored_order ORDER BY s")
	if err != nil {
		t.Fatal(err)
	}
	defer rs.Close()
	var got []int
	for rs.Next() {
		var i int
		if err := rs.Scan(&i); err != nil {
			t.Fatal(err)
		}
		got = append(got, i)
	}
	if err := rs.Err(); err != nil {
		t.Fatal(err)
	}
	return got, skipped
}
