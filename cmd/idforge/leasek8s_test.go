package main

import (
	"errors"
	"strings"
	"testing"
)

// Bad -lease k8s://… URLs are usage errors that say what is wrong.
func TestK8sLeaseURL(t *testing.T) {
	t.Setenv("KUBERNETES_SERVICE_HOST", "")
	for _, c := range []struct{ url, want string }{
		{"k8s://", "not in a pod"},
		{"k8s:///other-ns", "not in a pod"},
		{"k8s://?token-file=/t", "service account"},
		{"k8s://127.0.0.1:6443/a/b", "one namespace"},
		{"k8s://127.0.0.1:6443/Bad_NS", "DNS-1123"},
		{"k8s://127.0.0.1:6443/ns?color=red", "unknown parameter color"},
		{"k8s://127.0.0.1:6443/ns?skew=soon", "skew=soon"},
		{"k8s://127.0.0.1:6443/ns?ca-file=/nonexistent/ca.crt", "nonexistent"},
		{"k8s://user@127.0.0.1:6443/ns", "user"},
		{"k8s://127.0.0.1:6443/ns?skew=2h", "at most 1h"},
	} {
		_, err := k8sEngine(c.url, false)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("k8sEngine(%q): %v, want an error that says %q", c.url, err, c.want)
			continue
		}
		var ue usageError
		if !errors.As(err, &ue) && !strings.Contains(err.Error(), "pod") {
			t.Errorf("k8sEngine(%q): %v is not a usage error", c.url, err)
		}
	}
	if _, err := k8sEngine("k8s://127.0.0.1:6443/ns?skew=2s", false); err != nil {
		t.Errorf("k8sEngine with a server, namespace and skew: %v", err)
	}
	// -lease-insecure: plain HTTP to a named server, never in a pod.
	if _, err := k8sEngine("k8s://127.0.0.1:6443/ns", true); err != nil {
		t.Errorf("k8sEngine with -lease-insecure: %v", err)
	}
}
