package verify

import (
	"context"
	"fmt"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/idforge/idforge/interop/internal/pgtest"
	"github.com/idforge/idforge/testenv"
)

// TestOwnGenerators: idforge's own generators pass verify, with the
// default options, in every language, at any count and rate (issue 64,
// DESIGN's "verify": "idforge's own generators pass in every language at
// any rate"): every built-in layout with a generator, in Go (idforge's
// packages and the interpreter, as idforge new runs them, and the
// packages idforge gen writes), PostgreSQL
// (P_new, for the layouts that have it), JavaScript, Python and Java, at
// 40 and at 10,000 IDs, made one a millisecond ("paced": one ID of each
// layout, then a millisecond's sleep) and in a burst (each layout's IDs
// one after the other, as fast as the language makes them).
//
// The paced runs sleep, so the languages run side by side: about 15
// seconds in all, most of it the 10,000 milliseconds of the paced runs.
func TestOwnGenerators(t *testing.T) {
	owns := ownLayouts(t)
	counts := []int{40, 10_000}
	// judge verifies each layout's IDs of one run.
	judge := func(t *testing.T, lang string, paced bool, n int, got map[string]string, names []string) {
		mode := "burst"
		if paced {
			mode = "one a millisecond"
		}
		for _, name := range names {
			t.Run(fmt.Sprintf("%s/%s/%d %s", lang, name, n, mode), func(t *testing.T) {
				r := mustPass(t, name, got[name], n)
				t.Logf("%s %s, %d %s: method %s", lang, name, n, mode, r.Method)
			})
		}
	}
	names := make([]string, len(owns))
	for i, o := range owns {
		names[i] = o.l.Name
	}
	each := func(counts []int, f func(paced bool, n int)) {
		for _, paced := range []bool{true, false} {
			for _, n := range counts {
				f(paced, n)
			}
		}
	}
	t.Run("Go", func(t *testing.T) {
		t.Parallel()
		each(counts, func(paced bool, n int) {
			// A new generator for each run, as a new process has.
			nexts := make([]func() string, len(owns))
			for i, o := range owns {
				nexts[i] = goGenerator(t, o)
			}
			bs := make([]strings.Builder, len(owns))
			if paced {
				for range n {
					for i, next := range nexts {
						bs[i].WriteString(next() + "\n")
					}
					time.Sleep(time.Millisecond)
				}
			} else {
				for i, next := range nexts {
					for range n {
						bs[i].WriteString(next() + "\n")
					}
				}
			}
			got := map[string]string{}
			for i, name := range names {
				got[name] = bs[i].String()
			}
			judge(t, "Go", paced, n, got, names)
		})
	})
	t.Run("Go (idforge gen)", func(t *testing.T) {
		t.Parallel()
		testenv.NeedTool(t, testenv.Go)
		cmd, gs := goGenProgram(t, owns)
		each(counts, func(paced bool, n int) {
			judge(t, "Go (idforge gen)", paced, n, collect(t, exec.Command(cmd[0], args(paced, same(len(gs), n))...)), names)
		})
	})
	t.Run("SQL", func(t *testing.T) {
		t.Parallel()
		db := pgtest.DB(t)
		conn, err := db.Conn(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		defer conn.Close()
		gs := ownSQL(t, conn, owns)
		var sqlNames []string
		for _, g := range gs {
			sqlNames = append(sqlNames, g.l.Name)
		}
		t.Logf("P_new in PostgreSQL: %s", strings.Join(sqlNames, ", "))
		each(counts, func(paced bool, n int) {
			if paced {
				judge(t, "SQL", true, n, sqlPaced(t, conn, gs, n), sqlNames)
				return
			}
			got := map[string]string{}
			for _, g := range gs {
				var b strings.Builder
				sqlBurst(t, conn, g, n, func(s string) { b.WriteString(s + "\n") })
				got[g.l.Name] = b.String()
			}
			judge(t, "SQL", false, n, got, sqlNames)
		})
	})
	t.Run("JavaScript", func(t *testing.T) {
		t.Parallel()
		testenv.NeedTool(t, "node")
		imports, gs := ownJS(t, owns)
		src := jsProgram(imports, gs)
		dir := t.TempDir()
		each(counts, func(paced bool, n int) {
			judge(t, "JavaScript", paced, n, collect(t, nodeCmd(t, dir, src, args(paced, same(len(gs), n))...)), names)
		})
	})
	t.Run("Python", func(t *testing.T) {
		t.Parallel()
		testenv.NeedTool(t, "python3")
		imports, gs := ownPython(owns)
		src := pyProgram(imports, gs)
		each(counts, func(paced bool, n int) {
			judge(t, "Python", paced, n, collect(t, pythonCmd(t, src, args(paced, same(len(gs), n))...)), names)
		})
	})
	t.Run("Java", func(t *testing.T) {
		t.Parallel()
		testenv.NeedTool(t, "java")
		testenv.NeedTool(t, "javac")
		setup, gs := ownJava(t, owns)
		cmd := javaProgram(t, setup, gs)
		each(counts, func(paced bool, n int) {
			c := append(cmd[1:len(cmd):len(cmd)], args(paced, same(len(gs), n))...)
			judge(t, "Java", paced, n, collect(t, exec.Command(cmd[0], c...)), names)
		})
	})
}

// same returns k counts of n.
func same(k, n int) []int {
	out := make([]int, k)
	for i := range out {
		out[i] = n
	}
	return out
}
