// Package k8s leases node numbers from Kubernetes, on coordination.k8s.io/v1
// Lease objects, with the rules of package github.com/idforge/idforge/lease:
// one Lease object per node number of a space, taken and renewed by
// compare-and-swap on its resourceVersion, so that two holders racing for a
// node never both get it (the API server answers the loser 409 Conflict).
// It speaks the API server's REST API with net/http and encoding/json: no
// client-go. It is a module of its own, as lease/etcd is.
//
//	cfg, err := k8s.InCluster() // in a pod; or k8s.Config{Server: ..., Token: ..., CAFile: ...}
//	...
//	e, err := k8s.New(cfg)
//	...
//	l, err := lease.Acquire(ctx, e, space)
//
// # The objects
//
// The Lease of node N of a space is named idforge-LAYOUT-HASH-N (LAYOUT the
// layout's name as DNS-1123 allows it, HASH 16 hex digits of SHA-256 of the
// space's key), labelled idforge.dev/space=HASH and
// app.kubernetes.io/managed-by=idforge, and annotated with the space's key
// (idforge.dev/space), the node (idforge.dev/node) and the node's
// high-water tick (idforge.dev/high-water). Its spec says who holds it:
// holderIdentity (the holder: by default the host name, which in a pod is
// the pod's name, the process and random bits), leaseDurationSeconds (the
// TTL, rounded up to whole seconds), acquireTime, renewTime, and
// leaseTransitions, which counts the node's acquisitions and is the
// lease's fencing token: a renewal or release acts only if the Lease still
// names the holder and that count. A released Lease has no holderIdentity.
//
// # Time
//
// Kubernetes expires nothing: a Lease is a record, and its readers decide
// whether it has expired. This engine decides by the API server's clock
// alone, as the API server shows it in the Date header of every answer
// (whole seconds), never by the caller's clock:
//
//   - A holder writes, as renewTime, a time no earlier than the API server's
//     clock when the holder sent the update: the Date of an earlier answer,
//     plus one second (Date is truncated), plus the time elapsed on the
//     holder's monotonic clock since it sent that earlier request. The
//     holder stops issuing IDs TTL minus package lease's margin after it
//     sent the renewal, so before renewTime + leaseDurationSeconds on the
//     server's clock.
//   - A Lease that was not released expires at renewTime +
//     leaseDurationSeconds. Another holder takes it only when the Date of
//     the answer that showed it the Lease is at or past that expiry plus
//     the quarantine every engine keeps (package lease's Engine): the TTL
//     plus the clock-skew bound. Its update names the resourceVersion it
//     read, so it fails if the holder renewed since.
//
// The engine trusts the first Date it sees as the API server's clock, and
// holds every later one to it: an answer whose Date is further from the
// last Date it accepted, plus the time elapsed since on its monotonic
// clock, than the clock-skew bound (plus the second Date truncates) is
// refused with an error matching ErrDateJump, and no Lease is judged by
// it. An API server whose clock is stepped therefore fails every call of
// an engine made before the step: make a new engine (restart the process).
//
// The engine speaks HTTPS only (plain HTTP with Config.InsecurePlainHTTP)
// and follows no redirect, so the bearer token goes to the API server
// named and nowhere else; an error shows at most about 1 KiB of what the
// server sent, quoted.
//
// The clock-skew bound is the larger of the engine's (Config.Skew,
// DefaultSkew, 1s, unless set; at most MaxSkew) and the one the holder stated
// (lease.Claim.Skew, from lease.WithSkew), which the Lease keeps in the
// annotation AnnotationSkew. It bounds how far the clocks of the API
// server's replicas, and the holder's, may be apart: the renewTime of a
// holder that spoke to one replica is judged by the Date of another. The holder's and the API
// servers' clocks must run at the same rate within package lease's margin
// (TTL/5 by default), as every lease engine assumes.
package k8s

import (
	"context"
	"crypto/sha256"
	"crypto/tls"
	"crypto/x509"
	"encoding/hex"
	"errors"
	"fmt"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/idforge/idforge/lease"
)

// DefaultSkew is the clock-skew bound between the API server's replicas
// unless Config.Skew says otherwise.
const DefaultSkew = time.Second

// MaxSkew is the largest clock-skew bound the engine takes, in Config.Skew
// or from a holder (lease.WithSkew): one hour. A Lease whose annotation
// states more (written by hand, or by another program) is read as it
// says, with saturating arithmetic: its node stays quarantined as long as
// the annotation asks, up to the end of representable time, never less.
const MaxSkew = time.Hour

// MaxTTL is the longest TTL a holder may ask of the engine: the most
// leaseDurationSeconds holds, 2^31 - 1 seconds (about 68 years).
const MaxTTL = (1<<31 - 1) * time.Second

// DefaultNamespace is the namespace of the Leases when Config.Namespace is
// empty.
const DefaultNamespace = "default"

// The annotations and labels of the engine's Lease objects.
const (
	AnnotationSpace     = "idforge.dev/space"      // the space's key, lease.Space.String()
	AnnotationNode      = "idforge.dev/node"       // the node number, in decimal
	AnnotationHighWater = "idforge.dev/high-water" // the node's high-water tick, in decimal
	AnnotationSkew      = "idforge.dev/skew"       // the holder's clock-skew bound (lease.Claim.Skew), as time.Duration text
	LabelSpace          = "idforge.dev/space"      // 16 hex digits of SHA-256 of the space's key
	LabelManagedBy      = "app.kubernetes.io/managed-by"
)

// serviceAccountDir is where a pod finds its service account's token, CA
// and namespace.
const serviceAccountDir = "/var/run/secrets/kubernetes.io/serviceaccount"

// Config says where the API server is, how to authenticate to it and in
// which namespace the Leases live.
type Config struct {
	// Server is the API server's URL: https://host:port. An http:// URL is
	// refused unless InsecurePlainHTTP is set.
	Server string
	// InsecurePlainHTTP allows an http:// Server: every request, the bearer
	// token included, then travels in clear, and anyone on the path can
	// read the token and forge the API server's answers (its Date, so the
	// expiry of every Lease). For a test server on the loopback interface;
	// never across a network.
	InsecurePlainHTTP bool
	// Token is a bearer token. TokenFile, if set, is read instead, again
	// every minute, as a pod's projected service account token is rotated
	// in place.
	Token     string
	TokenFile string
	// CA is the PEM of the certificate authority that signed the API
	// server's serving certificate; CAFile a file that holds it. With
	// neither, the system's roots are used.
	CA     []byte
	CAFile string
	// Namespace holds the Leases (DefaultNamespace if empty).
	Namespace string
	// Skew bounds how far the clocks of the API server's replicas may be
	// apart (DefaultSkew if 0, at most MaxSkew). A crashed holder's node is
	// taken again only after its TTL plus Skew on the API server's clock,
	// and an answer whose Date is further than Skew from what the engine's
	// last Date and the time since allow is refused (see Time above).
	Skew time.Duration
	// Client, if not nil, sends the requests (its Transport's TLS settings
	// then are the caller's; CA and CAFile are not used). The engine uses a
	// copy whose CheckRedirect refuses every redirect.
	Client *http.Client
}

// InCluster returns the Config of a pod: the API server at
// KUBERNETES_SERVICE_HOST and KUBERNETES_SERVICE_PORT, the pod's service
// account token (re-read as it rotates) and CA, and the pod's namespace,
// from /var/run/secrets/kubernetes.io/serviceaccount.
func InCluster() (Config, error) { return inCluster(serviceAccountDir) }

func inCluster(dir string) (Config, error) {
	host, port := os.Getenv("KUBERNETES_SERVICE_HOST"), os.Getenv("KUBERNETES_SERVICE_PORT")
	if host == "" || port == "" {
		return Config{}, errors.New("kubernetes: not in a pod: KUBERNETES_SERVICE_HOST and KUBERNETES_SERVICE_PORT are not set")
	}
	ns, err := os.ReadFile(filepath.Join(dir, "namespace"))
	if err != nil {
		return Config{}, fmt.Errorf("kubernetes: the pod's namespace: %w (is a service account token mounted?)", err)
	}
	cfg := Config{
		Server:    "https://" + net.JoinHostPort(host, port),
		TokenFile: filepath.Join(dir, "token"),
		CAFile:    filepath.Join(dir, "ca.crt"),
		Namespace: strings.TrimSpace(string(ns)),
	}
	if _, err := os.Stat(cfg.TokenFile); err != nil {
		return Config{}, fmt.Errorf("kubernetes: the pod's service account token: %w", err)
	}
	return cfg, nil
}

// Engine is a lease.Engine on Kubernetes Lease objects. Its methods are
// safe for concurrent use. It remembers the fencing token of each lease it
// acquired, so Renew and Release must go to the engine that acquired.
type Engine struct {
	server    string
	namespace string
	skew      time.Duration
	client    *http.Client
	start     time.Time // the origin of mono

	tokenMu   sync.Mutex
	tokenText string
	tokenFile string
	tokenRead time.Time

	mu     sync.Mutex
	clock  answer           // the latest answer that carried a Date the engine accepted
	tokens map[string]int32 // fencing tokens (leaseTransitions), by claim
}

// New returns an engine on the API server cfg names. It checks the
// configuration, not the server: the first call reaches it.
func New(cfg Config) (*Engine, error) {
	if cfg.Server == "" {
		return nil, errors.New("kubernetes: no API server URL (Config.Server)")
	}
	switch {
	case strings.HasPrefix(cfg.Server, "https://"):
	case strings.HasPrefix(cfg.Server, "http://"):
		if !cfg.InsecurePlainHTTP {
			return nil, fmt.Errorf("kubernetes: API server %q: plain HTTP would send the bearer token in clear and let anyone on the path forge the API server's clock; want https://, or set Config.InsecurePlainHTTP (the command line's -lease-insecure) for a test server", cfg.Server)
		}
	default:
		return nil, fmt.Errorf("kubernetes: API server %q: want an https:// URL", cfg.Server)
	}
	if cfg.Skew < 0 || cfg.Skew > MaxSkew {
		return nil, fmt.Errorf("kubernetes: clock-skew bound %v: want 0 to %v", cfg.Skew, MaxSkew)
	}
	ns := cfg.Namespace
	if ns == "" {
		ns = DefaultNamespace
	}
	if !dns1123Label(ns) {
		return nil, fmt.Errorf("kubernetes: namespace %q is not a DNS-1123 label", ns)
	}
	e := &Engine{
		server:    strings.TrimSuffix(cfg.Server, "/"),
		namespace: ns,
		skew:      cfg.Skew,
		client:    cfg.Client,
		start:     time.Now(),
		tokenText: cfg.Token,
		tokenFile: cfg.TokenFile,
		tokens:    map[string]int32{},
	}
	if e.skew == 0 {
		e.skew = DefaultSkew
	}
	if e.tokenFile != "" {
		if _, err := e.token(); err != nil {
			return nil, err
		}
	}
	if e.client == nil {
		tr := http.DefaultTransport.(*http.Transport).Clone()
		ca := cfg.CA
		if cfg.CAFile != "" {
			b, err := os.ReadFile(cfg.CAFile)
			if err != nil {
				return nil, fmt.Errorf("kubernetes: the API server's CA: %w", err)
			}
			ca = b
		}
		if len(ca) > 0 {
			pool := x509.NewCertPool()
			if !pool.AppendCertsFromPEM(ca) {
				return nil, errors.New("kubernetes: the API server's CA holds no PEM certificate")
			}
			tr.TLSClientConfig = &tls.Config{RootCAs: pool, MinVersion: tls.VersionTLS12}
		}
		e.client = &http.Client{Transport: tr}
	} else {
		c := *e.client
		e.client = &c
	}
	// No redirect is followed: an API server does not send them, and one
	// that did could send the token to another server, or over plain HTTP.
	e.client.CheckRedirect = func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }
	return e, nil
}

// Namespace returns the namespace of the engine's Leases.
func (e *Engine) Namespace() string { return e.namespace }

// token returns the bearer token: Config.Token, or TokenFile's content,
// read again once a minute.
func (e *Engine) token() (string, error) {
	if e.tokenFile == "" {
		return e.tokenText, nil
	}
	e.tokenMu.Lock()
	defer e.tokenMu.Unlock()
	if e.tokenText == "" || time.Since(e.tokenRead) > time.Minute {
		b, err := os.ReadFile(e.tokenFile)
		if err != nil {
			return "", fmt.Errorf("kubernetes: the token: %w", err)
		}
		e.tokenText, e.tokenRead = strings.TrimSpace(string(b)), time.Now()
	}
	return e.tokenText, nil
}

// mono reads the engine's monotonic clock.
func (e *Engine) mono() time.Duration { return time.Since(e.start) }

// maxRate is the rate difference between the engine's monotonic clock and
// the API server's clock that observe tolerates on top of the skew bound:
// 0.1%, twice the most NTP slews a clock.
const maxRate = 1000

// observe checks an answer's Date against the engine's view of the API
// server's clock (the latest Date it accepted, and the time elapsed since on
// the engine's monotonic clock) and records it, if its request was sent
// after the one last recorded. A Date that moved further than the elapsed
// time allows, by more than the skew bound (plus the second Date truncates
// and maxRate of the elapsed time), is an error, and the engine never
// judges a Lease by it: a replica whose clock is off, or a server or
// proxy that forges Dates, would otherwise make live Leases read as
// expired (a Date ahead) or make the holder write a renewTime too early
// (a Date behind). The first Date an engine sees is taken as the API
// server's clock: the trust model of docs/leases.md.
func (e *Engine) observe(a answer) error {
	e.mu.Lock()
	defer e.mu.Unlock()
	ref := e.clock
	if !ref.date.IsZero() {
		// The server stamped ref between ref.sent and ref.recv, and a
		// between a.sent and a.recv; each Date is its clock truncated to
		// the second.
		lo := ref.date.Add(a.sent - ref.recv - time.Second)
		hi := ref.date.Add(a.recv - ref.sent + time.Second)
		elapsed := a.recv - ref.sent
		if elapsed < 0 {
			elapsed = ref.recv - a.sent
		}
		tol := addSat(e.skew, elapsed/maxRate)
		if a.date.Before(lo.Add(-tol)) || a.date.After(hi.Add(tol)) {
			dir, by := "ahead of", a.date.Sub(hi)
			if a.date.Before(lo) {
				dir, by = "behind", lo.Sub(a.date)
			}
			return fmt.Errorf("%w: the answer's Date, %s, is %v %s what the API server's previous Date (%s) and the %v elapsed since allow, beyond the clock-skew bound %v: refused (a replica with a wrong clock, or a forged answer; see the trust model in docs/leases.md)",
				ErrDateJump, a.date.UTC().Format(time.RFC3339), by.Round(time.Millisecond), dir, ref.date.UTC().Format(time.RFC3339), (a.sent - ref.sent).Round(time.Millisecond), e.skew)
		}
	}
	if ref.date.IsZero() || a.sent >= ref.sent {
		e.clock = a
	}
	return nil
}

// ErrDateJump is the error of an answer whose Date the engine refuses:
// further from its last Date, plus the time elapsed since on its monotonic
// clock, than the clock-skew bound allows.
var ErrDateJump = errors.New("kubernetes: the API server's clock jumped")

// serverUpper returns a time no earlier than the API server's clock now:
// the Date of the latest answer, plus the second Date truncates, plus the
// time since its request was sent.
func (e *Engine) serverUpper() (time.Time, bool) {
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.clock.date.IsZero() {
		return time.Time{}, false
	}
	return e.clock.date.Add(time.Second + e.mono() - e.clock.sent), true
}

// spaceHash is the label value of a space: 16 hex digits of SHA-256 of its
// key.
func spaceHash(s lease.Space) string {
	h := sha256.Sum256([]byte(s.String()))
	return hex.EncodeToString(h[:8])
}

// LeaseName returns the name of the Lease object of node n of space s:
// idforge-LAYOUT-HASH-N, a valid DNS-1123 subdomain (and label).
func LeaseName(s lease.Space, n uint64) string {
	var b strings.Builder
	dash := true
	for _, r := range strings.ToLower(s.Layout) {
		if b.Len() >= 16 {
			break
		}
		if r >= 'a' && r <= 'z' || r >= '0' && r <= '9' {
			b.WriteRune(r)
			dash = false
		} else if !dash {
			b.WriteByte('-')
			dash = true
		}
	}
	layout := strings.Trim(b.String(), "-")
	if layout != "" {
		layout += "-"
	}
	return "idforge-" + layout + spaceHash(s) + "-" + strconv.FormatUint(n, 10)
}

// dns1123Label reports whether s is a DNS-1123 label: at most 63 lowercase
// letters, digits and '-', starting and ending with a letter or digit.
func dns1123Label(s string) bool {
	if s == "" || len(s) > 63 || s[0] == '-' || s[len(s)-1] == '-' {
		return false
	}
	for _, r := range s {
		if !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '-') {
			return false
		}
	}
	return true
}

// claimKey identifies a claim in e.tokens.
func claimKey(c lease.Claim) string { return fmt.Sprint(c.Space, "|", c.Node, "|", c.Holder) }

// seconds returns a TTL in whole seconds, rounded up, for
// leaseDurationSeconds: the Lease says a little longer than the holder
// counts on, never shorter.
func seconds(d time.Duration) int32 {
	s := d / time.Second
	if d%time.Second > 0 {
		s++ // no overflow: d/time.Second is far below the maximum
	}
	return int32(min(max(s, 1), 1<<31-1))
}

// addSat returns a + b, saturated at the bounds of time.Duration, never
// wrapped around.
func addSat(a, b time.Duration) time.Duration {
	const maxD, minD = time.Duration(1<<63 - 1), time.Duration(-1 << 63)
	switch {
	case b > 0 && a > maxD-b:
		return maxD
	case b < 0 && a < minD-b:
		return minD
	}
	return a + b
}

// checkClaim refuses a TTL or a clock-skew bound the engine cannot write
// or judge.
func checkClaim(c lease.Claim) error {
	if c.TTL <= 0 || c.TTL > MaxTTL {
		return fmt.Errorf("kubernetes: TTL %v: want more than 0, at most %v (leaseDurationSeconds is 32 bits of seconds)", c.TTL, MaxTTL)
	}
	if c.Skew < 0 || c.Skew > MaxSkew {
		return fmt.Errorf("kubernetes: clock-skew bound %v: want 0 to %v", c.Skew, MaxSkew)
	}
	return nil
}

// Record is a Lease object of the engine, as read from the API server.
type Record struct {
	Name        string
	Node        uint64
	Holder      string // empty once released
	Token       int32  // leaseTransitions: the acquisitions so far
	Duration    time.Duration
	AcquireTime time.Time
	RenewTime   time.Time
	HighWater   uint64
	// Skew is the clock-skew bound: the larger of the engine's and the one
	// the holder stated. The quarantine after an expiry is Duration + Skew.
	Skew time.Duration
	// Expired reports whether the lease had expired at ServerTime (the
	// Date of the answer that listed it), and Free whether a holder could
	// take the node then: released, or expired for the quarantine too.
	Expired, Free bool
	ServerTime    time.Time
}

// record reads a Lease object of space s.
func (e *Engine) record(s lease.Space, o *leaseObject, now time.Time) (Record, error) {
	r := Record{Name: o.Metadata.Name, ServerTime: now}
	if got := o.Metadata.Annotations[AnnotationSpace]; got != s.String() {
		return r, fmt.Errorf("kubernetes: Lease %s/%s is of space %q, not %s", e.namespace, r.Name, got, s)
	}
	var err error
	if r.Node, err = strconv.ParseUint(o.Metadata.Annotations[AnnotationNode], 10, 64); err != nil {
		return r, fmt.Errorf("kubernetes: Lease %s/%s: annotation %s: %w", e.namespace, r.Name, AnnotationNode, err)
	}
	if v, ok := o.Metadata.Annotations[AnnotationHighWater]; ok {
		if r.HighWater, err = strconv.ParseUint(v, 10, 64); err != nil {
			return r, fmt.Errorf("kubernetes: Lease %s/%s: annotation %s: %w", e.namespace, r.Name, AnnotationHighWater, err)
		}
	}
	sp := o.Spec
	if sp.HolderIdentity != nil {
		r.Holder = *sp.HolderIdentity
	}
	if sp.LeaseTransitions != nil {
		r.Token = *sp.LeaseTransitions
	}
	if sp.LeaseDurationSeconds != nil {
		r.Duration = time.Duration(max(*sp.LeaseDurationSeconds, 0)) * time.Second
	}
	if sp.AcquireTime != nil {
		r.AcquireTime = sp.AcquireTime.Time
	}
	if sp.RenewTime != nil {
		r.RenewTime = sp.RenewTime.Time
	}
	r.Skew = e.skew
	if v, ok := o.Metadata.Annotations[AnnotationSkew]; ok {
		d, err := time.ParseDuration(v)
		if err != nil {
			return r, fmt.Errorf("kubernetes: Lease %s/%s: annotation %s: %w", e.namespace, r.Name, AnnotationSkew, err)
		}
		r.Skew = max(r.Skew, d)
	}
	// time.Time.Add saturates; the sum of durations must too, or a skew
	// near the maximum Duration wraps negative and a live Lease reads as
	// free.
	end := r.RenewTime.Add(r.Duration)
	r.Expired = r.Holder == "" || !now.Before(end)
	r.Free = r.Holder == "" || !now.Before(end.Add(addSat(r.Duration, r.Skew)))
	return r, nil
}

// List returns the engine's Lease objects of space s, read back from the
// API server, in no set order.
func (e *Engine) List(ctx context.Context, s lease.Space) ([]Record, error) {
	objs, a, err := e.list(ctx, LabelSpace+"="+spaceHash(s))
	if err != nil {
		return nil, err
	}
	var rs []Record
	for i := range objs {
		r, err := e.record(s, &objs[i], a.date)
		if err != nil {
			return nil, err
		}
		rs = append(rs, r)
	}
	return rs, nil
}

// newObject returns the Lease object of node n of space s, held by holder
// from now, with the given fencing token and high-water tick.
func (e *Engine) newObject(c lease.Claim, n uint64, token int32, hw uint64, now time.Time) leaseObject {
	o := leaseObject{APIVersion: "coordination.k8s.io/v1", Kind: "Lease"}
	o.Metadata.Name = LeaseName(c.Space, n)
	o.Metadata.Namespace = e.namespace
	o.Metadata.Labels = map[string]string{LabelSpace: spaceHash(c.Space), LabelManagedBy: "idforge"}
	o.Metadata.Annotations = map[string]string{
		AnnotationSpace:     c.Space.String(),
		AnnotationNode:      strconv.FormatUint(n, 10),
		AnnotationHighWater: strconv.FormatUint(hw, 10),
		AnnotationSkew:      max(c.Skew, 0).String(),
	}
	holder, dur, t := c.Holder, seconds(c.TTL), microTime{now}
	o.Spec = leaseSpec{HolderIdentity: &holder, LeaseDurationSeconds: &dur, AcquireTime: &t, RenewTime: &t, LeaseTransitions: &token}
	return o
}

// Acquire implements lease.Engine: it lists the space's Leases (or reads
// the one node's, for a span of 1), then takes the first node of the span
// that has no Lease (create) or whose Lease is free (update with the
// resourceVersion read). A 409 Conflict is a race lost to another holder:
// it tries the next node.
func (e *Engine) Acquire(ctx context.Context, c lease.Claim, span uint64) (node, highWater uint64, err error) {
	if c.Holder == "" {
		return 0, 0, errors.New("kubernetes: a claim without a holder")
	}
	if err := checkClaim(c); err != nil {
		return 0, 0, err
	}
	size := c.Space.Size()
	span = min(span, size)
	byNode := map[uint64]leaseObject{}
	var now time.Time
	if span == 1 {
		n := c.Node & (size - 1)
		o, a, found, err := e.get(ctx, LeaseName(c.Space, n))
		if err != nil {
			return 0, 0, err
		}
		if found {
			byNode[n] = o
		}
		now = a.date
	} else {
		objs, a, err := e.list(ctx, LabelSpace+"="+spaceHash(c.Space))
		if err != nil {
			return 0, 0, err
		}
		for _, o := range objs {
			r, err := e.record(c.Space, &o, a.date)
			if err != nil {
				return 0, 0, err
			}
			byNode[r.Node] = o
		}
		now = a.date
	}
	for i := range span {
		n := (c.Node + i) & (size - 1)
		o, exists := byNode[n]
		var token int32 = 1
		var hw uint64
		if exists {
			r, err := e.record(c.Space, &o, now)
			if err != nil {
				return 0, 0, err
			}
			if !r.Free {
				continue
			}
			token, hw = r.Token+1, r.HighWater
		}
		start, ok := e.serverUpper()
		if !ok {
			return 0, 0, errors.New("kubernetes: no Date from the API server yet")
		}
		obj := e.newObject(c, n, token, hw, start)
		if exists {
			obj.Metadata.ResourceVersion = o.Metadata.ResourceVersion
			_, err = e.update(ctx, &obj)
		} else {
			_, err = e.create(ctx, &obj)
		}
		if isStatus(err, http.StatusConflict) {
			continue // another holder took it first
		}
		if err != nil {
			return 0, 0, err
		}
		c.Node = n
		e.mu.Lock()
		e.tokens[claimKey(c)] = token
		e.mu.Unlock()
		return n, hw, nil
	}
	return 0, 0, fmt.Errorf("%w in %s", lease.ErrFull, c.Space)
}

// held reads c's Lease and checks that it still names c's holder and
// fencing token; it returns the object, its record and the token, or an
// error matching lease.ErrLeaseLost.
func (e *Engine) held(ctx context.Context, c lease.Claim) (leaseObject, Record, int32, error) {
	e.mu.Lock()
	token, ok := e.tokens[claimKey(c)]
	e.mu.Unlock()
	if !ok {
		return leaseObject{}, Record{}, 0, fmt.Errorf("%w: node %d of %s was not acquired by %s through this engine", lease.ErrLeaseLost, c.Node, c.Space, c.Holder)
	}
	o, a, found, err := e.get(ctx, LeaseName(c.Space, c.Node))
	if err != nil {
		return o, Record{}, 0, err
	}
	if !found {
		return o, Record{}, 0, fmt.Errorf("%w: the Lease of node %d of %s is gone", lease.ErrLeaseLost, c.Node, c.Space)
	}
	r, err := e.record(c.Space, &o, a.date)
	if err != nil {
		return o, r, 0, err
	}
	if r.Holder != c.Holder || r.Token != token {
		return o, r, 0, fmt.Errorf("%w: node %d of %s is held by %q (acquisition %d), not by %s (acquisition %d)", lease.ErrLeaseLost, c.Node, c.Space, r.Holder, r.Token, c.Holder, token)
	}
	return o, r, token, nil
}

// maxConflicts is how many times Renew and Release read a Lease again
// after a 409 Conflict before they give up for this call (the lease
// package retries a renewal soon after).
const maxConflicts = 5

// errConflicts is the error of a renewal or release that met a conflict
// each time.
func errConflicts(c lease.Claim) error {
	return fmt.Errorf("kubernetes: the Lease of node %d of %s changed under each of %d updates", c.Node, c.Space, maxConflicts)
}

// forget drops c's fencing token: the lease is over.
func (e *Engine) forget(c lease.Claim) {
	e.mu.Lock()
	delete(e.tokens, claimKey(c))
	e.mu.Unlock()
}

// Renew implements lease.Engine: it reads the Lease, checks it still names
// the holder and its token and has not expired on the server's clock, and
// updates it with the resourceVersion read: a new renewTime and
// leaseDurationSeconds, and the high-water annotation raised to highWater.
// A conflict (the Lease changed since it was read) reads it again.
func (e *Engine) Renew(ctx context.Context, c lease.Claim, highWater uint64) error {
	if err := checkClaim(c); err != nil {
		return err
	}
	for range maxConflicts {
		o, r, _, err := e.held(ctx, c)
		if err != nil {
			if errors.Is(err, lease.ErrLeaseLost) {
				e.forget(c)
			}
			return err
		}
		if r.Expired {
			e.forget(c)
			return fmt.Errorf("%w: the Lease of node %d of %s expired at %v on the API server's clock (it reads %v)", lease.ErrLeaseLost, c.Node, c.Space, r.RenewTime.Add(r.Duration).UTC(), r.ServerTime.UTC())
		}
		now, _ := e.serverUpper()
		dur := seconds(c.TTL)
		t := microTime{now}
		o.Spec.RenewTime, o.Spec.LeaseDurationSeconds = &t, &dur
		o.Metadata.Annotations[AnnotationHighWater] = strconv.FormatUint(max(r.HighWater, highWater), 10)
		o.Metadata.Annotations[AnnotationSkew] = max(c.Skew, 0).String()
		_, err = e.update(ctx, &o)
		if isStatus(err, http.StatusConflict) {
			continue
		}
		return err
	}
	return errConflicts(c)
}

// Release implements lease.Engine: if the Lease still names the holder and
// its token, it clears holderIdentity (the node is free at once) and sets
// the high-water annotation to highWater.
func (e *Engine) Release(ctx context.Context, c lease.Claim, highWater uint64) error {
	for range maxConflicts {
		o, _, _, err := e.held(ctx, c)
		if err != nil {
			if errors.Is(err, lease.ErrLeaseLost) {
				e.forget(c)
			}
			return err
		}
		o.Spec.HolderIdentity = nil
		o.Metadata.Annotations[AnnotationHighWater] = strconv.FormatUint(highWater, 10)
		_, err = e.update(ctx, &o)
		if isStatus(err, http.StatusConflict) {
			continue
		}
		if err == nil {
			e.forget(c)
		}
		return err
	}
	return errConflicts(c)
}
