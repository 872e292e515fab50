// Package etcd leases node numbers from etcd through etcd's official gRPC
// client (go.etcd.io/etcd/client/v3), with the rules of package
// github.com/idforge/idforge/lease: an etcd lease per holder, and a
// transaction that creates the node's key, attached to it, only if the key
// does not exist. It is a module of its own, so that programs that do not
// use etcd never depend on gRPC.
//
//	cli, err := clientv3.New(clientv3.Config{Endpoints: []string{"127.0.0.1:2379"}})
//	...
//	l, err := lease.Acquire(ctx, etcd.New(cli), space)
//
// TLS and etcd's user authentication are clientv3's own options: set
// clientv3.Config's TLS (the server's CA in RootCAs, a client certificate
// in Certificates for an etcd with --client-cert-auth) and Username and
// Password. Across a network, use them: without TLS anyone on the path
// reads the password and can forge what etcd answers (which node is free).
package etcd

import (
	"context"
	"errors"

	"go.etcd.io/etcd/api/v3/v3rpc/rpctypes"
	clientv3 "go.etcd.io/etcd/client/v3"

	"github.com/idforge/idforge/lease"
)

// New returns a lease engine on the etcd cluster cli reaches.
func New(cli *clientv3.Client) lease.Engine {
	return lease.Etcd(client{cli})
}

// client implements lease.EtcdClient on clientv3.
type client struct{ c *clientv3.Client }

func (c client) Grant(ctx context.Context, ttl int64) (int64, error) {
	r, err := c.c.Grant(ctx, ttl)
	if err != nil {
		return 0, err
	}
	return int64(r.ID), nil
}

func (c client) KeepAlive(ctx context.Context, id int64) (int64, error) {
	r, err := c.c.KeepAliveOnce(ctx, clientv3.LeaseID(id))
	if err != nil {
		if isNotFound(err) {
			return 0, nil
		}
		return 0, err
	}
	return r.TTL, nil
}

func (c client) Revoke(ctx context.Context, id int64) error {
	_, err := c.c.Revoke(ctx, clientv3.LeaseID(id))
	if isNotFound(err) {
		return nil // expired already
	}
	return err
}

func (c client) Keys(ctx context.Context, prefix string) ([]string, error) {
	r, err := c.c.Get(ctx, prefix, clientv3.WithPrefix(), clientv3.WithKeysOnly())
	if err != nil {
		return nil, err
	}
	keys := make([]string, len(r.Kvs))
	for i, kv := range r.Kvs {
		keys[i] = string(kv.Key)
	}
	return keys, nil
}

func (c client) Txn(ctx context.Context, cmps []lease.EtcdCmp, then, els []lease.EtcdOp) (bool, map[string]string, error) {
	var cs []clientv3.Cmp
	for _, cmp := range cmps {
		op := "="
		if cmp.Less {
			op = "<"
		}
		if cmp.Absent {
			cs = append(cs, clientv3.Compare(clientv3.CreateRevision(cmp.Key), op, 0))
		} else {
			cs = append(cs, clientv3.Compare(clientv3.Value(cmp.Key), op, cmp.Value))
		}
	}
	r, err := c.c.Txn(ctx).If(cs...).Then(ops(then)...).Else(ops(els)...).Commit()
	if err != nil {
		return false, nil, err
	}
	got := map[string]string{}
	for _, resp := range r.Responses {
		if rr := resp.GetResponseRange(); rr != nil {
			for _, kv := range rr.Kvs {
				got[string(kv.Key)] = string(kv.Value)
			}
		}
	}
	return r.Succeeded, got, nil
}

// ops converts a branch of a transaction.
func ops(in []lease.EtcdOp) []clientv3.Op {
	out := make([]clientv3.Op, 0, len(in))
	for _, op := range in {
		switch op.Kind {
		case lease.EtcdGet:
			out = append(out, clientv3.OpGet(op.Key))
		case lease.EtcdPut:
			var opts []clientv3.OpOption
			if op.Lease != 0 {
				opts = append(opts, clientv3.WithLease(clientv3.LeaseID(op.Lease)))
			}
			out = append(out, clientv3.OpPut(op.Key, op.Value, opts...))
		case lease.EtcdDelete:
			out = append(out, clientv3.OpDelete(op.Key))
		}
	}
	return out
}

// isNotFound reports whether err says the etcd lease does not exist.
func isNotFound(err error) bool {
	return errors.Is(err, rpctypes.ErrLeaseNotFound) || err != nil && err.Error() == rpctypes.ErrLeaseNotFound.Error()
}
