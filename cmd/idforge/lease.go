package main

import (
	"context"
	"database/sql"
	"encoding/binary"
	"fmt"
	"strings"
	"time"

	_ "github.com/jackc/pgx/v5/stdlib" // the PostgreSQL driver of -lease postgres://…

	"github.com/idforge/idforge/interp"
	"github.com/idforge/idforge/layouts"
	"github.com/idforge/idforge/lease"
	"github.com/idforge/idforge/snowflake"
)

// leaseFlags are new's flags for a leased node.
type leaseFlags struct {
	engine    string        // -lease: postgres://…, etcd://… or k8s://…
	ttl, wait time.Duration // -lease-ttl, -lease-wait
	insecure  bool          // -lease-insecure: plain HTTP to etcd or Kubernetes
}

// answerTime is how long an engine has to answer -lease, beyond -lease-wait.
const answerTime = 5 * time.Second

// openEngine returns the engine a -lease URL names: PostgreSQL through
// database/sql and pgx, etcd through its JSON gateway (etcdEngine), or
// Kubernetes Lease objects (k8sEngine). insecure is -lease-insecure.
func openEngine(url string, insecure bool) (lease.Engine, func(), error) {
	switch {
	case strings.HasPrefix(url, "postgres://"), strings.HasPrefix(url, "postgresql://"):
		if insecure {
			return nil, nil, usageError{fmt.Errorf("-lease-insecure is for etcd:// and k8s://; PostgreSQL's URL says its own TLS (sslmode=)")}
		}
		db, err := sql.Open("pgx", url)
		if err != nil {
			return nil, nil, err
		}
		return lease.Postgres(db), func() { db.Close() }, nil
	case strings.HasPrefix(url, "etcd://"):
		e, err := etcdEngine(url, insecure)
		if err != nil {
			return nil, nil, err
		}
		return e, func() {}, nil
	case strings.HasPrefix(url, "k8s://"):
		e, err := k8sEngine(url, insecure)
		if err != nil {
			return nil, nil, err
		}
		return e, func() {}, nil
	}
	return nil, nil, usageError{fmt.Errorf("-lease %q: want postgres://…, etcd://HOST:PORT or k8s://…", url)}
}

// leased acquires a node of l's space and returns a source of IDs under it:
// the generated package for Snowflake, the interpreter otherwise. Once the
// lease is lost the source returns an error matching lease.ErrLeaseLost.
// done closes the lease, releasing the node.
func leased(l *layouts.Layout, fromSpec bool, f leaseFlags) (next func() ([]byte, error), done func(), err error) {
	space, err := lease.SpaceOf(l)
	if err != nil {
		return nil, nil, usageError{fmt.Errorf("-lease: %w", err)}
	}
	e, closeEngine, err := openEngine(f.engine, f.insecure)
	if err != nil {
		return nil, nil, err
	}
	// The engine has answerTime to answer, on top of the wait for a node.
	ctx, cancel := context.WithTimeout(context.Background(), f.wait+answerTime)
	defer cancel()
	ls, err := lease.Acquire(ctx, e, space, lease.WithTTL(f.ttl), lease.WithClockWait(f.wait))
	if err != nil {
		closeEngine()
		return nil, nil, err
	}
	done = func() { ls.Close(); closeEngine() }
	if l.Name == "snowflake" && !fromSpec {
		g, err := snowflake.NewGenerator(0, snowflake.WithLease(ls))
		if err != nil {
			done()
			return nil, nil, err
		}
		return func() ([]byte, error) {
			id, err := g.Next()
			return binary.BigEndian.AppendUint64(nil, uint64(id)), err
		}, done, nil
	}
	g, err := interp.NewGenerator(l, interp.WithLease(ls))
	if err != nil {
		done()
		return nil, nil, err
	}
	return g.Next, done, nil
}
