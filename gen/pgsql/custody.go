package pgsql

import (
	"fmt"
	"strings"
)

// Key custody: P_mask_named and P_unmask_named take the key by name from
// the table idforge_mask_keys, which only its owner reads, so that no
// statement, parameter, error message, plan or catalog entry of the
// caller's carries a key.
//
//   - The table (name text PRIMARY KEY, key bytea NOT NULL) is created if it
//     does not exist, in the schema of the functions, with every privilege
//     revoked from PUBLIC; the script refuses to go on when it belongs to a
//     role other than the one creating the functions (a table someone else
//     created first would let them read every key). It has no CHECK
//     constraint: a failing CHECK's message shows the row, key and all.
//   - The functions are SECURITY DEFINER (they run as their owner, who
//     reads the table), STABLE STRICT PARALLEL SAFE, with search_path
//     pinned to pg_catalog, their schema and pg_temp, last, as PostgreSQL's
//     documentation of SECURITY DEFINER advises; every name in their bodies
//     is schema-qualified, and the schema stays on the path only for the
//     calls P_mask makes to its helpers where the script is unqualified.
//     That schema must be one that untrusted roles cannot create objects
//     in (PostgreSQL 15 and later no longer let PUBLIC create in public).
//   - EXECUTE on them is revoked from PUBLIC: an administrator grants it,
//     with USAGE on the schema, to the roles that may mask, and never
//     grants SELECT on the table. A role granted them masks and unmasks
//     under every key in the table.
//   - An unknown name raises SQLSTATE 42704 (ErrKey), naming the name; the
//     other errors are P_mask's and P_unmask's, which never show a key.
//
// Where the script has no schema (Options.Schema), the table and the named
// functions go into current_schema(), the schema the other functions land
// in, and the DO block that creates them writes its name into their
// search_path and bodies.

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
			tw := "''::bytea"
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
			body := fmt.Sprintf(`DECLARE
  k bytea;
BEGIN
  SELECT t.key INTO k FROM %s AS t WHERE t.name = key_name;
  IF NOT FOUND THEN
    %s
  END IF;
  RETURN %s(%s, k, %s);
END`, table, s.raise(suffix, "42704", "ErrKey: no key named %L in idforge_mask_keys", "key_name"), qref(fn), quote(param), tw)
			stmts = append(stmts, fmt.Sprintf("CREATE OR REPLACE FUNCTION %s(%s) RETURNS %s\nLANGUAGE plpgsql STABLE STRICT PARALLEL SAFE SECURITY DEFINER\nSET search_path = pg_catalog, %s, pg_temp\nAS $fn$\n%s\n$fn$",
				qref(suffix), strings.Join(ps, ", "), s.typ, schemaMark, body))
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
			doc += ", with its errors; an unknown name raises SQLSTATE 42704 (ErrKey), naming the name. SECURITY DEFINER: it runs as its owner, who alone reads the table, so no statement, parameter, error or plan of the caller's carries the key. EXECUTE is revoked from PUBLIC: GRANT EXECUTE on it (and USAGE on its schema) to the roles that may mask, never SELECT on idforge_mask_keys; such a role masks under every key in the table. STABLE: a lookup WHERE id = " + s.name("unmask_named") + "($1, 'name') still uses the index on id, and PostgreSQL refuses it in generated columns and index expressions."
			stmts = append(stmts, "COMMENT ON FUNCTION "+sig+" IS "+dollar(doc))
			grants = append(grants, fmt.Sprintf("%s(%s)", s.name(suffix), strings.Join(types, ", ")))
		}
	}

	var b strings.Builder
	schema := "current_schema()"
	if s.schema != "" {
		schema = literal(s.schema)
	}
	fmt.Fprintf(&b, `
-- Key custody: the table idforge_mask_keys (only its owner reads it) and
-- %s and %s, SECURITY DEFINER, which take the key
-- by name. EXECUTE on them is revoked from PUBLIC; an administrator grants it:
--   GRANT USAGE ON SCHEMA <schema> TO app;
--   GRANT EXECUTE ON FUNCTION %s TO app;
-- and never SELECT on idforge_mask_keys.
DO $custody$
DECLARE
  s name := %s;
  owner oid;
BEGIN
  IF s IS NULL THEN
    RAISE EXCEPTION USING ERRCODE = '3F000', MESSAGE = 'idforge_mask_keys: search_path names no schema that exists to create it in';
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
			b.WriteString(`  SELECT c.relowner INTO owner FROM pg_catalog.pg_class AS c WHERE c.oid = format('%I.idforge_mask_keys', s)::regclass;
  IF owner <> (SELECT r.oid FROM pg_catalog.pg_roles AS r WHERE r.rolname = current_user) THEN
    RAISE EXCEPTION USING ERRCODE = '42501', MESSAGE = format('%I.idforge_mask_keys belongs to %s, not to %s, who creates the functions that read it', s, owner::regrole, current_user);
  END IF;
`)
		}
	}
	b.WriteString("END\n$custody$;\n")
	s.out.WriteString(b.String())
}
