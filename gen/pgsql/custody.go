package pgsql

import (
	"fmt"
	"strings"

	"github.com/idforge/idforge/pginstall"
)

// Key custody: P_mask_named and P_unmask_named take the key by name from
// the table idforge_mask_keys, which only its owner reads, so that no
// statement, parameter, error message, plan or catalog entry of the
// caller's carries a key. It rests on four things, each of which the
// attack suite in interop/pgsql (attack_test.go) checks on PostgreSQL 13,
// 15 and 18:
//
//   - The functions are SECURITY DEFINER (they run as their owner, who
//     reads the table), STABLE PARALLEL SAFE, with search_path pinned to
//     pg_catalog, pg_temp (pg_temp last), as PostgreSQL's documentation of
//     SECURITY DEFINER advises: their schema is not on it.
//   - Everything they run, their own bodies and those of P_mask and
//     P_unmask, which they call as the owner, names idforge's objects with
//     their schema (the DO block's s: Options.Schema, or current_schema()
//     where the script runs), calls every built-in as pg_catalog.name with
//     arguments of the exact types of one of its signatures and every
//     operator as OPERATOR(pg_catalog.op) with exactly-typed operands, and
//     declares and casts to pg_catalog's types only (safe.go): no implicit
//     cast leaves room for a closer overload that another role created, in
//     any schema, no type of another schema (a domain whose CHECK runs its
//     code) stands in for one, and a hostile search_path of the caller's
//     changes nothing, even one under which the caller ran P_mask first.
//   - The script follows idforge's install rule (package pginstall, which
//     lease.sql follows too): it refuses (SQLSTATE 42501, with the fix in
//     the message) a schema where any role but the one running it
//     (superusers aside) may CREATE: PUBLIC, as on public before
//     PostgreSQL 15, or any role has_schema_privilege says can. The owner
//     of the database, through pg_database_owner (which owns public from
//     PostgreSQL 15), counts when it is another role. It refuses a table
//     or function of these names that belongs to another role (a table
//     someone else created first would let them read every key), and any
//     privilege a role but the owner holds on the table: granted on it or
//     a column, given by the owner's default privileges (ALTER DEFAULT
//     PRIVILEGES ... GRANT SELECT ON TABLES), or by membership in the
//     owner. idforge_mask_keys_check() reports the same at any time.
//   - The table (name text PRIMARY KEY, key bytea NOT NULL) is created if
//     it does not exist, with every privilege revoked from PUBLIC, and no
//     CHECK constraint: a failing CHECK's message shows the row, key and
//     all. EXECUTE on the functions is revoked from PUBLIC: an
//     administrator grants it, with USAGE on the schema, to the roles that
//     may mask, and never grants SELECT on the table, nor CREATE on the
//     schema to anyone. A role granted the functions masks and unmasks
//     under every key in the table.
//
// A NULL key_name or tweak is an error naming it (SQLSTATE 22004); an
// unknown name raises SQLSTATE 42704 (ErrKey), naming the name; a NULL ID
// gives NULL; the other errors are P_mask's and P_unmask's, which never
// show a key.
//
// The DO block that creates them runs with search_path set to pg_catalog,
// pg_temp for its own statements (and puts the caller's back), so that its
// checks, too, run only what they name.

// schemaMark stands for the schema in the statements emitNamed builds
// before the schema is known.
const schemaMark = "\x00schema\x00"

// emitNamed writes the key table and the named-key functions, from one DO
// block.
func (s *script) emitNamed() {
	table := schemaMark + ".idforge_mask_keys"
	var stmts []string
	stmts = append(stmts,
		"CREATE TABLE "+table+" (name text PRIMARY KEY, key bytea NOT NULL)",
		"REVOKE ALL ON TABLE "+table+" FROM PUBLIC",
		"COMMENT ON TABLE "+table+" IS "+dollar("idforge's Private IDs keys, by name, for the functions LAYOUT_mask_named and LAYOUT_unmask_named (SECURITY DEFINER), which read it as its owner. Only its owner may read it: never GRANT SELECT on it; GRANT EXECUTE on the named functions instead. Load a key without it reaching the server's log: COPY its hex into a temporary table and INSERT ... SELECT decode(hex, 'hex') from there, or pg_read_file() a key file on the server."),
	)
	qref := func(suffix string) string { return schemaMark + "." + quote(s.name(suffix)) }
	grants := []string{}
	for _, forward := range []bool{true, false} {
		suffix, param, fn := "unmask_named", "public", "unmask"
		if forward {
			suffix, param, fn = "mask_named", "id", "mask"
		}
		for _, tweak := range []bool{true, false} {
			params := [][2]string{{param, s.typ}, {"key_name", "text"}}
			tw := "''::pg_catalog.bytea"
			if tweak {
				params = append(params, [2]string{"tweak", "bytea"})
				tw = "tweak"
			}
			var ps, types []string
			for _, p := range params {
				ps = append(ps, quote(p[0])+" "+p[1])
				types = append(types, p[1])
			}
			sig := fmt.Sprintf("%s(%s)", qref(suffix), strings.Join(types, ", "))
			s.safe = true
			body := fmt.Sprintf(`DECLARE
  k pg_catalog.bytea;
BEGIN
  -- search_path is pg_catalog, pg_temp: idforge's objects are named with
  -- their schema, built-ins, operators and types as pg_catalog's, with
  -- arguments of their exact types, so nothing another role creates is
  -- run here.
  IF key_name IS NULL THEN
    %s
  END IF;
`, s.raise(suffix, "22004", "key_name is NULL"))
			if tweak {
				body += fmt.Sprintf("  IF tweak IS NULL THEN\n    %s\n  END IF;\n", s.raise(suffix, "22004", "tweak is NULL (no tweak is an empty bytea)"))
			}
			body += fmt.Sprintf(`  SELECT t.key INTO k FROM %s AS t WHERE %s;
  IF NOT FOUND THEN
    %s
  END IF;
  RETURN %s(%s, k, %s);
END`, table, s.op("t.name", "=", "key_name"), s.raise(suffix, "42704", "ErrKey: no key named %L in idforge_mask_keys", "key_name"), qref(fn), quote(param), tw)
			s.safe = false
			stmts = append(stmts, fmt.Sprintf("CREATE OR REPLACE FUNCTION %s(%s) RETURNS %s\nLANGUAGE plpgsql STABLE PARALLEL SAFE SECURITY DEFINER\nSET search_path = pg_catalog, pg_temp\nAS $fn$\n%s\n$fn$",
				qref(suffix), strings.Join(ps, ", "), s.typ, body))
			stmts = append(stmts, "REVOKE ALL ON FUNCTION "+sig+" FROM PUBLIC")
			var doc string
			if forward {
				doc = fmt.Sprintf("%s(id, key, tweak) under the key named key_name in idforge_mask_keys", s.name("mask"))
			} else {
				doc = fmt.Sprintf("%s(public, key, tweak) under the key named key_name in idforge_mask_keys", s.name("unmask"))
			}
			if !tweak {
				doc = strings.Replace(doc, "key, tweak)", "key, '')", 1)
			}
			doc += ", with its errors; a NULL key_name or tweak raises SQLSTATE 22004, naming it, an unknown name 42704 (ErrKey), naming the name; a NULL ID gives NULL. SECURITY DEFINER: it runs as its owner, who alone reads the table, so no statement, parameter, error or plan of the caller's carries the key. EXECUTE is revoked from PUBLIC: GRANT EXECUTE on it (and USAGE on its schema) to the roles that may mask, never SELECT on idforge_mask_keys; such a role masks under every key in the table. Its search_path is pg_catalog, pg_temp and every name in it and in what it calls is qualified, with arguments of exact types; the script refuses to create it in a schema where another role may CREATE, and no role but its owner should ever get CREATE there. STABLE: a lookup WHERE id = " + s.name("unmask_named") + "($1, 'name') still uses the index on id, and PostgreSQL refuses it in generated columns and index expressions."
			stmts = append(stmts, "COMMENT ON FUNCTION "+sig+" IS "+dollar(doc))
			grants = append(grants, fmt.Sprintf("%s(%s)", s.name(suffix), strings.Join(types, ", ")))
		}
	}

	var b strings.Builder
	schema := "pg_catalog.current_schema()"
	if s.schema != "" {
		schema = literal(s.schema)
	}
	fmt.Fprintf(&b, `
-- Key custody: the table idforge_mask_keys (only its owner reads it) and
-- %s and %s, SECURITY DEFINER, which take the key
-- by name. EXECUTE on them is revoked from PUBLIC; an administrator grants it:
--   GRANT USAGE ON SCHEMA <schema> TO app;
--   GRANT EXECUTE ON FUNCTION %s TO app;
-- and never SELECT on idforge_mask_keys, nor CREATE on the schema. The
-- functions pin search_path to pg_catalog, pg_temp and name everything
-- they run with its schema. The block follows idforge's install rule: it
-- refuses a schema where a role other than the one running it may CREATE
-- (whose objects could stand in for what the functions call), an object
-- of these names that another role owns, and any privilege another role
-- holds on idforge_mask_keys, default privileges and membership in its
-- owner included; idforge_mask_keys_check() reports the same, at any
-- time. It runs its own statements with search_path pg_catalog, pg_temp
-- too, and puts the caller's back.
DO $custody$
DECLARE
  s name := %s;
  path text := pg_catalog.current_setting('search_path');
BEGIN
  PERFORM pg_catalog.set_config('search_path', 'pg_catalog, pg_temp', true);
  IF s IS NULL THEN
    RAISE EXCEPTION USING ERRCODE = '3F000', MESSAGE = 'idforge_mask_keys: search_path names no schema that exists to create it in';
  END IF;
`, s.name("mask_named"), s.name("unmask_named"), strings.Join(grants, ",\n--     "), schema)
	objects := []pginstall.Object{
		{Name: "idforge_mask_keys", Guarded: true},
		{Function: true, Name: s.name("mask")},
		{Function: true, Name: s.name("unmask")},
		{Function: true, Name: s.name("mask_named")},
		{Function: true, Name: s.name("unmask_named")},
		{Function: true, Name: "idforge_mask_keys_check"},
	}
	const advice = "Or install into a schema of its own that only the installer may create in (idforge gen -lang sql -schema NAME)"
	// Before anything is created: who may CREATE in the schema, and who
	// owns what is there (a key table someone else created first would
	// let them read every key).
	b.WriteString(pginstall.Refuse("idforge_mask_keys", advice, pginstall.CurrentUser, objects, pginstall.KindCreate, pginstall.KindOwner))
	for i, st := range stmts {
		var lit string
		if s.schema != "" {
			lit = quoteBody(strings.ReplaceAll(st, schemaMark, quote(s.schema)), "st")
		} else {
			lit = "format(" + quoteBody(strings.ReplaceAll(strings.ReplaceAll(st, "%", "%%"), schemaMark, "%1$I"), "st") + ", s)"
		}
		if i == 0 {
			// Not IF NOT EXISTS, whose notice every re-run would print.
			fmt.Fprintf(&b, "  IF to_regclass(format('%%I.idforge_mask_keys', s)) IS NULL THEN\n    EXECUTE %s;\n  END IF;\n", lit)
		} else {
			fmt.Fprintf(&b, "  EXECUTE %s;\n", lit)
		}
	}
	// The report, for every layout's functions in the schema.
	b.WriteString(pginstall.CheckFunction("idforge_mask_keys_check", []pginstall.Object{
		{Name: "idforge_mask_keys", Guarded: true},
		{Function: true, Name: "%mask_named", Like: true},
		{Function: true, Name: "idforge_mask_keys_check"},
	}))
	// Then the whole rule, the table's privileges too: a new table gets
	// its owner's default privileges (ALTER DEFAULT PRIVILEGES ... GRANT
	// SELECT ON TABLES), which it refuses, as it does any privilege
	// granted since on a table that was there.
	b.WriteString(pginstall.Refuse("idforge_mask_keys", advice, pginstall.CurrentUser, objects))
	b.WriteString("  PERFORM set_config('search_path', path, true);\nEND\n$custody$;\n")
	s.out.WriteString(b.String())
}
