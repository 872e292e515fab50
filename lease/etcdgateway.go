package lease

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
)

// EtcdGateway returns an EtcdClient that speaks to etcd's v3 JSON gateway
// (etcd 3.4 and later serve it on their client port, under /v3/) at
// endpoint, host:port or a URL, with net/http: no gRPC, so the command line
// and any program can lease from etcd with the standard library alone.
// client may be nil for http.DefaultClient.
func EtcdGateway(endpoint string, client *http.Client) EtcdClient {
	if !strings.Contains(endpoint, "://") {
		endpoint = "http://" + endpoint
	}
	if client == nil {
		client = http.DefaultClient
	}
	return &gateway{base: strings.TrimSuffix(endpoint, "/"), client: client}
}

type gateway struct {
	base   string
	client *http.Client
}

// call posts req as JSON to the gateway's path and decodes the answer into
// resp.
func (g *gateway) call(ctx context.Context, path string, req, resp any) error {
	body, err := json.Marshal(req)
	if err != nil {
		return err
	}
	r, err := http.NewRequestWithContext(ctx, http.MethodPost, g.base+path, bytes.NewReader(body))
	if err != nil {
		return err
	}
	r.Header.Set("Content-Type", "application/json")
	res, err := g.client.Do(r)
	if err != nil {
		return err
	}
	defer res.Body.Close()
	data, err := io.ReadAll(io.LimitReader(res.Body, 64<<20))
	if err != nil {
		return err
	}
	if res.StatusCode != http.StatusOK {
		return fmt.Errorf("etcd %s: %s: %s", path, res.Status, bytes.TrimSpace(data))
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
