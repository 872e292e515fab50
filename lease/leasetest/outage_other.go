//go:build !unix

package leasetest

import (
	"testing"
	"time"
)

// Outage skips t: see skipProcesses.
func Outage(t *testing.T, _ time.Duration, _, _ func() error, _ ...string) {
	t.Skip("leasetest: " + skipProcesses)
}

// Command returns nil: Outage, which would use it, is skipped here.
func Command(*testing.T, string) func() error { return nil }
