//go:build unix

package regfile

import "syscall"

// oNonBlock keeps opening a named pipe from waiting for a writer.
const oNonBlock = syscall.O_NONBLOCK
