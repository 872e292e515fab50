//go:build js && wasm

// Command gen is the playground's second WebAssembly module, the code
// generators (package playgen): it sets globalThis.idforgeGen.code(spec,
// lang), returning JSON, calls globalThis.idforgeGenReady() if the page
// set it, and stays running. The page loads it when first asked for code.
package main

import (
	"syscall/js"

	"github.com/idforge/idforge/web/playgen"
)

func main() {
	api := js.Global().Get("Object").New()
	api.Set("code", js.FuncOf(func(_ js.Value, args []js.Value) any {
		var spec, lang string
		if len(args) > 1 && args[0].Type() == js.TypeString && args[1].Type() == js.TypeString {
			spec, lang = args[0].String(), args[1].String()
		}
		return playgen.Call(spec, lang)
	}))
	js.Global().Set("idforgeGen", api)
	if ready := js.Global().Get("idforgeGenReady"); ready.Type() == js.TypeFunction {
		ready.Invoke()
	}
	select {}
}
