package store

import (
	"errors"
	"fmt"
	"os"
	"syscall"
	"unsafe"
)

// Flags of LockFileEx, and the error it returns when another handle holds
// the lock.
const (
	lockfileFailImmediately               = 0x1
	lockfileExclusiveLock                 = 0x2
	errorLockViolation      syscall.Errno = 33 // ERROR_LOCK_VIOLATION
)

// lockFile takes an exclusive LockFileEx lock on f's first byte without
// waiting. The lock belongs to the file handle, so a second open of the
// same store in this process is refused as one in another process is.
// Windows releases it when the handle is closed or the process ends;
// unlockFile releases it at once.
func lockFile(f *os.File) error {
	var ol syscall.Overlapped // offset 0
	r, _, err := procLockFileEx.Call(f.Fd(), lockfileExclusiveLock|lockfileFailImmediately, 0, 1, 0, uintptr(unsafe.Pointer(&ol)))
	if r == 0 {
		if errors.Is(err, errorLockViolation) {
			return fmt.Errorf("%w: %s", ErrLocked, f.Name())
		}
		return fmt.Errorf("store: locking state store: %w", err)
	}
	return nil
}

// unlockFile releases lockFile's lock on f. Closing the handle releases it
// too, but Windows may take a while to do so, and another process opening
// the store just after this one closed it must not find it still locked.
func unlockFile(f *os.File) error {
	var ol syscall.Overlapped
	r, _, err := procUnlockFileEx.Call(f.Fd(), 0, 1, 0, uintptr(unsafe.Pointer(&ol)))
	if r == 0 {
		return fmt.Errorf("store: unlocking state store: %w", err)
	}
	return nil
}
