package k8s_test

import (
	"bytes"
	"context"
	"crypto/tls"
	"crypto/x509"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/idforge/idforge/lease"
	"github.com/idforge/idforge/lease/k8s"
	"github.com/idforge/idforge/lease/leasetest"
	"github.com/idforge/idforge/testenv"
)

// realOrFake returns the Config of the real API server the environment
// names (.ci/kube), or, without one, of a fake, saying so.
func realOrFake(t *testing.T) k8s.Config {
	t.Helper()
	if os.Getenv(testenv.Kube) != "" && os.Getenv(testenv.KubeToken) != "" {
		return envConfig()
	}
	t.Logf("no real API server (%s): on a fake one; CI runs this on a real kube-apiserver", testenv.Kube)
	_, cfg := newFake(t)
	return cfg
}

// httpClient returns a plain client that trusts cfg's CA, for the test's
// own requests, outside the engine.
func httpClient(t *testing.T, cfg k8s.Config) *http.Client {
	t.Helper()
	ca := cfg.CA
	if cfg.CAFile != "" {
		b, err := os.ReadFile(cfg.CAFile)
		if err != nil {
			t.Fatal(err)
		}
		ca = b
	}
	pool := x509.NewCertPool()
	if !pool.AppendCertsFromPEM(ca) {
		t.Fatal("no CA")
	}
	return &http.Client{Transport: &http.Transport{TLSClientConfig: &tls.Config{RootCAs: pool}}}
}

// setAnnotation writes a Lease's annotation directly, as a hand (kubectl
// annotate) or another program with update rights on Leases could.
func setAnnotation(t *testing.T, cfg k8s.Config, name, key, value string) {
	t.Helper()
	c := httpClient(t, cfg)
	ns := cfg.Namespace
	if ns == "" {
		ns = k8s.DefaultNamespace
	}
	u := strings.TrimSuffix(cfg.Server, "/") + "/apis/coordination.k8s.io/v1/namespaces/" + ns + "/leases/" + name
	call := func(method string, body []byte) []byte {
		req, err := http.NewRequest(method, u, bytes.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		req.Header.Set("Authorization", "Bearer "+cfg.Token)
		req.Header.Set("Content-Type", "application/json")
		res, err := c.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		b, _ := io.ReadAll(res.Body)
		if res.StatusCode/100 != 2 {
			t.Fatalf("%s %s: %s: %s", method, u, res.Status, b)
		}
		return b
	}
	var o map[string]any
	if err := json.Unmarshal(call(http.MethodGet, nil), &o); err != nil {
		t.Fatal(err)
	}
	o["metadata"].(map[string]any)["annotations"].(map[string]any)[key] = value
	b, _ := json.Marshal(o)
	call(http.MethodPut, b)
}

// A live Lease whose skew annotation is near the largest Duration stays
// held: TTL + skew saturates instead of wrapping negative, which made the
// Lease read as free (issue 65). On the real API server in CI.
func TestSkewSaturates(t *testing.T) {
	cfg := realOrFake(t)
	space := leasetest.NewSpace(t, 2)
	a := fakeEngine(t, cfg)
	ca := lease.Claim{Space: space, Node: 1, Holder: "a", TTL: time.Minute, Skew: time.Second}
	if _, _, err := a.Acquire(context.Background(), ca, 1); err != nil {
		t.Fatal(err)
	}
	defer a.Release(context.Background(), ca, 0)
	setAnnotation(t, cfg, k8s.LeaseName(space, 1), k8s.AnnotationSkew, time.Duration(1<<63-1).String())
	b := fakeEngine(t, cfg)
	rs, err := b.List(context.Background(), space)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range rs {
		if r.Node == 1 && (r.Free || r.Expired) {
			t.Errorf("a live Lease with skew %v reads as expired %v, free %v", r.Skew, r.Expired, r.Free)
		}
	}
	_, _, err = b.Acquire(context.Background(), lease.Claim{Space: space, Node: 1, Holder: "b", TTL: time.Minute}, 1)
	if !errors.Is(err, lease.ErrFull) {
		t.Fatalf("b's Acquire of a's live node: %v, want ErrFull", err)
	}
	// The engine refuses to state a skew above MaxSkew or a TTL it
	// cannot write, instead of wrapping either.
	for _, c := range []lease.Claim{
		{Space: space, Node: 0, Holder: "c", TTL: time.Minute, Skew: k8s.MaxSkew + 1},
		{Space: space, Node: 0, Holder: "c", TTL: time.Minute, Skew: 1<<63 - 1},
		{Space: space, Node: 0, Holder: "c", TTL: k8s.MaxTTL + time.Second},
		{Space: space, Node: 0, Holder: "c", TTL: 1<<63 - 1},
	} {
		if _, _, err := b.Acquire(context.Background(), c, 1); err == nil {
			b.Release(context.Background(), c, 0)
			t.Errorf("Acquire with TTL %v, skew %v: no error", c.TTL, c.Skew)
		}
	}
}

// An http:// API server is refused unless Config.InsecurePlainHTTP says
// so: nothing, the token least of all, is sent to it (it was accepted
// silently).
func TestPlainHTTPRefused(t *testing.T) {
	f := &fakeAPI{}
	ts := httptest.NewServer(f)
	defer ts.Close()
	cfg := k8s.Config{Server: ts.URL, Token: "secret-token", Namespace: "ids"}
	e, err := k8s.New(cfg)
	if err == nil {
		e.List(context.Background(), leasetest.NewSpace(t, 2))
		t.Errorf("New(%s): no error; the server got %d requests, the token in clear", ts.URL, f.count())
	} else if !strings.Contains(err.Error(), "InsecurePlainHTTP") {
		t.Errorf("New(%s): %v, want an error that names InsecurePlainHTTP", ts.URL, err)
	}
	cfg.InsecurePlainHTTP = true
	e = fakeEngine(t, cfg)
	if _, err := e.List(context.Background(), leasetest.NewSpace(t, 2)); err != nil {
		t.Errorf("with InsecurePlainHTTP: %v", err)
	}
}

// No redirect is followed: an https API server that redirects to http://
// (or anywhere) gets an error, and the token never reaches the target
// (it went in clear after an https→http redirect).
func TestNoRedirect(t *testing.T) {
	var (
		mu  sync.Mutex
		got []string
	)
	plain := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		got = append(got, r.Header.Get("Authorization"))
		mu.Unlock()
		status(w, http.StatusNotFound, "NotFound", "x")
	}))
	defer plain.Close()
	for _, code := range []int{http.StatusMovedPermanently, http.StatusFound, http.StatusTemporaryRedirect, http.StatusPermanentRedirect} {
		for _, own := range []bool{false, true} {
			f, cfg := newFake(t)
			f.setHook(func(w http.ResponseWriter, r *http.Request) bool {
				http.Redirect(w, r, plain.URL+r.URL.RequestURI(), code)
				return true
			})
			if own { // a Client of the caller's: its redirects are refused too
				cfg.Client = &http.Client{Transport: &http.Transport{TLSClientConfig: &tls.Config{RootCAs: httpClient(t, cfg).Transport.(*http.Transport).TLSClientConfig.RootCAs}}}
			}
			e := fakeEngine(t, cfg)
			_, err := e.List(context.Background(), leasetest.NewSpace(t, 2))
			if err == nil || !strings.Contains(err.Error(), "redirect") {
				t.Errorf("%d, own client %v: %v, want an error that names the redirect", code, own, err)
			}
		}
	}
	mu.Lock()
	defer mu.Unlock()
	if len(got) > 0 {
		t.Errorf("the redirect's target got %d requests, with Authorization %q", len(got), got)
	}
}

// A Date that jumps against the last Date plus the time elapsed is
// refused: 25 minutes ahead (which took a live node) and 25 minutes
// behind (which would make a renewal write an early renewTime). A Date
// that keeps time, over a real pause, is not.
func TestDateJump(t *testing.T) {
	for _, jump := range []time.Duration{25 * time.Minute, -25 * time.Minute, 5 * time.Second, -5 * time.Second} {
		t.Run(fmt.Sprint(jump), func(t *testing.T) {
			f, cfg := newFake(t)
			space := leasetest.NewSpace(t, 2)
			a := fakeEngine(t, cfg)
			ca := lease.Claim{Space: space, Node: 1, Holder: "a", TTL: 10 * time.Second}
			if _, _, err := a.Acquire(context.Background(), ca, 1); err != nil {
				t.Fatal(err)
			}
			b := fakeEngine(t, cfg)
			if _, err := b.List(context.Background(), space); err != nil {
				t.Fatal(err)
			}
			f.setOffset(jump)
			_, _, err := b.Acquire(context.Background(), lease.Claim{Space: space, Node: 1, Holder: "b", TTL: 10 * time.Second}, 1)
			if err == nil {
				t.Fatalf("b took a's live node after the API server's Date moved %v", jump)
			}
			if !errors.Is(err, k8s.ErrDateJump) {
				t.Fatalf("after a Date %v off: %v, want ErrDateJump", jump, err)
			}
			t.Log(err)
			// a's renewal, through its own engine, is refused too.
			if err := a.Renew(context.Background(), ca, 0); !errors.Is(err, k8s.ErrDateJump) {
				t.Errorf("a's renewal after a Date %v off: %v, want ErrDateJump", jump, err)
			}
		})
	}
	t.Run("steady", func(t *testing.T) {
		_, cfg := newFake(t)
		e := fakeEngine(t, cfg)
		space := leasetest.NewSpace(t, 2)
		for range 3 {
			if _, err := e.List(context.Background(), space); err != nil {
				t.Fatal(err)
			}
			time.Sleep(700 * time.Millisecond)
		}
	})
}

// An error's body reaches the error at most about 1 KiB of it, quoted: a
// 100 MiB body full of terminal escapes was printed whole.
func TestErrorBodyCapped(t *testing.T) {
	f, cfg := newFake(t)
	var (
		mu      sync.Mutex
		written int64
	)
	f.setHook(func(w http.ResponseWriter, r *http.Request) bool {
		w.WriteHeader(http.StatusForbidden)
		chunk := bytes.Repeat([]byte("\x1b[31mred\x1b[0m\x07\r"), 1<<12)
		for sent := int64(0); sent < 100<<20; {
			n, err := w.Write(chunk)
			sent += int64(n)
			mu.Lock()
			written = sent
			mu.Unlock()
			if err != nil {
				break
			}
		}
		return true
	})
	e := fakeEngine(t, cfg)
	_, err := e.List(context.Background(), leasetest.NewSpace(t, 2))
	if err == nil {
		t.Fatal("no error")
	}
	msg := err.Error()
	if len(msg) > 2<<10 {
		t.Errorf("the error is %d bytes, want about 1 KiB at most", len(msg))
	}
	if strings.ContainsAny(msg, "\x1b\x07\r") {
		t.Errorf("the error carries raw control characters: %.200q", msg)
	}
	if !strings.Contains(msg, "403") || !strings.Contains(msg, `\x1b[31mred`) {
		t.Errorf("the error %.300q does not show the status and the body's start, quoted", msg)
	}
	mu.Lock()
	defer mu.Unlock()
	t.Logf("%d-byte error; the server wrote %d bytes before the engine hung up", len(msg), written)
}
