// Package web is the playground: one static page (static/index.html) that
// runs idforge's layouts model and interpreter compiled to WebAssembly
// (web/wasm, calling web/play). It needs no server and no network: the
// files work opened from disk, from any static host, or served by the
// command web/cmd/playground, which serves Handler.
//
// go generate ./web builds the WebAssembly (web/build) into
// static/idforge.wasm.js, with the toolchain's wasm_exec.js and a manifest.
package web

import (
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"io/fs"
	"net/http"
	"path"
	"strings"
)

//go:generate go run ./build

//go:embed static
var files embed.FS

// Files returns the page's files: index.html at the root.
func Files() fs.FS {
	sub, err := fs.Sub(files, "static")
	if err != nil {
		panic(err) // static is embedded above
	}
	return sub
}

// CacheControl is the Cache-Control header Handler sends with every file.
// The files keep their names from one build to the next, so a browser may
// keep them but must ask whether they are still current before it uses
// them again; the ETag makes that question cheap.
const CacheControl = "no-cache"

// Handler serves Files over HTTP as a static host would, with two headers
// on every file: an ETag, a strong validator made of the file's SHA-256,
// and Cache-Control (see CacheControl). A browser that has a file asks
// again with If-None-Match and gets 304 Not Modified, without the body,
// while the file is unchanged: the 2.4 MB script is sent once.
func Handler() http.Handler {
	tags := map[string]string{} // path without its leading slash -> ETag
	err := fs.WalkDir(Files(), ".", func(name string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := fs.ReadFile(Files(), name)
		if err != nil {
			return err
		}
		sum := sha256.Sum256(b)
		tags[name] = `"` + hex.EncodeToString(sum[:16]) + `"`
		return nil
	})
	if err != nil {
		panic(err) // the files are embedded: reading them cannot fail
	}
	files := http.FileServer(http.FS(Files()))
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		name := strings.TrimPrefix(path.Clean("/"+r.URL.Path), "/")
		switch {
		case name == "":
			name = "index.html"
		case strings.HasSuffix(r.URL.Path, "/index.html"):
			name = "" // the file server redirects it to its directory
		}
		if tag, ok := tags[name]; ok {
			w.Header().Set("ETag", tag)
			w.Header().Set("Cache-Control", CacheControl)
		}
		files.ServeHTTP(w, r)
	})
}
