package conformance_test

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/idforge/idforge/testenv"
)

// npmDir holds the package.json and package-lock.json that pin the npm
// tools and peers the tests run (TypeScript, esbuild, uuid, ulid, ksuid,
// typeid-js).
// npmTools installs them outside the checkout, so that the tests leave it as
// they found it.
const npmDir = "testdata/npm"

var npmOnce struct {
	sync.Once
	dir string // the installation: node_modules is in it
	err error
	out string
}

// npmTools returns the directory that holds the pinned packages in its
// node_modules, installing them with npm ci, once per test process, if no
// earlier run did (see npmInstall). It skips the test when node or npm is
// not installed, or, outside CI, when npm ci fails (no registry, say); in
// CI (CI set) that is a failure.
func npmTools(t *testing.T) string {
	t.Helper()
	testenv.NeedTool(t, testenv.Node)
	testenv.NeedTool(t, testenv.NPM)
	npmOnce.Do(func() { npmOnce.dir, npmOnce.out, npmOnce.err = npmInstall(npmDir) })
	if npmOnce.err != nil {
		msg := "npm ci of gen/crosslang/" + npmDir + "/package-lock.json failed: " + npmOnce.err.Error() + "\n" + npmOnce.out
		if os.Getenv("CI") != "" {
			t.Fatal(msg)
		}
		t.Skip("skipped: " + msg + "\n(the pinned npm tools could not be installed; CI fails here)")
	}
	return npmOnce.dir
}

// npmInstall installs the packages that dir's package-lock.json pins, and
// returns the directory whose node_modules holds them: a directory of the
// user's cache (os.UserCacheDir()/idforge-npm/crosslang-KEY, KEY a hash of
// dir's package.json and package-lock.json), where an earlier run may
// already have installed them. npm ci runs in a new directory beside it,
// renamed into place once it succeeded, so that test processes running at
// once (in several checkouts, say) never use a half-made installation. On
// failure it returns npm's output too.
func npmInstall(dir string) (string, string, error) {
	var files [2][]byte
	h := sha256.New()
	for i, name := range []string{"package.json", "package-lock.json"} {
		b, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			return "", "", err
		}
		files[i] = b
		fmt.Fprintf(h, "%s %d\n", name, len(b))
		h.Write(b)
	}
	cache, err := os.UserCacheDir()
	if err != nil {
		cache = os.TempDir()
	}
	root := filepath.Join(cache, "idforge-npm")
	final := filepath.Join(root, "crosslang-"+hex.EncodeToString(h.Sum(nil))[:16])
	const done = ".installed" // written last, after npm ci succeeded
	if _, err := os.Stat(filepath.Join(final, done)); err == nil {
		return final, "", nil
	}
	if err := os.MkdirAll(root, 0o755); err != nil {
		return "", "", err
	}
	tmp, err := os.MkdirTemp(root, "install-")
	if err != nil {
		return "", "", err
	}
	defer os.RemoveAll(tmp) // left only if the rename below did not happen
	for i, name := range []string{"package.json", "package-lock.json"} {
		if err := os.WriteFile(filepath.Join(tmp, name), files[i], 0o644); err != nil {
			return "", "", err
		}
	}
	cmd := exec.Command("npm", "ci", "--no-audit", "--no-fund", "--ignore-scripts")
	cmd.Dir = tmp
	if out, err := cmd.CombinedOutput(); err != nil {
		return "", string(out), err
	}
	if err := os.WriteFile(filepath.Join(tmp, done), nil, 0o644); err != nil {
		return "", "", err
	}
	if err := os.Rename(tmp, final); err != nil {
		// Another process got there first, or a broken directory is in the way.
		if _, serr := os.Stat(filepath.Join(final, done)); serr == nil {
			return final, "", nil
		}
		os.RemoveAll(final)
		if err := os.Rename(tmp, final); err != nil {
			return "", "", err
		}
	}
	return final, "", nil
}

// inCache copies the test script name from npmDir into a new directory
// under the installation dir, where node finds the packages in
// dir/node_modules, with its imports of '../../../../js/' (the npm
// package, as if it were beside the repository's root) made the file URL
// of pkgDir(t, "js"); it returns the copy's path, removed when the test
// ends.
func inCache(t *testing.T, dir, name string) string {
	t.Helper()
	src, err := os.ReadFile(filepath.Join(npmDir, name))
	if err != nil {
		t.Fatal(err)
	}
	js := pkgDir(t, "js")
	const rel = "'../../../../js/"
	if !bytes.Contains(src, []byte(rel)) {
		t.Fatalf("%s imports nothing from %s", name, rel)
	}
	src = bytes.ReplaceAll(src, []byte(rel), []byte("'"+(&url.URL{Scheme: "file", Path: filepath.ToSlash(js)}).String()+"/"))
	run, err := os.MkdirTemp(dir, "run-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(run) })
	copied := filepath.Join(run, name)
	if err := os.WriteFile(copied, src, 0o644); err != nil {
		t.Fatal(err)
	}
	return copied
}

// readInputs reads the files a command run by a test reads, so that go
// test's cache knows them: a changed file runs the test again.
func readInputs(t *testing.T, patterns ...string) {
	t.Helper()
	for _, p := range patterns {
		names, err := filepath.Glob(p)
		if err != nil || len(names) == 0 {
			t.Fatalf("no files match %s", p)
		}
		for _, name := range names {
			if _, err := os.ReadFile(name); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// The TypeScript declarations of the JavaScript package (js/)
// type-check with strict tsc, and so does a typed use of them
// (testdata/npm/usage.ts), whose @ts-expect-error lines must each be an
// error: a generator without its node, a BigInt field read as a number.
func TestTypeScript(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("installs and runs tsc")
	}
	tools := npmTools(t)
	// usage.ts and tsconfig.json import the npm package as
	// '../../../../js/', as if it were beside the repository's root: tsc,
	// from the cache, checks copies of them, in a directory outside the
	// checkout, whose imports name pkgDir(t, "js"), and writes nothing
	// (--noEmit).
	js := filepath.ToSlash(pkgDir(t, "js"))
	run := t.TempDir()
	for _, name := range []string{"usage.ts", "tsconfig.json"} {
		src, err := os.ReadFile(filepath.Join(npmDir, name))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Contains(src, []byte("../../../../js/")) {
			t.Fatalf("%s names nothing of ../../../../js/", name)
		}
		src = bytes.ReplaceAll(src, []byte("../../../../js/"), []byte(js+"/"))
		if err := os.WriteFile(filepath.Join(run, name), src, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	cmd := exec.Command("node", filepath.Join(tools, "node_modules", "typescript", "bin", "tsc"), "--noEmit", "-p", ".")
	cmd.Dir = run
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Run(); err != nil {
		t.Fatalf("tsc --noEmit: %v\n%s", err, out.String())
	}
	if s := strings.TrimSpace(out.String()); s != "" {
		t.Logf("%s", s)
	}
}

// A CommonJS consumer of the npm package, in TypeScript (the pinned tsc)
// under module node16 and under nodenext, imports it (import and import =
// require, both compiled to require) and type-checks, with strict on and no
// skipLibCheck: package.json gives such a file the .d.cts twins of the
// declarations (TS1479 and TS1471 before them). The compiled program then
// runs in node, which requires the ES modules (Node 20.19+ and 22.12+).
func TestTypeScriptCommonJS(t *testing.T) {
	if testing.Short() {
		t.Skip("installs and runs tsc")
	}
	tools := npmTools(t)
	js := pkgDir(t, "js")
	const consumer = `import { ID, newId } from 'idforge/uuidv7';
import { uuidv7 } from 'idforge';
import { UUIDv7ToULID } from 'idforge/compat';
import ulid = require('idforge/ulid');

const id: ID = newId();
const u: ulid.ID = UUIDv7ToULID(id);
const ok = ID.parse(String(id)).equals(id) && String(uuidv7.newId()).length === 36 && ulid.ID.parse(String(u)).equals(u);
console.log(ok ? 'PASS' : 'FAIL');
`
	for _, module := range []string{"node16", "nodenext"} {
		t.Run(module, func(t *testing.T) {
			dir := t.TempDir()
			if err := os.MkdirAll(filepath.Join(dir, "node_modules"), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.Symlink(js, filepath.Join(dir, "node_modules", "idforge")); err != nil {
				t.Fatal(err)
			}
			files := map[string]string{
				"package.json":  `{"type":"commonjs"}`,
				"tsconfig.json": `{"compilerOptions":{"module":"` + module + `","moduleResolution":"` + module + `","target":"es2020","strict":true,"outDir":"out","types":[]},"files":["consumer.ts"]}`,
				"consumer.ts":   consumer,
			}
			for name, src := range files {
				if err := os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			cmd := exec.Command("node", filepath.Join(tools, "node_modules", "typescript", "bin", "tsc"), "-p", ".")
			cmd.Dir = dir
			if out, err := cmd.CombinedOutput(); err != nil {
				t.Fatalf("tsc, module %s, a CommonJS file: %v\n%s", module, err, out)
			}
			out, err := exec.Command("node", filepath.Join(dir, "out", "consumer.js")).CombinedOutput()
			if err != nil || strings.TrimSpace(string(out)) != "PASS" {
				t.Fatalf("node out/consumer.js: %v\n%s", err, out)
			}
			if src, err := os.ReadFile(filepath.Join(dir, "out", "consumer.js")); err != nil || !bytes.Contains(src, []byte(`require("idforge/uuidv7")`)) {
				t.Fatalf("tsc did not compile the consumer to require calls (%v):\n%s", err, src)
			}
		})
	}
}

// The JavaScript package reads what the npm peers make (uuid,
// ulid, ksuid and typeid-js, pinned in testdata/npm/package.json), and they
// read what it makes: testdata/npm/peers.test.mjs under node --test.
func TestPeers(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("installs and runs the npm peers")
	}
	tools := npmTools(t)
	readInputs(t, npmDir+"/peers.test.mjs", npmDir+"/package-lock.json")
	script := inCache(t, tools, "peers.test.mjs")
	cmd := exec.Command("node", "--test", filepath.Base(script))
	cmd.Dir = filepath.Dir(script)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Run(); err != nil {
		t.Fatalf("node --test peers.test.mjs: %v\n%s", err, out.String())
	}
	t.Logf("%s", lastLines(out.String(), 8))
}

// sha256Constants are the first of SHA-256's round constants and of its
// initial state, as a minified bundle may write them (hex or decimal, and
// as the int32 the runtime stores the round constants as): a bundle that
// has none of them carries no SHA-256.
var sha256Constants = []string{"0x428a2f98", "1116352408", "0x71374491", "1899447441", "0x6a09e667", "1779033703", "0xbb67ae85", "3144134277", "-1150833019"}

// bundle bundles the program src, which imports the npm package as JS/
// (pkgDir(t, "js") by absolute path), with the pinned esbuild as BENCHMARKS.md's bundle table
// measures (esbuild --bundle --minify, its defaults otherwise: for the
// browser), and returns the bundle and its size under gzip -9.
func bundle(t *testing.T, tools, src string) ([]byte, int) {
	t.Helper()
	js := pkgDir(t, "js")
	dir, err := os.MkdirTemp(tools, "bundle-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	entry := filepath.Join(dir, "main.mjs")
	src = strings.ReplaceAll(src, "JS/", filepath.ToSlash(js)+"/") // esbuild reads a path, not a file: URL
	if err := os.WriteFile(entry, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("node", filepath.Join(tools, "node_modules", "esbuild", "bin", "esbuild"), entry, "--bundle", "--minify", "--log-level=warning")
	var out, errs bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errs
	if err := cmd.Run(); err != nil || errs.Len() > 0 {
		t.Fatalf("esbuild --bundle --minify: %v\n%s", err, errs.String())
	}
	var gz bytes.Buffer
	w, err := gzip.NewWriterLevel(&gz, gzip.BestCompression)
	if err != nil {
		t.Fatal(err)
	}
	w.Write(out.Bytes())
	w.Close()
	return out.Bytes(), gz.Len()
}

// A program that makes and prints a UUIDv7 with the ID class
// (String(newId())) bundles with no SHA-256: masking is in the module's
// functions mask and unmask, beside the class, and a bundler drops them
// and SHA-256 with them. A program that masks carries it. The sizes are
// BENCHMARKS.md's bundle table's (bench/js/size measures the same).
func TestBundleWithoutSHA256(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("installs and runs esbuild")
	}
	tools := npmTools(t)
	readInputs(t, npmDir+"/package-lock.json")
	for _, c := range []struct {
		name, src string
		sha       bool
	}{
		{"String(newId())", "import { newId } from 'JS/uuidv7.js';\nconsole.log(String(newId()));\n", false},
		{"String(newId()), ID.parse(s).toString()", "import { newId, ID } from 'JS/uuidv7.js';\nconsole.log(String(newId()));\nconsole.log(ID.parse(process.argv[2]).toString());\n", false},
		{"newText()", "import { newText } from 'JS/uuidv7.js';\nconsole.log(newText());\n", false},
		{"mask(newId(), key)", "import { newId, mask } from 'JS/uuidv7.js';\nconsole.log(mask(newId(), new Uint8Array(16).fill(1)));\n", true},
		{"maskText(newText(), key)", "import { newText, maskText } from 'JS/uuidv7.js';\nconsole.log(maskText(newText(), new Uint8Array(16).fill(1)));\n", true},
	} {
		b, gz := bundle(t, tools, c.src)
		has := slices.ContainsFunc(sha256Constants, func(k string) bool { return bytes.Contains(b, []byte(k)) })
		if has != c.sha {
			t.Errorf("uuidv7 %s: a SHA-256 constant in the bundle: %v, want %v", c.name, has, c.sha)
		}
		t.Logf("uuidv7 %s: %d B minified, %d B gzip -9, SHA-256 %v", c.name, len(b), gz, has)
	}
}
