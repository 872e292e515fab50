"""Writes and reads IDs with the Python package (the project folder
IDFORGE_PYTHON names, as go run ./gen/tools/packages builds it),
for texts_test.go. Its input (standard input) is JSON: a list of requests,
{module, hex, texts}: the layout's module name, IDs (hex) to write in the
layout's text (str) and texts to read (ID.parse). It prints one JSON answer
a request: {texts, parsed}, the text of each ID, and for each text read the
ID's hex and its time as nanoseconds since the Unix epoch (null without
one), or {error: code}."""

import importlib
import json
import os
import sys

if not os.environ.get("IDFORGE_PYTHON"):
    sys.exit("IDFORGE_PYTHON is not set: name the Python project built by go run ./gen/tools/packages -o DIR (DIR/python)")
sys.path.insert(0, os.environ["IDFORGE_PYTHON"])


def read(m, s):
    try:
        i = m.ID.parse(s)
    except m.IDError as e:
        return {"error": e.code}
    return {"hex": i.hex, "nanos": str(i.unix_nanos()) if hasattr(i, "unix_nanos") else None}


answers = []
for req in json.load(sys.stdin):
    m = importlib.import_module("idforge." + req["module"])
    answers.append({
        "texts": [str(m.ID.from_bytes(bytes.fromhex(h))) for h in req["hex"]],
        "parsed": [read(m, s) for s in req["texts"]],
    })
sys.stdout.write(json.dumps(answers) + "\n")
