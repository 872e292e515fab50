//go:build !unix

package main

import "testing"

// TestLeaseLost pauses a holder with SIGSTOP and resumes it with SIGCONT,
// which only Unix has: see lease_test.go.
func TestLeaseLost(t *testing.T) {
	t.Skip("the lease-lost test pauses idforge with SIGSTOP and resumes it with SIGCONT, which only Unix has")
}
