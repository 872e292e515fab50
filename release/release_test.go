package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/mod/modfile"
)

func TestOwner(t *testing.T) {
	mods := []string{root, root + "/gen", root + "/cmd/idforge", root + "/lease/etcd"}
	for _, c := range []struct{ pkg, want string }{
		{root + "/uuid", root},
		{root + "/internal/oracle", root},
		{root + "/gen/internal/portable", root + "/gen"},
		{root + "/general", root}, // a prefix of a path element is not a module
		{root + "/lease", root},
		{root + "/lease/etcd", root + "/lease/etcd"},
		{root + "/cmd/idforge", root + "/cmd/idforge"},
	} {
		if got := owner(c.pkg, mods); got != c.want {
			t.Errorf("owner(%s) = %s, want %s", c.pkg, got, c.want)
		}
	}
}

func TestInternalOf(t *testing.T) {
	for _, c := range []struct{ pkg, want string }{
		{root + "/uuid", ""},
		{root + "/internal/oracle", root},
		{root + "/gen/internal/portable", root + "/gen"},
		{root + "/web/internal/wasmbuild/x", root + "/web"},
		{root + "/internals", ""},
	} {
		if got := internalOf(c.pkg); got != c.want {
			t.Errorf("internalOf(%s) = %q, want %q", c.pkg, got, c.want)
		}
	}
}

func parse(t *testing.T, dir, text string) Module {
	t.Helper()
	f, err := modfile.Parse(dir+"/go.mod", []byte(text), nil)
	if err != nil {
		t.Fatal(err)
	}
	return Module{dir, f}
}

func TestNextVersion(t *testing.T) {
	lib := parse(t, ".", "module "+root+"\n")
	gen := func(v string) Module {
		return parse(t, "gen", "module "+root+"/gen\nrequire "+root+" "+v+"\n")
	}
	cmd := func(v string) Module {
		return parse(t, "cmd/idforge", "module "+root+"/cmd/idforge\nrequire (\n"+root+" "+v+"\n"+root+"/gen "+v+"\n)\n")
	}
	if v, err := nextVersion([]Module{lib, gen("v0.1.0"), cmd("v0.1.0")}); v != "v0.1.0" || err != nil {
		t.Errorf("agreeing modules: %q, %v", v, err)
	}
	for name, ms := range map[string][]Module{
		"disagreeing":  {lib, gen("v0.1.0"), cmd("v0.2.0")},
		"placeholder":  {lib, gen("v0.0.0-00010101000000-000000000000")},
		"no sibling":   {lib},
		"a prerelease": {lib, gen("v0.1.0-dev")},
	} {
		if v, err := nextVersion(ms); err == nil {
			t.Errorf("%s: got %s, want an error", name, v)
		} else if !strings.Contains(err.Error(), "version") && !strings.Contains(err.Error(), "requires") {
			t.Errorf("%s: unclear error %v", name, err)
		}
	}
	if v, err := nextVersion([]Module{lib, gen("v0.2.0-rc.1")}); v != "v0.2.0-rc.1" || err != nil {
		t.Errorf("a release candidate: %q, %v", v, err)
	}
}

// packageVersions reads the versions of a build of the packages (dir/js,
// dir/python, dir/java) and names each one that is not the release's.
func TestPackageVersions(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) {
		t.Helper()
		if err := os.MkdirAll(filepath.Dir(filepath.Join(dir, name)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("js/package.json", `{"name":"idforge","version":"0.2.0"}`)
	write("python/pyproject.toml", "[project]\nname = \"idforge\"\nversion = \"0.2.0\"\n")
	write("java/pom.xml", "<project><version>0.2.0</version><build><plugins><plugin><version>3.0</version></plugin></plugins></build></project>")
	if p := packageVersions(dir, "0.2.0"); len(p) != 0 {
		t.Errorf("a build at 0.2.0: %v", p)
	}
	p := packageVersions(dir, "0.3.0")
	if len(p) != 3 {
		t.Fatalf("a build at 0.2.0 checked against 0.3.0: %v, want three problems", p)
	}
	for i, name := range []string{"js/package.json", "python/pyproject.toml", "java/pom.xml"} {
		if !strings.HasPrefix(p[i], name) {
			t.Errorf("problem %d is %q, want one about %s", i, p[i], name)
		}
	}
	if p := packageVersions(t.TempDir(), "0.2.0"); len(p) == 0 {
		t.Error("an empty directory: no problem")
	}
}
