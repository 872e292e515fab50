-- idforge node leases on PostgreSQL 13 or later: the table idforge_lease
-- and the functions that acquire, renew and release a node number in it,
-- by the rules of Go's package lease (docs/leases.md). Every client, in
-- every language, calls these functions, so there is one protocol.
--
-- Run this script as it stands, in one go; running it again changes
-- nothing. It installs into current_schema(), the first schema of the
-- search_path that exists, where the table is (or is created): the table's
-- name is written into the functions' bodies, schema and all, and their
-- search_path is pinned to pg_catalog and pg_temp, so that no object
-- another role creates in a schema on a caller's path can stand in for
-- the table or for a built-in. Call the functions schema-qualified for the
-- same reason.
--
--   idforge_lease_acquire(space text, node_bits integer, first bigint,
--                         span bigint, holder text, ttl interval,
--                         skew interval DEFAULT '1 second')
--     RETURNS TABLE (node bigint, token bigint, expires timestamptz,
--                    high_water bigint)
--   idforge_lease_renew(space text, node bigint, holder text, token bigint,
--                       ttl interval, high_water bigint) RETURNS timestamptz
--   idforge_lease_release(space text, node bigint, holder text,
--                         token bigint, high_water bigint)
--     RETURNS timestamptz
--   idforge_lease_protocol() RETURNS integer
--   idforge_lease_check()
--     RETURNS TABLE (kind text, object text, role text, problem text,
--                    fix text)
--
-- Each function is one atomic step on the server, timed by the server's
-- clock_timestamp() alone, and safe for any number of callers at once
-- under READ COMMITTED, PostgreSQL's default (call them outside explicit
-- transactions; under REPEATABLE READ or SERIALIZABLE a race is an error,
-- SQLSTATE 40001, to retry). What a caller may expect happens is a result,
-- never an error: no row from acquire when every node is held, NULL from
-- renew and release when the lease is no longer held. A bad argument
-- raises SQLSTATE 22023 (invalid_parameter_value) or 22004
-- (null_value_not_allowed). Bounds: ttl is more than 0 and at most 1 day,
-- skew 0 to 1 hour, space and holder 1 to 1024 bytes.
--
-- Grants: the table is its owner's alone. acquire, renew and release are
-- SECURITY DEFINER (they run as the owner, with search_path pinned), and
-- EXECUTE on them is revoked from PUBLIC: GRANT USAGE on the schema and
-- EXECUTE on the three functions to the roles that lease, never a
-- privilege on the table (the script refuses one). A caller sees only
-- what the functions return: no other holder's name or token.
--
-- A node whose lease expired (its holder crashed, paused or was cut off)
-- is quarantined: no one can take it until ttl + skew after the expiry,
-- where ttl is the longest TTL of its holder's acquisition and renewals and
-- skew the clock-skew bound its acquire stated (1 second unless given). A
-- node released is free at once.
--
-- Versions: 1, the first; 2 adds the quarantine (the columns ttl and skew,
-- and acquire's argument skew); 3 makes the table reachable only through
-- the functions: acquire, renew and release are SECURITY DEFINER, callers
-- get EXECUTE on them and no privilege on the table, ttl is at most
-- 1 day and skew at most 1 hour, renew never lowers a node's high-water
-- tick and release never takes it below the tick acquire returned (the
-- column acquired_high_water keeps it). Running this script over version
-- 1 or 2 (as the owner of the functions) adds the columns, replaces the
-- functions, caps
-- the ttl and skew of the rows at those bounds, and turns every privilege
-- a role other than the owner held on the table into EXECUTE on the
-- functions; version 1's callers, which pass six arguments to acquire, get
-- the default skew.
--
-- idforge's install rule (package pginstall, the same for the Private IDs
-- key table): the script refuses, with SQLSTATE 42501 and the fix, a
-- schema where any role but the trusted one may CREATE (PUBLIC may in
-- public on PostgreSQL 13 and 14 unless revoked), a table or function of
-- these names that another role owns, and any privilege another role
-- holds on the table (granted, through the owner's default privileges, or
-- by membership in the owner). The trusted role is the owner of the
-- installed functions when they are there, which the script checks before
-- it calls any of them, and the role running it otherwise; a role that
-- only calls the functions (EXECUTE) can run it too, to check them. The
-- function idforge_lease_check() reports the same problems as rows, at any
-- time.
DO $install$
DECLARE
  s name := pg_catalog.current_schema();
  caller_path text := pg_catalog.current_setting('search_path');
  installed integer;
  me oid;          -- the role running this script
  t oid;           -- the owner of the installed functions, if any
  trusted oid;     -- t, or me when nothing is installed
  fresh boolean := false;
  callers text[] := '{}';
  who text;
BEGIN
  IF s IS NULL THEN
    RAISE EXCEPTION USING ERRCODE = '3F000',
      MESSAGE = 'idforge_lease: search_path names no schema that exists to create it in';
  END IF;
  -- The rest of this block resolves names in pg_catalog alone.
  PERFORM pg_catalog.set_config('search_path', 'pg_catalog, pg_temp', true);
  -- One installer at a time: CREATE TABLE IF NOT EXISTS and CREATE OR
  -- REPLACE FUNCTION are not safe to race (the loser fails on a catalog's
  -- unique index, or with "tuple concurrently updated"). The key is
  -- 0x6964666f726765, "idforge" in ASCII.
  PERFORM pg_catalog.pg_advisory_xact_lock(29665263673829221);
  SELECT r.oid INTO me FROM pg_catalog.pg_roles AS r WHERE r.rolname = CURRENT_USER;

  -- Installed functions are trusted only once the schema and every object
  -- of these names are their owner's alone: checked in the catalogs before
  -- any of them is called, so that functions another role planted (in a
  -- schema PUBLIC may create in, say) are refused, never run. With none
  -- installed, the role running the script is the one trusted.
  SELECT p.proowner INTO t FROM pg_catalog.pg_proc AS p
  WHERE p.oid = pg_catalog.to_regprocedure(pg_catalog.format('%I.idforge_lease_protocol()', s));
  trusted := COALESCE(t, me);
-- BEGIN pginstall owner (go run ./tools/regen writes this block)
  -- idforge's install rule (package pginstall): no role but the trusted
  -- one may CREATE in the schema, own an object of idforge's names there,
  -- or hold a privilege on a table whose rows carry a guarantee.
  DECLARE
    problems pg_catalog.text;
  BEGIN
    SELECT pg_catalog.string_agg(pg_catalog.format('%s: %s %s (fix: %s)', p.object, p.role, p.problem, p.fix), '; ' ORDER BY p.object, p.role, p.problem)
      INTO problems
    FROM (
      SELECT 'create'::pg_catalog.text AS kind, pg_catalog.format('schema %I', n.nspname) AS object, 'PUBLIC'::pg_catalog.text AS role,
          'may CREATE in the schema'::pg_catalog.text AS problem,
          pg_catalog.format('REVOKE CREATE ON SCHEMA %I FROM PUBLIC', n.nspname) AS fix
        FROM pg_catalog.pg_namespace AS n, pg_catalog.aclexplode(COALESCE(n.nspacl, pg_catalog.acldefault('n'::"char", n.nspowner))) AS a
        WHERE n.nspname OPERATOR(pg_catalog.=) (s) AND a.grantee OPERATOR(pg_catalog.=) 0::pg_catalog.oid AND a.privilege_type OPERATOR(pg_catalog.=) 'CREATE'::pg_catalog.text
      UNION ALL
      SELECT 'create', pg_catalog.format('schema %I', n.nspname), pg_catalog.quote_ident(r.rolname::pg_catalog.text),
          'may CREATE in the schema',
          CASE WHEN r.oid OPERATOR(pg_catalog.=) n.nspowner
            THEN pg_catalog.format('%I owns the schema and keeps CREATE there: install as %I, or into a schema of its own that only the installer may create in', r.rolname, r.rolname)
            WHEN pg_catalog.pg_get_userbyid(n.nspowner) OPERATOR(pg_catalog.=) 'pg_database_owner'::pg_catalog.name AND pg_catalog.pg_has_role(r.oid, n.nspowner, 'MEMBER'::pg_catalog.text)
            THEN pg_catalog.format('%I owns the database, and through pg_database_owner the schema, and keeps CREATE there: install as %I, or into a schema of its own that only the installer may create in', r.rolname, r.rolname)
            WHEN pg_catalog.pg_has_role(r.oid, n.nspowner, 'MEMBER'::pg_catalog.text)
            THEN pg_catalog.format('REVOKE %I FROM %I', pg_catalog.pg_get_userbyid(n.nspowner), r.rolname)
            ELSE pg_catalog.format('REVOKE CREATE ON SCHEMA %I FROM %I', n.nspname, r.rolname) END
        FROM pg_catalog.pg_namespace AS n, pg_catalog.pg_roles AS r
        WHERE n.nspname OPERATOR(pg_catalog.=) (s) AND NOT r.rolsuper AND r.oid OPERATOR(pg_catalog.<>) (trusted)
          AND r.rolname OPERATOR(pg_catalog.<>) 'pg_database_owner'::pg_catalog.name
          AND pg_catalog.has_schema_privilege(r.oid, n.oid, 'CREATE'::pg_catalog.text)
          AND NOT EXISTS (SELECT FROM pg_catalog.aclexplode(COALESCE(n.nspacl, pg_catalog.acldefault('n'::"char", n.nspowner))) AS pa
            WHERE pa.grantee OPERATOR(pg_catalog.=) 0::pg_catalog.oid AND pa.privilege_type OPERATOR(pg_catalog.=) 'CREATE'::pg_catalog.text)
      UNION ALL
      SELECT 'owner', pg_catalog.format('%s %I.%I', CASE c.relkind WHEN 'r' THEN 'table' ELSE 'relation' END, n.nspname, c.relname),
          pg_catalog.quote_ident(pg_catalog.pg_get_userbyid(c.relowner)::pg_catalog.text),
          'owns it, not the trusted role',
          pg_catalog.format('DROP it (another role may have planted it), or install as %I', pg_catalog.pg_get_userbyid(c.relowner))
        FROM pg_catalog.pg_class AS c, pg_catalog.pg_namespace AS n
        WHERE c.relnamespace OPERATOR(pg_catalog.=) n.oid AND n.nspname OPERATOR(pg_catalog.=) (s) AND (c.relname OPERATOR(pg_catalog.=) 'idforge_lease'::pg_catalog.name)
          AND c.relowner OPERATOR(pg_catalog.<>) (trusted)
      UNION ALL
      SELECT 'owner', pg_catalog.format('function %s', p.oid::pg_catalog.regprocedure),
          pg_catalog.quote_ident(pg_catalog.pg_get_userbyid(p.proowner)::pg_catalog.text),
          'owns it, not the trusted role',
          pg_catalog.format('DROP FUNCTION %s (another role may have planted it), or install as %I', p.oid::pg_catalog.regprocedure, pg_catalog.pg_get_userbyid(p.proowner))
        FROM pg_catalog.pg_proc AS p, pg_catalog.pg_namespace AS n
        WHERE p.pronamespace OPERATOR(pg_catalog.=) n.oid AND n.nspname OPERATOR(pg_catalog.=) (s) AND (p.proname OPERATOR(pg_catalog.=) 'idforge_lease_acquire'::pg_catalog.name OR p.proname OPERATOR(pg_catalog.=) 'idforge_lease_renew'::pg_catalog.name OR p.proname OPERATOR(pg_catalog.=) 'idforge_lease_release'::pg_catalog.name OR p.proname OPERATOR(pg_catalog.=) 'idforge_lease_protocol'::pg_catalog.name OR p.proname OPERATOR(pg_catalog.=) 'idforge_lease_check'::pg_catalog.name)
          AND p.proowner OPERATOR(pg_catalog.<>) (trusted)
      UNION ALL
      SELECT 'privilege', pg_catalog.format('table %I.%I', n.nspname, c.relname),
          CASE WHEN a.grantee OPERATOR(pg_catalog.=) 0::pg_catalog.oid THEN 'PUBLIC' ELSE pg_catalog.quote_ident(pg_catalog.pg_get_userbyid(a.grantee)::pg_catalog.text) END,
          'holds ' OPERATOR(pg_catalog.||) a.privilege_type OPERATOR(pg_catalog.||) ' on it',
          pg_catalog.format('REVOKE ALL ON TABLE %I.%I FROM %s', n.nspname, c.relname,
            CASE WHEN a.grantee OPERATOR(pg_catalog.=) 0::pg_catalog.oid THEN 'PUBLIC' ELSE pg_catalog.quote_ident(pg_catalog.pg_get_userbyid(a.grantee)::pg_catalog.text) END)
        FROM pg_catalog.pg_class AS c, pg_catalog.pg_namespace AS n, pg_catalog.aclexplode(c.relacl) AS a
        WHERE c.relnamespace OPERATOR(pg_catalog.=) n.oid AND n.nspname OPERATOR(pg_catalog.=) (s) AND (c.relname OPERATOR(pg_catalog.=) 'idforge_lease'::pg_catalog.name)
          AND c.relacl IS NOT NULL AND a.grantee OPERATOR(pg_catalog.<>) c.relowner
      UNION ALL
      SELECT 'privilege', pg_catalog.format('table %I.%I', n.nspname, c.relname),
          CASE WHEN a.grantee OPERATOR(pg_catalog.=) 0::pg_catalog.oid THEN 'PUBLIC' ELSE pg_catalog.quote_ident(pg_catalog.pg_get_userbyid(a.grantee)::pg_catalog.text) END,
          pg_catalog.format('holds %s on its column %I', a.privilege_type, att.attname),
          pg_catalog.format('REVOKE ALL (%I) ON TABLE %I.%I FROM %s', att.attname, n.nspname, c.relname,
            CASE WHEN a.grantee OPERATOR(pg_catalog.=) 0::pg_catalog.oid THEN 'PUBLIC' ELSE pg_catalog.quote_ident(pg_catalog.pg_get_userbyid(a.grantee)::pg_catalog.text) END)
        FROM pg_catalog.pg_class AS c, pg_catalog.pg_namespace AS n, pg_catalog.pg_attribute AS att, pg_catalog.aclexplode(att.attacl) AS a
        WHERE c.relnamespace OPERATOR(pg_catalog.=) n.oid AND n.nspname OPERATOR(pg_catalog.=) (s) AND (c.relname OPERATOR(pg_catalog.=) 'idforge_lease'::pg_catalog.name)
          AND att.attrelid OPERATOR(pg_catalog.=) c.oid AND att.attacl IS NOT NULL AND a.grantee OPERATOR(pg_catalog.<>) c.relowner
      UNION ALL
      SELECT 'default', pg_catalog.format('default privileges of %I%s', pg_catalog.pg_get_userbyid(d.defaclrole),
            CASE WHEN d.defaclnamespace OPERATOR(pg_catalog.=) 0::pg_catalog.oid THEN '' ELSE pg_catalog.format(' in schema %I', n.nspname) END),
          CASE WHEN a.grantee OPERATOR(pg_catalog.=) 0::pg_catalog.oid THEN 'PUBLIC' ELSE pg_catalog.quote_ident(pg_catalog.pg_get_userbyid(a.grantee)::pg_catalog.text) END,
          'gets ' OPERATOR(pg_catalog.||) a.privilege_type OPERATOR(pg_catalog.||) ' on every table the owner creates, the guarded tables among them',
          pg_catalog.format('ALTER DEFAULT PRIVILEGES FOR ROLE %I%s REVOKE ALL ON TABLES FROM %s', pg_catalog.pg_get_userbyid(d.defaclrole),
            CASE WHEN d.defaclnamespace OPERATOR(pg_catalog.=) 0::pg_catalog.oid THEN '' ELSE pg_catalog.format(' IN SCHEMA %I', n.nspname) END,
            CASE WHEN a.grantee OPERATOR(pg_catalog.=) 0::pg_catalog.oid THEN 'PUBLIC' ELSE pg_catalog.quote_ident(pg_catalog.pg_get_userbyid(a.grantee)::pg_catalog.text) END)
        FROM pg_catalog.pg_default_acl AS d, pg_catalog.pg_namespace AS n, pg_catalog.aclexplode(d.defaclacl) AS a
        WHERE n.nspname OPERATOR(pg_catalog.=) (s) AND d.defaclrole OPERATOR(pg_catalog.=) (trusted)
          AND d.defaclobjtype OPERATOR(pg_catalog.=) 'r'::"char"
          AND (d.defaclnamespace OPERATOR(pg_catalog.=) 0::pg_catalog.oid OR d.defaclnamespace OPERATOR(pg_catalog.=) n.oid)
          AND a.grantee OPERATOR(pg_catalog.<>) d.defaclrole
      UNION ALL
      SELECT 'member', pg_catalog.format('table %I.%I', n.nspname, c.relname),
          pg_catalog.quote_ident(r.rolname::pg_catalog.text),
          pg_catalog.format('is a member of %I, its owner', pg_catalog.pg_get_userbyid(c.relowner)),
          pg_catalog.format('REVOKE %I FROM %I', pg_catalog.pg_get_userbyid(c.relowner), r.rolname)
        FROM pg_catalog.pg_class AS c, pg_catalog.pg_namespace AS n, pg_catalog.pg_auth_members AS m, pg_catalog.pg_roles AS r
        WHERE c.relnamespace OPERATOR(pg_catalog.=) n.oid AND n.nspname OPERATOR(pg_catalog.=) (s) AND (c.relname OPERATOR(pg_catalog.=) 'idforge_lease'::pg_catalog.name)
          AND m.roleid OPERATOR(pg_catalog.=) c.relowner AND r.oid OPERATOR(pg_catalog.=) m.member AND NOT r.rolsuper
    ) AS p
    WHERE p.kind OPERATOR(pg_catalog.=) ANY (ARRAY['create', 'owner']::pg_catalog.text[]);
    IF problems IS NOT NULL THEN
      RAISE EXCEPTION USING ERRCODE = '42501',
        MESSAGE = pg_catalog.format('idforge_lease: refused in schema %I, trusting %I: %s. %s', s, pg_catalog.pg_get_userbyid(trusted), problems, 'Or install into a schema of its own, that only the installer may create in: first on the search_path of every connection that leases'),
        HINT = 'Each problem names its fix. A role that can create objects in a schema, own what idforge calls or read its tables can take over the guarantees: see docs/security.md.';
    END IF;
  END;
-- END pginstall owner
  IF t IS NOT NULL THEN
    EXECUTE pg_catalog.format('SELECT %I.idforge_lease_protocol()', s) INTO installed;
  END IF;
  IF installed IS NULL OR installed < 3 THEN
    IF t <> me THEN
      RAISE EXCEPTION USING ERRCODE = '42501',
        MESSAGE = pg_catalog.format('idforge_lease: the lease functions in schema %I are version %s, owned by %I: run lease.sql as %I to upgrade them to version 3 (docs/leases.md)',
          s, installed, pg_catalog.pg_get_userbyid(t), pg_catalog.pg_get_userbyid(t));
    END IF;
  -- One row per node ever leased: its space and number, its holder ('' once
  -- released), when the lease expires on the server's clock, the node's
  -- high-water tick, and the fencing token of its latest acquisition.
  IF pg_catalog.to_regclass(pg_catalog.format('%I.idforge_lease', s)) IS NULL THEN
    EXECUTE pg_catalog.format($create$CREATE TABLE %I.idforge_lease (
  space      text        NOT NULL,
  node       bigint      NOT NULL,
  holder     text        NOT NULL,
  expires    timestamptz NOT NULL,
  high_water bigint      NOT NULL DEFAULT 0,
  token      bigint      NOT NULL DEFAULT 0,
  ttl        interval    NOT NULL DEFAULT '0',
  skew       interval    NOT NULL DEFAULT '0',
  acquired_high_water bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (space, node)
)$create$, s);
    EXECUTE pg_catalog.format('REVOKE ALL ON TABLE %I.idforge_lease FROM PUBLIC', s);
    fresh := true;
  END IF;
  -- Tables made before the functions have no token. Only then is the table
  -- altered, which takes its strongest lock and needs its owner.
  IF NOT EXISTS (
    SELECT FROM pg_catalog.pg_attribute AS a
    WHERE a.attrelid = pg_catalog.format('%I.idforge_lease', s)::pg_catalog.regclass
      AND a.attname = 'token' AND NOT a.attisdropped
  ) THEN
    EXECUTE pg_catalog.format('ALTER TABLE %I.idforge_lease ADD COLUMN token bigint NOT NULL DEFAULT 0', s);
  END IF;
  -- Tables made before version 2 have no quarantine: their rows' ttl and
  -- skew are 0, so that an expired lease of an older holder is free once
  -- it expires, as it was.
  IF NOT EXISTS (
    SELECT FROM pg_catalog.pg_attribute AS a
    WHERE a.attrelid = pg_catalog.format('%I.idforge_lease', s)::pg_catalog.regclass
      AND a.attname = 'skew' AND NOT a.attisdropped
  ) THEN
    EXECUTE pg_catalog.format($alter$ALTER TABLE %I.idforge_lease
      ADD COLUMN IF NOT EXISTS ttl interval NOT NULL DEFAULT '0',
      ADD COLUMN IF NOT EXISTS skew interval NOT NULL DEFAULT '0'$alter$, s);
  END IF;
  -- Tables made before version 3 have no acquired_high_water, the mark
  -- the node had when its current lease was acquired, below which a
  -- release cannot bring it: their rows get their mark as it stands, so
  -- that a live lease's release cannot lower it at all.
  IF NOT EXISTS (
    SELECT FROM pg_catalog.pg_attribute AS a
    WHERE a.attrelid = pg_catalog.format('%I.idforge_lease', s)::pg_catalog.regclass
      AND a.attname = 'acquired_high_water' AND NOT a.attisdropped
  ) THEN
    EXECUTE pg_catalog.format('ALTER TABLE %I.idforge_lease ADD COLUMN acquired_high_water bigint NOT NULL DEFAULT 0', s);
    EXECUTE pg_catalog.format('UPDATE %I.idforge_lease AS l SET acquired_high_water = l.high_water', s);
  END IF;
  IF NOT fresh THEN
    -- A table of version 2 or before: its callers held privileges on it,
    -- which become EXECUTE on the functions below, and its rows' ttl and
    -- skew (any caller could write them) are capped at version 3's bounds,
    -- so that no row can make acquire's arithmetic overflow.
    FOR who IN
      SELECT DISTINCT CASE WHEN a.grantee = 0 THEN 'PUBLIC' ELSE pg_catalog.quote_ident(pg_catalog.pg_get_userbyid(a.grantee)) END
      FROM pg_catalog.pg_class AS c, pg_catalog.aclexplode(c.relacl) AS a
      WHERE c.oid = pg_catalog.format('%I.idforge_lease', s)::pg_catalog.regclass AND a.grantee <> c.relowner
      UNION
      SELECT CASE WHEN a.grantee = 0 THEN 'PUBLIC' ELSE pg_catalog.quote_ident(pg_catalog.pg_get_userbyid(a.grantee)) END
      FROM pg_catalog.pg_attribute AS att, pg_catalog.aclexplode(att.attacl) AS a
      WHERE att.attrelid = pg_catalog.format('%I.idforge_lease', s)::pg_catalog.regclass AND att.attacl IS NOT NULL
        AND a.grantee <> (SELECT c.relowner FROM pg_catalog.pg_class AS c WHERE c.oid = att.attrelid)
    LOOP
      EXECUTE pg_catalog.format('REVOKE ALL ON TABLE %I.idforge_lease FROM %s', s, who);
      callers := callers || who;
      RAISE NOTICE 'idforge_lease: % no longer has privileges on %.idforge_lease, and gets EXECUTE on the lease functions instead', who, s;
    END LOOP;
    EXECUTE pg_catalog.format($cap$UPDATE %I.idforge_lease AS l
      SET ttl = LEAST(l.ttl, interval '1 day'), skew = LEAST(l.skew, interval '1 hour')
      WHERE l.ttl > interval '1 day' OR l.skew > interval '1 hour'$cap$, s);
  END IF;

  -- In the bodies below, %1$I is the schema. In their SQL statements every
  -- column is qualified by the table's alias and every argument by its
  -- function's name, so that neither is taken for the other; "#variable_conflict use_column" settles
  -- the one place that cannot be qualified, ON CONFLICT's column list. The
  -- operators are unqualified: with search_path pinned to pg_catalog and
  -- pg_temp, which is never searched for functions or operators, they can
  -- only be PostgreSQL's own.

  -- Version 1's acquire had no skew: dropped, so that a call with six
  -- arguments finds the one below, with its default, and no other.
  EXECUTE pg_catalog.format('DROP FUNCTION IF EXISTS %I.idforge_lease_acquire(text, integer, bigint, bigint, text, interval)', s);

  EXECUTE pg_catalog.format($create$
CREATE OR REPLACE FUNCTION %1$I.idforge_lease_acquire(
  space text, node_bits integer, first bigint, span bigint, holder text, ttl interval,
  skew interval DEFAULT interval '1 second')
RETURNS TABLE (node bigint, token bigint, expires timestamptz, high_water bigint)
LANGUAGE plpgsql VOLATILE SECURITY DEFINER
SET search_path = pg_catalog, pg_temp
AS $body$
#variable_conflict use_column
DECLARE
  size bigint;         -- how many nodes the space holds: 2^node_bits
  held bigint[];       -- the offsets from first, within the span, of the held nodes, in order
  candidate bigint;    -- the offset of the first node found free
  o bigint;
BEGIN
  IF idforge_lease_acquire.space IS NULL OR idforge_lease_acquire.space = '' THEN
    RAISE EXCEPTION USING ERRCODE = '22023', MESSAGE = 'idforge_lease_acquire: space must be a non-empty text';
  END IF;
  IF node_bits IS NULL OR node_bits < 1 OR node_bits > 62 THEN
    RAISE EXCEPTION USING ERRCODE = '22023',
      MESSAGE = 'idforge_lease_acquire: node_bits must be 1 to 62, not ' || coalesce(node_bits::text, 'NULL');
  END IF;
  size := 1::bigint << node_bits;
  IF first IS NULL OR first < 0 OR first >= size THEN
    RAISE EXCEPTION USING ERRCODE = '22023',
      MESSAGE = 'idforge_lease_acquire: first must be a node of the space, 0 to ' || (size - 1) || ', not ' || coalesce(first::text, 'NULL');
  END IF;
  IF span IS NULL OR span < 1 THEN
    RAISE EXCEPTION USING ERRCODE = '22023',
      MESSAGE = 'idforge_lease_acquire: span must be at least 1, not ' || coalesce(span::text, 'NULL');
  END IF;
  IF idforge_lease_acquire.holder IS NULL OR idforge_lease_acquire.holder = '' THEN
    RAISE EXCEPTION USING ERRCODE = '22023', MESSAGE = 'idforge_lease_acquire: holder must be a non-empty text';
  END IF;
  IF pg_catalog.octet_length(idforge_lease_acquire.space) > 1024 OR pg_catalog.octet_length(idforge_lease_acquire.holder) > 1024 THEN
    RAISE EXCEPTION USING ERRCODE = '22023', MESSAGE = 'idforge_lease_acquire: space and holder must be at most 1024 bytes';
  END IF;
  IF ttl IS NULL OR ttl <= interval '0' OR ttl > interval '1 day' THEN
    RAISE EXCEPTION USING ERRCODE = '22023',
      MESSAGE = 'idforge_lease_acquire: ttl must be positive and at most 1 day, not ' || coalesce(ttl::text, 'NULL');
  END IF;
  IF idforge_lease_acquire.skew IS NULL OR idforge_lease_acquire.skew < interval '0' OR idforge_lease_acquire.skew > interval '1 hour' THEN
    RAISE EXCEPTION USING ERRCODE = '22023',
      MESSAGE = 'idforge_lease_acquire: skew must be 0 to 1 hour, not ' || coalesce(idforge_lease_acquire.skew::text, 'NULL');
  END IF;

  LOOP
    SELECT pg_catalog.array_agg(h.o ORDER BY h.o) INTO held
    FROM (
      SELECT pg_catalog.mod(l.node - idforge_lease_acquire.first + size, size) AS o
      FROM %1$I.idforge_lease AS l
      WHERE l.space = idforge_lease_acquire.space
        AND (l.expires > pg_catalog.clock_timestamp()
             OR (l.holder <> '' AND l.expires + l.ttl + l.skew > pg_catalog.clock_timestamp()))
    ) AS h
    WHERE h.o < idforge_lease_acquire.span;
    -- The first offset that is not held: walk the held ones while they
    -- follow on from 0 without a gap.
    candidate := 0;
    IF held IS NOT NULL THEN
      FOREACH o IN ARRAY held LOOP
        EXIT WHEN o > candidate;
        candidate := o + 1;
      END LOOP;
    END IF;
    IF candidate >= idforge_lease_acquire.span THEN
      RETURN; -- every node of the span is held: no row
    END IF;

    -- A node is held while its lease is unexpired, and quarantined for
    -- ttl + skew after an expiry (a released lease has no holder, and no
    -- quarantine).
    -- Take it, if it is still free: a row of a released lease, or of an
    -- expired one past its quarantine,
    -- is updated, a node never leased is inserted. Neither statement locks
    -- a row it does not take (ON CONFLICT DO UPDATE would, and callers
    -- that hold one node while they try the next deadlock), so a failed
    -- attempt leaves nothing behind. Two callers racing for one row both
    -- update it; the loser waits for the winner's commit and then finds
    -- the winner's lease unexpired. Two racing to insert a node both
    -- insert it; the loser waits, then does nothing. The expiry is read
    -- off the clock when the node is taken, after any wait, so that
    -- expires - ttl is when the lease began.
    UPDATE %1$I.idforge_lease AS l
    SET holder = idforge_lease_acquire.holder, expires = pg_catalog.clock_timestamp() + idforge_lease_acquire.ttl,
        token = l.token + 1, ttl = idforge_lease_acquire.ttl, skew = idforge_lease_acquire.skew,
        acquired_high_water = l.high_water
    WHERE l.space = idforge_lease_acquire.space AND l.node = pg_catalog.mod(idforge_lease_acquire.first + candidate, size)
      AND l.expires <= pg_catalog.clock_timestamp()
      AND (l.holder = '' OR l.expires + l.ttl + l.skew <= pg_catalog.clock_timestamp())
    RETURNING l.node, l.token, l.expires, l.high_water
    INTO idforge_lease_acquire.node, idforge_lease_acquire.token,
         idforge_lease_acquire.expires, idforge_lease_acquire.high_water;
    IF NOT FOUND THEN
      INSERT INTO %1$I.idforge_lease AS l (space, node, holder, expires, token, ttl, skew)
      VALUES (idforge_lease_acquire.space, pg_catalog.mod(idforge_lease_acquire.first + candidate, size),
              idforge_lease_acquire.holder, pg_catalog.clock_timestamp() + idforge_lease_acquire.ttl, 1,
              idforge_lease_acquire.ttl, idforge_lease_acquire.skew)
      ON CONFLICT (space, node) DO NOTHING
      RETURNING l.node, l.token, l.expires, l.high_water
      INTO idforge_lease_acquire.node, idforge_lease_acquire.token,
           idforge_lease_acquire.expires, idforge_lease_acquire.high_water;
    END IF;
    IF FOUND THEN
      RETURN NEXT;
      RETURN;
    END IF;
    -- Lost the race: every loss is a node another caller took, so this
    -- ends once they hold the span.
  END LOOP;
END
$body$;
$create$, s);
  EXECUTE pg_catalog.format($create$
COMMENT ON FUNCTION %1$I.idforge_lease_acquire(text, integer, bigint, bigint, text, interval, interval) IS
'idforge_lease_acquire(space, node_bits, first, span, holder, ttl, skew) takes the first node that is free (never leased, released, or expired at least ttl + skew ago, ttl that of its last holder and skew the clock-skew bound it stated) among span nodes counted up from first, wrapping around the 2^node_bits nodes of space, and holds it for holder until ttl (at most 1 day) from now on the server''s clock; skew is 0 to 1 hour. It returns the node, the fencing token of this acquisition (one more than the node''s last), the expiry, and the high-water tick the node''s last holder recorded (0 if none), which every ID made under the lease must be above; no row when all span nodes are held.'
$create$, s);

  EXECUTE pg_catalog.format($create$
CREATE OR REPLACE FUNCTION %1$I.idforge_lease_renew(
  space text, node bigint, holder text, token bigint, ttl interval, high_water bigint)
RETURNS timestamptz
LANGUAGE plpgsql VOLATILE SECURITY DEFINER
SET search_path = pg_catalog, pg_temp
AS $body$
#variable_conflict use_column
DECLARE
  renewed timestamptz;
BEGIN
  IF idforge_lease_renew.space IS NULL OR idforge_lease_renew.node IS NULL
     OR idforge_lease_renew.holder IS NULL OR idforge_lease_renew.token IS NULL THEN
    RAISE EXCEPTION USING ERRCODE = '22004', MESSAGE = 'idforge_lease_renew: space, node, holder and token must not be NULL';
  END IF;
  IF ttl IS NULL OR ttl <= interval '0' OR ttl > interval '1 day' THEN
    RAISE EXCEPTION USING ERRCODE = '22023',
      MESSAGE = 'idforge_lease_renew: ttl must be positive and at most 1 day, not ' || coalesce(ttl::text, 'NULL');
  END IF;
  IF idforge_lease_renew.high_water IS NULL OR idforge_lease_renew.high_water < 0 THEN
    RAISE EXCEPTION USING ERRCODE = '22023',
      MESSAGE = 'idforge_lease_renew: high_water must be a tick, 0 or more, not ' || coalesce(idforge_lease_renew.high_water::text, 'NULL');
  END IF;
  UPDATE %1$I.idforge_lease AS l
  SET expires = pg_catalog.clock_timestamp() + idforge_lease_renew.ttl,
      high_water = greatest(l.high_water, idforge_lease_renew.high_water),
      ttl = greatest(l.ttl, idforge_lease_renew.ttl)
  WHERE l.space = idforge_lease_renew.space AND l.node = idforge_lease_renew.node
    AND l.holder = idforge_lease_renew.holder AND l.token = idforge_lease_renew.token
    AND l.expires > pg_catalog.clock_timestamp()
  RETURNING l.expires INTO renewed;
  RETURN renewed; -- NULL when the lease is not held: lost
END
$body$;
$create$, s);
  EXECUTE pg_catalog.format($create$
COMMENT ON FUNCTION %1$I.idforge_lease_renew(text, bigint, text, bigint, interval, bigint) IS
'idforge_lease_renew(space, node, holder, token, ttl, high_water) extends the lease that idforge_lease_acquire gave holder with token to ttl from now on the server''s clock, and raises the node''s high-water tick to high_water (never lowers it), if the lease has not expired. It returns the new expiry, or NULL, changing nothing, when the lease is not held: it expired, was released, or another acquisition has the node (the holder must stop issuing IDs under it).'
$create$, s);

  EXECUTE pg_catalog.format($create$
CREATE OR REPLACE FUNCTION %1$I.idforge_lease_release(
  space text, node bigint, holder text, token bigint, high_water bigint)
RETURNS timestamptz
LANGUAGE plpgsql VOLATILE SECURITY DEFINER
SET search_path = pg_catalog, pg_temp
AS $body$
#variable_conflict use_column
DECLARE
  released timestamptz;
BEGIN
  IF idforge_lease_release.space IS NULL OR idforge_lease_release.node IS NULL
     OR idforge_lease_release.holder IS NULL OR idforge_lease_release.token IS NULL THEN
    RAISE EXCEPTION USING ERRCODE = '22004', MESSAGE = 'idforge_lease_release: space, node, holder and token must not be NULL';
  END IF;
  IF idforge_lease_release.high_water IS NULL OR idforge_lease_release.high_water < 0 THEN
    RAISE EXCEPTION USING ERRCODE = '22023',
      MESSAGE = 'idforge_lease_release: high_water must be a tick, 0 or more, not ' || coalesce(idforge_lease_release.high_water::text, 'NULL');
  END IF;
  UPDATE %1$I.idforge_lease AS l
  SET holder = '', expires = pg_catalog.clock_timestamp(), high_water = greatest(l.acquired_high_water, idforge_lease_release.high_water)
  WHERE l.space = idforge_lease_release.space AND l.node = idforge_lease_release.node
    AND l.holder = idforge_lease_release.holder AND l.token = idforge_lease_release.token
    AND l.expires > pg_catalog.clock_timestamp()
  RETURNING l.expires INTO released;
  RETURN released; -- NULL when the lease is not held: lost
END
$body$;
$create$, s);
  EXECUTE pg_catalog.format($create$
COMMENT ON FUNCTION %1$I.idforge_lease_release(text, bigint, text, bigint, bigint) IS
'idforge_lease_release(space, node, holder, token, high_water) ends the lease that idforge_lease_acquire gave holder with token at once, and sets the node''s high-water tick to high_water: the last tick of any ID made under the lease, known exactly once its generator has stopped, which may be below what renewals reserved but is never taken below the tick acquire returned (the node''s previous holders''), whatever high_water says. It returns when the lease ended on the server''s clock, or NULL, changing nothing, when the lease was not held.'
$create$, s);

  -- The functions run as their owner, who alone has privileges on the
  -- table: callers get EXECUTE on them, and nothing on the table. The
  -- roles that held privileges on a table of version 2 or before get it
  -- here; others are granted it by an administrator (docs/leases.md).
  EXECUTE pg_catalog.format($grant$
REVOKE ALL ON FUNCTION %1$I.idforge_lease_acquire(text, integer, bigint, bigint, text, interval, interval) FROM PUBLIC;
REVOKE ALL ON FUNCTION %1$I.idforge_lease_renew(text, bigint, text, bigint, interval, bigint) FROM PUBLIC;
REVOKE ALL ON FUNCTION %1$I.idforge_lease_release(text, bigint, text, bigint, bigint) FROM PUBLIC;
$grant$, s);
  FOREACH who IN ARRAY callers LOOP
    EXECUTE pg_catalog.format($grant$
GRANT EXECUTE ON FUNCTION %1$I.idforge_lease_acquire(text, integer, bigint, bigint, text, interval, interval) TO %2$s;
GRANT EXECUTE ON FUNCTION %1$I.idforge_lease_renew(text, bigint, text, bigint, interval, bigint) TO %2$s;
GRANT EXECUTE ON FUNCTION %1$I.idforge_lease_release(text, bigint, text, bigint, bigint) TO %2$s;
$grant$, s, who);
  END LOOP;

-- BEGIN pginstall check-function
  EXECUTE pg_catalog.format($check$CREATE OR REPLACE FUNCTION %I.%I()
RETURNS TABLE (kind pg_catalog.text, object pg_catalog.text, role pg_catalog.text, problem pg_catalog.text, fix pg_catalog.text)
LANGUAGE sql STABLE SECURITY INVOKER
SET search_path = pg_catalog, pg_temp
AS %L$check$, s, 'idforge_lease_check', pg_catalog.replace($body$
SELECT 'create'::pg_catalog.text AS kind, pg_catalog.format('schema %I', n.nspname) AS object, 'PUBLIC'::pg_catalog.text AS role,
    'may CREATE in the schema'::pg_catalog.text AS problem,
    pg_catalog.format('REVOKE CREATE ON SCHEMA %I FROM PUBLIC', n.nspname) AS fix
  FROM pg_catalog.pg_namespace AS n, pg_catalog.aclexplode(COALESCE(n.nspacl, pg_catalog.acldefault('n'::"char", n.nspowner))) AS a
  WHERE n.nspname OPERATOR(pg_catalog.=) (@schema@) AND a.grantee OPERATOR(pg_catalog.=) 0::pg_catalog.oid AND a.privilege_type OPERATOR(pg_catalog.=) 'CREATE'::pg_catalog.text
UNION ALL
SELECT 'create', pg_catalog.format('schema %I', n.nspname), pg_catalog.quote_ident(r.rolname::pg_catalog.text),
    'may CREATE in the schema',
    CASE WHEN r.oid OPERATOR(pg_catalog.=) n.nspowner
      THEN pg_catalog.format('%I owns the schema and keeps CREATE there: install as %I, or into a schema of its own that only the installer may create in', r.rolname, r.rolname)
      WHEN pg_catalog.pg_get_userbyid(n.nspowner) OPERATOR(pg_catalog.=) 'pg_database_owner'::pg_catalog.name AND pg_catalog.pg_has_role(r.oid, n.nspowner, 'MEMBER'::pg_catalog.text)
      THEN pg_catalog.format('%I owns the database, and through pg_database_owner the schema, and keeps CREATE there: install as %I, or into a schema of its own that only the installer may create in', r.rolname, r.rolname)
      WHEN pg_catalog.pg_has_role(r.oid, n.nspowner, 'MEMBER'::pg_catalog.text)
      THEN pg_catalog.format('REVOKE %I FROM %I', pg_catalog.pg_get_userbyid(n.nspowner), r.rolname)
      ELSE pg_catalog.format('REVOKE CREATE ON SCHEMA %I FROM %I', n.nspname, r.rolname) END
  FROM pg_catalog.pg_namespace AS n, pg_catalog.pg_roles AS r
  WHERE n.nspname OPERATOR(pg_catalog.=) (@schema@) AND NOT r.rolsuper AND r.oid OPERATOR(pg_catalog.<>) ((SELECT f.proowner FROM pg_catalog.pg_proc AS f, pg_catalog.pg_namespace AS fn
      WHERE f.pronamespace OPERATOR(pg_catalog.=) fn.oid AND fn.nspname OPERATOR(pg_catalog.=) @schema@ AND f.proname OPERATOR(pg_catalog.=) 'idforge_lease_check'::pg_catalog.name AND f.pronargs OPERATOR(pg_catalog.=) 0))
    AND r.rolname OPERATOR(pg_catalog.<>) 'pg_database_owner'::pg_catalog.name
    AND pg_catalog.has_schema_privilege(r.oid, n.oid, 'CREATE'::pg_catalog.text)
    AND NOT EXISTS (SELECT FROM pg_catalog.aclexplode(COALESCE(n.nspacl, pg_catalog.acldefault('n'::"char", n.nspowner))) AS pa
      WHERE pa.grantee OPERATOR(pg_catalog.=) 0::pg_catalog.oid AND pa.privilege_type OPERATOR(pg_catalog.=) 'CREATE'::pg_catalog.text)
UNION ALL
SELECT 'owner', pg_catalog.format('%s %I.%I', CASE c.relkind WHEN 'r' THEN 'table' ELSE 'relation' END, n.nspname, c.relname),
    pg_catalog.quote_ident(pg_catalog.pg_get_userbyid(c.relowner)::pg_catalog.text),
    'owns it, not the trusted role',
    pg_catalog.format('DROP it (another role may have planted it), or install as %I', pg_catalog.pg_get_userbyid(c.relowner))
  FROM pg_catalog.pg_class AS c, pg_catalog.pg_namespace AS n
  WHERE c.relnamespace OPERATOR(pg_catalog.=) n.oid AND n.nspname OPERATOR(pg_catalog.=) (@schema@) AND (c.relname OPERATOR(pg_catalog.=) 'idforge_lease'::pg_catalog.name)
    AND c.relowner OPERATOR(pg_catalog.<>) ((SELECT f.proowner FROM pg_catalog.pg_proc AS f, pg_catalog.pg_namespace AS fn
      WHERE f.pronamespace OPERATOR(pg_catalog.=) fn.oid AND fn.nspname OPERATOR(pg_catalog.=) @schema@ AND f.proname OPERATOR(pg_catalog.=) 'idforge_lease_check'::pg_catalog.name AND f.pronargs OPERATOR(pg_catalog.=) 0))
UNION ALL
SELECT 'owner', pg_catalog.format('function %s', p.oid::pg_catalog.regprocedure),
    pg_catalog.quote_ident(pg_catalog.pg_get_userbyid(p.proowner)::pg_catalog.text),
    'owns it, not the trusted role',
    pg_catalog.format('DROP FUNCTION %s (another role may have planted it), or install as %I', p.oid::pg_catalog.regprocedure, pg_catalog.pg_get_userbyid(p.proowner))
  FROM pg_catalog.pg_proc AS p, pg_catalog.pg_namespace AS n
  WHERE p.pronamespace OPERATOR(pg_catalog.=) n.oid AND n.nspname OPERATOR(pg_catalog.=) (@schema@) AND (p.proname OPERATOR(pg_catalog.=) 'idforge_lease_acquire'::pg_catalog.name OR p.proname OPERATOR(pg_catalog.=) 'idforge_lease_renew'::pg_catalog.name OR p.proname OPERATOR(pg_catalog.=) 'idforge_lease_release'::pg_catalog.name OR p.proname OPERATOR(pg_catalog.=) 'idforge_lease_protocol'::pg_catalog.name OR p.proname OPERATOR(pg_catalog.=) 'idforge_lease_check'::pg_catalog.name)
    AND p.proowner OPERATOR(pg_catalog.<>) ((SELECT f.proowner FROM pg_catalog.pg_proc AS f, pg_catalog.pg_namespace AS fn
      WHERE f.pronamespace OPERATOR(pg_catalog.=) fn.oid AND fn.nspname OPERATOR(pg_catalog.=) @schema@ AND f.proname OPERATOR(pg_catalog.=) 'idforge_lease_check'::pg_catalog.name AND f.pronargs OPERATOR(pg_catalog.=) 0))
UNION ALL
SELECT 'privilege', pg_catalog.format('table %I.%I', n.nspname, c.relname),
    CASE WHEN a.grantee OPERATOR(pg_catalog.=) 0::pg_catalog.oid THEN 'PUBLIC' ELSE pg_catalog.quote_ident(pg_catalog.pg_get_userbyid(a.grantee)::pg_catalog.text) END,
    'holds ' OPERATOR(pg_catalog.||) a.privilege_type OPERATOR(pg_catalog.||) ' on it',
    pg_catalog.format('REVOKE ALL ON TABLE %I.%I FROM %s', n.nspname, c.relname,
      CASE WHEN a.grantee OPERATOR(pg_catalog.=) 0::pg_catalog.oid THEN 'PUBLIC' ELSE pg_catalog.quote_ident(pg_catalog.pg_get_userbyid(a.grantee)::pg_catalog.text) END)
  FROM pg_catalog.pg_class AS c, pg_catalog.pg_namespace AS n, pg_catalog.aclexplode(c.relacl) AS a
  WHERE c.relnamespace OPERATOR(pg_catalog.=) n.oid AND n.nspname OPERATOR(pg_catalog.=) (@schema@) AND (c.relname OPERATOR(pg_catalog.=) 'idforge_lease'::pg_catalog.name)
    AND c.relacl IS NOT NULL AND a.grantee OPERATOR(pg_catalog.<>) c.relowner
UNION ALL
SELECT 'privilege', pg_catalog.format('table %I.%I', n.nspname, c.relname),
    CASE WHEN a.grantee OPERATOR(pg_catalog.=) 0::pg_catalog.oid THEN 'PUBLIC' ELSE pg_catalog.quote_ident(pg_catalog.pg_get_userbyid(a.grantee)::pg_catalog.text) END,
    pg_catalog.format('holds %s on its column %I', a.privilege_type, att.attname),
    pg_catalog.format('REVOKE ALL (%I) ON TABLE %I.%I FROM %s', att.attname, n.nspname, c.relname,
      CASE WHEN a.grantee OPERATOR(pg_catalog.=) 0::pg_catalog.oid THEN 'PUBLIC' ELSE pg_catalog.quote_ident(pg_catalog.pg_get_userbyid(a.grantee)::pg_catalog.text) END)
  FROM pg_catalog.pg_class AS c, pg_catalog.pg_namespace AS n, pg_catalog.pg_attribute AS att, pg_catalog.aclexplode(att.attacl) AS a
  WHERE c.relnamespace OPERATOR(pg_catalog.=) n.oid AND n.nspname OPERATOR(pg_catalog.=) (@schema@) AND (c.relname OPERATOR(pg_catalog.=) 'idforge_lease'::pg_catalog.name)
    AND att.attrelid OPERATOR(pg_catalog.=) c.oid AND att.attacl IS NOT NULL AND a.grantee OPERATOR(pg_catalog.<>) c.relowner
UNION ALL
SELECT 'default', pg_catalog.format('default privileges of %I%s', pg_catalog.pg_get_userbyid(d.defaclrole),
      CASE WHEN d.defaclnamespace OPERATOR(pg_catalog.=) 0::pg_catalog.oid THEN '' ELSE pg_catalog.format(' in schema %I', n.nspname) END),
    CASE WHEN a.grantee OPERATOR(pg_catalog.=) 0::pg_catalog.oid THEN 'PUBLIC' ELSE pg_catalog.quote_ident(pg_catalog.pg_get_userbyid(a.grantee)::pg_catalog.text) END,
    'gets ' OPERATOR(pg_catalog.||) a.privilege_type OPERATOR(pg_catalog.||) ' on every table the owner creates, the guarded tables among them',
    pg_catalog.format('ALTER DEFAULT PRIVILEGES FOR ROLE %I%s REVOKE ALL ON TABLES FROM %s', pg_catalog.pg_get_userbyid(d.defaclrole),
      CASE WHEN d.defaclnamespace OPERATOR(pg_catalog.=) 0::pg_catalog.oid THEN '' ELSE pg_catalog.format(' IN SCHEMA %I', n.nspname) END,
      CASE WHEN a.grantee OPERATOR(pg_catalog.=) 0::pg_catalog.oid THEN 'PUBLIC' ELSE pg_catalog.quote_ident(pg_catalog.pg_get_userbyid(a.grantee)::pg_catalog.text) END)
  FROM pg_catalog.pg_default_acl AS d, pg_catalog.pg_namespace AS n, pg_catalog.aclexplode(d.defaclacl) AS a
  WHERE n.nspname OPERATOR(pg_catalog.=) (@schema@) AND d.defaclrole OPERATOR(pg_catalog.=) ((SELECT f.proowner FROM pg_catalog.pg_proc AS f, pg_catalog.pg_namespace AS fn
      WHERE f.pronamespace OPERATOR(pg_catalog.=) fn.oid AND fn.nspname OPERATOR(pg_catalog.=) @schema@ AND f.proname OPERATOR(pg_catalog.=) 'idforge_lease_check'::pg_catalog.name AND f.pronargs OPERATOR(pg_catalog.=) 0))
    AND d.defaclobjtype OPERATOR(pg_catalog.=) 'r'::"char"
    AND (d.defaclnamespace OPERATOR(pg_catalog.=) 0::pg_catalog.oid OR d.defaclnamespace OPERATOR(pg_catalog.=) n.oid)
    AND a.grantee OPERATOR(pg_catalog.<>) d.defaclrole
UNION ALL
SELECT 'member', pg_catalog.format('table %I.%I', n.nspname, c.relname),
    pg_catalog.quote_ident(r.rolname::pg_catalog.text),
    pg_catalog.format('is a member of %I, its owner', pg_catalog.pg_get_userbyid(c.relowner)),
    pg_catalog.format('REVOKE %I FROM %I', pg_catalog.pg_get_userbyid(c.relowner), r.rolname)
  FROM pg_catalog.pg_class AS c, pg_catalog.pg_namespace AS n, pg_catalog.pg_auth_members AS m, pg_catalog.pg_roles AS r
  WHERE c.relnamespace OPERATOR(pg_catalog.=) n.oid AND n.nspname OPERATOR(pg_catalog.=) (@schema@) AND (c.relname OPERATOR(pg_catalog.=) 'idforge_lease'::pg_catalog.name)
    AND m.roleid OPERATOR(pg_catalog.=) c.relowner AND r.oid OPERATOR(pg_catalog.=) m.member AND NOT r.rolsuper
$body$, '@schema@', pg_catalog.quote_literal(s)));
  EXECUTE pg_catalog.format($check$COMMENT ON FUNCTION %I.%I() IS %L$check$, s, 'idforge_lease_check',
    'idforge''s install rule, checked now: one row (kind, object, role, problem, fix) for each role but this function''s owner that may CREATE in its schema, owns an object of idforge''s names there, or holds a privilege (granted, through default privileges or by membership in the owner) on a table whose rows carry a guarantee; no rows when the rule holds. Superusers, and members of pg_read_all_data and pg_write_all_data, read and write every table whatever it says.');
-- END pginstall check-function

  -- Last, so that it names a complete installation.
  EXECUTE pg_catalog.format($create$
CREATE OR REPLACE FUNCTION %1$I.idforge_lease_protocol() RETURNS integer
LANGUAGE sql IMMUTABLE SECURITY INVOKER
SET search_path = pg_catalog, pg_temp
AS 'SELECT 3';
COMMENT ON FUNCTION %1$I.idforge_lease_protocol() IS
'The version of the idforge lease functions installed beside it: 3.';
$create$, s);

  END IF;

  -- The whole rule, the table's privileges too: a new table gets its
  -- owner's default privileges, which it refuses; an installed one, any
  -- privilege granted since.
-- BEGIN pginstall all
  -- idforge's install rule (package pginstall): no role but the trusted
  -- one may CREATE in the schema, own an object of idforge's names there,
  -- or hold a privilege on a table whose rows carry a guarantee.
  DECLARE
    problems pg_catalog.text;
  BEGIN
    SELECT pg_catalog.string_agg(pg_catalog.format('%s: %s %s (fix: %s)', p.object, p.role, p.problem, p.fix), '; ' ORDER BY p.object, p.role, p.problem)
      INTO problems
    FROM (
      SELECT 'create'::pg_catalog.text AS kind, pg_catalog.format('schema %I', n.nspname) AS object, 'PUBLIC'::pg_catalog.text AS role,
          'may CREATE in the schema'::pg_catalog.text AS problem,
          pg_catalog.format('REVOKE CREATE ON SCHEMA %I FROM PUBLIC', n.nspname) AS fix
        FROM pg_catalog.pg_namespace AS n, pg_catalog.aclexplode(COALESCE(n.nspacl, pg_catalog.acldefault('n'::"char", n.nspowner))) AS a
        WHERE n.nspname OPERATOR(pg_catalog.=) (s) AND a.grantee OPERATOR(pg_catalog.=) 0::pg_catalog.oid AND a.privilege_type OPERATOR(pg_catalog.=) 'CREATE'::pg_catalog.text
      UNION ALL
      SELECT 'create', pg_catalog.format('schema %I', n.nspname), pg_catalog.quote_ident(r.rolname::pg_catalog.text),
          'may CREATE in the schema',
          CASE WHEN r.oid OPERATOR(pg_catalog.=) n.nspowner
            THEN pg_catalog.format('%I owns the schema and keeps CREATE there: install as %I, or into a schema of its own that only the installer may create in', r.rolname, r.rolname)
            WHEN pg_catalog.pg_get_userbyid(n.nspowner) OPERATOR(pg_catalog.=) 'pg_database_owner'::pg_catalog.name AND pg_catalog.pg_has_role(r.oid, n.nspowner, 'MEMBER'::pg_catalog.text)
            THEN pg_catalog.format('%I owns the database, and through pg_database_owner the schema, and keeps CREATE there: install as %I, or into a schema of its own that only the installer may create in', r.rolname, r.rolname)
            WHEN pg_catalog.pg_has_role(r.oid, n.nspowner, 'MEMBER'::pg_catalog.text)
            THEN pg_catalog.format('REVOKE %I FROM %I', pg_catalog.pg_get_userbyid(n.nspowner), r.rolname)
            ELSE pg_catalog.format('REVOKE CREATE ON SCHEMA %I FROM %I', n.nspname, r.rolname) END
        FROM pg_catalog.pg_namespace AS n, pg_catalog.pg_roles AS r
        WHERE n.nspname OPERATOR(pg_catalog.=) (s) AND NOT r.rolsuper AND r.oid OPERATOR(pg_catalog.<>) (trusted)
          AND r.rolname OPERATOR(pg_catalog.<>) 'pg_database_owner'::pg_catalog.name
          AND pg_catalog.has_schema_privilege(r.oid, n.oid, 'CREATE'::pg_catalog.text)
          AND NOT EXISTS (SELECT FROM pg_catalog.aclexplode(COALESCE(n.nspacl, pg_catalog.acldefault('n'::"char", n.nspowner))) AS pa
            WHERE pa.grantee OPERATOR(pg_catalog.=) 0::pg_catalog.oid AND pa.privilege_type OPERATOR(pg_catalog.=) 'CREATE'::pg_catalog.text)
      UNION ALL
      SELECT 'owner', pg_catalog.format('%s %I.%I', CASE c.relkind WHEN 'r' THEN 'table' ELSE 'relation' END, n.nspname, c.relname),
          pg_catalog.quote_ident(pg_catalog.pg_get_userbyid(c.relowner)::pg_catalog.text),
          'owns it, not the trusted role',
          pg_catalog.format('DROP it (another role may have planted it), or install as %I', pg_catalog.pg_get_userbyid(c.relowner))
        FROM pg_catalog.pg_class AS c, pg_catalog.pg_namespace AS n
        WHERE c.relnamespace OPERATOR(pg_catalog.=) n.oid AND n.nspname OPERATOR(pg_catalog.=) (s) AND (c.relname OPERATOR(pg_catalog.=) 'idforge_lease'::pg_catalog.name)
          AND c.relowner OPERATOR(pg_catalog.<>) (trusted)
      UNION ALL
      SELECT 'owner', pg_catalog.format('function %s', p.oid::pg_catalog.regprocedure),
          pg_catalog.quote_ident(pg_catalog.pg_get_userbyid(p.proowner)::pg_catalog.text),
          'owns it, not the trusted role',
          pg_catalog.format('DROP FUNCTION %s (another role may have planted it), or install as %I', p.oid::pg_catalog.regprocedure, pg_catalog.pg_get_userbyid(p.proowner))
        FROM pg_catalog.pg_proc AS p, pg_catalog.pg_namespace AS n
        WHERE p.pronamespace OPERATOR(pg_catalog.=) n.oid AND n.nspname OPERATOR(pg_catalog.=) (s) AND (p.proname OPERATOR(pg_catalog.=) 'idforge_lease_acquire'::pg_catalog.name OR p.proname OPERATOR(pg_catalog.=) 'idforge_lease_renew'::pg_catalog.name OR p.proname OPERATOR(pg_catalog.=) 'idforge_lease_release'::pg_catalog.name OR p.proname OPERATOR(pg_catalog.=) 'idforge_lease_protocol'::pg_catalog.name OR p.proname OPERATOR(pg_catalog.=) 'idforge_lease_check'::pg_catalog.name)
          AND p.proowner OPERATOR(pg_catalog.<>) (trusted)
      UNION ALL
      SELECT 'privilege', pg_catalog.format('table %I.%I', n.nspname, c.relname),
          CASE WHEN a.grantee OPERATOR(pg_catalog.=) 0::pg_catalog.oid THEN 'PUBLIC' ELSE pg_catalog.quote_ident(pg_catalog.pg_get_userbyid(a.grantee)::pg_catalog.text) END,
          'holds ' OPERATOR(pg_catalog.||) a.privilege_type OPERATOR(pg_catalog.||) ' on it',
          pg_catalog.format('REVOKE ALL ON TABLE %I.%I FROM %s', n.nspname, c.relname,
            CASE WHEN a.grantee OPERATOR(pg_catalog.=) 0::pg_catalog.oid THEN 'PUBLIC' ELSE pg_catalog.quote_ident(pg_catalog.pg_get_userbyid(a.grantee)::pg_catalog.text) END)
        FROM pg_catalog.pg_class AS c, pg_catalog.pg_namespace AS n, pg_catalog.aclexplode(c.relacl) AS a
        WHERE c.relnamespace OPERATOR(pg_catalog.=) n.oid AND n.nspname OPERATOR(pg_catalog.=) (s) AND (c.relname OPERATOR(pg_catalog.=) 'idforge_lease'::pg_catalog.name)
          AND c.relacl IS NOT NULL AND a.grantee OPERATOR(pg_catalog.<>) c.relowner
      UNION ALL
      SELECT 'privilege', pg_catalog.format('table %I.%I', n.nspname, c.relname),
          CASE WHEN a.grantee OPERATOR(pg_catalog.=) 0::pg_catalog.oid THEN 'PUBLIC' ELSE pg_catalog.quote_ident(pg_catalog.pg_get_userbyid(a.grantee)::pg_catalog.text) END,
          pg_catalog.format('holds %s on its column %I', a.privilege_type, att.attname),
          pg_catalog.format('REVOKE ALL (%I) ON TABLE %I.%I FROM %s', att.attname, n.nspname, c.relname,
            CASE WHEN a.grantee OPERATOR(pg_catalog.=) 0::pg_catalog.oid THEN 'PUBLIC' ELSE pg_catalog.quote_ident(pg_catalog.pg_get_userbyid(a.grantee)::pg_catalog.text) END)
        FROM pg_catalog.pg_class AS c, pg_catalog.pg_namespace AS n, pg_catalog.pg_attribute AS att, pg_catalog.aclexplode(att.attacl) AS a
        WHERE c.relnamespace OPERATOR(pg_catalog.=) n.oid AND n.nspname OPERATOR(pg_catalog.=) (s) AND (c.relname OPERATOR(pg_catalog.=) 'idforge_lease'::pg_catalog.name)
          AND att.attrelid OPERATOR(pg_catalog.=) c.oid AND att.attacl IS NOT NULL AND a.grantee OPERATOR(pg_catalog.<>) c.relowner
      UNION ALL
      SELECT 'default', pg_catalog.format('default privileges of %I%s', pg_catalog.pg_get_userbyid(d.defaclrole),
            CASE WHEN d.defaclnamespace OPERATOR(pg_catalog.=) 0::pg_catalog.oid THEN '' ELSE pg_catalog.format(' in schema %I', n.nspname) END),
          CASE WHEN a.grantee OPERATOR(pg_catalog.=) 0::pg_catalog.oid THEN 'PUBLIC' ELSE pg_catalog.quote_ident(pg_catalog.pg_get_userbyid(a.grantee)::pg_catalog.text) END,
          'gets ' OPERATOR(pg_catalog.||) a.privilege_type OPERATOR(pg_catalog.||) ' on every table the owner creates, the guarded tables among them',
          pg_catalog.format('ALTER DEFAULT PRIVILEGES FOR ROLE %I%s REVOKE ALL ON TABLES FROM %s', pg_catalog.pg_get_userbyid(d.defaclrole),
            CASE WHEN d.defaclnamespace OPERATOR(pg_catalog.=) 0::pg_catalog.oid THEN '' ELSE pg_catalog.format(' IN SCHEMA %I', n.nspname) END,
            CASE WHEN a.grantee OPERATOR(pg_catalog.=) 0::pg_catalog.oid THEN 'PUBLIC' ELSE pg_catalog.quote_ident(pg_catalog.pg_get_userbyid(a.grantee)::pg_catalog.text) END)
        FROM pg_catalog.pg_default_acl AS d, pg_catalog.pg_namespace AS n, pg_catalog.aclexplode(d.defaclacl) AS a
        WHERE n.nspname OPERATOR(pg_catalog.=) (s) AND d.defaclrole OPERATOR(pg_catalog.=) (trusted)
          AND d.defaclobjtype OPERATOR(pg_catalog.=) 'r'::"char"
          AND (d.defaclnamespace OPERATOR(pg_catalog.=) 0::pg_catalog.oid OR d.defaclnamespace OPERATOR(pg_catalog.=) n.oid)
          AND a.grantee OPERATOR(pg_catalog.<>) d.defaclrole
      UNION ALL
      SELECT 'member', pg_catalog.format('table %I.%I', n.nspname, c.relname),
          pg_catalog.quote_ident(r.rolname::pg_catalog.text),
          pg_catalog.format('is a member of %I, its owner', pg_catalog.pg_get_userbyid(c.relowner)),
          pg_catalog.format('REVOKE %I FROM %I', pg_catalog.pg_get_userbyid(c.relowner), r.rolname)
        FROM pg_catalog.pg_class AS c, pg_catalog.pg_namespace AS n, pg_catalog.pg_auth_members AS m, pg_catalog.pg_roles AS r
        WHERE c.relnamespace OPERATOR(pg_catalog.=) n.oid AND n.nspname OPERATOR(pg_catalog.=) (s) AND (c.relname OPERATOR(pg_catalog.=) 'idforge_lease'::pg_catalog.name)
          AND m.roleid OPERATOR(pg_catalog.=) c.relowner AND r.oid OPERATOR(pg_catalog.=) m.member AND NOT r.rolsuper
    ) AS p;
    IF problems IS NOT NULL THEN
      RAISE EXCEPTION USING ERRCODE = '42501',
        MESSAGE = pg_catalog.format('idforge_lease: refused in schema %I, trusting %I: %s. %s', s, pg_catalog.pg_get_userbyid(trusted), problems, 'Or install into a schema of its own, that only the installer may create in: first on the search_path of every connection that leases'),
        HINT = 'Each problem names its fix. A role that can create objects in a schema, own what idforge calls or read its tables can take over the guarantees: see docs/security.md.';
    END IF;
  END;
-- END pginstall all

  PERFORM pg_catalog.set_config('search_path', caller_path, true);
END
$install$;
