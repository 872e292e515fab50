// Package regfile holds what package store and package maskkey share to
// read a file that must be a regular file: the name of the kind of file it
// is instead, and an open that does not wait on a named pipe.
package regfile

import (
	"io/fs"
	"os"
)

// Kind names the type of a file that is not regular: "directory",
// "named pipe", and so on, for an error that says "X is a directory".
func Kind(m fs.FileMode) string {
	switch {
	case m&fs.ModeSymlink != 0:
		return "symbolic link"
	case m.IsDir():
		return "directory"
	case m&fs.ModeDevice != 0:
		return "device"
	case m&fs.ModeNamedPipe != 0:
		return "named pipe"
	case m&fs.ModeSocket != 0:
		return "socket"
	}
	return "special file"
}

// OpenRead opens name for reading with flag added (store adds its
// O_NOFOLLOW) and O_NONBLOCK where the system has it, so that a path that
// became a named pipe after the caller checked it does not wait for a
// writer. The caller checks the opened file again (Stat) before it reads.
func OpenRead(name string, flag int) (*os.File, error) {
	return os.OpenFile(name, os.O_RDONLY|flag|oNonBlock, 0)
}
