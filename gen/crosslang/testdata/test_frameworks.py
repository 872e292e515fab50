"""IDs of the Python package (python/idforge, on the path) in the frameworks
its users store them with, as the package's README shows: Django's
UUIDField, SQLAlchemy's UUID types and a pydantic model, each given an ID
of a UUID layout as it is (the ID is a uuid.UUID) and giving back a
uuid.UUID equal to it, which ID.from_uuid reads; and a pydantic field of
an ID type, which the class's hooks validate.

A framework that is not installed is skipped, unless
IDFORGE_REQUIRE_FRAMEWORKS is set (.ci/python-packages sets it, with
Debian's python3-django, python3-sqlalchemy, python3-pydantic,
python3-psycopg2 and python3-psycopg installed): then it is a failure. SQLAlchemy before 2.0
has no Uuid type; its UUID type is PostgreSQL's, tested against the server
IDFORGE_POSTGRES_DSN names.

    python3 -m unittest test_frameworks
"""

import importlib
import importlib.util
import json
import os
import pkgutil
import unittest
import uuid

from idforge import ulid, uuidv7

REQUIRED = bool(os.environ.get("IDFORGE_REQUIRE_FRAMEWORKS"))


def need(module):
    """Skips the test when module is not installed, or fails it when the
    frameworks are required."""
    if importlib.util.find_spec(module) is None:
        if REQUIRED:
            raise AssertionError(f"{module} is not installed, and IDFORGE_REQUIRE_FRAMEWORKS is set")
        raise unittest.SkipTest(f"{module} is not installed")


def new_uuid():
    """The default of a UUID column: the next UUIDv7, a uuid.UUID as it is."""
    return uuidv7.new_id()


class Django(unittest.TestCase):
    def test_uuid_field(self):
        need("django")
        import django
        from django.conf import settings

        if not settings.configured:
            settings.configure(DATABASES={"default": {"ENGINE": "django.db.backends.sqlite3", "NAME": ":memory:"}}, USE_TZ=True)
            django.setup()
        from django.db import connection, models

        class Event(models.Model):
            id = models.UUIDField(primary_key=True, default=new_uuid, editable=False)
            name = models.CharField(max_length=20)

            class Meta:
                app_label = "idforge_test"

        with connection.schema_editor() as editor:
            editor.create_model(Event)
        made = [Event.objects.create(name=f"e{i}") for i in range(50)]
        given = uuidv7.new_id()
        Event.objects.create(id=given, name="given")  # the ID as it is
        got = Event.objects.get(pk=given)
        self.assertEqual(got.id, given)
        self.assertEqual(uuidv7.ID.from_uuid(got.id), given)
        e = Event(name="a full clean")
        e.full_clean()  # UUIDField's validation takes the ID
        e.save()
        self.assertEqual(Event.objects.get(pk=e.id).name, "a full clean")
        Event.objects.get(pk=e.id).delete()
        self.assertEqual(Event.objects.get(pk=str(given)).name, "given")  # the text works too
        # UUIDv7 primary keys sort by creation time.
        ordered = [e.name for e in Event.objects.order_by("id")]
        self.assertEqual(ordered, [e.name for e in made] + ["given"])
        self.assertTrue(all(uuidv7.ID.from_uuid(e.id).valid() for e in Event.objects.all()))


class SQLAlchemy(unittest.TestCase):
    def round_trip(self, engine, column_type):
        import sqlalchemy as sa

        meta = sa.MetaData()
        events = sa.Table(
            "idforge_events",
            meta,
            sa.Column("id", column_type, primary_key=True, default=new_uuid),
            sa.Column("name", sa.String(20)),
        )
        meta.drop_all(engine)
        meta.create_all(engine)
        try:
            with engine.begin() as conn:
                for i in range(50):
                    conn.execute(events.insert().values(name=f"e{i}"))
                given = uuidv7.new_id()
                conn.execute(events.insert().values(id=given, name="given"))  # the ID as it is
            with engine.connect() as conn:
                row = conn.execute(sa.select(events.c.id).where(events.c.name == "given")).one()
                self.assertIsInstance(row.id, uuid.UUID)
                self.assertEqual(uuidv7.ID.from_uuid(row.id), given)
                names = [r.name for r in conn.execute(sa.select(events.c.name).order_by(events.c.id))]
                self.assertEqual(names, [f"e{i}" for i in range(50)] + ["given"])
        finally:
            meta.drop_all(engine)

    def test_uuid(self):
        need("sqlalchemy")
        import sqlalchemy as sa

        if not hasattr(sa, "Uuid"):
            self.skipTest(f"SQLAlchemy {sa.__version__} has no Uuid (2.0 and later); test_postgresql_uuid takes its place")
        self.round_trip(sa.create_engine("sqlite://"), sa.Uuid)

    def test_postgresql_uuid(self):
        need("sqlalchemy")
        need("psycopg2")
        dsn = os.environ.get("IDFORGE_POSTGRES_DSN")
        if not dsn:
            if REQUIRED:
                raise AssertionError("IDFORGE_POSTGRES_DSN is not set, and IDFORGE_REQUIRE_FRAMEWORKS is")
            self.skipTest("IDFORGE_POSTGRES_DSN is not set")
        import sqlalchemy as sa
        from sqlalchemy.dialects import postgresql

        # The DSN is a URL (postgres://user@host:port/db?...), as .ci/postgres prints it.
        engine = sa.create_engine("postgresql+psycopg2://" + dsn.split("://", 1)[1])
        try:
            self.round_trip(engine, postgresql.UUID(as_uuid=True))
        finally:
            engine.dispose()


class Psycopg(unittest.TestCase):
    def test_psycopg2(self):
        # psycopg2 adapts a uuid.UUID once register_uuid is called: the ID,
        # a subclass, goes as it is, as the README shows.
        need("psycopg2")
        dsn = os.environ.get("IDFORGE_POSTGRES_DSN")
        if not dsn:
            if REQUIRED:
                raise AssertionError("IDFORGE_POSTGRES_DSN is not set, and IDFORGE_REQUIRE_FRAMEWORKS is")
            self.skipTest("IDFORGE_POSTGRES_DSN is not set")
        import psycopg2
        import psycopg2.extras

        psycopg2.extras.register_uuid()
        conn = psycopg2.connect(dsn)
        try:
            with conn.cursor() as cur:
                cur.execute("CREATE TEMPORARY TABLE idforge_psycopg (id uuid PRIMARY KEY, name text)")
                given = uuidv7.new_id()
                cur.execute("INSERT INTO idforge_psycopg (id, name) VALUES (%s, %s)", (given, "given"))
                cur.execute("SELECT id FROM idforge_psycopg WHERE id = %s", (given,))
                (got,) = cur.fetchone()
                self.assertIsInstance(got, uuid.UUID)
                self.assertEqual(got, given)
                self.assertEqual(uuidv7.ID.from_uuid(got), given)
        finally:
            conn.rollback()
            conn.close()

    def test_every_layout(self):
        # An ID of every layout goes as a query parameter as it is, with no
        # .int: the type idforge gen -lang sql holds its layout in (uuid for
        # 128 bits, bigint of the same 64 bits, bytea otherwise), through
        # psycopg2 (the ID adapts itself) and psycopg 3 (register_psycopg).
        need("psycopg2")
        need("psycopg")
        dsn = os.environ.get("IDFORGE_POSTGRES_DSN")
        if not dsn:
            if REQUIRED:
                raise AssertionError("IDFORGE_POSTGRES_DSN is not set, and IDFORGE_REQUIRE_FRAMEWORKS is")
            self.skipTest("IDFORGE_POSTGRES_DSN is not set")
        import psycopg
        import psycopg2

        def bits(mod, value):
            if isinstance(value, str):  # a uuid, as psycopg2 reads it before register_uuid
                value = uuid.UUID(value)
            if isinstance(value, uuid.UUID):
                return value.int
            if isinstance(value, int):
                return value & (1 << 64) - 1
            return int.from_bytes(bytes(value), "big")

        want = {128: "uuid", 64: "bigint"}
        mods = layouts()
        for mod in mods.values():
            mod.register_psycopg()
        conn2 = psycopg2.connect(dsn)
        try:
            with conn2.cursor() as cur, psycopg.connect(dsn) as conn3:
                for name, mod in mods.items():
                    for i in (sample(mod), mod.ID(0), mod.ID((1 << 8 * len(sample(mod).bytes)) - 1)):
                        with self.subTest(layout=name, id=str(i)):
                            typ = want.get(8 * len(i.bytes), "bytea")
                            cur.execute("SELECT %s, pg_typeof(%s)::text", (i, i))
                            value, got = cur.fetchone()
                            self.assertEqual((bits(mod, value), got), (i.int, typ), "psycopg2")
                            value, got = conn3.execute("SELECT %s, pg_typeof(%s)::text", (i, i)).fetchone()
                            self.assertEqual((bits(mod, value), got), (i.int, typ), "psycopg 3")
        finally:
            conn2.close()


class Pydantic(unittest.TestCase):
    def test_model(self):
        need("pydantic")
        import pydantic

        class Event(pydantic.BaseModel):
            id: uuid.UUID = pydantic.Field(default_factory=new_uuid)
            name: str

        given = uuidv7.new_id()
        e = Event(id=given.to_uuid(), name="given")
        self.assertEqual(uuidv7.ID.from_uuid(e.id), given)
        self.assertEqual(Event(id=str(given), name="text").id, given.to_uuid())  # the text works too
        if hasattr(e, "model_dump_json"):  # pydantic 2
            back = Event.model_validate_json(e.model_dump_json())
        else:
            back = Event.parse_raw(e.json())
        self.assertEqual(uuidv7.ID.from_uuid(back.id), given)
        made = Event(name="default")
        self.assertTrue(uuidv7.ID.from_uuid(made.id).valid())
        self.assertEqual(Event(id=given, name="the ID as it is").id, given)

        class Typed(pydantic.BaseModel):
            id: uuidv7.ID  # validated by the class's hooks
            other: ulid.ID

        u = ulid.new_id()
        t = Typed(id=str(given), other=str(u))
        self.assertIs(type(t.id), uuidv7.ID)
        self.assertEqual((t.id, t.other), (given, u))
        self.assertEqual(Typed(id=given.to_uuid(), other=u).id, given)
        for bad in ("not an id", 12, None):
            with self.assertRaises(pydantic.ValidationError):
                Typed(id=bad, other=u)

    def test_every_layout(self):
        # Every layout's ID type validates its own text and refuses every
        # other layout's that is not valid in it (a UUIDv4's text in a UUIDv7
        # field), and a model's JSON holds the ID's text and reads back: on
        # pydantic 1 (Debian's) through the class's __get_validators__, which
        # tells pydantic's encoder the ID's JSON is its text, on pydantic 2
        # through __get_pydantic_core_schema__.
        need("pydantic")
        import pydantic

        samples = {name: sample(mod) for name, mod in layouts().items()}
        for name, mod in layouts().items():
            with self.subTest(layout=name):

                class Model(pydantic.BaseModel):
                    id: mod.ID

                i = samples[name]
                m = Model(id=str(i))
                self.assertIs(type(m.id), mod.ID)
                self.assertEqual(Model(id=i).id, i)
                if hasattr(m, "model_dump_json"):  # pydantic 2
                    text, back = m.model_dump_json(), Model.model_validate_json(m.model_dump_json())
                else:
                    text, back = m.json(), Model.parse_raw(m.json())
                self.assertEqual(json.loads(text), {"id": str(i)})
                self.assertEqual(back.id, i)
                for other, o in samples.items():
                    if mod.is_valid(str(o)):
                        self.assertEqual(str(Model(id=str(o)).id), str(mod.ID.parse(str(o))))
                    else:
                        with self.assertRaises(pydantic.ValidationError, msg=f"{other}'s {o} in a field of {name}"):
                            Model(id=str(o))


def layouts():
    """The package's layout modules, by name."""
    import idforge

    names = sorted(m.name for m in pkgutil.iter_modules(idforge.__path__) if not m.name.startswith("_") and m.name not in ("compat", "lease"))
    return {name: importlib.import_module("idforge." + name) for name in names}


def sample(mod):
    """A valid ID of the layout of module mod: its generator's (of node 1
    where it has a node), or a name-based one's ID of a name."""
    if hasattr(mod, "Generator"):
        try:
            return mod.Generator().next()
        except TypeError:
            return mod.Generator(node=1).next()
    return mod.ID.from_name(uuid.NAMESPACE_DNS, "example.com")


if __name__ == "__main__":
    unittest.main()
