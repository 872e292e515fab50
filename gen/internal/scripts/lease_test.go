package scripts_test

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/idforge/idforge/gen/internal/scripts"
	"github.com/idforge/idforge/lease"
)

// files returns the packages' files by path.
func files(t *testing.T) map[string][]byte {
	t.Helper()
	fs, err := scripts.Files(license(t))
	if err != nil {
		t.Fatal(err)
	}
	m := make(map[string][]byte, len(fs))
	for _, f := range fs {
		m[f.Path] = f.Data
	}
	return m
}

// Each package carries lease/lease.sql, where its README says, and its
// README a lease recipe: the program that reads lease.sql from the package
// (so that a registry's user needs no clone), acquires a node, makes IDs
// and releases it, and the command that runs it. .ci/packages runs the
// recipes from the built artefacts against a real PostgreSQL.
func TestLeaseSQL(t *testing.T) {
	fs := files(t)
	readme := map[string]string{"js": "js/README.md", "python": "python/README.md", "java": "java/README.md"}
	// How each recipe reads lease.sql from its package.
	reads := map[string]string{
		"js":     "new URL('lease.sql', import.meta.resolve('idforge/package.json'))",
		"python": `files("idforge").joinpath("lease.sql")`,
		"java":   `getResourceAsStream("/META-INF/idforge/lease.sql")`,
	}
	for lang, path := range scripts.LeaseSQL {
		if got, ok := fs[path]; !ok || string(got) != lease.PostgresFunctions() {
			t.Errorf("%s: %s is not lease/lease.sql (present: %v)", lang, path, ok)
		}
		r := string(fs[readme[lang]])
		start, end := strings.Index(r, scripts.RecipeStart), strings.Index(r, scripts.RecipeEnd)
		if start < 0 || end < start {
			t.Errorf("%s: no lease recipe (%s ... %s)", readme[lang], scripts.RecipeStart, scripts.RecipeEnd)
			continue
		}
		recipe := r[start:end]
		for _, want := range []string{reads[lang], "acquire", "```sh\n"} {
			if !strings.Contains(recipe, want) {
				t.Errorf("%s: the lease recipe has no %s", readme[lang], want)
			}
		}
		if !strings.Contains(r[:start], "lease.sql") || !strings.Contains(r, "docs/security.md#postgresql-installs") {
			t.Errorf("%s: the lease section does not say where lease.sql is and what its install requires", readme[lang])
		}
	}
	var pkg struct {
		Exports map[string]any `json:"exports"`
		Files   []string       `json:"files"`
	}
	if err := json.Unmarshal(fs["js/package.json"], &pkg); err != nil {
		t.Fatal(err)
	}
	if !slices.Contains(pkg.Files, "lease.sql") || pkg.Exports["./package.json"] != "./package.json" {
		t.Errorf("package.json does not ship lease.sql beside the package.json it exports: %s", fs["js/package.json"])
	}
	if !bytes.Contains(fs["python/MANIFEST.in"], []byte("include idforge/lease.sql\n")) {
		t.Errorf("MANIFEST.in does not include idforge/lease.sql: %s", fs["python/MANIFEST.in"])
	}
}

// repoLink is a link into the repository's tree on GitHub: its path.
var repoLink = regexp.MustCompile(regexp.QuoteMeta(scripts.Repository) + `/(?:tree|blob)/main/([^)"<>\s#]+)`)

// The packages' metadata and READMEs point at real places: every link into
// the repository names a file or folder of the checkout (the POM's scm URL
// pointed at tree/main/java, which never existed), and package.json's
// repository directory is one.
func TestRepositoryLinks(t *testing.T) {
	n := 0
	for path, data := range files(t) {
		if !strings.HasSuffix(path, ".md") && !strings.HasSuffix(path, ".json") && !strings.HasSuffix(path, ".xml") && !strings.HasSuffix(path, ".toml") {
			continue
		}
		for _, m := range repoLink.FindAllSubmatch(data, -1) {
			n++
			if _, err := os.Stat(filepath.Join(root, filepath.FromSlash(string(m[1])))); err != nil {
				t.Errorf("%s links to %s, which the repository does not have", path, m[0])
			}
		}
	}
	if n < 5 {
		t.Errorf("%d links into the repository in the packages, want the READMEs' and the POM's", n)
	}
	var pkg struct {
		Repository struct{ Directory string } `json:"repository"`
	}
	if err := json.Unmarshal(files(t)["js/package.json"], &pkg); err != nil {
		t.Fatal(err)
	}
	if fi, err := os.Stat(filepath.Join(root, pkg.Repository.Directory)); err != nil || !fi.IsDir() {
		t.Errorf("package.json's repository.directory %q is no folder of the repository (%v)", pkg.Repository.Directory, err)
	}
}
