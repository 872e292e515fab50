package web_test

import (
	"io"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/idforge/idforge/web"
)

// Every file is served with an ETag and Cache-Control, and a request that
// names the ETag it has gets 304 Not Modified, without the body; another
// ETag gets the file.
func TestHandlerCaching(t *testing.T) {
	site, _ := builtSite(t)
	srv := httptest.NewServer(web.Handler(site))
	defer srv.Close()
	names, err := fs.Glob(site, "*")
	if err != nil || len(names) == 0 {
		t.Fatal("no files", err)
	}
	tags := map[string]bool{}
	for _, name := range append(names, "") { // "" is the page at /
		resp, err := http.Get(srv.URL + "/" + name)
		if err != nil {
			t.Fatal(err)
		}
		io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		tag := resp.Header.Get("ETag")
		if resp.StatusCode != 200 || len(tag) < 3 || tag[0] != '"' || resp.Header.Get("Cache-Control") != web.CacheControl {
			t.Errorf("/%s: %s, ETag %q, Cache-Control %q", name, resp.Status, tag, resp.Header.Get("Cache-Control"))
			continue
		}
		if name != "" {
			if tags[tag] {
				t.Errorf("/%s: ETag %s shared with another file", name, tag)
			}
			tags[tag] = true
		}
		for _, c := range []struct {
			tag    string
			status int
		}{{tag, http.StatusNotModified}, {`"other"`, http.StatusOK}} {
			req, _ := http.NewRequest("GET", srv.URL+"/"+name, nil)
			req.Header.Set("If-None-Match", c.tag)
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			body, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			if resp.StatusCode != c.status || c.status == http.StatusNotModified && len(body) != 0 {
				t.Errorf("/%s with If-None-Match %s: %s and %d bytes, want %d", name, c.tag, resp.Status, len(body), c.status)
			}
		}
	}
}
