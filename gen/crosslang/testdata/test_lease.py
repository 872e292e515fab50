"""The Python lease client (idforge.lease) against a real PostgreSQL, at
IDFORGE_POSTGRES_DSN (the tests skip, saying so, without one): pre-forked
workers that each lease a node make no duplicates; a worker that uses the
parent's lease is refused with an error that names the fix; a lease that
is stolen, or whose renewals stall past the TTL, stops its generator with
ErrLeaseLost before the server lets the node go; renewals that fail are
retried; a worker stopped (SIGSTOP) past its TTL makes no ID after another
process took its node; a new holder starts above the node's high-water
tick.

    IDFORGE_POSTGRES_DSN=postgres://... PYTHONPATH=python python3 -m unittest test_lease

The driver is psycopg2 or psycopg (Debian's python3-psycopg2 or
python3-psycopg); without one the tests skip, unless
IDFORGE_REQUIRE_POSTGRES=1 (CI) makes that a failure. Nothing asserts a
time: the TTLs are seconds long, and the tests count.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import tempfile
import threading
import time
import unittest
from typing import Any, Callable, List, Sequence

from idforge import IDError, lease, snowflake

DSN = os.environ.get("IDFORGE_POSTGRES_DSN", "")
LEASE_SQL = os.environ.get(
    "IDFORGE_LEASE_SQL",
    os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "lease", "lease.sql"),
)
WORKERS = 4
PER_WORKER = 10_000

try:
    import psycopg2 as driver  # type: ignore
except ImportError:
    try:
        import psycopg as driver  # type: ignore
    except ImportError:
        driver = None


def connect() -> Any:
    """Returns a new connection in autocommit mode: each lease call its own
    transaction, as the SQL lease functions want."""
    conn = driver.connect(DSN)
    conn.autocommit = True
    return conn


def executor(conn: Any) -> Callable[[str, Sequence[object]], List[Any]]:
    """Returns the function idforge.lease.acquire takes, on conn: a cursor's
    execute, then fetchall."""
    cur = conn.cursor()
    lock = threading.Lock()  # the renewal thread and the test share it

    def execute(sql: str, params: Sequence[object]) -> List[Any]:
        with lock:
            cur.execute(sql, params)
            return cur.fetchall()

    return execute


def setUpModule() -> None:
    if not DSN:
        raise unittest.SkipTest("IDFORGE_POSTGRES_DSN is not set: the lease client needs a real PostgreSQL (.ci/postgres starts one)")
    if driver is None:
        if os.environ.get("IDFORGE_REQUIRE_POSTGRES") == "1":
            raise RuntimeError("no psycopg2 or psycopg: install python3-psycopg2")
        raise unittest.SkipTest("neither psycopg2 nor psycopg is installed (apt-get install python3-psycopg2)")
    if not os.path.exists(LEASE_SQL):
        raise unittest.SkipTest(f"no {LEASE_SQL}: not in a clone of idforge (IDFORGE_LEASE_SQL names the script)")
    conn = connect()
    with open(LEASE_SQL) as f:
        conn.cursor().execute(f.read())
    conn.close()


def row(conn: Any, held: lease.Lease) -> Any:
    """Returns the lease's row: holder, token, high_water, and whether it is
    still live on the server's clock."""
    cur = conn.cursor()
    cur.execute(
        "SELECT holder, token, high_water, expires > clock_timestamp() FROM idforge_lease WHERE space = %s AND node = %s",
        (held.space, held.node),
    )
    return cur.fetchone()


def until_lost(gen: snowflake.Generator, limit: float = 120.0) -> tuple[int, IDError]:
    """Makes IDs until the generator refuses; returns how many it made and
    the error. limit bounds the wait (no assertion of time)."""
    made = 0
    stop = time.monotonic() + limit
    while time.monotonic() < stop:
        try:
            gen.next()
        except IDError as e:
            return made, e
        made += 1
        if made % 1000 == 0:
            time.sleep(0.01)
    raise AssertionError(f"the generator made {made} IDs and never stopped")


class TestForkedWorkers(unittest.TestCase):
    def test_four_workers_each_with_a_lease(self) -> None:
        """Four pre-forked workers, each leasing a node after the fork on a
        connection of its own, hold their leases at once and make 10,000
        Snowflakes each: no ID twice, four nodes."""
        # The parent holds a lease too, renewing in its thread while it forks.
        parent_conn = connect()
        parent = lease.acquire(executor(parent_conn), snowflake.LEASE_SPACE, ttl=30)
        parent_gen = snowflake.Generator.from_lease(parent)
        parent_gen.next()
        ready_r, ready_w = os.pipe()
        go_r, go_w = os.pipe()
        out = tempfile.mkdtemp()
        pids = []
        for n in range(WORKERS):
            pid = os.fork()
            if pid == 0:
                code = 1
                try:
                    os.close(ready_r)
                    os.close(go_w)
                    with lease.acquire(executor(connect()), snowflake.LEASE_SPACE, ttl=30, wait=30) as held:
                        gen = snowflake.Generator.from_lease(held)
                        os.write(ready_w, b"r")
                        os.read(go_r, 1)  # every worker holds its lease now
                        ids = [gen.next().int for _ in range(PER_WORKER)]
                        node = held.node
                    with open(os.path.join(out, f"{n}.json"), "w") as f:
                        json.dump({"node": node, "ids": ids}, f)
                    code = 0
                finally:
                    os._exit(code)
            pids.append(pid)
        os.close(ready_w)
        os.close(go_r)
        for _ in range(WORKERS):
            self.assertEqual(os.read(ready_r, 1), b"r", "a worker failed before leasing")
        os.write(go_w, b"g" * WORKERS)
        for pid in pids:
            _, status = os.waitpid(pid, 0)
            self.assertEqual(os.waitstatus_to_exitcode(status), 0)
        results = []
        for n in range(WORKERS):
            with open(os.path.join(out, f"{n}.json")) as f:
                results.append(json.load(f))
        shutil.rmtree(out)
        self.assertEqual(len(results), WORKERS)
        nodes = {r["node"] for r in results} | {parent.node}
        self.assertEqual(len(nodes), WORKERS + 1, "two live holders of one node")
        every: List[int] = []
        for r in results:
            self.assertEqual(len(r["ids"]), PER_WORKER)
            self.assertEqual({i >> 12 & 0x3FF for i in r["ids"]}, {r["node"]}, "an ID of another node than the worker's lease")
            every += r["ids"]
        self.assertEqual(len(set(every)), WORKERS * PER_WORKER, "duplicate IDs")
        self.assertIsNone(parent.error)
        parent_gen.next()
        parent.close()
        parent_conn.close()
        print(f"\n{WORKERS} workers, {len(every)} IDs, {len(set(every))} distinct, nodes {sorted(nodes)}")

    def test_child_with_the_parents_lease(self) -> None:
        """A forked child that uses the parent's lease, its generator or a
        new one from it, is refused with ErrLeaseLost saying to take a lease
        in the worker (gunicorn's post_fork); its close releases nothing,
        and the parent goes on."""
        conn = connect()
        held = lease.acquire(executor(conn), snowflake.LEASE_SPACE, ttl=30)
        gen = snowflake.Generator.from_lease(held)
        gen.next()
        r, w = os.pipe()
        pid = os.fork()
        if pid == 0:
            code = 1
            try:
                os.close(r)
                report = {}
                for name, make in (("next", gen.next), ("from_lease", lambda: snowflake.Generator.from_lease(held).next())):
                    try:
                        make()
                        report[name] = None
                    except IDError as e:
                        report[name] = [e.code, e.message]
                report["error"] = held.error.code if held.error is not None else None
                held.close()  # the parent's: nothing is released
                with os.fdopen(w, "w") as f:
                    json.dump(report, f)
                code = 0
            finally:
                os._exit(code)
        os.close(w)
        with os.fdopen(r) as f:
            report = json.load(f)
        _, status = os.waitpid(pid, 0)
        self.assertEqual(os.waitstatus_to_exitcode(status), 0)
        for name in ("next", "from_lease"):
            self.assertIsNotNone(report[name], f"{name} in the child made an ID under the parent's lease")
            code, message = report[name]
            self.assertEqual(code, "ErrLeaseLost")
            self.assertIn("take a lease in each worker", message)
            self.assertIn("post_fork", message)
            self.assertIn("from_lease", message)
        self.assertEqual(report["error"], "ErrLeaseLost")
        # The parent's lease is untouched: held on the server, and its
        # generator goes on.
        holder, token, _, live = row(connect(), held)
        self.assertEqual((holder, token, live), (held.holder, held.token, True))
        self.assertIsNone(held.error)
        gen.next()
        held.close()
        conn.close()


class TestLost(unittest.TestCase):
    def test_stolen(self) -> None:
        """A lease whose node goes to another acquisition on the server (the
        test raises its token) is lost at the next renewal: the generator
        stops with ErrLeaseLost, for good, and close releases nothing."""
        conn = connect()
        held = lease.acquire(executor(conn), snowflake.LEASE_SPACE, ttl=6)
        gen = snowflake.Generator.from_lease(held)
        gen.next()
        thief = connect()
        thief.cursor().execute(
            "UPDATE idforge_lease SET token = token + 1, holder = 'thief' WHERE space = %s AND node = %s",
            (held.space, held.node),
        )
        made, err = until_lost(gen)
        self.assertEqual(err.code, "ErrLeaseLost")
        self.assertIn("refused", err.message)
        with self.assertRaises(IDError) as again:
            gen.next()
        self.assertEqual(again.exception.code, "ErrLeaseLost")
        self.assertIsNotNone(held.error)
        held.close()
        self.assertEqual(row(thief, held)[0], "thief")
        thief.cursor().execute("DELETE FROM idforge_lease WHERE space = %s AND node = %s AND holder = 'thief'", (held.space, held.node))
        print(f"\nstolen: {made} IDs, then {err.code}")

    def test_renewals_stall_past_the_ttl(self) -> None:
        """When renewals stop getting answers (the test holds them), the
        generator stops with ErrLeaseLost while the server still holds the
        lease: before the node can go to anyone else."""
        conn = connect()
        run = executor(conn)
        stall = threading.Event()
        resume = threading.Event()

        def execute(sql: str, params: Sequence[object]) -> List[Any]:
            if stall.is_set() and "idforge_lease_renew(" in sql:
                resume.wait()
            return run(sql, params)

        # A margin of 3 s: the check below, on a connection opened
        # beforehand, must reach the server within it, however loaded the
        # machine is.
        held = lease.acquire(execute, snowflake.LEASE_SPACE, ttl=6, margin=3)
        gen = snowflake.Generator.from_lease(held)
        gen.next()
        observer = connect()
        stall.set()
        made, err = until_lost(gen)
        _, _, _, live = row(observer, held)
        self.assertEqual(err.code, "ErrLeaseLost")
        self.assertIn("no renewal confirmed in time", err.message)
        self.assertTrue(live, "the generator made IDs until after the server's expiry")
        resume.set()
        held.close()
        print(f"\nstalled: {made} IDs, then {err.code}, with the lease still live on the server")

    def test_failed_renewals_are_retried(self) -> None:
        """Renewals that get no answer (the next three raise, as a dropped
        connection does) are retried while the deadline allows: the lease
        stays held, and its generator goes on."""
        conn = connect()
        run = executor(conn)
        failures = 0
        renewed = threading.Semaphore(0)
        lock = threading.Lock()

        def execute(sql: str, params: Sequence[object]) -> List[Any]:
            nonlocal failures
            if "idforge_lease_renew(" in sql:
                with lock:
                    if failures > 0:
                        failures -= 1
                        raise OSError("connection reset (the test)")
                rows = run(sql, params)
                renewed.release()
                return rows
            return run(sql, params)

        held = lease.acquire(execute, snowflake.LEASE_SPACE, ttl=9)
        renewed.acquire()  # acquire's own renewal
        gen = snowflake.Generator.from_lease(held)
        gen.next()
        with lock:
            failures = 3
        self.assertTrue(renewed.acquire(timeout=60), "no renewal after the failures")
        self.assertEqual(failures, 0)
        self.assertIsNone(held.error)
        gen.next()
        holder, token, _, live = row(connect(), held)
        self.assertEqual((holder, token, live), (held.holder, held.token, True))
        held.close()

    def test_sigstop_past_the_ttl(self) -> None:
        """A worker stopped (SIGSTOP) past its TTL while another process takes
        its node makes no ID after it wakes: its generator raises
        ErrLeaseLost, and no ID of the two holders is the same."""
        r, w = os.pipe()
        go_r, go_w = os.pipe()
        out = tempfile.mkdtemp()
        pid = os.fork()
        if pid == 0:
            code = 1
            try:
                os.close(r)
                os.close(go_w)
                with lease.acquire(executor(connect()), snowflake.LEASE_SPACE, ttl=3) as held:
                    gen = snowflake.Generator.from_lease(held)
                    ids = [gen.next().int]
                    os.write(w, json.dumps(held.node).encode())
                    os.close(w)
                    os.read(go_r, 1)  # the parent stops this process before it writes
                    err = ""
                    try:
                        while True:
                            ids.append(gen.next().int)
                    except IDError as e:
                        err = e.code
                with open(os.path.join(out, "stopped.json"), "w") as f:
                    json.dump({"ids": ids, "error": err}, f)
                code = 0
            finally:
                os._exit(code)
        os.close(w)
        node = json.loads(os.read(r, 64))
        os.close(r)
        os.kill(pid, signal.SIGSTOP)
        try:
            # The node is free only once the stopped holder's lease has
            # ended on the server: wait for it.
            conn = connect()
            taker = lease.acquire(executor(conn), snowflake.LEASE_SPACE, ttl=30, node=node, wait=60)
            gen = snowflake.Generator.from_lease(taker)
            theirs = [gen.next().int for _ in range(5000)]
        finally:
            os.write(go_w, b"g")
            os.kill(pid, signal.SIGCONT)
        _, status = os.waitpid(pid, 0)
        self.assertEqual(os.waitstatus_to_exitcode(status), 0)
        with open(os.path.join(out, "stopped.json")) as f:
            stopped = json.load(f)
        shutil.rmtree(out)
        self.assertEqual(stopped["error"], "ErrLeaseLost")
        self.assertEqual(len(stopped["ids"]), 1, "the stopped worker made IDs after its lease ended")
        self.assertFalse(set(stopped["ids"]) & set(theirs))
        self.assertGreater(min(theirs), max(stopped["ids"]))
        taker.close()
        conn.close()


class TestHighWater(unittest.TestCase):
    def test_next_holder_starts_above(self) -> None:
        """A node released with a high-water tick ahead of this clock (another
        holder's, say) is taken again: every ID is on a later tick, and the
        release records the last tick used."""
        conn = connect()
        run = executor(conn)
        first = lease.acquire(run, snowflake.LEASE_SPACE, ttl=30)
        node = first.node
        first.close()
        ahead = (time.time_ns() - snowflake.LEASE_SPACE[2]) // 1_000_000 + 500  # half a second ahead
        conn.cursor().execute("UPDATE idforge_lease SET high_water = %s WHERE space = %s AND node = %s", (ahead, first.space, node))
        with self.assertRaises(IDError) as behind:
            lease.acquire(run, snowflake.LEASE_SPACE, ttl=30, node=node)
        self.assertEqual(behind.exception.code, "ErrClockBehind")
        second = lease.acquire(run, snowflake.LEASE_SPACE, ttl=30, node=node, wait=10)
        self.assertEqual(second.high_water, ahead)
        gen = snowflake.Generator.from_lease(second)
        ids = [gen.next() for _ in range(5000)]
        self.assertGreater(min(i.values()["timestamp"] for i in ids), ahead)
        last = max(i.values()["timestamp"] for i in ids)
        second.close()
        self.assertGreaterEqual(row(conn, second)[2], last)
        with self.assertRaises(IDError) as closed:
            gen.next()
        self.assertEqual(closed.exception.code, "ErrLeaseLost")


class TestArguments(unittest.TestCase):
    def test_errors(self) -> None:
        run = executor(connect())
        for kwargs, code in (
            ({"ttl": 0}, "ErrOption"),
            ({"ttl": 3, "margin": 2}, "ErrOption"),
            ({"node": 1024}, "ErrRange"),
            ({"schema": "public; drop table x"}, "ErrOption"),
            ({"holder": ""}, "ErrOption"),
        ):
            with self.subTest(kwargs=kwargs):
                with self.assertRaises(IDError) as e:
                    lease.acquire(run, snowflake.LEASE_SPACE, **kwargs)  # type: ignore[arg-type]
                self.assertEqual(e.exception.code, code)
        with self.assertRaises(IDError) as e:
            lease.acquire(run, ("snowflake", 10))  # type: ignore[arg-type]
        self.assertEqual(e.exception.code, "ErrOption")
        with lease.acquire(run, snowflake.LEASE_SPACE, ttl=30) as held:
            snowflake.Generator.from_lease(held)
            with self.assertRaises(IDError) as e:
                snowflake.Generator.from_lease(held)
            self.assertEqual(e.exception.code, "ErrOption")


class TestInstallRule(unittest.TestCase):
    def test_planted_schema_refused(self) -> None:
        """A schema where PUBLIC may CREATE (public on PostgreSQL 13 and 14)
        holds lease functions that hand out node 7: acquire refuses the
        schema with ErrOption, naming the fix, before it calls any of
        them."""
        conn = connect()
        cur = conn.cursor()
        schema = f"planted_{os.getpid()}"
        cur.execute(f"""CREATE SCHEMA {schema}; GRANT CREATE ON SCHEMA {schema} TO PUBLIC;
CREATE TABLE {schema}.calls (fn text);
CREATE FUNCTION {schema}.idforge_lease_protocol() RETURNS integer LANGUAGE sql VOLATILE AS $$ INSERT INTO {schema}.calls VALUES ('protocol'); SELECT 3 $$;
CREATE FUNCTION {schema}.idforge_lease_acquire(space text, node_bits integer, first bigint, span bigint, holder text, ttl interval, skew interval DEFAULT '1 second')
  RETURNS TABLE (node bigint, token bigint, expires timestamptz, high_water bigint) LANGUAGE sql VOLATILE
  AS $$ INSERT INTO {schema}.calls VALUES ('acquire'); SELECT 7::bigint, 1::bigint, clock_timestamp() + interval '1 hour', 0::bigint $$""")
        try:
            with self.assertRaises(IDError) as e:
                lease.acquire(executor(connect()), snowflake.LEASE_SPACE, schema=schema)
            self.assertEqual(e.exception.code, "ErrOption")
            self.assertIn(f"REVOKE CREATE ON SCHEMA {schema} FROM PUBLIC", str(e.exception))
            cur.execute(f"SELECT count(*) FROM {schema}.calls")
            self.assertEqual(cur.fetchone()[0], 0, "a planted function ran")
        finally:
            cur.execute(f"DROP SCHEMA {schema} CASCADE")
            conn.close()


if __name__ == "__main__":
    unittest.main()
