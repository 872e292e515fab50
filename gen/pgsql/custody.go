package pgsql

import (
	"fmt"
	"strings"
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
//   - The script refuses (SQLSTATE 42501, with the fix in the message) to
//     create the table or the functions in a schema where any role but the
//     one running it (superusers aside) may CREATE: PUBLIC, as on public
//     before PostgreSQL 15, or any role has_schema_privilege says can. The
//     owner of the database, through pg_database_owner (which owns public
//     from PostgreSQL 15), counts when it is another role. It also refuses
//     a table that belongs to another role (a table someone else created
//     first would let them read every key).
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
-- they run with its schema; the block refuses a schema where a role other
-- than the one running it may CREATE, whose objects could stand in for
-- what the functions call. It runs its own statements with search_path
-- pg_catalog, pg_temp too, and puts the caller's back.
DO $custody$
DECLARE
  s name := %s;
  path text := pg_catalog.current_setting('search_path');
  owner oid;
  writers text;
  owners text;
  anyone boolean;
BEGIN
  PERFORM pg_catalog.set_config('search_path', 'pg_catalog, pg_temp', true);
  IF s IS NULL THEN
    RAISE EXCEPTION USING ERRCODE = '3F000', MESSAGE = 'idforge_mask_keys: search_path names no schema that exists to create it in';
  END IF;
  -- Who may CREATE in the schema: PUBLIC, or any role but this one and the
  -- superusers. pg_database_owner (the owner of public from PostgreSQL 15)
  -- stands for the database's owner, who is checked under its own name.
  SELECT EXISTS (SELECT FROM pg_namespace AS n, aclexplode(coalesce(n.nspacl, acldefault('n', n.nspowner))) AS a
    WHERE n.nspname = s AND a.grantee = 0 AND a.privilege_type = 'CREATE') INTO anyone;
  IF anyone THEN
    writers := 'PUBLIC (every role)';
  ELSE
    SELECT string_agg(quote_ident(r.rolname), ', ' ORDER BY r.rolname) INTO writers FROM pg_roles AS r
      WHERE NOT r.rolsuper AND r.rolname <> current_user AND r.rolname <> 'pg_database_owner'
        AND has_schema_privilege(r.oid, s, 'CREATE');
  END IF;
  IF writers IS NOT NULL THEN
    -- The schema's owner (or the database's, through pg_database_owner)
    -- keeps CREATE whatever is revoked.
    SELECT string_agg(quote_ident(r.rolname), ', ' ORDER BY r.rolname) INTO owners FROM pg_roles AS r, pg_namespace AS n
      WHERE n.nspname = s AND NOT r.rolsuper AND r.rolname <> current_user AND r.rolname <> 'pg_database_owner'
        AND pg_has_role(r.oid, n.nspowner, 'MEMBER');
    RAISE EXCEPTION USING ERRCODE = '42501', MESSAGE = format('idforge_mask_keys: refused: %%s may CREATE in schema %%I, and objects created there could take over the functions that read the keys. %%s, or install into a schema of its own that only %%I may create in (idforge gen -lang sql -schema NAME)',
      writers, s, CASE WHEN owners IS NULL THEN format('Run REVOKE CREATE ON SCHEMA %%I FROM %%s;', s, CASE WHEN anyone THEN 'PUBLIC' ELSE writers END)
        ELSE format('%%s owns the schema (or the database, for which pg_database_owner stands) and keeps CREATE there: run the script as %%s', owners, owners) END, current_user);
  END IF;
`, s.name("mask_named"), s.name("unmask_named"), strings.Join(grants, ",\n--     "), schema)
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
		if i == 0 {
			b.WriteString(`  SELECT c.relowner INTO owner FROM pg_class AS c WHERE c.oid = format('%I.idforge_mask_keys', s)::regclass;
  IF owner <> (SELECT r.oid FROM pg_roles AS r WHERE r.rolname = current_user) THEN
    RAISE EXCEPTION USING ERRCODE = '42501', MESSAGE = format('%I.idforge_mask_keys belongs to %s, not to %s, who creates the functions that read it', s, owner::regrole, current_user);
  END IF;
`)
		}
	}
	b.WriteString("  PERFORM set_config('search_path', path, true);\nEND\n$custody$;\n")
	s.out.WriteString(b.String())
}
