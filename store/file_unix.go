//go:build unix

package store

import (
	"errors"
	"syscall"
)

// oNoFollow makes opening a symbolic link fail (with ELOOP) instead of
// following it.
const oNoFollow = syscall.O_NOFOLLOW

// isLoop reports whether err is the ELOOP of opening a symbolic link with
// oNoFollow.
func isLoop(err error) bool { return errors.Is(err, syscall.ELOOP) }
