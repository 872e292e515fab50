// Package testenv tells tests where the real servers and the tools they run
// against are, and skips a test, in one form, when one is missing: what is
// missing, what it is, and how to provide it (the script that starts such a
// server and prints its address, or the package that installs the tool).
// CI (.ci/run) provides them all.
//
// It is for tests only: idforge's own, in every one of its modules, and
// those of a program that runs lease/leasetest's scenarios or idforge's
// generated code against the same servers and tools, which can read the
// same variables.
//
// Every skip message has the form
//
//	skipped: WHAT is not set|not on PATH: it names|it is WHAT IT IS (HOW TO PROVIDE IT)
package testenv

import (
	"os"
	"os/exec"
	"strings"
	"testing"
)

// The variables tests read.
const (
	Postgres        = "IDFORGE_POSTGRES_DSN"       // a PostgreSQL server's DSN
	MariaDB         = "IDFORGE_MARIADB_DSN"        // a MariaDB server's DSN, as github.com/go-sql-driver/mysql reads it (.ci/mariadb)
	PostgresLog     = "IDFORGE_POSTGRES_LOG"       // the path of that server's log, which it can read
	LeasePostgres   = "IDFORGE_LEASE_POSTGRES_DSN" // a PostgreSQL server the lease tests may restart
	PostgresRestart = "IDFORGE_POSTGRES_RESTART"   // a shell command that restarts LeasePostgres's server
	Etcd            = "IDFORGE_ETCD_ENDPOINT"      // an etcd server's host:port
	EtcdRestart     = "IDFORGE_ETCD_RESTART"       // a shell command that restarts Etcd's server
	Kube            = "IDFORGE_KUBE_SERVER"        // a Kubernetes API server's URL, https://host:port
	KubeToken       = "IDFORGE_KUBE_TOKEN"         // a bearer token for Kube, allowed to manage Leases
	KubeCA          = "IDFORGE_KUBE_CA"            // the file of the CA of Kube's serving certificate
	KubeNamespace   = "IDFORGE_KUBE_NAMESPACE"     // the namespace where the token may manage Leases
	KubeRestart     = "IDFORGE_KUBE_RESTART"       // a shell command that kills Kube's API server and starts it again
	KubeStop        = "IDFORGE_KUBE_STOP"          // a shell command that stops Kube's API server (its etcd stays)
	KubeStart       = "IDFORGE_KUBE_START"         // a shell command that starts it again after KubeStop
	Full            = "IDFORGE_FULL"               // "1": run the long simulations in full, as a CI step does
)

// The commands tests run.
const (
	Go       = "go"       // the go command, to build and test generated code
	Node     = "node"     // Node.js, to run the generated JavaScript
	NPM      = "npm"      // npm, to install the pinned npm tools and peers
	Python   = "python3"  // Python 3, to run the generated Python
	Chromium = "chromium" // a Chromium browser, for the playground's browser test
)

// how says what each variable names, or what each command is, and how to
// provide it.
var how = map[string]string{
	Postgres:        "a PostgreSQL server's DSN (.ci/postgres starts one and prints it)",
	PostgresLog:     "the path of the log of the server IDFORGE_POSTGRES_DSN names, on that server (.ci/postgres writes it to $IDFORGE_PG_DIR/log; .ci/run sets it for PostgreSQL 13, 15 and 18)",
	LeasePostgres:   "a PostgreSQL server's DSN that the test may restart (IDFORGE_PG_PORT=55499 IDFORGE_PG_DIR=/tmp/idforge-pg-lease .ci/postgres starts one and prints it)",
	PostgresRestart: "a shell command that restarts that server (.ci/run sets it)",
	Etcd:            "an etcd server's host:port (.ci/etcd starts one and prints it)",
	EtcdRestart:     "a shell command that restarts that server (.ci/etcd restart)",
	Kube:            "a Kubernetes API server's URL (eval \"$(.ci/kube)\" starts kube-apiserver over its own etcd and sets it and the IDFORGE_KUBE_ variables below)",
	KubeToken:       "a bearer token that may get, list, create and update Leases in IDFORGE_KUBE_NAMESPACE (.ci/kube prints it)",
	KubeCA:          "the file of the CA that signed the API server's serving certificate (.ci/kube prints it)",
	KubeNamespace:   "the namespace of the lease tests' Leases (.ci/kube prints it)",
	KubeRestart:     "a shell command that kills the API server and starts it again on the same etcd (.ci/kube restart)",
	KubeStop:        "a shell command that stops the API server, its etcd left running (.ci/kube stop-apiserver)",
	KubeStart:       "a shell command that starts the API server again (.ci/kube start-apiserver)",
	Full:            "1 to run the long simulations in full (.ci/run does, in a step of its own)",
	Go:              "the go command (a Go toolchain's bin directory on PATH)",
	Node:            "Node.js 18 or later (.ci/run installs Debian's nodejs)",
	NPM:             "npm (.ci/run installs Debian's npm)",
	Python:          "Python 3.9 or later (.ci/run installs Debian's python3)",
	Chromium:        "a Chromium browser (.ci/run installs Debian's chromium; CHROMIUM names another browser to use)",
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

// IsFull reports whether the long simulations run in full (IDFORGE_FULL=1).
// By default they run small, so that `go test work` stays within go
// test's default timeout on a small, busy machine.
func IsFull() bool { return os.Getenv(Full) == "1" }

// NeedOne returns the value of the first of the environment variables
// names that is set, or skips the test naming them all.
func NeedOne(t testing.TB, names ...string) string {
	t.Helper()
	for _, name := range names {
		if v := os.Getenv(name); v != "" {
			return v
		}
	}
	t.Skip(Missing(names...))
	return ""
}

// Missing is the skip message for unset variables: one, or several of
// which any would do.
func Missing(names ...string) string {
	var what []string
	for _, name := range names {
		what = append(what, name+" ("+how[name]+")")
	}
	if len(names) == 1 {
		if h, ok := how[names[0]]; ok {
			return "skipped: " + names[0] + " is not set: it names " + h
		}
		return "skipped: " + names[0] + " is not set"
	}
	return "skipped: none of these is set: " + strings.Join(what, ", or ")
}

// NeedTool returns the path of the command name on PATH, or skips the test
// with a message that says what is missing and how to provide it.
func NeedTool(t testing.TB, name string) string {
	t.Helper()
	p, err := exec.LookPath(name)
	if err != nil {
		t.Skip(MissingTool(name))
	}
	return p
}

// MissingTool is the skip message for a command that is not on PATH.
func MissingTool(name string) string {
	if h, ok := how[name]; ok {
		return "skipped: " + name + " is not on PATH: it is " + h
	}
	return "skipped: " + name + " is not on PATH"
}
