// Command playground serves idforge's playground, a page that inspects IDs
// and checks layout specs in the browser, and prints its address:
//
//	go run github.com/idforge/idforge/web/cmd/playground [-addr HOST:PORT]
//	go run ./web/cmd/playground [-addr HOST:PORT]    (in a checkout of idforge)
//
// The page runs idforge compiled to WebAssembly: the server only hands out
// its files (package web's Handler, with ETags and Cache-Control), and the
// page sends nothing back. The same files (web/static in idforge's source)
// also work opened from disk or put on any static host. Ctrl-C stops the
// server.
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
	"net"
	"net/http"
	"os"
	"os/signal"
	"time"

	"github.com/idforge/idforge/web"
)

const usage = `usage: playground [-addr HOST:PORT]

Serves idforge's playground, a page that inspects IDs and checks layout
specs in the browser, and prints its address. The page runs idforge
compiled to WebAssembly: the server only hands out its files, and the page
sends nothing back. The same files (web/static in idforge's source) also
work opened from disk or put on any static host. Ctrl-C stops the server.

Links carry the page's state: ?id=TEXT shows that ID, ?spec=SPEC (URL-
encoded) checks that spec.

  -addr   the address to listen on (default 127.0.0.1:8080; port 0 picks
          a free one)

Examples:
  go run github.com/idforge/idforge/web/cmd/playground
  go run ./web/cmd/playground -addr 127.0.0.1:0      (in a checkout of idforge)
`

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	os.Exit(run(ctx, os.Args[1:], os.Stdout, os.Stderr))
}

// run serves the playground until ctx ends and returns the exit code: 0,
// 2 for a usage error, 1 when the server cannot start or fails.
func run(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("playground", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	addr := fs.String("addr", "127.0.0.1:8080", "")
	switch err := fs.Parse(args); {
	case errors.Is(err, flag.ErrHelp):
		fmt.Fprint(stdout, usage)
		return 0
	case err == nil && fs.NArg() > 0:
		err = fmt.Errorf("playground takes no arguments, got %q", fs.Arg(0))
		fallthrough
	case err != nil:
		fmt.Fprintf(stderr, "playground: %v\nrun 'playground -h' for usage\n", err)
		return 2
	}
	if err := serve(ctx, *addr, stdout); err != nil {
		fmt.Fprintf(stderr, "playground: %v\n", err)
		return 1
	}
	return 0
}

// serve serves the playground's files on addr until ctx ends, after
// writing its URL to stdout.
func serve(ctx context.Context, addr string, stdout io.Writer) error {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		// Most often the port is taken (another playground, say).
		return fmt.Errorf("%w\nchoose another address with -addr HOST:PORT (-addr 127.0.0.1:0 picks a free port)", err)
	}
	srv := &http.Server{
		Handler:           web.Handler(),
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
