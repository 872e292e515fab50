//go:build unix

package maskkey_test

import (
	"path/filepath"
	"syscall"
	"testing"
)

// makeFIFO returns the path of a new named pipe that nothing writes to.
func makeFIFO(t *testing.T) string {
	path := filepath.Join(t.TempDir(), "fifo.key")
	if err := syscall.Mkfifo(path, 0o600); err != nil {
		t.Logf("no FIFO: %v", err)
		return ""
	}
	return path
}
