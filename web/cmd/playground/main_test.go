package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"io/fs"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/idforge/idforge/web"
)

// The tests build the WebAssembly into a temporary cache, never the
// user's, and remove it at the end.
func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "idforge-playground-test")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	cacheDir = dir
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// testSite builds the site as run does.
func testSite(t *testing.T) fs.FS {
	t.Helper()
	var log strings.Builder
	dir, err := web.Build(context.Background(), web.BuildOptions{CacheDir: cacheDir, Log: &log})
	if err != nil {
		t.Fatalf("%v\n%s", err, log.String())
	}
	site, err := web.Site(dir)
	if err != nil {
		t.Fatal(err)
	}
	return site
}

// The command serves the page and its WebAssembly on the address it
// prints, and stops when told.
func TestServe(t *testing.T) {
	site := testSite(t)
	ln, err := listen("127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	pr, pw := io.Pipe()
	done := make(chan error, 1)
	go func() { done <- serve(ctx, ln, site, pw) }()
	line, err := bufio.NewReader(pr).ReadString('\n')
	if err != nil {
		t.Fatal(err)
	}
	go io.Copy(io.Discard, pr)
	_, rest, ok := strings.Cut(line, "http://")
	base, _, ok2 := strings.Cut(rest, " ")
	if !ok || !ok2 || !strings.HasPrefix(base, "127.0.0.1:") {
		t.Fatalf("printed %q, want the URL", line)
	}
	base = "http://" + base
	client := &http.Client{Timeout: time.Minute}
	for _, c := range []struct{ path, mime, holds string }{
		{"", "text/html", `<script src="idforge.wasm.js">`},
		{"?id=017F22E2-79B0-7CC3-98C4-DC0C0C07398F", "text/html", `id="spec-input"`},
		{"idforge.wasm.js", "javascript", "globalThis.IDFORGE_WASM_GZ = "},
		{"idforge-gen.wasm.js", "javascript", "globalThis.IDFORGE_GEN_WASM_GZ = "},
		{"wasm_exec.js", "javascript", "Go"},
		{"app.js", "javascript", "idforgeReady"},
	} {
		resp, err := client.Get(base + c.path)
		if err != nil {
			t.Fatal(err)
		}
		body, err := io.ReadAll(resp.Body)
		resp.Body.Close()
		if err != nil {
			t.Fatal(err)
		}
		if resp.StatusCode != 200 || !strings.Contains(resp.Header.Get("Content-Type"), c.mime) || !strings.Contains(string(body), c.holds) {
			t.Errorf("/%s: %s, %s, %d bytes; want %s holding %q", c.path, resp.Status, resp.Header.Get("Content-Type"), len(body), c.mime, c.holds)
		}
		if resp.Header.Get("ETag") == "" || resp.Header.Get("Cache-Control") != web.CacheControl {
			t.Errorf("/%s: ETag %q, Cache-Control %q: want both", c.path, resp.Header.Get("ETag"), resp.Header.Get("Cache-Control"))
		}
		// The site's file, byte for byte.
		name := strings.SplitN(c.path, "?", 2)[0]
		if name == "" {
			name = "index.html"
		}
		if want, err := fs.ReadFile(site, name); err != nil || string(body) != string(want) {
			t.Errorf("/%s is not the site's %s (%v)", c.path, name, err)
		}
	}
	cancel()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("after the stop: %v", err)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("the server did not stop")
	}
	if _, err := client.Get(base); err == nil {
		t.Error("the server still answers after the stop")
	}
}

// -out writes the whole site, the page's own files and the built ones,
// into a directory, and exits; it says where, on standard output, and the
// build's progress goes to standard error.
func TestOut(t *testing.T) {
	out := filepath.Join(t.TempDir(), "site")
	var stdout, stderr strings.Builder
	if exit := run(context.Background(), []string{"-out", out}, &stdout, &stderr); exit != 0 {
		t.Fatalf("exit %d, stderr %q", exit, stderr.String())
	}
	if !strings.Contains(stdout.String(), out) {
		t.Errorf("stdout %q does not name %s", stdout.String(), out)
	}
	site := testSite(t)
	names := append([]string{"index.html", "app.js", "style.css", "languages.js"}, web.BuiltFiles()...)
	for _, name := range names {
		want, err := fs.ReadFile(site, name)
		if err != nil {
			t.Fatal(err)
		}
		if got, err := os.ReadFile(filepath.Join(out, name)); err != nil || string(got) != string(want) {
			t.Errorf("%s: %d bytes written, want the site's %d (%v)", name, len(got), len(want), err)
		}
	}
}

// An address in use is an error that says how to choose another: -addr.
func TestAddressInUse(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	var stdout, stderr strings.Builder
	exit := run(context.Background(), []string{"-addr", ln.Addr().String()}, &stdout, &stderr)
	if exit != 1 || stdout.String() != "" || !strings.Contains(stderr.String(), "address already in use") || !strings.Contains(stderr.String(), "-addr HOST:PORT") {
		t.Errorf("exit %d, stdout %q, stderr %q: want exit 1 and an error that names -addr", exit, stdout.String(), stderr.String())
	}
}

// -h prints the usage on standard output; a bad flag or an argument is a
// usage error, exit 2.
func TestUsage(t *testing.T) {
	for _, c := range []struct {
		args []string
		exit int
	}{{[]string{"-h"}, 0}, {[]string{"-no-such-flag"}, 2}, {[]string{"extra"}, 2}} {
		var stdout, stderr strings.Builder
		exit := run(context.Background(), c.args, &stdout, &stderr)
		if exit != c.exit || (exit == 0) != (stdout.String() == usage) {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want exit %d", c.args, exit, stdout.String(), stderr.String(), c.exit)
		}
	}
}
