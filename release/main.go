// Command release checks that idforge's modules can be released, builds a
// module proxy of a release for rehearsing it, and names a release's tags.
// A release of idforge is one version, vX.Y.Z, tagged on one commit of
// main for every installable module (see Installable): vX.Y.Z for the
// library, gen/vX.Y.Z, cmd/idforge/vX.Y.Z, web/vX.Y.Z, lease/etcd/vX.Y.Z
// and lease/k8s/vX.Y.Z. The version is the one the modules' go.mod files
// require of each other on main: the next release's.
//
// Usage, from the repository's root:
//
//	go run ./release check
//	go run ./release packages -o DIR [-python PYTHON]
//	go run ./release proxy -o DIR [-rev REV] [-version V] [-module PATH]
//	go run ./release tags [-rev REV]
//	go run ./release version
//
// check fails when a module users install could not be published as it
// stands: a replace directive, a requirement of a sibling at any version
// but the next release's, or an import of another module's internal
// packages (Go allows one by path; a user who builds two of idforge's
// modules at different versions pays for it), or JavaScript, Python and
// Java packages (built, as go run ./gen/tools/packages builds them)
// whose metadata is not at the next release's version.
//
// packages builds the JavaScript, Python and Java packages from the
// checkout (go run ./gen/tools/packages: the repository keeps none of
// them) and assembles, in DIR, what the release publishes beside the Go
// modules: the npm tarball (npm pack), the wheel and the sdist (PYTHON -m
// build, without build isolation; PYTHON is python3 by default), and the
// Maven artifact's jar, sources jar, Javadoc jar and POM (javac, javadoc
// and jar). .ci/packages installs and uses each.
//
// proxy writes, into DIR, a file-based module proxy (GOPROXY=file://DIR)
// serving every installable module at the next release's version (or at
// -version, and only -module with -module), made from the commit REV
// (HEAD by default) exactly as a module proxy makes it: the zip from git
// archive of the module's directory, without nested modules, by
// golang.org/x/mod/zip; the go.mod; the info with the commit's time. A
// module already in DIR at other versions keeps them, so a second run
// adds a newer version beside the first. .ci/release serves the release
// from it to a new user's go commands.
//
// tags prints the git commands that tag a release at REV; version prints
// the next release's version.
package main

import (
	"encoding/json"
	"encoding/xml"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"golang.org/x/mod/modfile"
	"golang.org/x/mod/module"
	"golang.org/x/mod/semver"
	"golang.org/x/mod/zip"
)

func main() {
	if err := run(os.Args[1:], os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "release:", err)
		os.Exit(1)
	}
}

const usage = `usage: go run ./release check
       go run ./release packages -o DIR [-python PYTHON]
       go run ./release proxy -o DIR [-rev REV] [-version V] [-module PATH]
       go run ./release tags [-rev REV]
       go run ./release version`

func run(args []string, stdout io.Writer) error {
	if len(args) == 0 {
		return errors.New(usage)
	}
	repo, err := os.Getwd()
	if err != nil {
		return err
	}
	if _, err := os.Stat(filepath.Join(repo, "go.work")); err != nil {
		return errors.New("run it from the root of idforge's repository")
	}
	fs := flag.NewFlagSet(args[0], flag.ContinueOnError)
	rev := fs.String("rev", "HEAD", "the commit to release")
	switch args[0] {
	case "check":
		if err := fs.Parse(args[1:]); err != nil {
			return err
		}
		return check(repo, stdout)
	case "packages":
		out := fs.String("o", "", "the directory of the npm tarball, the wheel, the sdist and the Maven jars and POM")
		python := fs.String("python", "python3", "the Python whose setuptools and build make the wheel and the sdist")
		if err := fs.Parse(args[1:]); err != nil {
			return err
		}
		if *out == "" {
			return errNoOut
		}
		v, err := next(repo)
		if err != nil {
			return err
		}
		return assemble(repo, *out, strings.TrimPrefix(v, "v"), *python, stdout)
	case "proxy":
		out := fs.String("o", "", "the proxy's directory")
		version := fs.String("version", "", "the version to publish (default: the next release's)")
		only := fs.String("module", "", "publish this module alone (default: every installable one)")
		if err := fs.Parse(args[1:]); err != nil {
			return err
		}
		if *out == "" {
			return errors.New("proxy needs -o DIR")
		}
		return proxy(repo, *rev, *out, *version, *only, stdout)
	case "version":
		v, err := next(repo)
		if err != nil {
			return err
		}
		fmt.Fprintln(stdout, v)
		return nil
	case "tags":
		if err := fs.Parse(args[1:]); err != nil {
			return err
		}
		v, err := next(repo)
		if err != nil {
			return err
		}
		for _, dir := range Installable {
			fmt.Fprintf(stdout, "git tag %s%s %s\n", tagPrefix(dir), v, *rev)
		}
		fmt.Fprintf(stdout, "git push origin %s\n", strings.Join(tags(v), " "))
		return nil
	}
	return errors.New(usage)
}

// next is the next release's version, as the modules in repo require it.
func next(repo string) (string, error) {
	ms, err := readModules(repo)
	if err != nil {
		return "", err
	}
	return nextVersion(ms)
}

// tags are the tags of release v.
func tags(v string) []string {
	var ts []string
	for _, dir := range Installable {
		ts = append(ts, tagPrefix(dir)+v)
	}
	return ts
}

// check reports every reason the installable modules could not be
// released as they stand.
func check(repo string, stdout io.Writer) error {
	ms, err := readModules(repo)
	if err != nil {
		return err
	}
	var problems []string
	v, err := nextVersion(ms)
	if err != nil {
		problems = append(problems, err.Error())
	}
	for _, m := range ms {
		for _, r := range m.File.Replace {
			problems = append(problems, fmt.Sprintf("%s/go.mod replaces %s: a published go.mod must not (go install and go run of a version refuse it); go.work ties the modules together for development", m.Dir, r.Old.Path))
		}
		for _, x := range m.File.Exclude {
			problems = append(problems, fmt.Sprintf("%s/go.mod excludes %s %s: users' builds ignore it", m.Dir, x.Mod.Path, x.Mod.Version))
		}
	}
	if v != "" {
		work, err := os.MkdirTemp("", "idforge-release-check-")
		if err != nil {
			return err
		}
		defer os.RemoveAll(work)
		build, err := buildPackages(repo, filepath.Join(work, "packages"))
		if err != nil {
			return err
		}
		problems = append(problems, packageVersions(build, strings.TrimPrefix(v, "v"))...)
	}
	if v != "" {
		problems = append(problems, workReplaces(repo, ms, v)...)
	}
	bad, err := crossInternal(repo)
	if err != nil {
		return err
	}
	for _, b := range bad {
		problems = append(problems, "an import of another module's internal package: "+b)
	}
	if len(problems) > 0 {
		return fmt.Errorf("the modules cannot be released as they stand:\n  %s", strings.Join(problems, "\n  "))
	}
	fmt.Fprintf(stdout, "the next release, %s, can be tagged: %s\n", v, strings.Join(tags(v), " "))
	return nil
}

// workReplaces reports each sibling the modules require at v that go.work
// does not replace, at v, by its directory: without it, the workspace
// would look for v on the module proxy, which serves it only once tagged.
func workReplaces(repo string, ms []Module, v string) []string {
	name := filepath.Join(repo, "go.work")
	data, err := os.ReadFile(name)
	if err != nil {
		return []string{err.Error()}
	}
	w, err := modfile.ParseWork(name, data, nil)
	if err != nil {
		return []string{err.Error()}
	}
	var problems []string
	seen := map[string]bool{}
	for _, m := range ms {
		for _, r := range m.File.Require {
			if !isOurs(r.Mod.Path) || seen[r.Mod.Path] {
				continue
			}
			seen[r.Mod.Path] = true
			dir := "./" + strings.TrimPrefix(strings.TrimPrefix(r.Mod.Path, root), "/")
			ok := slices.ContainsFunc(w.Replace, func(x *modfile.Replace) bool {
				return x.Old.Path == r.Mod.Path && x.Old.Version == v && filepath.Clean(x.New.Path) == filepath.Clean(dir)
			})
			if !ok {
				problems = append(problems, fmt.Sprintf("go.work does not replace %s %s => %s: the workspace would look for %s on the module proxy", r.Mod.Path, v, dir, v))
			}
		}
	}
	return problems
}

// packageVersions reports the npm, Python and Java packages, built into
// dir (dir/js, dir/python, dir/java), whose version is not want, the Go
// modules' next release without its "v": a release is one version
// everywhere.
func packageVersions(dir, want string) []string {
	var problems []string
	var pkg struct{ Version string }
	data, err := os.ReadFile(filepath.Join(dir, "js", "package.json"))
	if err == nil {
		err = json.Unmarshal(data, &pkg)
	}
	switch {
	case err != nil:
		problems = append(problems, "js/package.json: "+err.Error())
	case pkg.Version != want:
		problems = append(problems, fmt.Sprintf("js/package.json says version %s, the Go modules' next release is %s (gen/internal/scripts.Version makes both)", pkg.Version, want))
	}
	data, err = os.ReadFile(filepath.Join(dir, "python", "pyproject.toml"))
	if err != nil {
		return append(problems, "python/pyproject.toml: "+err.Error())
	}
	var got string
	for _, line := range strings.Split(string(data), "\n") {
		if k, v, ok := strings.Cut(line, "="); ok && strings.TrimSpace(k) == "version" {
			got = strings.Trim(strings.TrimSpace(v), `"`)
			break
		}
	}
	if got != want {
		problems = append(problems, fmt.Sprintf("python/pyproject.toml says version %q, the Go modules' next release is %s (gen/internal/scripts.Version makes both)", got, want))
	}
	data, err = os.ReadFile(filepath.Join(dir, "java", "pom.xml"))
	if err != nil {
		return append(problems, "java/pom.xml: "+err.Error())
	}
	// The project's own version: a child of <project>, not a plugin's.
	var pom struct {
		Version string `xml:"version"`
	}
	if err := xml.Unmarshal(data, &pom); err != nil {
		return append(problems, "java/pom.xml: "+err.Error())
	}
	if pom.Version != want {
		problems = append(problems, fmt.Sprintf("java/pom.xml says version %q, the Go modules' next release is %s (gen/internal/scripts.Version makes both)", pom.Version, want))
	}
	return problems
}

// proxy writes the release's modules at rev into the proxy directory out.
func proxy(repo, rev, out, version, only string, stdout io.Writer) error {
	if version == "" {
		v, err := next(repo)
		if err != nil {
			return err
		}
		version = v
	}
	if !semver.IsValid(version) || semver.Canonical(version) != version {
		return fmt.Errorf("-version %q is not a canonical semantic version", version)
	}
	when, err := git(repo, "show", "-s", "--format=%cI", rev)
	if err != nil {
		return err
	}
	t, err := time.Parse(time.RFC3339, strings.TrimSpace(string(when)))
	if err != nil {
		return err
	}
	published := 0
	for _, dir := range Installable {
		path := modulePath(dir)
		if only != "" && only != path {
			continue
		}
		if err := publish(repo, rev, dir, module.Version{Path: path, Version: version}, t.UTC(), out); err != nil {
			return fmt.Errorf("%s@%s: %w", path, version, err)
		}
		fmt.Fprintf(stdout, "%s@%s\n", path, version)
		published++
	}
	if published == 0 {
		return fmt.Errorf("-module %s is not an installable module (%s)", only, strings.Join(Installable, ", "))
	}
	return nil
}

// publish writes one module version into the proxy directory out, as the
// GOPROXY protocol lays it out: $module/@v/list, $version.info, .mod, .zip.
func publish(repo, rev, dir string, m module.Version, t time.Time, out string) error {
	esc, err := module.EscapePath(m.Path)
	if err != nil {
		return err
	}
	vdir := filepath.Join(out, esc, "@v")
	if err := os.MkdirAll(vdir, 0o755); err != nil {
		return err
	}
	base := filepath.Join(vdir, m.Version)
	subdir := strings.TrimPrefix(dir, ".")
	mod, err := git(repo, "show", rev+":"+filepath.ToSlash(filepath.Join(subdir, "go.mod")))
	if err != nil {
		return err
	}
	if err := os.WriteFile(base+".mod", mod, 0o644); err != nil {
		return err
	}
	info, err := json.Marshal(struct {
		Version string
		Time    time.Time
	}{m.Version, t})
	if err != nil {
		return err
	}
	if err := os.WriteFile(base+".info", info, 0o644); err != nil {
		return err
	}
	f, err := os.Create(base + ".zip")
	if err != nil {
		return err
	}
	if subdir != "" {
		subdir += "/"
	}
	if err := zip.CreateFromVCS(f, m, repo, rev, subdir); err != nil {
		f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	if _, err := zip.CheckZip(m, base+".zip"); err != nil {
		return err
	}
	return addToList(filepath.Join(vdir, "list"), m.Version)
}

// addToList adds version to the proxy's list file, which holds one version
// per line.
func addToList(name, version string) error {
	data, err := os.ReadFile(name)
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		return err
	}
	versions := strings.Fields(string(data))
	if !slices.Contains(versions, version) {
		versions = append(versions, version)
	}
	semver.Sort(versions)
	return os.WriteFile(name, []byte(strings.Join(versions, "\n")+"\n"), 0o644)
}

func git(dir string, args ...string) ([]byte, error) {
	cmd := exec.Command("git", args...)
	cmd.Dir = dir
	out, err := cmd.Output()
	if err != nil {
		var ee *exec.ExitError
		if errors.As(err, &ee) {
			return nil, fmt.Errorf("git %s: %v: %s", strings.Join(args, " "), err, ee.Stderr)
		}
		return nil, err
	}
	return out, nil
}
