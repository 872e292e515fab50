//go:build !unix

package idrt

import (
	"errors"
	"os"
)

// lockFile is not supported here: a state store needs flock.
func lockFile(*os.File) error {
	return errors.New("idrt: state stores need flock, which this system lacks")
}
