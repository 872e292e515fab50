"""Runs the conformance corpus through the SQL functions that each Python
module's register_sqlite registers on a connection of the standard library's
sqlite3 (SQLite as Debian builds it): python3 sqlite_corpus.py, with
IDFORGE_CORPUS naming corpus.jsonl, IDFORGE_MODULES the folder of modules
and IDFORGE_NEW a folder where it writes, for every layout that generates
and IDFORGE_NEW_LAYOUTS names (a comma-separated list: the built-in ones,
whose clocks make that many IDs without waiting long), IDFORGE_NEW_COUNT
IDs of P_new in hex, one a line (LAYOUT.txt), for the Go test to judge
with package verify; of the other layouts' P_new, three IDs are checked
with P_valid. It prints one line a layout and every
failure, and exits 1 if there was one. sqlite_corpus.mjs does the same in
Node's node:sqlite."""

import importlib
import json
import os
import random
import re
import sqlite3
import sys
from datetime import datetime, timedelta

sys.path.insert(0, os.environ["IDFORGE_MODULES"])
NEW_DIR = os.environ["IDFORGE_NEW"]
NEW_COUNT = int(os.environ.get("IDFORGE_NEW_COUNT", "100000"))
NEW_LAYOUTS = set(os.environ.get("IDFORGE_NEW_LAYOUTS", "").split(","))
ORDER_LAYOUTS = set(os.environ.get("IDFORGE_ORDER_LAYOUTS", "").split(","))
ORDER_COUNT = int(os.environ.get("IDFORGE_ORDER_COUNT", "100000"))

with open(os.environ["IDFORGE_CORPUS"], encoding="utf-8") as f:
    RECORDS = [json.loads(line) for line in f]
BY_LAYOUT = {}
for r in RECORDS:
    BY_LAYOUT.setdefault(r["layout"], []).append(r)

# A function's exception reaches sys.unraisablehook, not the OperationalError.
sqlite3.enable_callback_tracebacks(True)
RAISED = []
sys.unraisablehook = lambda u: RAISED.append(u.exc_value)

FAILURES = []


def fail(layout, what):
    FAILURES.append(f"{layout}: {what}")


def iso(ns):
    """The ISO 8601 text of an instant, nanoseconds since 1970, with nine
    fractional digits, or None outside the years 1 to 9999."""
    s, n = divmod(ns, 10**9)
    try:
        t = datetime(1970, 1, 1) + timedelta(seconds=s)
    except OverflowError:
        return None
    return "%04d-%02d-%02dT%02d:%02d:%02d.%09dZ" % (t.year, t.month, t.day, t.hour, t.minute, t.second, n)


def check_layout(layout, rs):
    head = rs[0]
    m = importlib.import_module(layout.replace("-", "_"))
    conn = sqlite3.connect(":memory:")
    m.register_sqlite(conn)
    P = layout.replace("-", "_")
    bits = int(re.search(r"^layout \S+ (\d+)", head["spec"], re.M).group(1))
    integer = bits == 64
    text = head["text"].replace("-", "_")
    funcs = {"valid", "time", "min_at", "max_at", "new", "to_" + text, "from_" + text}
    for f in ("base62", "crockford", "hex"):
        funcs |= {"to_" + f, "from_" + f}

    def stored(h):
        b = bytes.fromhex(h)
        if not integer:
            return b
        n = int(h, 16)
        return n - (1 << 64) if n >> 63 else n

    def one(sql, *args):
        return conn.execute(sql, args).fetchone()[0]

    def raises(what, sql, args, code, n=None, pos=None):
        RAISED.clear()
        try:
            got = one(sql, *args)
        except sqlite3.OperationalError:
            pass
        else:
            return fail(layout, f"{what}: {got!r}, want {code}")
        e = RAISED[-1] if RAISED else None
        if not isinstance(e, m.IDError) or e.code != code:
            return fail(layout, f"{what}: raised {e!r}, want IDError {code}")
        msg = str(e)
        if not msg.startswith(layout + ": "):
            fail(layout, f"{what}: message {msg!r} does not start with the layout's name")
        if n is not None and f"length {n}" not in msg:
            fail(layout, f"{what}: message {msg!r} does not say length {n}")
        if pos is not None and (f"position {pos}" not in msg or e.position != pos):
            fail(layout, f"{what}: message {msg!r} does not say position {pos}")

    def from_form(form):
        return f"{P}_from_{text if form == 'text' else form}"

    # A decimal layout whose top bit is a constant zero reads no more than
    # 2^63-1 (test_corpus.py says why).
    narrow = head["text"] == "decimal" and any(
        b["kind"] == "bad" and b["form"] == "text" and b.get("input") == "9223372036854775808" for b in rs)
    count = 0
    for r in rs:
        k = r["kind"]
        if k == "id":
            x = stored(r["hex"])
            got = conn.execute(f"SELECT {P}_to_hex(?1), {P}_to_base62(?1), {P}_to_crockford(?1), {P}_to_{text}(?1), {P}_valid(?1)", (x,)).fetchone()
            want = (r["hex"], r["base62"], r["crockford"], r["text"], int(r["valid"]))
            if got != want:
                fail(layout, f"{r['hex']}: to_hex, to_base62, to_crockford, to_{text}, valid give {got}, want {want}")
            forms = [("hex", r["hex"]), ("hex", r["hex"].upper()), ("base62", r["base62"]), ("crockford", r["crockford"])]
            if not (narrow and int(r["text"]) >= 1 << 63):
                forms.append((text, r["text"]))
            for form, s in forms:
                if (got := one(f"SELECT {P}_from_{form}(?)", s)) != x:
                    fail(layout, f"from_{form}({s!r}) = {got!r}, want {x!r}")
            for name, v in r["fields"].items():
                if name in funcs:
                    continue
                got = one(f"SELECT {P}_{name}(?)", x)
                if isinstance(got, bytes):
                    got = got.hex()
                elif int(v) >> 63:
                    got &= (1 << 64) - 1  # a 64-bit field, as a signed INTEGER
                if str(got) != v:
                    fail(layout, f"{r['hex']}: {P}_{name} = {got!r}, want {v}")
            if r.get("unix_ns"):
                t = iso(int(r["unix_ns"]))
                if t is None:
                    raises(f"{P}_time({r['hex']})", f"SELECT {P}_time(?)", (x,), "ErrTime")
                elif (got := one(f"SELECT {P}_time(?)", x)) != t:
                    fail(layout, f"{P}_time({r['hex']}) = {got!r}, want {t!r}")
            elif "time" not in r["fields"] and one("SELECT count(*) FROM pragma_function_list WHERE name = ?", f"{P.lower()}_time"):
                fail(layout, f"{P}_time is registered for a layout without a time")
        elif k == "bound":
            t = iso(int(r["at"]))
            if t is None:
                continue  # outside what ISO 8601 text of four-digit years says
            for side in ("min", "max"):
                sql = f"SELECT {P}_{side}_at(?)"
                if side in r:
                    if (got := one(sql, t)) != stored(r[side]):
                        fail(layout, f"{P}_{side}_at({t!r}) = {got!r}, want {r[side]}")
                else:
                    raises(f"{side}_at({t!r})", sql, (t,), r["error"])
        elif k == "bad":
            s = r.get("input", "")
            if r["form"] == "bytes":
                if integer:
                    continue  # an INTEGER has no length
                raises(f"to_hex of {len(s) // 2} bytes", f"SELECT {P}_to_hex(?)", (bytes.fromhex(s),), r["error"], len(s) // 2)
                if one(f"SELECT {P}_valid(?)", bytes.fromhex(s)) != 0:
                    fail(layout, f"{P}_valid of {len(s) // 2} bytes is not 0")
            else:
                raises(f"{from_form(r['form'])}({s!r})", f"SELECT {from_form(r['form'])}(?)", (s,), r["error"], len(s.encode()), r.get("pos"))
        elif k == "valid":
            s = r.get("input", "")
            if r.get("error"):
                raises(f"from_{text}({s!r})", f"SELECT {P}_from_{text}(?)", (s,), r["error"])
            elif (got := one(f"SELECT {P}_valid({P}_from_{text}(?))", s)) != int(r["valid"]):
                fail(layout, f"{P}_valid({P}_from_{text}({s!r})) = {got}, want {r['valid']}")
        elif k == "stored":
            prof = r["profile"]
            fn = f"{P}_from_{prof.replace('-', '_')}"
            if r.get("error"):
                b = bytes.fromhex(r["input"])
                for v, say in ((b, "byte "), (b + b"\0", f"length {len(b) + 1}")):
                    try:
                        m.from_stored(v, prof)
                    except m.IDError as e:
                        if e.code != r["error"] or prof not in str(e) or say not in str(e):
                            fail(layout, f"from_stored({v.hex()}, {prof}): {e.code} {e}, want {r['error']} naming the profile and {say!r}")
                    else:
                        fail(layout, f"from_stored({v.hex()}, {prof}) did not raise")
                raises(f"{fn}({r['input']})", f"SELECT {fn}(?)", (b,), r["error"])
            else:
                id = m.ID.from_bytes(bytes.fromhex(r["hex"]))
                want = bytes.fromhex(r["stored"])
                if m.to_stored(id, prof) != want or m.from_stored(want, prof) != id:
                    fail(layout, f"{r['hex']} under {prof}: to_stored {m.to_stored(id, prof).hex()}, want {r['stored']}")
                if (got := one(f"SELECT {P}_to_{prof.replace('-', '_')}(?)", stored(r["hex"]))) != want:
                    fail(layout, f"{P}_to_{prof.replace('-', '_')}({r['hex']}) = {got!r}, want {r['stored']}")
                if (got := one(f"SELECT {fn}(?)", want)) != stored(r["hex"]):
                    fail(layout, f"{fn}({r['stored']}) = {got!r}, want {r['hex']}")
        elif k == "alias":
            if (got := one(f"SELECT {from_form(r['form'])}(?)", r["input"])) != stored(r["hex"]):
                fail(layout, f"{from_form(r['form'])}({r['input']!r}) = {got!r}, want {r['hex']}")
        else:
            continue
        count += 1
    if one(f"SELECT {P}_valid(NULL) IS NULL AND {P}_to_hex(NULL) IS NULL AND {P}_from_hex(NULL) IS NULL") != 1:
        fail(layout, "NULL does not give NULL")
    if layout in ORDER_LAYOUTS:
        check_order(layout, m, conn, head)
    made = 0
    if head.get("generates"):
        if head.get("node"):
            m.set_node(1)
        if layout not in NEW_LAYOUTS:
            if one(f"WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM c WHERE i < 3) SELECT sum({P}_valid({P}_new())) FROM c") != 3:
                fail(layout, f"{P}_new makes an ID that is not valid")
            print(f"{layout}: {count} records, 3 IDs of {P}_new")
            return
        rows = conn.execute(f"WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM c WHERE i < ?) SELECT {P}_new() FROM c", (NEW_COUNT,))
        size = (bits + 7) // 8
        with open(os.path.join(NEW_DIR, layout + ".txt"), "w", encoding="ascii") as out:
            for (x,) in rows:
                out.write((x % (1 << 64)).to_bytes(8, "big").hex() if integer else x.hex())
                out.write("\n")
                made += 1
        if integer and size != 8:
            fail(layout, "an INTEGER layout of other than 8 bytes")
    print(f"{layout}: {count} records, {made} IDs of {P}_new")


def check_order(layout, m, conn, head):
    """Stores ORDER_COUNT IDs of a generator whose clock jumps forward by
    random steps (from 2024 to about 2069) through the bytes profile into a
    BLOB column, in a shuffled order, and checks that ORDER BY gives them
    back in time order."""
    P = layout.replace("-", "_")
    rnd = random.Random(66)
    now = [1704067200 * 10**9]  # 2024-01-01
    step = 45 * 365 * 86400 * 10**9 // ORDER_COUNT * 2

    def clock():
        now[0] += rnd.randrange(step)
        return now[0]
    g = m.Generator(1, clock=clock) if head.get("node") else m.Generator(clock=clock)
    rows = [(m.to_stored(g.next(), "bytes"), i) for i in range(ORDER_COUNT)]
    rnd.shuffle(rows)
    conn.execute("CREATE TABLE ordered (k BLOB PRIMARY KEY, i INTEGER) WITHOUT ROWID")
    conn.executemany("INSERT INTO ordered VALUES (?, ?)", rows)
    times = [t for (t,) in conn.execute(f"SELECT {P}_time({P}_from_bytes(k)) FROM ordered ORDER BY k")]
    back = sum(1 for a, b in zip(times, times[1:]) if b < a)
    if len(times) != ORDER_COUNT or back:
        fail(layout, f"{len(times)} IDs stored through the bytes profile come back under ORDER BY with {back} steps back in time")
    print(f"{layout}: {len(times)} IDs stored through the bytes profile in a BLOB column, in time order under ORDER BY, from {times[0]} to {times[-1]}")


for layout, rs in BY_LAYOUT.items():
    check_layout(layout, rs)
for f in FAILURES[:200]:
    print("FAIL", f)
if FAILURES:
    print(f"{len(FAILURES)} failures")
    sys.exit(1)
