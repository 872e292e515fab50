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
full: its properties, bit diagram and collision estimate. With -spec,
checks a spec of your own and shows the same; every problem in the spec is
reported, and a clock that overflows within 10 years is a warning.

  -spec    a layout spec file
  -rate    IDs a second per generator, for the collision estimate (default 1000)
  -nodes   generators, for the collision estimate (default 1)

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
	p := l.Collision(*rate, *nodes, 365*24*time.Hour)
	on := "on one generator"
	if *nodes > 1 {
		on = fmt.Sprintf("on each of %d generators", *nodes)
	}
	fmt.Fprintf(tw, "collision chance\t%.3g in a year at %g IDs/s %s\n", p, *rate, on)
	tw.Flush()
	fmt.Fprintf(stdout, "\n%s", l.Diagram())
	warn(stderr, l)
	return nil
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
		warn(stderr, l)
	}
	return tw.Flush()
}

// warn writes the layout's warnings, such as a clock that overflows soon.
func warn(stderr io.Writer, l *layouts.Layout) {
	for _, w := range l.Warnings() {
		fmt.Fprintf(stderr, "idforge layouts: warning: %s\n", w)
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
