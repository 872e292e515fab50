"""A program that uses the Python package as a typed project would, which
mypy --strict and pyright's strict mode must accept with no error, and
which runs (.ci/python-packages checks both): every type it reads is exact,
never Optional where there is always a value, never a union to narrow.
"""

from __future__ import annotations

import itertools
import uuid
from datetime import datetime, timedelta, timezone

from typing import Sequence

from idforge import lease, snowflake, ulid, uuidv1, uuidv4, uuidv7


def main() -> None:
    id = uuidv7.new_id()
    when: datetime = id.datetime  # a datetime, never None, for a layout with a time
    print(str(id), when.isoformat())
    values: uuidv7.IDFields = id.values()
    ms: int = values["unix_ms"] + 1  # an int field is an int
    entropy: bytes = ulid.new_id().values()["entropy"]  # a bytes field is bytes
    nothing: None = uuidv4.new_id().datetime  # None, for a layout without a time
    assert nothing is None

    # uuid.UUID's own attributes keep the standard library's types.
    v1 = uuidv1.new_id()
    stamp: int = v1.time  # the 60-bit timestamp, as uuid.UUID has it
    parts: tuple[int, int, int, int, int, int] = v1.fields
    clock_seq: int = v1.clock_seq
    version: int | None = v1.version
    safe: uuid.SafeUUID = v1.is_safe
    assert (stamp, parts, clock_seq, version, safe) == (uuid.UUID(str(v1)).time, uuid.UUID(str(v1)).fields, uuid.UUID(str(v1)).clock_seq, 1, uuid.SafeUUID.unknown)
    assert v1.datetime == datetime(1582, 10, 15, tzinfo=timezone.utc) + timedelta(microseconds=stamp // 10)
    print(ms, entropy.hex())

    u: uuid.UUID = id.to_uuid()
    assert uuidv7.ID.from_uuid(u) == id == uuidv7.ID.parse(u) == uuidv7.ID(u)
    hexed: str = id.hex
    number: int = id.int
    raw: bytes = id.bytes
    assert (hexed, number, raw) == (u.hex, u.int, u.bytes)

    first: list[uuidv7.ID] = list(itertools.islice(uuidv7.Generator(), 3))
    assert first == sorted(first)
    assert uuidv7.ID.min_at(datetime(2024, 1, 1, tzinfo=timezone.utc)) < id < uuidv7.ID.MAX

    snowflake.set_node(1)
    node: int = snowflake.new_id().values()["node"]
    assert node == 1
    assert not uuidv4.new_id().is_zero()

    try:
        uuidv7.ID.parse("not a uuid")
    except uuidv7.IDError as e:
        code: str = e.code
        position: int | None = e.position
        print(code, position, e.message)


def leased(execute: lease.Execute) -> list[snowflake.ID]:
    """Snowflakes under a lease, as a worker makes them: execute is typed as
    a psycopg cursor's execute and fetchall make it (leased_ids below)."""
    with lease.acquire(execute, snowflake.LEASE_SPACE, ttl=30, wait=5) as held:
        node: int = held.node
        gen = snowflake.Generator.from_lease(held)
        ids = [gen.next() for _ in range(3)]
        assert all(i.values()["node"] == node for i in ids)
        lost: snowflake.IDError | None = held.error
        assert lost is None
        return ids


def leased_ids(rows: list[tuple[object, ...]]) -> list[snowflake.ID]:
    """leased, with a function shaped as one over psycopg's cursor: it
    type-checks (it runs only with a database, which this program has not)."""

    def execute(sql: str, params: Sequence[object]) -> list[tuple[object, ...]]:
        return rows

    return leased(execute)


if __name__ == "__main__":
    main()
