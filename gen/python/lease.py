"""Node leases: a node number for a layout's generator, held in PostgreSQL
through idforge's SQL lease functions (lease/lease.sql), by the rules of
idforge's Go package lease, so that no two live generators share a node.

acquire takes a function that runs one SQL statement with parameters and
returns its rows (no driver is imported here), and returns a Lease of a
free node of the layout's space. The Lease renews itself every TTL/3 in a
daemon thread; Generator.from_lease of the layout's module makes the
generator of its node, which refuses to make an ID, with IDError
ErrLeaseLost, once the lease is lost or may be about to end on the server,
and makes every ID on a later tick than the node's previous holder did.
close releases the node; a Lease is a context manager that closes it:

    import psycopg2
    from idforge import lease, snowflake

    conn = psycopg2.connect(dsn)
    conn.autocommit = True  # each call its own transaction
    cur = conn.cursor()

    def execute(sql, params):
        cur.execute(sql, params)
        return cur.fetchall()

    with lease.acquire(execute, snowflake.LEASE_SPACE) as held:
        gen = snowflake.Generator.from_lease(held)
        print(gen.next())

A lease belongs to the process that took it. A forked child (a pre-forked
web server's worker) takes a lease of its own after the fork, on a
connection of its own, for example in gunicorn's post_fork hook; a
generator made from the parent's lease refuses in the child with IDError
ErrLeaseLost, and closing the parent's lease in the child releases nothing.
docs/leases.md gives the recipe.
"""

from __future__ import annotations

import os
import re
import secrets
import socket
import threading
import time as _time
import weakref
from typing import Callable, Mapping, Optional, Sequence, Set, Tuple, Union, cast

from ._runtime import IDError

__all__ = ["DEFAULT_TTL", "POD_INDEX_ENV", "Execute", "Lease", "Space", "acquire", "ordinal_from_hostname", "stateful_set_ordinal"]

DEFAULT_TTL = 10.0
"""A lease's time to live, in seconds, unless acquire's ttl says otherwise:
10, as Go's lease.DefaultTTL."""

Execute = Callable[[str, Sequence[object]], Sequence[object]]
"""The function acquire takes: it runs one statement, sql, with the
parameters params (placeholders %s, or $1, $2, ... with paramstyle
"numeric"), and returns its rows, each a sequence of the columns (a tuple,
as psycopg's fetchall returns) or a mapping of them by name."""

Space = Tuple[str, int, int, int, int]
"""A layout's node space, its module's LEASE_SPACE: the space's key, as
every language's lease client writes it ("snowflake/2010-11-04T01:42:54.657Z/10"),
the node's width in bits, the layout's epoch in nanoseconds since the Unix
epoch, and its tick: the first over the second nanoseconds."""

_IDENT = re.compile(r"[A-Za-z_][A-Za-z0-9_]*\Z")

_FORK_FIX = "take a lease in each worker after the fork (idforge.lease.acquire, for example in gunicorn's post_fork hook, on a connection of the worker's own) and make the worker's Generator from it with Generator.from_lease"


def _error(code: str, message: str) -> IDError:
    """Returns the lease client's IDError, its message prefixed by
    'lease: ', as Go's errors are."""
    return IDError(code, "lease: " + message)


def _column(row: object, index: int, name: str) -> object:
    """Returns a row's column, by index from a sequence (a tuple) or by name
    from a mapping (psycopg's dict_row, a dict)."""
    if isinstance(row, Mapping):
        return cast("Mapping[str, object]", row)[name]
    if isinstance(row, Sequence) and not isinstance(row, (str, bytes)):
        return cast("Sequence[object]", row)[index]
    raise _error("ErrType", f"execute returned a row of type {type(row).__name__}, not a sequence or a mapping of its columns")


def _int(value: object, name: str) -> int:
    """Returns a bigint column as an int, however the driver returned it."""
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    try:
        return int(str(value))
    except ValueError:
        raise _error("ErrType", f"execute returned {name} {value!r}, not an integer") from None


def _is_text(value: object) -> bool:
    """Whether value is a str: arguments are checked, as a caller without a
    type checker may pass anything."""
    return isinstance(value, str)


def _is_int(value: object) -> bool:
    """Whether value is an int and no bool."""
    return isinstance(value, int) and not isinstance(value, bool)


def _space(space: object) -> Space:
    """Returns space as a Space, if it is one: a layout's LEASE_SPACE."""
    if isinstance(space, tuple):
        t = cast("Tuple[object, ...]", space)
        if len(t) == 5 and isinstance(t[0], str) and all(_is_int(v) for v in t[1:]):
            return cast(Space, t)
    raise _error("ErrOption", "acquire needs the LEASE_SPACE of a layout's module, such as idforge.snowflake.LEASE_SPACE")


def _holder_name() -> str:
    """Returns a holder's identity unique to each lease: the host, the
    process and 64 random bits, as Go's lease writes it."""
    return f"{socket.gethostname()}/{os.getpid()}/{secrets.token_hex(8)}"


POD_INDEX_ENV = "IDFORGE_POD_INDEX"
"""The environment variable stateful_set_ordinal reads first: the pod's
index in its StatefulSet, which Kubernetes 1.28 and later put in the pod's
label apps.kubernetes.io/pod-index. Kubernetes sets no such variable
itself: map the label to it with the downward API (fieldRef, fieldPath
metadata.labels['apps.kubernetes.io/pod-index'])."""

_ORDINAL_FIX = (
    "run the generator in a StatefulSet's pod, whose name is <statefulset>-<ordinal>, or map the label "
    f"apps.kubernetes.io/pod-index to {POD_INDEX_ENV} with the downward API, or lease node numbers from PostgreSQL or etcd instead"
)

_DIGITS = re.compile(r"[0-9]+\Z")


def _read_ordinal(s: str) -> Union[int, str]:
    """Reads a StatefulSet ordinal: decimal digits (ASCII), no sign, no
    leading zero. Returns the number, or a str that says what is wrong."""
    if s == "":
        return "no digits"
    if not _DIGITS.match(s):
        return f"{_quote(s)} is not a decimal number"
    if len(s) > 1 and s[0] == "0":
        return f"{_quote(s)} has a leading zero"
    return int(s)


def _quote(s: str) -> str:
    """Quotes s as Go's %q and JavaScript's JSON.stringify do, for the
    plain text of host names."""
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _ordinal_space(space: object, what: str) -> Space:
    """Returns space as a Space, or raises ErrOption naming what needs it."""
    try:
        return _space(space)
    except IDError:
        raise _error("ErrOption", f"{what} needs the LEASE_SPACE of a layout's module, such as idforge.snowflake.LEASE_SPACE") from None


def _ordinal_in(n: int, what: str, space: Space) -> int:
    """Returns the ordinal n, read from what, if it is a node of space;
    else raises ErrOrdinal."""
    size = 1 << space[1]
    if n >= size:
        raise _error(
            "ErrOrdinal",
            f"ordinal {n}, from {what}, is outside the node space {space[0]}, which holds {size} nodes, 0 to {size - 1}: "
            f"run at most {size} replicas (counting the StatefulSet's ordinals.start), or lease node numbers from PostgreSQL or etcd instead",
        )
    return n


def ordinal_from_hostname(hostname: str, space: Space) -> int:
    """Returns the ordinal of a StatefulSet pod's name (or its host name,
    the name followed by a domain): the decimal number after the last "-"
    of its first label ("web-3" and "web-3.web.default.svc" give 3), checked
    to be a node of space (a layout's LEASE_SPACE). It raises IDError
    ErrOrdinal, naming the value, the size of the space and the fix, for a
    name that is not <statefulset>-<ordinal> (no "-", nothing before it,
    anything but digits after it, or a leading zero) and for an ordinal
    outside the space, as Go's lease.OrdinalFromHostname does."""
    sp = _ordinal_space(space, "ordinal_from_hostname")
    if not _is_text(hostname):
        raise _error("ErrOption", f"ordinal_from_hostname needs a host name, a str, not {type(hostname).__name__}")
    name = hostname.split(".", 1)[0]
    i = name.rfind("-")
    if i <= 0:
        raise _error("ErrOrdinal", f"the host name {_quote(hostname)} is not a StatefulSet pod's name, <statefulset>-<ordinal>: {_ORDINAL_FIX}")
    n = _read_ordinal(name[i + 1 :])
    if isinstance(n, str):
        raise _error("ErrOrdinal", f"the host name {_quote(hostname)} does not end in a StatefulSet ordinal ({n}): {_ORDINAL_FIX}")
    return _ordinal_in(n, f"the host name {_quote(hostname)}", sp)


def stateful_set_ordinal(space: Space, env: Optional[Mapping[str, str]] = None) -> int:
    """Returns the node number of this pod of a Kubernetes StatefulSet, its
    ordinal, for the layout's Generator: from POD_INDEX_ENV if env (default
    os.environ) has it, else from the pod's name in HOSTNAME (Kubernetes
    sets it), else from socket.gethostname(), as Go's
    lease.StatefulSetOrdinal does. It raises IDError ErrOrdinal, naming the
    value, the size of the space and the fix, when the value is not a
    StatefulSet pod's or its ordinal is not a node of space. A StatefulSet
    runs at most one pod of each ordinal, so it needs no lease, as long as
    its replicas fit the space and no other generator of the layout uses
    the same numbers."""
    sp = _ordinal_space(space, "stateful_set_ordinal")
    environ: Mapping[str, str] = os.environ if env is None else env
    index = environ.get(POD_INDEX_ENV)
    if index is not None:
        what = f"{POD_INDEX_ENV}={_quote(index)}"
        n = _read_ordinal(index)
        if isinstance(n, str):
            raise _error("ErrOrdinal", f"{what} is not a pod index ({n}): {_ORDINAL_FIX}")
        return _ordinal_in(n, what, sp)
    host = environ.get("HOSTNAME", "")
    if host == "":
        host = socket.gethostname()
    return ordinal_from_hostname(host, sp)


def acquire(
    execute: Execute,
    space: Space,
    *,
    ttl: float = DEFAULT_TTL,
    margin: Optional[float] = None,
    node: Optional[int] = None,
    wait: float = 0.0,
    holder: Optional[str] = None,
    schema: str = "public",
    paramstyle: str = "format",
) -> Lease:
    """Leases a node of space (a layout's LEASE_SPACE, such as
    idforge.snowflake.LEASE_SPACE) from PostgreSQL, and returns the Lease,
    which renews itself in a daemon thread until it is closed or lost. The
    SQL lease functions must be installed in schema (run lease/lease.sql
    once; Go's PostgreSQL engine and idforge new -lease install them on
    first use).

    execute runs one statement with parameters and returns its rows: with
    psycopg (2 or 3), a cursor's execute and then fetchall. The lease calls
    it from its renewal thread as well, so give it a connection of its own,
    in autocommit mode (each call its own transaction, as the functions
    want), which no other thread uses while the lease holds it. paramstyle
    is "format" for %s placeholders (psycopg, pg8000) or "numeric" for $1,
    $2, ...

    ttl is the lease's time to live in seconds (default 10), renewed every
    ttl/3; margin how long before the server could let the node go the
    generator stops (default ttl/5; below 2/3 of ttl); node takes that node
    only, instead of any free one; wait is how long, in seconds, to keep
    trying while every node (or the node asked for) is held (default 0: one
    try), and at most as long again for this clock to pass the node's
    previous holder's high-water tick; holder is the identity the server
    records (default the host, the process and random bits).

    Errors are IDError: ErrFull when the node asked for, or every node, is
    still held after the wait; ErrClockBehind when the clock stays behind
    the node's previous holder; ErrOption for a bad argument, or a schema
    that idforge's install rule refuses (docs/leases.md: before it calls
    any of the functions, it checks in the catalogs that no role but their
    owner may CREATE there or owns a lease object there, and none holds a
    privilege on the lease table; the message names each problem and its
    fix); ErrRange for a node outside the space; and whatever execute
    raises.
    """
    if not callable(execute):
        raise _error("ErrOption", "acquire needs a function that runs one statement: execute(sql, params) -> rows")
    space = _space(space)
    key, bits = space[0], space[1]
    if margin is None:
        margin = ttl / 5
    if not (ttl > 0 and 0 <= margin < ttl * 2 / 3):
        raise _error("ErrOption", f"TTL {ttl}s with margin {margin}s: want a positive TTL and a margin below 2/3 of it")
    if not wait >= 0:
        raise _error("ErrOption", f"wait is a number of seconds, 0 or more, not {wait!r}")
    if holder is None:
        holder = _holder_name()
    if not _is_text(holder) or holder == "":
        raise _error("ErrOption", "holder is a string, not empty")
    if not _is_text(schema) or not _IDENT.match(schema):
        raise _error("ErrOption", f"schema is a plain SQL identifier, not {schema!r}")
    if paramstyle not in ("format", "numeric"):
        raise _error("ErrOption", f'paramstyle is "format" (%s) or "numeric" ($1), not {paramstyle!r}')
    size = 1 << bits
    if node is None:
        start, span = secrets.randbelow(size), size
    else:
        if not _is_int(node) or not 0 <= node < size:
            raise _error("ErrRange", f"node {node!r} is outside {key}, which holds {size}")
        start, span = node, 1
    _check_schema(execute, schema, paramstyle)
    return Lease(execute, space, schema, holder, ttl, margin, paramstyle, start, span, wait)


# The query that checks, in the catalogs alone, that the lease functions of
# a schema are to be trusted before any of them is called: idforge's
# install rule (Go's lease.PostgresCheck, package pginstall), which the
# package's build writes here. @schema@ stands for the schema's name.
_CHECK_SQL: str = "@idforge-lease-check@"


def _check_schema(execute: Execute, schema: str, paramstyle: str) -> None:
    """Refuses a schema whose lease functions another role could have
    planted or could steer: one where a role other than their owner may
    CREATE, one of whose lease objects another role owns, or whose lease
    table another role holds a privilege on. Each problem comes with its
    fix."""
    sql = _CHECK_SQL
    if paramstyle == "format":
        sql = sql.replace("%", "%%").replace("@schema@", "%s")
        params: Sequence[object] = (schema,) * _CHECK_SQL.count("@schema@")
    else:
        sql = sql.replace("@schema@", "$1")
        params = (schema,)
    rows = execute(sql, params)
    if not rows:
        return
    problems: list[str] = []
    for r in rows:
        cols = [_column(r, i, name) for i, name in enumerate(("kind", "object", "role", "problem", "fix"))]
        problems.append(f"{cols[1]}: {cols[2]} {cols[3]} (fix: {cols[4]})")
    raise _error("ErrOption", f"schema {schema}: refused by idforge's install rule, so no lease function there is called: " + "; ".join(problems))


class Lease:
    """A node of a layout's space, held in PostgreSQL: acquire makes one. It
    renews itself every TTL/3 in a daemon thread and is lost for good when a
    renewal is refused, or none is confirmed in time. Its generator
    (Generator.from_lease of the layout's module) refuses to make an ID,
    with IDError ErrLeaseLost, from the moment the lease may be about to end
    on the server: the last confirmed renewal's sending plus the TTL minus
    the margin, on the monotonic clock. close, or leaving a with block,
    releases the node.

    A lease serves one generator, in the process that took it; the
    generator is safe for use from several threads.
    """

    def __init__(self, execute: Execute, space: Space, schema: str, holder: str, ttl: float, margin: float, paramstyle: str, start: int, span: int, wait: float) -> None:
        """acquire makes a Lease, with its checked arguments; do not call
        this yourself. It takes a node of the span counted up from start."""
        self._execute = execute
        self._space = space
        self._holder = holder
        self._ttl = ttl
        self._margin = margin
        self._interval = f"{round(ttl * 1e6)} microseconds"  # the TTL as a PostgreSQL interval
        self._ttl_ns = round(ttl * 1e9)
        n = 6
        marks = ["%s"] * n if paramstyle == "format" else [f"${i + 1}" for i in range(n)]
        self._acquire_sql = f"SELECT node, token, expires, high_water FROM {schema}.idforge_lease_acquire({marks[0]}, {marks[1]}, {marks[2]}, {marks[3]}, {marks[4]}, {marks[5]}::interval)"
        self._renew_sql = f"SELECT {schema}.idforge_lease_renew({marks[0]}, {marks[1]}, {marks[2]}, {marks[3]}, {marks[4]}::interval, {marks[5]})"
        self._release_sql = f"SELECT {schema}.idforge_lease_release({marks[0]}, {marks[1]}, {marks[2]}, {marks[3]}, {marks[4]})"
        self._node = 0
        self._token = 0
        self._above = 0  # the high-water tick the node's previous holder left
        self._reserved = 0  # the high-water tick the server last confirmed: no ID on it or past it
        self._deadline = 0.0  # on the monotonic clock: the last confirmed expiry minus the margin
        self._renew_at = 0.0  # on the monotonic clock: when the next renewal is due
        self._error: Optional[IDError] = None  # why the lease was lost; None while it is held
        self._failure = ""  # why the last renewal got no answer, if it got none
        self._lose_lock = threading.Lock()  # guards _error
        self._lock = threading.Lock()  # orders renewals and close
        self._stop = threading.Event()
        self._thread: Optional[threading.Thread] = None
        self._clock: Callable[[], int] = _time.time_ns  # the bound generator's clock
        self._bound = False
        self._last_tick = -1  # the last tick the bound generator read, or -1
        self._pid = os.getpid()
        self._closed = False
        hook = weakref.WeakMethod(self._after_fork)
        _fork_hooks.add(hook)
        weakref.finalize(self, _fork_hooks.discard, hook)
        self._acquire(start, span, wait)

    def __repr__(self) -> str:
        state = "held" if self._error is None else "lost"
        return f"<idforge.lease.Lease node {self._node} of {self._space[0]}, {state}>"

    @property
    def node(self) -> int:
        """The node number held."""
        return self._node

    @property
    def space(self) -> str:
        """The space's key, as every language's lease client writes it:
        "snowflake/2010-11-04T01:42:54.657Z/10"."""
        return self._space[0]

    @property
    def holder(self) -> str:
        """The holder's identity, as the server records it."""
        return self._holder

    @property
    def token(self) -> int:
        """The fencing token of this acquisition of the node."""
        return self._token

    @property
    def high_water(self) -> int:
        """The high-water tick the node's previous holder left: the
        generator makes every ID on a later tick."""
        return self._above

    @property
    def error(self) -> Optional[IDError]:
        """Why the lease ended, an IDError whose code is ErrLeaseLost, or
        None while it is held."""
        self._check_deadline()
        return self._error

    def __enter__(self) -> Lease:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # The layout's clock: ticks since the epoch, and the instant a tick begins.

    def _tick(self, ns: int) -> int:
        """Returns the tick of the layout's clock that holds ns, nanoseconds
        since the Unix epoch (negative before the epoch)."""
        _, _, epoch, num, den = self._space
        return (ns - epoch) * den // num

    def _time_of(self, tick: int) -> int:
        """Returns when tick begins, in nanoseconds since the Unix epoch,
        rounded up."""
        _, _, epoch, num, den = self._space
        return epoch + -(-tick * num // den)

    def _acquire(self, start: int, span: int, wait: float) -> None:
        """Takes a node of the span counted up from start, waiting up to wait
        seconds while every one is held; then waits (as long again, at most)
        for the clock to pass the node's high-water tick, records a
        high-water tick that covers the generator's first IDs, and starts
        the renewals."""
        key, bits = self._space[0], self._space[1]
        began = _time.monotonic()
        nap = 0.01
        while True:
            sent = _time.monotonic()
            rows = self._execute(self._acquire_sql, (key, bits, start, span, self._holder, self._interval))
            if rows:
                row = rows[0]
                self._node = _int(_column(row, 0, "node"), "node")
                self._token = _int(_column(row, 1, "token"), "token")
                self._above = self._reserved = _int(_column(row, 3, "high_water"), "high_water")
                self._deadline = sent + self._ttl - self._margin
                self._renew_at = sent + self._ttl / 3
                break
            waited = _time.monotonic() - began
            if waited >= wait:
                what = f"node {start}" if span == 1 else f"all {span} nodes"
                raise _error("ErrFull", f"{what} of space {key} held, after waiting {waited:.3f}s")
            _time.sleep(min(nap * (1 + secrets.randbelow(1 << 20) / (2 << 20)), wait - waited))
            nap = min(2 * nap, 1.0, self._ttl / 4)
        # Renewing from here on, so that a long wait for the clock keeps the
        # lease.
        self._thread = threading.Thread(target=self._run, name=f"idforge lease {key} node {self._node}", daemon=True)
        self._thread.start()
        try:
            began = _time.monotonic()
            while True:
                if self._error is not None:
                    raise self._error
                behind = self._time_of(self._above + 1) - _time.time_ns()
                if behind <= 0:
                    break
                if _time.monotonic() - began >= wait:
                    raise _error("ErrClockBehind", f"node {self._node} of {key} was used up to tick {self._above}; this clock is {behind / 1e9:.3f}s behind it")
                _time.sleep(min(behind / 1e9, 1.0))
            with self._lock:
                self._renew()
            if self._error is not None:
                raise self._error
        except BaseException:
            self._lose("acquire failed")
            self._thread.join()
            try:
                self._release(self._above)
            except Exception:
                pass  # the error that stopped acquire is the one to see; the lease expires in a TTL anyway
            raise

    def bind(self, space: Space, clock: Callable[[], int]) -> Callable[[], int]:
        """Ties the lease to the generator of space (its module's
        LEASE_SPACE) that reads clock, nanoseconds since the Unix epoch, and
        returns the clock the generator reads instead: it raises IDError
        ErrLeaseLost once the lease is lost or may be about to end, and
        never reads a tick at or below the node's previous holder's
        high-water tick. Generator.from_lease calls it; a lease serves one
        generator (a second is ErrOption), and only in the process that
        took it (in a forked child, ErrLeaseLost)."""
        if os.getpid() != self._pid:
            raise _error("ErrLeaseLost", f"node {self._node} of {self._space[0]} is leased by the parent process, not this forked child: {_FORK_FIX}")
        if space != self._space:
            raise _error("ErrOption", f"a lease of {self._space[0]} for a generator of {space[0]}")
        with self._lose_lock:  # not _lock, which a renewal waiting on the server holds
            if self._bound:
                raise _error("ErrOption", f"node {self._node} of {self._space[0]} serves a generator already")
            self._bound = True
            self._clock = clock
        floor = self._time_of(self._above + 1)
        monotonic = _time.monotonic

        def read() -> int:
            """The generator's clock, fenced by the lease."""
            if self._error is None and monotonic() >= self._deadline:
                self._lose("no renewal confirmed in time")
            error = self._error
            if error is not None:
                raise IDError(error.code, error.message)  # a new one each time, so that no traceback grows
            ns: object = clock()
            if type(ns) is not int:
                raise IDError("ErrTime", f"lease: the clock read {ns!r}, not an int of nanoseconds since the Unix epoch")
            if ns < floor:
                ns = floor
            tick = self._tick(ns)
            if tick >= self._reserved:
                self._lose("the clock reached the high-water tick last confirmed")
                raise IDError("ErrLeaseLost", self._error.message if self._error is not None else "lease: lost")
            if tick > self._last_tick:
                self._last_tick = tick
            return ns

        return read

    def close(self) -> None:
        """Stops the generator and the renewals, and releases the node,
        recording the last tick the generator used as its high-water mark,
        so that the node is free at once. Closing a lost lease only stops
        the renewals; closing it again does nothing; in a forked child it
        releases nothing, as the lease is the parent's."""
        if os.getpid() != self._pid or self._closed:
            return
        self._closed = True
        self._stop.set()
        thread = self._thread
        if thread is not None and thread is not threading.current_thread():
            thread.join()
        with self._lock:
            if self._error is not None:
                return
            self._lose("closed")
            self._release(max(self._above, self._last_tick))

    def _release(self, high_water: int) -> None:
        """Releases the node, recording high_water as its mark."""
        self._execute(self._release_sql, (self._space[0], self._node, self._holder, self._token, high_water))

    def _check_deadline(self) -> None:
        """Loses the lease once the monotonic clock has reached its deadline."""
        if self._error is None and _time.monotonic() >= self._deadline:
            self._lose("no renewal confirmed in time")

    def _lose(self, why: str) -> None:
        """Ends the lease, for good, with an ErrLeaseLost that says why (and
        why the last renewal failed, if it did)."""
        if self._failure:
            why += f" (the last renewal failed: {self._failure})"
        with self._lose_lock:
            if self._error is None:
                self._error = _error("ErrLeaseLost", f"node {self._node} of {self._space[0]}: {why}")
                self._stop.set()

    def _after_fork(self) -> None:
        """In a forked child: the lease is the parent's, which the parent
        goes on renewing. It is lost in the child, with an error that says
        how to take one of the child's own; its locks are new (the renewal
        thread may have held one in the fork); and close releases nothing."""
        self._lose_lock = threading.Lock()
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._thread = None
        self._error = None
        self._lose(f"the lease is the parent process's, which goes on with the node: {_FORK_FIX}")

    def _run(self) -> None:
        """The renewal thread: steps until the lease is lost or closed."""
        wait = max(self._renew_at - _time.monotonic(), 0.001)
        while not self._stop.wait(wait):
            with self._lock:
                next_wait = self._step()
            if next_wait is None:
                return
            wait = next_wait

    def _step(self) -> Optional[float]:
        """Renews the lease if it is due, or loses it if its deadline has
        come. Returns how long to wait before the next step, or None once
        the lease is lost. self._lock must be held."""
        if self._error is not None:
            return None
        now = _time.monotonic()
        if now >= self._deadline:
            self._lose("no renewal confirmed in time")
            return None
        if now >= self._renew_at:
            try:
                self._renew()
                self._failure = ""
            except Exception as e:  # the server out of reach, or failing: try again soon, while the deadline allows
                self._failure = f"{type(e).__name__}: {e}".strip()
                self._renew_at = now + self._ttl / 20
        if self._error is not None:
            return None
        now = _time.monotonic()
        return max(min(self._renew_at, self._deadline) - now, 0.001)

    def _renew(self) -> None:
        """Renews the lease once, recording a high-water tick above every
        tick the generator can reach before the new deadline (its clock, or
        its last tick if later, plus a TTL). A refusal, or a confirmation
        that comes after the deadline, loses the lease; a failed call (no
        answer) raises what execute raised. self._lock must be held."""
        sent = _time.monotonic()
        now = max(self._tick(self._clock()), self._last_tick)
        high_water = max(self._tick(self._time_of(now) + self._ttl_ns), self._reserved)
        rows = self._execute(self._renew_sql, (self._space[0], self._node, self._holder, self._token, self._interval, high_water))
        if self._error is not None:
            return
        expires = _column(rows[0], 0, "idforge_lease_renew") if rows else None
        if expires is None:
            self._lose("the server refused the renewal (the lease expired, or the node went to another holder)")
            return
        if _time.monotonic() >= self._deadline:
            self._lose("the renewal was confirmed too late")
            return
        self._deadline = sent + self._ttl - self._margin
        self._renew_at = sent + self._ttl / 3
        self._reserved = max(self._reserved, high_water)


# The hooks (Lease._after_fork) of the live leases, which a forked child
# runs: weak, so that a lease no one holds goes, and its hook with it.
_fork_hooks: Set[weakref.WeakMethod[Callable[[], None]]] = set()


def _after_fork() -> None:
    """Runs in a forked child: the hook of every live lease."""
    for ref in list(_fork_hooks):
        hook = ref()
        if hook is not None:
            hook()


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_after_fork)
