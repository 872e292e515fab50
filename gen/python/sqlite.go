package python

import (
	"fmt"
	"strings"

	"github.com/idforge/idforge/gen/internal/portable"
)

// sqliteFunc is one SQL function register_sqlite registers: its name's
// suffix (after the prefix and '_'), its arguments' count, the Python
// expression of its body and whether SQLite may take it as deterministic.
// sqliteBody returns the Python function register_sqlite registers for
// f: a lambda that gives NULL for NULL.
func sqliteBody(p *portable.Plan, f portable.SQLiteFunc) string {
	read := map[string]string{"base62": ".base62()", "crockford": ".crockford()", "hex": ".hex"}
	switch f.Op {
	case portable.SQLiteValid:
		return "lambda x: None if x is None else _sqlite_valid(x)"
	case portable.SQLiteTime:
		return "lambda x: None if x is None else _sqlite_time(_sqlite_id(x).unix_nanos())"
	case portable.SQLiteMinAt:
		return fmt.Sprintf("lambda t: None if t is None else _sqlite_out(%s.min_at(_sqlite_instant(t)))", p.Type)
	case portable.SQLiteMaxAt:
		return fmt.Sprintf("lambda t: None if t is None else _sqlite_out(%s.max_at(_sqlite_instant(t)))", p.Type)
	case portable.SQLiteToText:
		if f.Form == nil {
			return "lambda x: None if x is None else str(_sqlite_id(x))"
		}
		return "lambda x: None if x is None else _sqlite_id(x)" + read[f.Form.Name]
	case portable.SQLiteFromText:
		if f.Form == nil {
			return fmt.Sprintf("lambda s: None if s is None else _sqlite_out(%s.parse(_sqlite_text(s)))", p.Type)
		}
		return fmt.Sprintf("lambda s: None if s is None else _sqlite_out(%s.parse_%s(_sqlite_text(s)))", p.Type, f.Form.Ident())
	case portable.SQLiteToStored:
		return fmt.Sprintf("lambda x: None if x is None else to_stored(_sqlite_id(x), %s)", pyString(f.Profile))
	case portable.SQLiteFromStored:
		return fmt.Sprintf("lambda b: None if b is None else _sqlite_out(from_stored(_sqlite_blob(b), %s))", pyString(f.Profile))
	case portable.SQLiteNew:
		return "lambda: _sqlite_out(new_id())"
	}
	v := fmt.Sprintf("_sqlite_id(x).values()[%s]", pyString(f.Field.Name))
	if !f.Field.Bytes && f.Field.Width == 64 {
		v = "_sqlite_int(" + v + ")"
	}
	return "lambda x: None if x is None else " + v
}

// sqlite returns the module's register_sqlite and its helpers: the
// layout's functions for SQLite, on a connection of Python's sqlite3.
func sqlite(p *portable.Plan) string {
	typ := fmt.Sprintf("a BLOB of %d bytes, big-endian", p.Size)
	in := fmt.Sprintf(`    if isinstance(x, bytes):
        return %s.from_bytes(x)
    raise IDError("ErrType", f"{_LAYOUT}: an ID in SQLite is a BLOB of {_SIZE} bytes, not {_sqlite_type(x)}")`, p.Type)
	out := "bytes(i)"
	if p.Bits == 64 {
		typ = "an INTEGER: the ID's 64 bits as a signed 64-bit integer, as PostgreSQL's bigint holds them (an ID whose top bit is set is negative)"
		in = fmt.Sprintf(`    if isinstance(x, int):
        return %s(x & _MAX)
    raise IDError("ErrType", f"{_LAYOUT}: an ID in SQLite is an INTEGER, not {_sqlite_type(x)}")`, p.Type)
		out = "_sqlite_int(i.int)"
	}
	var names, reg []string
	newFunc := ""
	for _, f := range p.SQLiteFuncs() {
		body := sqliteBody(p, f)
		names = append(names, "P_"+f.Suffix)
		if f.Op == portable.SQLiteNew {
			newFunc = fmt.Sprintf("\n    create(f\"{p}_%s\", 0, %s, deterministic=False)", f.Suffix, body)
			continue
		}
		reg = append(reg, fmt.Sprintf("        (%s, %s),", pyString(f.Suffix), body))
	}
	timeDoc := ""
	if p.Clock != nil {
		timeDoc = " P_time is TEXT: the ID's instant in UTC as ISO 8601 with nanoseconds, YYYY-MM-DDTHH:MM:SS.nnnnnnnnnZ, which sorts as the times do and which SQLite's date and time functions read (ErrTime outside the years 1 to 9999). P_min_at and P_max_at take such TEXT (what datetime() writes will do: a 'T' or a space, seconds and up to nine fractional digits optional, 'Z', an offset +HH:MM or none for UTC)."
	}
	newDoc := ""
	if p.Generates {
		newDoc = " P_new is not deterministic: it is new_id(), the process's one generator"
		if p.NeedsNode {
			newDoc += ", which needs set_node first"
		}
		newDoc += "."
	}
	doc := docText("    ", fmt.Sprintf("Registers the layout's SQL functions on conn, a sqlite3.Connection, under PostgreSQL's names (idforge gen -lang sql) with P the prefix (the layout's name with '-' as '_' without one): %s. SQLite has no stored functions: the functions run here, in Python, and each connection needs them registered. An ID is %s. Every function but P_new is deterministic, so an index or a CHECK (P_valid(id)) may use it; each gives NULL for NULL.%s P_to_PROFILE and P_from_PROFILE (the profile's name with '-' as '_') are to_stored and from_stored under each of STORAGE_PROFILES, the stored value a BLOB.%s A bad input raises IDError, which sqlite3 turns into OperationalError (\"user-defined function raised exception\"; the IDError, with its code, position and length, reaches sys.unraisablehook once sqlite3.enable_callback_tracebacks(True) is set). The same functions as registerSqlite in idforge's JavaScript.", strings.Join(names, ", "), typ, timeDoc, newDoc))
	return fmt.Sprintf(`

def _sqlite_type(x: object) -> str:
    """Returns the SQLite type of a value sqlite3 gave a function."""
    if isinstance(x, str):
        return "TEXT"
    if isinstance(x, int):
        return "INTEGER"
    if isinstance(x, float):
        return "REAL"
    return "BLOB"


def _sqlite_id(x: object) -> %[1]s:
    """%[7]s"""
%[3]s


def _sqlite_out(i: %[1]s) -> object:
    """Returns an ID as SQLite holds it."""
    return %[4]s


%[9]s

def _sqlite_text(s: object) -> str:
    """Returns the text in a value of SQLite, which must be TEXT."""
    if not isinstance(s, str):
        raise IDError("ErrType", f"{_LAYOUT}: text in SQLite is TEXT, not {_sqlite_type(s)}")
    return s


def _sqlite_blob(b: object) -> bytes:
    """Returns the bytes in a value of SQLite, which must be a BLOB."""
    if not isinstance(b, bytes):
        raise IDError("ErrType", f"{_LAYOUT}: a stored value in SQLite is a BLOB, not {_sqlite_type(b)}")
    return b


def _sqlite_valid(x: object) -> bool:
    """P_valid: whether x is an ID of the layout, of SQLite's type and
    length, with the layout's constant bits; never raises."""
    try:
        return _sqlite_id(x).valid()
    except IDError:
        return False


%[10]sdef register_sqlite(conn: object, prefix: Optional[str] = None) -> None:
    """%[5]s"""
    p = _LAYOUT.replace("-", "_") if prefix is None else prefix
    create: Callable[..., None] = getattr(conn, "create_function")
    readers: List[Tuple[str, Callable[[object], object]]] = [
%[6]s
    ]
    for suffix, f in readers:
        create(f"{p}_{suffix}", 1, f, deterministic=True)%[8]s
`, p.Type, typ, in, out, doc, strings.Join(reg, "\n"), docText("    ", "Returns the ID in a value of SQLite: "+typ+"."), newFunc, sqliteInt(p), sqliteTimeFuncs(p))
}

// sqliteInt returns _sqlite_int, for a module that reads or writes 64-bit
// integers (a 64-bit layout's IDs, a 64-bit field), or "".
func sqliteInt(p *portable.Plan) string {
	need := p.Bits == 64
	for _, f := range p.Fields {
		need = need || !f.Bytes && f.Width == 64
	}
	if !need {
		return ""
	}
	return `def _sqlite_int(n: int) -> int:
    """Returns 64 bits n as SQLite's signed 64-bit INTEGER."""
    return n - (1 << 64) if n >> 63 else n


`
}

// sqliteTimeFuncs returns the readers and writers of P_time's ISO 8601
// text, for a layout with a time, or "".
func sqliteTimeFuncs(p *portable.Plan) string {
	if p.Clock == nil {
		return ""
	}
	return `_SQLITE_TIME = re.compile(r"(\d{4})-(\d\d)-(\d\d)(?:[T ](\d\d):(\d\d)(?::(\d\d)(?:\.(\d{1,9}))?)?)?(Z|[+-]\d\d:\d\d)?", re.ASCII)


def _sqlite_instant(t: object) -> int:
    """Returns the nanoseconds since the Unix epoch of ISO 8601 text t."""
    if not isinstance(t, str):
        raise IDError("ErrType", f"{_LAYOUT}: a time in SQLite is ISO 8601 TEXT, not {_sqlite_type(t)}")
    m = _SQLITE_TIME.fullmatch(t)
    if m is None:
        raise IDError("ErrTime", f"{_LAYOUT}: {t!r} is not an ISO 8601 time (YYYY-MM-DD HH:MM:SS.nnnnnnnnn, 'T' or a space, 'Z' or an offset or none for UTC)")
    y, mo, d, h, mi, s, frac, zone = m.groups()
    try:
        day = datetime(int(y), int(mo), int(d)).toordinal() - 719163  # days since 1970-01-01
    except ValueError:
        raise IDError("ErrTime", f"{_LAYOUT}: {t!r} is no day of the calendar") from None
    secs = day * 86400 + int(h or 0) * 3600 + int(mi or 0) * 60 + int(s or 0)
    if int(h or 0) > 23 or int(mi or 0) > 59 or int(s or 0) > 59:
        raise IDError("ErrTime", f"{_LAYOUT}: {t!r} is no time of the day")
    if zone and zone != "Z":
        secs -= (1 if zone[0] == "+" else -1) * (int(zone[1:3]) * 3600 + int(zone[4:6]) * 60)
    return secs * 1000000000 + int((frac or "").ljust(9, "0"))


def _sqlite_time(ns: int) -> str:
    """Returns P_time's text of an instant, nanoseconds since the Unix epoch."""
    s, n = divmod(ns, 1000000000)
    if not -62135596800 <= s < 253402300800:  # 0001-01-01 to 9999-12-31
        raise IDError("ErrTime", f"{_LAYOUT}: the time of the ID ({ns} ns since 1970) is outside the years 1 to 9999 that P_time writes")
    d, s = divmod(s, 86400)
    t = datetime.fromordinal(719163 + d)
    return "%04d-%02d-%02dT%02d:%02d:%02d.%09dZ" % (t.year, t.month, t.day, s // 3600, s // 60 % 60, s % 60, n)


`
}
