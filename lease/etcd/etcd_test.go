package etcd_test

import (
	"os"
	"testing"
	"time"

	clientv3 "go.etcd.io/etcd/client/v3"

	"github.com/idforge/idforge/lease"
	"github.com/idforge/idforge/lease/etcd"
	"github.com/idforge/idforge/lease/leasetest"
	"github.com/idforge/idforge/testenv"
)

func TestMain(m *testing.M) {
	if leasetest.IsChild() {
		leasetest.ChildMain(func() (lease.Engine, error) {
			cli, err := dial(os.Getenv("IDFORGE_ETCD_ENDPOINT"))
			return etcd.New(cli), err
		})
	}
	os.Exit(m.Run())
}

func dial(endpoint string) (*clientv3.Client, error) {
	return clientv3.New(clientv3.Config{Endpoints: []string{endpoint}, DialTimeout: 5 * time.Second})
}

// client connects to the etcd server IDFORGE_ETCD_ENDPOINT names
// (host:port), or skips the test.
func client(t *testing.T) *clientv3.Client {
	cli, err := dial(testenv.Need(t, testenv.Etcd))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cli.Close() })
	return cli
}

func TestEngine(t *testing.T) {
	leasetest.Engine(t, etcd.New(client(t)), 2*time.Second)
}

// Holders in separate processes, on a real etcd server: racing, killed,
// paused, with their server killed and restarted and with a clock 5s
// behind. The restart needs IDFORGE_ETCD_RESTART, a shell command that
// kills the server (SIGKILL) and starts it again on its data (.ci/run sets
// it to .ci/etcd restart).
func TestProcesses(t *testing.T) {
	client(t)
	if testing.Short() {
		t.Skip("the process tests take half a minute")
	}
	leasetest.Processes(t, 3*time.Second, leasetest.RestartCommand(t, "IDFORGE_ETCD_RESTART"))
}

func BenchmarkEngine(b *testing.B) {
	cli, err := dial(testenv.Need(b, testenv.Etcd))
	if err != nil {
		b.Fatal(err)
	}
	defer cli.Close()
	leasetest.Benchmark(b, "etcd-grpc", func(*testing.B) lease.Engine { return etcd.New(cli) })
}
