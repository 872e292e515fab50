"""The Python package's documentation runs: the pycon examples of its
README (the README.md beside the idforge package imported, in the Python
project go run ./gen/tools/packages builds, or the file IDFORGE_README
names) and the docstring examples of every module of the package (the
project's folder on the path),
as doctests, with ELLIPSIS (... stands for what differs from run to run).

    python3 -m unittest test_docs
"""

import doctest
import importlib
import os
import pkgutil
import unittest

import idforge

README = os.environ.get("IDFORGE_README") or os.path.join(
    os.path.dirname(os.path.abspath(idforge.__file__)), "..", "README.md")


class Docs(unittest.TestCase):
    def test_readme(self):
        got = doctest.testfile(README, module_relative=False, optionflags=doctest.ELLIPSIS)
        self.assertGreater(got.attempted, 20)
        self.assertEqual(got.failed, 0)

    def test_guides(self):
        """The pycon examples of the repository's README and guides (docs/),
        where they are beside the package (a clone, not an installed wheel)."""
        root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..")
        pages = [os.path.join(root, "README.md")]
        docs = os.path.join(root, "docs")
        if not os.path.isdir(docs):
            self.skipTest("no docs/ beside this file: not in a clone of idforge")
        pages += sorted(os.path.join(docs, f) for f in os.listdir(docs) if f.endswith(".md"))
        attempted = 0
        for page in pages:
            got = doctest.testfile(page, module_relative=False, optionflags=doctest.ELLIPSIS)
            self.assertEqual(got.failed, 0, page)
            attempted += got.attempted
        self.assertGreater(attempted, 8)

    def test_modules(self):
        ran = 0
        for info in pkgutil.iter_modules(idforge.__path__):
            m = importlib.import_module("idforge." + info.name)
            got = doctest.testmod(m, optionflags=doctest.ELLIPSIS)
            self.assertEqual(got.failed, 0, info.name)
            ran += got.attempted
        self.assertGreater(ran, 50)


if __name__ == "__main__":
    unittest.main()
