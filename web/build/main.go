// Command build writes the playground's one generated file that is
// committed: static/languages.js, the page's list of languages
// (playgen.PageScript, from the registry of languages). go generate ./web
// runs it. The WebAssembly is not committed: package web's Build makes it
// where the playground is served or tested.
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"

	"github.com/idforge/idforge/web/playgen"
)

func main() {
	dir := flag.String("dir", "static", "the directory of the page's files")
	flag.Parse()
	if err := os.WriteFile(filepath.Join(*dir, playgen.PageScriptFile), playgen.PageScript(), 0o644); err != nil {
		fmt.Fprintln(os.Stderr, "web/build:", err)
		os.Exit(1)
	}
}
