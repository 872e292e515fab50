package main

import (
	"errors"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/idforge/idforge/lease/leasetest"
	"github.com/idforge/idforge/testenv"
)

// Bad -lease etcd://… URLs are usage errors that say what is wrong, and
// never echo a password.
func TestEtcdLeaseURL(t *testing.T) {
	t.Setenv(envEtcdPassword, "")
	os.Unsetenv(envEtcdPassword)
	pw := filepath.Join(t.TempDir(), "pw")
	os.WriteFile(pw, []byte("s3cret\n"), 0o600)
	for _, c := range []struct {
		url      string
		insecure bool
		want     string
	}{
		{"etcd://ids:hunter2@127.0.0.1:2379", false, "password in the URL"},
		{"etcd://", false, "no HOST:PORT"},
		{"etcd://127.0.0.1:2379/x", false, "path"},
		{"etcd://127.0.0.1:2379?color=red", false, "unknown parameter color"},
		{"etcd://127.0.0.1:2379?cert-file=/c", false, "together"},
		{"etcd://127.0.0.1:2379?password-file=" + pw, false, "without a USER"},
		{"etcd://ids@127.0.0.1:2379", false, envEtcdPassword},
		{"etcd://ids@127.0.0.1:2379?password-file=/nonexistent/pw", false, "nonexistent"},
		{"etcd://127.0.0.1:2379?ca-file=/nonexistent/ca.crt", false, "nonexistent"},
		{"etcd://127.0.0.1:2379?ca-file=/c", true, "plain HTTP"},
		{"etcd://http://127.0.0.1:2379", false, ""},
	} {
		_, err := etcdEngine(c.url, c.insecure)
		if err == nil {
			t.Errorf("etcdEngine(%q): no error", c.url)
			continue
		}
		if !strings.Contains(err.Error(), c.want) {
			t.Errorf("etcdEngine(%q): %v, want an error that says %q", c.url, err, c.want)
		}
		if strings.Contains(err.Error(), "hunter2") {
			t.Errorf("etcdEngine(%q): the error shows the password: %v", c.url, err)
		}
		var ue usageError
		if !errors.As(err, &ue) {
			t.Errorf("etcdEngine(%q): %v is not a usage error", c.url, err)
		}
	}
	for _, ok := range []string{"etcd://127.0.0.1:2379", "etcd://ids@127.0.0.1:2379?password-file=" + pw, "etcd://[::1]:2379"} {
		if _, err := etcdEngine(ok, false); err != nil {
			t.Errorf("etcdEngine(%q): %v", ok, err)
		}
	}
	if _, _, err := openEngine("postgres://x@127.0.0.1/db", true); err == nil {
		t.Error("-lease-insecure with postgres://: no error")
	}
	if _, err := k8sEngine("k8s:///ns", true); err == nil || !strings.Contains(err.Error(), "pod") {
		t.Errorf("-lease-insecure with k8s:// in a pod: %v", err)
	}
}

// -lease etcd:// reaches an etcd with TLS and user authentication, as
// production runs one (it spoke plain HTTP with no way to authenticate),
// and sends nothing in clear to a plain HTTP server unless
// -lease-insecure says so.
func TestEtcdLeaseSecure(t *testing.T) {
	t.Parallel()
	testenv.Need(t, testenv.Etcd) // CI's etcd step installs the binary
	s := leasetest.StartSecureEtcd(t, true, false)
	dir := t.TempDir()
	url := "etcd://" + s.User + "@" + s.Endpoint + "?ca-file=" + s.CAFile
	out, errs, code := idforgeEnv(t, dir, "", []string{envEtcdPassword + "=" + s.Password}, "new", "-layout", "snowflake", "-lease", url, "-n", "3")
	if code != 0 || strings.Count(out, "\n") != 3 {
		t.Fatalf("-lease %s: exit %d, %q, %s", url, code, out, errs)
	}
	out, errs, code = idforgeEnv(t, dir, "", []string{envEtcdPassword + "=wrong"}, "new", "-layout", "snowflake", "-lease", url, "-n", "3")
	if code == 0 || out != "" || strings.Contains(errs, s.Password) {
		t.Errorf("a wrong password: exit %d, %q, %s", code, out, errs)
	}
	t.Logf("a wrong password: %s", strings.TrimSpace(errs))

	var (
		mu   sync.Mutex
		seen int
	)
	plain := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		seen++
		mu.Unlock()
	}))
	defer plain.Close()
	host := strings.TrimPrefix(plain.URL, "http://")
	_, errs, code = idforgeEnv(t, dir, "", []string{envEtcdPassword + "=" + s.Password}, "new", "-layout", "snowflake", "-lease", "etcd://ids@"+host, "-n", "1")
	if code == 0 {
		t.Errorf("-lease etcd://%s, a plain HTTP server: exit 0", host)
	}
	mu.Lock()
	defer mu.Unlock()
	if seen > 0 {
		t.Errorf("the plain HTTP server got %d requests; the password went in clear", seen)
	}
	t.Logf("a plain HTTP server: %s", strings.TrimSpace(errs))
}
