//go:build unix

package idrt

import (
	"errors"
	"fmt"
	"os"
	"syscall"
)

// oNoFollow makes opening a symbolic link fail (with ELOOP) instead of
// following it.
const oNoFollow = syscall.O_NOFOLLOW

// oNonBlock keeps opening a named pipe from waiting for a writer.
const oNonBlock = syscall.O_NONBLOCK

// isLoop reports whether err is the ELOOP of opening a symbolic link with
// oNoFollow.
func isLoop(err error) bool { return errors.Is(err, syscall.ELOOP) }

// lockFile takes an exclusive flock on f without waiting.
func lockFile(f *os.File) error {
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		if errors.Is(err, syscall.EWOULDBLOCK) {
			return fmt.Errorf("%w: %s", ErrLocked, f.Name())
		}
		return fmt.Errorf("idrt: locking state store: %w", err)
	}
	return nil
}
