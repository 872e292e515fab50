"""The StatefulSet-ordinal source of the Python lease client
(idforge.lease: stateful_set_ordinal, ordinal_from_hostname), with the
same cases as Go's lease tests: good names and pod indexes, and each
refusal, an IDError ErrOrdinal naming the value, the space's size and the
fix. Run by gen/crosslang's TestOrdinalPython."""

import os
import socket
import unittest
from unittest import mock

from idforge import lease, snowflake
from idforge._runtime import IDError

TINY = ("tiny/1970-01-01T00:00:00Z/2", 2, 0, 1, 1)


class OrdinalTest(unittest.TestCase):
    def refused(self, f, *says):
        with self.assertRaises(IDError) as cm:
            f()
        self.assertEqual(cm.exception.code, "ErrOrdinal", str(cm.exception))
        for s in says:
            self.assertIn(s, str(cm.exception))

    def test_names(self):
        self.assertEqual(lease.POD_INDEX_ENV, "IDFORGE_POD_INDEX")
        for host, want in [("web-0", 0), ("web-3", 3), ("id-gen-1023", 1023), ("web-7.web.default.svc.cluster.local", 7), ("my-app-v2-12", 12)]:
            self.assertEqual(lease.ordinal_from_hostname(host, snowflake.LEASE_SPACE), want, host)

    def test_refused(self):
        sp = snowflake.LEASE_SPACE
        self.refused(lambda: lease.ordinal_from_hostname("web-1024", sp), '"web-1024"', "ordinal 1024", "holds 1024 nodes", "0 to 1023", "at most 1024 replicas")
        self.refused(lambda: lease.ordinal_from_hostname("web-4", TINY), "ordinal 4", "holds 4 nodes")
        self.refused(lambda: lease.ordinal_from_hostname("web-18446744073709551616", sp), "ordinal 18446744073709551616")
        self.refused(lambda: lease.ordinal_from_hostname("localhost", sp), '"localhost"', "<statefulset>-<ordinal>", "IDFORGE_POD_INDEX")
        self.refused(lambda: lease.ordinal_from_hostname("-3", sp), '"-3"', "<statefulset>-<ordinal>")
        self.refused(lambda: lease.ordinal_from_hostname("web-", sp), '"web-"', "no digits")
        self.refused(lambda: lease.ordinal_from_hostname("web-x1", sp), '"web-x1"', "not a decimal number")
        self.refused(lambda: lease.ordinal_from_hostname("web-+1", sp), "not a decimal number")
        self.refused(lambda: lease.ordinal_from_hostname("web-\u0661", sp), "not a decimal number")  # an Arabic-Indic one: not ASCII
        self.refused(lambda: lease.ordinal_from_hostname("web-01", sp), "leading zero")
        self.refused(lambda: lease.ordinal_from_hostname("", sp), '""')
        with self.assertRaises(IDError) as cm:
            lease.ordinal_from_hostname("web-1", ("x",))
        self.assertEqual(cm.exception.code, "ErrOption")

    def test_environment(self):
        sp = snowflake.LEASE_SPACE
        self.assertEqual(lease.stateful_set_ordinal(sp, {"HOSTNAME": "web-5"}), 5)
        self.assertEqual(lease.stateful_set_ordinal(sp, {"HOSTNAME": "web-5", "IDFORGE_POD_INDEX": "9"}), 9)
        for v in ["", "x", "-1", "1024", "007"]:
            self.refused(lambda: lease.stateful_set_ordinal(sp, {"HOSTNAME": "web-5", "IDFORGE_POD_INDEX": v}), f'IDFORGE_POD_INDEX="{v}"')
        try:
            want = lease.ordinal_from_hostname(socket.gethostname(), sp)
        except IDError as e:
            want = e.code
        try:
            got = lease.stateful_set_ordinal(sp, {})
        except IDError as e:
            got = e.code
        self.assertEqual(got, want)
        with mock.patch.dict(os.environ, {"IDFORGE_POD_INDEX": "17"}):
            self.assertEqual(lease.stateful_set_ordinal(sp), 17)


if __name__ == "__main__":
    unittest.main()
