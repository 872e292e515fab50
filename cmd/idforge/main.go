// Command idforge makes, inspects and converts unique IDs whose bit layouts
// are declared in specs.
//
//	idforge new [-layout NAME | -spec FILE] [-enc ENCODING] [-n N]
//	idforge inspect [-json] [-layout NAME | -spec FILE] ID... (or - to read IDs from standard input)
//	idforge convert -to LAYOUT [-enc ENCODING] [-spec FILE] ID... (or -)
//	idforge layouts [-spec FILE] [-rate R -nodes N]
//	idforge gen -spec FILE -pkg NAME -o FILE
//	idforge store check|repair FILE
//	idforge version
//
// Exit codes: 0 ok, 1 bad input, 2 usage.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
)

// Exit codes.
const (
	exitOK    = 0
	exitInput = 1 // bad input: an ID or spec that does not parse
	exitUsage = 2 // bad flags or an unknown command
)

const mainUsage = `idforge makes, inspects and converts unique IDs.

usage: idforge COMMAND [flags]

commands:
  new       make new IDs
  inspect   show the layout, fields, time and encodings of IDs
  convert   convert IDs between layouts and encodings
  layouts   list the built-in layouts and their properties, or check a spec
  gen       generate a Go package for a layout spec
  store     check or repair the state file of new -store
  version   print idforge's module version, from the build information

'idforge help COMMAND' or 'idforge COMMAND -h' shows a command's flags and examples.
`

// errReported is a bad-input error the command has already explained.
var errReported = errors.New("reported")

// usageError marks an error in how the command was called.
type usageError struct{ error }

func (e usageError) Unwrap() error { return e.error }

type command func(args []string, stdin io.Reader, stdout, stderr io.Writer) error

var commands map[string]command

var usages = map[string]string{
	"new": newUsage, "inspect": inspectUsage, "convert": convertUsage, "layouts": layoutsUsage, "gen": genUsage,
	"store": storeUsage, "version": versionUsage,
}

func init() {
	commands = map[string]command{
		"new":     func(a []string, _ io.Reader, out, errw io.Writer) error { return cmdNew(a, out, errw) },
		"inspect": cmdInspect,
		"convert": cmdConvert,
		"layouts": func(a []string, _ io.Reader, out, errw io.Writer) error { return cmdLayouts(a, out, errw) },
		"gen":     func(a []string, _ io.Reader, out, errw io.Writer) error { return cmdGen(a, out, errw) },
		"store":   func(a []string, _ io.Reader, out, errw io.Writer) error { return cmdStore(a, out, errw) },
		"version": func(a []string, _ io.Reader, out, errw io.Writer) error { return cmdVersion(a, out, errw) },
	}
}

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// run runs one command and returns its exit code.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprint(stderr, mainUsage)
		return exitUsage
	}
	switch args[0] {
	case "-h", "-help", "--help":
		fmt.Fprint(stdout, mainUsage)
		return exitOK
	case "help":
		if len(args) == 1 {
			fmt.Fprint(stdout, mainUsage)
			return exitOK
		}
		if u, ok := usages[args[1]]; ok {
			fmt.Fprint(stdout, u)
			return exitOK
		}
		fmt.Fprintf(stderr, "idforge: no command %q\n", args[1])
		return exitUsage
	}
	cmd, ok := commands[args[0]]
	if !ok {
		fmt.Fprintf(stderr, "idforge: unknown command %q\n\n%s", args[0], mainUsage)
		return exitUsage
	}
	err := cmd(args[1:], stdin, stdout, stderr)
	var ue usageError
	switch {
	case err == nil, errors.Is(err, flag.ErrHelp):
		return exitOK
	case errors.Is(err, errReported):
		return exitInput
	case errors.As(err, &ue):
		printError(stderr, args[0], err)
		return exitUsage
	default:
		printError(stderr, args[0], err)
		return exitInput
	}
}

// printError writes err to stderr with the command's name before each of its
// lines (a spec's problems come one a line), so that every line reads
// alone, as grep shows it.
func printError(stderr io.Writer, cmd string, err error) {
	for _, line := range strings.Split(err.Error(), "\n") {
		fmt.Fprintf(stderr, "idforge %s: %s\n", cmd, line)
	}
}

// newFlagSet returns a flag set that prints usage, for -h, to stderr.
func newFlagSet(name, usage string, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Usage = func() { fmt.Fprint(stderr, usage) }
	return fs
}

// parseFlags parses flags; -h prints the usage and returns flag.ErrHelp.
func parseFlags(fs *flag.FlagSet, args []string) error {
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fs.Usage()
			return err
		}
		return usageError{err}
	}
	return nil
}

// parseFlagsOnly is parseFlags for a command that takes no arguments but
// its flags: a word left over (a misspelt flag, a value without its flag)
// is a usage error, not silently ignored.
func parseFlagsOnly(fs *flag.FlagSet, args []string) error {
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return usageError{fmt.Errorf("%s takes no arguments, got %q", fs.Name(), fs.Arg(0))}
	}
	return nil
}

// flagSet reports whether a flag was given.
func flagSet(fs *flag.FlagSet, name string) bool {
	set := false
	fs.Visit(func(f *flag.Flag) { set = set || f.Name == name })
	return set
}
