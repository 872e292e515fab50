package main

import (
	"os"
	"path/filepath"

	"github.com/idforge/idforge/gen/emit"
	"github.com/idforge/idforge/gen/java"
	"github.com/idforge/idforge/layouts"
	"github.com/idforge/idforge/resolved"
)

func main() {
	ls, _ := layouts.Builtins()
	for _, l := range ls {
		files, err := java.Emitter{}.Generate(resolved.Must(l), emit.Options{Package: os.Args[2]})
		if err != nil {
			panic(err)
		}
		for _, f := range files {
			os.WriteFile(filepath.Join(os.Args[1], f.Name), f.Content, 0o644)
		}
	}
}
