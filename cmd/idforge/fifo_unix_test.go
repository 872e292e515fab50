//go:build unix

package main

import (
	"path/filepath"
	"syscall"
	"testing"
)

// makeFIFO returns the path of a new named pipe in dir that nothing writes
// to, or "" where none can be made.
func makeFIFO(t *testing.T, dir string) string {
	path := filepath.Join(dir, "fifo.key")
	if err := syscall.Mkfifo(path, 0o600); err != nil {
		t.Logf("no FIFO: %v", err)
		return ""
	}
	return path
}
