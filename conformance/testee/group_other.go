//go:build !unix

package testee

import "os/exec"

// setGroup does nothing where the system has no process groups that Go
// can make.
func setGroup(*exec.Cmd) {}

// killGroup kills cmd only: programs it started are not found here.
func killGroup(cmd *exec.Cmd) {
	if cmd.Process != nil {
		cmd.Process.Kill()
	}
}
