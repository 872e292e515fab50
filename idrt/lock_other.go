//go:build !unix

package idrt

import (
	"errors"
	"os"
)

// oNoFollow is not available here; readStore's Lstat and Stat checks still
// refuse a symbolic link.
const oNoFollow, oNonBlock = 0, 0

func isLoop(error) bool { return false }

// lockFile is not supported here: a state store needs flock.
func lockFile(*os.File) error {
	return errors.New("idrt: state stores need flock, which this system lacks")
}
