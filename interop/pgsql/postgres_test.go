package pgsql_test

import (
	"context"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"math/big"
	"math/rand"
	"strings"
	"testing"
	"time"

	"github.com/idforge/idforge/encodings"
	"github.com/idforge/idforge/fuzz"
	"github.com/idforge/idforge/gen/pgsql"
	"github.com/idforge/idforge/interop/internal/pgtest"
	"github.com/idforge/idforge/interp"
	"github.com/idforge/idforge/layouts"
	"github.com/idforge/idforge/resolved"
	"github.com/idforge/idforge/storage"
	"github.com/idforge/idforge/uuid"
)

// These tests hold the SQL functions to the interpreter on a real server:
// IDFORGE_POSTGRES_DSN names it (.ci/postgres starts one in CI).

// session is one connection with a layout's functions loaded into a schema
// of its own, dropped at the end of the test.
type session struct {
	t      *testing.T
	conn   *sql.Conn
	l      *layouts.Layout
	p      string // the function prefix
	schema string // the schema that qualifies the functions' names, or "" where search_path finds them

	laxReaders map[string]bool // functions that are not STRICT
}

// load runs the layout's script twice (as a re-run migration does) in a
// fresh schema, and adds try_decode, which turns SQLSTATE 22P02 from a
// parser into the text 'invalid' so that bad input can be checked in batches.
func load(t *testing.T, db *sql.DB, l *layouts.Layout) *session {
	return loadFor(t, db, l, pgsql.AnyVersion)
}

// loadFor is load with the script GenerateFor writes for server: on
// PostgreSQL 18, pgsql.PG13 loads the bodies older servers run, so that
// both sides of the script are held to the interpreter there.
func loadFor(t *testing.T, db *sql.DB, l *layouts.Layout, server int) *session {
	return loadWith(t, db, l, server, false)
}

// loadWith is loadFor, and with qualified, loads the script GenerateWith
// writes for a schema (Options.Schema) while search_path names only
// another, empty one, where the session stays: every function must then be
// created in the schema and call the others there by its name, and the
// session calls them by qualified names.
func loadWith(t *testing.T, db *sql.DB, l *layouts.Layout, server int, qualified bool) *session {
	t.Helper()
	ctx := context.Background()
	conn, err := db.Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	schema := fmt.Sprintf("pgsql_test_%d", rand.Int63())
	path := schema
	if qualified {
		path = schema + "_caller"
	}
	t.Cleanup(func() {
		conn.ExecContext(ctx, "DROP SCHEMA "+schema+" CASCADE")
		conn.ExecContext(ctx, "DROP SCHEMA IF EXISTS "+schema+"_caller CASCADE")
		conn.Close()
	})
	s := &session{t: t, conn: conn, l: l, p: pgsql.DefaultPrefix(resolved.Must(l))}
	s.exec("CREATE SCHEMA " + schema)
	o := pgsql.Options{Server: server}
	if qualified {
		s.exec("CREATE SCHEMA " + path)
		s.schema, o.Schema = schema, schema
	}
	s.exec("SET search_path = " + path)
	script, err := pgsql.GenerateWith(resolved.Must(l), o)
	if err != nil {
		t.Fatal(err)
	}
	for range 2 {
		s.exec(string(script))
	}
	s.exec(fmt.Sprintf(`CREATE FUNCTION try_decode(enc text, s text) RETURNS text LANGUAGE plpgsql AS $$
BEGIN
  CASE enc
  WHEN 'base62' THEN RETURN %[1]s(%[2]s(s));
  WHEN 'crockford' THEN RETURN %[1]s(%[3]s(s));
  ELSE RETURN %[1]s(%[4]s(s));
  END CASE;
EXCEPTION WHEN invalid_text_representation THEN
  RETURN 'invalid';
END $$`, s.fn("to_hex"), s.fn("from_base62"), s.fn("from_crockford"), s.fn("from_hex")))
	return s
}

func (s *session) fn(suffix string) string {
	name := `"` + s.p + "_" + suffix + `"`
	if s.schema != "" {
		return `"` + s.schema + `".` + name
	}
	return name
}

func (s *session) exec(q string, args ...any) {
	s.t.Helper()
	if _, err := s.conn.ExecContext(context.Background(), q, args...); err != nil {
		s.t.Fatalf("%v\n%.2000s", err, q)
	}
}

// rows runs a query and returns every row as text.
func (s *session) rows(q string, args ...any) [][]string {
	s.t.Helper()
	rs, err := s.conn.QueryContext(context.Background(), q, args...)
	if err != nil {
		s.t.Fatalf("%v\n%.2000s", err, q)
	}
	defer rs.Close()
	cols, _ := rs.Columns()
	var out [][]string
	for rs.Next() {
		row := make([]sql.NullString, len(cols))
		ptrs := make([]any, len(cols))
		for i := range row {
			ptrs[i] = &row[i]
		}
		if err := rs.Scan(ptrs...); err != nil {
			s.t.Fatal(err)
		}
		var texts []string
		for _, r := range row {
			texts = append(texts, r.String)
		}
		out = append(out, texts)
	}
	if err := rs.Err(); err != nil {
		s.t.Fatalf("%v\n%.2000s", err, q)
	}
	return out
}

// fromHex is the SQL that turns hex text h into an ID of the layout's type.
func fromHex(l *layouts.Layout, h string) string {
	switch l.Bits {
	case 128:
		return h + "::uuid"
	case 64:
		return "('x' || " + h + ")::bit(64)::bigint"
	}
	return "decode(" + h + ", 'hex')"
}

// lastTick returns the largest tick whose time PostgreSQL and Go's
// formatting both hold (up to the year 9999).
func lastTick(v *layouts.Value) *big.Int {
	k, err := interp.Ticks(v, time.Date(9999, 12, 31, 23, 59, 59, 0, time.UTC))
	if err != nil {
		return new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), uint(v.Width)), big.NewInt(1))
	}
	return k
}

// setBits writes val's bits [lo, lo+width) at offset (from the most
// significant end) of an ID of n bits.
func setBits(id *big.Int, n, offset, width, lo int, val *big.Int) {
	at := n - offset - width
	for i := range width {
		id.SetBit(id, at+i, val.Bit(lo+i))
	}
}

// withTime returns id with its time bits set to ticks.
func withTime(l *layouts.Layout, id []byte, ticks *big.Int) []byte {
	v, _ := l.Value(layouts.Time)
	x := new(big.Int).SetBytes(id)
	for _, pi := range v.Parts {
		p := l.Parts[pi]
		setBits(x, l.Bits, p.Offset, p.Width, p.Lo, ticks)
	}
	return x.FillBytes(make([]byte, l.Bytes()))
}

// sample returns n IDs of the layout: random bits, the constants in place,
// and a time (if any) PostgreSQL can show; the first two have every
// variable bit 0 and every one 1 (at the last such tick).
func sample(l *layouts.Layout, r *rand.Rand, n int) [][]byte {
	var ids [][]byte
	for i := range n {
		x := new(big.Int).Rand(r, new(big.Int).Lsh(big.NewInt(1), uint(l.Bits)))
		switch i {
		case 0:
			x.SetInt64(0)
		case 1:
			x.Sub(x.Lsh(big.NewInt(1), uint(l.Bits)), big.NewInt(1))
		}
		for _, p := range l.Parts {
			if p.Role == layouts.Const {
				setBits(x, l.Bits, p.Offset, p.Width, 0, new(big.Int).SetUint64(p.Const))
			}
		}
		id := x.FillBytes(make([]byte, l.Bytes()))
		if v, ok := l.Value(layouts.Time); ok {
			last := lastTick(v)
			k := new(big.Int).Rand(r, new(big.Int).Add(last, big.NewInt(1)))
			switch i {
			case 0:
				k.SetInt64(0)
			case 1:
				k = last
			}
			id = withTime(l, id, k)
		}
		ids = append(ids, id)
	}
	return ids
}

func hexes(ids [][]byte) []string {
	var hs []string
	for _, id := range ids {
		hs = append(hs, hex.EncodeToString(id))
	}
	return hs
}

const usFormat = "2006-01-02T15:04:05.000000"

// serverVersion returns the server's server_version_num.
func serverVersion(t *testing.T, db *sql.DB) int {
	t.Helper()
	var v int
	if err := db.QueryRow("SELECT current_setting('server_version_num')::int").Scan(&v); err != nil {
		t.Fatal(err)
	}
	return v
}

// scripts returns the scripts to hold to the interpreter on this server:
// the one for every version, which picks its bodies as it loads; and on 18
// and later also the bodies older servers run, which the first does not
// load there.
func scripts(t *testing.T, db *sql.DB) map[string]int {
	if serverVersion(t, db) >= pgsql.PG18 {
		return map[string]int{"any": pgsql.AnyVersion, "pg13-bodies": pgsql.PG13}
	}
	return map[string]int{"any": pgsql.AnyVersion}
}

// checkLayoutFor holds every function of a layout, as the script
// GenerateFor writes for server creates them, to the interpreter and the
// generic encodings on n random IDs.
func checkLayoutFor(t *testing.T, db *sql.DB, l *layouts.Layout, r *rand.Rand, n int, server int) {
	s := loadFor(t, db, l, server)
	s.checkBodies(server)
	ids := sample(l, r, n)
	s.checkAttributes()
	s.checkReaders(ids)
	s.checkDecoders(ids, r)
	s.checkPack(ids)
	s.checkBounds(ids, r)
	s.checkNew()
	s.checkLengths(ids[0])
	s.checkValid(ids, r)
	s.checkTimeAnyBits(ids, r)
}

// checkTimeAnyBits holds P_time to the interpreter on IDs whose constant
// bits are not the layout's (each sample ID with its version or a random
// constant bit flipped, and random bits around its time), which P_time
// reads all the same:
// on PostgreSQL 18 a layout whose time uuid_extract_timestamp reads takes
// it only for its own version, and the arithmetic for the rest. NULL
// gives NULL.
func (s *session) checkTimeAnyBits(ids [][]byte, r *rand.Rand) {
	s.t.Helper()
	if _, ok := s.l.Value(layouts.Time); !ok {
		return
	}
	var consts []layouts.Part
	for _, p := range s.l.Parts {
		if p.Role == layouts.Const {
			consts = append(consts, p)
		}
	}
	var all [][]byte
	for i, id := range ids {
		other := append([]byte(nil), id...)
		switch {
		case s.l.IsUUID() && i%2 == 0: // another version: v1 for v7 and v7 for v1 among them
			other[6] = other[6]&0x0f | byte(r.Intn(16))<<4
		case len(consts) > 0:
			p := consts[r.Intn(len(consts))]
			bit := p.Offset + r.Intn(p.Width)
			other[bit/8] ^= 0x80 >> (bit % 8)
		}
		// Random bits around the sample's time, which stays within the
		// range P_time reads.
		k, err := interp.Role(s.l, id, layouts.Time)
		if err != nil {
			s.t.Fatal(err)
		}
		noise := make([]byte, len(id))
		r.Read(noise)
		all = append(all, other, withTime(s.l, noise, k))
	}
	rows := s.rows(fmt.Sprintf(`SELECT to_char(%s(%s) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US') FROM unnest($1::text[]) WITH ORDINALITY AS u(h, i) ORDER BY i`,
		s.fn("time"), fromHex(s.l, "h")), hexes(all))
	for i, id := range all {
		at, err := interp.Time(s.l, id)
		if err != nil {
			s.t.Fatal(err)
		}
		if want := at.Truncate(time.Microsecond).Format(usFormat); rows[i][0] != want {
			s.t.Errorf("%s(%X) = %s, want %s", s.fn("time"), id, rows[i][0], want)
		}
	}
	typ := map[int]string{64: "bigint", 128: "uuid"}[s.l.Bits]
	if typ == "" {
		typ = "bytea"
	}
	if got := s.rows(fmt.Sprintf("SELECT %s(NULL::%s) IS NULL", s.fn("time"), typ)); got[0][0] != "true" {
		s.t.Errorf("%s(NULL) is not NULL", s.fn("time"))
	}
}

// checkBodies checks which bodies the script created: on PostgreSQL 18
// and later the script for every version creates the fast ones, which read
// bytes through bytea casts instead of bit strings (P_to_base62 then does
// no numeric arithmetic); elsewhere, and from a PG13 script, the portable
// ones.
func (s *session) checkBodies(server int) {
	s.t.Helper()
	src := s.rows("SELECT prosrc FROM pg_proc WHERE proname = $1 AND pronamespace = current_schema()::regnamespace", s.p+"_to_base62")
	if len(src) != 1 {
		s.t.Fatalf("%d functions %s_to_base62", len(src), s.p)
	}
	var v int
	if err := s.conn.QueryRowContext(context.Background(), "SELECT current_setting('server_version_num')::int").Scan(&v); err != nil {
		s.t.Fatal(err)
	}
	fast := v >= pgsql.PG18 && server == pgsql.AnyVersion
	if got := !strings.Contains(src[0][0], "numeric"); got != fast {
		s.t.Errorf("server %d, script for %d: %s_to_base62 has the fast body: %v, want %v", v, server, s.p, got, fast)
	}
}

// checkValid holds P_valid to the interpreter, which refuses an ID whose
// constant bits differ, on the sample IDs, on each with one random bit
// flipped, and on random bits; for a bytea layout, an ID a byte short or
// long is not valid either. NULL gives NULL.
func (s *session) checkValid(ids [][]byte, r *rand.Rand) {
	s.t.Helper()
	var all [][]byte
	for _, id := range ids {
		flipped := append([]byte(nil), id...)
		bit := r.Intn(s.l.Bits)
		flipped[bit/8] ^= 0x80 >> (bit % 8)
		noise := make([]byte, len(id))
		r.Read(noise)
		all = append(all, id, flipped, noise)
	}
	rows := s.rows(fmt.Sprintf("SELECT %s(%s)::text FROM unnest($1::text[]) WITH ORDINALITY AS u(h, i) ORDER BY i",
		s.fn("valid"), fromHex(s.l, "h")), hexes(all))
	for i, id := range all {
		_, err := interp.Unpack(s.l, id)
		if want := fmt.Sprint(!errors.Is(err, interp.ErrConstant)); rows[i][0] != want {
			s.t.Errorf("%s(%X) = %s, want %s (the interpreter: %v)", s.fn("valid"), id, rows[i][0], want, err)
		}
	}
	typ := map[int]string{64: "bigint", 128: "uuid"}[s.l.Bits]
	if typ == "" {
		typ = "bytea"
		good := hex.EncodeToString(ids[0])
		for _, bad := range []string{good[2:], good + "00"} {
			if got := s.rows(fmt.Sprintf("SELECT %s(decode($1, 'hex'))::text", s.fn("valid")), bad); got[0][0] != "false" {
				s.t.Errorf("%s of %d bytes = %s, want false", s.fn("valid"), len(bad)/2, got[0][0])
			}
		}
	}
	if got := s.rows(fmt.Sprintf("SELECT %s(NULL::%s) IS NULL", s.fn("valid"), typ)); got[0][0] != "true" {
		s.t.Errorf("%s(NULL) is not NULL", s.fn("valid"))
	}
}

// current returns the schema the session's functions are in.
func current(s *session) string {
	return s.rows("SELECT current_schema()")[0][0]
}

// checkAttributes checks that every function but P_new and those that take
// a key (STABLE PARALLEL SAFE, not STRICT: a NULL key is an error; the
// named-key ones SECURITY DEFINER with search_path pinned to pg_catalog,
// pg_temp) is IMMUTABLE STRICT
// PARALLEL SAFE (but P_length_error and the SQL readers of a bytea layout,
// which checkLengths shows return NULL for NULL), and that the readers are
// inlined into the query.
func (s *session) checkAttributes() {
	s.t.Helper()
	s.laxReaders = map[string]bool{}
	if s.l.Bits != 64 && s.l.Bits != 128 {
		for _, r := range s.sqlReaders() {
			s.laxReaders[s.p+"_"+r] = true
		}
	}
	rows := s.rows(`SELECT proname, provolatile, proisstrict::text, proparallel, prosrc, prosecdef::text, coalesce(array_to_string(proconfig, ' '), '') FROM pg_proc
		WHERE pronamespace = current_schema()::regnamespace AND proname <> 'try_decode'`)
	if len(rows) < 7 {
		s.t.Fatalf("%d functions", len(rows))
	}
	keyed := map[string]bool{}
	for _, f := range []string{"mask", "unmask"} {
		keyed[s.p+"_"+f] = true
	}
	for _, r := range rows {
		src, secdef, config := r[4], r[5], r[6]
		r = r[:4]
		want := []string{r[0], "i", "true", "s"}
		named := r[0] == s.p+"_mask_named" || r[0] == s.p+"_unmask_named"
		if wantDef := fmt.Sprint(named); secdef != wantDef {
			s.t.Errorf("%s: SECURITY DEFINER %s, want %s", r[0], secdef, wantDef)
		}
		if wantConfig := "search_path=pg_catalog, pg_temp"; named && config != wantConfig {
			s.t.Errorf("%s: configuration %q, want %q", r[0], config, wantConfig)
		}
		switch {
		case keyed[r[0]] || named:
			// STABLE: PostgreSQL refuses a function that takes a key in a
			// generated column or an index expression. Not STRICT: a NULL
			// key, key name or tweak is an error.
			want = []string{r[0], "s", "false", "s"}
		case r[0] == "idforge_mask_keys_check":
			// The install rule's report (package pginstall): it reads the
			// catalogs, STABLE, run by hand.
			want = []string{r[0], "s", "false", "u"}
		case r[0] == s.p+"_new":
			want = []string{r[0], "v", "false", "s"}
		case r[0] == s.p+"_length_error" || s.laxReaders[r[0]]:
			want = []string{r[0], "i", "false", "s"}
		case r[0] == s.p+"_time" && strings.Contains(src, "uuid_extract_version"):
			// PostgreSQL 18's P_time of a layout whose time
			// uuid_extract_timestamp reads: a CASE, so not STRICT.
			want = []string{r[0], "i", "false", "s"}
		}
		if strings.Join(r, " ") != strings.Join(want, " ") {
			s.t.Errorf("%s: volatility, strict, parallel = %v, want %v", r[0], r[1:], want[1:])
		}
	}
	inlined := s.sqlReaders()
	if s.l.Bits == 64 || s.l.Bits == 128 {
		inlined = append(inlined, "valid") // a bytea's checks its length in a CASE, so STRICT stops it
	}
	var readers []string
	for _, r := range inlined {
		readers = append(readers, s.fn(r)+"(id)")
	}
	plan := s.rows(fmt.Sprintf("EXPLAIN VERBOSE SELECT %s FROM (SELECT %s AS id FROM unnest($1::text[]) AS h) x",
		strings.Join(readers, ", "), fromHex(s.l, "h")), []string{strings.Repeat("00", s.l.Bytes())})
	for _, line := range plan {
		for _, r := range inlined {
			if strings.Contains(line[0], s.p+"_"+r+"(") {
				s.t.Errorf("%s is not inlined: %s", r, line[0])
			}
		}
	}
}

// checkLengths checks that every reader of a bytea layout raises SQLSTATE
// 22026, naming itself, on an ID a byte short or a byte long, and reads a
// good ID given as a constant (which the planner folds, CASE and all).
func (s *session) checkLengths(id []byte) {
	s.t.Helper()
	if s.l.Bits == 64 || s.l.Bits == 128 {
		return
	}
	good := hex.EncodeToString(id)
	for _, r := range append(s.sqlReaders(), "to_base62", "to_crockford") {
		for _, bad := range []string{good[2:], good + "00"} {
			var got string
			err := s.conn.QueryRowContext(context.Background(), fmt.Sprintf("SELECT %s(decode($1, 'hex'))::text", s.fn(r)), bad).Scan(&got)
			if err == nil || !strings.Contains(err.Error(), "SQLSTATE 22026") || !strings.Contains(err.Error(), s.p+"_"+r+":") {
				s.t.Errorf("%s of %d bytes: %q, %v; want SQLSTATE 22026 naming the function", r, len(bad)/2, got, err)
			}
		}
		s.rows(fmt.Sprintf("SELECT %s('\\x%s'::bytea)::text", s.fn(r), good))
		if got := s.rows(fmt.Sprintf("SELECT %s(NULL::bytea) IS NULL", s.fn(r))); got[0][0] != "true" {
			s.t.Errorf("%s(NULL) is not NULL", r)
		}
	}
}

// sqlReaders are the suffixes of the readers written in SQL: the fields',
// the time's, to_hex and to_PROFILE for every storage profile the layout
// fits.
func (s *session) sqlReaders() []string {
	var readers []string
	for _, f := range s.l.Fields {
		readers = append(readers, f.Name)
	}
	if _, ok := s.l.Value(layouts.Time); ok {
		readers = append(readers, "time")
	}
	for _, p := range storage.Profiles() {
		if _, err := storage.For(resolved.Must(s.l), p); err == nil {
			readers = append(readers, "to_"+strings.ReplaceAll(p.Name, "-", "_"))
		}
	}
	return append(readers, "to_hex")
}

func (s *session) checkReaders(ids [][]byte) {
	s.t.Helper()
	l := s.l
	var cols []string
	for _, f := range l.Fields {
		c := s.fn(f.Name) + "(id)"
		if f.Bytes {
			c = "encode(" + c + ", 'hex')"
		}
		cols = append(cols, c+"::text")
	}
	_, hasTime := l.Value(layouts.Time)
	if hasTime {
		cols = append(cols, fmt.Sprintf(`to_char(%s(id) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US')`, s.fn("time")))
	}
	cols = append(cols, s.fn("to_hex")+"(id)", s.fn("to_base62")+"(id)", s.fn("to_crockford")+"(id)")
	rows := s.rows(fmt.Sprintf("SELECT %s FROM (SELECT i, %s AS id FROM unnest($1::text[]) WITH ORDINALITY AS u(h, i)) x ORDER BY i",
		strings.Join(cols, ", "), fromHex(l, "h")), hexes(ids))
	if len(rows) != len(ids) {
		s.t.Fatalf("%d rows for %d IDs", len(rows), len(ids))
	}
	for i, id := range ids {
		vals, err := interp.Unpack(l, id)
		if err != nil {
			s.t.Fatal(err)
		}
		var want []string
		for _, f := range l.Fields {
			if f.Bytes {
				want = append(want, hex.EncodeToString(vals[f.Name].FillBytes(make([]byte, f.Width/8))))
			} else {
				want = append(want, vals[f.Name].String())
			}
		}
		if hasTime {
			at, err := interp.Time(l, id)
			if err != nil {
				s.t.Fatal(err)
			}
			want = append(want, at.Truncate(time.Microsecond).Format(usFormat))
		}
		want = append(want, encodings.Hex.EncodeToString(id), encodings.Base62.EncodeToString(id), encodings.Crockford.EncodeToString(id))
		if got := rows[i]; strings.Join(got, " ") != strings.Join(want, " ") {
			s.t.Fatalf("%s %X:\n SQL %v\nwant %v", l.Name, id, got, want)
		}
	}
}

// checkDecoders feeds the parsers the Go encodings of the IDs, in both
// cases where case does not matter, and text near them: one character
// changed, one too many or too few, the largest values. SQL must accept
// exactly what the Go decoders accept as an ID of the layout's size (and
// raise 22P02 otherwise), with the same result.
func (s *session) checkDecoders(ids [][]byte, r *rand.Rand) {
	s.t.Helper()
	type codec struct {
		name string
		enc  interface {
			EncodeToString([]byte) string
			DecodeString(string) ([]byte, error)
		}
		alphabet string
	}
	codecs := []codec{
		{"base62", encodings.Base62, "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"},
		{"crockford", encodings.Crockford, "0123456789ABCDEFGHJKMNPQRSTVWXYZabcdefghjkmnpqrstvwxyzILOUilou"},
		{"hex", encodings.Hex, "0123456789abcdefABCDEFgG"},
	}
	junk := []string{"-", " ", "é", "z", "Z", "!", "_", "{"}
	var encs, texts []string
	for _, c := range codecs {
		for i, id := range ids {
			good := c.enc.EncodeToString(id)
			texts = append(texts, good, strings.ToLower(good), strings.ToUpper(good))
			if i < 20 {
				texts = append(texts, strings.Repeat("z", len(good)), strings.Repeat("Z", len(good)),
					strings.Repeat("7", len(good)), strings.Repeat("8", len(good)), strings.Repeat("f", len(good)))
			}
			pos := r.Intn(len(good))
			ch := string(c.alphabet[r.Intn(len(c.alphabet))])
			if r.Intn(4) == 0 {
				ch = junk[r.Intn(len(junk))]
			}
			texts = append(texts, good[:pos]+ch+good[pos+1:], good[1:], good+ch)
			for len(encs) < len(texts) {
				encs = append(encs, c.name)
			}
		}
	}
	rows := s.rows("SELECT try_decode(e, t) FROM unnest($1::text[], $2::text[]) WITH ORDINALITY AS u(e, t, i) ORDER BY i", encs, texts)
	accepted := 0
	for i, row := range rows {
		c := codecs[0]
		for _, cc := range codecs {
			if cc.name == encs[i] {
				c = cc
			}
		}
		want := "invalid"
		if b, err := c.enc.DecodeString(texts[i]); err == nil && len(b) == s.l.Bytes() {
			want = hex.EncodeToString(b)
			accepted++
		}
		if row[0] != want {
			s.t.Fatalf("%s: %s_from_%s(%q) = %s, Go's decoder says %s", s.l.Name, s.p, encs[i], texts[i], row[0], want)
		}
	}
	if accepted < len(ids) || accepted == len(texts) {
		s.t.Fatalf("%d of %d texts accepted: the check is not telling valid from invalid", accepted, len(texts))
	}
}

// packArgs reads P_pack's parameter names and types from the catalog.
func (s *session) packArgs() (names, types []string) {
	s.t.Helper()
	rows := s.rows(`SELECT unnest(proargnames), unnest(proargtypes::regtype[])::text FROM pg_proc
		WHERE proname = $1 AND pronamespace = current_schema()::regnamespace`, s.p+"_pack")
	for _, r := range rows {
		names, types = append(names, r[0]), append(types, r[1])
	}
	return names, types
}

// checkPack packs every ID's fields, the time given as its microsecond, and
// compares with the ID whose time is that microsecond's tick.
func (s *session) checkPack(ids [][]byte) {
	s.t.Helper()
	l := s.l
	names, types := s.packArgs()
	args := make([][]string, len(names))
	var exprs, want []string
	for j, name := range names {
		a := fmt.Sprintf("a%d", j)
		switch types[j] {
		case "timestamp with time zone":
			exprs = append(exprs, a+"::timestamptz")
		case "bytea":
			exprs = append(exprs, "decode("+a+", 'hex')")
		default:
			exprs = append(exprs, a+"::"+types[j])
		}
		if _, ok := l.Field(name); !ok && types[j] != "timestamp with time zone" {
			s.t.Fatalf("%s_pack has a parameter %s that is not a field", s.p, name)
		}
	}
	for _, id := range ids {
		vals, _ := interp.Unpack(l, id)
		expect := id
		for j, name := range names {
			if types[j] == "timestamp with time zone" {
				v, _ := l.Value(layouts.Time)
				at, _ := interp.Time(l, id)
				at = at.Truncate(time.Microsecond)
				if at.Before(v.Epoch) { // an epoch within a microsecond
					at = at.Add(time.Microsecond)
				}
				k, err := interp.Ticks(v, at)
				if err != nil {
					s.t.Fatal(err)
				}
				expect = withTime(l, id, k)
				args[j] = append(args[j], at.Format(time.RFC3339Nano))
				continue
			}
			f, _ := l.Field(name)
			if f.Bytes {
				args[j] = append(args[j], hex.EncodeToString(vals[name].FillBytes(make([]byte, f.Width/8))))
			} else {
				args[j] = append(args[j], vals[name].String())
			}
		}
		want = append(want, hex.EncodeToString(expect))
	}
	var params, cols []string
	var qargs []any
	for j := range names {
		params = append(params, fmt.Sprintf("$%d::text[]", j+1))
		cols = append(cols, fmt.Sprintf("a%d", j))
		qargs = append(qargs, args[j])
	}
	q := fmt.Sprintf("SELECT %s(%s(%s)) FROM unnest(%s) WITH ORDINALITY AS u(%s, i) ORDER BY i",
		s.fn("to_hex"), s.fn("pack"), strings.Join(exprs, ", "), strings.Join(params, ", "), strings.Join(cols, ", "))
	rows := s.rows(q, qargs...)
	for i, row := range rows {
		if row[0] != want[i] {
			s.t.Fatalf("%s: pack(%v) = %s, want %s", l.Name, argsAt(args, i), row[0], want[i])
		}
	}
	if len(rows) != len(ids) {
		s.t.Fatalf("%d rows", len(rows))
	}
	// A field one bit too wide is refused, not masked, and so is a time
	// before the epoch.
	for j, name := range names {
		bad := make([]string, len(names))
		for k := range names {
			bad[k] = strings.ReplaceAll(exprs[k], fmt.Sprintf("a%d", k), "'"+args[k][0]+"'")
		}
		f, _ := l.Field(name)
		state := "22003"
		switch {
		case types[j] == "timestamp with time zone":
			v, _ := l.Value(layouts.Time)
			bad[j] = "'" + v.Epoch.Add(-time.Millisecond).Format(time.RFC3339Nano) + "'::timestamptz"
			state = "22008"
		case f.Bytes:
			bad[j] = "'\\x" + strings.Repeat("00", f.Width/8+1) + "'::bytea"
			state = "22026"
		default:
			bad[j] = new(big.Int).Lsh(big.NewInt(1), uint(f.Width)).String() + "::" + types[j]
		}
		_, err := s.conn.ExecContext(context.Background(), fmt.Sprintf("SELECT %s(%s)", s.fn("pack"), strings.Join(bad, ", ")))
		if err == nil || !strings.Contains(err.Error(), "SQLSTATE "+state) {
			s.t.Errorf("%s_pack with %s out of range: %v, want SQLSTATE %s", s.p, name, err, state)
		}
	}
}

func argsAt(args [][]string, i int) []string {
	var out []string
	for _, a := range args {
		out = append(out, a[i])
	}
	return out
}

// checkBounds compares P_min_at and P_max_at with the interpreter at the
// IDs' microseconds, one microsecond either side, and the ends of the range.
// PostgreSQL's times are microseconds, so "at or before t" covers t's whole
// microsecond: the interpreter's MaxAt(t + 999 ns).
func (s *session) checkBounds(ids [][]byte, r *rand.Rand) {
	s.t.Helper()
	l := s.l
	v, ok := l.Value(layouts.Time)
	if !ok || !l.TimeSortable() {
		return
	}
	limit := time.Date(9999, 12, 31, 0, 0, 0, 0, time.UTC)
	var ts []time.Time
	epoch := v.Epoch.Truncate(time.Microsecond)
	ts = append(ts, epoch.Add(-time.Microsecond), epoch, epoch.Add(time.Microsecond), epoch.Add(-time.Hour))
	if end, ok := l.Overflow(); ok && end.Before(limit) {
		end = end.Truncate(time.Microsecond)
		ts = append(ts, end.Add(-time.Microsecond), end, end.Add(time.Microsecond), end.Add(time.Hour))
	}
	for _, id := range ids {
		at, _ := interp.Time(l, id)
		at = at.Truncate(time.Microsecond)
		ts = append(ts, at, at.Add(-time.Microsecond), at.Add(time.Microsecond),
			at.Add(time.Duration(r.Int63n(int64(time.Second)))).Truncate(time.Microsecond))
	}
	// A bound that no tick satisfies (max_at before the first tick,
	// min_at after the last) is ErrTime, 22008 in SQL: each call is
	// evaluated on its own, so that an error is an answer.
	s.exec(`CREATE OR REPLACE FUNCTION pg_temp.bound_or_error(e text) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  r text;
BEGIN
  EXECUTE 'SELECT (' || e || ')::text' INTO r;
  RETURN r;
EXCEPTION WHEN OTHERS THEN
  RETURN 'ERROR ' || SQLSTATE;
END $$`)
	hexOr := func(b []byte, err error) string {
		if errors.Is(err, interp.ErrTime) {
			return "ERROR 22008"
		}
		if err != nil {
			s.t.Fatal(err)
		}
		return hex.EncodeToString(b)
	}
	var exprs, texts, want []string
	for _, t := range ts {
		if t.After(limit) {
			continue
		}
		lo := hexOr(interp.MinAt(l, t))
		hi := hexOr(interp.MaxAt(l, t.Add(999*time.Nanosecond)))
		text := t.Format(time.RFC3339Nano)
		texts = append(texts, text)
		want = append(want, lo+" "+hi)
		for _, fn := range []string{"min_at", "max_at"} {
			exprs = append(exprs, fmt.Sprintf("%s(%s(%s::timestamptz))", s.fn("to_hex"), s.fn(fn), quote(text)))
		}
	}
	rows := s.rows("SELECT pg_temp.bound_or_error(e) FROM unnest($1::text[]) WITH ORDINALITY AS u(e, i) ORDER BY i", exprs)
	for i := range texts {
		if got := rows[2*i][0] + " " + rows[2*i+1][0]; got != want[i] {
			s.t.Fatalf("%s: bounds at %s = %s, want %s", l.Name, texts[i], got, want[i])
		}
	}
}

// checkNew makes a thousand IDs with P_new where the layout has it: the
// constants are in place, the time is the server's, a seeded counter's top
// bit is clear, and no two are equal.
func (s *session) checkNew() {
	s.t.Helper()
	l := s.l
	exists := s.rows("SELECT count(*) FROM pg_proc WHERE proname = $1 AND pronamespace = current_schema()::regnamespace", s.p+"_new")
	if exists[0][0] == "0" {
		return
	}
	rows := s.rows(fmt.Sprintf(`SELECT %s(%s()), to_char(clock_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US') FROM generate_series(1, 1000)`,
		s.fn("to_hex"), s.fn("new")))
	// 1,000 IDs of one tick are distinct with near certainty only with
	// enough random bits (2^-40 at 60); a layout with few may repeat one.
	distinct := l.RandomBits() >= 60
	seen := map[string]bool{}
	for _, row := range rows {
		id, _ := hex.DecodeString(row[0])
		if distinct && seen[row[0]] {
			s.t.Fatalf("%s_new made %s twice", s.p, row[0])
		}
		seen[row[0]] = true
		if _, err := interp.Unpack(l, id); err != nil {
			s.t.Fatalf("%s_new: %s: %v", s.p, row[0], err)
		}
		if _, ok := l.Value(layouts.Time); ok {
			at, _ := interp.Time(l, id)
			after, _ := time.Parse(usFormat, row[1])
			tick, _ := l.Tick()
			if at.After(after) || at.Before(after.Add(-time.Second-tick)) {
				s.t.Fatalf("%s_new: time %v, the server's clock after it %v", s.p, at, after)
			}
		}
		if c, ok := l.Value(layouts.Counter); ok && c.Init == layouts.InitSeeded {
			if k, _ := interp.Role(l, id, layouts.Counter); k.Bit(c.Width-1) != 0 {
				s.t.Fatalf("%s_new: seeded counter %x has its top bit set", s.p, k)
			}
		}
	}
}

// Every built-in layout, on 2,000 random IDs each.
func TestBuiltinLayouts(t *testing.T) {
	db := pgtest.DB(t)
	ls, err := layouts.Builtins()
	if err != nil {
		t.Fatal(err)
	}
	for name, server := range scripts(t, db) {
		t.Run(name, func(t *testing.T) {
			for i, l := range ls {
				t.Run(l.Name, func(t *testing.T) {
					checkLayoutFor(t, db, l, rand.New(rand.NewSource(int64(i))), 2000, server)
				})
			}
		})
	}
}

// Layouts from fuzz.RandomSpec, on 200 random IDs each.
func TestRandomLayouts(t *testing.T) {
	db := pgtest.DB(t)
	for name, server := range scripts(t, db) {
		t.Run(name, func(t *testing.T) { randomLayouts(t, db, server) })
	}
}

func randomLayouts(t *testing.T, db *sql.DB, server int) {
	r := rand.New(rand.NewSource(17))
	for i := range 40 {
		data := make([]byte, 64)
		r.Read(data)
		spec := fuzz.RandomSpec(data)
		l, err := layouts.Parse(fmt.Sprintf("random%d.layout", i), []byte(spec))
		if err != nil {
			t.Fatalf("%v\n%s", err, spec)
		}
		t.Run(fmt.Sprint(i), func(t *testing.T) {
			defer func() {
				if t.Failed() {
					t.Logf("spec:\n%s", spec)
				}
			}()
			checkLayoutFor(t, db, l, r, 200, server)
		})
	}
}

// Seed 002's backfill: build UUIDv1s from a time, a clock sequence and a
// node, as the Go package does, and read the time back; first the RFC 9562
// vector, then a thousand random rows.
func TestUUIDv1Backfill(t *testing.T) {
	db := pgtest.DB(t)
	l, err := layouts.Builtin("uuidv1")
	if err != nil {
		t.Fatal(err)
	}
	s := load(t, db, l)
	row := s.rows(`SELECT uuidv1_pack('2022-02-22 19:22:22+00', x'33C8'::int, x'9F6BDECED846'::bigint)::text,
		to_char(uuidv1_time('C232AB00-9414-11EC-B3C8-9F6BDECED846') AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS.US'),
		uuidv1_clock_seq('C232AB00-9414-11EC-B3C8-9F6BDECED846'), uuidv1_node('C232AB00-9414-11EC-B3C8-9F6BDECED846')`)[0]
	if want := []string{"c232ab00-9414-11ec-b3c8-9f6bdeced846", "2022-02-22 19:22:22.000000", "13256", "175285648414790"}; strings.Join(row, " ") != strings.Join(want, " ") {
		t.Fatalf("RFC 9562 vector: %v, want %v", row, want)
	}
	r := rand.New(rand.NewSource(2))
	var ts, seqs, nodes, want []string
	gregorian := time.Date(1582, 10, 15, 0, 0, 0, 0, time.UTC)
	for range 1000 {
		at := time.Unix(r.Int63n(4102444800)-r.Int63n(6000000000), r.Int63n(1e9)).UTC().Truncate(time.Microsecond)
		seq, node := uint16(r.Intn(1<<14)), r.Uint64()&(1<<48-1)
		// time.Duration spans only 292 years: count seconds, then 100-ns ticks.
		ticks := uint64(at.Unix()-gregorian.Unix())*1e7 + uint64(at.Nanosecond()/100)
		u, err := uuid.PackV1(uuid.V1Fields{Timestamp: ticks, ClockSeq: seq, Node: node})
		if err != nil {
			t.Fatal(err)
		}
		ts = append(ts, at.Format(time.RFC3339Nano))
		seqs = append(seqs, fmt.Sprint(seq))
		nodes = append(nodes, fmt.Sprint(node))
		want = append(want, u.String()+" "+at.Format(usFormat))
	}
	rows := s.rows(`SELECT id::text, to_char(uuidv1_time(id) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US')
		FROM (SELECT i, uuidv1_pack(t::timestamptz, s::bigint, n::bigint) AS id
		      FROM unnest($1::text[], $2::text[], $3::text[]) WITH ORDINALITY AS u(t, s, n, i)) x ORDER BY i`, ts, seqs, nodes)
	for i, row := range rows {
		if got := strings.Join(row, " "); got != want[i] {
			t.Fatalf("row %d: %s, want %s", i, got, want[i])
		}
	}
}
