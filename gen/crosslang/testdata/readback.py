"""Prints IDs made by the generators of the Python package (the project
folder IDFORGE_PYTHON names, as go run ./gen/tools/packages builds it),
one per line as "LAYOUT TEXT DECIMAL", for
readback_test.go to read with idforge's Go packages. Its argument is how
many IDs of each."""

import os
import sys

if not os.environ.get("IDFORGE_PYTHON"):
    sys.exit("IDFORGE_PYTHON is not set: name the Python project built by go run ./gen/tools/packages -o DIR (DIR/python)")
sys.path.insert(0, os.environ["IDFORGE_PYTHON"])

from idforge import ksuid, snowflake, ulid, uuidv1, uuidv4, uuidv6, uuidv7  # noqa: E402

n = int(sys.argv[1])
node = 0x9F6BDECED846  # RFC 9562's example node, for v1 and v6
generators = {
    "uuidv1": uuidv1.Generator(node),
    "uuidv4": uuidv4.Generator(),
    "uuidv6": uuidv6.Generator(node),
    "uuidv7": uuidv7.Generator(),
    "ulid": ulid.Generator(),
    "ksuid": ksuid.Generator(),
    "snowflake": snowflake.Generator(7),
}
lines = []
for name, g in generators.items():
    for _ in range(n):
        i = g.next()
        lines.append(f"{name} {i} {int(i)}")
sys.stdout.write("\n".join(lines) + "\n")
