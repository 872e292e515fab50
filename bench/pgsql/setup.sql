-- Setup for bench/pgsql/run: the hand-written PL/pgSQL baselines, written as
-- a user backfilling UUIDv1s would (seed 002), and a table of 1M UUIDv1s made
-- with the generated uuidv1_pack. Load the generated functions first.
-- Baselines written as a user would, by hand, in PL/pgSQL.
CREATE OR REPLACE FUNCTION hand_uuid_v1_time(u uuid) RETURNS timestamptz
LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  h text := replace(u::text, '-', '');
  ticks bigint;
BEGIN
  -- time_high (12 bits after the version digit), time_mid, time_low
  ticks := ('x' || lpad(substr(h, 14, 3) || substr(h, 9, 4) || substr(h, 1, 8), 16, '0'))::bit(64)::bigint;
  RETURN to_timestamp((ticks - 122192928000000000) / 10000000.0);
END $$;

CREATE OR REPLACE FUNCTION hand_uuid_to_base62(u uuid) RETURNS text
LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  alphabet text := '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
  b bytea := uuid_send(u);
  n numeric := 0;
  s text := '';
BEGIN
  FOR i IN 0..15 LOOP
    n := n * 256 + get_byte(b, i);
  END LOOP;
  WHILE n > 0 LOOP
    s := substr(alphabet, (n % 62)::int + 1, 1) || s;
    n := div(n, 62);
  END LOOP;
  RETURN lpad(s, 22, '0');
END $$;

DROP TABLE IF EXISTS bench_v1;
CREATE TABLE bench_v1 AS
  SELECT uuidv1_pack(timestamptz '2000-01-01' + random() * interval '30 years', (random() * 16383)::bigint, (random() * 281474976710655)::bigint) AS id
  FROM generate_series(1, 1000000);
VACUUM ANALYZE bench_v1;
