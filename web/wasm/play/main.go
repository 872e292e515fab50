//go:build js && wasm

// Command play is the playground's WebAssembly entry: it puts the
// functions of package play (play.Names) on the page as
// globalThis.idforge.NAME(...strings), each returning JSON, calls
// globalThis.idforgeReady() if the page set it, and stays running. Package
// web's Build builds it (see web/internal/wasmbuild); nothing built is
// committed.
package main

import (
	"syscall/js"

	"github.com/idforge/idforge/web/play"
)

func main() {
	api := js.Global().Get("Object").New()
	for _, name := range play.Names() {
		api.Set(name, js.FuncOf(func(_ js.Value, args []js.Value) any {
			strs := make([]string, len(args))
			for i, a := range args {
				if a.Type() == js.TypeString {
					strs[i] = a.String()
				} else if a.Truthy() || a.Type() == js.TypeNumber {
					strs[i] = a.Call("toString").String()
				}
			}
			return play.Call(name, strs...)
		}))
	}
	js.Global().Set("idforge", api)
	if ready := js.Global().Get("idforgeReady"); ready.Type() == js.TypeFunction {
		ready.Invoke()
	}
	select {}
}
