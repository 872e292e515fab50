// Package wasmbuild builds the playground's WebAssembly: package web's
// Build runs it, where the playground is served or its tests run. Nothing
// it writes is committed.
//
// It builds each of the Modules (web/wasm/play and web/wasm/gen, by import
// path) with GOOS=js GOARCH=wasm, gzips it (deterministically: no name, no
// time) and writes it base64-encoded into a script (idforge.wasm.js and
// idforge-gen.wasm.js) that the page loads with <script>, so the page works
// opened from disk too, where the browser refuses fetch(). It copies the
// wasm_exec.js of the toolchain that built the wasm beside it and records,
// in idforge.wasm.json (the Manifest), that toolchain's version, what the
// build was made from and the sizes.
package wasmbuild

import (
	"bytes"
	"compress/gzip"
	"context"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime/debug"
	"slices"
	"strings"
)

// Module is one WebAssembly module of the page: its main package, the
// script it is written into, and the global variable that script sets to
// the gzipped wasm in base64.
type Module struct {
	Main   string
	File   string
	Global string
}

// Modules are the page's two modules: the playground itself, loaded with
// the page, and the code generators, loaded when first asked for code
// (they double the size).
var Modules = []Module{
	{Main: "github.com/idforge/idforge/web/wasm/play", File: "idforge.wasm.js", Global: "IDFORGE_WASM_GZ"},
	{Main: "github.com/idforge/idforge/web/wasm/gen", File: "idforge-gen.wasm.js", Global: "IDFORGE_GEN_WASM_GZ"},
}

// Manifest is idforge.wasm.json.
type Manifest struct {
	Go      string  `json:"go"`     // the toolchain that built the wasm, as go env GOVERSION
	Source  string  `json:"source"` // what it was built from: a version of the web module, or a checkout's InputsHash
	Build   string  `json:"build"`  // the build command
	Modules []Built `json:"modules"`
}

// Built is one module as built.
type Built struct {
	Main       string `json:"main"`
	File       string `json:"file"`
	WasmSHA256 string `json:"wasm_sha256"` // of the raw wasm
	WasmBytes  int    `json:"wasm_bytes"`
	GzipBytes  int    `json:"gzip_bytes"`
	JSBytes    int    `json:"js_bytes"` // the script: the gzip in base64
}

// Flags are the build's flags, part of the inputs' hash.
var Flags = []string{"-trimpath", "-buildvcs=false", "-ldflags=-s -w"}

// Files the build writes beside the modules' scripts.
const (
	ManifestFile = "idforge.wasm.json"
	WasmExec     = "wasm_exec.js"
)

// Files returns the names of every file a build writes.
func Files() []string {
	names := []string{WasmExec, ManifestFile}
	for _, m := range Modules {
		names = append(names, m.File)
	}
	return names
}

// Go is a go command run in one directory with some environment.
type Go struct {
	Path string   // the go command
	Dir  string   // where it runs: the build's module or workspace
	Env  []string // added to the process's environment, later entries winning
	Log  io.Writer
}

// command returns go ARGS, for js/wasm.
func (g Go) command(ctx context.Context, args ...string) *exec.Cmd {
	cmd := exec.CommandContext(ctx, g.Path, args...)
	cmd.Dir = g.Dir
	cmd.Env = append(append(os.Environ(), "GOOS=js", "GOARCH=wasm", "CGO_ENABLED=0"), g.Env...)
	return cmd
}

// GoEnv returns go env NAME.
func (g Go) GoEnv(ctx context.Context, name string) (string, error) {
	var stderr bytes.Buffer
	cmd := g.command(ctx, "env", name)
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return "", fmt.Errorf("go env %s: %w\n%s", name, err, strings.TrimSpace(stderr.String()))
	}
	return strings.TrimSpace(string(out)), nil
}

// Script returns the script that sets global to the gzipped wasm in
// base64, and Decode reads it back.
func Script(global string, gz []byte) string {
	return "// Built by idforge's playground (web/internal/wasmbuild): a WebAssembly module of the playground, gzipped, in base64. DO NOT EDIT.\n" +
		"globalThis." + global + " = \"" + base64.StdEncoding.EncodeToString(gz) + "\";\n"
}

// Decode returns the wasm a Script holds, ungzipped.
func Decode(script []byte) ([]byte, error) {
	_, rest, ok := bytes.Cut(script, []byte(" = \""))
	b64, _, ok2 := bytes.Cut(rest, []byte("\";"))
	if !ok || !ok2 {
		return nil, errors.New("wasmbuild: not a script Script wrote")
	}
	gz, err := base64.StdEncoding.DecodeString(string(b64))
	if err != nil {
		return nil, err
	}
	r, err := gzip.NewReader(bytes.NewReader(gz))
	if err != nil {
		return nil, err
	}
	return io.ReadAll(r)
}

// Run builds the Modules with g and writes every file of Files into dir,
// the manifest last; source says what the build is made of, for the
// manifest.
func Run(ctx context.Context, g Go, dir, source string) error {
	version, err := g.GoEnv(ctx, "GOVERSION")
	if err != nil {
		return err
	}
	root, err := g.GoEnv(ctx, "GOROOT")
	if err != nil {
		return err
	}
	wasmExec, err := os.ReadFile(filepath.Join(root, "lib", "wasm", WasmExec))
	if err != nil {
		return fmt.Errorf("%s's %s: %w", version, WasmExec, err)
	}
	if err := os.WriteFile(filepath.Join(dir, WasmExec), wasmExec, 0o644); err != nil {
		return err
	}
	m := Manifest{Go: version, Source: source, Build: "GOOS=js GOARCH=wasm go build " + strings.Join(Flags, " ")}
	for _, mod := range Modules {
		wasm, err := Build(ctx, g, mod.Main)
		if err != nil {
			return err
		}
		gz, err := Gzip(wasm)
		if err != nil {
			return err
		}
		js := Script(mod.Global, gz)
		sum := sha256.Sum256(wasm)
		m.Modules = append(m.Modules, Built{Main: mod.Main, File: mod.File, WasmSHA256: hex.EncodeToString(sum[:]), WasmBytes: len(wasm), GzipBytes: len(gz), JSBytes: len(js)})
		if err := os.WriteFile(filepath.Join(dir, mod.File), []byte(js), 0o644); err != nil {
			return err
		}
		if g.Log != nil {
			fmt.Fprintf(g.Log, "  %s (%s): wasm %d bytes, %s %d\n", mod.Main, version, len(wasm), mod.File, len(js))
		}
	}
	mj, err := json.MarshalIndent(m, "", "  ")
	if err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, ManifestFile), append(mj, '\n'), 0o644)
}

// Build builds one main package, by import path, for GOOS=js GOARCH=wasm
// with Flags and returns the wasm.
func Build(ctx context.Context, g Go, main string) ([]byte, error) {
	tmp, err := os.MkdirTemp("", "idforge-wasm")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(tmp)
	out := filepath.Join(tmp, "out.wasm")
	args := append(append([]string{"build"}, Flags...), "-o", out, main)
	var stderr bytes.Buffer
	cmd := g.command(ctx, args...)
	cmd.Stdout, cmd.Stderr = &stderr, &stderr
	if err := cmd.Run(); err != nil {
		return nil, fmt.Errorf("GOOS=js GOARCH=wasm go %s (in %s): %w\n%s", strings.Join(args, " "), g.Dir, err, strings.TrimSpace(stderr.String()))
	}
	return os.ReadFile(out)
}

// Gzip compresses b at the best compression, with an empty header (no
// name, no time), so the same input gives the same bytes.
func Gzip(b []byte) ([]byte, error) {
	var buf bytes.Buffer
	w, err := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	if err != nil {
		return nil, err
	}
	if _, err := w.Write(b); err != nil {
		return nil, err
	}
	if err := w.Close(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// InputsHash hashes what the wasm is built from, as g sees it: for every
// non-standard package the Modules depend on under GOOS=js GOARCH=wasm,
// its import path and every Go file (those the build constraints leave out
// too, but not tests, so the hash does not depend on the toolchain) and
// embedded file, by name and content; and the build flags. A checkout's
// build is kept under it, so an edit to any of those files rebuilds.
func InputsHash(ctx context.Context, g Go) (string, error) {
	args := []string{"list", "-deps", "-json=ImportPath,Dir,Standard,GoFiles,IgnoredGoFiles,EmbedFiles"}
	for _, m := range Modules {
		args = append(args, m.Main)
	}
	var stderr bytes.Buffer
	cmd := g.command(ctx, args...)
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return "", fmt.Errorf("go list (in %s): %w\n%s", g.Dir, err, strings.TrimSpace(stderr.String()))
	}
	h := sha256.New()
	fmt.Fprintf(h, "flags %q\n", Flags)
	dec := json.NewDecoder(bytes.NewReader(out))
	for {
		var p struct {
			ImportPath, Dir                     string
			Standard                            bool
			GoFiles, IgnoredGoFiles, EmbedFiles []string
		}
		if err := dec.Decode(&p); errors.Is(err, io.EOF) {
			break
		} else if err != nil {
			return "", err
		}
		if p.Standard {
			continue
		}
		// IgnoredGoFiles holds tests left out by their build tags too
		// (go1.27-only tests, say), which are no input of the build.
		files := slices.DeleteFunc(slices.Concat(p.GoFiles, p.IgnoredGoFiles, p.EmbedFiles), func(f string) bool { return strings.HasSuffix(f, "_test.go") })
		slices.Sort(files)
		files = slices.Compact(files)
		for _, f := range files {
			b, err := os.ReadFile(filepath.Join(p.Dir, f))
			if err != nil {
				return "", err
			}
			fmt.Fprintf(h, "%s/%s %d\n", p.ImportPath, f, len(b))
			h.Write(b)
		}
	}
	return "sha256:" + hex.EncodeToString(h.Sum(nil)), nil
}

// WebModule is the module path of the playground's module, which holds
// the Modules.
const WebModule = "github.com/idforge/idforge/web"

// Release returns the version of the web module a program was built with,
// when it was built from released modules (go install or go run
// .../web/cmd/playground@VERSION): then the same versions can be fetched
// again to build the wasm (see GoMod). It returns "" for a build from a
// checkout: a (devel) version, a version stamped from version control
// (go build in a clone), or any module replaced by a directory.
func Release(bi *debug.BuildInfo) string {
	if bi == nil {
		return ""
	}
	if bi.Main.Path == WebModule {
		for _, s := range bi.Settings {
			if strings.HasPrefix(s.Key, "vcs") {
				return "" // go build in a clone: its version is no release
			}
		}
	}
	version := ""
	for _, m := range append([]*debug.Module{&bi.Main}, bi.Deps...) {
		if m == nil {
			continue
		}
		if m.Version == "" || m.Version == "(devel)" || m.Replace != nil && m.Replace.Version == "" {
			if m.Path == WebModule || m != &bi.Main {
				return "" // from a directory, not a module proxy
			}
		}
		if m.Path == WebModule {
			version = m.Version
		}
	}
	return version
}

// GoMod returns the go.mod of a module that builds the Modules from the
// same modules, at the same versions, as the program bi describes (a
// Release): it requires the web module at its version and every
// dependency of the program at its own, and replaces modules the program
// had replaced by other versions. The go command fills go.sum itself
// (GOFLAGS=-mod=mod).
func GoMod(bi *debug.BuildInfo) ([]byte, error) {
	version := Release(bi)
	if version == "" {
		return nil, errors.New("wasmbuild: the program was not built from released modules")
	}
	var b bytes.Buffer
	b.WriteString("// The playground's WebAssembly, built from the modules the playground was built with.\n")
	b.WriteString("module idforge.playground.build\n\ngo 1.24.0\n\nrequire (\n")
	fmt.Fprintf(&b, "\t%s %s\n", WebModule, version)
	var replaces []string
	for _, m := range bi.Deps {
		if m == nil || m.Path == WebModule {
			continue
		}
		fmt.Fprintf(&b, "\t%s %s\n", m.Path, m.Version)
		if m.Replace != nil {
			replaces = append(replaces, fmt.Sprintf("replace %s %s => %s %s\n", m.Path, m.Version, m.Replace.Path, m.Replace.Version))
		}
	}
	b.WriteString(")\n")
	if len(replaces) > 0 {
		b.WriteString("\n")
		for _, r := range replaces {
			b.WriteString(r)
		}
	}
	return b.Bytes(), nil
}
