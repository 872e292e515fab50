"""Fork safety of every built-in layout of the Python package
(python/idforge, on the path), as gunicorn's pre-fork model uses it: a
parent makes IDs, forks 4 workers, and every one of them, the parent too,
goes on making IDs. No ID may be made twice. A layout with a node has no
process-wide generator in a forked child until set_node is called there:
new_id is ErrNoGenerator, with the fix in its message, and set_node, with
the worker's own node, works.

    python3 -m unittest test_fork
"""

import importlib
import os
import pkgutil
import unittest

import idforge

WORKERS = 4
EACH = 600  # IDs per process and generator


def modules():
    """Every built-in layout's module that has a generator."""
    out = []
    for info in pkgutil.iter_modules(idforge.__path__):
        if info.name.startswith("_") or info.name in ("compat", "lease"):  # not layouts
            continue
        m = importlib.import_module("idforge." + info.name)
        if hasattr(m, "new_id"):
            out.append(m)
    return out


def make(m, g):
    """EACH IDs from new_id and EACH from generator g, as hex."""
    return [m.new_id().hex for _ in range(EACH)] + [g.next().hex for _ in range(EACH)]


def child(m, g, node, w):
    """A forked worker's work; writes its IDs (or an error) to pipe w."""
    out = []
    if hasattr(m, "set_node"):
        try:
            m.new_id()
            out.append("!new_id made an ID before set_node")
        except m.IDError as e:
            if e.code != "ErrNoGenerator" or "post_fork" not in str(e):
                out.append(f"!new_id before set_node: {e.code}: {e}")
        m.set_node(node)
        try:  # the parent's generator, made with its node, goes on there only
            g.next()
            out.append("!a generator made with its node in the parent made an ID in the child")
        except m.IDError as e:
            if e.code != "ErrNoGenerator":
                out.append(f"!the parent's generator in the child: {e.code}: {e}")
        g = m.Generator(node + WORKERS + 1)  # a worker's own, as it must have one
    out += make(m, g)
    os.write(w, "\n".join(out).encode())


def read_all(r):
    data = b""
    while True:
        chunk = os.read(r, 1 << 16)
        if not chunk:
            break
        data += chunk
    os.close(r)
    return data.decode()


@unittest.skipUnless(hasattr(os, "fork"), "no fork here")
class ForkTest(unittest.TestCase):
    def test_every_layout(self):
        ms = modules()
        self.assertGreater(len(ms), 15)
        for m in ms:
            with self.subTest(layout=m.__name__):
                node = hasattr(m, "set_node")
                if node:
                    m.set_node(0)
                # Two generators with one node can make the same IDs: the
                # parent's new_id has node 0, its g node WORKERS + 1.
                g = m.Generator(WORKERS + 1) if node else m.Generator()
                seen = make(m, g)  # before the fork
                readers = []
                for k in range(1, WORKERS + 1):
                    r, w = os.pipe()
                    pid = os.fork()
                    if pid == 0:
                        code = 0
                        try:
                            os.close(r)
                            child(m, g, k, w)
                        except BaseException as e:  # report, never run the parent's test on
                            os.write(w, f"!{type(e).__name__}: {e}".encode())
                            code = 1
                        finally:
                            os._exit(code)
                    os.close(w)
                    readers.append((pid, r))
                seen += make(m, g)  # the parent goes on beside its workers
                for pid, r in readers:
                    lines = read_all(r).split("\n")
                    _, status = os.waitpid(pid, 0)
                    errors = [line for line in lines if line.startswith("!")]
                    self.assertEqual(errors, [], m.__name__)
                    self.assertEqual(status, 0)
                    seen += lines
                self.assertEqual(len(seen), 2 * EACH * (WORKERS + 2))
                self.assertEqual(len(set(seen)), len(seen), f"{m.__name__}: {len(seen) - len(set(seen))} IDs made twice")

    def test_shared_count(self):
        """Mastodon's IDs hold neither a node nor more than 15 random bits
        (a millisecond, then a 16-bit sequence): its generators on the
        system clock share one count, in a process and in the workers it
        forks, so that none of them makes another's IDs, however many they
        make in one millisecond. Here two generators in the parent and
        three in each of 4 workers make 4,000 IDs each at once, the
        workers forked before any generator was made, and again after
        (in a worker that forks a worker of its own)."""
        import idforge.mastodon as m

        def work(w, fork_again):
            gens = [m.Generator() for _ in range(3)]
            out = []
            for _ in range(4000):
                for g in gens:
                    out.append(g.next().int)
            if fork_again:  # a grandchild shares the count too
                r2, w2 = os.pipe()
                pid = os.fork()
                if pid == 0:
                    try:
                        os.close(r2)
                        os.write(w2, "\n".join(str(m.new_id().int) for _ in range(4000)).encode())
                    finally:
                        os._exit(0)
                os.close(w2)
                more = read_all(r2).split("\n")
                os.waitpid(pid, 0)
                out += [int(x) for x in more]
            os.write(w, "\n".join(map(str, out)).encode())

        readers = []
        for k in range(WORKERS):
            r, w = os.pipe()
            pid = os.fork()
            if pid == 0:
                code = 0
                try:
                    os.close(r)
                    work(w, k == 0)
                except BaseException as e:
                    os.write(w, f"!{type(e).__name__}: {e}".encode())
                    code = 1
                finally:
                    os._exit(code)
            os.close(w)
            readers.append((pid, r))
        parent = [m.Generator(), m.Generator()]
        seen = [g.next().int for _ in range(4000) for g in parent]
        for pid, r in readers:
            data = read_all(r)
            _, status = os.waitpid(pid, 0)
            self.assertFalse(data.startswith("!"), data)
            self.assertEqual(status, 0)
            seen += [int(x) for x in data.split("\n")]
        self.assertEqual(len(seen), 8000 + WORKERS * 12000 + 4000)
        self.assertEqual(len(set(seen)), len(seen), f"{len(seen) - len(set(seen))} IDs made twice")
        # A generator on a clock of its own keeps its own count (for tests):
        # its IDs carry its clock's time.
        g = m.Generator(clock=lambda: 1_700_000_000_000_000_000)
        self.assertEqual(g.next().int >> 16, 1_700_000_000_000)


if __name__ == "__main__":
    unittest.main()
