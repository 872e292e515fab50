package k8s_test

import (
	"context"
	"fmt"
	"log"
	"time"

	"github.com/idforge/idforge/layouts"
	"github.com/idforge/idforge/lease"
	"github.com/idforge/idforge/lease/k8s"
	"github.com/idforge/idforge/snowflake"
)

// A Snowflake generator in a pod, on a node leased from the Kubernetes API
// server with the pod's service account (docs/leases.md has the Role it
// needs). It has no output to check: it runs only in a pod.
func Example() {
	sf, _ := layouts.Builtin("snowflake")
	space, _ := lease.SpaceOf(sf)
	cfg, err := k8s.InCluster() // in a pod: its service account's token, CA and namespace
	if err != nil {
		log.Fatal(err)
	}
	engine, err := k8s.New(cfg)
	if err != nil {
		log.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second) // wait up to 30s for a free node
	defer cancel()
	l, err := lease.Acquire(ctx, engine, space)
	if err != nil {
		log.Fatal(err)
	}
	defer l.Close() // releases the node at once
	g, err := snowflake.NewGenerator(0, snowflake.WithLease(l))
	if err != nil {
		log.Fatal(err)
	}
	id, err := g.Next() // errors.Is(err, lease.ErrLeaseLost) once the lease is lost
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(l.Node(), id)
}
