package main

import (
	"fmt"
	"io"
	"runtime/debug"
)

const versionUsage = `usage: idforge version

Prints the version of the idforge module the command was built from, as
the Go build information records it: a release such as v0.3.0 when built
with go install or go run PACKAGE@VERSION, or fetched as a tool with
go get -tool; "(devel)" when built from a checkout without version control
information (go build -buildvcs=false). Go 1.24 and later stamp a build from
a git checkout with a pseudo-version of its commit. A module replaced by a
directory (a replace directive) is shown with the directory.
`

func cmdVersion(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("version")
	if err := parseFlagsOnly(fs, args); err != nil {
		return err
	}
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return fmt.Errorf("the binary holds no build information")
	}
	fmt.Fprintln(stdout, "idforge", moduleVersion(bi.Main))
	return nil
}

// moduleVersion writes a module's version as go version -m does: the
// version, and the replacement when there is one.
func moduleVersion(m debug.Module) string {
	v := m.Version
	if v == "" {
		v = "(devel)"
	}
	if r := m.Replace; r != nil {
		v += " => " + r.Path
		if r.Version != "" {
			v += " " + r.Version
		}
	}
	return v
}
