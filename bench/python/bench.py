"""Speed of idforge's generated Python (the package idforge) against the standard
library's uuid module and, where they can be imported, python-ulid (ULID)
and uuid6 (uuid7), measured side by side in one process.

Every round times each operation's two implementations one after the other,
the order alternating from round to round, with timeit; so load from other
processes falls on both alike. It prints the median time per call of each,
and the median over the rounds of the per-round ratio peer / ours (above
1: ours is faster). It measures; it asserts nothing.

    python3 bench/python/bench.py [--rounds N] [--number N] [--package DIR] [--peers DIR]

--rounds (default 21) and --number (calls per timing, default 10000) trade
time for steadiness; --rounds 1 --number 100 only checks that it runs.
--package is the folder that holds the package idforge (default:
IDFORGE_PACKAGES/python when IDFORGE_PACKAGES names a build of
go run ./gen/tools/packages -o DIR, or else such a build of the
checkout's layouts, made into a temporary folder), so that another version
of it can be measured beside the peers; --peers a folder put first on the path for the peers (python-ulid
and uuid6 from their sources, say, where the package index cannot be
reached: their folders ulid and uuid6 beside a dist-info of each, whose
METADATA names the version their __init__ asks importlib.metadata for).
"""

import argparse
import atexit
import importlib
import itertools
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import timeit
import uuid


def built_package() -> str:
    """The folder of the Python project of a build of idforge's packages:
    IDFORGE_PACKAGES's, or one built now (go run ./gen/tools/packages)
    into a temporary folder removed when the benchmark exits."""
    if os.environ.get("IDFORGE_PACKAGES"):
        return os.path.join(os.environ["IDFORGE_PACKAGES"], "python")
    root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
    out = tempfile.mkdtemp(prefix="idforge-packages-")
    atexit.register(shutil.rmtree, out, True)
    subprocess.run(["go", "run", "./gen/tools/packages", "-o", out], cwd=root, check=True, stdout=subprocess.DEVNULL)
    return os.path.join(out, "python")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=21)
    ap.add_argument("--number", type=int, default=10000)
    ap.add_argument("--package", default="")
    ap.add_argument("--peers", default="")
    args = ap.parse_args()
    sys.path.insert(0, args.package or built_package())
    if args.peers:
        sys.path.insert(0, args.peers)
    uuidv7 = importlib.import_module("idforge.uuidv7")
    our_ulid = importlib.import_module("idforge.ulid")

    # The inputs: UUIDv7 text from our generator, read by both sides.
    text = [str(uuidv7.new_id()) for _ in range(1024)]
    ours_ids = [uuidv7.ID.parse(s) for s in text]
    std_ids = [uuid.UUID(s) for s in text]
    # Each call takes the next input in turn, so that none repeats the last's.
    ours_text, std_text = itertools.cycle(text).__next__, itertools.cycle(text).__next__
    ours_id, std_id = itertools.cycle(ours_ids).__next__, itertools.cycle(std_ids).__next__
    ops = [
        ("new ID as text (str(new_id()) / str(uuid.uuid4()))", lambda: str(uuidv7.new_id()), lambda: str(uuid.uuid4()), "uuid"),
        ("new ULID as text (str(ulid.new_id()) / str(uuid.uuid4()))", lambda: str(our_ulid.new_id()), lambda: str(uuid.uuid4()), "uuid"),
        ("str(id)", lambda: str(ours_id()), lambda: str(std_id()), "uuid"),
        ("parse", lambda: uuidv7.ID.parse(ours_text()), lambda: uuid.UUID(std_text()), "uuid"),
        ("parse + str", lambda: str(uuidv7.ID.parse(ours_text())), lambda: str(uuid.UUID(std_text())), "uuid"),
        ("the input cycling alone", lambda: ours_text(), None, ""),
    ]
    try:
        import ulid as python_ulid  # python-ulid

        ops.append(("ULID as text (str(new_id()) / python-ulid's str(ULID()))", lambda: str(our_ulid.new_id()), lambda: str(python_ulid.ULID()), "python-ulid"))
    except ImportError:
        print("python-ulid is not importable: its row is left out", file=sys.stderr)
    try:
        import uuid6

        ops.append(("UUIDv7 as text (str(new_id()) / uuid6's str(uuid7()))", lambda: str(uuidv7.new_id()), lambda: str(uuid6.uuid7()), "uuid6"))
    except ImportError:
        print("uuid6 is not importable: its row is left out", file=sys.stderr)
    times = {name: ([], []) for name, _, _, _ in ops}
    for r in range(args.rounds):
        for name, ours, std, _ in ops:
            pair = [(0, ours), (1, std)] if r % 2 == 0 else [(1, std), (0, ours)]
            for k, f in pair:
                if f is not None:
                    times[name][k].append(timeit.timeit(f, number=args.number) / args.number * 1e9)

    print(f"Python {sys.version.split()[0]}, {args.rounds} rounds of {args.number} calls each")
    print("| operation | ours | peer | the peer's | peer / ours (median of per-round ratios) |")
    print("|---|---:|---|---:|---:|")
    for name, _, std, peer in ops:
        o, s = times[name]
        if std is None:
            print(f"| {name} | {statistics.median(o):.0f} ns | | | |")
            continue
        ratio = statistics.median(b / a for a, b in zip(o, s))
        print(f"| {name} | {statistics.median(o):.0f} ns | {peer} | {statistics.median(s):.0f} ns | {ratio:.2f}x |")


if __name__ == "__main__":
    main()
