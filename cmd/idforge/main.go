// Command idforge makes, inspects and converts unique IDs whose bit layouts
// are declared in specs.
//
// Usage:
//
//	idforge new [-layout NAME] [-enc ENCODING] [-n N]
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
)

// Exit codes.
const (
	exitOK    = 0
	exitInput = 1 // bad input: an ID or spec that does not parse
	exitUsage = 2 // bad flags or an unknown command
)

// usageError marks an error in how the command was called.
type usageError struct{ error }

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// run runs one command and returns its exit code.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprintln(stderr, "usage: idforge new [-layout NAME] [-enc ENCODING] [-n N]")
		return exitUsage
	}
	var err error
	switch args[0] {
	case "new":
		err = cmdNew(args[1:], stdout)
	default:
		err = usageError{fmt.Errorf("unknown command %q", args[0])}
	}
	var ue usageError
	switch {
	case err == nil:
		return exitOK
	case errors.Is(err, flag.ErrHelp):
		return exitOK
	case errors.As(err, &ue):
		fmt.Fprintln(stderr, "idforge:", err)
		return exitUsage
	default:
		fmt.Fprintln(stderr, "idforge:", err)
		return exitInput
	}
}
