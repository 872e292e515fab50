package web_test

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"testing/fstest"

	"github.com/idforge/idforge/web"
	"github.com/idforge/idforge/web/internal/wasmbuild"
	"github.com/idforge/idforge/web/playgen"
)

// tmp holds what this test binary builds (the cache and the site on
// disk), never the checkout; TestMain removes it.
var tmp string

func TestMain(m *testing.M) {
	code := m.Run()
	if tmp != "" {
		os.RemoveAll(tmp)
	}
	os.Exit(code)
}

var built struct {
	once    sync.Once
	cache   string // the cache Build used
	dir     string // the build in it
	site    fs.FS
	siteDir string // the site, written whole
	log     string
	err     error
}

// builtSite builds the WebAssembly from this checkout, once for the test
// binary, into a temporary cache, and returns the whole site and a
// directory that holds it, to open from disk.
func builtSite(t *testing.T) (fs.FS, string) {
	t.Helper()
	built.once.Do(func() {
		var err error
		defer func() { built.err = err }()
		if tmp, err = os.MkdirTemp("", "idforge-web-test"); err != nil {
			return
		}
		built.cache = filepath.Join(tmp, "cache")
		var log strings.Builder
		built.dir, err = web.Build(context.Background(), web.BuildOptions{CacheDir: built.cache, Log: &log})
		built.log = log.String()
		if err != nil {
			return
		}
		if built.site, err = web.Site(built.dir); err != nil {
			return
		}
		built.siteDir = filepath.Join(tmp, "site")
		err = web.WriteSite(built.siteDir, built.site)
	})
	if built.err != nil {
		t.Fatalf("building the playground: %v\n%s", built.err, built.log)
	}
	return built.site, built.siteDir
}

// Build makes the WebAssembly from the checkout's sources as they are:
// the manifest names the hash of today's inputs, each script holds the
// wasm the manifest names, and wasm_exec.js is the toolchain's. A second
// Build finds it in the cache and builds nothing.
func TestBuild(t *testing.T) {
	builtSite(t)
	if !strings.Contains(built.log, "building the playground's WebAssembly (first start only") {
		t.Errorf("the first build said %q, want its progress", built.log)
	}
	b, err := os.ReadFile(filepath.Join(built.dir, wasmbuild.ManifestFile))
	if err != nil {
		t.Fatal(err)
	}
	var m wasmbuild.Manifest
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	g := wasmbuild.Go{Path: "go"}
	inputs, err := wasmbuild.InputsHash(context.Background(), g)
	if err != nil {
		t.Fatal(err)
	}
	if m.Source != inputs {
		t.Errorf("the manifest's source is %s, the inputs hash %s", m.Source, inputs)
	}
	if len(m.Modules) != len(wasmbuild.Modules) {
		t.Fatalf("the manifest has %d modules, want %d", len(m.Modules), len(wasmbuild.Modules))
	}
	for i, b := range m.Modules {
		if b.Main != wasmbuild.Modules[i].Main || b.File != wasmbuild.Modules[i].File {
			t.Fatalf("module %d is %s in %s, want %s in %s", i, b.Main, b.File, wasmbuild.Modules[i].Main, wasmbuild.Modules[i].File)
		}
		script, err := os.ReadFile(filepath.Join(built.dir, b.File))
		if err != nil {
			t.Fatal(err)
		}
		if len(script) != b.JSBytes || !bytes.Contains(script, []byte("globalThis."+wasmbuild.Modules[i].Global+" = ")) {
			t.Errorf("%s: %d bytes, the manifest says %d, or it does not set %s", b.File, len(script), b.JSBytes, wasmbuild.Modules[i].Global)
		}
		wasm, err := wasmbuild.Decode(script)
		if err != nil {
			t.Fatalf("%s: %v", b.File, err)
		}
		sum := sha256.Sum256(wasm)
		if hex.EncodeToString(sum[:]) != b.WasmSHA256 || len(wasm) != b.WasmBytes || !bytes.HasPrefix(wasm, []byte("\x00asm")) {
			t.Errorf("%s holds %d bytes of sha256 %x, the manifest says %d of %s", b.File, len(wasm), sum, b.WasmBytes, b.WasmSHA256)
		}
		t.Logf("%s: wasm %d bytes, gzipped %d, script %d", b.Main, b.WasmBytes, b.GzipBytes, b.JSBytes)
	}
	version, err := g.GoEnv(context.Background(), "GOVERSION")
	if err != nil {
		t.Fatal(err)
	}
	root, err := g.GoEnv(context.Background(), "GOROOT")
	if err != nil {
		t.Fatal(err)
	}
	exec, err := os.ReadFile(filepath.Join(root, "lib", "wasm", wasmbuild.WasmExec))
	if err != nil {
		t.Fatal(err)
	}
	if have, _ := os.ReadFile(filepath.Join(built.dir, wasmbuild.WasmExec)); m.Go != version || !bytes.Equal(have, exec) {
		t.Errorf("built with %s, and its %s is %d bytes: want %s's, %d bytes", m.Go, wasmbuild.WasmExec, len(have), version, len(exec))
	}

	var log strings.Builder
	again, err := web.Build(context.Background(), web.BuildOptions{CacheDir: built.cache, Log: &log})
	if err != nil || again != built.dir || log.Len() != 0 {
		t.Errorf("the second Build: %s, %v, said %q; want %s from the cache, silently", again, err, log.String(), built.dir)
	}
}

// A checkout's build runs inside the checkout: elsewhere it fails, saying
// where to run it or how to install a release.
func TestBuildOutsideCheckout(t *testing.T) {
	_, err := web.Build(context.Background(), web.BuildOptions{CacheDir: t.TempDir(), Dir: t.TempDir()})
	if err == nil || !strings.Contains(err.Error(), "run it from a checkout of idforge") || !strings.Contains(err.Error(), web.InstallHint) {
		t.Errorf("Build outside a checkout: %v", err)
	}
}

// Without a go command there is no build, and the error says so.
func TestBuildWithoutGo(t *testing.T) {
	t.Setenv("PATH", t.TempDir())
	_, err := web.Build(context.Background(), web.BuildOptions{CacheDir: t.TempDir()})
	if err == nil || !strings.Contains(err.Error(), "go command") || !strings.Contains(err.Error(), "install Go") {
		t.Errorf("Build without go: %v", err)
	}
}

// The site is the page's files and the built ones, as a well-formed
// file system, and WriteSite writes it whole.
func TestSite(t *testing.T) {
	site, dir := builtSite(t)
	var names []string
	err := fs.WalkDir(web.Files(), ".", func(name string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			names = append(names, name)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	names = append(names, web.BuiltFiles()...)
	if err := fstest.TestFS(site, names...); err != nil {
		t.Fatal(err)
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var written []string
	for _, e := range entries {
		written = append(written, e.Name())
		want, _ := fs.ReadFile(site, e.Name())
		if got, err := os.ReadFile(filepath.Join(dir, e.Name())); err != nil || !bytes.Equal(got, want) {
			t.Errorf("%s: written %d bytes, the site holds %d (%v)", e.Name(), len(got), len(want), err)
		}
	}
	slices.Sort(names)
	if !slices.Equal(written, names) {
		t.Errorf("WriteSite wrote %q, want %q", written, names)
	}
}

// The gzip in the scripts is deterministic: the same bytes twice, with no
// name or time in its header.
func TestGzipDeterministic(t *testing.T) {
	in := bytes.Repeat([]byte("idforge playground "), 1000)
	a, err := wasmbuild.Gzip(in)
	if err != nil {
		t.Fatal(err)
	}
	b, err := wasmbuild.Gzip(in)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(a, b) {
		t.Fatal("two gzips of the same bytes differ")
	}
	// RFC 1952: MTIME is bytes 4 to 7, and FLG (byte 3) has no FNAME.
	if a[3]&0x08 != 0 || !bytes.Equal(a[4:8], []byte{0, 0, 0, 0}) {
		t.Errorf("header % x has a name or a time", a[:10])
	}
	script := wasmbuild.Script("X", a)
	back, err := wasmbuild.Decode([]byte(script))
	if err != nil || !bytes.Equal(back, in) {
		t.Errorf("Decode(Script(gzip)) = %d bytes, %v", len(back), err)
	}
}

// Files holds the page and everything it loads but the built files, and
// nothing it loads is fetched from elsewhere: the site works from its
// files alone.
func TestFilesSelfContained(t *testing.T) {
	files := web.Files()
	for _, name := range web.BuiltFiles() {
		if _, err := fs.Stat(files, name); err == nil {
			t.Errorf("Files holds %s, which Build makes: it is not committed", name)
		}
	}
	index, err := fs.ReadFile(files, "index.html")
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"app.js", "style.css", playgen.PageScriptFile, wasmbuild.WasmExec, wasmbuild.Modules[0].File} {
		if !bytes.Contains(index, []byte(`"`+name+`"`)) {
			t.Errorf("index.html does not load %s", name)
		}
	}
	app, err := fs.ReadFile(files, "app.js")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(app, []byte(`"`+wasmbuild.Modules[1].File+`"`)) {
		t.Errorf("app.js does not load %s", wasmbuild.Modules[1].File)
	}
	err = fs.WalkDir(files, ".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := fs.ReadFile(files, path)
		if err != nil {
			return err
		}
		for _, bad := range []string{"http://", "https://", "//cdn", "fetch("} {
			if bytes.Contains(b, []byte(bad)) && !(bad == "http://" && bytes.Contains(b, []byte("http://www.w3.org/2000/svg"))) {
				t.Errorf("%s mentions %q: the page must need no network", path, bad)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
