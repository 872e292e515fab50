package testee

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/idforge/idforge/conformance"
)

// Report is what Run found.
type Report struct {
	Testee   Capabilities   `json:"testee"`
	Passed   int            `json:"passed"`
	Failed   []Failure      `json:"failed"`   // failures the list does not name: the run fails
	Expected []Failure      `json:"expected"` // failures the list names
	Fixed    []string       `json:"fixed"`    // cases the list names that passed: take them off it
	NotRun   []string       `json:"not_run"`  // names on the list of no case that ran
	Skipped  map[string]int `json:"skipped"`  // cases not sent, by why

	ran map[string]bool
}

// Failure is one case whose response was wrong.
type Failure struct {
	Case    string             `json:"case"`
	Problem string             `json:"problem"`
	Request Request            `json:"request"`
	Record  conformance.Record `json:"record"`
}

// OK says whether the run passed: no failure that the list of expected
// failures does not name.
func (rep *Report) OK() bool { return len(rep.Failed) == 0 }

// WriteText writes the report for a person: a summary line, then every
// unexpected failure with its request and corpus record, the cases the
// list names that now pass, and the names on the list that ran no case.
func (rep *Report) WriteText(w io.Writer) error {
	bw := bufio.NewWriter(w)
	name := rep.Testee.Name
	if rep.Testee.Version != "" {
		name += " " + rep.Testee.Version
	}
	skipped := 0
	for _, n := range rep.Skipped {
		skipped += n
	}
	fmt.Fprintf(bw, "testee %s: %d passed, %d failed, %d expected failures, %d fixed, %d skipped\n",
		name, rep.Passed, len(rep.Failed), len(rep.Expected), len(rep.Fixed), skipped)
	for _, f := range rep.Failed {
		req, _ := json.Marshal(f.Request)
		rec, _ := json.Marshal(f.Record)
		fmt.Fprintf(bw, "FAIL %s\n  %s\n  request: %s\n  record:  %s\n", f.Case, f.Problem, req, rec)
	}
	for _, c := range rep.Fixed {
		fmt.Fprintf(bw, "FIXED %s (on the list of expected failures, but passed: take it off)\n", c)
	}
	for _, c := range rep.NotRun {
		fmt.Fprintf(bw, "NOT RUN %s (on the list of expected failures, but no such case ran)\n", c)
	}
	whys := make([]string, 0, len(rep.Skipped))
	for why := range rep.Skipped {
		whys = append(whys, why)
	}
	slices.Sort(whys)
	for _, why := range whys {
		fmt.Fprintf(bw, "skipped %d: %s\n", rep.Skipped[why], why)
	}
	return bw.Flush()
}

// ParseList reads a list of expected failures: one case name a line, as
// the report names it; blank lines and lines starting with # (a comment:
// say why the case fails) are ignored, as are spaces at either end.
func ParseList(r io.Reader) (map[string]bool, error) {
	names := map[string]bool{}
	sc := bufio.NewScanner(r)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		names[line] = true
	}
	return names, sc.Err()
}
