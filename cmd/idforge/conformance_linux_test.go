package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// A testee line of 400 MB fails the run as a protocol error that quotes
// the line's start, not the line, and the driver's memory stays under 64
// MiB: it reads a line up to 1 MiB (issue 65, 4).
func TestConformanceHugeLine(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("writes 400 MB into a pipe")
	}
	cmd := exec.Command(idforgeBin, "conformance", "-testee", `read l; head -c 400000000 /dev/zero | tr '\0' a; echo`)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 1 {
		t.Fatalf("exit %v: %s", err, errb.String())
	}
	if msg := errb.String(); !strings.Contains(msg, "a response line longer than 1048576 bytes, which starts \"aaaa") || len(msg) > 1024 {
		t.Errorf("stderr (%d bytes) %.300q", len(msg), msg)
	}
	// ru_maxrss is in KiB on Linux: the command's and its testee's (a
	// shell, head and tr: a few MiB).
	if rss := cmd.ProcessState.SysUsage().(*syscall.Rusage).Maxrss; rss > 64<<10 {
		t.Errorf("the command's peak memory was %d KiB, over 64 MiB", rss)
	} else {
		t.Logf("peak memory %d KiB", rss)
	}
}

// A testee that times out is killed with everything it started: a child it
// left in the background is not left running (issue 65, 4).
func TestConformanceTimeoutKillsGroup(t *testing.T) {
	t.Parallel()
	pidFile := filepath.Join(t.TempDir(), "pid")
	_, stderr, exit := idforge(t, ".", "", "conformance", "-timeout", "300ms", "-testee", "sleep 300 & echo $! >"+pidFile+"; wait")
	if exit != 1 || !strings.Contains(stderr, "did not finish within 300ms, and was killed with everything it started") {
		t.Errorf("exit %d, stderr %q", exit, stderr)
	}
	b, err := os.ReadFile(pidFile)
	if err != nil {
		t.Fatal(err)
	}
	pid, err := strconv.Atoi(strings.TrimSpace(string(b)))
	if err != nil {
		t.Fatal(err)
	}
	for deadline := time.Now().Add(5 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		stat, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
		// Gone, or a zombie that no init in this container reaps: not
		// running.
		if err != nil || strings.Contains(string(stat), ") Z ") {
			return
		}
		if time.Now().After(deadline) {
			syscall.Kill(pid, syscall.SIGKILL)
			t.Fatalf("the testee's child %d still runs: %s", pid, stat)
		}
	}
}
