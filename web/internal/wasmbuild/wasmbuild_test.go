package wasmbuild

import (
	"runtime/debug"
	"testing"
)

// released is the build information of go run
// github.com/idforge/idforge/web/cmd/playground@v0.1.0.
func released() *debug.BuildInfo {
	return &debug.BuildInfo{
		GoVersion: "go1.26.8",
		Path:      "github.com/idforge/idforge/web/cmd/playground",
		Main:      debug.Module{Path: WebModule, Version: "v0.1.0", Sum: "h1:web="},
		Deps: []*debug.Module{
			{Path: "github.com/dave/jennifer", Version: "v1.7.1", Sum: "h1:jen="},
			{Path: "github.com/idforge/idforge", Version: "v0.1.0", Sum: "h1:lib="},
			{Path: "github.com/idforge/idforge/gen", Version: "v0.1.0", Sum: "h1:gen="},
		},
		Settings: []debug.BuildSetting{{Key: "-trimpath", Value: "true"}, {Key: "GOOS", Value: "linux"}},
	}
}

// A released playground's wasm is built from the same versions of every
// module, in a module of its own.
func TestGoMod(t *testing.T) {
	got, err := GoMod(released())
	if err != nil {
		t.Fatal(err)
	}
	const want = `// The playground's WebAssembly, built from the modules the playground was built with.
module idforge.playground.build

go 1.24.0

require (
	github.com/idforge/idforge/web v0.1.0
	github.com/dave/jennifer v1.7.1
	github.com/idforge/idforge v0.1.0
	github.com/idforge/idforge/gen v0.1.0
)
`
	if string(got) != want {
		t.Errorf("go.mod:\n%s\nwant:\n%s", got, want)
	}

	// Another program that imports package web, at a pseudo-version, with
	// a module replaced by another version: the web module is a
	// dependency, the program's own module is not required, and the
	// replacement is kept.
	bi := released()
	bi.Main = debug.Module{Path: "example.com/site", Version: "(devel)"}
	bi.Deps = append(bi.Deps,
		&debug.Module{Path: WebModule, Version: "v0.1.1-0.20260101000000-0123456789ab"},
		&debug.Module{Path: "golang.org/x/tools", Version: "v0.30.0", Replace: &debug.Module{Path: "example.com/tools", Version: "v0.30.1"}})
	got, err = GoMod(bi)
	if err != nil {
		t.Fatal(err)
	}
	const want2 = `// The playground's WebAssembly, built from the modules the playground was built with.
module idforge.playground.build

go 1.24.0

require (
	github.com/idforge/idforge/web v0.1.1-0.20260101000000-0123456789ab
	github.com/dave/jennifer v1.7.1
	github.com/idforge/idforge v0.1.0
	github.com/idforge/idforge/gen v0.1.0
	golang.org/x/tools v0.30.0
)

replace golang.org/x/tools v0.30.0 => example.com/tools v0.30.1
`
	if string(got) != want2 {
		t.Errorf("go.mod:\n%s\nwant:\n%s", got, want2)
	}
}

// Builds from a checkout are no release: their wasm is built from the
// checkout, and GoMod refuses them.
func TestRelease(t *testing.T) {
	if v := Release(released()); v != "v0.1.0" {
		t.Errorf("Release of v0.1.0's playground = %q", v)
	}
	for name, change := range map[string]func(*debug.BuildInfo){
		"nil":          nil,
		"go run ./...": func(bi *debug.BuildInfo) { bi.Main.Version = "(devel)" },
		"no version":   func(bi *debug.BuildInfo) { bi.Main.Version = "" },
		"go build, vcs": func(bi *debug.BuildInfo) {
			bi.Settings = append(bi.Settings, debug.BuildSetting{Key: "vcs.revision", Value: "0123"})
		},
		"workspace dep":  func(bi *debug.BuildInfo) { bi.Deps[1].Version = "(devel)" },
		"replaced by ..": func(bi *debug.BuildInfo) { bi.Deps[2].Replace = &debug.Module{Path: "../gen"} },
		"web is a dep, in a directory": func(bi *debug.BuildInfo) {
			bi.Main = debug.Module{Path: "example.com/site", Version: "v1.0.0"}
			bi.Deps = append(bi.Deps, &debug.Module{Path: WebModule, Version: "v0.1.0", Replace: &debug.Module{Path: "/src/idforge/web"}})
		},
		"no web module": func(bi *debug.BuildInfo) { bi.Main = debug.Module{Path: "example.com/site", Version: "v1.0.0"} },
	} {
		var bi *debug.BuildInfo
		if change != nil {
			bi = released()
			change(bi)
		}
		if v := Release(bi); v != "" {
			t.Errorf("%s: Release = %q, want none", name, v)
		}
		if _, err := GoMod(bi); err == nil {
			t.Errorf("%s: GoMod made a go.mod", name)
		}
	}
}
