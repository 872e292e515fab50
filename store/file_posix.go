//go:build !windows

package store

import "os"

// renameFile renames from over to, atomically; syncDir then makes the
// rename durable.
func renameFile(from, to string) error { return os.Rename(from, to) }

// syncDir syncs the directory dir, so that a rename in it survives a crash.
func syncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	err = d.Sync()
	if cerr := d.Close(); err == nil {
		err = cerr
	}
	return err
}
