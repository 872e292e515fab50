//go:build !unix

package store

// oNoFollow is not available here; readStore's Lstat and Stat checks still
// refuse a symbolic link, a named pipe and anything else that is not a
// regular file.
const oNoFollow = 0

func isLoop(error) bool { return false }
