// Command gofrs prints IDs from gofrs/uuid at the version this module
// pins (the newest v5), for interop/cmd/league, whose own module pins
// v5.4.0 (gofrs/uuid#253): one build cannot hold two versions of one
// module, so this one is a module of its own, under testdata so that
// go.work and ./... leave it out. league runs it with GOWORK=off:
//
//	gofrs -f v7 -n 100000
package main

import (
	"bufio"
	"flag"
	"fmt"
	"os"
	"runtime/debug"

	"github.com/gofrs/uuid/v5"
)

func main() {
	f := flag.String("f", "v7", "the function: v1, v4, v6 or v7")
	n := flag.Int("n", 100000, "how many IDs")
	version := flag.Bool("version", false, "print gofrs/uuid's version and exit")
	flag.Parse()
	if *version {
		info, _ := debug.ReadBuildInfo()
		for _, d := range info.Deps {
			if d.Path == "github.com/gofrs/uuid/v5" {
				fmt.Println(d.Version)
			}
		}
		return
	}
	fns := map[string]func() (uuid.UUID, error){"v1": uuid.NewV1, "v4": uuid.NewV4, "v6": uuid.NewV6, "v7": uuid.NewV7}
	fn := fns[*f]
	if fn == nil {
		fmt.Fprintf(os.Stderr, "gofrs: no function %q\n", *f)
		os.Exit(2)
	}
	// Made first, printed after, so that writing does not slow the
	// generator (the league's Go rows make their IDs the same way).
	ids := make([]uuid.UUID, *n)
	for i := range ids {
		id, err := fn()
		if err != nil {
			fmt.Fprintln(os.Stderr, "gofrs:", err)
			os.Exit(1)
		}
		ids[i] = id
	}
	w := bufio.NewWriter(os.Stdout)
	for _, id := range ids {
		w.WriteString(id.String())
		w.WriteByte('\n')
	}
	if err := w.Flush(); err != nil {
		os.Exit(1)
	}
}
