// Command playground serves idforge's playground, a page that inspects IDs
// and checks layout specs in the browser, and prints its address; with
// -out DIR it writes the page's files to DIR instead, for a static host:
//
//	go run github.com/idforge/idforge/web/cmd/playground@latest [-addr HOST:PORT] [-out DIR]
//	go run ./web/cmd/playground [-addr HOST:PORT] [-out DIR]    (in a checkout of idforge)
//
// The page runs idforge compiled to WebAssembly, which is not shipped in
// the module: at its first start the command builds it with the user's go
// command (package web's Build) into the user's cache (idforge/playground
// in os.UserCacheDir) and reuses it at later starts. A release builds the
// same versions of idforge's modules it was built from; a checkout builds
// from its sources, again after they change. The server only hands out the
// files (package web's Handler, with ETags and Cache-Control), and the page
// sends nothing back. The files -out writes also work opened from disk.
// Ctrl-C stops the server.
//
// It is a command of its own, not a part of the idforge command, so that
// idforge does not carry the page's 6 MB.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"net"
	"net/http"
	"os"
	"os/signal"
	"path/filepath"
	"time"

	"github.com/idforge/idforge/web"
)

const usage = `usage: playground [-addr HOST:PORT] [-out DIR]

Serves idforge's playground, a page that inspects IDs and checks layout
specs in the browser, and prints its address. The page runs idforge
compiled to WebAssembly: the server only hands out its files, and the page
sends nothing back. Ctrl-C stops the server.

The WebAssembly is built at the first start with your go command, into
your cache directory (idforge/playground under it), and reused after: a
release builds the versions of idforge's modules it was built from (go
fetches them as it fetches any module), a checkout of idforge builds from
its sources, again after they change.

Links carry the page's state: ?id=TEXT shows that ID, ?spec=SPEC (URL-
encoded) checks that spec.

  -addr   the address to listen on (default 127.0.0.1:8080; port 0 picks
          a free one)
  -out    write the page's files into DIR (created if need be) and exit,
          instead of serving them: put DIR on any static host, or open
          DIR/index.html from disk

Examples:
  go run github.com/idforge/idforge/web/cmd/playground@latest
  go run github.com/idforge/idforge/web/cmd/playground@latest -out site
  go run ./web/cmd/playground -addr 127.0.0.1:0      (in a checkout of idforge)
`

// cacheDir is where the WebAssembly is built; "" is the user's cache. The
// tests set it.
var cacheDir string

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	os.Exit(run(ctx, os.Args[1:], os.Stdout, os.Stderr))
}

// run serves the playground until ctx ends, or writes its files with
// -out, and returns the exit code: 0, 2 for a usage error, 1 when the
// WebAssembly cannot be built or the server cannot start or fails.
func run(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	flags := flag.NewFlagSet("playground", flag.ContinueOnError)
	flags.SetOutput(io.Discard)
	addr := flags.String("addr", "127.0.0.1:8080", "")
	out := flags.String("out", "", "")
	switch err := flags.Parse(args); {
	case errors.Is(err, flag.ErrHelp):
		fmt.Fprint(stdout, usage)
		return 0
	case err == nil && flags.NArg() > 0:
		err = fmt.Errorf("playground takes no arguments, got %q", flags.Arg(0))
		fallthrough
	case err != nil:
		fmt.Fprintf(stderr, "playground: %v\nrun 'playground -h' for usage\n", err)
		return 2
	}
	err := func() error {
		// The address first: a port in use fails at once, not after a build.
		var ln net.Listener
		if *out == "" {
			var err error
			if ln, err = listen(*addr); err != nil {
				return err
			}
			defer ln.Close()
		}
		dir, err := web.Build(ctx, web.BuildOptions{CacheDir: cacheDir, Log: stderr})
		if err != nil {
			return err
		}
		site, err := web.Site(dir)
		if err != nil {
			return err
		}
		if *out != "" {
			if err := web.WriteSite(*out, site); err != nil {
				return err
			}
			fmt.Fprintf(stdout, "playground: wrote the page's files into %s (open %s)\n", *out, filepath.Join(*out, "index.html"))
			return nil
		}
		return serve(ctx, ln, site, stdout)
	}()
	if err != nil {
		fmt.Fprintf(stderr, "playground: %v\n", err)
		return 1
	}
	return 0
}

// listen listens on addr, with an error that says how to choose another.
func listen(addr string) (net.Listener, error) {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		// Most often the port is taken (another playground, say).
		return nil, fmt.Errorf("%w\nchoose another address with -addr HOST:PORT (-addr 127.0.0.1:0 picks a free port)", err)
	}
	return ln, nil
}

// serve serves site on ln until ctx ends, after writing its URL to
// stdout.
func serve(ctx context.Context, ln net.Listener, site fs.FS, stdout io.Writer) error {
	srv := &http.Server{
		Handler:           web.Handler(site),
		ReadHeaderTimeout: 10 * time.Second,
	}
	fmt.Fprintf(stdout, "playground: http://%s/ (Ctrl-C stops it)\n", ln.Addr())
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ln) }()
	select {
	case err := <-done:
		return err
	case <-ctx.Done():
	}
	shutdown, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := srv.Shutdown(shutdown); err != nil {
		return err
	}
	if err := <-done; !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}
