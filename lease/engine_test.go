package lease_test

import (
	"testing"
	"time"

	"github.com/idforge/idforge/lease"
	"github.com/idforge/idforge/lease/leasetest"
)

func TestMemoryEngine(t *testing.T) {
	leasetest.Engine(t, lease.NewMemory(nil), 200*time.Millisecond)
}
