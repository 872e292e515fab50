package main

import (
	"fmt"
	"io"
	"math"
	"strconv"
	"text/tabwriter"
	"time"

	"github.com/idforge/idforge/idrt"
	"github.com/idforge/idforge/layouts"
	"github.com/idforge/idforge/lease"
)

const layoutsUsage = `usage: idforge layouts [-spec FILE | NAME] [-rate R] [-nodes N]

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

Warnings, on standard error: a clock that overflows within 10 years, and
a layout one of whose generators would repeat its own IDs at full speed
(10^8 IDs a second) within 10 years, with the remedy (a counter). new and
gen print them too.

  -spec    a layout spec file
  -rate    IDs a second per generator, for the duplicate estimate (default 1000)
  -nodes   generators, for the duplicate estimate (default 1)

Examples:
  idforge layouts
  idforge layouts v7
  idforge layouts -spec orders.layout -rate 50000 -nodes 64
`

func cmdLayouts(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("layouts")
	specFile := fs.String("spec", "", "")
	rate := fs.Float64("rate", 1000, "")
	nodes := fs.Int("nodes", 1, "")
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
	default:
		return listLayouts(stdout, stderr)
	}
	if err != nil {
		return err
	}
	tw := tabwriter.NewWriter(stdout, 0, 4, 2, ' ', 0)
	fmt.Fprintf(tw, "layout\t%s (%s)\n", l.Name, l.File)
	fmt.Fprintf(tw, "bits\t%d (%s)\n", l.Bits, plural(l.Bytes(), "byte"))
	fmt.Fprintf(tw, "sorts by time\t%s\n", yesNo(l.TimeSortable()))
	fmt.Fprintf(tw, "monotonic\t%s\n", monotonic(l))
	fmt.Fprintf(tw, "overflows\t%s\n", overflow(l))
	fmt.Fprintf(tw, "IDs per tick\t%s\n", perTick(l))
	fmt.Fprintf(tw, "random bits\t%d\n", l.RandomBits())
	if space, err := lease.SpaceOf(l); err == nil {
		fmt.Fprintf(tw, "node space\t%s nodes, leased as %s\n", nodeSpace(l), space)
	}
	on := "on one generator"
	if *nodes > 1 {
		on = fmt.Sprintf("on each of %d generators", *nodes)
	}
	first, self := l.FirstDuplicate(*rate, *nodes)
	fmt.Fprintf(tw, "duplicates\tat %g IDs/s %s: %s\n", *rate, on, duplicates(l, *rate, *nodes, first))
	fmt.Fprintf(tw, "within one generator\t%s\n", firstWait(self))
	tw.Flush()
	fmt.Fprintf(stdout, "\n%s", l.Diagram())
	warn(stderr, "layouts", l)
	return nil
}

// year is the window of the duplicate estimate.
const year = 365 * 24 * time.Hour

// duplicates says how soon the first duplicate is as likely as not, and
// what a year holds: none, a chance, or certainty with how many.
func duplicates(l *layouts.Layout, rate float64, nodes int, first float64) string {
	if math.IsInf(first, 1) {
		return "none"
	}
	self, cross := l.Duplicates(rate, nodes, year.Seconds())
	n := self + cross
	var inYear string
	switch p := -math.Expm1(-n); {
	case p >= 0.995:
		inYear = fmt.Sprintf("certain within a year, about %.3g of them", n)
	case p >= 0.01:
		inYear = fmt.Sprintf("%.0f%% chance of one within a year", 100*p)
	case p > 0:
		inYear = fmt.Sprintf("1 in %.3g chance of one within a year", 1/p)
	default:
		inYear = "no chance to speak of within a year"
	}
	return firstWait(first) + "; " + inYear
}

// firstWait says when the first duplicate is as likely as not.
func firstWait(s float64) string {
	if math.IsInf(s, 1) {
		return "none"
	}
	return "the first as likely as not within " + layouts.FormatWait(s)
}

// listLayouts writes the table of the built-in layouts.
func listLayouts(stdout, stderr io.Writer) error {
	ls, err := builtins()
	if err != nil {
		return err
	}
	tw := tabwriter.NewWriter(stdout, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "LAYOUT\tBITS\tSORTS BY TIME\tOVERFLOWS\tPER TICK\tRANDOM BITS\tNODES")
	for _, l := range ls {
		fmt.Fprintf(tw, "%s\t%d\t%s\t%s\t%s\t%d\t%s\n", l.Name, l.Bits, yesNo(l.TimeSortable()), overflow(l), perTick(l), l.RandomBits(), nodeSpace(l))
		warn(stderr, "layouts", l)
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

// nodeSpace returns the size of a layout's node space, which -node or -lease
// fills, or "-" for a layout with no node to give (none, or a MAC-style one
// that defaults to random).
func nodeSpace(l *layouts.Layout) string {
	space, err := lease.SpaceOf(l)
	if err != nil {
		return "-"
	}
	return strconv.FormatUint(space.Size(), 10)
}

func yesNo(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}

func overflow(l *layouts.Layout) string {
	if _, ok := l.Value(layouts.Time); !ok {
		return "-"
	}
	t, ok := l.Overflow()
	if !ok {
		return "never"
	}
	return t.Format("2006-01-02")
}

// monotonic says whether a generator of the layout makes strictly
// increasing IDs and, for a time-based layout that does not, why not.
func monotonic(l *layouts.Layout) string {
	if l.Monotonic() {
		return "yes"
	}
	d, ok := l.Tick()
	if !ok {
		return "no"
	}
	if c, ok := l.Value(layouts.Counter); ok && c.Init == idrt.InitRunning {
		return fmt.Sprintf("no: the running counter keeps the IDs of one %v tick unique, not ordered", d)
	}
	return fmt.Sprintf("no: IDs made within one %v tick are not ordered among themselves (a counter would order them)", d)
}

// perTick returns how many IDs a generator makes in one tick before its
// counter runs out: "any" for a layout with neither a counter nor a clock
// sequence, whose IDs within a tick are told apart by random bits only.
func perTick(l *layouts.Layout) string {
	d, ok := l.Tick()
	if !ok {
		return "-"
	}
	n := l.PerTick()
	s := strconv.FormatFloat(n, 'g', -1, 64)
	switch {
	case math.IsInf(n, 1):
		s = "any"
	case n >= 1<<20:
		s = fmt.Sprintf("2^%d", int(math.Log2(n)))
	}
	return fmt.Sprintf("%s per %v", s, d)
}
