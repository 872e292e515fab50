"""The Python package's conversions (idforge.compat, python/ on the path)
against the corpus of Go's results, conformance/conversions.jsonl (or the
file IDFORGE_CONVERSIONS names): every record's input, given as the ID of
its layout (and, for a UUID, as a plain uuid.UUID too), gives the record's
output or its error code.

    python3 -m unittest test_compat
"""

import json
import os
import unittest
import uuid

import idforge
from idforge import compat, ksuid, snowflake, ulid

PATH = os.environ.get("IDFORGE_CONVERSIONS") or os.path.join(
    os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "conformance", "conversions.jsonl")

# Each conversion: its function, the readers of its input (bytes to the
# argument), and the width of its output in bytes.
UUIDS = (lambda b: uuid.UUID(bytes=b), lambda b: idforge.uuidv7.ID.from_bytes(b))
CONVERSIONS = {
    "UUIDToKSUID": (compat.uuid_to_ksuid, UUIDS),
    "UUIDToKSUIDAt": (compat.uuid_to_ksuid_at, UUIDS),
    "KSUIDToUUID": (compat.ksuid_to_uuid, (ksuid.ID.from_bytes,)),
    "KSUIDToUUIDv7": (compat.ksuid_to_uuidv7, (ksuid.ID.from_bytes,)),
    "UUIDToULID": (compat.uuid_to_ulid, UUIDS),
    "ULIDToUUID": (compat.ulid_to_uuid, (ulid.ID.from_bytes,)),
    "ULIDToUUIDv7": (compat.ulid_to_uuidv7, (ulid.ID.from_bytes,)),
    "UUIDv7ToULID": (compat.uuidv7_to_ulid, UUIDS),
    "SnowflakeToUUIDv7": (compat.snowflake_to_uuidv7, (snowflake.ID.from_bytes,)),
    "UUIDv7ToSnowflake": (compat.uuidv7_to_snowflake, UUIDS),
}


class Conversions(unittest.TestCase):
    def test_corpus(self):
        with open(PATH, encoding="utf-8") as f:
            records = [json.loads(line) for line in f if line.strip()]
        seen = set()
        for r in records:
            fn, readers = CONVERSIONS[r["conv"]]
            seen.add(r["conv"])
            for read in readers:
                arg = read(bytes.fromhex(r["in"]))
                args = (arg, int(r["at"])) if "at" in r else (arg,)
                if "error" in r:
                    with self.assertRaises(idforge.IDError, msg=r) as cm:
                        fn(*args)
                    self.assertEqual(cm.exception.code, r["error"], r)
                else:
                    got = fn(*args)
                    self.assertEqual(bytes(got) if not isinstance(got, uuid.UUID) else got.bytes, bytes.fromhex(r["out"]), r)
        self.assertEqual(seen, set(CONVERSIONS), "a record of every conversion")

    def test_types(self):
        u = idforge.uuidv7.new_id()
        self.assertIs(type(compat.uuid_to_ulid(u)), ulid.ID)
        self.assertIs(type(compat.ulid_to_uuidv7(ulid.new_id())), idforge.uuidv7.ID)
        self.assertIs(type(compat.ksuid_to_uuid(compat.uuid_to_ksuid(u))), uuid.UUID)
        self.assertEqual(compat.uuidv7_to_ulid(compat.ulid_to_uuidv7(compat.uuidv7_to_ulid(u))), compat.uuidv7_to_ulid(u))
        for bad in (str(u), u.int, ulid.new_id()):
            with self.assertRaises(idforge.IDError) as cm:
                compat.uuid_to_ksuid(bad)
            self.assertEqual(cm.exception.code, "ErrType")
        with self.assertRaises(idforge.IDError) as cm:
            compat.ksuid_to_uuid(u)
        self.assertEqual(cm.exception.code, "ErrType")


if __name__ == "__main__":
    unittest.main()
