// Package conformance runs idforge conformance against testees of
// libraries outside idforge that the interop module requires: oklogulid,
// for github.com/oklog/ulid/v2, the worked example of docs/conformance.md.
package conformance

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"runtime/debug"
	"strings"
	"testing"

	"github.com/idforge/idforge/conformance/testee"
)

// build builds the package pkg (a path go build takes) into dir and
// returns the program's path.
func build(t *testing.T, dir, name, pkg string) string {
	t.Helper()
	out := filepath.Join(dir, name)
	if b, err := exec.Command("go", "build", "-o", out, pkg).CombinedOutput(); err != nil {
		t.Fatalf("go build %s: %v\n%s", pkg, err, b)
	}
	return out
}

// The oklog/ulid testee passes idforge conformance with only the
// differences its list names (oklogulid/oklog-ulid.failures): none
// unexpected, none now passing, none naming no case. It is the worked
// example of docs/conformance.md, which quotes it whole.
func TestOklogULID(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the idforge command")
	}
	dir := t.TempDir()
	idforge := build(t, dir, "idforge", "github.com/idforge/idforge/cmd/idforge")
	testeeBin := build(t, dir, "oklogulid", "./oklogulid")
	cmd := exec.Command(idforge, "conformance", "-json", "-testee", testeeBin, "-failures", "oklogulid/oklog-ulid.failures")
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	var rep testee.Report
	if jerr := json.Unmarshal(stdout.Bytes(), &rep); jerr != nil || err != nil || len(rep.Failed) > 0 {
		var b strings.Builder
		rep.WriteText(&b)
		t.Fatalf("%v (%v):\n%s\n%s", err, jerr, b.String(), stderr.String())
	}
	if len(rep.Fixed) > 0 || len(rep.NotRun) > 0 || len(rep.Expected) != 5 || rep.Passed < 100 {
		t.Errorf("%d passed, %d expected failures; fixed (take them off the list): %q; not run: %q", rep.Passed, len(rep.Expected), rep.Fixed, rep.NotRun)
	}
	// The testee names the version interop/go.mod pins.
	info, ok := debug.ReadBuildInfo()
	if !ok {
		t.Fatal("no build info")
	}
	for _, m := range info.Deps {
		if m.Path == "github.com/oklog/ulid/v2" && m.Version != rep.Testee.Version {
			t.Errorf("the testee says oklog/ulid %s; interop/go.mod requires %s", rep.Testee.Version, m.Version)
		}
	}
	t.Logf("%s %s: %d passed, %d expected failures", rep.Testee.Name, rep.Testee.Version, rep.Passed, len(rep.Expected))
}

// docs/conformance.md quotes the testee and its list of failures whole:
// the page shows the code this test runs.
func TestDocQuotesTestee(t *testing.T) {
	doc, err := os.ReadFile("../../docs/conformance.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ file, fence string }{
		{"oklogulid/main.go", "```go\n"},
		{"oklogulid/oklog-ulid.failures", "```\n"},
	} {
		src, err := os.ReadFile(c.file)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Contains(doc, []byte(c.fence+string(src)+"```\n")) {
			t.Errorf("docs/conformance.md does not quote %s as it is: copy the file into its block", c.file)
		}
	}
}
