package pgsql_test

import (
	"regexp"
	"strings"
	"testing"

	"github.com/idforge/idforge/gen/pgsql"
	"github.com/idforge/idforge/layouts"
	"github.com/idforge/idforge/resolved"
)

var (
	fnBody     = regexp.MustCompile(`(?s)CREATE OR REPLACE FUNCTION (\S+)\(([^)]*)\) RETURNS .*?\nAS \$fn\$\n(.*?)\n\$fn\$`)
	sqlLiteral = regexp.MustCompile(`'(?:[^']|'')*'`)
	sqlComment = regexp.MustCompile(`--[^\n]*`)
	callSite   = regexp.MustCompile(`([A-Za-z0-9_."%$]*?)"?([A-Za-z_][A-Za-z0-9_]*)"?\s*\(`)
	qualifier  = regexp.MustCompile(`^(pg_catalog\.|"ids"\.|%1\$I\.)$`)
	opChars    = regexp.MustCompile(`[-+*/<>=~!@#%^&|?]+`)
	castType   = regexp.MustCompile(`::"?([A-Za-z_][A-Za-z0-9_.]*)`)
	declType   = regexp.MustCompile(`(?m)^  [a-z][a-z0-9]* ([^ ;:]+)[ ;]`)
)

// notCalls are the words a body writes before a parenthesis that call no
// function: keywords, and type names with a length.
// (RAISE's USING ERRCODE = and MESSAGE = are PL/pgSQL's syntax, not
// operators.)
var notCalls = map[string]bool{"IF": true, "AND": true, "OR": true, "NOT": true, "bit": true, "OPERATOR": true, "CASE": true, "WHEN": true, "RETURN": true}

// The bodies the SECURITY DEFINER functions run as the key table's owner
// (theirs, and P_mask's and P_unmask's with a tweak, in both versions'
// bodies, with and without a schema) call every function qualified, with
// pg_catalog or the schema, every operator as OPERATOR(pg_catalog.op), and
// casts to and declare only pg_catalog's types (qualified, or the keywords
// bit and bigint): nothing in them is looked up on a search_path. interop/pgsql's
// TestAttackCustody tries the attacks on a server.
func TestCustodyQualified(t *testing.T) {
	for _, name := range []string{"uuidv7", "uuidv1", "ksuid", "snowflake", "xid", "ulid"} {
		l, err := layouts.Builtin(name)
		if err != nil {
			t.Fatal(err)
		}
		for _, server := range []int{pgsql.PG13, pgsql.PG18} {
			for _, schema := range []string{"", "ids"} {
				script, err := pgsql.GenerateWith(resolved.Must(l), pgsql.Options{Server: server, Schema: schema})
				if err != nil {
					t.Fatal(err)
				}
				text := string(script)
				if !strings.Contains(text, "SET search_path = pg_catalog, pg_temp\n") {
					t.Errorf("%s: the named functions do not pin search_path to pg_catalog, pg_temp", name)
				}
				checked := 0
				for _, m := range fnBody.FindAllStringSubmatch(text, -1) {
					fn, params, body := m[1], m[2], m[3]
					named := strings.Contains(fn, "_mask_named") || strings.Contains(fn, "_unmask_named")
					keyed := (strings.HasSuffix(fn, `_mask"`) || strings.HasSuffix(fn, `_unmask"`)) && strings.Contains(params, `"tweak"`)
					if !named && !keyed {
						continue
					}
					checked++
					code := sqlLiteral.ReplaceAllString(sqlComment.ReplaceAllString(body, ""), "''")
					for _, c := range callSite.FindAllStringSubmatch(code, -1) {
						q, f := c[1], c[2]
						if notCalls[f] || strings.HasSuffix(q, "::") || qualifier.MatchString(q) {
							continue
						}
						t.Errorf("%s (server %d, schema %q): %s calls %s%s unqualified", name, server, schema, fn, q, f)
					}
					for _, ty := range castType.FindAllStringSubmatch(code, -1) {
						if !strings.HasPrefix(ty[1], "pg_catalog.") && ty[1] != "bit" && ty[1] != "bigint" {
							t.Errorf("%s (server %d, schema %q): %s casts to %s, not pg_catalog's", name, server, schema, fn, ty[1])
						}
					}
					if decl, _, ok := strings.Cut(code, "\nBEGIN\n"); ok {
						for _, d := range declType.FindAllStringSubmatch(decl, -1) {
							if !strings.HasPrefix(d[1], "pg_catalog.") && !strings.HasPrefix(d[1], "bit(") && d[1] != "bigint" {
								t.Errorf("%s (server %d, schema %q): %s declares a %s, not pg_catalog's", name, server, schema, fn, d[1])
							}
						}
					}
					rest := regexp.MustCompile(`OPERATOR\(pg_catalog\.[^)\s]+\)|::|:=|%1\$I|%%|(ERRCODE|MESSAGE) =`).ReplaceAllString(code, " ")
					for _, op := range opChars.FindAllString(rest, -1) {
						t.Errorf("%s (server %d, schema %q): %s uses the operator %s unqualified", name, server, schema, fn, op)
					}
				}
				if checked != 6 {
					t.Errorf("%s (server %d, schema %q): %d bodies checked, want 6 (mask, unmask and four named)", name, server, schema, checked)
				}
			}
		}
	}
}
