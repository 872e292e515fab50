package idrt

import (
	"syscall"
	"time"
)

// now reads the wall clock with gettimeofday, which the syscall package
// calls through the vDSO on linux/amd64, falling back to a system call; and
// should that fail, to time.Now without its monotonic reading.
func now() time.Time {
	var tv syscall.Timeval
	if syscall.Gettimeofday(&tv) != nil {
		return time.Now().Round(0)
	}
	return time.Unix(tv.Sec, tv.Usec*1000)
}
