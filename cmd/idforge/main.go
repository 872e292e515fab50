// Command idforge makes, inspects and converts unique IDs whose bit layouts
// are declared in specs.
//
//	idforge new [-layout NAME | -spec FILE] [-enc ENCODING] [-n N] [-at TIME | -min-at TIME -max-at TIME]
//	idforge inspect [-json] [-all] [-layout NAME | -spec FILE] [-from ENCODING] ID... (or - to read IDs from standard input)
//	idforge convert [-to LAYOUT] [-enc ENCODING] [-layout NAME | -spec FILE] [-from ENCODING] ID... (or -)
//	idforge layouts [-spec FILE | NAME] [-rate R -nodes N] [-svg]
//	idforge gen [-lang LANGUAGE] (-layout NAME | -spec FILE) -o FILE ...
//	idforge store check|repair FILE
//	idforge mask|unmask (-layout NAME | -spec FILE) -key-file FILE [-tweak T] [-from ENCODING] ID... (or -)
//	idforge key [-o FILE]
//	idforge verify (-layout NAME | -spec FILE) [-from ENCODING] [-json] [FILE] (or - or nothing for standard input)
//	idforge conformance -testee CMD [-layout NAMES] [-failures FILE] [-json]
//	idforge version
//
// Flags may come before or after the arguments in every command; after
// "--", every word is an argument. The playground is served by its own
// command, github.com/idforge/idforge/web/cmd/playground; 'idforge
// playground' says so.
//
// Exit codes, the same for every command: 0 ok; 2 for a usage error, a
// mistake in how idforge was called (an unknown command, flag, layout or
// encoding name, a missing or extra argument, flags that do not go
// together); 1 for a failure once the call made sense (an ID or spec that
// does not parse, a file that cannot be read or written, a damaged store, an
// ID that cannot be made or converted).
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/idforge/idforge/explain"
)

// Exit codes (see the package comment for the rule).
const (
	exitOK    = 0
	exitInput = 1 // a failure: an ID or spec that does not parse, a file, a store
	exitUsage = 2 // a usage error: how the command was called
)

// mainUsage is idforge's help: mainUsageText with gen's line written from
// the registry of languages.
var mainUsage = strings.Replace(mainUsageText, "  gen\n", column("gen", "write a layout's code in "+orList(genTitles()), 10), 1)

// mainUsageText is idforge's help but for gen's line, "  gen\n".
const mainUsageText = `idforge makes, inspects and converts unique IDs.

usage: idforge COMMAND [flags] [arguments]

commands:
  new         make new IDs, or IDs of a given time (backfill, range bounds)
  inspect     say what IDs are: their layout, fields, time and encodings
  convert     convert IDs between layouts and encodings
  layouts     list the built-in layouts and their properties, or check a spec
  gen
  store       check or repair the state file of new -store
  mask        write IDs' public forms under a secret key (Private IDs)
  unmask      give back the IDs of public forms
  key         write a new secret key for mask and unmask
  verify      check IDs made by any implementation against their layout
  conformance run the conformance corpus against an implementation in any language
  playground  say where the playground is served from (a command of its own)
  version     print idforge's module version, from the build information

Flags may come before or after the arguments, in every command:
'idforge inspect ID -json' is 'idforge inspect -json ID'. After --, every
word is an argument, even one that starts with -. A lone - as the argument
of inspect, convert, mask or unmask reads IDs from standard input, one a
line. They read an ID in any form idforge writes, -from ENCODING in one;
a text that reads as different IDs is refused, its readings named.

'idforge help COMMAND' or 'idforge COMMAND -h' shows a command's flags and
examples.

Exit codes: 0 ok; 2 for a usage error (an unknown command, flag, layout or
encoding, a missing argument); 1 for a failure (input that does not parse,
a file that cannot be read or written, a damaged store).
`

// errReported is a bad-input error the command has already explained;
// errUsageReported is a usage error it has.
var (
	errReported      = errors.New("reported")
	errUsageReported = errors.New("usage reported")
)

// usageError marks an error in how the command was called.
type usageError struct{ error }

func (e usageError) Unwrap() error { return e.error }

type command func(args []string, stdin io.Reader, stdout, stderr io.Writer) error

var commands map[string]command

var usages = map[string]string{
	"new": newUsage, "inspect": inspectUsage, "convert": convertUsage, "layouts": layoutsUsage, "gen": genUsage,
	"store": storeUsage, "version": versionUsage, "playground": playgroundUsage,
	"key": keyUsage, "mask": maskUsage, "unmask": maskUsage, "verify": verifyUsage, "conformance": conformanceUsage,
}

func init() {
	commands = map[string]command{
		"new":         func(a []string, _ io.Reader, out, errw io.Writer) error { return cmdNew(a, out, errw) },
		"inspect":     cmdInspect,
		"convert":     cmdConvert,
		"layouts":     func(a []string, _ io.Reader, out, errw io.Writer) error { return cmdLayouts(a, out, errw) },
		"gen":         func(a []string, _ io.Reader, out, errw io.Writer) error { return cmdGen(a, out, errw) },
		"store":       func(a []string, _ io.Reader, out, errw io.Writer) error { return cmdStore(a, out, errw) },
		"key":         func(a []string, _ io.Reader, out, errw io.Writer) error { return cmdKey(a, out, errw) },
		"mask":        cmdMask(true),
		"unmask":      cmdMask(false),
		"verify":      cmdVerify,
		"conformance": cmdConformance,
		"version":     func(a []string, _ io.Reader, out, errw io.Writer) error { return cmdVersion(a, out, errw) },
		"playground": func(a []string, _ io.Reader, out, errw io.Writer) error {
			return cmdPlayground(a, out, errw)
		},
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
		fmt.Fprintf(stderr, "idforge: no command %q\nrun 'idforge help' for the commands\n", args[1])
		return exitUsage
	}
	cmd, ok := commands[args[0]]
	if !ok {
		fmt.Fprintf(stderr, "idforge: unknown command %q\nrun 'idforge help' for the commands\n", args[0])
		return exitUsage
	}
	err := cmd(args[1:], stdin, stdout, stderr)
	var ue usageError
	switch {
	case err == nil:
		return exitOK
	case errors.Is(err, flag.ErrHelp):
		// -h: the usage once, where and as 'idforge help CMD' prints it.
		fmt.Fprint(stdout, usages[args[0]])
		return exitOK
	case errors.Is(err, errReported):
		return exitInput
	case errors.Is(err, errUsageReported):
		return exitUsage
	case errors.As(err, &ue):
		printError(stderr, args[0], err)
		fmt.Fprintf(stderr, "run 'idforge %s -h' for usage\n", args[0])
		return exitUsage
	default:
		printError(stderr, args[0], err)
		return exitInput
	}
}

// printError writes err to stderr with the command's name before each of its
// lines (a spec's problems come one a line), so that every line reads
// alone, as grep shows it. A line that already starts with the command's
// name, as an error of the package of that name does ("gen: invalid
// name"), does not get it twice.
func printError(stderr io.Writer, cmd string, err error) {
	for _, line := range strings.Split(err.Error(), "\n") {
		fmt.Fprintf(stderr, "idforge %s: %s\n", cmd, undouble(cmd, plain(line)))
	}
}

// plain returns a line of a message without the names of the packages
// it passed through (explain.Plain).
func plain(line string) string { return explain.Plain(line) }

// undouble drops from line the prefixes "CMD: " and "idforge CMD: " that
// printError is about to add.
func undouble(cmd, line string) string {
	for {
		rest, ok := strings.CutPrefix(line, cmd+": ")
		if !ok {
			rest, ok = strings.CutPrefix(line, "idforge "+cmd+": ")
		}
		if !ok {
			return line
		}
		line = rest
	}
}

// newFlagSet returns a flag set that prints nothing itself: run prints the
// usage for -h, and an error with one line that points at -h for a bad
// flag. Every command's usage is in usages, under its name.
func newFlagSet(name string) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	return fs
}

// parseFlags parses a command's flags wherever they stand among its
// arguments, before, between or after them, as the usage of every command
// says: "inspect ID -json" is "inspect -json ID". A word after a flag that
// takes a value is that value; "--" ends the flags, so that every word
// after it is an argument, even one that starts with "-"; "-" alone is an
// argument (standard input). fs.Args() returns the arguments, in order.
// -h returns flag.ErrHelp, and run prints the usage.
func parseFlags(fs *flag.FlagSet, args []string) error {
	var flags, words []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "--":
			words = append(words, args[i+1:]...)
			i = len(args)
		case len(a) < 2 || a[0] != '-':
			words = append(words, a)
		default:
			flags = append(flags, a)
			if takesValue(fs, a) && i+1 < len(args) {
				i++
				flags = append(flags, args[i])
			}
		}
	}
	if err := fs.Parse(flags); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return err
		}
		return usageError{flagError(fs, flags, err)}
	}
	// The flags are set; a second parse of the words alone, after "--",
	// keeps them and makes the words fs's arguments.
	return fs.Parse(append([]string{"--"}, words...))
}

// flagError is the error of a flag fs does not know, cut when it is long,
// and, when the word reads as an ID (a Firebase push ID starts with -),
// with a hint to put -- before it.
func flagError(fs *flag.FlagSet, flags []string, err error) error {
	const prefix = "flag provided but not defined: "
	word, ok := strings.CutPrefix(err.Error(), prefix)
	if !ok {
		return err
	}
	for _, f := range flags {
		if name, _, _ := strings.Cut(strings.TrimLeft(f, "-"), "="); "-"+name == word || "--"+name == word {
			word = f
			break
		}
	}
	msg := prefix + cutWord(word)
	if len(explain.Decode(word)) > 0 {
		msg += fmt.Sprintf("; an ID that starts with - goes after --: idforge %s -- %s", fs.Name(), cutWord(word))
	}
	return errors.New(msg)
}

// cutWord writes a word for a message: whole, or its first 64 bytes and
// its length when it is longer.
func cutWord(w string) string {
	if len(w) <= 64 {
		return w
	}
	s := explain.Shorten(w)
	return s[1:strings.LastIndex(s, `"`)] + s[strings.LastIndex(s, `"`)+1:]
}

// takesValue reports whether the flag word a ("-name", "--name") is a flag
// of fs that takes its value from the next word: not a boolean flag, and
// not written "-name=value".
func takesValue(fs *flag.FlagSet, a string) bool {
	name := strings.TrimPrefix(strings.TrimPrefix(a, "-"), "-")
	if strings.Contains(name, "=") {
		return false
	}
	f := fs.Lookup(name)
	if f == nil {
		return false // fs.Parse reports it
	}
	b, ok := f.Value.(interface{ IsBoolFlag() bool })
	return !ok || !b.IsBoolFlag()
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

// plural writes a count and its noun, "1 mark" or "2 marks".
func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

// missing names the flags of names that were not given, for a message:
// "-pkg", "-pkg and -o", "-spec, -pkg and -o".
func missing(given map[string]bool, names ...string) string {
	var out []string
	for _, n := range names {
		if !given[n] {
			out = append(out, "-"+n)
		}
	}
	return andList(out)
}

// andList joins words as a list in a sentence: "a", "a and b", "a, b and c".
func andList(words []string) string { return joinList(words, " and ") }

// orList joins words as a choice in a sentence: "a, b or c".
func orList(words []string) string { return joinList(words, " or ") }

func joinList(words []string, last string) string {
	if len(words) < 2 {
		return strings.Join(words, "")
	}
	return strings.Join(words[:len(words)-1], ", ") + last + words[len(words)-1]
}
