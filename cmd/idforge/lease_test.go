//go:build unix

package main

import (
	"bufio"
	"bytes"
	"os/exec"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/idforge/idforge/testenv"
)

// A holder that loses its lease exits non-zero and says so on standard
// error; the IDs it wrote before remain. It is paused (SIGSTOP) for longer
// than its TTL, so that its lease lapses, and resumed. (Unix only: see
// lease_other_test.go.)
func TestLeaseLost(t *testing.T) {
	for _, e := range []struct{ name, env, scheme string }{{"postgres", testenv.Postgres, ""}, {"etcd", testenv.Etcd, "etcd://"}, {"k8s", testenv.Kube, "k8s://"}} {
		t.Run(e.name, func(t *testing.T) {
			url := e.scheme + testenv.Need(t, e.env)
			if e.name == "k8s" {
				// k8s://HOST:PORT/NAMESPACE, with the token and the CA in
				// IDFORGE_KUBE_TOKEN and IDFORGE_KUBE_CA, as .ci/kube sets them.
				url = "k8s://" + strings.TrimPrefix(testenv.Need(t, e.env), "https://") + "/" + testenv.Need(t, testenv.KubeNamespace)
			}
			args := []string{"new", "-layout", "snowflake", "-lease", url, "-lease-ttl", "2s", "-n", "100000000"}
			if e.name == "etcd" {
				args = append(args, "-lease-insecure") // .ci/etcd's server speaks plain HTTP on 127.0.0.1
			}
			cmd := exec.Command(idforgeBin, args...)
			var stderr bytes.Buffer
			cmd.Stderr = &stderr
			out, err := cmd.StdoutPipe()
			if err != nil {
				t.Fatal(err)
			}
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			sc := bufio.NewScanner(out)
			lines := 0
			for lines < 1000 && sc.Scan() {
				lines++
			}
			cmd.Process.Signal(syscall.SIGSTOP)
			time.Sleep(3 * time.Second)
			cmd.Process.Signal(syscall.SIGCONT)
			for sc.Scan() {
				lines++
			}
			err = cmd.Wait()
			if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() == 0 {
				t.Fatalf("after its lease lapsed: %v, want a non-zero exit", err)
			}
			if !strings.Contains(stderr.String(), "lease lost") {
				t.Errorf("stderr %q does not say the lease was lost", stderr.String())
			}
			t.Logf("%d IDs, then: %s", lines, strings.TrimSpace(stderr.String()))
		})
	}
}
