package typeid_test

import (
	"database/sql"
	"errors"
	"fmt"
	"math/rand"
	"testing"

	"github.com/idforge/idforge/interop/internal/pgtest"
	"github.com/idforge/idforge/typeid"
	"github.com/idforge/idforge/uuid"
)

// TestPostgres round-trips TypeIDs through a real server, as Scan and
// Value document: a TypeID in a text column, whose "C" order is the IDs'
// order, and a typed Of in a uuid column, which also scans a TypeID's text.
func TestPostgres(t *testing.T) {
	db := pgtest.DB(t)
	tx, err := db.Begin()
	if err != nil {
		t.Fatal(err)
	}
	defer tx.Rollback() // the temporary tables go with it
	for _, q := range []string{
		`CREATE TEMPORARY TABLE typeid_text (n int, id text NOT NULL) ON COMMIT DROP`,
		`CREATE TEMPORARY TABLE typeid_uuid (n int, id uuid NOT NULL) ON COMMIT DROP`,
	} {
		if _, err := tx.Exec(q); err != nil {
			t.Fatal(err)
		}
	}
	// 1,000 IDs with one prefix, from random UUIDs (not only v7), inserted
	// in a random order.
	r := rand.New(rand.NewSource(1))
	var ids []typeid.TypeID
	for range 1000 {
		var u uuid.UUID
		r.Read(u[:])
		id, err := typeid.FromUUID("user", u)
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, id)
	}
	for n, i := range r.Perm(len(ids)) {
		if _, err := tx.Exec(`INSERT INTO typeid_text VALUES ($1, $2)`, n, ids[i]); err != nil {
			t.Fatal(err)
		}
		typed, err := typeid.FromUUIDOf[userPrefix](ids[i].UUID())
		if err != nil {
			t.Fatal(err)
		}
		if _, err := tx.Exec(`INSERT INTO typeid_uuid VALUES ($1, $2)`, n, typed); err != nil {
			t.Fatal(err)
		}
	}

	// The text column reads back the same TypeIDs, and sorts as their UUIDs.
	rows, err := tx.Query(`SELECT id FROM typeid_text ORDER BY id COLLATE "C"`)
	if err != nil {
		t.Fatal(err)
	}
	var got []typeid.TypeID
	for rows.Next() {
		var id typeid.TypeID
		if err := rows.Scan(&id); err != nil {
			t.Fatal(err)
		}
		got = append(got, id)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	if len(got) != len(ids) {
		t.Fatalf("read %d TypeIDs, wrote %d", len(got), len(ids))
	}
	for i := 1; i < len(got); i++ {
		if got[i-1].UUID().Compare(got[i].UUID()) >= 0 {
			t.Fatalf("text order %s before %s, but their UUIDs are not in order", got[i-1], got[i])
		}
	}

	// The uuid column holds the same UUIDs in the same order, and reads
	// back into the typed form, from its own value or from the text.
	rows, err = tx.Query(`SELECT u.id, t.id FROM typeid_uuid u JOIN typeid_text t USING (n) ORDER BY u.id`)
	if err != nil {
		t.Fatal(err)
	}
	i := 0
	for ; rows.Next(); i++ {
		var fromUUID, fromText typeid.Of[userPrefix]
		if err := rows.Scan(&fromUUID, &fromText); err != nil {
			t.Fatal(err)
		}
		if fromUUID.String() != got[i].String() || fromText != fromUUID {
			t.Fatalf("row %d: uuid column %s, text column %s, want %s", i, fromUUID, fromText, got[i])
		}
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	if i != len(ids) {
		t.Fatalf("read %d typed IDs, wrote %d", i, len(ids))
	}

	// NULL is an error for a TypeID and a value for sql.Null; text with the
	// wrong prefix does not scan into a typed form.
	var id typeid.TypeID
	if err := tx.QueryRow(`SELECT NULL::text`).Scan(&id); !errors.Is(err, typeid.ErrType) {
		t.Errorf("NULL into a TypeID: %v, want ErrType", err)
	}
	var null sql.Null[typeid.TypeID]
	if err := tx.QueryRow(`SELECT NULL::text`).Scan(&null); err != nil || null.Valid {
		t.Errorf("NULL into sql.Null[TypeID]: %v, %+v", err, null)
	}
	var user typeid.Of[userPrefix]
	order := fmt.Sprint("order_", got[0].String()[len("user_"):])
	if err := tx.QueryRow(`SELECT $1::text`, order).Scan(&user); err == nil {
		t.Errorf("%s scanned into a typeid.Of[userPrefix]: %s", order, user)
	}
}

// userPrefix is the prefix of the typed TypeIDs stored in a uuid column.
type userPrefix struct{}

func (userPrefix) Prefix() string { return "user" }
