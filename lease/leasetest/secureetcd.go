package leasetest

import (
	"bytes"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/base64"
	"encoding/json"
	"encoding/pem"
	"fmt"
	"io"
	"math/big"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"
)

// SecureEtcd is an etcd server started for one test with TLS and user
// authentication: what a production etcd looks like, where .ci/etcd's is
// plain HTTP with no users.
type SecureEtcd struct {
	Endpoint string // 127.0.0.1:PORT, served over HTTPS only
	CA       []byte // the PEM of the CA of its serving (and client) certificates
	CAFile   string // a file that holds CA
	// CertFile and KeyFile are a client certificate the server accepts
	// (with ClientCerts).
	CertFile, KeyFile string
	// User may read and write keys under /idforge/ and nothing else; its
	// password is Password. Root is the root user's password.
	User, Password, Root string
}

// StartSecureEtcd starts the etcd binary on the PATH (the one .ci/etcd
// installs) on free ports of 127.0.0.1 with a fresh data directory and a
// serving certificate of a CA made here; with users on, it enables
// etcd's authentication with a root user and a user allowed only
// /idforge/; with clientCerts, it also requires a client certificate
// signed by that CA. The server is killed when the test ends. Without an
// etcd binary the test is skipped.
func StartSecureEtcd(t testing.TB, users, clientCerts bool) SecureEtcd {
	t.Helper()
	bin, err := exec.LookPath("etcd")
	if err != nil {
		t.Skip("no etcd binary on the PATH (.ci/etcd installs one)")
	}
	dir := t.TempDir()
	var s SecureEtcd
	caCert, caKey := makeCA(t)
	s.CA = pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: caCert.Raw})
	s.CAFile = filepath.Join(dir, "ca.crt")
	writeFile(t, s.CAFile, s.CA)
	serverCert, serverKey := issue(t, caCert, caKey, "etcd", true)
	writeFile(t, filepath.Join(dir, "server.crt"), serverCert)
	writeFile(t, filepath.Join(dir, "server.key"), serverKey)
	clientCert, clientKey := issue(t, caCert, caKey, "idforge", false)
	s.CertFile, s.KeyFile = filepath.Join(dir, "client.crt"), filepath.Join(dir, "client.key")
	writeFile(t, s.CertFile, clientCert)
	writeFile(t, s.KeyFile, clientKey)
	client, peer := freePort(t), freePort(t)
	s.Endpoint = fmt.Sprintf("127.0.0.1:%d", client)
	args := []string{
		"--name", "secure", "--data-dir", filepath.Join(dir, "data"),
		"--listen-client-urls", "https://" + s.Endpoint, "--advertise-client-urls", "https://" + s.Endpoint,
		"--listen-peer-urls", fmt.Sprintf("http://127.0.0.1:%d", peer),
		"--initial-advertise-peer-urls", fmt.Sprintf("http://127.0.0.1:%d", peer),
		"--initial-cluster", fmt.Sprintf("secure=http://127.0.0.1:%d", peer),
		"--cert-file", filepath.Join(dir, "server.crt"), "--key-file", filepath.Join(dir, "server.key"),
	}
	if clientCerts {
		args = append(args, "--client-cert-auth", "--trusted-ca-file", s.CAFile)
	}
	log, err := os.Create(filepath.Join(dir, "log"))
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(bin, args...)
	cmd.Stdout, cmd.Stderr = log, log
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait(); log.Close() })
	pool := x509.NewCertPool()
	pool.AddCert(caCert)
	tc := &tls.Config{RootCAs: pool}
	if clientCerts {
		cert, err := tls.LoadX509KeyPair(s.CertFile, s.KeyFile)
		if err != nil {
			t.Fatal(err)
		}
		tc.Certificates = []tls.Certificate{cert}
	}
	hc := &http.Client{Transport: &http.Transport{TLSClientConfig: tc}, Timeout: 5 * time.Second}
	base := "https://" + s.Endpoint
	for i := 0; ; i++ {
		res, err := hc.Get(base + "/health")
		if err == nil {
			b, _ := io.ReadAll(res.Body)
			res.Body.Close()
			if bytes.Contains(b, []byte(`"health":"true"`)) {
				break
			}
		}
		if i == 200 {
			b, _ := os.ReadFile(filepath.Join(dir, "log"))
			t.Fatalf("etcd with TLS did not become healthy in 20s: %v\n%s", err, b)
		}
		time.Sleep(100 * time.Millisecond)
	}
	if !users {
		return s
	}
	s.User, s.Password, s.Root = "idforge", "pw-"+randomText(t), "root-"+randomText(t)
	b64 := func(v string) string { return base64.StdEncoding.EncodeToString([]byte(v)) }
	post := func(path string, body map[string]any) {
		data, _ := json.Marshal(body)
		res, err := hc.Post(base+path, "application/json", bytes.NewReader(data))
		if err != nil {
			t.Fatal(err)
		}
		out, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if res.StatusCode != http.StatusOK {
			t.Fatalf("etcd %s: %s: %s", path, res.Status, out)
		}
	}
	post("/v3/auth/user/add", map[string]any{"name": "root", "password": s.Root})
	post("/v3/auth/user/grant", map[string]any{"user": "root", "role": "root"})
	post("/v3/auth/role/add", map[string]any{"name": "idforge"})
	post("/v3/auth/role/grant", map[string]any{"name": "idforge", "perm": map[string]any{"permType": "READWRITE", "key": b64("/idforge/"), "range_end": b64("/idforge0")}})
	post("/v3/auth/user/add", map[string]any{"name": s.User, "password": s.Password})
	post("/v3/auth/user/grant", map[string]any{"user": s.User, "role": "idforge"})
	post("/v3/auth/enable", map[string]any{})
	return s
}

func writeFile(t testing.TB, name string, data []byte) {
	t.Helper()
	if err := os.WriteFile(name, data, 0o600); err != nil {
		t.Fatal(err)
	}
}

func randomText(t testing.TB) string {
	b := make([]byte, 12)
	rand.Read(b)
	return base64.RawURLEncoding.EncodeToString(b)
}

// freePort returns a TCP port of 127.0.0.1 that was free a moment ago.
func freePort(t testing.TB) int {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port
}

// makeCA returns a self-signed CA, valid for a day.
func makeCA(t testing.TB) (*x509.Certificate, *ecdsa.PrivateKey) {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	tmpl := &x509.Certificate{
		SerialNumber:          big.NewInt(1),
		Subject:               pkix.Name{CommonName: "idforge test CA"},
		NotBefore:             time.Now().Add(-time.Hour),
		NotAfter:              time.Now().Add(24 * time.Hour),
		IsCA:                  true,
		KeyUsage:              x509.KeyUsageCertSign,
		BasicConstraintsValid: true,
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		t.Fatal(err)
	}
	cert, err := x509.ParseCertificate(der)
	if err != nil {
		t.Fatal(err)
	}
	return cert, key
}

// issue returns the PEM of a certificate and its key signed by ca: a
// server's for 127.0.0.1 and localhost, or a client's named cn.
func issue(t testing.TB, ca *x509.Certificate, caKey *ecdsa.PrivateKey, cn string, server bool) (certPEM, keyPEM []byte) {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	serial, _ := rand.Int(rand.Reader, big.NewInt(1<<62))
	tmpl := &x509.Certificate{
		SerialNumber: serial,
		Subject:      pkix.Name{CommonName: cn},
		NotBefore:    time.Now().Add(-time.Hour),
		NotAfter:     time.Now().Add(24 * time.Hour),
		KeyUsage:     x509.KeyUsageDigitalSignature,
		ExtKeyUsage:  []x509.ExtKeyUsage{x509.ExtKeyUsageClientAuth},
	}
	if server {
		tmpl.ExtKeyUsage = append(tmpl.ExtKeyUsage, x509.ExtKeyUsageServerAuth)
		tmpl.IPAddresses = []net.IP{net.IPv4(127, 0, 0, 1)}
		tmpl.DNSNames = []string{"localhost"}
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, ca, &key.PublicKey, caKey)
	if err != nil {
		t.Fatal(err)
	}
	kb, err := x509.MarshalPKCS8PrivateKey(key)
	if err != nil {
		t.Fatal(err)
	}
	return pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der}), pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: kb})
}
