package duckdb_test

import (
	"encoding/hex"
	"fmt"
	"math/big"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/idforge/idforge/interp"
	"github.com/idforge/idforge/layouts"
	"github.com/idforge/idforge/resolved"
	"github.com/idforge/idforge/storage"
)

// storeIDs is how many IDs each layout stores under each profile.
const storeIDs = 100_000

// DuckDB's own types, and the profile that is theirs: a BLOB column takes
// bytes, a UUID column pg-uuid (DuckDB compares both as memcmp, which
// TestUUIDOrder shows for UUID).
var duckdbTypes = []struct{ profile, typ string }{{"bytes", "BLOB"}, {"pg-uuid", "UUID"}}

// 100,000 IDs of every time-ordered built-in, made by the interpreter's
// generator on a clock that steps forward by 0 to 20 ms, are stored in
// shuffled order through P_to_PROFILE into a real table of the store's own
// type (BLOB for bytes, UUID for pg-uuid); SELECT ... ORDER BY the stored
// column gives them back in time order where storage.For says the
// arrangement Sorts, and out of it where it says not (with its Why). A
// layout that does not fit the profile (KSUID's 20 bytes in a UUID) is
// logged and skipped.
func TestStoredOrder(t *testing.T) {
	engine(t)
	for _, name := range []string{"uuidv7", "uuidv6", "uuidv1", "ulid", "ksuid", "snowflake", "tsid", "objectid", "xid"} {
		l, err := resolved.Builtin(name)
		if err != nil {
			t.Fatal(err)
		}
		t.Run(name, func(t *testing.T) {
			ids := makeIDs(t, l, storeIDs)
			dir := t.TempDir()
			csv := filepath.Join(dir, "ids.csv")
			var b strings.Builder
			for _, i := range rand.New(rand.NewPCG(1, 2)).Perm(len(ids)) {
				fmt.Fprintf(&b, "%d,%s\n", i, hex.EncodeToString(ids[i]))
			}
			if err := os.WriteFile(csv, []byte(b.String()), 0o644); err != nil {
				t.Fatal(err)
			}
			setup := script(t, l)
			var queries []string
			var checked []storage.Arrangement
			for _, st := range duckdbTypes {
				pr, err := storage.Lookup(st.profile)
				if err != nil {
					t.Fatal(err)
				}
				a, err := storage.For(l, pr)
				if err != nil {
					t.Logf("%s: not stored: %v", st.profile, err)
					continue
				}
				checked = append(checked, a)
				table := "t_" + strings.ReplaceAll(st.profile, "-", "_")
				setup = append(setup,
					fmt.Sprintf("CREATE TABLE %s (i INTEGER, s %s)", table, st.typ),
					fmt.Sprintf("INSERT INTO %s SELECT i, %s_to_%s(%s_from_hex(h)) FROM read_csv(%s, header = false, columns = {'i': 'INTEGER', 'h': 'VARCHAR'})",
						table, p(l), strings.ReplaceAll(st.profile, "-", "_"), p(l), quote(csv)))
				queries = append(queries, fmt.Sprintf("SELECT i FROM %s ORDER BY s", table))
			}
			if len(queries) == 0 {
				return
			}
			if name == "uuidv1" {
				// The control: UUIDv1's own bytes, unarranged, do not sort
				// by time (time_low comes first), and the count says so.
				setup = append(setup, "CREATE TABLE t_raw (i INTEGER, s BLOB)",
					fmt.Sprintf("INSERT INTO t_raw SELECT i, unhex(h) FROM read_csv(%s, header = false, columns = {'i': 'INTEGER', 'h': 'VARCHAR'})", quote(csv)))
				queries = append(queries, "SELECT i FROM t_raw ORDER BY s")
				checked = append(checked, storage.Arrangement{Profile: "none (the control: the ID's own bytes)", Why: "time_low comes first"})
			}
			_, rows := run(t, setup, nil, queries)
			for k, a := range checked {
				if len(rows[k]) != len(ids) {
					t.Fatalf("%s: %d rows back, want %d", a.Profile, len(rows[k]), len(ids))
				}
				// Count the IDs earlier in time than the one before them.
				var prev *big.Int
				back := 0
				for _, r := range rows[k] {
					i, _ := strconv.Atoi(*r[0])
					ns, err := interp.UnixNanos(l.Model, ids[i])
					if err != nil {
						t.Fatal(err)
					}
					if prev != nil && ns.Cmp(prev) < 0 {
						back++
					}
					prev = ns
				}
				switch {
				case a.Sorts && back > 0:
					t.Errorf("%s: storage says it sorts, but ORDER BY gives %d of %d IDs before an earlier one's time", a.Profile, back, len(ids))
				case !a.Sorts && back == 0:
					t.Errorf("%s: storage says it does not sort (%s), but ORDER BY gives all %d IDs in time order", a.Profile, a.Why, len(ids))
				case a.Sorts:
					t.Logf("%s: %d IDs in time order under ORDER BY", a.Profile, len(ids))
				default:
					t.Logf("%s: does not sort, as storage says (%s): %d of %d IDs out of time order", a.Profile, a.Why, back, len(ids))
				}
			}
		})
	}
}

// makeIDs returns n IDs of l from the interpreter's generator, on a clock
// that starts in 2026 and steps by 0 to 20 ms a call, in the order made.
func makeIDs(t *testing.T, l *resolved.Layout, n int) [][]byte {
	t.Helper()
	r := rand.New(rand.NewPCG(3, 4))
	now := time.Date(2026, 12, 1, 0, 0, 0, 0, time.UTC)
	opts := []interp.Option{
		interp.WithClock(func() time.Time {
			now = now.Add(time.Duration(r.IntN(20_000_000)))
			return now
		}),
		interp.WithRand(randReader{r}),
		interp.WithSleep(func(d time.Duration) { now = now.Add(d) }),
	}
	if l.NeedsNode {
		opts = append(opts, interp.WithFixed(layouts.Node, big.NewInt(5)))
	}
	g, err := interp.NewGenerator(l.Model, opts...)
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

// randReader reads from a seeded math/rand source: the test's IDs are the
// same each run.
type randReader struct{ r *rand.Rand }

func (rr randReader) Read(b []byte) (int, error) {
	for i := range b {
		b[i] = byte(rr.r.Uint32())
	}
	return len(b), nil
}

// DuckDB compares UUIDs as memcmp of their 16 bytes (unsigned, in text
// order): 2,000 random UUIDs, with the ones that would tell a signed or a
// half-swapped comparison apart, come back from ORDER BY in the order of
// their bytes. This is why pg-uuid, PostgreSQL's memcmp, is the profile of
// DuckDB's UUID type.
func TestUUIDOrder(t *testing.T) {
	engine(t)
	r := rand.New(rand.NewPCG(5, 6))
	vals := []string{"00000000000000000000000000000000", "ffffffffffffffffffffffffffffffff", "7fffffffffffffffffffffffffffffff",
		"80000000000000000000000000000000", "00000000000000007fffffffffffffff", "00000000000000008000000000000000",
		"000000000000000000000000000000ff", "ff000000000000000000000000000000", "0000000000000000ff00000000000000"}
	for range 2000 {
		b := make([]byte, 16)
		for i := range b {
			b[i] = byte(r.Uint32())
		}
		vals = append(vals, hex.EncodeToString(b))
	}
	var values []string
	for i, v := range vals {
		values = append(values, fmt.Sprintf("(%d, '%s'::UUID)", i, v))
	}
	_, rows := run(t, []string{"CREATE TABLE u (i INTEGER, id UUID)", "INSERT INTO u VALUES " + strings.Join(values, ", ")}, nil,
		[]string{"SELECT replace(id::VARCHAR, '-', '') FROM u ORDER BY id"})
	got := rows[0]
	for k := 1; k < len(got); k++ {
		if *got[k-1][0] > *got[k][0] {
			t.Fatalf("ORDER BY id: %s before %s: not memcmp", *got[k-1][0], *got[k][0])
		}
	}
	t.Logf("%d UUIDs: DuckDB's ORDER BY on UUID is memcmp of the 16 bytes", len(got))
}
