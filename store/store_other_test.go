//go:build !unix || aix || solaris

package store

// platformStoreAttacks returns no more cases here: the symbolic links and
// the named pipe of store_unix_test.go need Unix (and syscall.Mkfifo).
func platformStoreAttacks(string) []storeAttack { return nil }
