package lease_test

import (
	"testing"
	"time"

	"github.com/idforge/idforge/internal/pgtest"
	"github.com/idforge/idforge/lease"
	"github.com/idforge/idforge/lease/leasetest"
)

func TestPostgresEngine(t *testing.T) {
	leasetest.Engine(t, lease.Postgres(pgtest.DB(t)), 500*time.Millisecond)
}
