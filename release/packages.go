package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// buildPackages builds idforge's JavaScript, Python and Java packages from
// the checkout at repo into dir, with go run ./gen/tools/packages (the
// repository keeps none of them), and returns dir.
func buildPackages(repo, dir string) (string, error) {
	cmd := exec.Command("go", "run", "./gen/tools/packages", "-o", dir)
	cmd.Dir = repo
	var stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = io.Discard, &stderr
	if err := cmd.Run(); err != nil {
		return "", fmt.Errorf("go run ./gen/tools/packages -o %s: %v\n%s", dir, err, stderr.String())
	}
	return dir, nil
}

// assemble builds the packages of the checkout at repo and makes, in out,
// what a release of version (X.Y.Z, no "v") publishes beside the Go
// modules:
//
//   - idforge-X.Y.Z.tgz, the npm package, by npm pack;
//   - idforge-X.Y.Z-py3-none-any.whl and idforge-X.Y.Z.tar.gz, the wheel
//     and the sdist, by python -m build without build isolation (the
//     setuptools python sees builds them);
//   - idforge-X.Y.Z.jar, idforge-X.Y.Z-sources.jar,
//     idforge-X.Y.Z-javadoc.jar and idforge-X.Y.Z.pom, the Maven artifact
//     io.github.idforge:idforge as Maven Central takes it, by javac,
//     javadoc and jar (JDK 17 or later; no Maven), the classes' jar with
//     Maven's resources (META-INF/idforge/lease.sql).
//
// The npm tarball and the wheel carry lease.sql too (npm's package.json
// lists it; MANIFEST.in makes it package data).
//
// It fails when a package's metadata does not carry version, and names
// the tool that failed.
func assemble(repo, out, version, python string, stdout io.Writer) error {
	work, err := os.MkdirTemp("", "idforge-release-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(work)
	build, err := buildPackages(repo, filepath.Join(work, "packages"))
	if err != nil {
		return err
	}
	if problems := packageVersions(build, version); len(problems) > 0 {
		return fmt.Errorf("the packages are not at %s:\n  %s", version, strings.Join(problems, "\n  "))
	}
	if err := os.MkdirAll(out, 0o755); err != nil {
		return err
	}
	out, err = filepath.Abs(out)
	if err != nil {
		return err
	}
	name := "idforge-" + version

	// npm: the tarball of the package folder, as npm publish uploads it.
	if err := runIn(filepath.Join(build, "js"), nil, "npm", "pack", "--pack-destination", out, "--silent"); err != nil {
		return err
	}

	// Python: the wheel and the sdist. setuptools writes idforge.egg-info
	// beside the sources, which are the build's own. PYTHONDONTWRITEBYTECODE
	// only makes setuptools warn that it compiles nothing.
	// A warning (a licence form setuptools would drop, say) fails the
	// release.
	env := []string{"PYTHONDONTWRITEBYTECODE="}
	log, err := runOut(build, env, python, "-m", "build", "--no-isolation", "--wheel", "--sdist", "--outdir", out, filepath.Join(build, "python"))
	if err != nil {
		return err
	}
	if strings.Contains(strings.ToLower(log), "warn") {
		return fmt.Errorf("%s -m build warned:\n%s", python, log)
	}

	// Maven: the classes, the sources and the Javadoc, each in its jar
	// with the licence, and the POM.
	src := filepath.Join(build, "java", "src", "main", "java")
	sources, err := filepath.Glob(filepath.Join(src, "io", "github", "idforge", "*.java"))
	if err != nil || len(sources) == 0 {
		return fmt.Errorf("no Java sources in %s (%v)", src, err)
	}
	sources = append(sources, filepath.Join(src, "module-info.java"))
	classes, apidocs, meta := filepath.Join(work, "classes"), filepath.Join(work, "apidocs"), filepath.Join(work, "meta")
	if err := runIn(work, nil, "javac", append([]string{"--release", "17", "-d", classes}, sources...)...); err != nil {
		return err
	}
	if err := runIn(work, nil, "javadoc", append([]string{"--release", "17", "-quiet", "-d", apidocs}, sources...)...); err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Join(meta, "META-INF"), 0o755); err != nil {
		return err
	}
	license, err := os.ReadFile(filepath.Join(build, "java", "LICENSE"))
	if err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(meta, "META-INF", "LICENSE"), license, 0o644); err != nil {
		return err
	}
	for _, j := range []struct{ file, dir string }{
		{name + ".jar", classes},
		{name + "-sources.jar", src},
		{name + "-javadoc.jar", apidocs},
	} {
		args := []string{"--create", "--file", filepath.Join(out, j.file)}
		if j.dir == classes {
			args = append(args, "--module-version", version)
		}
		args = append(args, "-C", j.dir, ".", "-C", meta, ".")
		if j.dir == classes {
			// Maven's resources: META-INF/idforge/lease.sql, the lease
			// functions' install script, which the lease client's users
			// run (the package's README says how).
			args = append(args, "-C", filepath.Join(build, "java", "src", "main", "resources"), ".")
		}
		if err := runIn(work, nil, "jar", args...); err != nil {
			return err
		}
	}
	pom, err := os.ReadFile(filepath.Join(build, "java", "pom.xml"))
	if err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(out, name+".pom"), pom, 0o644); err != nil {
		return err
	}

	var missing []string
	for _, f := range published(version) {
		info, err := os.Stat(filepath.Join(out, f))
		if err != nil {
			missing = append(missing, f)
			continue
		}
		fmt.Fprintf(stdout, "%9d %s\n", info.Size(), filepath.Join(out, f))
	}
	if len(missing) > 0 {
		return fmt.Errorf("the tools made no %s in %s", strings.Join(missing, ", "), out)
	}
	return nil
}

// published are the files assemble makes for version.
func published(version string) []string {
	name := "idforge-" + version
	return []string{
		name + ".tgz",
		name + "-py3-none-any.whl", name + ".tar.gz",
		name + ".jar", name + "-sources.jar", name + "-javadoc.jar", name + ".pom",
	}
}

// runIn runs a tool in dir, with env added to this process's environment,
// and returns an error with its output if it fails.
func runIn(dir string, env []string, name string, args ...string) error {
	_, err := runOut(dir, env, name, args...)
	return err
}

// runOut is runIn, returning the tool's output (standard output and
// error) too.
func runOut(dir string, env []string, name string, args ...string) (string, error) {
	if _, err := exec.LookPath(name); err != nil {
		return "", fmt.Errorf("%s is not installed: %v", name, err)
	}
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), env...)
	var output bytes.Buffer
	cmd.Stdout, cmd.Stderr = &output, &output
	if err := cmd.Run(); err != nil {
		return "", fmt.Errorf("%s %s: %v\n%s", name, strings.Join(args, " "), err, output.String())
	}
	return output.String(), nil
}

// errNoOut is the error of packages without -o.
var errNoOut = errors.New("packages needs -o DIR")
