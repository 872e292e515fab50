package main

import (
	"bufio"
	"context"
	"io"
	"io/fs"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/idforge/idforge/web"
)

// idforge playground serves the page and its WebAssembly on the address it
// prints, and stops when told.
func TestPlayground(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	pr, pw := io.Pipe()
	done := make(chan error, 1)
	go func() { done <- servePlayground(ctx, "127.0.0.1:0", pw) }()
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
		// The embedded file, byte for byte.
		name := strings.SplitN(c.path, "?", 2)[0]
		if name == "" {
			name = "index.html"
		}
		if want, err := fs.ReadFile(web.Files(), name); err != nil || string(body) != string(want) {
			t.Errorf("/%s is not the embedded %s (%v)", c.path, name, err)
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
