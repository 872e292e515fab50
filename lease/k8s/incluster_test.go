package k8s

import (
	"context"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/idforge/idforge/lease"
	"github.com/idforge/idforge/testenv"
)

// In a pod: the API server from KUBERNETES_SERVICE_HOST and _PORT, the
// token, CA and namespace from the service account's directory (here a
// copy of the test server's, in a temporary directory), against the real
// API server.
func TestInCluster(t *testing.T) {
	server := testenv.Need(t, testenv.Kube)
	token := testenv.Need(t, testenv.KubeToken)
	ca, err := os.ReadFile(testenv.Need(t, testenv.KubeCA))
	if err != nil {
		t.Fatal(err)
	}
	u, err := url.Parse(server)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	for name, data := range map[string]string{"token": token + "\n", "ca.crt": string(ca), "namespace": os.Getenv(testenv.KubeNamespace)} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(data), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	t.Setenv("KUBERNETES_SERVICE_HOST", u.Hostname())
	t.Setenv("KUBERNETES_SERVICE_PORT", u.Port())
	cfg, err := inCluster(dir)
	if err != nil {
		t.Fatal(err)
	}
	if cfg.Server != server || cfg.Namespace != os.Getenv(testenv.KubeNamespace) {
		t.Errorf("inCluster: server %q, namespace %q; want %q, %q", cfg.Server, cfg.Namespace, server, os.Getenv(testenv.KubeNamespace))
	}
	e, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	space := lease.Space{Layout: "incluster-test", Epoch: time.Unix(0, 0).UTC(), NodeBits: 2}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	l, err := lease.Acquire(ctx, e, space, lease.WithTTL(5*time.Second))
	if err != nil {
		t.Fatal(err)
	}
	if err := l.Close(); err != nil {
		t.Fatal(err)
	}
	// A token file that is gone: the engine says which file.
	os.Remove(filepath.Join(dir, "token"))
	if _, err := inCluster(dir); err == nil || !strings.Contains(err.Error(), "token") {
		t.Errorf("inCluster without a token file: %v", err)
	}
	t.Setenv("KUBERNETES_SERVICE_HOST", "")
	if _, err := inCluster(dir); err == nil || !strings.Contains(err.Error(), "KUBERNETES_SERVICE_HOST") {
		t.Errorf("inCluster outside a pod: %v", err)
	}
}
