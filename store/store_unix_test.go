//go:build unix && !aix && !solaris

package store

import (
	"errors"
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// platformStoreAttacks returns the hostile store paths that only Unix
// makes easily: symbolic links (Windows needs a privilege to make one) and
// a named pipe (syscall.Mkfifo, which AIX and Solaris lack here).
func platformStoreAttacks(valid string) []storeAttack {
	return []storeAttack{
		{name: "symlink to /dev/zero", setup: func(t *testing.T, path string) {
			if err := os.Symlink("/dev/zero", path); err != nil {
				t.Fatal(err)
			}
		}, want: ErrNotRegular},
		{name: "symlink to a valid store", setup: func(t *testing.T, path string) {
			os.WriteFile(path+".real", []byte(valid), 0o644)
			if err := os.Symlink(path+".real", path); err != nil {
				t.Fatal(err)
			}
		}, want: ErrNotRegular},
		{name: "named pipe", setup: func(t *testing.T, path string) {
			if err := syscall.Mkfifo(path, 0o644); err != nil {
				t.Fatal(err)
			}
		}, want: ErrNotRegular},
		{name: "lock file is a symlink", setup: func(t *testing.T, path string) {
			os.WriteFile(path, []byte(valid), 0o644)
			if err := os.Symlink("/dev/null", path+".lock"); err != nil {
				t.Fatal(err)
			}
		}, want: ErrNotRegular, lockBad: true},
	}
}

// A symbolic link to a device is not repaired (nor read: it would not end).
func TestStoreRepairSymlink(t *testing.T) {
	skipWithoutLock(t)
	path := filepath.Join(t.TempDir(), "state")
	os.Symlink("/dev/zero", path)
	if _, err := Repair(path); !errors.Is(err, ErrNotRegular) {
		t.Errorf("repair of a link to /dev/zero: err = %v", err)
	}
}
