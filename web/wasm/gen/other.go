//go:build !(js && wasm)

// Command gen is the playground's WebAssembly module of code generators;
// it runs only in the browser (GOOS=js GOARCH=wasm, built by go generate
// ./web).
package main

import (
	"fmt"
	"os"
)

func main() {
	fmt.Fprintln(os.Stderr, "web/wasm/gen runs in the browser: build it with GOOS=js GOARCH=wasm (go generate ./web)")
	os.Exit(2)
}
