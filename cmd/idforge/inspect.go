package main

import (
	"bufio"
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"text/tabwriter"

	"github.com/idforge/idforge/explain"
)

const inspectUsage = `usage: idforge inspect [-json] [-all] [-layout NAME | -spec FILE] [-from ENCODING] ID...
       idforge inspect [-json] [-all] [-layout NAME | -spec FILE] [-from ENCODING] -
       (- reads IDs from standard input, one a line)

Says what an ID is: its likeliest reading in full (the layout, the time
in UTC, and in local time when that is not UTC, each field, and the same
bytes in every encoding), then the other readings one line each, "also
decodes as". It reads the UUID forms (36, 32, 38 and 45 characters),
TypeIDs, decimal and every encoding idforge writes (Base62, Crockford
base32, hex, Base58, ...), and knows the Nil and Max UUIDs by name. Any other UUID or TypeID that no RFC 9562 layout fits
(a Microsoft GUID, a DCE UUIDv2, a reserved variant or version) reads as a
raw UUID, layout uuid, with its variant named as google/uuid names it
(RFC4122, Microsoft, Future or Reserved) and its version; -json marks it
"raw": true.

Without -layout or -spec, it tries every built-in layout (and the Nil and
Max UUIDs) in every form: the text fits a layout when its form decodes to
as many bytes as the layout has and the layout's constant bits match. The
first reading, in full, is the one convert reads ('idforge help
convert'); each other says why it ranks lower. Evidence ranks them, and
-json lists each one's: a valid check symbol (of a layout whose constant
bits match), the layout's canonical form, constant bits (a UUID's version
and variant), a time from 1990 to 2100. Then:
  - A reading whose time is before 1990 or after 2100, or whose layout is
    an expired draft (uuidv7-draft01), is implausible; it and the
    readings of the first one's bytes as other layouts (a UUIDv7's as a
    ULID) are left out unless -all, which shows every reading.
  - Layouts with the same bits are one reading: "twitter (also:
    snowflake)"; a layout's variant (ksuid-ms of ksuid) is the same ID.
  - When convert would refuse the text as ambiguous (a decimal
    Snowflake-style ID: Twitter, Discord, Instagram, Mastodon and
    Sonyflake differ only in their epochs and fields), each reading it
    weighed is one line with the time it gives and its system: those in
    the past first, latest first, then those in the future. -layout NAME
    shows one in full.
  - Text in no layout's canonical form (a UUID in Base58) lists its
    readings: convert reads it only with -from ENCODING.

  -layout  read the IDs as this built-in layout only (or as nil, max, or
           uuid: any UUID, raw)
  -spec    read the IDs as the layout in this spec file: its own field
           names, time and default text form
  -from    read the IDs in this encoding only: uuid, typeid, decimal,
           canonical (each layout's own) or any encoding idforge writes
           (a spec's own too)
  -all     show every reading, the implausible and those a certain reading
           leaves out, each marked
  -json    print a JSON list with one object per ID: "input", "verdict"
           (certain, likely, ambiguous or unread), "candidates" (the
           readings shown, likeliest first, each with "layout", "title",
           "form", "fields", "time", "encodings", "evidence", and "also",
           "implausible", "future" and "ranks_lower" where they apply) and
           "hidden" (the layouts of the readings left out)

IDs, given as arguments or as lines of standard input, are trimmed of
surrounding space. An input that is not an ID, a blank line, or a line
longer than 4096 bytes, is reported (with its line number) and the rest
are still read; the exit code is then 1. Empty standard input is reported
too, with exit code 1.

Examples:
  idforge inspect 017F22E2-79B0-7CC3-98C4-DC0C0C07398F
  idforge inspect 175928847299117063
  idforge inspect -all 017F22E2-79B0-7CC3-98C4-DC0C0C07398F
  idforge inspect 0ujtsYcgvSTl8PAuAdqWYSMnLOv -json
  idforge inspect -layout discord 175928847299117063
  idforge inspect -from base58 1BihbxwwQ4NZZpKRH9JDCz
  idforge inspect -spec orderid.layout 01a2077c-5080-81c5-8000-268acabee3bb
  idforge inspect user_01h455vb4pex5vsknk084sn02q
  idforge inspect 6ba7b810-9dad-11d1-c0b4-00c04fd430c8
  idforge new -n 3 | idforge inspect - -json
`

func cmdInspect(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := newFlagSet("inspect")
	asJSON := fs.Bool("json", false, "")
	all := fs.Bool("all", false, "")
	only := fs.String("layout", "", "")
	specFile := fs.String("spec", "", "")
	from := fs.String("from", "", "")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	pick, err := readLayout(fs, *only, *specFile)
	if err != nil {
		return err
	}
	o, err := readOptions(pick, *from)
	if err != nil {
		return err
	}
	if fs.NArg() == 0 {
		return usageError{fmt.Errorf("give IDs to inspect, or - to read them from standard input")}
	}
	bad, total, printed := 0, 0, 0
	// -json writes the list as it goes, one report at a time, so that
	// memory stays flat however many lines standard input holds (issue
	// 65: the whole list, held and then encoded at once, took 1.5 GB for
	// 200,000 lines). The output is what json.Encoder with an indent of
	// two spaces writes of the whole list.
	var list *jsonList
	if *asJSON {
		list = newJSONList(stdout)
	}
	for in := range inputs(fs.Args(), stdin) {
		total++
		r := explain.Report{Input: in.text, Candidates: []explain.Candidate{}}
		if in.err != nil {
			r.Error = in.err.Error()
		} else {
			r = inspect(in.text, o, *all)
		}
		r.Line = in.line
		r.Error = plain(r.Error)
		if len(r.Candidates) == 0 {
			bad++
			if !*asJSON {
				fmt.Fprintf(stderr, "idforge inspect: %s%s\n", in.where(), r.Error)
			}
		}
		switch {
		case *asJSON:
			if err := list.add(r); err != nil {
				return err
			}
		case len(r.Candidates) > 0:
			if printed > 0 {
				fmt.Fprintln(stdout)
			}
			printReport(stdout, r)
			printed++
		}
	}
	if *asJSON {
		if err := list.close(); err != nil {
			return err
		}
	}
	switch {
	case total == 0:
		return errNoInput
	case bad == 0:
		return nil
	case total == 1 && !*asJSON:
		return errReported
	case total == 1:
		return errors.New("the input is not an ID idforge can read")
	}
	return fmt.Errorf("%d of %d inputs are not IDs idforge can read", bad, total)
}

// inspect reads one input as every layout it fits, or as o.Layout alone,
// and judges the readings (explain.Inspect).
func inspect(in string, o explain.ReadOptions, all bool) explain.Report {
	return explain.Inspect(in, explain.Options{ReadOptions: o, All: all})
}

// printReport writes a report as a person's answer: the reading convert
// takes in full and the others one line each, with why each ranks lower;
// or, when several are as likely, each one line with its time, then the
// others; or, for a text in no layout's canonical form, each reading one
// line.
func printReport(w io.Writer, r explain.Report) {
	fmt.Fprintln(w, r.Input)
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	rest := r.Candidates
	switch r.Verdict {
	case explain.Ambiguous:
		var top []explain.Candidate
		for len(rest) > 0 && rest[0].RanksLower == "" {
			top, rest = append(top, rest[0]), rest[1:]
		}
		pick := "-layout NAME"
		if slices.ContainsFunc(top, func(c explain.Candidate) bool { return c.Form != top[0].Form }) {
			pick = "-from ENCODING or -layout NAME"
		}
		fmt.Fprintf(tw, "  ambiguous: %s read it, each with its own fields and time; %s shows one in full\n", plural(len(top), "layout"), pick)
		for _, c := range top {
			fmt.Fprintf(tw, "  %s\t%s\t%s\n", readingName(c), cmp.Or(c.Time, "no time"), readingNote(c, true))
		}
	case explain.Unread:
		fmt.Fprintf(tw, "  in no layout's canonical form: convert, mask and unmask read it only with -from ENCODING\n")
		for _, c := range rest {
			fmt.Fprintf(tw, "  %s\t%s\t%s\n", readingName(c), cmp.Or(c.Time, "no time"), readingNote(c, false))
		}
		rest = nil
	default:
		printFull(tw, r.Candidates[0])
		tw.Flush() // the other readings align among themselves
		rest = rest[1:]
	}
	for _, c := range rest {
		fmt.Fprintf(tw, "  also decodes as %s\t%s\t%s\n", readingName(c), cmp.Or(c.Time, "no time"), readingNote(c, false))
	}
	if n := len(r.Hidden); n > 0 {
		fmt.Fprintf(tw, "  -all also shows %s: %s\n", plural(n, "less likely reading"), strings.Join(r.Hidden, ", "))
	}
	tw.Flush()
}

// readingName is a reading's layout, with those of the same bits.
func readingName(c explain.Candidate) string {
	if len(c.Also) == 0 {
		return c.Layout
	}
	return fmt.Sprintf("%s (also: %s)", c.Layout, strings.Join(c.Also, ", "))
}

// readingNote says in a few words what a reading is: its headline (when
// asked for), the form it was read in when that is not the layout's own,
// whether its time is in the future, and why it ranks lower (or that it
// is implausible).
func readingNote(c explain.Candidate, headline bool) string {
	var parts []string
	if h := explain.Headline(c.Model); headline && h != "" {
		parts = append(parts, h)
	}
	if c.Form != explain.Canonical(c.Model) {
		parts = append(parts, "read as "+c.Form)
	}
	if c.Future {
		parts = append(parts, "in the future")
	}
	switch {
	case c.RanksLower != "":
		parts = append(parts, "ranks lower: "+c.RanksLower)
	case c.Implausible != "":
		parts = append(parts, "implausible: "+c.Implausible)
	}
	return strings.Join(parts, "; ")
}

// printFull writes one reading in full: its layout, time, fields and
// encodings.
func printFull(tw *tabwriter.Writer, c explain.Candidate) {
	about := cmp.Or(explain.Headline(c.Model), c.Spec)
	fmt.Fprintf(tw, "  layout\t%s (%s), read as %s\n", readingName(c), about, c.Form)
	if c.Future {
		fmt.Fprintf(tw, "  note\tits time is in the future\n")
	}
	if c.Implausible != "" {
		fmt.Fprintf(tw, "  note\timplausible: %s\n", c.Implausible)
	}
	if c.Prefix != "" {
		fmt.Fprintf(tw, "  prefix\t%s\n", c.Prefix)
	}
	if c.Raw {
		fmt.Fprintf(tw, "  variant\t%s (%s)\n", c.Variant, c.VariantBits)
		fmt.Fprintf(tw, "  version\t%d\n", *c.Version)
	}
	if c.Time != "" {
		fmt.Fprintf(tw, "  time\t%s\n", c.Time)
		if c.Local != c.Time+" UTC" {
			fmt.Fprintf(tw, "  local time\t%s\n", c.Local)
		}
	}
	for _, f := range c.Fields {
		fmt.Fprintf(tw, "  %s\t%s (%s, %s, %s)\n", f.Name, f.Value, f.Hex, plural(f.Bits, "bit"), f.Role)
	}
	for _, e := range c.Encodings {
		fmt.Fprintf(tw, "  %s\t%s\n", e[0], e[1])
	}
}

// jsonList writes a JSON list one element at a time, byte for byte as
// json.Encoder with SetIndent("", "  ") writes the whole list: "[]" for
// none, else "[", each element indented by two spaces on lines of its own,
// separated by commas, then "]", and a newline.
type jsonList struct {
	w *bufio.Writer
	n int
}

func newJSONList(w io.Writer) *jsonList { return &jsonList{w: bufio.NewWriter(w)} }

// add writes one element; what it writes is flushed once the buffer fills.
func (l *jsonList) add(v any) error {
	b, err := json.MarshalIndent(v, "  ", "  ")
	if err != nil {
		return err
	}
	sep := ",\n  "
	if l.n == 0 {
		sep = "[\n  "
	}
	l.n++
	l.w.WriteString(sep)
	_, err = l.w.Write(b)
	return err
}

// close ends the list and flushes it.
func (l *jsonList) close() error {
	if l.n == 0 {
		l.w.WriteString("[]\n")
	} else {
		l.w.WriteString("\n]\n")
	}
	return l.w.Flush()
}
