package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
	"time"

	"github.com/idforge/idforge/explain"
	"github.com/idforge/idforge/storage"
	"github.com/idforge/idforge/verify"
)

const verifyUsage = `usage: idforge verify (-layout NAME | -spec FILE) [-from ENCODING] [-json] [FILE]
       idforge verify (-layout NAME | -spec FILE) (-profile NAME | -sorted) [-json] [FILE]
       (without FILE, or with -, it reads standard input)

Checks IDs made by any implementation of a layout: one ID a line, in the
order they were made, by the rules of the layout's family (RFC 9562
section 5.1 for UUIDv1 and v6, section 6.2 for v7, the ULID, KSUID and
Snowflake specs). It reports, in groups:

  structure   every line reads as an ID of the layout; the constant bits
              (version, variant) are the layout's, or a .NET Guid's byte
              order explains them; whether each line is exactly the
              canonical text or only reads (upper case, say)
  order       duplicates (an exact set of the first -max-set IDs, then
              each ID against the one before it); IDs above their
              predecessor across ticks; within a tick, a counter that
              rolls over (order within a tick is optional where the
              layout's bits after the time may be random; -strict
              demands it)
  time        each ID's time inside -since and -until, none before 1990,
              none ahead of the clock by more than -ahead when its line
              is read (for a file: when verify reads it); steps back (a
              UUIDv1 or v6 must change its clock sequence at each; others
              must hold their last time); whole seconds as milliseconds;
              a time that runs ahead one tick an ID, or that an increment
              carried into
  randomness  each random bit's frequency and against its predecessor's,
              chi-squares with both tails, repeats of random parts: a
              stuck bit in a few dozen IDs, a forked generator's state
  counter     the RFC 9562 section 6.2 method the IDs show (1: a counter,
              and its width; 2: monotonic random, by one or a random
              step; 3: a finer clock such as a sub-millisecond fraction;
              or plain random), and a counter restarting at zero
Every failure names its class from the catalogue in docs/verify.md. The
checks that weigh chance hold the false-positive rate of the whole run
to -alpha; an input too small to tell is a note ("cannot tell"), never
a failure.

  -layout   the IDs' built-in layout (v7, ulid, ksuid, snowflake, ...)
  -spec     or the layout in this spec file
  -from     the text the lines are in, when not the layout's canonical
            text: uuid, decimal, base62, crockford, hex or any encoding
            'idforge layouts' lists
  -since    the earliest time an ID may have; -until the latest. Times are
            RFC 3339, a date, or Unix seconds or milliseconds
  -ahead    how far ahead of the clock an ID's time may be when its line
            is read (default 1s; negative: not checked)
  -alpha    the false-positive rate of the whole run: the chance that an
            honest generator fails a check that weighs chance (default
            1e-6)
  -strict   demand order within a tick, whatever the method
  -max-set  how many IDs the exact duplicate check holds (default
            1048576, some 40 bytes each for a UUID)
  -json     write the report as JSON, for CI
  -profile  the lines are values stored under this storage profile (see
            'idforge help new'), as hex or UUID text, in the order a
            database's ORDER BY on the column gave them: each is read back
            to its ID, and the store's order is judged instead of the order
            made: no duplicates, and times that never go down (the first
            pair out of order named with its lines); the counter and
            randomness checks, which read the order made, do not run
  -sorted   the lines are IDs as they are, in the order a database's ORDER
            BY on the column gave them: judged as -profile judges them

It exits 1 when a check fails (or a line does not read), 2 for a usage
error, 0 otherwise. On a terminal, it shows on standard error how many
lines it has read, every million.

Examples:
  idforge new -layout v7 -n 100000 | idforge verify -layout v7
  psql -Atc 'select uuidv7() from generate_series(1, 100000)' | idforge verify -layout uuidv7-subms
  idforge verify -layout ulid -since 2026-01-01 ids.txt
  idforge verify -layout v4 -json ids.txt
  psql -Atc 'select id from t order by id' | idforge verify -layout v7 -profile pg-uuid
`

func cmdVerify(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := newFlagSet("verify")
	name := fs.String("layout", "", "")
	spec := fs.String("spec", "", "")
	from := fs.String("from", "", "")
	since := fs.String("since", "", "")
	until := fs.String("until", "", "")
	ahead := fs.Duration("ahead", time.Second, "")
	alpha := fs.Float64("alpha", 1e-6, "")
	strict := fs.Bool("strict", false, "")
	maxSet := fs.Int("max-set", 1<<20, "")
	asJSON := fs.Bool("json", false, "")
	profile := fs.String("profile", "", "")
	sorted := fs.Bool("sorted", false, "")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	l, err := chosenLayout(fs, *name, *spec)
	if err != nil {
		return err
	}
	if l == nil {
		return usageError{errors.New("give the IDs' layout: -layout NAME or -spec FILE")}
	}
	if fs.NArg() > 1 {
		return usageError{fmt.Errorf("verify reads one file, or standard input; got %s", plural(fs.NArg(), "argument"))}
	}
	if err := explain.CheckFrom(*from, l); err != nil {
		return usageError{err}
	}
	var stored *storedLines
	if flagSet(fs, "profile") {
		if flagSet(fs, "from") {
			return usageError{errors.New("give -from or -profile, not both: -profile reads stored values")}
		}
		pf, err := profileFlag("verify", *profile, stderr)
		if err != nil {
			return err
		}
		a, err := pf.arrangement(l)
		if err != nil {
			return usageError{err}
		}
		format, err := formatterFor(l, "canonical", "")
		if err != nil {
			return err
		}
		stored = &storedLines{a: a, format: format}
	}
	opts := verify.Options{Alpha: *alpha, Strict: *strict, MaxSet: *maxSet, Ahead: *ahead, StoreOrder: stored != nil || *sorted}
	if *from != "canonical" {
		opts.From = *from
	}
	if opts.Ahead == 0 {
		opts.Ahead = time.Nanosecond // -ahead 0: not even a nanosecond
	}
	if *maxSet <= 0 {
		opts.MaxSet = -1
	}
	for _, t := range []struct {
		flag string
		s    string
		to   *time.Time
	}{{"since", *since, &opts.Since}, {"until", *until, &opts.Until}} {
		if t.s == "" {
			continue
		}
		if *t.to, err = explain.ParseTime(t.s); err != nil {
			return usageError{fmt.Errorf("-%s: %w", t.flag, err)}
		}
	}
	c, err := verify.New(l, opts)
	if errors.Is(err, verify.ErrOptions) {
		return usageError{err}
	} else if err != nil {
		return err
	}
	in := stdin
	if fs.NArg() == 1 && fs.Arg(0) != "-" {
		f, err := os.Open(fs.Arg(0))
		if err != nil {
			return err
		}
		defer f.Close()
		in = f
	}
	var progress func(int64)
	if isTerminal(stderr) {
		progress = func(n int64) { fmt.Fprintf(stderr, "\ridforge verify: %s read", plural(int(n), "line")) }
	}
	if stored != nil {
		in = stored.reader(in)
	}
	readErr := c.ReadLines(in, progress)
	if progress != nil && c.Lines() >= 1<<20 {
		fmt.Fprint(stderr, "\r\033[K")
	}
	if readErr != nil {
		return fmt.Errorf("reading the IDs: %w", readErr)
	}
	rep := c.Report()
	if stored != nil {
		rep.Text = fmt.Sprintf("%s-stored", stored.a.Profile) // "read as sqlserver-stored text"
		// The checker reads the IDs' canonical text, which this command
		// writes from the stored values: whether a line was canonical
		// says nothing of the input.
		rep.Checks = slices.DeleteFunc(rep.Checks, func(c verify.Check) bool { return c.Group == "structure" && c.Name == "canonical" })
	}
	if rep.Lines == 0 {
		return errors.New("no IDs to verify: the input is empty")
	}
	if *asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(rep); err != nil {
			return err
		}
	} else if err := rep.WriteText(stdout); err != nil {
		return err
	}
	if rep.Failed {
		return errReported
	}
	return nil
}

// storedLines turns lines of stored values (verify -profile) into lines
// of the IDs they hold, in the layout's canonical text, for the checker.
type storedLines struct {
	a      storage.Arrangement
	format func(dst, id []byte) []byte
}

// reader returns the lines of r, each stored value as its ID's text; a
// line that is no stored value goes on as it is, for the checker to
// report as a line that does not read.
func (s *storedLines) reader(r io.Reader) io.Reader {
	pr, pw := io.Pipe()
	go func() {
		br := bufio.NewReaderSize(r, 4096)
		w := bufio.NewWriter(pw)
		var out []byte
		for {
			line, err := br.ReadSlice('\n')
			for errors.Is(err, bufio.ErrBufferFull) {
				out = append(out[:0], line...) // too long to be a stored value: on as it is
				w.Write(out)
				line, err = br.ReadSlice('\n')
			}
			if len(line) > 0 {
				text := strings.TrimRight(string(line), "\r\n")
				if id, rerr := readStored(s.a, text); rerr == nil && strings.TrimSpace(text) != "" {
					out = append(s.format(out[:0], id), '\n')
				} else {
					out = append(out[:0], line...)
				}
				w.Write(out)
			}
			if err != nil {
				if err == io.EOF {
					err = nil
				}
				if ferr := w.Flush(); err == nil {
					err = ferr
				}
				pw.CloseWithError(err)
				return
			}
		}
	}()
	return pr
}

// isTerminal reports whether w is a terminal, where progress is shown.
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}
