package store

import (
	"os"
	"syscall"
	"unsafe"
)

// kernel32 is loaded lazily, through the standard library's syscall
// package only: the run-time packages import nothing else. kernel32.dll is
// one of Windows' known DLLs, which are always loaded from the system
// directory, never from the search path.
var (
	kernel32         = syscall.NewLazyDLL("kernel32.dll")
	procLockFileEx   = kernel32.NewProc("LockFileEx")
	procUnlockFileEx = kernel32.NewProc("UnlockFileEx")
	procMoveFileExW  = kernel32.NewProc("MoveFileExW")
)

// Flags of MoveFileExW.
const (
	movefileReplaceExisting = 0x1
	movefileWriteThrough    = 0x8
)

// renameFile renames from over to with MoveFileExW, as os.Rename does, and
// with MOVEFILE_WRITE_THROUGH, so that it returns only once the rename is on
// disk: Windows cannot sync a directory, which is how the other platforms
// make a rename durable.
func renameFile(from, to string) error {
	f, err := syscall.UTF16PtrFromString(from)
	if err != nil {
		return &os.LinkError{Op: "rename", Old: from, New: to, Err: err}
	}
	t, err := syscall.UTF16PtrFromString(to)
	if err != nil {
		return &os.LinkError{Op: "rename", Old: from, New: to, Err: err}
	}
	r, _, e := procMoveFileExW.Call(uintptr(unsafe.Pointer(f)), uintptr(unsafe.Pointer(t)), movefileReplaceExisting|movefileWriteThrough)
	if r == 0 {
		return &os.LinkError{Op: "rename", Old: from, New: to, Err: e}
	}
	return nil
}

// syncDir does nothing on Windows: FlushFileBuffers refuses a directory
// handle, and renameFile has already written the rename through to disk.
func syncDir(string) error { return nil }
