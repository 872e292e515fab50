// Package testenv tells tests where the real servers they run against are,
// and skips a test, in one form, when one is missing: the variable, what it
// names, and the script that starts such a server and prints its address.
// CI (.ci/run) always sets them. It is for tests only.
package testenv

import (
	"os"
	"testing"
)

// The variables tests read.
const (
	Postgres        = "IDFORGE_POSTGRES_DSN"       // a PostgreSQL server's DSN
	LeasePostgres   = "IDFORGE_LEASE_POSTGRES_DSN" // a PostgreSQL server the lease tests may restart
	PostgresRestart = "IDFORGE_POSTGRES_RESTART"   // a shell command that restarts LeasePostgres's server
	Etcd            = "IDFORGE_ETCD_ENDPOINT"      // an etcd server's host:port
	EtcdRestart     = "IDFORGE_ETCD_RESTART"       // a shell command that restarts Etcd's server
)

// how says what each variable names and how to provide it.
var how = map[string]string{
	Postgres:        "a PostgreSQL server's DSN (.ci/postgres starts one and prints it)",
	LeasePostgres:   "a PostgreSQL server's DSN that the test may restart (IDFORGE_PG_PORT=55499 IDFORGE_PG_DIR=/tmp/idforge-pg-lease .ci/postgres starts one and prints it)",
	PostgresRestart: "a shell command that restarts that server (.ci/run sets it)",
	Etcd:            "an etcd server's host:port (.ci/etcd starts one and prints it)",
	EtcdRestart:     "a shell command that restarts that server (.ci/etcd restart)",
}

// Need returns the value of the environment variable name, or skips the
// test with a message that says what is missing and how to provide it.
func Need(t testing.TB, name string) string {
	t.Helper()
	v := os.Getenv(name)
	if v == "" {
		t.Skip(Missing(name))
	}
	return v
}

// Missing is the skip message for an unset variable name.
func Missing(name string) string {
	if h, ok := how[name]; ok {
		return "skipped: " + name + " is not set: it names " + h
	}
	return "skipped: " + name + " is not set"
}
