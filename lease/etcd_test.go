package lease_test

import (
	"os"
	"testing"
	"time"

	"github.com/idforge/idforge/lease"
	"github.com/idforge/idforge/lease/leasetest"
)

// etcdEndpoint returns the etcd server IDFORGE_ETCD_ENDPOINT names
// (host:port), or skips the test.
func etcdEndpoint(t testing.TB) string {
	ep := os.Getenv("IDFORGE_ETCD_ENDPOINT")
	if ep == "" {
		t.Skip("IDFORGE_ETCD_ENDPOINT is not set: no etcd server to test against (.ci/etcd starts one)")
	}
	return ep
}

func TestEtcdGatewayEngine(t *testing.T) {
	leasetest.Engine(t, lease.Etcd(lease.EtcdGateway(etcdEndpoint(t), nil)), 2*time.Second)
}
