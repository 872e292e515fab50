// Package lease hands out node numbers for layouts with a node field, such
// as Snowflake, so that no two live generators share one: a node is leased
// for a time to live (TTL) from an engine the user already runs
// (PostgreSQL through [Postgres], etcd through [Etcd], or [Memory] for one
// process and tests), and renewed while the holder lives. The interpreter
// takes a lease as generated generators do (interp.WithLease).
//
// A lease belongs to a [Space]: a layout's name, epoch and node width, so
// that layouts never share node numbers. Its rules:
//
//   - Renewal. The holder renews about every TTL/3 (TTL/4 to 5/12 of it, at
//     random, so that holders started together spread their renewals).
//     Every deadline is measured on the holder's monotonic clock from the
//     moment it sent the request that the engine confirmed, and the engine
//     measures the TTL on its own clock from a later moment, so the
//     holder's deadline always comes first.
//   - Fencing. A generator bound to the lease (its WithLease option) stops
//     handing out IDs, with an error that matches [ErrLeaseLost], once its
//     clock passes the last confirmed deadline minus a safety margin
//     (TTL/5 by default): a holder that was paused (SIGSTOP, a GC pause, a
//     VM freeze), cut off from the engine, or whose engine restarted never
//     issues under an expired lease. The check costs the generator one
//     atomic load and a compare with the tick it computes anyway. Once a
//     lease lapses it is lost for good.
//   - High-water. Each renewal records in the engine a high-water tick no
//     ID under the lease can reach before the new deadline; a release
//     records the last tick issued. The next holder of the node starts
//     strictly above it, even if its clock is behind (skew between
//     machines); if its clock is behind by more than the layout allows, it
//     waits up to [WithClockWait] and then fails with [ErrClockBehind], as
//     Meituan's Leaf refuses to start.
//   - Acquire takes a free node, waiting for one until the context's
//     deadline when all are held, and then fails with an error that matches
//     [ErrFull] and names the space and its size. Close releases the node at
//     once.
//
// A lease and its generator:
//
//	sf, _ := layouts.Builtin("snowflake")
//	space, _ := lease.SpaceOf(sf)
//	l, err := lease.Acquire(ctx, lease.Postgres(db), space)
//	if err != nil { ... }
//	defer l.Close()
//	g, err := snowflake.NewGenerator(0, snowflake.WithLease(l)) // 0: whichever node l holds
//	...
//	id, err := g.Next() // errors.Is(err, lease.ErrLeaseLost) once the lease is gone
//
// lease uses only the standard library; the PostgreSQL backend runs on
// database/sql with the driver the program registers, and calls the SQL
// lease functions of [PostgresFunctions], which clients in other languages
// call too. The etcd backend
// runs over a small [EtcdClient]: [NewEtcdGateway] speaks etcd's v3 JSON
// gateway with net/http, over TLS with etcd's user authentication or a
// client certificate (plain HTTP only with
// [EtcdGatewayConfig].InsecurePlainHTTP), and the module
// github.com/idforge/idforge/lease/etcd implements it on etcd's official
// gRPC client.
package lease
