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
--
-- Each function is one atomic step on the server, timed by the server's
-- clock_timestamp() alone, and safe for any number of callers at once
-- under READ COMMITTED, PostgreSQL's default (call them outside explicit
-- transactions; under REPEATABLE READ or SERIALIZABLE a race is an error,
-- SQLSTATE 40001, to retry). What a caller may expect happens is a result,
-- never an error: no row from acquire when every node is held, NULL from
-- renew and release when the lease is no longer held. A bad argument
-- raises SQLSTATE 22023 (invalid_parameter_value) or 22004
-- (null_value_not_allowed).
--
-- A node whose lease expired (its holder crashed, paused or was cut off)
-- is quarantined: no one can take it until ttl + skew after the expiry,
-- where ttl is the longest TTL of its holder's acquisition and renewals and
-- skew the clock-skew bound its acquire stated (1 second unless given). A
-- node released is free at once.
--
-- Versions: 1, the first; 2 adds the quarantine (the columns ttl and skew,
-- and acquire's argument skew). Running this script over version 1 adds
-- the columns and replaces the functions; version 1's callers, which pass
-- six arguments to acquire, get the default skew.
DO $install$
DECLARE
  s name := pg_catalog.current_schema();
  caller_path text := pg_catalog.current_setting('search_path');
  installed integer;
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
  PRIMARY KEY (space, node)
)$create$, s);
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

  -- The functions are (re)created only when they are missing or older than
  -- this script, never replaced by an older one; a role that neither owns
  -- them nor needs to change them can run the script too. A change to any
  -- function below raises the version idforge_lease_protocol returns, here
  -- and there.
  IF pg_catalog.to_regprocedure(pg_catalog.format('%I.idforge_lease_protocol()', s)) IS NOT NULL THEN
    EXECUTE pg_catalog.format('SELECT %I.idforge_lease_protocol()', s) INTO installed;
  END IF;
  IF installed IS NOT NULL AND installed >= 2 THEN
    PERFORM pg_catalog.set_config('search_path', caller_path, true);
    RETURN;
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
LANGUAGE plpgsql VOLATILE SECURITY INVOKER
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
  IF ttl IS NULL OR ttl <= interval '0' THEN
    RAISE EXCEPTION USING ERRCODE = '22023',
      MESSAGE = 'idforge_lease_acquire: ttl must be positive, not ' || coalesce(ttl::text, 'NULL');
  END IF;
  IF idforge_lease_acquire.skew IS NULL OR idforge_lease_acquire.skew < interval '0' THEN
    RAISE EXCEPTION USING ERRCODE = '22023',
      MESSAGE = 'idforge_lease_acquire: skew must be 0 or more, not ' || coalesce(idforge_lease_acquire.skew::text, 'NULL');
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
        token = l.token + 1, ttl = idforge_lease_acquire.ttl, skew = idforge_lease_acquire.skew
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
'idforge_lease_acquire(space, node_bits, first, span, holder, ttl, skew) takes the first node that is free (never leased, released, or expired at least ttl + skew ago, ttl that of its last holder and skew the clock-skew bound it stated) among span nodes counted up from first, wrapping around the 2^node_bits nodes of space, and holds it for holder until ttl from now on the server''s clock. It returns the node, the fencing token of this acquisition (one more than the node''s last), the expiry, and the high-water tick the node''s last holder recorded (0 if none), which every ID made under the lease must be above; no row when all span nodes are held.'
$create$, s);

  EXECUTE pg_catalog.format($create$
CREATE OR REPLACE FUNCTION %1$I.idforge_lease_renew(
  space text, node bigint, holder text, token bigint, ttl interval, high_water bigint)
RETURNS timestamptz
LANGUAGE plpgsql VOLATILE SECURITY INVOKER
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
  IF ttl IS NULL OR ttl <= interval '0' THEN
    RAISE EXCEPTION USING ERRCODE = '22023',
      MESSAGE = 'idforge_lease_renew: ttl must be positive, not ' || coalesce(ttl::text, 'NULL');
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
LANGUAGE plpgsql VOLATILE SECURITY INVOKER
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
  SET holder = '', expires = pg_catalog.clock_timestamp(), high_water = idforge_lease_release.high_water
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
'idforge_lease_release(space, node, holder, token, high_water) ends the lease that idforge_lease_acquire gave holder with token at once, and sets the node''s high-water tick to high_water: the last tick of any ID made under the lease, known exactly once its generator has stopped, never below the tick acquire returned. It returns when the lease ended on the server''s clock, or NULL, changing nothing, when the lease was not held.'
$create$, s);

  -- Last, so that it names a complete installation.
  EXECUTE pg_catalog.format($create$
CREATE OR REPLACE FUNCTION %1$I.idforge_lease_protocol() RETURNS integer
LANGUAGE sql IMMUTABLE SECURITY INVOKER
SET search_path = pg_catalog, pg_temp
AS 'SELECT 2';
COMMENT ON FUNCTION %1$I.idforge_lease_protocol() IS
'The version of the idforge lease functions installed beside it: 2.';
$create$, s);

  PERFORM pg_catalog.set_config('search_path', caller_path, true);
END
$install$;
