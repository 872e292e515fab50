package main

import (
	"fmt"
	"io"
	"maps"
	"slices"
	"text/tabwriter"

	"github.com/idforge/idforge/idrt"
)

const storeUsage = `usage: idforge store check FILE
       idforge store repair FILE

Checks or repairs a state file of 'idforge new -store' (and of generators
made with WithStore): the time high-water mark of each layout, below which
no ID was made.

  check    reads the file as a generator would, without changing it, and
           lists its marks; exit code 1 if it is damaged
  repair   rewrites a damaged file from what it can still read. For each
           layout it keeps the highest tick found on any whole "NAME TICK"
           line, whatever the checksum says, and drops a last line with no
           newline (it may have lost digits), lines too long and anything
           else; it lists what it dropped, and first saves the damaged file
           beside it as FILE.corrupt-N. A file that passes check is left
           alone, except that the older format is rewritten in the new one.

A mark lost from the file cannot be recovered: before making that layout's
IDs again with the repaired file, wait until the clock is past the last one
made.

Examples:
  idforge store check ids.state
  idforge store repair ids.state
`

func cmdStore(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("store")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() != 2 || fs.Arg(0) != "check" && fs.Arg(0) != "repair" {
		return usageError{fmt.Errorf("want: store check FILE, or store repair FILE")}
	}
	file := fs.Arg(1)
	if fs.Arg(0) == "check" {
		marks, legacy, err := idrt.CheckStore(file)
		if err != nil {
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
	r, err := idrt.RepairStore(file)
	if err != nil {
		return err
	}
	if r.Backup == "" {
		fmt.Fprintf(stdout, "%s: ok, nothing to repair; %s\n", file, plural(len(r.Marks), "mark"))
		printMarks(stdout, r.Marks)
		return nil
	}
	fmt.Fprintf(stdout, "%s: repaired (%v); the damaged file is saved as %s\n", file, r.Damage, r.Backup)
	fmt.Fprintf(stdout, "kept %s:\n", plural(len(r.Marks), "mark"))
	printMarks(stdout, r.Marks)
	fmt.Fprintf(stdout, "dropped %s:\n", plural(len(r.Dropped), "line"))
	for _, d := range r.Dropped {
		fmt.Fprintf(stdout, "  %s\n", d)
	}
	return nil
}

// printMarks lists marks by name.
func printMarks(w io.Writer, marks map[string]uint64) {
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	for _, name := range slices.Sorted(maps.Keys(marks)) {
		fmt.Fprintf(tw, "  %s\t%d\n", name, marks[name])
	}
	tw.Flush()
}
