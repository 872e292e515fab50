"""A testee of idforge's conformance protocol (docs/conformance.md) over
idforge's own Python package, the Python project that
go run ./gen/tools/packages -o DIR builds (DIR/python), named by
IDFORGE_PYTHON:

    go run ./gen/tools/packages -o /tmp/idforge-packages
    IDFORGE_PYTHON=/tmp/idforge-packages/python \
      idforge conformance -testee 'python3 conformance/testees/idforge_testee.py'

It reads requests, one JSON object a line, on standard input and writes one
response a line, in order, on standard output.
"""

import importlib
import json
import os
import pkgutil
import sys
import uuid

if not os.environ.get("IDFORGE_PYTHON"):
    sys.exit("idforge_testee.py: IDFORGE_PYTHON is not set: build the packages with go run ./gen/tools/packages -o DIR and set IDFORGE_PYTHON=DIR/python")
sys.path.insert(0, os.environ["IDFORGE_PYTHON"])

import idforge  # noqa: E402  (found through the path set above)

# Every layout's module: its name is the layout's with '-' as '_'.
MODULES = {}
for info in sorted(pkgutil.iter_modules(idforge.__path__), key=lambda i: i.name):
    if info.name.startswith("_") or info.name in ("compat", "lease"):  # not layouts
        continue
    MODULES[info.name.replace("_", "-")] = importlib.import_module("idforge." + info.name)

CAPABILITIES = {
    "name": "idforge (Python)",
    "protocol": 1,
    "layouts": list(MODULES),
    "ops": ["parse", "format", "fields", "time", "bounds", "name", "compare", "generate"],
    "forms": ["text", "base62", "crockford", "hex", "bytes"],
    "clock": True,
}


def parse(ID, form, text):
    """Reads text in form: the bytes form is hex of the bytes."""
    if form == "bytes":
        return ID.from_bytes(bytes.fromhex(text))
    return {"text": ID.parse, "base62": ID.parse_base62, "crockford": ID.parse_crockford, "hex": ID.parse_hex}[form](text)


def format_id(id, form):
    """Writes id in form."""
    if form == "text":
        return str(id)
    if form == "hex":
        return bytes(id).hex()
    return {"base62": id.base62, "crockford": id.crockford}[form]()


def generate(m, req):
    """Makes req["n"] IDs with one generator, whose clock reads
    req["clock"][i] while it makes the i-th. An error ends them: the
    refusal carries the IDs made."""
    clock = req.get("clock")
    made = []
    kwargs = {}
    if clock:
        kwargs["clock"] = lambda: int(clock[min(len(made), len(clock) - 1)])
    if "node" in m.Generator.__init__.__code__.co_varnames:
        kwargs["node"] = req.get("node", 1)
    g = m.Generator(**kwargs)
    try:
        for _ in range(req["n"]):
            made.append(bytes(g.next()).hex())
    except m.IDError as e:
        return {"ok": False, "error": e.code, "ids": made}
    return {"ok": True, "ids": made}


def answer(req):
    """Answers one request."""
    if req["op"] == "capabilities":
        return dict(ok=True, **CAPABILITIES)
    m = MODULES.get(req.get("layout"))
    if m is None:
        return {"ok": False, "error": "ErrNoLayout"}
    ID = m.ID
    op = req["op"]
    id = ID.from_bytes(bytes.fromhex(req["hex"])) if "hex" in req else None
    if op == "parse":
        return {"ok": True, "hex": bytes(parse(ID, req["form"], req.get("text", ""))).hex()}
    if op == "format":
        return {"ok": True, "text": format_id(id, req["form"])}
    if op == "fields":
        fields = {k: v.hex() if isinstance(v, bytes) else str(v) for k, v in id.values().items()}
        return {"ok": True, "fields": fields, "valid": id.valid()}
    if op == "time":
        # A layout without a time has no min_at, and its IDs no time.
        return {"ok": True, "unix_ns": str(id.unix_nanos())} if hasattr(ID, "min_at") else {"ok": True}
    if op == "bounds":
        # Where no ID qualifies on one side (max_at before the first tick,
        # min_at after the last), its error, with the other side's ID.
        at = int(req["at"])
        res = {"ok": True}
        for side, f in (("min", ID.min_at), ("max", ID.max_at)):
            try:
                res[side] = bytes(f(at)).hex()
            except m.IDError as e:
                res["ok"] = False
                res.setdefault("error", e.code)
        return res
    if op == "name":
        namespace = uuid.UUID(bytes=bytes.fromhex(req["namespace"]))
        return {"ok": True, "hex": bytes(ID.from_name(namespace, req.get("name", ""))).hex()}
    if op == "compare":
        a, b = ID.from_bytes(bytes.fromhex(req["a"])), ID.from_bytes(bytes.fromhex(req["b"]))
        return {"ok": True, "cmp": (a > b) - (a < b)}
    if op == "generate":
        return generate(m, req)
    return {"ok": False, "error": "ErrOp"}


def main():
    errors = tuple(m.IDError for m in MODULES.values())
    for line in sys.stdin:
        try:
            res = answer(json.loads(line))
        except errors as e:
            res = {"ok": False, "error": e.code}
        except Exception as e:  # a bug of the package or of this testee: reported, not fatal
            res = {"ok": False, "error": "ErrTestee", "message": repr(e)}
        # Each answer goes out at once: the driver waits for the first.
        sys.stdout.write(json.dumps(res) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
