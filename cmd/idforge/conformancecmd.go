package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"strings"
	"time"

	"github.com/idforge/idforge/conformance"
	"github.com/idforge/idforge/conformance/testee"
)

const conformanceUsage = `usage: idforge conformance -testee CMD [-layout NAME[,NAME...]] [-failures FILE] [-corpus FILE] [-timeout D] [-json]

Runs the conformance corpus against an implementation of idforge's layouts
in any language, a testee: CMD, a command line that sh -c runs, reads
requests, one JSON object a line, on its standard input and writes one
response a line on its standard output (docs/conformance.md specifies the
protocol). It is asked what it supports (layouts, ops, forms, whether its
generator takes a clock); every case of the corpus it supports is sent, its
standard input is closed after the last, and its answers, read to the end of
its output, are compared with the corpus's. The report gives the counts of
cases passed, failed and skipped, and each failure with its request and
corpus record; the testee's standard error passes through.

  -testee CMD       the testee's command line (required)
  -layout NAMES     only these layouts, comma-separated
  -failures FILE    the testee's expected failures, one case name a line as
                    the report names them, # for comments: a failure listed
                    there does not fail the run, and a listed case that
                    passes is reported as fixed
  -corpus FILE      another corpus (default: the one idforge was built with)
  -timeout D        end the testee after D (default 5m)
  -json             the report as one JSON object

The testee runs in a process group of its own (on Unix): at the timeout, or
when it has exited, the whole group is killed, so nothing it started is left
running. A response line longer than 1 MiB is a protocol error.

Exit status 1 when a case fails that the list does not name, or the testee
breaks the protocol, exits or closes its output before it answered every
request, or does not finish within the timeout.

examples, at the root of a clone (DIR is where go run ./gen/tools/packages -o DIR
built idforge's packages):
  IDFORGE_JS=DIR/js idforge conformance -testee 'node conformance/testees/idforge.mjs'
  IDFORGE_PYTHON=DIR/python idforge conformance -testee 'python3 conformance/testees/idforge_testee.py' -layout uuidv7,ulid
  idforge conformance -testee 'go run ./interop/conformance/oklogulid' -failures interop/conformance/oklogulid/oklog-ulid.failures
`

func cmdConformance(args []string, _ io.Reader, stdout, stderr io.Writer) error {
	fs := newFlagSet("conformance")
	command := fs.String("testee", "", "")
	only := fs.String("layout", "", "")
	failures := fs.String("failures", "", "")
	corpusFile := fs.String("corpus", "", "")
	timeout := fs.Duration("timeout", 5*time.Minute, "")
	asJSON := fs.Bool("json", false, "")
	if err := parseFlagsOnly(fs, args); err != nil {
		return err
	}
	if *command == "" {
		return usageError{fmt.Errorf("-testee CMD is required")}
	}
	// What the driver holds: the corpus's cases (some 8 MB live with
	// every layout) and one testee line (at most testee.MaxLine). A soft
	// limit keeps the garbage collector near that, so that a run stays
	// well under 64 MiB whatever the testee writes; GOMEMLIMIT overrides it.
	if os.Getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(32 << 20)
	}
	var opts testee.Options
	if *only != "" {
		opts.Layouts = strings.Split(*only, ",")
	}
	if *failures != "" {
		f, err := os.Open(*failures)
		if err != nil {
			return err
		}
		opts.Expected, err = testee.ParseList(f)
		f.Close()
		if err != nil {
			return fmt.Errorf("%s: %w", *failures, err)
		}
	}
	var (
		rs  []conformance.Record
		err error
	)
	if *corpusFile != "" {
		rs, err = conformance.Load(*corpusFile)
	} else {
		rs, err = conformance.Corpus()
	}
	if err != nil {
		return err
	}
	if len(opts.Layouts) > 0 {
		known := map[string]bool{}
		for _, r := range rs {
			known[r.Layout] = true
		}
		for _, name := range opts.Layouts {
			if !known[name] {
				return usageError{fmt.Errorf("the corpus has no layout %q", name)}
			}
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), *timeout)
	defer cancel()
	t, err := testee.Start(ctx, *command, stderr)
	if err != nil {
		return err
	}
	rep, runErr := testee.Run(t, rs, opts)
	var closeErr error
	if runErr != nil {
		t.Kill() // and its process group: nothing it started is left running
	} else {
		closeErr = t.Close()
	}
	if rep != nil {
		if *asJSON {
			enc := json.NewEncoder(stdout)
			enc.SetEscapeHTML(false)
			if err := enc.Encode(rep); err != nil {
				return err
			}
		} else if err := rep.WriteText(stdout); err != nil {
			return err
		}
	}
	switch {
	case errors.Is(runErr, testee.ErrStopped) || errors.Is(closeErr, testee.ErrStopped):
		if runErr == nil {
			runErr = closeErr
		}
		return fmt.Errorf("the testee did not finish within %v, and was killed with everything it started: %w", *timeout, runErr)
	case runErr != nil:
		return runErr
	case closeErr != nil:
		return closeErr
	case !rep.OK():
		fmt.Fprintf(stderr, "idforge conformance: %s failed\n", plural(len(rep.Failed), "case"))
		return errReported
	}
	return nil
}
