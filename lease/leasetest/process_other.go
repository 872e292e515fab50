//go:build !unix

package leasetest

import (
	"fmt"
	"os"
	"testing"
	"time"

	"github.com/idforge/idforge/lease"
)

// The process tests pause holders with SIGSTOP, resume them with SIGCONT
// and stop them with SIGTERM, which only Unix has: here Processes skips
// them, so that the tests that call it build and run on every platform.

// skipProcesses is the reason Processes gives for skipping.
const skipProcesses = "the process tests pause, resume and stop holders with SIGSTOP, SIGCONT and SIGTERM, which only Unix has"

// IsChild reports whether this process is a child of a process test. No
// child is started here, so it is false unless the environment says
// otherwise.
func IsChild() bool { return os.Getenv("IDFORGE_LEASE_CHILD") != "" }

// ChildMain exits with an error: children run only on Unix.
func ChildMain(func() (lease.Engine, error)) {
	fmt.Fprintln(os.Stderr, "leasetest:", skipProcesses)
	os.Exit(6)
}

// Processes skips t: see skipProcesses.
func Processes(t *testing.T, _ time.Duration, _ func() error, _ ...string) {
	t.Skip("leasetest: " + skipProcesses)
}

// RestartCommand returns nil: Processes, which would use it, is skipped
// here.
func RestartCommand(*testing.T, string) func() error { return nil }

// A Starter starts a holder; see the Unix build.
type Starter func(t *testing.T, name, via string, env ...string) *Child

// Child is a holder in a child process; none runs here.
type Child struct{}

// Faults skips t: see skipProcesses.
func Faults(t *testing.T, _ time.Duration, _ string, _ Starter, _ func() error) {
	t.Skip("leasetest: " + skipProcesses)
}
