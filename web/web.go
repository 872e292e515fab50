// Package web is the playground: one static page (static/index.html) that
// runs idforge's layouts model and interpreter compiled to WebAssembly
// (web/wasm, calling web/play). It needs no server and no network: the
// site works opened from disk, from any static host, or served by the
// command web/cmd/playground.
//
// The WebAssembly is not committed: it is built where it is needed, with
// the go command, into the user's cache. Files are the hand-written files
// embedded in the package (and languages.js, which go generate ./web
// writes from the registry of languages); Build builds the rest (the two
// modules' scripts, the toolchain's wasm_exec.js and a manifest, see
// BuiltFiles); Site puts the two together; Handler serves a site and
// WriteSite writes one to a directory:
//
//	dir, err := web.Build(ctx, web.BuildOptions{Log: os.Stderr})
//	...
//	site, err := web.Site(dir)
//	...
//	http.ListenAndServe("127.0.0.1:8080", web.Handler(site))
package web

import (
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"fmt"
	"io/fs"
	"net/http"
	"os"
	"path"
	"path/filepath"
	"strings"

	"github.com/idforge/idforge/web/internal/wasmbuild"
)

//go:generate go run ./build

//go:embed static
var files embed.FS

// Files returns the page's own files, index.html at the root: everything
// but the BuiltFiles, which Build makes.
func Files() fs.FS {
	sub, err := fs.Sub(files, "static")
	if err != nil {
		panic(err) // static is embedded above
	}
	return sub
}

// BuiltFiles returns the names of the files Build writes: the modules'
// scripts (idforge.wasm.js, loaded with the page, and idforge-gen.wasm.js,
// the code generators, loaded when first asked for code), wasm_exec.js
// and the manifest idforge.wasm.json.
func BuiltFiles() []string {
	return wasmbuild.Files()
}

// Site returns the whole site: Files, with the BuiltFiles from dir (as
// Build returned it) beside them. It reads every file now, so the site
// stays whole while the cache changes.
func Site(dir string) (fs.FS, error) {
	site := siteFS{}
	err := fs.WalkDir(Files(), ".", func(name string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		site[name], err = fs.ReadFile(Files(), name)
		return err
	})
	if err != nil {
		return nil, err
	}
	for _, name := range BuiltFiles() {
		b, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			return nil, fmt.Errorf("the playground's built files: %w", err)
		}
		site[name] = b
	}
	return site, nil
}

// WriteSite writes every file of site into dir, creating it, for a static
// host or to open from disk; it replaces files of the same names and
// leaves others alone.
func WriteSite(dir string, site fs.FS) error {
	return fs.WalkDir(site, ".", func(name string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		to := filepath.Join(dir, filepath.FromSlash(name))
		if d.IsDir() {
			return os.MkdirAll(to, 0o755)
		}
		b, err := fs.ReadFile(site, name)
		if err != nil {
			return err
		}
		return os.WriteFile(to, b, 0o644)
	})
}

// CacheControl is the Cache-Control header Handler sends with every file.
// The files keep their names from one build to the next, so a browser may
// keep them but must ask whether they are still current before it uses
// them again; the ETag makes that question cheap.
const CacheControl = "no-cache"

// Handler serves a site (see Site) over HTTP as a static host would, with
// two headers on every file: an ETag, a strong validator made of the
// file's SHA-256, and Cache-Control (see CacheControl). A browser that has
// a file asks again with If-None-Match and gets 304 Not Modified, without
// the body, while the file is unchanged: the 2.4 MB script is sent once.
// It panics if a file of site cannot be read.
func Handler(site fs.FS) http.Handler {
	tags := map[string]string{} // path without its leading slash -> ETag
	err := fs.WalkDir(site, ".", func(name string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := fs.ReadFile(site, name)
		if err != nil {
			return err
		}
		sum := sha256.Sum256(b)
		tags[name] = `"` + hex.EncodeToString(sum[:16]) + `"`
		return nil
	})
	if err != nil {
		panic(err)
	}
	files := http.FileServer(http.FS(site))
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
