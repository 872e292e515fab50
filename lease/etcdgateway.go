package lease

import (
	"bytes"
	"context"
	"crypto/tls"
	"crypto/x509"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"
)

// EtcdGatewayConfig says where etcd's v3 JSON gateway is and how to reach
// it: over TLS (always, unless InsecurePlainHTTP), with the server's CA, a
// client certificate (etcd's --client-cert-auth) and etcd's user
// authentication, as its own clients offer them.
type EtcdGatewayConfig struct {
	// Endpoint is host:port or https://host:port: etcd's client URL. An
	// http:// endpoint is refused unless InsecurePlainHTTP is set.
	Endpoint string
	// InsecurePlainHTTP allows an http:// endpoint, and makes a bare
	// host:port one: every request, a password included, then travels in
	// clear, and anyone on the path can read and forge what etcd says
	// (which node is free). For a test server on the loopback interface;
	// never across a network.
	InsecurePlainHTTP bool
	// CA is the PEM of the certificate authority of etcd's serving
	// certificate; CAFile a file that holds it. With neither, the system's
	// roots are used.
	CA     []byte
	CAFile string
	// CertFile and KeyFile are a client certificate and its key (PEM), for
	// an etcd started with --client-cert-auth.
	CertFile, KeyFile string
	// Username and Password, if Username is set, authenticate to etcd
	// (etcd's auth enable): the gateway gets a token from
	// /v3/auth/authenticate and sends it with each request, and takes a
	// new one when etcd says it has expired.
	Username, Password string
	// Client, if not nil, sends the requests (its Transport's TLS settings
	// then are the caller's: CA, CAFile, CertFile and KeyFile are not
	// used). The gateway uses a copy whose CheckRedirect refuses every
	// redirect.
	Client *http.Client
}

// NewEtcdGateway returns an EtcdClient that speaks to etcd's v3 JSON
// gateway (etcd 3.4 and later serve it on their client port, under /v3/)
// with net/http: no gRPC, so the command line and any program can lease
// from etcd with the standard library alone. It speaks HTTPS only (plain
// HTTP with InsecurePlainHTTP), follows no redirect, and shows at most
// about 1 KiB of an error's body, quoted. It checks the configuration,
// not the server: the first call reaches it.
func NewEtcdGateway(cfg EtcdGatewayConfig) (EtcdClient, error) {
	endpoint := cfg.Endpoint
	if endpoint == "" {
		return nil, errors.New("lease: etcd gateway: no endpoint")
	}
	if !strings.Contains(endpoint, "://") {
		if cfg.InsecurePlainHTTP {
			endpoint = "http://" + endpoint
		} else {
			endpoint = "https://" + endpoint
		}
	}
	switch {
	case strings.HasPrefix(endpoint, "https://"):
	case strings.HasPrefix(endpoint, "http://"):
		if !cfg.InsecurePlainHTTP {
			return nil, fmt.Errorf("lease: etcd gateway %q: plain HTTP sends every request, a password included, in clear, and lets anyone on the path forge etcd's answers; want https://, or set EtcdGatewayConfig.InsecurePlainHTTP (the command line's -lease-insecure) for a test server", cfg.Endpoint)
		}
	default:
		return nil, fmt.Errorf("lease: etcd gateway %q: want host:port or an https:// URL", cfg.Endpoint)
	}
	g := &gateway{base: strings.TrimSuffix(endpoint, "/"), user: cfg.Username, password: cfg.Password}
	if cfg.Client != nil {
		c := *cfg.Client
		g.client = &c
	} else {
		tc := &tls.Config{MinVersion: tls.VersionTLS12}
		ca := cfg.CA
		if cfg.CAFile != "" {
			b, err := os.ReadFile(cfg.CAFile)
			if err != nil {
				return nil, fmt.Errorf("lease: etcd's CA: %w", err)
			}
			ca = b
		}
		if len(ca) > 0 {
			pool := x509.NewCertPool()
			if !pool.AppendCertsFromPEM(ca) {
				return nil, errors.New("lease: etcd's CA holds no PEM certificate")
			}
			tc.RootCAs = pool
		}
		if (cfg.CertFile == "") != (cfg.KeyFile == "") {
			return nil, errors.New("lease: etcd client certificate: give both the certificate and its key")
		}
		if cfg.CertFile != "" {
			cert, err := tls.LoadX509KeyPair(cfg.CertFile, cfg.KeyFile)
			if err != nil {
				return nil, fmt.Errorf("lease: etcd client certificate: %w", err)
			}
			tc.Certificates = []tls.Certificate{cert}
		}
		tr := http.DefaultTransport.(*http.Transport).Clone()
		tr.TLSClientConfig = tc
		g.client = &http.Client{Transport: tr}
	}
	g.client.CheckRedirect = func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }
	return g, nil
}

// EtcdGateway returns NewEtcdGateway's client for endpoint (host:port,
// which is https://host:port, or an https:// URL) and client (nil for
// the gateway's own). An http:// endpoint, or any other configuration
// error, gives a client whose every call fails with the error: use
// NewEtcdGateway, with InsecurePlainHTTP, for plain HTTP.
func EtcdGateway(endpoint string, client *http.Client) EtcdClient {
	g, err := NewEtcdGateway(EtcdGatewayConfig{Endpoint: endpoint, Client: client})
	if err != nil {
		return brokenGateway{err}
	}
	return g
}

// brokenGateway fails every call with the error of its configuration.
type brokenGateway struct{ err error }

func (b brokenGateway) Grant(context.Context, int64) (int64, error)     { return 0, b.err }
func (b brokenGateway) KeepAlive(context.Context, int64) (int64, error) { return 0, b.err }
func (b brokenGateway) Revoke(context.Context, int64) error             { return b.err }
func (b brokenGateway) Keys(context.Context, string) ([]string, error)  { return nil, b.err }
func (b brokenGateway) Txn(context.Context, []EtcdCmp, []EtcdOp, []EtcdOp) (bool, map[string]string, error) {
	return false, nil, b.err
}

type gateway struct {
	base           string
	client         *http.Client
	user, password string

	mu    sync.Mutex
	token string // etcd's auth token, once authenticated
}

// maxGatewayError is how much of an error's body the gateway reads, and
// maxGatewayShown how much it shows, Go-quoted.
const (
	maxGatewayError = 4 << 10
	maxGatewayShown = 1 << 10
)

// quoteCut returns b cut to maxGatewayShown bytes and quoted as a Go
// string, so that neither a huge body nor terminal escapes reach a log.
func quoteCut(b []byte) string {
	if len(b) <= maxGatewayShown {
		return strconv.Quote(string(b))
	}
	cut := maxGatewayShown
	for cut > 0 && !utf8.RuneStart(b[cut]) {
		cut--
	}
	return strconv.Quote(string(b[:cut])) + "…(cut)"
}

// errAuthToken is an answer that says the auth token is invalid or
// expired: the gateway authenticates again and retries once.
var errAuthToken = errors.New("etcd: invalid auth token")

// call posts req as JSON to the gateway's path and decodes the answer into
// resp, authenticating first if the gateway has a user and no token yet,
// and again once if etcd says the token is no longer valid.
func (g *gateway) call(ctx context.Context, path string, req, resp any) error {
	for attempt := 0; ; attempt++ {
		token, err := g.auth(ctx, attempt > 0)
		if err != nil {
			return err
		}
		err = g.post(ctx, path, token, req, resp)
		if errors.Is(err, errAuthToken) && g.user != "" && attempt == 0 {
			continue
		}
		return err
	}
}

// auth returns the token to send: none without a user; else the one held,
// or a new one from /v3/auth/authenticate if there is none or renew.
func (g *gateway) auth(ctx context.Context, renew bool) (string, error) {
	if g.user == "" {
		return "", nil
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.token != "" && !renew {
		return g.token, nil
	}
	var resp struct {
		Token string `json:"token"`
	}
	if err := g.post(ctx, "/v3/auth/authenticate", "", map[string]any{"name": g.user, "password": g.password}, &resp); err != nil {
		return "", fmt.Errorf("etcd: authenticating as %q: %w", g.user, err)
	}
	if resp.Token == "" {
		return "", fmt.Errorf("etcd: authenticating as %q: no token (is auth enabled on the server?)", g.user)
	}
	g.token = resp.Token
	return g.token, nil
}

// post sends one request.
func (g *gateway) post(ctx context.Context, path, token string, req, resp any) error {
	body, err := json.Marshal(req)
	if err != nil {
		return err
	}
	r, err := http.NewRequestWithContext(ctx, http.MethodPost, g.base+path, bytes.NewReader(body))
	if err != nil {
		return err
	}
	r.Header.Set("Content-Type", "application/json")
	if token != "" {
		r.Header.Set("Authorization", token)
	}
	res, err := g.client.Do(r)
	if err != nil {
		return err
	}
	defer res.Body.Close()
	if res.StatusCode/100 == 3 {
		return fmt.Errorf("etcd %s: %s with a redirect to %s; the gateway follows no redirect", path, res.Status, quoteCut([]byte(res.Header.Get("Location"))))
	}
	if res.StatusCode != http.StatusOK {
		data, _ := io.ReadAll(io.LimitReader(res.Body, maxGatewayError))
		err := fmt.Errorf("etcd %s: %s: %s", path, res.Status, quoteCut(bytes.TrimSpace(data)))
		if token != "" && (bytes.Contains(data, []byte("invalid auth token")) || bytes.Contains(data, []byte("user name is empty"))) {
			return fmt.Errorf("%w: %w", errAuthToken, err)
		}
		return err
	}
	data, err := io.ReadAll(io.LimitReader(res.Body, 64<<20))
	if err != nil {
		return err
	}
	return json.Unmarshal(data, resp)
}

func b64(s string) string { return base64.StdEncoding.EncodeToString([]byte(s)) }

func unb64(s string) string {
	b, _ := base64.StdEncoding.DecodeString(s)
	return string(b)
}

// num is an int64 that the gateway writes as a JSON string.
type num int64

func (n *num) UnmarshalJSON(b []byte) error {
	v, err := strconv.ParseInt(strings.Trim(string(b), `"`), 10, 64)
	*n = num(v)
	return err
}

func (g *gateway) Grant(ctx context.Context, ttl int64) (int64, error) {
	var resp struct {
		ID    num
		Error string `json:"error"`
	}
	if err := g.call(ctx, "/v3/lease/grant", map[string]any{"TTL": ttl}, &resp); err != nil {
		return 0, err
	}
	if resp.ID == 0 {
		return 0, fmt.Errorf("etcd granted no lease: %s", resp.Error)
	}
	return int64(resp.ID), nil
}

func (g *gateway) KeepAlive(ctx context.Context, id int64) (int64, error) {
	var resp struct {
		Result struct{ TTL num } `json:"result"`
	}
	if err := g.call(ctx, "/v3/lease/keepalive", map[string]any{"ID": strconv.FormatInt(id, 10)}, &resp); err != nil {
		return 0, err
	}
	return int64(resp.Result.TTL), nil
}

func (g *gateway) Revoke(ctx context.Context, id int64) error {
	var resp struct{}
	err := g.call(ctx, "/v3/lease/revoke", map[string]any{"ID": strconv.FormatInt(id, 10)}, &resp)
	if err != nil && strings.Contains(err.Error(), "lease not found") {
		return nil // expired already
	}
	return err
}

// prefixEnd returns the end of the range of keys that start with prefix.
func prefixEnd(prefix string) string {
	b := []byte(prefix)
	for i := len(b) - 1; i >= 0; i-- {
		if b[i] < 0xff {
			b[i]++
			return string(b[:i+1])
		}
	}
	return "\x00"
}

type gatewayKVs struct {
	Kvs []struct{ Key, Value string } `json:"kvs"`
}

func (g *gateway) Keys(ctx context.Context, prefix string) ([]string, error) {
	var resp gatewayKVs
	req := map[string]any{"key": b64(prefix), "range_end": b64(prefixEnd(prefix)), "keys_only": true}
	if err := g.call(ctx, "/v3/kv/range", req, &resp); err != nil {
		return nil, err
	}
	keys := make([]string, len(resp.Kvs))
	for i, kv := range resp.Kvs {
		keys[i] = unb64(kv.Key)
	}
	return keys, nil
}

func (g *gateway) Txn(ctx context.Context, cmps []EtcdCmp, then, els []EtcdOp) (bool, map[string]string, error) {
	var compare []map[string]any
	for _, c := range cmps {
		m := map[string]any{"key": b64(c.Key), "result": "EQUAL"}
		if c.Absent {
			m["target"], m["create_revision"] = "CREATE", "0"
		} else {
			m["target"], m["value"] = "VALUE", b64(c.Value)
		}
		if c.Less {
			m["result"] = "LESS"
		}
		compare = append(compare, m)
	}
	ops := func(ops []EtcdOp) []map[string]any {
		out := []map[string]any{}
		for _, op := range ops {
			switch op.Kind {
			case EtcdGet:
				out = append(out, map[string]any{"request_range": map[string]any{"key": b64(op.Key)}})
			case EtcdPut:
				put := map[string]any{"key": b64(op.Key), "value": b64(op.Value)}
				if op.Lease != 0 {
					put["lease"] = strconv.FormatInt(op.Lease, 10)
				}
				out = append(out, map[string]any{"request_put": put})
			case EtcdDelete:
				out = append(out, map[string]any{"request_delete_range": map[string]any{"key": b64(op.Key)}})
			}
		}
		return out
	}
	var resp struct {
		Succeeded bool `json:"succeeded"`
		Responses []struct {
			Range *gatewayKVs `json:"response_range"`
		} `json:"responses"`
	}
	req := map[string]any{"compare": compare, "success": ops(then), "failure": ops(els)}
	if err := g.call(ctx, "/v3/kv/txn", req, &resp); err != nil {
		return false, nil, err
	}
	got := map[string]string{}
	for _, r := range resp.Responses {
		if r.Range != nil {
			for _, kv := range r.Range.Kvs {
				got[unb64(kv.Key)] = unb64(kv.Value)
			}
		}
	}
	return resp.Succeeded, got, nil
}
