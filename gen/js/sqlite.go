package js

import (
	"fmt"
	"strings"

	"github.com/idforge/idforge/gen/internal/portable"
)

// sqliteFunc is one SQL function registerSqlite registers: its name's
// suffix (after the prefix and '_'), the JavaScript function, and whether
// SQLite may take it as deterministic.
// sqliteFn returns the JavaScript function registerSqlite registers for
// f: an arrow function that gives null for null.
func sqliteFn(p *portable.Plan, f portable.SQLiteFunc) string {
	switch f.Op {
	case portable.SQLiteValid:
		return "(x) => (x === null ? null : sqliteValid(x))"
	case portable.SQLiteTime:
		return "(x) => (x === null ? null : sqliteTime(sqliteId(x).unixNanos()))"
	case portable.SQLiteMinAt:
		return fmt.Sprintf("(t) => (t === null ? null : sqliteOut(%s.minAt(sqliteInstant(t))))", p.Type)
	case portable.SQLiteMaxAt:
		return fmt.Sprintf("(t) => (t === null ? null : sqliteOut(%s.maxAt(sqliteInstant(t))))", p.Type)
	case portable.SQLiteToText:
		if f.Form == nil {
			return "(x) => (x === null ? null : sqliteId(x).toString())"
		}
		return fmt.Sprintf("(x) => (x === null ? null : sqliteId(x).%s())", f.Form.Ident())
	case portable.SQLiteFromText:
		if f.Form == nil {
			return fmt.Sprintf("(s) => (s === null ? null : sqliteOut(%s.parse(s)))", p.Type)
		}
		return fmt.Sprintf("(s) => (s === null ? null : sqliteOut(%s.parse%s(s)))", p.Type, title(f.Form.Ident()))
	case portable.SQLiteToStored:
		return fmt.Sprintf("(x) => (x === null ? null : toStored(sqliteId(x), %s))", jsString(f.Profile))
	case portable.SQLiteFromStored:
		return fmt.Sprintf("(b) => (b === null ? null : sqliteOut(fromStored(b, %s)))", jsString(f.Profile))
	case portable.SQLiteNew:
		return "() => sqliteOut(newId())"
	}
	v := fmt.Sprintf("sqliteId(x).fields()[%s]", jsString(f.Field.Name))
	if !f.Field.Bytes && f.Field.Width == 64 {
		v = "BigInt.asIntN(64, " + v + ")"
	}
	return "(x) => (x === null ? null : " + v + ")"
}

// sqliteTypeDoc says what an ID is in SQLite, for the doc comments.
func sqliteTypeDoc(p *portable.Plan) string {
	if p.Bits == 64 {
		return "an INTEGER: the ID's 64 bits as a signed 64-bit integer, as PostgreSQL's bigint holds them (an ID whose top bit is set is negative)"
	}
	return fmt.Sprintf("a BLOB of %d bytes, big-endian", p.Size)
}

// sqliteDoc returns registerSqlite's doc comment's text.
func sqliteDoc(p *portable.Plan) string {
	var names []string
	for _, f := range p.SQLiteFuncs() {
		names = append(names, "P_"+f.Suffix)
	}
	doc := fmt.Sprintf("Registers the layout's SQL functions on db, a DatabaseSync of Node's node:sqlite (Node 22.13 and later; any object with its function(name, options, fn) will do), under PostgreSQL's names (idforge gen -lang sql) with P the prefix (%s without one): %s. SQLite has no stored functions: the functions run here, in JavaScript, and each connection needs them registered. An ID is %s. Every function but P_new is deterministic, so an index or a CHECK (P_valid(id)) may use it; each gives NULL for NULL, and P_valid 1 or 0. P_to_PROFILE and P_from_PROFILE (the profile's name with '-' as '_') are toStored and fromStored under each of STORAGE_PROFILES, the stored value a BLOB.", jsString(sqlitePrefix(p)), strings.Join(names, ", "), sqliteTypeDoc(p))
	if p.Clock != nil {
		doc += " P_time is TEXT: the ID's instant in UTC as ISO 8601 with nanoseconds, YYYY-MM-DDTHH:MM:SS.nnnnnnnnnZ, which sorts as the times do and which SQLite's date and time functions read (ErrTime outside the years 1 to 9999). P_min_at and P_max_at take such TEXT (what datetime() writes will do: a 'T' or a space, seconds and up to nine fractional digits optional, 'Z', an offset +HH:MM or none for UTC)."
	}
	if p.Generates {
		doc += " P_new is not deterministic: it is newId(), the module's one generator"
		if p.NeedsNode {
			doc += ", which needs setNode first"
		}
		doc += ", and throws what newId throws: ErrClockStalled where the counter runs out within a tick (newId does not wait for the next), to be tried again on a later tick."
	}
	return doc + " A bad input throws IDError, which node:sqlite passes on as it is. The same functions as register_sqlite in idforge's Python. Nothing else in the module refers to it, so a bundle that does not import it leaves it out."
}

// sqlitePrefix returns the functions' prefix without one given: the
// layout's name with '-' as '_', as gen/pgsql's.
func sqlitePrefix(p *portable.Plan) string { return strings.ReplaceAll(p.L.Name, "-", "_") }

// sqlite writes registerSqlite and its helpers: module-level functions
// that nothing else refers to, so that a bundler drops them.
func (w *writer) sqlite() {
	p := w.p
	in := fmt.Sprintf(`  if (x instanceof Uint8Array) return %s.fromBytes(x);
  throw fail(L, 'ErrType', 'an ID in SQLite is a BLOB of %d bytes, not ' + sqliteType(x));`, p.Type, p.Size)
	out := "i.bytes()"
	if p.Bits == 64 {
		in = fmt.Sprintf(`  if (typeof x === 'bigint') return new %s(BigInt.asUintN(64, x));
  if (Number.isSafeInteger(x)) return new %s(BigInt.asUintN(64, BigInt(x)));
  throw fail(L, 'ErrType', 'an ID in SQLite is an INTEGER, not ' + sqliteType(x));`, p.Type, p.Type)
		out = "BigInt.asIntN(64, i.toBigInt())"
	}
	var reg []string
	for _, f := range p.SQLiteFuncs() {
		det := ""
		if f.Op == portable.SQLiteNew {
			det = ", false"
		}
		reg = append(reg, fmt.Sprintf("    [%s, %s%s],", jsString(f.Suffix), sqliteFn(p, f), det))
	}
	w.f(`
/**
 * Returns the SQLite type of a value node:sqlite gave a function.
 * @param {unknown} x
 * @returns {string}
 */
function sqliteType(x) {
  return typeof x === 'string' ? 'TEXT' : typeof x === 'bigint' || Number.isInteger(x) ? 'INTEGER' : typeof x === 'number' ? 'REAL' : 'BLOB';
}

/**
 * Returns the ID in a value of SQLite: %[1]s.
 * @param {unknown} x
 * @returns {%[2]s}
 */
function sqliteId(x) {
%[3]s
}

/**
 * Returns an ID as SQLite holds it.
 * @param {%[2]s} i
 */
function sqliteOut(i) {
  return %[4]s;
}

/**
 * P_valid: 1 when x is an ID of the layout, of SQLite's type and length,
 * with the layout's constant bits, else 0; it never throws.
 * @param {unknown} x
 * @returns {bigint}
 */
function sqliteValid(x) {
  try {
    return sqliteId(x).valid() ? 1n : 0n;
  } catch {
    return 0n;
  }
}
`, docText("", "Returns the ID in a value of SQLite: "+sqliteTypeDoc(p)+"."), p.Type, in, out)
	if p.Clock != nil {
		w.f(`
/** ISO 8601 text, as P_min_at and P_max_at read it. */
const SQLITE_TIME = /^(\d{4})-(\d\d)-(\d\d)(?:[T ](\d\d):(\d\d)(?::(\d\d)(?:\.(\d{1,9}))?)?)?(Z|[+-]\d\d:\d\d)?$/;

/**
 * Returns the nanoseconds since the Unix epoch of ISO 8601 text t.
 * @param {unknown} t
 * @returns {bigint}
 */
function sqliteInstant(t) {
  if (typeof t !== 'string') throw fail(L, 'ErrType', 'a time in SQLite is ISO 8601 TEXT, not ' + sqliteType(t));
  const m = SQLITE_TIME.exec(t);
  if (m === null) throw fail(L, 'ErrTime', JSON.stringify(t) + " is not an ISO 8601 time (YYYY-MM-DD HH:MM:SS.nnnnnnnnn, 'T' or a space, 'Z' or an offset or none for UTC)");
  const [, y, mo, d, h = '0', mi = '0', s = '0', frac = '', zone] = m;
  const day = new Date(0);
  day.setUTCFullYear(+y, +mo - 1, +d);
  if (day.getUTCFullYear() !== +y || day.getUTCMonth() !== +mo - 1 || day.getUTCDate() !== +d) throw fail(L, 'ErrTime', JSON.stringify(t) + ' is no day of the calendar');
  if (+h > 23 || +mi > 59 || +s > 59) throw fail(L, 'ErrTime', JSON.stringify(t) + ' is no time of the day');
  let secs = day.getTime() / 1000 + +h * 3600 + +mi * 60 + +s;
  if (zone !== undefined && zone !== 'Z') secs -= (zone[0] === '+' ? 1 : -1) * (+zone.slice(1, 3) * 3600 + +zone.slice(4, 6) * 60);
  return BigInt(secs) * 1000000000n + BigInt(frac.padEnd(9, '0'));
}

/**
 * Returns P_time's text of an instant, nanoseconds since the Unix epoch.
 * @param {bigint} ns
 * @returns {string}
 */
function sqliteTime(ns) {
  let s = ns / 1000000000n;
  let n = ns %% 1000000000n;
  if (n < 0n) {
    s -= 1n;
    n += 1000000000n;
  }
  if (s < -62135596800n || s >= 253402300800n) throw fail(L, 'ErrTime', 'the time of the ID (' + ns + ' ns since 1970) is outside the years 1 to 9999 that P_time writes');
  return new Date(Number(s) * 1000).toISOString().slice(0, 19) + '.' + String(n).padStart(9, '0') + 'Z';
}
`)
	}
	w.f(`
/**
%[1]s
 * @param {{ function(name: string, options: object, fn: Function): unknown }} db
 * @param {string} [prefix]
 */
export function registerSqlite(db, prefix = %[2]s) {
  for (const [suffix, fn, deterministic = true] of [
%[3]s
  ]) {
    db.function(prefix + '_' + suffix, { deterministic, useBigIntArguments: true }, fn);
  }
}
`, docComment(sqliteDoc(p)), jsString(sqlitePrefix(p)), strings.Join(reg, "\n"))
}

// sqliteDecls writes registerSqlite's declaration.
func (w *writer) sqliteDecls() {
	w.f(`
/**
%s
 */
export declare function registerSqlite(db: { function(name: string, options: { deterministic?: boolean; useBigIntArguments?: boolean }, fn: (...args: any[]) => unknown): unknown }, prefix?: string): void;
`, docComment(sqliteDoc(w.p)))
}

// docComment returns text as the lines of a /** */ comment, each
// starting " * ", as docText fills it.
func docComment(text string) string { return " * " + docText("", text) }
