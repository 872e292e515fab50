// Command league makes IDs with every implementation of idforge's layouts
// that this machine's registries reach (Go modules, npm packages, Python's
// standard library, the JDK, PostgreSQL 18, Debian's uuid-runtime, and
// idforge's own), runs idforge verify on each, runs the conformance testee
// of those that have one, and writes the league table: docs/league.md.
//
//	go run ./interop/cmd/league -o docs/league.md      # regenerate the page
//	go run ./interop/cmd/league -check docs/league.md  # CI: fail if it is stale
//
// Run it at the repository's root. PostgreSQL 18's rows need
// IDFORGE_POSTGRES_DSN to name a PostgreSQL 18 server
// (IDFORGE_PG_VERSION=18 .ci/postgres starts one and prints its DSN); the
// npm rows install interop/cmd/league/js's pinned packages with
// .ci/npm-cache, outside the checkout. A row whose tool or server is
// missing is shown as not run, and -check fails on it.
//
// -check regenerates the page (and writes it where -o says) and compares
// its tables with the file's: every row must have run, be on the page and
// have the page's verdict, but for a row marked "(varies)", whose verdict
// depends on the run (the page says why); and each known bug the rows name
// must show. Methods and the names of failing checks are compared and
// printed, not held: they depend on how fast the machine makes IDs. The
// page's counts, in verify's words under Findings, vary from run to run.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/idforge/idforge/layouts"
	"github.com/idforge/idforge/verify"
)

func main() {
	out := flag.String("o", "", "write the page to this file (default: standard output)")
	check := flag.String("check", "", "regenerate the page and fail if it differs from this file, or if a known bug does not show")
	only := flag.String("only", "", "only the rows whose implementation or call contains this text (for trying a row; the page is then partial)")
	verbose := flag.Bool("v", false, "print each row's verify report and the testees' standard error on standard error")
	flag.Usage = func() {
		fmt.Fprintf(os.Stderr, "usage: go run ./interop/cmd/league [-o FILE | -check FILE] [-only TEXT] [-v]\n\n")
		flag.PrintDefaults()
	}
	flag.Parse()
	if err := run1(*out, *check, *only, *verbose); err != nil {
		fmt.Fprintln(os.Stderr, "league:", err)
		os.Exit(1)
	}
}

// result is one row's outcome.
type result struct {
	row
	// Skip says why the row did not run: a missing or absent error.
	Skip error
	// Report is verify's report of the row's IDs.
	Report *verify.Report
	// Conformance is the testee's result, in a few words.
	Conformance string
	// Took is how long making the IDs took.
	Took time.Duration
}

func run1(out, check, only string, verbose bool) error {
	root, err := findRoot()
	if err != nil {
		return err
	}
	tmp, err := os.MkdirTemp("", "idforge-league-")
	if err != nil {
		return err
	}
	e := &env{root: root, tmp: tmp, pgDSN: os.Getenv("IDFORGE_POSTGRES_DSN"), verbose: verbose}
	defer func() {
		for _, d := range e.cleanup {
			os.RemoveAll(d)
		}
		os.RemoveAll(tmp)
	}()
	start := time.Now()
	var results []result
	for _, r := range rows() {
		if only != "" && !strings.Contains(r.Impl+" "+r.Call, only) {
			continue
		}
		res, err := e.judge(r)
		if err != nil {
			return fmt.Errorf("%s %s: %w", r.Impl, r.Call, err)
		}
		results = append(results, res)
	}
	fmt.Fprintf(os.Stderr, "league: %d rows in %v\n", len(results), time.Since(start).Round(time.Second))
	page := render(results)

	var problems []string
	for _, res := range results {
		var m missing
		if errors.As(res.Skip, &m) {
			problems = append(problems, fmt.Sprintf("%s %s was not run: %v", res.Impl, res.Call, res.Skip))
		}
		if res.Known != nil && res.Report != nil && len(failing(res.Report, res.Known.Classes)) == 0 {
			problems = append(problems, fmt.Sprintf("%s %s %s: the known bug (%s) does not show: no failing check names any of %q", res.Impl, res.Version, res.Call, res.Known.What, res.Known.Classes))
		}
	}
	if check != "" {
		committed, err := os.ReadFile(check)
		if err != nil {
			return err
		}
		problems = append(problems, compare(check, string(committed), page)...)
	}
	if out != "" {
		if err := os.WriteFile(out, []byte(page), 0o644); err != nil {
			return err
		}
	} else if check == "" {
		io.WriteString(os.Stdout, page)
	}
	for _, p := range problems {
		fmt.Fprintln(os.Stderr, "league:", p)
	}
	if check != "" && len(problems) > 0 {
		return fmt.Errorf("%d problems", len(problems))
	}
	return nil
}

// judge makes one row's IDs, verifies them and runs its testee.
func (e *env) judge(r row) (result, error) {
	res := result{row: r}
	if res.Version == "" {
		res.Version = e.versionOf(r)
	}
	l, err := layouts.Builtin(r.Layout)
	if err != nil {
		return res, err
	}
	begin := time.Now()
	text, err := r.Make(e, r.N)
	end := time.Now()
	res.Took = end.Sub(begin)
	var m missing
	var a absent
	if errors.As(err, &m) || errors.As(err, &a) {
		res.Skip = err
		fmt.Fprintf(os.Stderr, "league: %s %s: not run: %v\n", r.Impl, r.Call, err)
		return res, nil
	}
	if err != nil {
		return res, err
	}
	// verify's defaults but for the window: the IDs were made between
	// begin and end, so their times lie within a few seconds of that
	// (a KSUID's second is rounded down; a clock may be a tick behind).
	// verify's default window, the input's own span, cannot see a time
	// in the wrong century.
	res.Report, err = verify.Run(l, strings.NewReader(text), verify.Options{
		From:  r.From,
		Since: begin.Add(-5 * time.Second),
		Until: end.Add(5 * time.Second),
	})
	if err != nil {
		return res, err
	}
	if res.Report.IDs != int64(r.N) {
		return res, fmt.Errorf("%d IDs read of %d made", res.Report.IDs, r.N)
	}
	if e.verbose {
		fmt.Fprintf(os.Stderr, "--- %s %s %s as %s (%d IDs in %v)\n", r.Impl, res.Version, r.Call, r.Layout, r.N, res.Took.Round(time.Millisecond))
		res.Report.WriteText(os.Stderr)
	}
	res.Conformance, err = e.conformanceOf(r.Testee, r.Layout)
	var m2 missing
	if errors.As(err, &m2) {
		res.Conformance, err = "not run: "+m2.Error(), nil
		res.Skip = m2
	}
	fmt.Fprintf(os.Stderr, "league: %-22s %-28s %-13s %v\n", r.Impl, r.Call, r.Layout, res.Took.Round(time.Millisecond))
	return res, err
}

// versionOf is the version of a row's implementation as this machine has
// it.
func (e *env) versionOf(r row) string {
	switch r.Section {
	case "npm packages":
		return e.npmVersion(r.Impl)
	case "Python":
		return e.pythonVersion()
	case "Java":
		return e.javaVersion()
	case "PostgreSQL":
		return e.pgVersion()
	case "Debian":
		return e.uuidgenVersion()
	}
	return "?"
}

// failing returns the classes among classes that a failing check of rep
// names.
func failing(rep *verify.Report, classes []verify.Class) []string {
	var out []string
	for _, c := range rep.Checks {
		if c.Status == verify.Fail && slices.Contains(classes, c.Class) && !slices.Contains(out, string(c.Class)) {
			out = append(out, string(c.Class))
		}
	}
	return out
}

// findRoot is the repository's root: the nearest directory above the
// working directory that holds go.work.
func findRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.work")); err == nil {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", errNoRoot
		}
		dir = parent
	}
}

// compare holds a regenerated page to the committed one: the rows must be
// the same, and so must each row's verdict, but for a row whose verdict
// varies (row.Varies, which the page marks). A method or a failing check
// that differs is printed, not a problem: they depend on how fast the
// machine makes IDs (one ID a tick on a slow one, a counter on a fast
// one), and verify's words are not the verdict.
func compare(file, committed, page string) []string {
	old, now := tableRows(committed), tableRows(page)
	regen := fmt.Sprintf("regenerate %s with go run ./interop/cmd/league -o %s, on a machine with every row's tools and PostgreSQL 18", file, file)
	var problems []string
	for _, k := range slices.Sorted(maps.Keys(now)) {
		n, o := now[k], old[k]
		switch {
		case o.key == "":
			problems = append(problems, fmt.Sprintf("%s: a row the page lacks (%s)", k, regen))
		case strings.Contains(n.verdict, "(varies)"):
		case n.verdict != o.verdict:
			problems = append(problems, fmt.Sprintf("%s: verdict %s, the page says %s (if the new verdict is right, %s)", k, n.verdict, o.verdict, regen))
		case n.method != o.method || n.failing != o.failing:
			fmt.Fprintf(os.Stderr, "league: %s: the same verdict; method %s, failing %s here, where the page has %s, %s\n", k, n.method, orNone(n.failing), o.method, orNone(o.failing))
		}
	}
	for _, k := range slices.Sorted(maps.Keys(old)) {
		if now[k].key == "" {
			problems = append(problems, fmt.Sprintf("%s: a row of the page that the command no longer makes (%s)", k, regen))
		}
	}
	return problems
}

func orNone(s string) string {
	if s == "" {
		return "none"
	}
	return s
}
