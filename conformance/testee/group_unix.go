//go:build unix

package testee

import (
	"os/exec"
	"syscall"
)

// setGroup makes cmd the leader of a process group of its own.
func setGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
}

// killGroup kills cmd's whole process group: cmd and everything it started
// that stayed in the group, whether cmd has exited or not.
func killGroup(cmd *exec.Cmd) {
	if cmd.Process == nil {
		return
	}
	syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	cmd.Process.Kill() // in case it left the group
}
