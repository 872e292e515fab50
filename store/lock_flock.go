//go:build unix && !aix && !(solaris && !illumos)

package store

import (
	"errors"
	"fmt"
	"os"
	"syscall"
)

// lockFile takes an exclusive flock on f without waiting. A flock belongs
// to the open file, so a second open of the same store in this process is
// refused as one in another process is.
func lockFile(f *os.File) error {
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		if errors.Is(err, syscall.EWOULDBLOCK) {
			return fmt.Errorf("%w: %s", ErrLocked, f.Name())
		}
		return fmt.Errorf("store: locking state store: %w", err)
	}
	return nil
}

// unlockFile does nothing: closing f releases its flock at once.
func unlockFile(*os.File) error { return nil }
