package main

import (
	"encoding/json"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"runtime/debug"
	"strings"
	"testing"

	"github.com/idforge/idforge/explain"
)

// orderidSpec is the README's own layout: a UUIDv8 with a 10-bit shard.
const orderidSpec = `layout orderid 128
  millis      44  time 2020-01-01T00:00:00Z ms
  shard_hi     4  shard[6:10] node
  ver          4  = 8
  shard_lo     6  shard[0:6]
  counter      6  counter[10:16] seeded borrow
  var          2  = 0b10
  rest        62  counter[0:10] + random
`

// IDs that new -spec makes are in the generated package's default text
// form, and inspect -spec and convert -spec read them back by the spec's
// own field names: the shard given with -node, a time of today.
func TestSpecEndToEnd(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "orderid.layout"), []byte(orderidSpec), 0o644); err != nil {
		t.Fatal(err)
	}
	out, stderr, exit := idforge(t, dir, "", "new", "-spec", "orderid.layout", "-node", "640", "-n", "50")
	if exit != 0 {
		t.Fatalf("new: exit %d: %s", exit, stderr)
	}
	ids := strings.Fields(out)
	canonical := regexp.MustCompile(`^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$`)
	for _, id := range ids {
		if !canonical.MatchString(id) {
			t.Fatalf("new -spec wrote %q, want the canonical UUID form", id)
		}
	}
	out, stderr, exit = idforge(t, dir, strings.Join(ids, "\n"), "inspect", "-json", "-spec", "orderid.layout", "-")
	if exit != 0 {
		t.Fatalf("inspect: exit %d: %s", exit, stderr)
	}
	var reports []explain.Report
	if err := json.Unmarshal([]byte(out), &reports); err != nil {
		t.Fatal(err)
	}
	if len(reports) != len(ids) {
		t.Fatalf("%d reports for %d IDs", len(reports), len(ids))
	}
	for _, r := range reports {
		if len(r.Candidates) != 1 || r.Candidates[0].Layout != "orderid" {
			t.Fatalf("%s: candidates %+v", r.Input, r.Candidates)
		}
		c := r.Candidates[0]
		got := map[string]string{}
		for _, f := range c.Fields {
			got[f.Name] = f.Value
		}
		if got["shard"] != "640" || len(c.Fields) != 4 {
			t.Errorf("%s: fields %+v, want millis, shard 640, counter, rest", r.Input, c.Fields)
		}
		if !strings.HasPrefix(c.Time, "20") || c.EncMap["uuid"] != r.Input {
			t.Errorf("%s: time %q, uuid form %q", r.Input, c.Time, c.EncMap["uuid"])
		}
	}
	// Base62 and back through convert -spec.
	b62, stderr, exit := idforge(t, dir, "", "convert", "-spec", "orderid.layout", "-enc", "base62", ids[0])
	if exit != 0 {
		t.Fatalf("convert: exit %d: %s", exit, stderr)
	}
	back, stderr, _ := idforge(t, dir, "", "convert", "-spec", "orderid.layout", "-to", "orderid", strings.TrimSpace(b62))
	if strings.TrimSpace(back) != ids[0] {
		t.Errorf("%s -> %s -> %s %s", ids[0], b62, back, stderr)
	}
}

// Layouts with a node field make IDs with the node -node gives.
func TestNewNode(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ layout, field string }{{"sonyflake", "machine_id"}, {"instagram", "shard_id"}, {"snowflake", "node"}, {"v1", "node"}, {"v6", "node"}} {
		out, stderr, exit := idforge(t, "", "", "new", "-layout", c.layout, "-node", "77")
		if exit != 0 {
			t.Fatalf("new %s: exit %d: %s", c.layout, exit, stderr)
		}
		out, stderr, _ = idforge(t, "", "", "inspect", "-json", "-layout", c.layout, strings.TrimSpace(out))
		var reports []explain.Report
		if err := json.Unmarshal([]byte(out), &reports); err != nil || len(reports) != 1 || len(reports[0].Candidates) != 1 {
			t.Fatalf("inspect %s: %v, %s", c.layout, err, stderr)
		}
		found := false
		for _, f := range reports[0].Candidates[0].Fields {
			found = found || f.Name == c.field && f.Value == "77"
		}
		if !found {
			t.Errorf("%s: fields %+v, want %s 77", c.layout, reports[0].Candidates[0].Fields, c.field)
		}
	}
}

// gen -o - writes the package to standard output and no file named "-".
func TestGenStdout(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "orderid.layout"), []byte(orderidSpec), 0o644); err != nil {
		t.Fatal(err)
	}
	out, stderr, exit := idforge(t, dir, "", "gen", "-spec", "orderid.layout", "-pkg", "orderid", "-o", "-")
	if exit != 0 {
		t.Fatalf("exit %d: %s", exit, stderr)
	}
	f, err := parser.ParseFile(token.NewFileSet(), "orderid_gen.go", out, parser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	if !ast.IsGenerated(f) || f.Name.Name != "orderid" {
		t.Errorf("package %s, generated %v", f.Name.Name, ast.IsGenerated(f))
	}
	if _, err := os.Stat(filepath.Join(dir, "-")); !os.IsNotExist(err) {
		t.Errorf("a file named - was written: %v", err)
	}
}

// The version is the main module's, with its replacement as go version -m
// shows it.
func TestModuleVersion(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		m    debug.Module
		want string
	}{
		{debug.Module{Path: "github.com/idforge/idforge", Version: "v0.3.0"}, "v0.3.0"},
		{debug.Module{Path: "github.com/idforge/idforge", Version: "(devel)"}, "(devel)"},
		{debug.Module{Path: "github.com/idforge/idforge"}, "(devel)"},
		{debug.Module{Path: "github.com/idforge/idforge", Version: "v0.0.0-00010101000000-000000000000", Replace: &debug.Module{Path: "/src/idforge"}},
			"v0.0.0-00010101000000-000000000000 => /src/idforge"},
		{debug.Module{Path: "github.com/idforge/idforge", Version: "v0.3.0", Replace: &debug.Module{Path: "example.com/fork", Version: "v0.3.1"}},
			"v0.3.0 => example.com/fork v0.3.1"},
	} {
		if got := moduleVersion(c.m); got != c.want {
			t.Errorf("moduleVersion(%+v) = %q, want %q", c.m, got, c.want)
		}
	}
}
