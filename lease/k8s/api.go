package k8s

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"
)

// The Lease object of coordination.k8s.io/v1, with the fields the engine
// reads and writes. Fields it does not know (managedFields, uid, ...) are
// not sent back: an update replaces spec and metadata's labels and
// annotations, and the API server keeps the rest.
type leaseObject struct {
	APIVersion string     `json:"apiVersion"`
	Kind       string     `json:"kind"`
	Metadata   objectMeta `json:"metadata"`
	Spec       leaseSpec  `json:"spec"`
}

type objectMeta struct {
	Name            string            `json:"name"`
	Namespace       string            `json:"namespace,omitempty"`
	ResourceVersion string            `json:"resourceVersion,omitempty"`
	Labels          map[string]string `json:"labels,omitempty"`
	Annotations     map[string]string `json:"annotations,omitempty"`
}

type leaseSpec struct {
	HolderIdentity       *string    `json:"holderIdentity,omitempty"`
	LeaseDurationSeconds *int32     `json:"leaseDurationSeconds,omitempty"`
	AcquireTime          *microTime `json:"acquireTime,omitempty"`
	RenewTime            *microTime `json:"renewTime,omitempty"`
	LeaseTransitions     *int32     `json:"leaseTransitions,omitempty"`
}

type leaseList struct {
	Items []leaseObject `json:"items"`
}

// microTime is Kubernetes' MicroTime: RFC 3339 in UTC with microseconds.
type microTime struct{ time.Time }

const microLayout = "2006-01-02T15:04:05.000000Z07:00"

func (t microTime) MarshalJSON() ([]byte, error) {
	return json.Marshal(t.UTC().Format(microLayout))
}

func (t *microTime) UnmarshalJSON(b []byte) error {
	var s string
	if err := json.Unmarshal(b, &s); err != nil {
		return err
	}
	v, err := time.Parse(time.RFC3339Nano, s)
	if err != nil {
		return err
	}
	t.Time = v
	return nil
}

// status is the body of an API server's error: a metav1.Status.
type status struct {
	Message string `json:"message"`
	Reason  string `json:"reason"`
	Code    int    `json:"code"`
}

// apiError is an answer of the API server other than 2xx.
type apiError struct {
	method, path string
	code         int
	reason, msg  string // as the server sent them, at most maxShown bytes each
}

// maxErrorBody is how much of an error's body the engine reads (a
// metav1.Status is a few hundred bytes), and maxShown how much of a text
// from the server an error shows: about 1 KiB, Go-quoted, so that a huge
// body or one full of terminal escapes reaches neither memory nor a log.
const (
	maxErrorBody = 4 << 10
	maxShown     = 1 << 10
)

// quoted returns s cut to maxShown bytes (at a rune boundary) and quoted
// as a Go string: control characters and escapes show as \x1b, never raw.
func quoted(s string) string {
	if len(s) <= maxShown {
		return strconv.Quote(s)
	}
	cut := maxShown
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return strconv.Quote(s[:cut]) + "…(cut)"
}

func (e *apiError) Error() string {
	hint := ""
	switch e.code {
	case http.StatusUnauthorized:
		hint = " (the token is missing, wrong or expired)"
	case http.StatusForbidden:
		hint = " (the token's user or service account needs get, list, create and update on leases.coordination.k8s.io in the namespace: see the Role in docs/leases.md)"
	}
	return fmt.Sprintf("kubernetes: %s %s: %d %s: %s%s", e.method, e.path, e.code, quoted(e.reason), quoted(e.msg), hint)
}

// cut returns s cut to at most maxShown+1 bytes, enough for quoted to
// mark it cut.
func cut(s string) string {
	if len(s) > maxShown+1 {
		return s[:maxShown+1]
	}
	return s
}

// isStatus reports whether err is an answer of the API server with the
// given HTTP status.
func isStatus(err error, code int) bool {
	var e *apiError
	return errors.As(err, &e) && e.code == code
}

// answer is what one request brought back: the server's Date (its clock,
// truncated to the second), and when the request was sent and the answer
// received, on the engine's monotonic clock.
type answer struct {
	date       time.Time
	sent, recv time.Duration
}

// do sends one request to the API server and decodes a 2xx answer's body
// into out (if not nil). It records the server's Date in the engine's
// clock. Every other answer is an *apiError.
func (e *Engine) do(ctx context.Context, method, path string, query url.Values, in, out any) (answer, error) {
	var body io.Reader
	if in != nil {
		b, err := json.Marshal(in)
		if err != nil {
			return answer{}, err
		}
		body = bytes.NewReader(b)
	}
	u := e.server + path
	if len(query) > 0 {
		u += "?" + query.Encode()
	}
	req, err := http.NewRequestWithContext(ctx, method, u, body)
	if err != nil {
		return answer{}, err
	}
	req.Header.Set("Accept", "application/json")
	req.Header.Set("User-Agent", "idforge-lease/k8s") // the field manager the API server records: idforge-lease
	if in != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	token, err := e.token()
	if err != nil {
		return answer{}, err
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	sent := e.mono()
	res, err := e.client.Do(req)
	if err != nil {
		return answer{}, fmt.Errorf("kubernetes: %s %s: %w", method, path, err)
	}
	defer res.Body.Close()
	a := answer{sent: sent, recv: e.mono()}
	if d, err := http.ParseTime(res.Header.Get("Date")); err == nil {
		a.date = d
		if err := e.observe(a); err != nil {
			return answer{}, fmt.Errorf("kubernetes: %s %s: %w", method, path, err)
		}
	}
	if res.StatusCode/100 == 3 {
		return a, fmt.Errorf("kubernetes: %s %s: the API server answered %d with a redirect to %s; the engine follows no redirect (it would carry the token elsewhere)", method, path, res.StatusCode, quoted(res.Header.Get("Location")))
	}
	if res.StatusCode/100 != 2 {
		data, _ := io.ReadAll(io.LimitReader(res.Body, maxErrorBody))
		var st status
		json.Unmarshal(data, &st)
		if st.Message == "" {
			st.Message = strings.TrimSpace(string(data))
		}
		if st.Reason == "" {
			st.Reason = http.StatusText(res.StatusCode)
		}
		return a, &apiError{method: method, path: path, code: res.StatusCode, reason: cut(st.Reason), msg: cut(st.Message)}
	}
	data, err := io.ReadAll(io.LimitReader(res.Body, 64<<20))
	if err != nil {
		return answer{}, fmt.Errorf("kubernetes: %s %s: reading the answer: %w", method, path, err)
	}
	if a.date.IsZero() {
		// The engine judges expiry by the server's clock alone: an answer
		// without it cannot be used.
		return a, fmt.Errorf("kubernetes: %s %s: the answer has no Date header, and the engine times leases by the API server's clock", method, path)
	}
	if out != nil {
		if err := json.Unmarshal(data, out); err != nil {
			return a, fmt.Errorf("kubernetes: %s %s: decoding the answer: %w", method, path, err)
		}
	}
	return a, nil
}

// leasesPath is the path of the namespace's Lease collection.
func (e *Engine) leasesPath() string {
	return "/apis/coordination.k8s.io/v1/namespaces/" + url.PathEscape(e.namespace) + "/leases"
}

// get reads one Lease; found is false if there is none of that name.
func (e *Engine) get(ctx context.Context, name string) (obj leaseObject, a answer, found bool, err error) {
	a, err = e.do(ctx, http.MethodGet, e.leasesPath()+"/"+name, nil, nil, &obj)
	if isStatus(err, http.StatusNotFound) {
		return obj, a, false, nil
	}
	return obj, a, err == nil, err
}

// list reads the Leases that carry the label selector.
func (e *Engine) list(ctx context.Context, selector string) ([]leaseObject, answer, error) {
	var l leaseList
	a, err := e.do(ctx, http.MethodGet, e.leasesPath(), url.Values{"labelSelector": {selector}}, nil, &l)
	return l.Items, a, err
}

// create makes a Lease; a lost race (one of that name exists) is a 409.
func (e *Engine) create(ctx context.Context, obj *leaseObject) (answer, error) {
	var out leaseObject
	a, err := e.do(ctx, http.MethodPost, e.leasesPath(), nil, obj, &out)
	if err == nil {
		*obj = out
	}
	return a, err
}

// update replaces a Lease if its resourceVersion is still obj's; otherwise
// the API server answers 409 Conflict.
func (e *Engine) update(ctx context.Context, obj *leaseObject) (answer, error) {
	var out leaseObject
	a, err := e.do(ctx, http.MethodPut, e.leasesPath()+"/"+obj.Metadata.Name, nil, obj, &out)
	if err == nil {
		*obj = out
	}
	return a, err
}
