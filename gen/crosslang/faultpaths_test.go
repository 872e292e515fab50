package conformance_test

import (
	"path/filepath"
	"testing"
)

// faultLeaseSQL is the SQL lease functions the ordinal and fault tests
// (ordinal_test.go, faults_*_test.go) install; the packages they run come
// from pkgDir, built fresh from this binary's emitters.
const faultLeaseSQL = "../../lease/lease.sql"

// faultPath returns a path relative to this package as an absolute path.
func faultPath(t *testing.T, rel string) string {
	t.Helper()
	p, err := filepath.Abs(rel)
	if err != nil {
		t.Fatal(err)
	}
	return p
}
