package lease

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"time"
)

// EtcdClient is the part of etcd's v3 API that the etcd engine uses: leases,
// a listing of keys and transactions. EtcdGateway implements it on etcd's
// JSON gateway with net/http; the module github.com/idforge/idforge/lease/etcd
// implements it on etcd's gRPC client.
type EtcdClient interface {
	// Grant creates an etcd lease of ttl seconds and returns its ID.
	Grant(ctx context.Context, ttl int64) (id int64, err error)
	// KeepAlive renews the etcd lease once and returns its new TTL in
	// seconds: 0 or less if the lease no longer exists.
	KeepAlive(ctx context.Context, id int64) (ttl int64, err error)
	// Revoke ends the etcd lease and deletes the keys attached to it.
	Revoke(ctx context.Context, id int64) error
	// Keys returns the keys that start with prefix.
	Keys(ctx context.Context, prefix string) ([]string, error)
	// Txn runs a transaction: if every compare holds it runs then, else
	// els. It reports which, with the values of the keys the Get
	// operations of that branch found (missing keys are absent).
	Txn(ctx context.Context, cmps []EtcdCmp, then, els []EtcdOp) (ok bool, got map[string]string, err error)
}

// EtcdCmp is a compare of an etcd transaction: the key's create revision
// is 0 (the key does not exist), or its value is equal to, or less than,
// Value (bytewise).
type EtcdCmp struct {
	Key    string
	Absent bool   // compare the create revision with 0
	Less   bool   // compare the value with "less than" instead of "equal"
	Value  string // for a value compare
}

// EtcdOp is an operation of an etcd transaction.
type EtcdOp struct {
	Kind  EtcdOpKind
	Key   string
	Value string // for EtcdPut
	Lease int64  // for EtcdPut: attach the key to this etcd lease (0: none)
}

// EtcdOpKind says what an EtcdOp does.
type EtcdOpKind int

// The kinds of EtcdOp.
const (
	EtcdGet EtcdOpKind = iota
	EtcdPut
	EtcdDelete
)

// etcdEngine keeps leases in etcd: one etcd lease per holder, a node key
// under it that names the holder (etcd deletes it when the lease expires),
// and a high-water key per node that outlives its holders.
type etcdEngine struct {
	c      EtcdClient
	prefix string
	mu     sync.Mutex
	ids    map[string]etcdHeld // by claim
}

// etcdHeld is what the engine keeps of a lease it acquired: its etcd lease,
// and when the lease expires for the holder: its TTL after the sending of
// the last call that etcd confirmed (the etcd lease itself lives on through
// the quarantine).
type etcdHeld struct {
	id      int64
	expires time.Time
}

// Etcd returns an engine that keeps leases in etcd, through c, under keys
// that start with "/idforge/lease/". A node is held by a key created, in a
// transaction, only if it does not exist, attached to an etcd lease of
// twice the holder's TTL plus its clock-skew bound (Claim.Skew), rounded up
// to whole seconds, which each renewal keeps alive: etcd's leader alone
// decides when the key goes and the node is free. The lease itself ends a
// TTL after the sending of the last renewal etcd confirmed, on the engine's
// clock: from then on Renew and Release fail with ErrLeaseLost, and the key
// stays as the node's quarantine, TTL + Skew after the expiry; a release in
// time deletes it at once. The engine remembers the etcd leases of the
// holders it served, so Renew and Release must go to the engine that
// acquired. The engine of a nil c fails every call with an error matching
// ErrNoEngine.
func Etcd(c EtcdClient) Engine {
	if c == nil {
		return noEngine{"Etcd(nil)"}
	}
	return &etcdEngine{c: c, prefix: "/idforge/lease/", ids: map[string]etcdHeld{}}
}

func (e *etcdEngine) nodeKey(s Space, n uint64) string {
	return fmt.Sprintf("%s%s/node/%020d", e.prefix, s, n)
}

func (e *etcdEngine) hwKey(s Space, n uint64) string {
	return fmt.Sprintf("%s%s/hw/%020d", e.prefix, s, n)
}

// hwValue writes a high-water tick in fixed width, so that etcd's bytewise
// compare orders ticks as numbers.
func hwValue(hw uint64) string { return fmt.Sprintf("%020d", hw) }

// claimKey identifies a claim in e.ids.
func claimKey(c Claim) string { return fmt.Sprint(c.Space, "|", c.Node, "|", c.Holder) }

// seconds returns a TTL in whole seconds, rounded up: etcd keeps the node a
// little longer than the holder counts on, never shorter.
func seconds(d time.Duration) int64 {
	s := int64(d / time.Second)
	if d%time.Second > 0 {
		s++
	}
	return s
}

// satAdd returns a + b for a, b >= 0, saturated at the largest Duration
// instead of wrapping negative.
func satAdd(a, b time.Duration) time.Duration {
	if a > 1<<63-1-b {
		return 1<<63 - 1
	}
	return a + b
}

// maxEtcdTTL is the longest etcd lease etcd grants (its MaxLeaseTTL), in
// seconds.
const maxEtcdTTL = 9_000_000_000

// etcdTTL returns the TTL of a claim's etcd lease, in whole seconds: the
// lease's TTL and then its quarantine, TTL + Skew, saturated (a skew near
// the largest Duration once wrapped it negative, and etcd granted its
// shortest lease), or an error if etcd cannot grant so long a lease.
func etcdTTL(c Claim) (int64, error) {
	ttl := max(c.TTL, 0)
	s := seconds(satAdd(satAdd(ttl, ttl), max(c.Skew, 0)))
	if s > maxEtcdTTL {
		return 0, fmt.Errorf("lease: TTL %v and clock-skew bound %v need an etcd lease of 2 × TTL + skew, %d s, longer than etcd grants (%d s)", c.TTL, c.Skew, s, int64(maxEtcdTTL))
	}
	return s, nil
}

// Acquire implements Engine.
func (e *etcdEngine) Acquire(ctx context.Context, c Claim, span uint64) (node, highWater uint64, err error) {
	ttl, err := etcdTTL(c)
	if err != nil {
		return 0, 0, err
	}
	keys, err := e.c.Keys(ctx, fmt.Sprintf("%s%s/node/", e.prefix, c.Space))
	if err != nil {
		return 0, 0, err
	}
	held := map[uint64]bool{}
	for _, k := range keys {
		if n, err := strconv.ParseUint(k[strings.LastIndexByte(k, '/')+1:], 10, 64); err == nil {
			held[n] = true
		}
	}
	size := c.Space.Size()
	var (
		id   int64
		sent time.Time
	)
	defer func() {
		if id != 0 && err != nil {
			e.c.Revoke(context.WithoutCancel(ctx), id)
		}
	}()
	for i := range min(span, size) {
		n := (c.Node + i) & (size - 1)
		if held[n] {
			continue
		}
		if id == 0 {
			sent = time.Now()
			if id, err = e.c.Grant(ctx, ttl); err != nil {
				return 0, 0, err
			}
		}
		nk, hk := e.nodeKey(c.Space, n), e.hwKey(c.Space, n)
		ok, got, err := e.c.Txn(ctx, []EtcdCmp{{Key: nk, Absent: true}},
			[]EtcdOp{{Kind: EtcdPut, Key: nk, Value: c.Holder, Lease: id}, {Kind: EtcdGet, Key: hk}}, nil)
		if err != nil {
			return 0, 0, err
		}
		if !ok {
			continue // taken since the listing
		}
		hw := uint64(0)
		if v, ok := got[hk]; ok {
			if hw, err = strconv.ParseUint(v, 10, 64); err != nil {
				return 0, 0, fmt.Errorf("lease: high-water key %s holds %q", hk, v)
			}
		} else if _, _, err := e.c.Txn(ctx, []EtcdCmp{{Key: hk, Absent: true}}, []EtcdOp{{Kind: EtcdPut, Key: hk, Value: hwValue(0)}}, nil); err != nil {
			return 0, 0, err
		}
		c.Node = n
		e.mu.Lock()
		e.ids[claimKey(c)] = etcdHeld{id: id, expires: sent.Add(c.TTL)}
		e.mu.Unlock()
		return n, hw, nil
	}
	return 0, 0, fmt.Errorf("%w in %s", ErrFull, c.Space)
}

// id returns the etcd lease of a claim this engine acquired, if the lease
// has not expired; once it has, it forgets it and returns ErrLeaseLost.
func (e *etcdEngine) id(c Claim) (int64, error) {
	e.mu.Lock()
	defer e.mu.Unlock()
	h, ok := e.ids[claimKey(c)]
	if !ok {
		return 0, fmt.Errorf("%w: node %d of %s was not acquired by %s through this engine", ErrLeaseLost, c.Node, c.Space, c.Holder)
	}
	if !time.Now().Before(h.expires) {
		delete(e.ids, claimKey(c))
		return 0, fmt.Errorf("%w: the lease of node %d of %s expired; the node is in quarantine", ErrLeaseLost, c.Node, c.Space)
	}
	return h.id, nil
}

// renewed records that etcd confirmed a keep-alive of c's etcd lease sent
// at sent.
func (e *etcdEngine) renewed(c Claim, id int64, sent time.Time) {
	e.mu.Lock()
	defer e.mu.Unlock()
	if h, ok := e.ids[claimKey(c)]; ok && h.id == id {
		if exp := sent.Add(c.TTL); exp.After(h.expires) {
			e.ids[claimKey(c)] = etcdHeld{id: id, expires: exp}
		}
	}
}

// Renew implements Engine: it keeps the etcd lease alive, then raises the
// high-water key if the node key still names the holder.
func (e *etcdEngine) Renew(ctx context.Context, c Claim, highWater uint64) error {
	id, err := e.id(c)
	if err != nil {
		return err
	}
	sent := time.Now()
	ttl, err := e.c.KeepAlive(ctx, id)
	if err != nil {
		return err
	}
	if ttl <= 0 {
		return fmt.Errorf("%w: the etcd lease of node %d of %s has expired", ErrLeaseLost, c.Node, c.Space)
	}
	nk, hk := e.nodeKey(c.Space, c.Node), e.hwKey(c.Space, c.Node)
	ok, got, err := e.c.Txn(ctx,
		[]EtcdCmp{{Key: nk, Value: c.Holder}, {Key: hk, Less: true, Value: hwValue(highWater)}},
		[]EtcdOp{{Kind: EtcdPut, Key: hk, Value: hwValue(highWater)}},
		[]EtcdOp{{Kind: EtcdGet, Key: nk}})
	if err != nil {
		return err
	}
	if !ok && got[nk] != c.Holder {
		return fmt.Errorf("%w: node %d of %s is not held by %s", ErrLeaseLost, c.Node, c.Space, c.Holder)
	}
	e.renewed(c, id, sent)
	return nil
}

// Release implements Engine: it sets the high-water key and deletes the node
// key if the node key still names the holder, then revokes the etcd lease.
func (e *etcdEngine) Release(ctx context.Context, c Claim, highWater uint64) error {
	id, err := e.id(c)
	if err != nil {
		return err
	}
	nk := e.nodeKey(c.Space, c.Node)
	ok, _, err := e.c.Txn(ctx, []EtcdCmp{{Key: nk, Value: c.Holder}},
		[]EtcdOp{{Kind: EtcdPut, Key: e.hwKey(c.Space, c.Node), Value: hwValue(highWater)}, {Kind: EtcdDelete, Key: nk}}, nil)
	if err != nil {
		return err
	}
	e.mu.Lock()
	delete(e.ids, claimKey(c))
	e.mu.Unlock()
	if err := e.c.Revoke(ctx, id); err != nil && ok {
		return err
	}
	if !ok {
		return fmt.Errorf("%w: node %d of %s is not held by %s", ErrLeaseLost, c.Node, c.Space, c.Holder)
	}
	return nil
}
