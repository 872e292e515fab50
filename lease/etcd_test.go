package lease_test

import (
	"bytes"
	"context"
	"encoding/pem"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/idforge/idforge/testenv"

	"github.com/idforge/idforge/lease"
	"github.com/idforge/idforge/lease/leasetest"
)

// etcdEndpoint returns the etcd server IDFORGE_ETCD_ENDPOINT names, or
// skips the test.
func etcdEndpoint(t testing.TB) string { return testenv.Need(t, testenv.Etcd) }

// plainGateway returns the gateway of .ci/etcd's server, which speaks
// plain HTTP on the loopback interface.
func plainGateway(t testing.TB) lease.EtcdClient {
	g, err := lease.NewEtcdGateway(lease.EtcdGatewayConfig{Endpoint: etcdEndpoint(t), InsecurePlainHTTP: true})
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func TestEtcdGatewayEngine(t *testing.T) {
	leasetest.Engine(t, lease.Etcd(plainGateway(t)), 2*time.Second)
}

// The engine on an etcd with TLS and user authentication, as production
// runs it: the whole engine scenario, as a user allowed /idforge/ only.
// A wrong password, no user, or no CA is refused by the server.
func TestEtcdGatewayTLSAuth(t *testing.T) {
	etcdEndpoint(t) // CI's etcd step installs the binary
	s := leasetest.StartSecureEtcd(t, true, false)
	cfg := lease.EtcdGatewayConfig{Endpoint: s.Endpoint, CAFile: s.CAFile, Username: s.User, Password: s.Password}
	g, err := lease.NewEtcdGateway(cfg)
	if err != nil {
		t.Fatal(err)
	}
	leasetest.Engine(t, lease.Etcd(g), 2*time.Second)
	space := leasetest.NewSpace(t, 2)
	for name, bad := range map[string]lease.EtcdGatewayConfig{
		"wrong password": {Endpoint: s.Endpoint, CA: s.CA, Username: s.User, Password: "wrong"},
		"no user":        {Endpoint: s.Endpoint, CA: s.CA},
		"no CA":          {Endpoint: s.Endpoint, Username: s.User, Password: s.Password},
	} {
		g, err := lease.NewEtcdGateway(bad)
		if err != nil {
			t.Fatal(err)
		}
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		l, err := lease.Acquire(ctx, lease.Etcd(g), space)
		cancel()
		if err == nil {
			l.Close()
			t.Errorf("%s: a lease", name)
			continue
		}
		if strings.Contains(err.Error(), s.Password) {
			t.Errorf("%s: the error shows the password: %v", name, err)
		}
		t.Logf("%s: %v", name, err)
	}
}

// An etcd that requires a client certificate (--client-cert-auth).
func TestEtcdGatewayClientCert(t *testing.T) {
	etcdEndpoint(t)
	s := leasetest.StartSecureEtcd(t, false, true)
	space := leasetest.NewSpace(t, 2)
	for _, withCert := range []bool{true, false} {
		cfg := lease.EtcdGatewayConfig{Endpoint: "https://" + s.Endpoint, CA: s.CA}
		if withCert {
			cfg.CertFile, cfg.KeyFile = s.CertFile, s.KeyFile
		}
		g, err := lease.NewEtcdGateway(cfg)
		if err != nil {
			t.Fatal(err)
		}
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		l, err := lease.Acquire(ctx, lease.Etcd(g), space)
		cancel()
		if withCert != (err == nil) {
			t.Errorf("client certificate %v: %v", withCert, err)
		}
		if err == nil {
			l.Close()
		}
	}
}

// A bare host:port is HTTPS: nothing reaches a plain HTTP server (it
// was plain HTTP, with no way to say otherwise), and an http:// endpoint
// is refused unless InsecurePlainHTTP says so.
func TestEtcdGatewayPlainHTTPRefused(t *testing.T) {
	var (
		mu  sync.Mutex
		got int
	)
	plain := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		got++
		mu.Unlock()
		w.Write([]byte(`{}`))
	}))
	defer plain.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Second)
	defer cancel()
	for _, endpoint := range []string{strings.TrimPrefix(plain.URL, "http://"), plain.URL} {
		if _, err := lease.Acquire(ctx, lease.Etcd(lease.EtcdGateway(endpoint, nil)), leasetest.NewSpace(t, 2)); err == nil {
			t.Errorf("EtcdGateway(%q): a lease from a plain HTTP server", endpoint)
		}
	}
	if _, err := lease.NewEtcdGateway(lease.EtcdGatewayConfig{Endpoint: plain.URL, Username: "u", Password: "p"}); err == nil || !strings.Contains(err.Error(), "InsecurePlainHTTP") {
		t.Errorf("NewEtcdGateway(%s): %v, want an error naming InsecurePlainHTTP", plain.URL, err)
	}
	mu.Lock()
	defer mu.Unlock()
	if got > 0 {
		t.Errorf("the plain HTTP server got %d requests", got)
	}
}

// tlsFake starts an HTTPS server that answers every request with h, and
// returns a gateway on it.
func tlsFake(t *testing.T, h http.HandlerFunc) lease.EtcdClient {
	ts := httptest.NewTLSServer(h)
	t.Cleanup(ts.Close)
	g, err := lease.NewEtcdGateway(lease.EtcdGatewayConfig{Endpoint: ts.URL, CA: pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: ts.Certificate().Raw}), Username: "u", Password: "secret"})
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// No redirect is followed, so neither the password nor the auth token
// goes anywhere but the server named.
func TestEtcdGatewayNoRedirect(t *testing.T) {
	var (
		mu  sync.Mutex
		got int
	)
	plain := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		got++
		mu.Unlock()
	}))
	defer plain.Close()
	g := tlsFake(t, func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, plain.URL+r.URL.Path, http.StatusTemporaryRedirect)
	})
	_, err := g.Keys(context.Background(), "/idforge/")
	if err == nil || !strings.Contains(err.Error(), "redirect") {
		t.Errorf("a redirect: %v, want an error naming it", err)
	}
	mu.Lock()
	defer mu.Unlock()
	if got > 0 {
		t.Errorf("the redirect's target got %d requests", got)
	}
}

// An error's body reaches the error at most about 1 KiB of it, quoted.
func TestEtcdGatewayErrorBodyCapped(t *testing.T) {
	g := tlsFake(t, func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(http.StatusInternalServerError)
		chunk := bytes.Repeat([]byte("\x1b[2J\x1b]0;owned\x07"), 1<<12)
		for sent := 0; sent < 100<<20; sent += len(chunk) {
			if _, err := w.Write(chunk); err != nil {
				return
			}
		}
	})
	_, err := g.Keys(context.Background(), "/idforge/")
	if err == nil {
		t.Fatal("no error")
	}
	if msg := err.Error(); len(msg) > 2<<10 || strings.ContainsAny(msg, "\x1b\x07") {
		t.Errorf("the error is %d bytes, with raw escapes %v: %.200q", len(msg), strings.ContainsAny(msg, "\x1b\x07"), msg)
	}
}

// A clock-skew bound near the largest Duration no longer wraps the etcd
// lease's TTL (2 × TTL + skew) negative, which etcd took as its shortest
// lease: the node's key went while its holder still held it. Now a TTL
// etcd cannot grant is refused; one it can is granted in full.
func TestEtcdSkewSaturates(t *testing.T) {
	e := lease.Etcd(plainGateway(t))
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	space := leasetest.NewSpace(t, 2)
	l, err := lease.Acquire(ctx, e, space, lease.WithTTL(2*time.Second), lease.WithSkew(1<<63-1))
	if err == nil {
		l.Close()
		t.Fatal("a lease with a skew near the largest Duration")
	}
	t.Log(err)
	l, err = lease.Acquire(ctx, e, space, lease.WithTTL(2*time.Second), lease.WithSkew(1000*time.Hour))
	if err != nil {
		t.Fatal(err)
	}
	if err := l.Close(); err != nil {
		t.Fatal(err)
	}
}
