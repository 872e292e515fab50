package main

import (
	"fmt"
	"io"
	"math"
	"os"
	"strconv"
	"text/tabwriter"
	"time"

	"github.com/idforge/idforge/layouts"
)

const layoutsUsage = `usage: idforge layouts [-spec FILE] [-rate R] [-nodes N]

Lists the built-in layouts with their properties: bits, whether they sort
by time, when their clock overflows, IDs per tick per generator before the
counter runs out, and random bits. With -spec, checks a spec of your own and
shows its properties, bit diagram and collision estimate; every problem in
the spec is reported, and a clock that overflows within 10 years is a
warning.

  -spec    a layout spec file
  -rate    IDs a second per generator, for the collision estimate (default 1000)
  -nodes   generators, for the collision estimate (default 1)

Examples:
  idforge layouts
  idforge layouts -spec orders.layout -rate 50000 -nodes 64
`

func cmdLayouts(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("layouts", layoutsUsage, stderr)
	specFile := fs.String("spec", "", "")
	rate := fs.Float64("rate", 1000, "")
	nodes := fs.Int("nodes", 1, "")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if *rate <= 0 || *nodes <= 0 {
		return usageError{fmt.Errorf("-rate and -nodes must be positive")}
	}
	if *specFile == "" {
		ls, err := layouts.Builtins()
		if err != nil {
			return err
		}
		tw := tabwriter.NewWriter(stdout, 0, 4, 2, ' ', 0)
		fmt.Fprintln(tw, "LAYOUT\tBITS\tSORTS BY TIME\tOVERFLOWS\tPER TICK\tRANDOM BITS")
		for _, l := range ls {
			fmt.Fprintf(tw, "%s\t%d\t%s\t%s\t%s\t%d\n", l.Name, l.Bits, yesNo(l.TimeSortable()), overflow(l), perTick(l), l.RandomBits())
			warn(stderr, l)
		}
		return tw.Flush()
	}
	src, err := os.ReadFile(*specFile)
	if err != nil {
		return err
	}
	l, err := layouts.Parse(*specFile, src)
	if err != nil {
		return err
	}
	tw := tabwriter.NewWriter(stdout, 0, 4, 2, ' ', 0)
	fmt.Fprintf(tw, "layout\t%s (%s)\n", l.Name, l.File)
	fmt.Fprintf(tw, "bits\t%d (%d bytes)\n", l.Bits, l.Bytes())
	fmt.Fprintf(tw, "sorts by time\t%s\n", yesNo(l.TimeSortable()))
	fmt.Fprintf(tw, "monotonic\t%s\n", yesNo(l.Monotonic()))
	fmt.Fprintf(tw, "overflows\t%s\n", overflow(l))
	fmt.Fprintf(tw, "IDs per tick\t%s\n", perTick(l))
	fmt.Fprintf(tw, "random bits\t%d\n", l.RandomBits())
	p := l.Collision(*rate, *nodes, 365*24*time.Hour)
	fmt.Fprintf(tw, "collision chance\t%.3g in a year at %g IDs/s on each of %d generators\n", p, *rate, *nodes)
	tw.Flush()
	fmt.Fprintf(stdout, "\n%s", l.Diagram())
	warn(stderr, l)
	return nil
}

// warn writes the layout's warnings, such as a clock that overflows soon.
func warn(stderr io.Writer, l *layouts.Layout) {
	for _, w := range l.Warnings() {
		fmt.Fprintf(stderr, "idforge layouts: warning: %s\n", w)
	}
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

func perTick(l *layouts.Layout) string {
	d, ok := l.Tick()
	if !ok {
		return "-"
	}
	n := l.PerTick()
	s := strconv.FormatFloat(n, 'g', -1, 64)
	if n >= 1<<20 {
		s = fmt.Sprintf("2^%d", int(math.Log2(n)))
	}
	return fmt.Sprintf("%s per %v", s, d)
}
