"""CPython's own checks of uuid.UUID (Lib/test/test_uuid.py, the test
package of the Python that runs this), run on idforge's IDs of the UUIDv1,
v4, v6 and v7 layouts: an ID of a UUID layout is a uuid.UUID, and keeps
every attribute of one with the standard library's meaning and type.

Each check is CPython's test method as it is, taken from its BaseTestUUID
onto a test case whose uuid is a stand-in for the uuid module: its UUID
builds the uuid.UUID the arguments describe and returns the ID of the
layout under test with those bits (ID.from_uuid), its uuid1 and uuid4 are
idforge's UUIDv1 and UUIDv4 generators, its uuid3 and uuid5 idforge's
from_name; everything else (the constants, SafeUUID, the namespaces) is
the uuid module's. So test_UUID reads time, fields, node, clock_seq,
variant, version, urn, hex, int, bytes and bytes_le, and compares and sorts,
on IDs of each layout; the others pickle and copy them, refuse bad
arguments, and check what idforge's generators make.

Left out, as they test the uuid module's machinery rather than a UUID's
attributes: getnode and its platform readers, the mocked clocks and
uuid_generate_time_safe of test_uuid1_*, and unpickling the standard
library's old pickles.

Where the test package is not installed (Debian keeps it in
libpython3.X-testsuite), the checks are skipped, unless
IDFORGE_REQUIRE_CPYTHON_TESTS is set, as .ci/python-packages sets it.
"""

import os
import types
import unittest
import uuid

from idforge import uuidv1, uuidv3, uuidv4, uuidv5, uuidv6, uuidv7

try:
    from test import test_uuid as cpython
except ImportError:  # no test package
    cpython = None

# CPython's test methods run here, by name.
CHECKS = (
    "test_safe_uuid_enum",
    "test_UUID",
    "test_exceptions",
    "test_pickle_roundtrip",
    "test_uuid1",
    "test_uuid3",
    "test_uuid4",
    "test_uuid5",
    "testIssue8621",
    "test_uuid_weakref",
)


def stand_in(layout):
    """Returns a stand-in for the uuid module whose UUIDs are IDs of layout."""
    m = types.ModuleType("uuid")
    for name in dir(uuid):
        if not name.startswith("__"):
            setattr(m, name, getattr(uuid, name))

    def UUID(*args, **kwargs):
        return layout.ID.from_uuid(uuid.UUID(*args, **kwargs))

    def uuid1(node=None, clock_seq=None):
        if node is None and clock_seq is None:
            return uuidv1.new_id()
        f = uuidv1.new_id().values()
        if node is not None:
            f["node"] = node
        if clock_seq is not None:
            f["clock_seq"] = clock_seq
        return uuidv1.ID.pack(**f)

    m.UUID = UUID
    m.uuid1 = uuid1
    m.uuid3 = uuidv3.ID.from_name
    m.uuid4 = uuidv4.new_id
    m.uuid5 = uuidv5.ID.from_name
    return m


def case(layout):
    """Returns a TestCase of CPython's checks on IDs of layout."""
    ns = {"uuid": stand_in(layout)}
    if cpython is None:
        def test_cpython_checks(self):
            if os.environ.get("IDFORGE_REQUIRE_CPYTHON_TESTS"):
                self.fail("CPython's test.test_uuid is not installed (libpython3.X-testsuite on Debian)")
            self.skipTest("CPython's test.test_uuid is not installed")

        ns["test_cpython_checks"] = test_cpython_checks
    else:
        for name in CHECKS:
            if hasattr(cpython.BaseTestUUID, name):
                ns[name] = getattr(cpython.BaseTestUUID, name)
    name = "CPythonChecks_" + layout.__name__.rsplit(".", 1)[1]
    return type(name, (unittest.TestCase,), ns)


CPythonChecks_uuidv1 = case(uuidv1)
CPythonChecks_uuidv4 = case(uuidv4)
CPythonChecks_uuidv6 = case(uuidv6)
CPythonChecks_uuidv7 = case(uuidv7)


class TypesTest(unittest.TestCase):
    """What CPython's checks compare by value, checked by type too, on the
    generators' own IDs of each layout."""

    def test_attribute_types(self):
        for m in (uuidv1, uuidv4, uuidv6, uuidv7):
            i = m.new_id()
            self.assertIs(type(i), m.ID)
            u = uuid.UUID(str(i))
            for name in ("time", "fields", "node", "clock_seq", "clock_seq_hi_variant", "clock_seq_low", "time_low",
                         "time_mid", "time_hi_version", "version", "variant", "urn", "hex", "int", "bytes", "bytes_le", "is_safe"):
                got, want = getattr(i, name), getattr(u, name)
                self.assertEqual((name, type(got), got), (name, type(want), want), m.__name__)
            self.assertEqual(i.version, int(m.__name__[-1]))
            self.assertEqual(i.variant, uuid.RFC_4122)


if __name__ == "__main__":
    unittest.main()
