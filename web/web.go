// Package web is the playground: one static page (static/index.html) that
// runs idforge's layouts model and interpreter compiled to WebAssembly
// (web/wasm, calling web/play). It needs no server and no network: the
// files work opened from disk, from any static host, or served by idforge
// playground, which serves Files.
//
// go generate ./web builds the WebAssembly (web/build) into
// static/idforge.wasm.js, with the toolchain's wasm_exec.js and a manifest.
package web

import (
	"embed"
	"io/fs"
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
