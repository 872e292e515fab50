package main

import (
	"bufio"
	"encoding/hex"
	"flag"
	"fmt"
	"io"

	"github.com/idforge/idforge/interp"
	"github.com/idforge/idforge/layouts"
)

// aliases are the short layout names the CLI accepts.
var aliases = map[string]string{
	"v1": "uuidv1", "v3": "uuidv3", "v4": "uuidv4", "v5": "uuidv5",
	"v6": "uuidv6", "v7": "uuidv7", "v8": "uuidv8",
}

func cmdNew(args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("new", flag.ContinueOnError)
	name := fs.String("layout", "v7", "layout `name`: v1, v4, v6, v7, v8 or any built-in layout")
	enc := fs.String("enc", "canonical", "`encoding`: canonical or hex")
	n := fs.Int("n", 1, "how many IDs")
	if err := fs.Parse(args); err != nil {
		return usageError{err}
	}
	if a, ok := aliases[*name]; ok {
		*name = a
	}
	l, err := layouts.Builtin(*name)
	if err != nil {
		return usageError{err}
	}
	format, err := formatter(l, *enc)
	if err != nil {
		return err
	}
	g, err := interp.NewGenerator(l)
	if err != nil {
		return err
	}
	w := bufio.NewWriter(stdout)
	for range *n {
		id, err := g.Next()
		if err != nil {
			return err
		}
		fmt.Fprintln(w, format(id))
	}
	return w.Flush()
}

// formatter returns the function that writes an ID of the layout as text.
func formatter(l *layouts.Layout, enc string) (func([]byte) string, error) {
	switch {
	case enc == "hex", enc == "canonical" && l.Bits != 128:
		return hex.EncodeToString, nil
	case enc == "canonical":
		return func(b []byte) string {
			h := hex.EncodeToString(b)
			return h[:8] + "-" + h[8:12] + "-" + h[12:16] + "-" + h[16:20] + "-" + h[20:]
		}, nil
	}
	return nil, usageError{fmt.Errorf("unknown encoding %q", enc)}
}
