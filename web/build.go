package web

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime/debug"
	"slices"
	"strings"
	"time"

	"github.com/idforge/idforge/web/internal/wasmbuild"
)

// BuildOptions are Build's options; the zero value builds for the running
// program into the user's cache, silently.
type BuildOptions struct {
	// CacheDir keeps the builds, one directory for each key; "" is
	// idforge/playground in os.UserCacheDir.
	CacheDir string
	// Dir is where a checkout's build runs; "" is the current directory.
	Dir string
	// Log receives progress lines (a build takes a while the first time);
	// nil discards them.
	Log io.Writer
	// BuildInfo describes the program to build for; nil is the running
	// program's (debug.ReadBuildInfo).
	BuildInfo *debug.BuildInfo
}

// InstallHint is how to get the playground without a checkout.
const InstallHint = "go run github.com/idforge/idforge/web/cmd/playground@latest"

// Build builds the playground's WebAssembly with the go command on the
// PATH, unless a build for the same sources and toolchain is already in
// the cache, and returns the directory holding the BuiltFiles.
//
// A program built from released modules (go run or go install
// github.com/idforge/idforge/web/cmd/playground@VERSION) builds
// web/wasm/play and web/wasm/gen at exactly the versions of every module
// it was itself built with (debug.ReadBuildInfo), in a temporary module
// of their own, fetched as the go command fetches any module (GOPROXY,
// GOFLAGS and the rest of the environment apply); the build is kept under
// the web module's version and the toolchain's (go env GOVERSION), so it
// is made once.
//
// A program built from a checkout of idforge (its version "(devel)")
// builds the packages by import path in opts.Dir, which must be inside the
// checkout (its go.work workspace), and keeps the build under a hash of
// every file the wasm is made of and of the toolchain's version, so an
// edit rebuilds it; it keeps the three newest such builds.
func Build(ctx context.Context, opts BuildOptions) (string, error) {
	goCmd, err := exec.LookPath("go")
	if err != nil {
		return "", fmt.Errorf("the playground's WebAssembly is built with the go command, and there is none on the PATH (%w): install Go (https://go.dev/dl/) and start it again", err)
	}
	cache := opts.CacheDir
	if cache == "" {
		dir, err := os.UserCacheDir()
		if err != nil {
			return "", fmt.Errorf("no cache directory to build the playground's WebAssembly in: %w", err)
		}
		cache = filepath.Join(dir, "idforge", "playground")
	}
	log := opts.Log
	if log == nil {
		log = io.Discard
	}
	bi := opts.BuildInfo
	if bi == nil {
		bi, _ = debug.ReadBuildInfo()
	}
	if version := wasmbuild.Release(bi); version != "" {
		return buildRelease(ctx, goCmd, cache, version, bi, log)
	}
	return buildCheckout(ctx, goCmd, cache, opts.Dir, log)
}

// buildRelease builds the wasm of a released web module in a temporary
// module that requires what bi lists.
func buildRelease(ctx context.Context, goCmd, cache, version string, bi *debug.BuildInfo, log io.Writer) (string, error) {
	gomod, err := wasmbuild.GoMod(bi)
	if err != nil {
		return "", err
	}
	mod, err := os.MkdirTemp("", "idforge-playground-build")
	if err != nil {
		return "", err
	}
	defer os.RemoveAll(mod)
	if err := os.WriteFile(filepath.Join(mod, "go.mod"), gomod, 0o644); err != nil {
		return "", err
	}
	g := wasmbuild.Go{Path: goCmd, Dir: mod, Env: []string{"GOWORK=off"}, Log: log}
	// The user's GOFLAGS (from the environment or go env -w), and -mod=mod
	// so that the go command writes go.sum.
	flags, err := g.GoEnv(ctx, "GOFLAGS")
	if err != nil {
		return "", err
	}
	g.Env = append(g.Env, "GOFLAGS="+strings.TrimSpace(flags+" -mod=mod"))
	goVersion, err := g.GoEnv(ctx, "GOVERSION")
	if err != nil {
		return "", err
	}
	key := safeName(version + "-" + goVersion)
	return cached(ctx, g, cache, key, wasmbuild.WebModule+"@"+version,
		fmt.Sprintf("building the playground's WebAssembly (first start only)…\n  with %s, from %s@%s", goVersion, wasmbuild.WebModule, version), log)
}

// buildCheckout builds the wasm from the checkout dir is in.
func buildCheckout(ctx context.Context, goCmd, cache, dir string, log io.Writer) (string, error) {
	if dir == "" {
		wd, err := os.Getwd()
		if err != nil {
			return "", err
		}
		dir = wd
	}
	g := wasmbuild.Go{Path: goCmd, Dir: dir, Log: log}
	inputs, err := wasmbuild.InputsHash(ctx, g)
	if err != nil {
		return "", fmt.Errorf("this playground was built from a checkout of idforge, and builds its WebAssembly from the checkout it runs in, but %s is not in one: run it from a checkout of idforge, or install a release: %s\n%w", dir, InstallHint, err)
	}
	goVersion, err := g.GoEnv(ctx, "GOVERSION")
	if err != nil {
		return "", err
	}
	sum := sha256.Sum256([]byte(inputs + "\n" + goVersion))
	key := "devel-" + hex.EncodeToString(sum[:10])
	built, err := cached(ctx, g, cache, key, inputs,
		fmt.Sprintf("building the playground's WebAssembly (first start only, and after a change to its sources)…\n  with %s, from the checkout (go run in %s)", goVersion, dir), log)
	if err == nil {
		prune(cache, "devel-", 3)
	}
	return built, err
}

// cached returns cache/key if it holds a whole build, else builds into a
// new directory beside it and renames that to key: a build cut short
// leaves no key, and two playgrounds starting at once both succeed.
func cached(ctx context.Context, g wasmbuild.Go, cache, key, source, progress string, log io.Writer) (string, error) {
	final := filepath.Join(cache, key)
	if whole(final) {
		now := time.Now()
		os.Chtimes(final, now, now) // for prune: recently used
		return final, nil
	}
	fmt.Fprintln(log, progress)
	if err := os.MkdirAll(cache, 0o755); err != nil {
		return "", err
	}
	tmp, err := os.MkdirTemp(cache, key+".tmp-")
	if err != nil {
		return "", err
	}
	defer os.RemoveAll(tmp) // nothing left once renamed
	if err := wasmbuild.Run(ctx, g, tmp, source); err != nil {
		return "", fmt.Errorf("building the playground's WebAssembly: %w", err)
	}
	if err := os.Rename(tmp, final); err != nil {
		if whole(final) {
			return final, nil // another playground built it meanwhile
		}
		// Left over, but not whole (someone removed a file): replace it.
		if err := os.RemoveAll(final); err != nil {
			return "", err
		}
		if err := os.Rename(tmp, final); err != nil {
			return "", err
		}
	}
	fmt.Fprintf(log, "  built into %s\n", final)
	return final, nil
}

// whole reports whether dir holds every one of the BuiltFiles.
func whole(dir string) bool {
	for _, name := range BuiltFiles() {
		if fi, err := os.Stat(filepath.Join(dir, name)); err != nil || !fi.Mode().IsRegular() {
			return false
		}
	}
	return true
}

// prune removes all but the keep most recently used builds in cache whose
// names start with prefix, and any build left unfinished over a day ago.
func prune(cache, prefix string, keep int) {
	entries, err := os.ReadDir(cache)
	if err != nil {
		return
	}
	type build struct {
		name string
		used time.Time
	}
	var builds []build
	for _, e := range entries {
		fi, err := e.Info()
		if err != nil || !e.IsDir() {
			continue
		}
		switch {
		case strings.Contains(e.Name(), ".tmp-"):
			if time.Since(fi.ModTime()) > 24*time.Hour {
				os.RemoveAll(filepath.Join(cache, e.Name()))
			}
		case strings.HasPrefix(e.Name(), prefix):
			builds = append(builds, build{e.Name(), fi.ModTime()})
		}
	}
	slices.SortFunc(builds, func(a, b build) int { return b.used.Compare(a.used) })
	for _, b := range builds[min(keep, len(builds)):] {
		os.RemoveAll(filepath.Join(cache, b.name))
	}
}

// safeName makes s a file name: anything but letters, digits, '.', '+'
// and '-' becomes '_'.
func safeName(s string) string {
	return strings.Map(func(r rune) rune {
		if 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || '0' <= r && r <= '9' || strings.ContainsRune(".+-", r) {
			return r
		}
		return '_'
	}, s)
}
