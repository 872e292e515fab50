package lease_test

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/idforge/idforge/layouts"
	"github.com/idforge/idforge/lease"
	"github.com/idforge/idforge/snowflake"
)

// A Snowflake generator that takes its node from a lease. With PostgreSQL
// the engine would be lease.Postgres(db); with etcd, lease.Etcd(g), g from
// lease.NewEtcdGateway(lease.EtcdGatewayConfig{Endpoint: "10.0.0.5:2379",
// CAFile: "ca.crt", Username: "ids", Password: pw}).
func ExampleAcquire() {
	engine := lease.NewMemory(nil)
	sf, _ := layouts.Builtin("snowflake")
	space, _ := lease.SpaceOf(sf)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second) // wait up to 30s for a free node
	defer cancel()
	l, err := lease.Acquire(ctx, engine, space, lease.WithNode(7))
	if err != nil {
		fmt.Println(err)
		return
	}
	g, err := snowflake.NewGenerator(0, snowflake.WithLease(l))
	if err != nil {
		fmt.Println(err)
		return
	}
	id, _ := g.Next()
	fmt.Println(space, l.Node(), id.Node())
	l.Close() // releases the node: the generator stops
	_, err = g.Next()
	fmt.Println(errors.Is(err, lease.ErrLeaseLost))
	// Output:
	// snowflake/2010-11-04T01:42:54.657Z/10 7 7
	// true
}

func ExampleOrdinalFromHostname() {
	sf, _ := layouts.Builtin("snowflake")
	space, _ := lease.SpaceOf(sf)
	node, err := lease.OrdinalFromHostname("ids-3", space) // in a pod: lease.StatefulSetOrdinal(space)
	if err != nil {
		fmt.Println(err) // errors.Is(err, lease.ErrOrdinal)
		return
	}
	g, _ := snowflake.NewGenerator(int64(node))
	id, _ := g.Next()
	fmt.Println(node, id.Node())
	_, err = lease.OrdinalFromHostname("ids-1024", space)
	fmt.Println(errors.Is(err, lease.ErrOrdinal))
	// Output:
	// 3 3
	// true
}
