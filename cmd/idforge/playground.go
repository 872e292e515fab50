package main

import (
	"fmt"
	"io"
	"regexp"
	"runtime/debug"
)

const playgroundUsage = `usage: idforge playground

The playground, a page that inspects IDs and checks layout specs in the
browser, is served by a command of its own, so that idforge does not carry
the page's 6 MB:

  go run github.com/idforge/idforge/web/cmd/playground@VERSION [-addr HOST:PORT] [-out DIR]
  go run ./web/cmd/playground [-addr HOST:PORT] [-out DIR]    (in a checkout of idforge)

VERSION is a release of idforge, such as v0.1.0 (the playground is tagged
with every release); 'idforge playground' names the release this idforge
was built from.

It builds the page's WebAssembly with your go command at its first start,
into your cache directory. With -out DIR it writes the page's files into
DIR instead of serving them: they also work opened from disk or put on any
static host. 'idforge playground' only prints these lines, and exits 2.
`

// playgroundMoved is what 'idforge playground' says: where the playground
// is served from. An idforge built from a release (go install …@v0.1.0)
// names the playground of the same release, which is tagged with it; one
// built from a checkout names the checkout's, since no release may hold
// the playground it knows.
func playgroundMoved() string {
	release := regexp.MustCompile(`^v[0-9]+\.[0-9]+\.[0-9]+$`) // not a pseudo-version or a pre-release
	const pkg = "github.com/idforge/idforge/web/cmd/playground"
	checkout := "in a checkout of idforge:\n  go run ./web/cmd/playground [-addr HOST:PORT]"
	if bi, ok := debug.ReadBuildInfo(); ok && release.MatchString(bi.Main.Version) && bi.Main.Replace == nil {
		return fmt.Sprintf("the playground is a command of its own, which keeps idforge small:\n  go run %s@%s [-addr HOST:PORT]\nor, %s", pkg, bi.Main.Version, checkout)
	}
	return "the playground is a command of its own, which keeps idforge small;\n" + checkout +
		"\n(this idforge is not a release's: with a release, go run " + pkg + "@VERSION)"
}

func cmdPlayground(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("playground")
	fs.String("addr", "", "") // taken, so that the message below answers an old call
	if err := parseFlagsOnly(fs, args); err != nil {
		return err
	}
	fmt.Fprintf(stderr, "idforge playground: %s\n", playgroundMoved())
	return errUsageReported
}
