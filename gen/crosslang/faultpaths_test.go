package conformance_test

import (
	"path/filepath"
	"testing"
)

// Where the ordinal and fault tests (ordinal_test.go, faults_*_test.go)
// find the packages they run and the SQL lease script, in one place: the
// committed js/, python/ and java/ of the repository, as the other lease
// tests find them.
const (
	faultJSDir     = "../../js"                 // the npm package's modules
	faultPythonDir = "../../python"             // the Python package's root, for PYTHONPATH
	faultJavaSrc   = "../../java/src/main/java" // the Java package's sources
	faultLeaseSQL  = "../../lease/lease.sql"    // the SQL lease functions
)

// faultPath returns one of the paths above as an absolute path.
func faultPath(t *testing.T, rel string) string {
	t.Helper()
	p, err := filepath.Abs(rel)
	if err != nil {
		t.Fatal(err)
	}
	return p
}
