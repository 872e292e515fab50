package main

import (
	"os"
	"strings"
	"testing"

	"github.com/idforge/idforge/verify"
)

// fake is a result with a report of the given verdict and failing checks.
func fake(r row, method verify.Method, fails ...string) result {
	rep := &verify.Report{Method: method, CounterBits: 12}
	for _, f := range fails {
		group, name, _ := strings.Cut(f, "/")
		rep.Checks = append(rep.Checks, verify.Check{Group: group, Name: name, Status: verify.Fail, Class: verify.Class(name), Message: "found"})
		rep.Failed = true
	}
	return result{row: r, Report: rep, Conformance: "no testee"}
}

func TestCompare(t *testing.T) {
	good := row{Section: "Go modules", Impl: "a", Version: "v1", Call: "New", Layout: "uuidv7", N: 10}
	bug := row{Section: "Go modules", Impl: "b", Version: "v1", Call: "New", Layout: "uuidv7", N: 10,
		Known: &known{[]verify.Class{"duplicates"}, "repeats"}}
	varies := row{Section: "Go modules", Impl: "c", Version: "v1", Call: "NewV6", Layout: "uuidv6", N: 10, Varies: "why"}
	committed := render([]result{fake(good, verify.MethodCounter), fake(bug, verify.MethodCounter, "order/duplicates"), fake(varies, verify.MethodRandom)})

	for _, c := range []struct {
		name     string
		now      []result
		problems int
	}{
		{"same", []result{fake(good, verify.MethodCounter), fake(bug, verify.MethodCounter, "order/duplicates"), fake(varies, verify.MethodRandom)}, 0},
		{"another method and check, and a varying row that fails", []result{fake(good, verify.MethodOnePerTick), fake(bug, verify.MethodCounter, "order/duplicates", "counter/rollover"), fake(varies, verify.MethodRandom, "order/within a tick")}, 0},
		{"a verdict that changed", []result{fake(good, verify.MethodCounter, "time/ahead"), fake(bug, verify.MethodCounter, "order/duplicates"), fake(varies, verify.MethodRandom)}, 1},
		{"a row gone and a row new", []result{fake(good, verify.MethodCounter), fake(row{Section: "Go modules", Impl: "d", Call: "New", Layout: "ulid", N: 10}, verify.MethodCounter), fake(varies, verify.MethodRandom)}, 2},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := compare("page.md", committed, render(c.now)); len(got) != c.problems {
				t.Errorf("%d problems, want %d: %q", len(got), c.problems, got)
			}
		})
	}
}

func TestTableRowsIgnoreFootnotes(t *testing.T) {
	r := row{Section: "npm packages", Impl: "x", Version: "1", Call: "v7()", Layout: "uuidv7", N: 10, Note: "a note"}
	rows := tableRows(render([]result{fake(r, verify.MethodCounter)}))
	if len(rows) != 1 {
		t.Fatalf("%d rows, want 1: %v", len(rows), rows)
	}
	for k, v := range rows {
		if k != "x | 1 | `v7()` | uuidv7 | 10" || v.verdict != "ok" || v.method != "1: 12-bit counter" {
			t.Errorf("row %q: %+v", k, v)
		}
	}
}

// The committed page's rows are the rows the command makes, and its known
// bugs show: the page is the command's (the rows' verdicts are held by
// league -check in CI, which makes the IDs).
func TestCommittedPage(t *testing.T) {
	b, err := os.ReadFile("../../../docs/league.md")
	if os.IsNotExist(err) {
		t.Skip("skipped: the repository is not beside this module (a module zip has none)")
	}
	if err != nil {
		t.Fatal(err)
	}
	page := string(b)
	committed := tableRows(page)
	rs := rows()
	if len(committed) != len(rs) {
		t.Errorf("the page has %d rows, the command makes %d: regenerate it (go run ./interop/cmd/league -o docs/league.md)", len(committed), len(rs))
	}
	for _, r := range rs {
		if r.Known == nil {
			continue
		}
		// Each known bug is listed as shown.
		line := "- " + r.Impl + " "
		found := false
		for _, l := range strings.Split(page, "\n") {
			if strings.HasPrefix(l, line) && strings.Contains(l, "`"+r.Call+"`") && strings.Contains(l, "shown: verify finds") && !strings.Contains(l, "not shown") {
				found = true
			}
		}
		if !found {
			t.Errorf("the page does not show %s %s's known bug", r.Impl, r.Call)
		}
	}
}
