package pginstall

import (
	"regexp"
	"strings"
	"testing"
)

var objects = []Object{
	{Name: "idforge_lease", Guarded: true},
	{Function: true, Name: "idforge_lease_acquire"},
	{Function: true, Name: "%mask_named", Like: true},
}

// TestQualified holds what the rule's SQL runs to pg_catalog's objects:
// every catalog, function and operator it names is pg_catalog's, written
// so, whatever the search_path of the session that runs it (a client's, in
// lease.PostgresCheck, is not pinned).
func TestQualified(t *testing.T) {
	for name, sql := range map[string]string{
		"Problems":      Problems("s", CurrentUser, objects),
		"Refuse":        Refuse("x", "advice", CurrentUser, objects, KindCreate),
		"CheckFunction": CheckFunction("x_check", objects),
	} {
		// Every built-in it calls, with pg_catalog.
		for _, fn := range []string{"format", "aclexplode", "acldefault", "has_schema_privilege", "pg_has_role", "pg_get_userbyid",
			"quote_ident", "quote_literal", "string_agg", "replace"} {
			calls := regexp.MustCompile(`(\S*)\b`+fn+`\(`).FindAllStringSubmatch(sql, -1)
			for _, c := range calls {
				if !strings.HasSuffix(c[1], "pg_catalog.") {
					t.Errorf("%s calls %s%s( unqualified", name, c[1], fn)
				}
			}
		}
		for _, m := range regexp.MustCompile(`[^.\w](pg_[a-z_]+)`).FindAllStringSubmatch(sql, -1) {
			switch m[1] {
			case "pg_catalog", "pg_temp", "pg_database_owner", "pg_read_all_data", "pg_write_all_data":
				continue
			}
			t.Errorf("%s names %s without pg_catalog.", name, m[1])
		}
		for _, op := range []string{" = ", " <> ", " || ", " ~~ "} {
			if name == "Problems" && strings.Contains(sql, op) {
				t.Errorf("%s uses %q, not OPERATOR(pg_catalog.…)", name, op)
			}
		}
		// JDBC reads ? as a parameter, even in a string (the Java lease
		// client runs lease.PostgresCheck's query).
		if strings.Contains(sql, "?") {
			t.Errorf("%s has a ?", name)
		}
	}
}

// TestFilter: Refuse with kinds checks those kinds alone.
func TestFilter(t *testing.T) {
	all := Refuse("x", "a", CurrentUser, objects)
	some := Refuse("x", "a", CurrentUser, objects, KindCreate, KindOwner)
	if strings.Contains(all, "p.kind OPERATOR(pg_catalog.=) ANY") || !strings.Contains(some, "ANY (ARRAY['create', 'owner']::pg_catalog.text[])") {
		t.Errorf("the filter of Refuse:\n%s", some[strings.Index(some, ") AS p"):])
	}
	if p := Problems("s", "t", objects[1:2]); strings.Contains(p, "aclexplode(c.relacl)") {
		t.Error("privileges are checked with no guarded table")
	}
}
