package play

import (
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strconv"
)

// entries are the functions the page calls, by name: each takes strings
// and returns JSON. The WebAssembly entry (web/wasm/play) exposes each (see
// Names) as idforge.NAME(...strings) on the page; Call runs them the same
// way natively, for tests.
//
//   - inspect(id, spec, from): an Inspection; spec and from (an encoding,
//     as -from takes it) may be empty or left out.
//   - check(spec, rate, nodes): a Check; rate and nodes are decimal.
//   - builtins(): the built-in layouts, [{"name", "spec"}].
//   - mask(id, spec, key, tweak, from): a Masked; key in hex, spec and
//     from may be empty, from left out.
var entries = map[string]func(args []string) any{
	"inspect": func(a []string) any { return Inspect(arg(a, 0), arg(a, 1), arg(a, 2)) },
	"check": func(a []string) any {
		rate, _ := strconv.ParseFloat(arg(a, 1), 64)
		nodes, _ := strconv.Atoi(arg(a, 2))
		return CheckSpec(arg(a, 0), rate, nodes)
	},
	"builtins": func([]string) any { return Builtins() },
	"mask":     func(a []string) any { return Mask(arg(a, 0), arg(a, 1), arg(a, 2), arg(a, 3), arg(a, 4)) },
}

// Names returns the names of the functions Call runs, sorted.
func Names() []string { return slices.Sorted(maps.Keys(entries)) }

// arg returns the i'th argument, or "" when there are fewer.
func arg(a []string, i int) string {
	if i < len(a) {
		return a[i]
	}
	return ""
}

// Call runs the entry fn with args and returns its result as JSON, or
// {"error": ...} for an unknown entry. It never panics on any input.
func Call(fn string, args ...string) string {
	f, ok := entries[fn]
	if !ok {
		return errorJSON(fmt.Sprintf("play: no entry %q", fn))
	}
	out, err := json.Marshal(f(args))
	if err != nil {
		return errorJSON(err.Error())
	}
	return string(out)
}

func errorJSON(msg string) string {
	b, _ := json.Marshal(map[string]string{"error": msg})
	return string(b)
}
