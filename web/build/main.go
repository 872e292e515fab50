// Command build makes the playground's WebAssembly in web/static: go
// generate ./web runs it. See package web/internal/wasmbuild.
package main

import (
	"flag"
	"fmt"
	"os"

	"github.com/idforge/idforge/web/internal/wasmbuild"
)

func main() {
	force := flag.Bool("force", false, "rebuild even when the inputs have not changed")
	dir := flag.String("dir", "static", "the directory of the page's files")
	flag.Parse()
	if err := wasmbuild.Run(*dir, *force); err != nil {
		fmt.Fprintln(os.Stderr, "web/build:", err)
		os.Exit(1)
	}
}
