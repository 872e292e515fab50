package main

import (
	"fmt"
	"io"
)

const playgroundUsage = `usage: idforge playground

The playground, a page that inspects IDs and checks layout specs in the
browser, is served by a command of its own, so that idforge does not carry
the page's 6 MB:

  go run github.com/idforge/idforge/web/cmd/playground@latest [-addr HOST:PORT] [-out DIR]
  go run ./web/cmd/playground [-addr HOST:PORT] [-out DIR]    (in a checkout of idforge)

It builds the page's WebAssembly with your go command at its first start,
into your cache directory. With -out DIR it writes the page's files into
DIR instead of serving them: they also work opened from disk or put on any
static host. 'idforge playground' only prints these lines, and exits 2.
`

// playgroundMoved is what 'idforge playground' says: where the playground
// is served from.
const playgroundMoved = `the playground is a command of its own, which keeps idforge small:
  go run github.com/idforge/idforge/web/cmd/playground@latest [-addr HOST:PORT]
or, in a checkout of idforge:
  go run ./web/cmd/playground [-addr HOST:PORT]`

func cmdPlayground(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("playground")
	fs.String("addr", "", "") // taken, so that the message below answers an old call
	if err := parseFlagsOnly(fs, args); err != nil {
		return err
	}
	fmt.Fprintf(stderr, "idforge playground: %s\n", playgroundMoved)
	return errUsageReported
}
