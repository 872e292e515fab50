package etcd_test

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"testing"
	"time"

	clientv3 "go.etcd.io/etcd/client/v3"

	"github.com/idforge/idforge/lease"
	"github.com/idforge/idforge/lease/etcd"
	"github.com/idforge/idforge/lease/leasetest"
	"github.com/idforge/idforge/testenv"
)

// The gRPC engine on an etcd with TLS and user authentication: clientv3's
// own options (TLS, Username, Password) carry them, and a wrong password
// is refused.
func TestSecure(t *testing.T) {
	testenv.Need(t, testenv.Etcd) // CI's etcd step installs the binary
	s := leasetest.StartSecureEtcd(t, true, false)
	pool := x509.NewCertPool()
	pool.AppendCertsFromPEM(s.CA)
	dial := func(password string) *clientv3.Client {
		cli, err := clientv3.New(clientv3.Config{
			Endpoints: []string{"https://" + s.Endpoint}, DialTimeout: 5 * time.Second,
			TLS: &tls.Config{RootCAs: pool}, Username: s.User, Password: password,
		})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { cli.Close() })
		return cli
	}
	space := leasetest.NewSpace(t, 2)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	l, err := lease.Acquire(ctx, etcd.New(dial(s.Password)), space, lease.WithTTL(2*time.Second))
	if err != nil {
		t.Fatal(err)
	}
	if err := l.Close(); err != nil {
		t.Fatal(err)
	}
	ctx2, cancel2 := context.WithTimeout(context.Background(), 3*time.Second)
	defer cancel2()
	if cli, err := clientv3.New(clientv3.Config{Endpoints: []string{"https://" + s.Endpoint}, DialTimeout: 3 * time.Second, TLS: &tls.Config{RootCAs: pool}, Username: s.User, Password: "wrong"}); err == nil {
		defer cli.Close()
		if l, err := lease.Acquire(ctx2, etcd.New(cli), space); err == nil {
			l.Close()
			t.Error("a lease with a wrong password")
		}
	}
}
