package lease

import (
	"flag"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/idforge/idforge/pginstall"
)

var update = flag.Bool("update", false, "rewrite lease.sql's blocks of the install rule from package pginstall")

// ruleBlocks are the blocks of lease.sql that package pginstall writes,
// by name: the check of who may create in the schema and who owns what is
// there, before any installed function is called or anything is created;
// the whole rule, once installed; and the check function. The trusted role
// is the owner of the installed functions, or the role running the script
// when there are none.
func ruleBlocks() map[string]string {
	return map[string]string{
		"owner":          pginstall.Refuse("idforge_lease", leaseAdvice, "trusted", leaseObjects, pginstall.KindCreate, pginstall.KindOwner),
		"all":            pginstall.Refuse("idforge_lease", leaseAdvice, "trusted", leaseObjects),
		"check-function": pginstall.CheckFunction("idforge_lease_check", leaseObjects),
	}
}

// leaseAdvice ends lease.sql's refusals.
const leaseAdvice = "Or install into a schema of its own, that only the installer may create in: first on the search_path of every connection that leases"

var blockRE = regexp.MustCompile(`(?s)(-- BEGIN pginstall ([a-z-]+)[^\n]*\n).*?(-- END pginstall ([a-z-]+)\n)`)

// withRule returns script with its pginstall blocks written afresh.
func withRule(t *testing.T, script string) string {
	blocks := ruleBlocks()
	seen := map[string]bool{}
	out := blockRE.ReplaceAllStringFunc(script, func(m string) string {
		sm := blockRE.FindStringSubmatch(m)
		if sm[2] != sm[4] {
			t.Fatalf("lease.sql: block %s ends as %s", sm[2], sm[4])
		}
		b, ok := blocks[sm[2]]
		if !ok {
			t.Fatalf("lease.sql: no block of pginstall is named %s", sm[2])
		}
		seen[sm[2]] = true
		return sm[1] + b + sm[3]
	})
	for name := range blocks {
		if !seen[name] {
			t.Fatalf("lease.sql has no block %s", name)
		}
	}
	return out
}

// TestScriptRule holds lease.sql's checks to package pginstall's install
// rule, the one the Private IDs key table's script takes too: the blocks
// between "-- BEGIN pginstall NAME" and "-- END pginstall NAME" are its
// output, byte for byte. -update (a step of go run ./tools/regen)
// rewrites them.
func TestScriptRule(t *testing.T) {
	want := withRule(t, leaseSQL)
	if want == leaseSQL {
		return
	}
	if *update {
		if err := os.WriteFile("lease.sql", []byte(want), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	t.Errorf("lease.sql's install-rule blocks are out of date with package pginstall: run go run ./tools/regen (or go test ./lease -run TestScriptRule -update)")
	if !strings.Contains(leaseSQL, "-- BEGIN pginstall") {
		t.Error("lease.sql has no pginstall block")
	}
}
