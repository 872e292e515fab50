package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/signal"
	"time"

	"github.com/idforge/idforge/web"
)

const playgroundUsage = `usage: idforge playground [-addr HOST:PORT]

Serves the playground, a page that inspects IDs and checks layout specs
in the browser, and prints its address. The page runs idforge compiled to
WebAssembly: the server only hands out its files, and the page sends
nothing back. The same files (web/static in idforge's source) also work
opened from disk or put on any static host. Ctrl-C stops the server.

Links carry the page's state: ?id=TEXT shows that ID, ?spec=SPEC (URL-
encoded) checks that spec.

  -addr   the address to listen on (default 127.0.0.1:8080; port 0 picks
          a free one)

Examples:
  idforge playground
  idforge playground -addr 127.0.0.1:0
`

func cmdPlayground(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("playground")
	addr := fs.String("addr", "127.0.0.1:8080", "")
	if err := parseFlagsOnly(fs, args); err != nil {
		return err
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	return servePlayground(ctx, *addr, stdout)
}

// servePlayground serves the playground's files on addr until ctx ends,
// after writing its URL to stdout.
func servePlayground(ctx context.Context, addr string, stdout io.Writer) error {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return err
	}
	srv := &http.Server{
		Handler:           http.FileServer(http.FS(web.Files())),
		ReadHeaderTimeout: 10 * time.Second,
	}
	fmt.Fprintf(stdout, "idforge playground: http://%s/ (Ctrl-C stops it)\n", ln.Addr())
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
