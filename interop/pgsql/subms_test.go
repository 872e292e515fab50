package pgsql_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/idforge/idforge/gen/pgsql"
	"github.com/idforge/idforge/interop/internal/pgtest"
	"github.com/idforge/idforge/interp"
	"github.com/idforge/idforge/layouts"
	"github.com/idforge/idforge/uuid"
)

// PostgreSQL 18's uuidv7() makes UUIDv7s by RFC 9562 §6.2 method 3: Unix
// milliseconds, then the millisecond's fraction in 1/4096ths in rand_a,
// each ID of a backend at least 245 ns (one 1/4096 ms tick and a bit)
// after the one before. A million of them, made in one statement, read
// as uuidv7-subms by the interpreter, the uuid package (its text through
// Parse, its bytes through FromBytes) and the generated SQL (the body 18 runs and the one 13 to 17 run): none is misread.
//
//   - the version is 7 and the variant RFC 9562's;
//   - the milliseconds are uuid_extract_timestamp's;
//   - the 60-bit time (milliseconds and fraction) rises strictly in the
//     order the IDs were made, which only a right reading of the fraction
//     gives, and lies within the server's clock readings around the
//     statement (ahead of it by at most the 245 ns steps);
//   - the fraction's time is rand_a/4096 ms, to the nanosecond in Go and to
//     the microsecond in SQL, where P_time agrees with the interpreter's
//     time of every ID.
func TestPostgresUUIDv7Subms(t *testing.T) {
	db := pgtest.DB(t)
	if v := serverVersion(t, db); v < pgsql.PG18 {
		t.Skipf("skipped: the server is PostgreSQL %d.%d; uuidv7() is PostgreSQL 18's", v/10000, v%10000)
	}
	n := 1_000_000
	if testing.Short() {
		n = 20_000
	}
	l, err := layouts.Builtin("uuidv7-subms")
	if err != nil {
		t.Fatal(err)
	}
	s := load(t, db, l)
	old := loadFor(t, db, l, pgsql.PG13) // the bodies of 13 to 17, in a schema of their own
	var schema string
	if err := s.conn.QueryRowContext(context.Background(), "SELECT current_schema()").Scan(&schema); err != nil {
		t.Fatal(err)
	}
	clock := func() time.Time {
		var at time.Time
		if err := s.conn.QueryRowContext(context.Background(), "SELECT clock_timestamp()").Scan(&at); err != nil {
			t.Fatal(err)
		}
		return at
	}
	before := clock()
	s.exec(fmt.Sprintf(`CREATE TABLE made AS SELECT i, uuidv7() AS id FROM generate_series(1, %d) AS i`, n))
	after := clock()

	// The two SQL bodies agree on every row.
	var differ int
	if err := old.conn.QueryRowContext(context.Background(), fmt.Sprintf(
		`SELECT count(*) FROM %[1]s.made WHERE %[1]s.uuidv7_subms_time(id) IS DISTINCT FROM uuidv7_subms_time(id)`, schema)).Scan(&differ); err != nil {
		t.Fatal(err)
	}
	if differ != 0 {
		t.Errorf("%d of %d rows: the bodies of PostgreSQL 18 and of 13 to 17 differ", differ, n)
	}

	rows, err := s.conn.QueryContext(context.Background(), `SELECT uuid_send(id), id::text,
		(extract(epoch FROM uuid_extract_timestamp(id)) * 1000)::bigint,
		(extract(epoch FROM uuidv7_subms_time(id)) * 1000000)::bigint
		FROM made ORDER BY i`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	v, _ := l.Value(layouts.Time)
	var (
		prev   uint64
		count  int
		bad    int
		first  time.Time
		lastAt time.Time
		b      []byte
		text   string
		pgMs   int64
		sqlUs  int64
	)
	fail := func(format string, args ...any) {
		if bad++; bad <= 10 {
			t.Errorf(format, args...)
		}
	}
	for rows.Next() {
		if err := rows.Scan(&b, &text, &pgMs, &sqlUs); err != nil {
			t.Fatal(err)
		}
		count++
		u, err := uuid.FromBytes(b)
		if err != nil {
			t.Fatal(err)
		}
		if p, err := uuid.Parse(text); err != nil || p != u {
			fail("%s: uuid.Parse gives %v, %v; the bytes are %v", text, p, err, u)
		}
		if _, err := interp.Unpack(l, b); err != nil || u.Version() != 7 || b[8]>>6 != 0b10 {
			fail("%v: not a valid uuidv7-subms (version %d, variant %02b): %v", u, u.Version(), b[8]>>6, err)
			continue
		}
		ticks, err := interp.Role(l, b, layouts.Time)
		if err != nil {
			t.Fatal(err)
		}
		k := ticks.Uint64()
		f := u.V7()
		ms, frac := k>>12, k&0xfff
		if ms != f.UnixMs || frac != uint64(f.RandA) || int64(ms) != pgMs {
			fail("%v: ms %d and fraction %d; the uuid package's %d and %d, uuid_extract_timestamp's %d ms", u, ms, frac, f.UnixMs, f.RandA, pgMs)
		}
		if count > 1 && k <= prev {
			fail("%v (row %d): time %d ticks, not after the row before's %d", u, count, k, prev)
		}
		prev = k
		at := interp.TicksTime(v, ticks)
		want := time.UnixMilli(int64(ms)).Add(time.Duration(frac * 1_000_000 / 4096))
		if !at.Equal(want) {
			fail("%v: time %v, want %v (rand_a/4096 ms)", u, at, want)
		}
		if got := time.UnixMicro(sqlUs); !got.Equal(at.Truncate(time.Microsecond)) {
			fail("%v: uuidv7_subms_time %v, the interpreter's %v", u, got.UTC(), at)
		}
		if count == 1 {
			first = at
			if at.Before(before) {
				fail("%v: the first ID's time %v is before the clock before the statement, %v", u, at, before.UTC())
			}
		}
		lastAt = at
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	if count != n {
		t.Fatalf("%d rows, want %d", count, n)
	}
	// Each ID is at most one 245 ns step ahead of the clock or of the ID
	// before: the last is no further ahead of the clock than n steps.
	if limit := after.Add(time.Duration(n) * 245 * time.Nanosecond); lastAt.After(limit) {
		t.Errorf("the last ID's time %v is past the clock after the statement, %v, and n steps", lastAt, after.UTC())
	}
	if bad > 0 {
		t.Errorf("%d of %d IDs misread", bad, n)
	}
	t.Logf("%d IDs from uuidv7(), %v to %v: none misread", n, first, lastAt)
}
