package resolved_test

import (
	"testing"

	"github.com/idforge/idforge/conformance"
	"github.com/idforge/idforge/conformance/check"
	"github.com/idforge/idforge/resolved"
)

// TestBrokenFailsCorpus breaks resolved on purpose, one tick off in the
// clock and then one bit shifted in the fields' runs, and checks that the
// conformance corpus's check of resolved (check.Resolved) reports each:
// the corpus, made by the interpreter, which shares no code with
// resolved, does not move with it.
func TestBrokenFailsCorpus(t *testing.T) {
	rs, err := conformance.Load("../conformance/corpus.jsonl.gz")
	if err != nil {
		t.Fatal(err)
	}
	run := func() map[string]int {
		t.Helper()
		ms, err := check.Resolved(rs)
		if err != nil {
			t.Fatal(err)
		}
		kinds := map[string]int{}
		for _, m := range ms {
			what := m.What
			if len(what) > 6 && what[:6] == "field " {
				what = "field"
			}
			kinds[what]++
		}
		return kinds
	}
	if got := run(); len(got) != 0 {
		t.Fatalf("resolved as it is: mismatches %v, want none", got)
	}
	for _, c := range []struct {
		name        string
		tick, shift int
		want        []string // kinds of mismatch that must be reported
	}{
		{"one tick late", 1, 0, []string{"time", "min", "max"}},
		{"one tick early", -1, 0, []string{"time", "min", "max"}},
		{"runs one bit up", 0, 1, []string{"field"}},
	} {
		restore := resolved.Break(c.tick, c.shift)
		got := run()
		restore()
		for _, k := range c.want {
			if got[k] == 0 {
				t.Errorf("%s: no %s mismatch reported (got %v)", c.name, k, got)
			}
		}
		t.Logf("%s: %v", c.name, got)
	}
	if got := run(); len(got) != 0 {
		t.Fatalf("resolved restored: mismatches %v, want none", got)
	}
}
