package lease_test

import (
	"testing"
	"time"

	"github.com/idforge/idforge/testenv"

	"github.com/idforge/idforge/lease"
	"github.com/idforge/idforge/lease/leasetest"
)

// etcdEndpoint returns the etcd server IDFORGE_ETCD_ENDPOINT names, or
// skips the test.
func etcdEndpoint(t testing.TB) string { return testenv.Need(t, testenv.Etcd) }

func TestEtcdGatewayEngine(t *testing.T) {
	leasetest.Engine(t, lease.Etcd(lease.EtcdGateway(etcdEndpoint(t), nil)), 2*time.Second)
}
