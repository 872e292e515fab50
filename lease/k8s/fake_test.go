package k8s_test

import (
	"encoding/json"
	"encoding/pem"
	"net/http"
	"net/http/httptest"
	"os"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/idforge/idforge/lease/k8s"
	"github.com/idforge/idforge/lease/leasetest"
	"github.com/idforge/idforge/testenv"
)

// fakeAPI is a stand-in for the API server's Lease API, for what a real
// kube-apiserver cannot be made to do: redirect, jump its Date, send a
// huge error body. It keeps Leases in memory with the real one's
// compare-and-swap on resourceVersion (create: 409 if the name exists;
// update: 409 unless the resourceVersion is the stored one), and stamps
// every answer's Date from its clock, which a test may move (offset).
// hook, if set, answers a request instead (returning true).
type fakeAPI struct {
	mu       sync.Mutex
	objs     map[string]map[string]any // by name
	version  int
	offset   time.Duration // added to the real clock in Date
	requests int
	hook     func(w http.ResponseWriter, r *http.Request) bool
}

func (f *fakeAPI) setOffset(d time.Duration) {
	f.mu.Lock()
	f.offset = d
	f.mu.Unlock()
}

func (f *fakeAPI) setHook(h func(w http.ResponseWriter, r *http.Request) bool) {
	f.mu.Lock()
	f.hook = h
	f.mu.Unlock()
}

func (f *fakeAPI) count() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.requests
}

func (f *fakeAPI) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	f.mu.Lock()
	f.requests++
	hook, offset := f.hook, f.offset
	f.mu.Unlock()
	w.Header().Set("Date", time.Now().Add(offset).UTC().Format(http.TimeFormat))
	if hook != nil && hook(w, r) {
		return
	}
	const prefix = "/apis/coordination.k8s.io/v1/namespaces/"
	rest, ok := strings.CutPrefix(r.URL.Path, prefix)
	if !ok {
		status(w, http.StatusNotFound, "NotFound", "no such path")
		return
	}
	parts := strings.Split(rest, "/") // NS, leases[, NAME]
	if len(parts) < 2 || parts[1] != "leases" {
		status(w, http.StatusNotFound, "NotFound", "no such path")
		return
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.objs == nil {
		f.objs = map[string]map[string]any{}
	}
	switch {
	case r.Method == http.MethodGet && len(parts) == 2:
		sel := r.URL.Query().Get("labelSelector")
		k, v, _ := strings.Cut(sel, "=")
		items := []map[string]any{}
		for _, o := range f.objs {
			labels, _ := o["metadata"].(map[string]any)["labels"].(map[string]any)
			if sel == "" || labels[k] == v {
				items = append(items, o)
			}
		}
		json.NewEncoder(w).Encode(map[string]any{"items": items})
	case r.Method == http.MethodGet && len(parts) == 3:
		o, ok := f.objs[parts[2]]
		if !ok {
			status(w, http.StatusNotFound, "NotFound", "leases.coordination.k8s.io \""+parts[2]+"\" not found")
			return
		}
		json.NewEncoder(w).Encode(o)
	case r.Method == http.MethodPost && len(parts) == 2, r.Method == http.MethodPut && len(parts) == 3:
		var o map[string]any
		if err := json.NewDecoder(r.Body).Decode(&o); err != nil {
			status(w, http.StatusBadRequest, "BadRequest", err.Error())
			return
		}
		meta := o["metadata"].(map[string]any)
		name, _ := meta["name"].(string)
		old, exists := f.objs[name]
		if r.Method == http.MethodPost && exists {
			status(w, http.StatusConflict, "AlreadyExists", "leases.coordination.k8s.io \""+name+"\" already exists")
			return
		}
		if r.Method == http.MethodPut {
			if !exists || name != parts[2] {
				status(w, http.StatusNotFound, "NotFound", "not found")
				return
			}
			if meta["resourceVersion"] != old["metadata"].(map[string]any)["resourceVersion"] {
				status(w, http.StatusConflict, "Conflict", "the object has been modified")
				return
			}
		}
		f.version++
		meta["resourceVersion"] = strconv.Itoa(f.version)
		f.objs[name] = o
		if r.Method == http.MethodPost {
			w.WriteHeader(http.StatusCreated)
		}
		json.NewEncoder(w).Encode(o)
	default:
		status(w, http.StatusMethodNotAllowed, "MethodNotAllowed", r.Method)
	}
}

// status writes a metav1.Status, as the API server answers an error.
func status(w http.ResponseWriter, code int, reason, msg string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(code)
	json.NewEncoder(w).Encode(map[string]any{"kind": "Status", "apiVersion": "v1", "status": "Failure", "message": msg, "reason": reason, "code": code})
}

// newFake starts a fake API server on HTTPS (with a self-signed
// certificate for 127.0.0.1) and returns it with a Config that trusts it.
func newFake(t testing.TB) (*fakeAPI, k8s.Config) {
	t.Helper()
	f := &fakeAPI{}
	ts := httptest.NewTLSServer(f)
	t.Cleanup(ts.Close)
	ca := pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: ts.Certificate().Raw})
	return f, k8s.Config{Server: ts.URL, Token: "fake-token", CA: ca, Namespace: "ids"}
}

// fakeEngine returns an engine on cfg, failing the test on an error.
func fakeEngine(t testing.TB, cfg k8s.Config) *k8s.Engine {
	t.Helper()
	e, err := k8s.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// The engine scenario of every engine (leasetest.Engine: races, expiry,
// quarantine, release, fencing) on the fake API server, for machines
// without a kube-apiserver; TestEngine runs it on the real one.
func TestEngineFake(t *testing.T) {
	if testing.Short() {
		t.Skip("the engine scenario takes half a minute")
	}
	if os.Getenv(testenv.Kube) != "" {
		t.Skip("TestEngine runs the scenario on the real API server")
	}
	_, cfg := newFake(t)
	leasetest.Engine(t, fakeEngine(t, cfg), 8*time.Second)
}
