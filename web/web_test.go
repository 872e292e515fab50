package web_test

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/idforge/idforge/web"
	"github.com/idforge/idforge/web/internal/wasmbuild"
	"github.com/idforge/idforge/web/playgen"
)

func readManifest(t *testing.T) wasmbuild.Manifest {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("static", wasmbuild.ManifestFile))
	if err != nil {
		t.Fatal(err)
	}
	var m wasmbuild.Manifest
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	return m
}

// The committed WebAssembly is built from the sources as they are: the
// manifest's hash of the inputs (every file of every non-standard package
// the modules depend on) is the hash of today's files, and each script
// holds the wasm the manifest names. Under the manifest's toolchain, the
// wasm is also built afresh and compared byte for byte; under another (CI
// runs the tests again with Go 1.27), that compare is skipped: another
// release makes other bytes from the same sources, and go generate leaves
// the committed build alone while the inputs are unchanged.
func TestWasmIsCurrent(t *testing.T) {
	m := readManifest(t)
	inputs, err := wasmbuild.InputsHash(".")
	if err != nil {
		t.Fatal(err)
	}
	if inputs != m.Inputs {
		t.Fatalf("the playground's WebAssembly is stale: its inputs hash %s, the manifest says %s; run go generate ./web and commit web/static", inputs, m.Inputs)
	}
	if len(m.Modules) != len(wasmbuild.Modules) {
		t.Fatalf("the manifest has %d modules, want %d", len(m.Modules), len(wasmbuild.Modules))
	}
	wasms := map[string][]byte{}
	for i, b := range m.Modules {
		if b.Main != wasmbuild.Modules[i].Main || b.File != wasmbuild.Modules[i].File {
			t.Fatalf("module %d is %s in %s, want %s in %s", i, b.Main, b.File, wasmbuild.Modules[i].Main, wasmbuild.Modules[i].File)
		}
		script, err := os.ReadFile(filepath.Join("static", b.File))
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
		wasms[b.Main] = wasm
		t.Logf("%s: wasm %d bytes, gzipped %d, script %d", b.Main, b.WasmBytes, b.GzipBytes, b.JSBytes)
	}
	if v := runtime.Version(); v != m.Go {
		t.Skipf("built with %s, testing with %s: the wasm and wasm_exec.js are only compared byte for byte under the toolchain that built them", m.Go, v)
	}
	root, err := wasmbuild.GoEnv("GOROOT")
	if err != nil {
		t.Fatal(err)
	}
	exec, err := os.ReadFile(filepath.Join(root, "lib", "wasm", wasmbuild.WasmExec))
	if err != nil {
		t.Fatal(err)
	}
	if have, _ := os.ReadFile(filepath.Join("static", wasmbuild.WasmExec)); !bytes.Equal(have, exec) {
		t.Errorf("static/%s is not %s's: run go generate ./web", wasmbuild.WasmExec, m.Go)
	}
	if testing.Short() {
		t.Skip("the byte-for-byte rebuild is skipped in -short")
	}
	for _, mod := range wasmbuild.Modules {
		wasm, err := wasmbuild.Build(mod.Main)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(wasm, wasms[mod.Main]) {
			t.Errorf("%s builds to other bytes than static/%s holds: run go generate ./web", mod.Main, mod.File)
		}
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

// Files holds the page and everything it loads, and nothing it loads is
// fetched from elsewhere: the page works from the files alone.
func TestFilesSelfContained(t *testing.T) {
	files := web.Files()
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
		if err != nil || d.IsDir() || strings.HasSuffix(path, ".wasm.js") || path == wasmbuild.WasmExec {
			return err // the modules and Go's loader are checked above
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
