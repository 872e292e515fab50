// Package pginstall is the one install rule for everything idforge installs
// in PostgreSQL: the Private IDs key table and the functions that read it
// (gen/pgsql), and the lease table and the lease functions (lease/lease.sql).
// Both scripts take their checks from here, so the rule is written once:
//
//   - refuse a schema where any role but the trusted one (the installer, or
//     for a client the owner of what it is about to call) may CREATE:
//     PUBLIC (as on public before PostgreSQL 15) or any role but the
//     superusers;
//   - refuse to reuse an object, table or function of the names idforge
//     installs, that another role owns (CVE-2022-2625's class: an object
//     someone else created first);
//   - on a table whose rows carry a guarantee (keys, fencing tokens,
//     high-water marks), refuse any privilege held by a role other than its
//     owner: a grant on the table or on a column, a default privilege the
//     owner's tables get (ALTER DEFAULT PRIVILEGES ... GRANT ... ON TABLES),
//     or membership in the owning role;
//   - report the same through a check function, which an administrator can
//     run at any time.
//
// Superusers, and on PostgreSQL 14 and later the members of
// pg_read_all_data and pg_write_all_data, read and write every table
// whatever this rule says: docs/security.md names them.
//
// What it returns is SQL text, meant for a DO block that has already set
// search_path to pg_catalog, pg_temp, where the variable s (of type name)
// holds the schema. Everything in it is qualified with pg_catalog.
package pginstall

import (
	"fmt"
	"strings"
)

// Object is one object, or one family of objects, an installer puts in its
// schema.
type Object struct {
	// Function says it is a function (every overload of the name counts);
	// otherwise it is a table (any relation of the name counts).
	Function bool
	// Name is the object's name, or with Like a LIKE pattern of names.
	Name string
	Like bool
	// Guarded marks a table whose rows carry a guarantee: no role but its
	// owner may hold any privilege on it.
	Guarded bool
}

// Kinds of problem, the first column of Problems' rows.
const (
	KindCreate    = "create"    // a role other than the trusted one may CREATE in the schema
	KindOwner     = "owner"     // an object of idforge's names belongs to another role
	KindPrivilege = "privilege" // another role holds a privilege on a guarded table
	KindDefault   = "default"   // the owner's default privileges give another role a privilege on its tables
	KindMember    = "member"    // a role is a member of a guarded table's owner
)

// literal returns s as an SQL string literal (s holds no backslash).
func literal(s string) string { return "'" + strings.ReplaceAll(s, "'", "''") + "'" }

// match returns the condition that col names o.
func (o Object) match(col string) string {
	if o.Like {
		return col + " OPERATOR(pg_catalog.~~) " + literal(o.Name) + "::pg_catalog.text"
	}
	return col + " OPERATOR(pg_catalog.=) " + literal(o.Name) + "::pg_catalog.name"
}

// Problems returns a SELECT of every way the schema that the SQL
// expression schema names (a name), and idforge's objects in it, break the
// rule for the role whose oid the SQL expression trusted gives: rows of
// (kind text, object text, role text, problem text, fix text), with the
// statement that fixes each. No rows: the rule holds.
func Problems(schema, trusted string, objects []Object) string {
	var tables, functions, guarded []string
	for _, o := range objects {
		switch {
		case o.Function:
			functions = append(functions, o.match("p.proname"))
		case o.Guarded:
			guarded = append(guarded, o.match("c.relname"))
			tables = append(tables, o.match("c.relname"))
		default:
			tables = append(tables, o.match("c.relname"))
		}
	}
	or := func(conds []string) string {
		if len(conds) == 0 {
			return "false"
		}
		return "(" + strings.Join(conds, " OR ") + ")"
	}
	parts := []string{
		// PUBLIC may CREATE.
		fmt.Sprintf(`SELECT %[1]s::pg_catalog.text AS kind, pg_catalog.format('schema %%I', n.nspname) AS object, 'PUBLIC'::pg_catalog.text AS role,
    'may CREATE in the schema'::pg_catalog.text AS problem,
    pg_catalog.format('REVOKE CREATE ON SCHEMA %%I FROM PUBLIC', n.nspname) AS fix
  FROM pg_catalog.pg_namespace AS n, pg_catalog.aclexplode(COALESCE(n.nspacl, pg_catalog.acldefault('n'::"char", n.nspowner))) AS a
  WHERE n.nspname OPERATOR(pg_catalog.=) (%[2]s) AND a.grantee OPERATOR(pg_catalog.=) 0::pg_catalog.oid AND a.privilege_type OPERATOR(pg_catalog.=) 'CREATE'::pg_catalog.text`,
			literal(KindCreate), schema),
		// Any other role but the superusers may CREATE (each is named
		// when PUBLIC may not, which says it all). pg_database_owner
		// (the owner of public from PostgreSQL 15) stands for the
		// database's owner, who is checked under its own name.
		fmt.Sprintf(`SELECT %[1]s, pg_catalog.format('schema %%I', n.nspname), pg_catalog.quote_ident(r.rolname::pg_catalog.text),
    'may CREATE in the schema',
    CASE WHEN r.oid OPERATOR(pg_catalog.=) n.nspowner
      THEN pg_catalog.format('%%I owns the schema and keeps CREATE there: install as %%I, or into a schema of its own that only the installer may create in', r.rolname, r.rolname)
      WHEN pg_catalog.pg_get_userbyid(n.nspowner) OPERATOR(pg_catalog.=) 'pg_database_owner'::pg_catalog.name AND pg_catalog.pg_has_role(r.oid, n.nspowner, 'MEMBER'::pg_catalog.text)
      THEN pg_catalog.format('%%I owns the database, and through pg_database_owner the schema, and keeps CREATE there: install as %%I, or into a schema of its own that only the installer may create in', r.rolname, r.rolname)
      WHEN pg_catalog.pg_has_role(r.oid, n.nspowner, 'MEMBER'::pg_catalog.text)
      THEN pg_catalog.format('REVOKE %%I FROM %%I', pg_catalog.pg_get_userbyid(n.nspowner), r.rolname)
      ELSE pg_catalog.format('REVOKE CREATE ON SCHEMA %%I FROM %%I', n.nspname, r.rolname) END
  FROM pg_catalog.pg_namespace AS n, pg_catalog.pg_roles AS r
  WHERE n.nspname OPERATOR(pg_catalog.=) (%[2]s) AND NOT r.rolsuper AND r.oid OPERATOR(pg_catalog.<>) (%[3]s)
    AND r.rolname OPERATOR(pg_catalog.<>) 'pg_database_owner'::pg_catalog.name
    AND pg_catalog.has_schema_privilege(r.oid, n.oid, 'CREATE'::pg_catalog.text)
    AND NOT EXISTS (SELECT FROM pg_catalog.aclexplode(COALESCE(n.nspacl, pg_catalog.acldefault('n'::"char", n.nspowner))) AS pa
      WHERE pa.grantee OPERATOR(pg_catalog.=) 0::pg_catalog.oid AND pa.privilege_type OPERATOR(pg_catalog.=) 'CREATE'::pg_catalog.text)`,
			literal(KindCreate), schema, trusted),
		// Relations of idforge's names that another role owns.
		fmt.Sprintf(`SELECT %[1]s, pg_catalog.format('%%s %%I.%%I', CASE c.relkind WHEN 'r' THEN 'table' ELSE 'relation' END, n.nspname, c.relname),
    pg_catalog.quote_ident(pg_catalog.pg_get_userbyid(c.relowner)::pg_catalog.text),
    'owns it, not the trusted role',
    pg_catalog.format('DROP it (another role may have planted it), or install as %%I', pg_catalog.pg_get_userbyid(c.relowner))
  FROM pg_catalog.pg_class AS c, pg_catalog.pg_namespace AS n
  WHERE c.relnamespace OPERATOR(pg_catalog.=) n.oid AND n.nspname OPERATOR(pg_catalog.=) (%[2]s) AND %[4]s
    AND c.relowner OPERATOR(pg_catalog.<>) (%[3]s)`,
			literal(KindOwner), schema, trusted, or(tables)),
		// Functions of idforge's names that another role owns.
		fmt.Sprintf(`SELECT %[1]s, pg_catalog.format('function %%s', p.oid::pg_catalog.regprocedure),
    pg_catalog.quote_ident(pg_catalog.pg_get_userbyid(p.proowner)::pg_catalog.text),
    'owns it, not the trusted role',
    pg_catalog.format('DROP FUNCTION %%s (another role may have planted it), or install as %%I', p.oid::pg_catalog.regprocedure, pg_catalog.pg_get_userbyid(p.proowner))
  FROM pg_catalog.pg_proc AS p, pg_catalog.pg_namespace AS n
  WHERE p.pronamespace OPERATOR(pg_catalog.=) n.oid AND n.nspname OPERATOR(pg_catalog.=) (%[2]s) AND %[4]s
    AND p.proowner OPERATOR(pg_catalog.<>) (%[3]s)`,
			literal(KindOwner), schema, trusted, or(functions)),
	}
	if len(guarded) > 0 {
		parts = append(parts,
			// Privileges on a guarded table, PUBLIC's too.
			fmt.Sprintf(`SELECT %[1]s, pg_catalog.format('table %%I.%%I', n.nspname, c.relname),
    CASE WHEN a.grantee OPERATOR(pg_catalog.=) 0::pg_catalog.oid THEN 'PUBLIC' ELSE pg_catalog.quote_ident(pg_catalog.pg_get_userbyid(a.grantee)::pg_catalog.text) END,
    'holds ' OPERATOR(pg_catalog.||) a.privilege_type OPERATOR(pg_catalog.||) ' on it',
    pg_catalog.format('REVOKE ALL ON TABLE %%I.%%I FROM %%s', n.nspname, c.relname,
      CASE WHEN a.grantee OPERATOR(pg_catalog.=) 0::pg_catalog.oid THEN 'PUBLIC' ELSE pg_catalog.quote_ident(pg_catalog.pg_get_userbyid(a.grantee)::pg_catalog.text) END)
  FROM pg_catalog.pg_class AS c, pg_catalog.pg_namespace AS n, pg_catalog.aclexplode(c.relacl) AS a
  WHERE c.relnamespace OPERATOR(pg_catalog.=) n.oid AND n.nspname OPERATOR(pg_catalog.=) (%[2]s) AND %[3]s
    AND c.relacl IS NOT NULL AND a.grantee OPERATOR(pg_catalog.<>) c.relowner`,
				literal(KindPrivilege), schema, or(guarded)),
			// Privileges on a column of one.
			fmt.Sprintf(`SELECT %[1]s, pg_catalog.format('table %%I.%%I', n.nspname, c.relname),
    CASE WHEN a.grantee OPERATOR(pg_catalog.=) 0::pg_catalog.oid THEN 'PUBLIC' ELSE pg_catalog.quote_ident(pg_catalog.pg_get_userbyid(a.grantee)::pg_catalog.text) END,
    pg_catalog.format('holds %%s on its column %%I', a.privilege_type, att.attname),
    pg_catalog.format('REVOKE ALL (%%I) ON TABLE %%I.%%I FROM %%s', att.attname, n.nspname, c.relname,
      CASE WHEN a.grantee OPERATOR(pg_catalog.=) 0::pg_catalog.oid THEN 'PUBLIC' ELSE pg_catalog.quote_ident(pg_catalog.pg_get_userbyid(a.grantee)::pg_catalog.text) END)
  FROM pg_catalog.pg_class AS c, pg_catalog.pg_namespace AS n, pg_catalog.pg_attribute AS att, pg_catalog.aclexplode(att.attacl) AS a
  WHERE c.relnamespace OPERATOR(pg_catalog.=) n.oid AND n.nspname OPERATOR(pg_catalog.=) (%[2]s) AND %[3]s
    AND att.attrelid OPERATOR(pg_catalog.=) c.oid AND att.attacl IS NOT NULL AND a.grantee OPERATOR(pg_catalog.<>) c.relowner`,
				literal(KindPrivilege), schema, or(guarded)),
			// Default privileges: what a table the trusted role creates in
			// the schema (or anywhere) gives other roles.
			fmt.Sprintf(`SELECT %[1]s, pg_catalog.format('default privileges of %%I%%s', pg_catalog.pg_get_userbyid(d.defaclrole),
      CASE WHEN d.defaclnamespace OPERATOR(pg_catalog.=) 0::pg_catalog.oid THEN '' ELSE pg_catalog.format(' in schema %%I', n.nspname) END),
    CASE WHEN a.grantee OPERATOR(pg_catalog.=) 0::pg_catalog.oid THEN 'PUBLIC' ELSE pg_catalog.quote_ident(pg_catalog.pg_get_userbyid(a.grantee)::pg_catalog.text) END,
    'gets ' OPERATOR(pg_catalog.||) a.privilege_type OPERATOR(pg_catalog.||) ' on every table the owner creates, the guarded tables among them',
    pg_catalog.format('ALTER DEFAULT PRIVILEGES FOR ROLE %%I%%s REVOKE ALL ON TABLES FROM %%s', pg_catalog.pg_get_userbyid(d.defaclrole),
      CASE WHEN d.defaclnamespace OPERATOR(pg_catalog.=) 0::pg_catalog.oid THEN '' ELSE pg_catalog.format(' IN SCHEMA %%I', n.nspname) END,
      CASE WHEN a.grantee OPERATOR(pg_catalog.=) 0::pg_catalog.oid THEN 'PUBLIC' ELSE pg_catalog.quote_ident(pg_catalog.pg_get_userbyid(a.grantee)::pg_catalog.text) END)
  FROM pg_catalog.pg_default_acl AS d, pg_catalog.pg_namespace AS n, pg_catalog.aclexplode(d.defaclacl) AS a
  WHERE n.nspname OPERATOR(pg_catalog.=) (%[2]s) AND d.defaclrole OPERATOR(pg_catalog.=) (%[3]s)
    AND d.defaclobjtype OPERATOR(pg_catalog.=) 'r'::"char"
    AND (d.defaclnamespace OPERATOR(pg_catalog.=) 0::pg_catalog.oid OR d.defaclnamespace OPERATOR(pg_catalog.=) n.oid)
    AND a.grantee OPERATOR(pg_catalog.<>) d.defaclrole`,
				literal(KindDefault), schema, trusted),
			// Members of a guarded table's owner hold its privileges.
			fmt.Sprintf(`SELECT %[1]s, pg_catalog.format('table %%I.%%I', n.nspname, c.relname),
    pg_catalog.quote_ident(r.rolname::pg_catalog.text),
    pg_catalog.format('is a member of %%I, its owner', pg_catalog.pg_get_userbyid(c.relowner)),
    pg_catalog.format('REVOKE %%I FROM %%I', pg_catalog.pg_get_userbyid(c.relowner), r.rolname)
  FROM pg_catalog.pg_class AS c, pg_catalog.pg_namespace AS n, pg_catalog.pg_auth_members AS m, pg_catalog.pg_roles AS r
  WHERE c.relnamespace OPERATOR(pg_catalog.=) n.oid AND n.nspname OPERATOR(pg_catalog.=) (%[2]s) AND %[3]s
    AND m.roleid OPERATOR(pg_catalog.=) c.relowner AND r.oid OPERATOR(pg_catalog.=) m.member AND NOT r.rolsuper`,
				literal(KindMember), schema, or(guarded)),
		)
	}
	return strings.Join(parts, "\nUNION ALL\n")
}

// Refuse returns a PL/pgSQL block (DECLARE ... END;), a statement of a DO
// block in which s holds the schema and search_path is pg_catalog,
// pg_temp, that raises SQLSTATE 42501 naming every problem of the kinds
// given (all kinds when none is) that Problems finds for the role whose oid
// the SQL expression trusted gives, with its fix. what names the installer
// in the message ("idforge_lease", "idforge_mask_keys"); advice, which ends
// it, says how to install elsewhere.
func Refuse(what, advice, trusted string, objects []Object, kinds ...string) string {
	filter := ""
	if len(kinds) > 0 {
		var ks []string
		for _, k := range kinds {
			ks = append(ks, literal(k))
		}
		filter = "\n    WHERE p.kind OPERATOR(pg_catalog.=) ANY (ARRAY[" + strings.Join(ks, ", ") + "]::pg_catalog.text[])"
	}
	q := strings.ReplaceAll(Problems("s", trusted, objects), "\n", "\n      ")
	return fmt.Sprintf(`  -- idforge's install rule (package pginstall): no role but the trusted
  -- one may CREATE in the schema, own an object of idforge's names there,
  -- or hold a privilege on a table whose rows carry a guarantee.
  DECLARE
    problems pg_catalog.text;
  BEGIN
    SELECT pg_catalog.string_agg(pg_catalog.format('%%s: %%s %%s (fix: %%s)', p.object, p.role, p.problem, p.fix), '; ' ORDER BY p.object, p.role, p.problem)
      INTO problems
    FROM (
      %s
    ) AS p%s;
    IF problems IS NOT NULL THEN
      RAISE EXCEPTION USING ERRCODE = '42501',
        MESSAGE = pg_catalog.format('%s: refused in schema %%I, trusting %%I: %%s. %%s', s, pg_catalog.pg_get_userbyid(%s), problems, %s),
        HINT = 'Each problem names its fix. A role that can create objects in a schema, own what idforge calls or read its tables can take over the guarantees: see docs/security.md.';
    END IF;
  END;
`, q, filter, what, trusted, literal(advice))
}

// CurrentUser is the SQL expression of the installer's oid.
const CurrentUser = "(SELECT r.oid FROM pg_catalog.pg_roles AS r WHERE r.rolname OPERATOR(pg_catalog.=) CURRENT_USER)"

// CheckFunction returns the DO block statements that create (or replace)
// the function s.name(), SECURITY INVOKER and read-only, that reports
// every problem of the rule, for the objects given, as rows (kind, object,
// role, problem, fix), the trusted role being the function's own owner (the
// installer): no rows, the rule holds. EXECUTE is left to PUBLIC: it reads
// only the catalogs, which every role may read.
func CheckFunction(name string, objects []Object) string {
	owner := fmt.Sprintf(`(SELECT f.proowner FROM pg_catalog.pg_proc AS f, pg_catalog.pg_namespace AS fn
      WHERE f.pronamespace OPERATOR(pg_catalog.=) fn.oid AND fn.nspname OPERATOR(pg_catalog.=) @schema@ AND f.proname OPERATOR(pg_catalog.=) %s::pg_catalog.name AND f.pronargs OPERATOR(pg_catalog.=) 0)`, literal(name))
	body := Problems("@schema@", owner, objects)
	return fmt.Sprintf(`  EXECUTE pg_catalog.format($check$CREATE OR REPLACE FUNCTION %%I.%%I()
RETURNS TABLE (kind pg_catalog.text, object pg_catalog.text, role pg_catalog.text, problem pg_catalog.text, fix pg_catalog.text)
LANGUAGE sql STABLE SECURITY INVOKER
SET search_path = pg_catalog, pg_temp
AS %%L$check$, s, %[1]s, pg_catalog.replace($body$
%[2]s
$body$, '@schema@', pg_catalog.quote_literal(s)));
  EXECUTE pg_catalog.format($check$COMMENT ON FUNCTION %%I.%%I() IS %%L$check$, s, %[1]s,
    'idforge''s install rule, checked now: one row (kind, object, role, problem, fix) for each role but this function''s owner that may CREATE in its schema, owns an object of idforge''s names there, or holds a privilege (granted, through default privileges or by membership in the owner) on a table whose rows carry a guarantee; no rows when the rule holds. Superusers, and members of pg_read_all_data and pg_write_all_data, read and write every table whatever it says.');
`, literal(name), body)
}
