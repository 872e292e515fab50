package main

import (
	"fmt"
	"io"
	"text/tabwriter"

	"github.com/idforge/idforge/encodings"
	"github.com/idforge/idforge/explain"
	"github.com/idforge/idforge/layouts"
	"github.com/idforge/idforge/resolved"
)

const layoutsUsage = `usage: idforge layouts [-spec FILE | NAME] [-rate R] [-nodes N] [-svg]

Lists the built-in layouts with their properties: bits, whether they sort
by time, when their clock overflows, IDs per tick per generator before the
counter runs out ("any" for a layout with no counter, whose IDs within one
tick are not ordered), random bits, and how many node numbers their node
field holds (for -node or -lease). With NAME, shows one built-in layout in
full: its properties, bit diagram and duplicate estimate. With -spec,
checks a spec of your own and shows the same; every problem in the spec is
reported.

The duplicate estimate says, for -nodes generators each making -rate IDs a
second, how soon a first duplicate ID is as likely as not, and how likely
one is within a year ("certain", with how many, when it is all but sure);
then the same for the duplicates one generator makes of its own IDs, which
a layout with no counter has: its IDs within one tick differ in their
random bits only.

Warnings, on standard error, about the layout you check or name (never in
the list): a clock that overflows within 10 years, and a layout one of
whose generators would repeat its own IDs at full speed (10^8 IDs a second)
within 10 years, with the remedy (a counter). new and gen print them too,
for a spec of yours (-spec).

  -spec    a layout spec file
  -rate    IDs a second per generator, for the duplicate estimate (default 1000)
  -nodes   generators, for the duplicate estimate (default 1)
  -svg     with NAME or -spec: write the layout's bit diagram as an SVG
           image instead (segments coloured by role, bit offsets, each
           segment's bits and role on hover), as the playground draws it

Examples:
  idforge layouts
  idforge layouts v7
  idforge layouts -spec orders.layout -rate 50000 -nodes 64
  idforge layouts uuidv7 -svg > uuidv7.svg
`

func cmdLayouts(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("layouts")
	specFile := fs.String("spec", "", "")
	rate := fs.Float64("rate", 1000, "")
	nodes := fs.Int("nodes", 1, "")
	svg := fs.Bool("svg", false, "")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if *rate <= 0 {
		return usageError{fmt.Errorf("-rate %g: want more than 0", *rate)}
	}
	if *nodes <= 0 {
		return usageError{fmt.Errorf("-nodes %d: want 1 or more", *nodes)}
	}
	var l *layouts.Layout
	var err error
	switch {
	case fs.NArg() > 1 || fs.NArg() == 1 && *specFile != "":
		return usageError{fmt.Errorf("give one layout: -spec FILE or a built-in NAME")}
	case fs.NArg() == 1:
		if l, err = lookup(fs.Arg(0)); err != nil {
			return usageError{err} // an unknown name, as for new and inspect
		}
	case *specFile != "":
		l, err = readSpec(*specFile)
	case *svg:
		return usageError{fmt.Errorf("-svg draws one layout: give a built-in NAME or -spec FILE")}
	default:
		return listLayouts(stdout)
	}
	if err != nil {
		return err
	}
	if *svg {
		_, err := io.WriteString(stdout, l.SVG(nil))
		warn(stderr, "layouts", l)
		return err
	}
	r, err := resolved.New(l)
	if err != nil {
		return err
	}
	p := explain.PropsOf(r, *rate, *nodes)
	tw := tabwriter.NewWriter(stdout, 0, 4, 2, ' ', 0)
	fmt.Fprintf(tw, "layout\t%s (%s)\n", p.Name, p.File)
	fmt.Fprintf(tw, "bits\t%d (%s)\n", p.Bits, plural(p.Bytes, "byte"))
	fmt.Fprintf(tw, "sorts by time\t%s\n", p.SortsByTime)
	fmt.Fprintf(tw, "monotonic\t%s\n", p.Monotonic)
	fmt.Fprintf(tw, "overflows\t%s\n", p.Overflows)
	fmt.Fprintf(tw, "IDs per tick\t%s\n", p.PerTick)
	fmt.Fprintf(tw, "random bits\t%d\n", p.RandomBits)
	if p.Leased != "" {
		fmt.Fprintf(tw, "node space\t%s nodes, leased as %s\n", p.NodeSpace, p.Leased)
	}
	fmt.Fprintf(tw, "duplicates\t%s: %s\n", p.At, p.Duplicates)
	fmt.Fprintf(tw, "within one generator\t%s\n", p.SelfFirst)
	tw.Flush()
	fmt.Fprintf(stdout, "\n%s", l.Diagram())
	warn(stderr, "layouts", l)
	return nil
}

// listLayouts writes the table of the built-in layouts.
func listLayouts(stdout io.Writer) error {
	ls, err := explain.Builtins()
	if err != nil {
		return err
	}
	tw := tabwriter.NewWriter(stdout, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "LAYOUT\tBITS\tSORTS BY TIME\tOVERFLOWS\tPER TICK\tRANDOM BITS\tNODES")
	for _, l := range ls {
		r, err := resolved.New(l)
		if err != nil {
			return err
		}
		fmt.Fprintf(tw, "%s\t%d\t%s\t%s\t%s\t%d\t%s\n", r.Name, r.Bits, explain.YesNo(r.TimeSortable()), explain.Overflow(r), explain.PerTick(r), r.RandomBits(), explain.NodeSpace(r))
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	fmt.Fprintln(stdout)
	return listEncodings(stdout)
}

// listEncodings writes the table of the built-in encodings: each one's
// width for a 64-bit and a 128-bit ID, whether its text sorts as the IDs
// do, and its alphabet and options (the aliases it reads among them).
func listEncodings(stdout io.Writer) error {
	tw := tabwriter.NewWriter(stdout, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "ENCODING\t64 BITS\t128 BITS\tSORTS\tDIGITS")
	for _, e := range encodings.Builtins() {
		s := e.Spec()
		digits := s.Digits
		for _, o := range []struct {
			on   bool
			word string
		}{{s.Fold, "either case"}, {s.Aliases != "", s.DescribeAliases()}, {s.Bits, "bits from the top"}, {s.Check, "check symbol"}} {
			if o.on {
				digits += ", " + o.word
			}
		}
		fmt.Fprintf(tw, "%s\t%d\t%d\t%s\t%s\n", e.Name(), e.EncodedLen(8), e.EncodedLen(16), explain.YesNo(e.Sorts()), digits)
	}
	return tw.Flush()
}

// warn writes, for the command cmd, the layout's warnings: a clock that
// overflows soon, a generator that repeats itself.
func warn(stderr io.Writer, cmd string, l *layouts.Layout) {
	for _, w := range l.Warnings() {
		fmt.Fprintf(stderr, "idforge %s: warning: %s\n", cmd, w)
	}
}
