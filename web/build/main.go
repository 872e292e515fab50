// Command build makes the playground's built files in web/static: go
// generate ./web runs it. It writes the page's list of languages
// (playgen.PageScript, from the registry of languages) and builds the
// WebAssembly (see package web/internal/wasmbuild).
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"

	"github.com/idforge/idforge/web/internal/wasmbuild"
	"github.com/idforge/idforge/web/playgen"
)

func main() {
	force := flag.Bool("force", false, "rebuild even when the inputs have not changed")
	dir := flag.String("dir", "static", "the directory of the page's files")
	flag.Parse()
	if err := os.WriteFile(filepath.Join(*dir, playgen.PageScriptFile), playgen.PageScript(), 0o644); err != nil {
		fmt.Fprintln(os.Stderr, "web/build:", err)
		os.Exit(1)
	}
	if err := wasmbuild.Run(*dir, *force); err != nil {
		fmt.Fprintln(os.Stderr, "web/build:", err)
		os.Exit(1)
	}
}
