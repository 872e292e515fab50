//go:build (!unix && !windows) || aix || (solaris && !illumos)

package store

import (
	"errors"
	"fmt"
	"os"
)

// lockFile refuses: the standard library offers no lock here that keeps a
// second open of the same file out (flock on Unix, LockFileEx on Windows),
// and a store two generators share could make the same IDs. Open and
// Repair therefore fail with an error that matches
// errors.ErrUnsupported; Check, which takes no lock, works.
func lockFile(f *os.File) error {
	return fmt.Errorf("store: locking state store %s: this system has no flock or LockFileEx: %w", f.Name(), errors.ErrUnsupported)
}

// unlockFile does nothing, as lockFile takes no lock.
func unlockFile(*os.File) error { return nil }
