"""A lease holder for gen/crosslang's fault tests (faults_test.go), on the
Python lease client (idforge.lease) and psycopg2 (or psycopg): it leases a
Snowflake node from the PostgreSQL at IDFORGE_POSTGRES_DSN and makes IDs
until SIGTERM (it closes its lease and exits 0) or until its lease is lost
(exit 3), writing the lines Go's leasetest.Child reads: A node unix-ns,
I id, R unix-ns, L kind message (lost, and it takes another, with
IDFORGE_LEASE_RECOVER), E kind message. IDFORGE_LEASE_TTL and
IDFORGE_LEASE_WAIT are Go durations (3s, 500ms); IDFORGE_LEASE_NODE asks
for one node."""

from __future__ import annotations

import os
import re
import signal
import sys
import time
from typing import Any, List, Optional, Sequence

from idforge import IDError, lease, snowflake

try:
    import psycopg2 as driver  # type: ignore
except ImportError:
    import psycopg as driver  # type: ignore


def seconds(text: Optional[str], fallback: float) -> float:
    m = re.fullmatch(r"([0-9.]+)(ms|s|m)", text or "")
    if not m:
        return fallback
    return float(m.group(1)) * {"ms": 0.001, "s": 1.0, "m": 60.0}[m.group(2)]


TTL = seconds(os.environ.get("IDFORGE_LEASE_TTL"), 10.0)
WAIT = seconds(os.environ.get("IDFORGE_LEASE_WAIT"), 0.0)
NODE = os.environ.get("IDFORGE_LEASE_NODE")
RECOVER = bool(os.environ.get("IDFORGE_LEASE_RECOVER"))
term = False


def on_term(_sig: int, _frame: Any) -> None:
    global term
    term = True


signal.signal(signal.SIGTERM, on_term)


def line(s: str) -> None:
    sys.stdout.write(s + "\n")
    sys.stdout.flush()


def one_line(e: BaseException) -> str:
    return str(e).replace("\n", " ")


class Executor:
    """The function acquire takes, on a connection of its own that it makes
    again after one fails (the server restarted, the network cut): the
    connection's calls time out rather than hang."""

    def __init__(self) -> None:
        self.conn: Any = None

    def __call__(self, sql: str, params: Sequence[object]) -> List[Any]:
        if self.conn is None:
            conn = driver.connect(os.environ["IDFORGE_POSTGRES_DSN"], connect_timeout=5, options="-c statement_timeout=5000")
            conn.autocommit = True
            self.conn = conn
        try:
            cur = self.conn.cursor()
            cur.execute(sql, params)
            return cur.fetchall()
        except Exception:
            try:
                self.conn.close()
            except Exception:
                pass
            self.conn = None
            raise


def take(first: bool) -> Optional[lease.Lease]:
    while True:
        try:
            kw: Any = {"ttl": TTL, "wait": WAIT if first else 5.0}
            if NODE is not None:
                kw["node"] = int(NODE)
            return lease.acquire(Executor(), snowflake.LEASE_SPACE, **kw)
        except Exception:
            if first or not RECOVER:
                raise
            if term:
                return None
            time.sleep(0.1)


def install() -> None:
    """Installs lease/lease.sql from the path IDFORGE_LEASE_SQL, if set."""
    path = os.environ.get("IDFORGE_LEASE_SQL")
    if path:
        conn = driver.connect(os.environ["IDFORGE_POSTGRES_DSN"], connect_timeout=5)
        conn.autocommit = True
        with open(path) as f:
            conn.cursor().execute(f.read())
        conn.close()


def main() -> int:
    try:
        install()
        held = take(True)
    except IDError as e:
        line(f"E {'full' if e.code == 'ErrFull' else 'other'} {one_line(e)}")
        return 5 if e.code == "ErrFull" else 6
    except Exception as e:
        line(f"E other {one_line(e)}")
        return 6
    assert held is not None
    while True:
        line(f"A {held.node} {time.time_ns()}")
        lost: Optional[BaseException] = None
        try:
            gen = snowflake.Generator.from_lease(held)
        except IDError as e:
            if not RECOVER:
                line(f"E other {one_line(e)}")
                return 6
            lost = e
        while lost is None:
            if term:
                try:
                    held.close()
                except Exception as e:
                    line(f"E other closing the lease: {one_line(e)}")
                    return 6
                line(f"R {time.time_ns()}")
                return 0
            out = []
            try:
                for _ in range(5):
                    out.append(f"I {gen.next().int}")
            except IDError as e:
                if e.code != "ErrLeaseLost":
                    line("\n".join(out + [f"E other making an ID: {one_line(e)}"]))
                    return 6
                lost = e
            if out:
                line("\n".join(out))
            if lost is None:
                time.sleep(0.001)
        if not RECOVER:
            line(f"E lost {one_line(lost)}")
            return 3
        line(f"L lost {one_line(lost)}")
        try:
            held.close()
        except Exception:
            pass
        nxt = take(False)
        if nxt is None:
            return 0
        held = nxt


if __name__ == "__main__":
    sys.exit(main())
