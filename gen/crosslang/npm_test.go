package conformance_test

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

// npmDir holds the package.json and package-lock.json that pin the npm
// tools and peers the tests run (TypeScript, uuid, ulid, ksuid, typeid-js);
// its node_modules is installed by npmTools and never committed.
const npmDir = "testdata/npm"

var npmOnce struct {
	sync.Once
	err error
	out string
}

// npmTools makes sure node_modules under npmDir holds the pinned versions,
// running npm ci when it does not, once per test process. It skips the test
// when node or npm is not installed, or, outside CI, when npm ci fails (no
// registry, say); in CI (CI set) that is a failure.
func npmTools(t *testing.T) {
	t.Helper()
	for _, tool := range []string{"node", "npm"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("%s is not installed: the pinned npm tools are not run (.ci/run installs node and npm)", tool)
		}
	}
	npmOnce.Do(func() {
		if npmInstalled() {
			return
		}
		cmd := exec.Command("npm", "ci", "--no-audit", "--no-fund", "--ignore-scripts")
		cmd.Dir = npmDir
		out, err := cmd.CombinedOutput()
		npmOnce.err, npmOnce.out = err, string(out)
		if err == nil && !npmInstalled() {
			npmOnce.err = os.ErrNotExist
		}
	})
	if npmOnce.err != nil {
		msg := "npm ci in gen/crosslang/" + npmDir + " failed: " + npmOnce.err.Error() + "\n" + npmOnce.out
		if os.Getenv("CI") != "" {
			t.Fatal(msg)
		}
		t.Skip(msg + "\n(the pinned npm tools could not be installed; CI fails here)")
	}
}

// npmInstalled reports whether every package package.json pins is in
// node_modules at its pinned version.
func npmInstalled() bool {
	var pins struct {
		DevDependencies map[string]string `json:"devDependencies"`
	}
	b, err := os.ReadFile(filepath.Join(npmDir, "package.json"))
	if err != nil || json.Unmarshal(b, &pins) != nil {
		return false
	}
	for name, version := range pins.DevDependencies {
		var have struct {
			Version string `json:"version"`
		}
		b, err := os.ReadFile(filepath.Join(npmDir, "node_modules", name, "package.json"))
		if err != nil || json.Unmarshal(b, &have) != nil || have.Version != version {
			return false
		}
	}
	return true
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

// The TypeScript declarations of the committed JavaScript package (js/)
// type-check with strict tsc, and so does a typed use of them
// (testdata/npm/usage.ts), whose @ts-expect-error lines must each be an
// error: a generator without its node, a BigInt field read as a number.
func TestTypeScript(t *testing.T) {
	if testing.Short() {
		t.Skip("installs and runs tsc")
	}
	npmTools(t)
	readInputs(t, "../../js/*.d.ts", npmDir+"/usage.ts", npmDir+"/tsconfig.json")
	cmd := exec.Command("node", filepath.Join("node_modules", "typescript", "bin", "tsc"), "--noEmit", "-p", ".")
	cmd.Dir = npmDir
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Run(); err != nil {
		t.Fatalf("tsc --noEmit: %v\n%s", err, out.String())
	}
	if s := strings.TrimSpace(out.String()); s != "" {
		t.Logf("%s", s)
	}
}

// The committed JavaScript package reads what the npm peers make (uuid,
// ulid, ksuid and typeid-js, pinned in testdata/npm/package.json), and they
// read what it makes: testdata/npm/peers.test.mjs under node --test.
func TestPeers(t *testing.T) {
	if testing.Short() {
		t.Skip("installs and runs the npm peers")
	}
	npmTools(t)
	readInputs(t, "../../js/*.js", npmDir+"/peers.test.mjs", npmDir+"/package-lock.json")
	cmd := exec.Command("node", "--test", "peers.test.mjs")
	cmd.Dir = npmDir
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Run(); err != nil {
		t.Fatalf("node --test peers.test.mjs: %v\n%s", err, out.String())
	}
	t.Logf("%s", lastLines(out.String(), 8))
}
