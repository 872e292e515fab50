package main

import (
	"fmt"
	"io"
	"maps"
	"math/big"
	"os"
	"slices"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/idforge/idforge/explain"
	"github.com/idforge/idforge/interp"
	"github.com/idforge/idforge/layouts"
	"github.com/idforge/idforge/store"
)

const storeUsage = `usage: idforge store check [-max-ahead D] FILE
       idforge store repair [-max-ahead D] [-set NAME=TICK|TIME]... FILE

Checks or repairs a state file of 'idforge new -store' (and of generators
made with WithStore): the time high-water mark of each layout, below which
no ID was made.

  check    reads the file as a generator would, without changing it, and
           lists its marks, with their times for idforge's own layouts;
           exit code 1 if it is damaged, or if a mark is further ahead of
           the clock than -max-ahead
  repair   rewrites a damaged file from what it can still read. For each
           layout it keeps the highest tick found on any whole "NAME TICK"
           line, whatever the checksum says, and drops a last line with no
           newline (it may have lost digits), lines too long and anything
           else; it lists what it dropped, and first saves the damaged file
           beside it as FILE.corrupt-N. A file that passes check is left
           alone, except that the older format is rewritten in the new one.
           A mark further ahead of the clock than -max-ahead is not kept:
           the repair stops with an error and the file is left as it is.

  -max-ahead  how far ahead of the clock a mark may be (default 24h): a
              generator writes its mark about a second ahead, so a mark
              further ahead means an edited or damaged file, or a clock set
              far back, and would date every new ID at the mark
  -set        for repair: NAME=TICK or NAME=TIME (RFC 3339, for idforge's
              own layouts) writes that mark as given, even lower than the
              file's, and saves the old file as FILE.corrupt-N. Lowering a
              mark is a knowing choice: IDs already made under the old mark
              sort after the new ones, and repeat if the clock reaches them.
              May be repeated.

A mark lost from the file cannot be recovered: before making that layout's
IDs again with the repaired file, wait until the clock is past the last one
made.

Examples:
  idforge store check ids.state
  idforge store repair ids.state
  idforge store repair -set uuidv7=2025-06-01T12:00:00Z ids.state
`

func cmdStore(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("store")
	maxAhead := fs.Duration("max-ahead", store.DefaultMaxAhead, "")
	set := markValues{}
	fs.Var(set, "set", "")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	verb := fs.Arg(0)
	switch {
	case verb != "check" && verb != "repair":
		return usageError{fmt.Errorf("want: store check FILE, or store repair FILE")}
	case fs.NArg() != 2:
		return usageError{fmt.Errorf("want: store %s [flags] FILE", verb)}
	case verb == "check" && flagSet(fs, "set"):
		return usageError{fmt.Errorf("-set is for store repair")}
	case *maxAhead <= 0:
		return usageError{fmt.Errorf("-max-ahead %v: want more than 0", *maxAhead)}
	}
	file := fs.Arg(1)
	clock := markClock(*maxAhead)
	if verb == "check" {
		marks, legacy, err := store.Check(file)
		if err != nil {
			return err
		}
		if err := clock.Check(file, marks); err != nil {
			return err
		}
		format := "current format"
		if legacy {
			format = "older format, read and rewritten by the next mark"
		}
		fmt.Fprintf(stdout, "%s: ok (%s), %s\n", file, format, plural(len(marks), "mark"))
		printMarks(stdout, marks)
		return nil
	}
	ticks, err := set.ticks()
	if err != nil {
		return usageError{err}
	}
	r, err := store.RepairWith(file, store.RepairOptions{Clock: clock, Set: ticks})
	if err != nil {
		return err
	}
	if r.Backup == "" {
		fmt.Fprintf(stdout, "%s: ok, nothing to repair; %s\n", file, plural(len(r.Marks), "mark"))
		printMarks(stdout, r.Marks)
		return nil
	}
	if r.Damage != nil {
		fmt.Fprintf(stdout, "%s: repaired (%v); the damaged file is saved as %s\n", file, r.Damage, r.Backup)
	} else {
		fmt.Fprintf(stdout, "%s: marks set as asked; the old file is saved as %s\n", file, r.Backup)
	}
	fmt.Fprintf(stdout, "kept %s:\n", plural(len(r.Marks), "mark"))
	printMarks(stdout, r.Marks)
	if len(r.Dropped) > 0 {
		fmt.Fprintln(stdout, "dropped or replaced:")
	}
	for _, d := range r.Dropped {
		fmt.Fprintf(stdout, "  %s\n", d)
	}
	return nil
}

// markClock reads the marks of idforge's own layouts as times, for the
// check that none is more than maxAhead ahead of the clock. The clock is
// the system's; IDFORGE_NOW (RFC 3339) replaces it for this check only, so
// that tests of it do not depend on the day they run.
func markClock(maxAhead time.Duration) store.MarkClock {
	c := store.MarkClock{TimeOf: markTime, MaxAhead: maxAhead}
	if now, err := time.Parse(time.RFC3339, os.Getenv("IDFORGE_NOW")); err == nil {
		c.Now = func() time.Time { return now }
	}
	return c
}

// markTime returns the time of a tick of the built-in layout name.
func markTime(name string, tick uint64) (time.Time, bool) {
	l, err := explain.Builtin(name)
	if err != nil {
		return time.Time{}, false
	}
	v, ok := l.Value(layouts.Time)
	if !ok {
		return time.Time{}, false
	}
	return interp.TicksTime(v, new(big.Int).SetUint64(tick)), true
}

// markValues collects -set NAME=TICK|TIME flags.
type markValues map[string]string

func (m markValues) String() string { return "" }

func (m markValues) Set(s string) error {
	name, value, ok := strings.Cut(s, "=")
	if !ok || name == "" || value == "" {
		return fmt.Errorf("want NAME=TICK or NAME=TIME, got %q", s)
	}
	m[name] = value
	return nil
}

// ticks reads each value as a tick, or as a time in the layout's ticks.
func (m markValues) ticks() (map[string]uint64, error) {
	out := map[string]uint64{}
	for name, value := range m {
		if tick, err := strconv.ParseUint(value, 10, 64); err == nil {
			out[name] = tick
			continue
		}
		t, err := time.Parse(time.RFC3339Nano, value)
		if err != nil {
			return nil, fmt.Errorf("-set %s=%s: want a decimal tick or an RFC 3339 time", name, value)
		}
		l, err := explain.Builtin(name)
		if err != nil {
			return nil, fmt.Errorf("-set %s=%s: a time is only for idforge's own layouts; give a tick", name, value)
		}
		v, ok := l.Value(layouts.Time)
		if !ok {
			return nil, fmt.Errorf("-set %s=%s: %s has no time", name, value, name)
		}
		x, err := interp.Ticks(v, t)
		if err != nil || !x.IsUint64() {
			return nil, fmt.Errorf("-set %s=%s: outside %s's time range", name, value, name)
		}
		out[name] = x.Uint64()
	}
	return out, nil
}

// printMarks lists marks by name, with the time of the marks of idforge's
// own layouts.
func printMarks(w io.Writer, marks map[string]uint64) {
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	for _, name := range slices.Sorted(maps.Keys(marks)) {
		at := ""
		if t, ok := markTime(name, marks[name]); ok {
			at = t.UTC().Format(time.RFC3339Nano)
		}
		fmt.Fprintf(tw, "  %s\t%d\t%s\n", name, marks[name], at)
	}
	tw.Flush()
}
