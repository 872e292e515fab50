//go:build !(js && wasm)

// Command play is the playground's WebAssembly entry; it runs only in the
// browser (GOOS=js GOARCH=wasm, built by package web's Build, as
// web/cmd/playground runs it).
package main

import (
	"fmt"
	"os"
)

func main() {
	fmt.Fprintln(os.Stderr, "web/wasm/play runs in the browser: build it with GOOS=js GOARCH=wasm (go run ./web/cmd/playground builds it)")
	os.Exit(2)
}
