package compat_test

import (
	"database/sql"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/idforge/idforge/compat"
	"github.com/idforge/idforge/interop/internal/pgtest"
	"github.com/idforge/idforge/ksuid"
	"github.com/idforge/idforge/uuid"
)

// table creates a temporary table for one test.
func table(t *testing.T, db *sql.DB, columns string) (*sql.Tx, string) {
	t.Helper()
	tx, err := db.Begin()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { tx.Rollback() })
	name := "t_" + strings.ToLower(strings.NewReplacer("/", "_", " ", "_").Replace(t.Name()))
	if _, err := tx.Exec(fmt.Sprintf("CREATE TEMP TABLE %s (%s) ON COMMIT DROP", name, columns)); err != nil {
		t.Fatal(err)
	}
	return tx, name
}

// insert adds rows of one column, a thousand a statement, each value going
// through its driver.Valuer.
func insert[T any](t *testing.T, tx *sql.Tx, tbl, col string, rows []T) {
	t.Helper()
	for start := 0; start < len(rows); start += 1000 {
		chunk := rows[start:min(start+1000, len(rows))]
		var ph []string
		args := make([]any, len(chunk))
		for i := range chunk {
			ph = append(ph, fmt.Sprintf("($%d)", i+1))
			args[i] = chunk[i]
		}
		if _, err := tx.Exec(fmt.Sprintf("INSERT INTO %s (%s) VALUES %s", tbl, col, strings.Join(ph, ",")), args...); err != nil {
			t.Fatal(err)
		}
	}
}

// 100,000 shuffled v6 and v7 UUIDs go into a uuid column through Value and
// come back through Scan unchanged; ORDER BY sorts them as Compare does, and
// for v7 that is the order they were made in.
func TestPostgresUUIDColumn(t *testing.T) {
	db := pgtest.DB(t)
	tx, tbl := table(t, db, "id uuid NOT NULL")
	made := make([]uuid.UUID, 0, 100_000)
	g, err := uuid.NewGenerator()
	if err != nil {
		t.Fatal(err)
	}
	for i := range 100_000 {
		next := g.NewV7
		if i%2 == 1 {
			next = g.NewV6
		}
		u, err := next()
		if err != nil {
			t.Fatal(err)
		}
		made = append(made, u)
	}
	shuffled := slices.Clone(made)
	rand.Shuffle(len(shuffled), func(i, j int) { shuffled[i], shuffled[j] = shuffled[j], shuffled[i] })
	insert(t, tx, tbl, "id", shuffled)

	rows, err := tx.Query("SELECT id, id::text AS text FROM " + tbl + " ORDER BY 1")
	if err != nil {
		t.Fatal(err)
	}
	var back []uuid.UUID
	for rows.Next() {
		var u uuid.UUID
		var text string
		if err := rows.Scan(&u, &text); err != nil {
			t.Fatal(err)
		}
		// PostgreSQL's own text output parses, to the same UUID.
		if p, err := uuid.Parse(text); err != nil || p != u {
			t.Fatalf("Parse(%q) = %v, %v; want %v", text, p, err, u)
		}
		back = append(back, u)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	want := slices.Clone(made)
	slices.SortFunc(want, uuid.UUID.Compare)
	if !slices.Equal(back, want) {
		t.Fatalf("ORDER BY id gave %d rows that differ from the %d UUIDs sorted by Compare", len(back), len(want))
	}
	// The v7s alone, ordered by the server, are in the order they were made.
	var v7 []uuid.UUID
	for i, u := range made {
		if i%2 == 0 {
			v7 = append(v7, u)
		}
	}
	var fromDB []uuid.UUID
	for _, u := range back {
		if u.Version() == 7 {
			fromDB = append(fromDB, u)
		}
	}
	if !slices.Equal(fromDB, v7) {
		t.Fatal("the server's order of the v7s is not their generation order")
	}
}

// KSUIDs and Base62 UUIDs in a text column sort like their bytes under
// COLLATE "C"; a linguistic collation, as most databases default to, sorts
// them differently.
func TestPostgresTextCollation(t *testing.T) {
	db := pgtest.DB(t)
	tx, tbl := table(t, db, "k text NOT NULL, b text NOT NULL")
	var ks []ksuid.KSUID
	var us []uuid.UUID
	for range 5000 {
		ks = append(ks, ksuid.New())
		us = append(us, uuid.NewV4())
	}
	args := make([]any, 0, 2000)
	for start := 0; start < len(ks); start += 1000 {
		var ph []string
		args = args[:0]
		for i := start; i < start+1000; i++ {
			ph = append(ph, fmt.Sprintf("($%d, $%d)", len(args)+1, len(args)+2))
			args = append(args, ks[i], us[i].Base62())
		}
		if _, err := tx.Exec("INSERT INTO "+tbl+" (k, b) VALUES "+strings.Join(ph, ","), args...); err != nil {
			t.Fatal(err)
		}
	}
	slices.SortFunc(ks, ksuid.KSUID.Compare)
	slices.SortFunc(us, uuid.UUID.Compare)

	kC := query[ksuid.KSUID](t, tx, "SELECT k FROM "+tbl+` ORDER BY k COLLATE "C"`)
	if !slices.Equal(kC, ks) {
		t.Error(`KSUIDs ORDER BY k COLLATE "C" differ from their byte order`)
	}
	var bC []uuid.UUID
	for _, s := range query[string](t, tx, "SELECT b FROM "+tbl+` ORDER BY b COLLATE "C"`) {
		u, err := uuid.ParseBase62(s)
		if err != nil {
			t.Fatal(err)
		}
		bC = append(bC, u)
	}
	if !slices.Equal(bC, us) {
		t.Error(`Base62 UUIDs ORDER BY b COLLATE "C" differ from their byte order`)
	}

	var coll string
	err := tx.QueryRow(`SELECT collname FROM pg_collation WHERE collname IN ('en-x-icu', 'und-x-icu', 'en_US.utf8') ORDER BY collname LIMIT 1`).Scan(&coll)
	if errors.Is(err, sql.ErrNoRows) {
		t.Log("the server has no linguistic collation to show the difference with")
		return
	} else if err != nil {
		t.Fatal(err)
	}
	kL := query[ksuid.KSUID](t, tx, "SELECT k FROM "+tbl+` ORDER BY k COLLATE "`+coll+`"`)
	if slices.Equal(kL, ks) {
		t.Errorf("collation %s sorted 5000 KSUIDs in byte order; expected it to mix upper and lower case", coll)
	}
	t.Logf(`under COLLATE %q KSUIDs sort out of byte order; use COLLATE "C" (or the uuid type)`, coll)
}

func query[T any](t *testing.T, tx *sql.Tx, q string) []T {
	t.Helper()
	rows, err := tx.Query(q)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var out []T
	for rows.Next() {
		var v T
		if err := rows.Scan(&v); err != nil {
			t.Fatal(err)
		}
		out = append(out, v)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// NULL goes through NullUUID; a plain UUID refuses it, and refuses "". The
// Nil UUID is a value, stored as such and never as NULL.
func TestPostgresNull(t *testing.T) {
	db := pgtest.DB(t)
	tx, tbl := table(t, db, "n int, id uuid")
	u := uuid.NewV7()
	for i, v := range []any{uuid.NullUUID{}, uuid.NullUUID{UUID: u, Valid: true}, uuid.Nil()} {
		if _, err := tx.Exec("INSERT INTO "+tbl+" VALUES ($1, $2)", i, v); err != nil {
			t.Fatal(err)
		}
	}
	nulls := query[uuid.NullUUID](t, tx, "SELECT id FROM "+tbl+" ORDER BY n")
	if want := []uuid.NullUUID{{}, {UUID: u, Valid: true}, {UUID: uuid.Nil(), Valid: true}}; !slices.Equal(nulls, want) {
		t.Errorf("NullUUIDs back: %v, want %v", nulls, want)
	}
	var plain uuid.UUID
	if err := tx.QueryRow("SELECT id FROM " + tbl + " WHERE n = 0").Scan(&plain); !errors.Is(err, uuid.ErrNull) {
		t.Errorf("scanning NULL into uuid.UUID: err = %v, want ErrNull", err)
	}
	if err := tx.QueryRow("SELECT ''::text").Scan(&plain); !errors.Is(err, uuid.ErrLength) {
		t.Errorf("scanning '' into uuid.UUID: err = %v, want ErrLength", err)
	}
	var isNull bool
	if err := tx.QueryRow("SELECT id IS NULL FROM " + tbl + " WHERE n = 2").Scan(&isNull); err != nil || isNull {
		t.Errorf("Nil stored as NULL: %v, %v", isNull, err)
	}
}

// A UUIDToKSUID / KSUIDToUUID round trip through a uuid column and a text
// column loses nothing.
func TestPostgresConversions(t *testing.T) {
	db := pgtest.DB(t)
	tx, tbl := table(t, db, "u uuid, k text")
	var want []uuid.UUID
	for range 1000 {
		u := uuid.NewV7()
		k, err := compat.UUIDToKSUID(u)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := tx.Exec("INSERT INTO "+tbl+" VALUES ($1, $2)", u, k); err != nil {
			t.Fatal(err)
		}
		want = append(want, u)
	}
	rows, err := tx.Query("SELECT u, k FROM " + tbl + ` ORDER BY k COLLATE "C"`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	i := 0
	for rows.Next() {
		var u uuid.UUID
		var k ksuid.KSUID
		if err := rows.Scan(&u, &k); err != nil {
			t.Fatal(err)
		}
		back, err := compat.KSUIDToUUID(k)
		if err != nil || back != u || u != want[i] {
			t.Fatalf("row %d: uuid %v, ksuid %v gives %v, %v; want %v", i, u, k, back, err, want[i])
		}
		i++
	}
	if i != len(want) {
		t.Fatalf("%d rows, want %d", i, len(want))
	}
}
