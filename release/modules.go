package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"golang.org/x/mod/modfile"
	"golang.org/x/mod/semver"
)

// root is idforge's module path: the library's, and the prefix of every
// other module's.
const root = "github.com/idforge/idforge"

// Installable are the modules a release publishes, by directory from the
// repository's root: the library, the generators, the command, the
// playground and the etcd and Kubernetes lease backends. Users install or
// require these, so each must stand alone: no replace directive, real
// versions of its siblings, no import of another module's internal
// packages.
var Installable = []string{".", "gen", "cmd/idforge", "web", "lease/etcd", "lease/k8s"}

// Unpublished are the repository's other modules: they hold tests,
// benchmarks and tools for idforge's own development, live in go.work
// only, and are never tagged.
var Unpublished = []string{"bench", "interop", "release"}

// modulePath is the module path of the module in dir.
func modulePath(dir string) string {
	if dir == "." {
		return root
	}
	return root + "/" + dir
}

// tagPrefix is the prefix of a module's tags: v0.1.0 for the library,
// gen/v0.1.0 for gen, as the go command looks them up.
func tagPrefix(dir string) string {
	if dir == "." {
		return ""
	}
	return dir + "/"
}

// Module is one installable module's go.mod, as checked out.
type Module struct {
	Dir  string
	File *modfile.File
}

// readModules reads the go.mod of every installable module under repo.
func readModules(repo string) ([]Module, error) {
	var ms []Module
	for _, dir := range Installable {
		name := filepath.Join(repo, dir, "go.mod")
		data, err := os.ReadFile(name)
		if err != nil {
			return nil, err
		}
		f, err := modfile.Parse(name, data, nil)
		if err != nil {
			return nil, err
		}
		if got, want := f.Module.Mod.Path, modulePath(dir); got != want {
			return nil, fmt.Errorf("%s: module %s, want %s", name, got, want)
		}
		ms = append(ms, Module{dir, f})
	}
	return ms, nil
}

// nextVersion is the version the modules' go.mod files require of each
// other: the version the next release tags. It is an error when they do
// not all agree, or when no module requires a sibling.
func nextVersion(ms []Module) (string, error) {
	versions := map[string][]string{} // version -> "gen requires github.com/idforge/idforge"
	for _, m := range ms {
		for _, r := range m.File.Require {
			if isOurs(r.Mod.Path) {
				versions[r.Mod.Version] = append(versions[r.Mod.Version], m.File.Module.Mod.Path+" requires "+r.Mod.Path)
			}
		}
	}
	switch len(versions) {
	case 0:
		return "", fmt.Errorf("no installable module requires another: nothing says the next release's version")
	case 1:
		for v := range versions {
			if !semver.IsValid(v) || semver.Prerelease(v) != "" && !strings.HasPrefix(semver.Prerelease(v), "-rc.") || semver.Build(v) != "" {
				return "", fmt.Errorf("the modules require %s of each other, which is not a release version (want vX.Y.Z, or vX.Y.Z-rc.N)", v)
			}
			return v, nil
		}
	}
	var lines []string
	for _, v := range slices.Sorted(maps.Keys(versions)) {
		lines = append(lines, fmt.Sprintf("  %s: %s", v, strings.Join(versions[v], "; ")))
	}
	return "", fmt.Errorf("the modules require different versions of each other; a release tags them all at one:\n%s", strings.Join(lines, "\n"))
}

// isOurs reports whether the module path is one of idforge's.
func isOurs(p string) bool { return p == root || strings.HasPrefix(p, root+"/") }

// owner returns the module, of all of idforge's, that holds the package
// with import path pkg: the longest module path that is a prefix of it.
func owner(pkg string, modules []string) string {
	best := ""
	for _, m := range modules {
		if (pkg == m || strings.HasPrefix(pkg, m+"/")) && len(m) > len(best) {
			best = m
		}
	}
	return best
}

// internalOf returns the import path of the directory whose internal/
// element guards pkg (github.com/idforge/idforge for
// github.com/idforge/idforge/internal/oracle), or "" when pkg is not
// internal.
func internalOf(pkg string) string {
	parts := strings.Split(pkg, "/")
	for i := len(parts) - 1; i >= 0; i-- {
		if parts[i] == "internal" {
			return path.Join(parts[:i]...)
		}
	}
	return ""
}

// listedPackage is what go list -json says of a package that matters here.
type listedPackage struct {
	ImportPath   string
	Module       *struct{ Path string }
	Imports      []string
	TestImports  []string
	XTestImports []string
}

// crossInternal lists, for every package of the installable modules (and
// its tests), the imports of another module's internal packages. Go allows
// them (its internal rule is by path, not by module), but a user who
// builds one module at one version with another at another version breaks
// when the internal package changed between them.
func crossInternal(repo string) ([]string, error) {
	var all []string
	for _, d := range slices.Concat(Installable, Unpublished) {
		all = append(all, modulePath(d))
	}
	var bad []string
	for _, dir := range Installable {
		cmd := exec.Command("go", "list", "-e", "-json", "./...")
		cmd.Dir = filepath.Join(repo, dir)
		var out, stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &stderr
		if err := cmd.Run(); err != nil {
			return nil, fmt.Errorf("go list in %s: %v\n%s", dir, err, stderr.String())
		}
		dec := json.NewDecoder(&out)
		for dec.More() {
			var p listedPackage
			if err := dec.Decode(&p); err != nil {
				return nil, err
			}
			if p.Module == nil || p.Module.Path != modulePath(dir) {
				continue // another module's, under this directory
			}
			for _, imp := range slices.Concat(p.Imports, p.TestImports, p.XTestImports) {
				if !isOurs(imp) || internalOf(imp) == "" {
					continue
				}
				if o := owner(imp, all); o != p.Module.Path {
					bad = append(bad, fmt.Sprintf("%s (module %s) imports %s (module %s)", p.ImportPath, p.Module.Path, imp, o))
				}
			}
		}
	}
	slices.Sort(bad)
	return slices.Compact(bad), nil
}
