"""The Python side of FuzzEmitters: a long-lived worker that reads one
request a line on stdin, runs it against a freshly generated module, and
writes what the module says as one JSON line on stdout. It judges nothing:
the Go test compares the answers with the interpreter.

A request is {module, ids, bounds, bad, generate}: see fuzz_test.go."""

import importlib.util
import json
import sys
import traceback
from datetime import datetime, timedelta, timezone

EPOCH = datetime(1970, 1, 1, tzinfo=timezone.utc)


def load(path, n):
    spec = importlib.util.spec_from_file_location("fuzzmod%d" % n, path)
    m = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = m  # dataclasses and typing look modules up by name
    try:
        spec.loader.exec_module(m)
    finally:
        del sys.modules[spec.name]
    return m


def attempt(m, fn):
    """Runs fn and returns its result, or the raised error as {"error": code}."""
    try:
        return fn()
    except m.IDError as e:
        return {"error": e.code if isinstance(e, ValueError) else "IDError is not a ValueError"}
    except Exception as e:  # noqa: BLE001 - any other exception is the finding
        return {"error": "not an IDError: %s: %s" % (type(e).__name__, e)}


def field_text(v):
    if isinstance(v, bytes):
        return v.hex()
    if isinstance(v, int) and not isinstance(v, bool):
        return str(v)
    return "not an int: %r" % (v,)


def answer(req, n):
    m = load(req["module"], n)
    ID = m.ID

    def one(r):
        id = ID.from_bytes(bytes.fromhex(r["hex"]))
        # A layout without a time has no unix_nanos, and its datetime is None.
        t = attempt(m, lambda: id.datetime)
        if isinstance(t, datetime):
            if t.tzinfo is None or t.utcoffset() != timedelta(0):
                t = "not an aware UTC datetime: %r" % (t,)
            else:
                t = str((t - EPOCH) // timedelta(microseconds=1))
        parsed = [attempt(m, lambda f=f, s=s: f(s).hex) for f, s in [
            (ID.parse_hex, r["hex"]), (ID.parse_hex, r["hex"].upper()), (ID.parse_base62, id.base62()),
            (ID.parse_crockford, id.crockford()), (ID.parse_crockford, id.crockford().lower()), (ID.parse, str(id))]]
        packed, wide = None, {}
        if r.get("pack") is not None:
            kw = {k: bytes.fromhex(v) if k in r["packBytes"] else int(v) for k, v in r["pack"].items()}
            packed = attempt(m, lambda: ID.pack(**kw).hex)
            wide = {k: attempt(m, lambda k=k, v=v: ID.pack(**{**kw, k: int(v)}).hex) for k, v in r["wide"].items()}
        u = id.unix_nanos() if hasattr(id, "unix_nanos") else None
        return {
            "hex": id.hex,
            "base62": id.base62(),
            "crockford": id.crockford(),
            "text": str(id),
            "bytes": bytes(id).hex(),
            "fields": {k: field_text(v) for k, v in id.values().items()},
            "valid": id.valid(),
            "unix_ns": None if u is None else str(u),
            "time_us": t,
            "parsed": parsed,
            "packed": packed,
            "wide": wide,
            "hash_eq": hash(id) == hash(ID.parse_hex(r["hex"])),
        }

    ids = [attempt(m, lambda r=r: one(r)) for r in req["ids"]]
    # Each side on its own: where no ID qualifies (max_at before the first
    # tick, min_at after the last), that side is ErrTime, the other an ID.
    bounds = []
    for at in req["bounds"]:
        lo = attempt(m, lambda at=at: ID.min_at(int(at)).hex)
        hi = attempt(m, lambda at=at: ID.max_at(int(at)).hex)
        errs = [x["error"] for x in (lo, hi) if isinstance(x, dict)]
        bounds.append({"min": lo if isinstance(lo, str) else "", "max": hi if isinstance(hi, str) else "", "error": errs[0] if errs else ""})
    forms = {"base62": ID.parse_base62, "crockford": ID.parse_crockford, "hex": ID.parse_hex, "text": ID.parse}
    bad = []
    for r in req["bad"]:
        s = r.get("input", "")  # the empty text has no input field
        got = attempt(m, lambda r=r, s=s: (ID.from_bytes(bytes.fromhex(s)) if r["form"] == "bytes" else forms[r["form"]](s)).hex)
        bad.append(got["error"] if isinstance(got, dict) else "no error: %s" % got)
    def run(g):
        start, step, back, back_readings = int(g["start"]), int(g["step"]), int(g["back"]), g["backReadings"]
        readings = []

        def clock():
            k = len(readings)
            readings.append(start - k * back if k < back_readings else start + (k - back_readings + 1) * step)
            return readings[-1]

        kw = {"clock": clock}
        if g["node"] is not None:
            kw["node"] = int(g["node"])
        gen = m.Generator(**kw)
        ids = []

        def make():  # a generator that gives up stops the run, reported with the IDs made before
            for _ in range(g["n"]):
                ids.append(gen.next().hex)

        stopped = attempt(m, make)
        return {"ids": ids, "min": str(min(readings)), "max": str(max(readings)), "stopped": stopped["error"] if stopped else None}

    generated = [attempt(m, lambda g=g: run(g)) for g in req["generate"]]
    return {"ids": ids, "bounds": bounds, "bad": bad, "generated": generated}


def main():
    for n, line in enumerate(sys.stdin):
        try:
            out = answer(json.loads(line), n)
        except Exception:  # noqa: BLE001 - reported to the Go test
            out = {"failed": traceback.format_exc()}
        sys.stdout.write(json.dumps(out) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
