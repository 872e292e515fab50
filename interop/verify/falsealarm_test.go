package verify

import (
	"context"
	"fmt"
	"os/exec"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	gofrsOld "github.com/gofrs/uuid/v5"
	google "github.com/google/uuid"

	"github.com/idforge/idforge/interop/internal/pgtest"
	"github.com/idforge/idforge/layouts"
	"github.com/idforge/idforge/testenv"
	"github.com/idforge/idforge/verify"
)

// The false-alarm measurement of issue 64: "0 false alarms: 1,000 runs at
// the default α of each honest generator in CI's list". Each generator
// makes one stream, long enough to cut into 1,000 runs; each run is
// verified on its own, with the default options (α = 1e-6 a run), as a
// user verifies one file. A good generator then fails a run with a chance
// of at most 1e-6, 1e-3 in 1,000 runs: a single failure is a systematic
// false alarm, and the test names the check.
//
// IDFORGE_FULL=1 runs 1,000 runs of each (a step of .ci/run); without it
// 10, so that go test work stays fast and the code runs.

// falseAlarmRuns is how many runs each generator's stream is cut into.
func falseAlarmRuns() int {
	if testenv.IsFull() {
		return 1000
	}
	return 10
}

// measure cuts one generator's stream into runs of size IDs and verifies
// each as it is read.
type measure struct {
	name   string // what the generator's program prints before each ID
	label  string // for the log, when not name
	l      *layouts.Layout
	size   int
	runs   int
	mu     sync.Mutex
	c      *verify.Checker
	in     int // lines of the current run
	done   int // runs verified
	failed int
	// nonRandom counts the failed runs that failed a check outside the
	// randomness group, which chance cannot explain.
	nonRandom int
	checks    map[string]int // each failed check, "group/name": in how many runs
	first     string         // the first failed run's failed checks and report
	start     time.Time
	took      time.Duration
}

func newMeasure(t testing.TB, name, layout string, size, runs int) *measure {
	return &measure{name: name, l: builtin(t, layout), size: size, runs: runs, checks: map[string]int{}}
}

// line feeds one ID's text to the current run.
func (m *measure) line(id []byte) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.done >= m.runs {
		return
	}
	if m.c == nil {
		if m.start.IsZero() {
			m.start = time.Now()
		}
		// A Checker for each run, made as its first line arrives: the
		// wall clock of the "ahead" check is read then, or as each line
		// arrives.
		c, err := verify.New(m.l, verify.Options{})
		if err != nil {
			panic(err)
		}
		m.c = c
	}
	m.c.Line(id)
	m.in++
	if m.in < m.size {
		return
	}
	r := m.c.Report()
	m.c, m.in = nil, 0
	m.done++
	if m.done == m.runs {
		m.took = time.Since(m.start)
	}
	if !r.Failed {
		return
	}
	m.failed++
	nonRandom := false
	for _, c := range r.Checks {
		if c.Status == verify.Fail {
			m.checks[c.Group+"/"+c.Name]++
			nonRandom = nonRandom || c.Group != "randomness"
		}
	}
	if nonRandom {
		m.nonRandom++
	}
	if m.first == "" {
		var b strings.Builder
		r.WriteText(&b)
		m.first = fmt.Sprintf("run %d:\n%s%s", m.done, failures(r), b.String())
	}
}

// report fails the test unless every run was verified and none failed.
func (m *measure) report(t testing.TB) {
	t.Helper()
	if m.label != "" {
		defer func(name string) { m.name = name }(m.name)
		m.name = m.label
	}
	if m.done < m.runs {
		t.Errorf("%s as %s: %d runs of %d IDs verified, want %d", m.name, m.l.Name, m.done, m.size, m.runs)
	}
	if m.failed == 0 {
		t.Logf("%s as %s: 0 of %d runs of %d IDs failed (%v)", m.name, m.l.Name, m.done, m.size, m.took.Round(time.Millisecond))
		return
	}
	var checks []string
	for c, n := range m.checks {
		checks = append(checks, fmt.Sprintf("%s in %d", c, n))
	}
	sort.Strings(checks)
	t.Errorf("%s as %s: %d of %d runs of %d IDs failed at α = 1e-6 a run: %s; the first, %s", m.name, m.l.Name, m.failed, m.done, m.size, strings.Join(checks, ", "), m.first)
}

// measures is a set of measures by the name a child program prints.
type measures map[string][]*measure

func (ms measures) add(m *measure) { ms[m.name] = append(ms[m.name], m) }

func (ms measures) each(name string, id []byte) {
	for _, m := range ms[name] {
		m.line(id)
	}
}

func (ms measures) report(t testing.TB) {
	t.Helper()
	names := make([]string, 0, len(ms))
	for name := range ms {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		for _, m := range ms[name] {
			m.report(t)
		}
	}
}

// byChance reports whether the only failure is one run of one generator
// that failed the randomness checks alone: what a good generator does with
// a chance of at most 1e-6 a run.
func (ms measures) byChance() bool {
	failed := 0
	for _, list := range ms {
		for _, m := range list {
			if m.nonRandom > 0 {
				return false
			}
			failed += m.failed
		}
	}
	return failed == 1
}

// measured runs build, which makes the generators' streams and verifies
// their runs, and reports each generator's. verify's doc says to check a
// failure again with new IDs before believing it, since a good generator
// fails a run with a chance of at most α (1e-6): one generator in 1,000
// runs with at most 1e-3, the 128 here together with up to 0.13.
// So where the only failure is one run failing the randomness checks
// alone, build runs once more, with new IDs, and that measurement must
// have none. Any other failure, or two, fails at once; the first
// measurement's failure is shown either way.
func measured(t *testing.T, build func(t *testing.T) measures) {
	t.Helper()
	ms := build(t)
	if ms.byChance() {
		for _, list := range ms {
			for _, m := range list {
				if m.failed > 0 {
					t.Logf("%s as %s: 1 of %d runs failed the randomness checks alone (a good generator's chance: at most 1e-6 a run); measured again with new IDs. The run: %s", m.name, m.l.Name, m.done, m.first)
				}
			}
		}
		ms = build(t)
	}
	ms.report(t)
}

// counts returns, for the generators gs, the IDs each must make.
func (ms measures) counts(gs []gen) []int {
	out := make([]int, len(gs))
	for i, g := range gs {
		for _, m := range ms[g.name] {
			out[i] = max(out[i], m.size*m.runs)
		}
	}
	return out
}

// ownSize is the run size of an own layout's generator in a language
// whose burst makes per ID what fast does: smaller for a slow language,
// and for sonyflake, whose 8-bit counter waits for the next 10-ms tick
// (25,600 IDs a second at most).
func ownSize(layout string, fast int) int {
	if layout == "sonyflake" {
		return min(fast, 100)
	}
	return fast
}

// TestFalseAlarms: 0 false alarms in 1,000 runs of each honest
// generator: Go's peers (google/uuid, the newest gofrs/uuid), npm's
// (uuid, uuidv7, ulid, ulidx, ksuid), Python's uuid.uuid4, Java's
// UUID.randomUUID, sony/sonyflake, PostgreSQL 18's uuidv7() and uuidv4(),
// and idforge's own generators of every built-in layout in Go, SQL,
// JavaScript, Python and Java, each stream made in a burst.
func TestFalseAlarms(t *testing.T) {
	runs := falseAlarmRuns()
	owns := ownLayouts(t)
	t.Logf("%d runs of each generator (IDFORGE_FULL=1: 1,000)", runs)
	t.Run("Go", func(t *testing.T) {
		measured(t, func(t *testing.T) measures {
			ms := measures{}
			type goGen struct {
				m    *measure
				next func() string
			}
			var gs []goGen
			add := func(name, layout string, size int, next func() string) {
				m := newMeasure(t, name, layout, size, runs)
				ms.add(m)
				gs = append(gs, goGen{m, next})
			}
			add("google/uuid NewV7", "uuidv7", 1000, func() string { return google.Must(google.NewV7()).String() })
			add("google/uuid NewRandom", "uuidv4", 1000, func() string { return google.Must(google.NewRandom()).String() })
			add("gofrs/uuid v5.4.0 NewV4", "uuidv4", 1000, func() string { return gofrsOld.Must(gofrsOld.NewV4()).String() })
			add("sony/sonyflake", "sonyflake", 100, newSonyflake(t))
			for _, o := range owns {
				size := 1000
				if !isGenerated(o.l.Name) {
					size = 200 // the interpreter's generator (math/big), as idforge new runs it
				}
				add("idforge Go "+o.l.Name, o.l.Name, ownSize(o.l.Name, size), goGenerator(t, o))
			}
			for _, g := range gs {
				for range g.m.size * g.m.runs {
					g.m.line([]byte(g.next()))
				}
			}
			// gofrs/uuid's newest release, from a program of its own
			// (interop pins v5.4.0, whose NewV7 rolls over: gofrs/uuid#253).
			if cmd, why := gofrsLatest(t, "burst", fmt.Sprint(1000*runs), fmt.Sprint(1000*runs)); cmd != nil {
				ms.add(newMeasure(t, "gofrs/uuid-NewV7", "uuidv7", 1000, runs))
				ms.add(newMeasure(t, "gofrs/uuid-NewV4", "uuidv4", 1000, runs))
				stream(t, cmd, ms.each)
			} else {
				t.Logf("gofrs/uuid's newest release not measured: %s", why)
			}
			return ms
		})
	})
	t.Run("Go (idforge gen)", func(t *testing.T) {
		testenv.NeedTool(t, testenv.Go)
		cmd, gs := goGenProgram(t, owns)
		sizes := make([]int, len(gs))
		layout := make([]string, len(gs))
		for i := range gs {
			sizes[i], layout[i] = ownSize(owns[i].l.Name, 1000), owns[i].l.Name
		}
		measured(t, func(t *testing.T) measures {
			ms := childMeasures(t, gs, layout, sizes, runs)
			for _, list := range ms {
				for _, m := range list {
					m.label = "idforge gen -lang go " + m.name
				}
			}
			stream(t, exec.Command(cmd[0], args(false, ms.counts(gs))...), ms.each)
			return ms
		})
	})
	t.Run("JavaScript", func(t *testing.T) {
		dir := npmPeers(t)
		imports, gs := ownJS(t, owns)
		sizes := make([]int, len(gs))
		layout := make([]string, len(gs))
		for i := range gs {
			gs[i].name = "idforge-JavaScript-" + gs[i].name
			sizes[i], layout[i] = ownSize(owns[i].l.Name, 1000), owns[i].l.Name
		}
		imports += `import { v7 as uuidV7, v4 as uuidV4 } from 'uuid';
import { uuidv7 } from 'uuidv7';
import { monotonicFactory as ulidMonotonic, ulid } from 'ulid';
import { monotonicFactory as ulidxMonotonic } from 'ulidx';
import KSUID from 'ksuid';
const ulidM = ulidMonotonic();
const ulidxM = ulidxMonotonic();
`
		// Runs of 1,000 IDs, but for the slow: ulid's plain ulid() makes
		// some 16,000 IDs a second here (a million took a minute), the
		// ksuid package some 85,000.
		for _, p := range []struct {
			name, code, layout string
			size               int
		}{
			{"npm-uuid-v7", "uuidV7()", "uuidv7", 1000},
			{"npm-uuid-v4", "uuidV4()", "uuidv4", 1000},
			{"npm-uuidv7", "uuidv7()", "uuidv7", 1000},
			{"npm-ulid-monotonic", "ulidM()", "ulid", 1000},
			{"npm-ulid-plain", "ulid()", "ulid", 200},
			{"npm-ulidx-monotonic", "ulidxM()", "ulid", 1000},
			{"npm-ksuid", "KSUID.randomSync().string", "ksuid", 500},
		} {
			gs = append(gs, gen{p.name, p.code})
			sizes, layout = append(sizes, p.size), append(layout, p.layout)
		}
		src := jsProgram(imports, gs)
		measured(t, func(t *testing.T) measures {
			ms := childMeasures(t, gs, layout, sizes, runs)
			stream(t, nodeCmd(t, dir, src, args(false, ms.counts(gs))...), ms.each)
			return ms
		})
	})
	t.Run("Python", func(t *testing.T) {
		testenv.NeedTool(t, "python3")
		imports, gs := ownPython(owns)
		sizes := make([]int, len(gs))
		layout := make([]string, len(gs))
		for i := range gs {
			gs[i].name = "idforge-Python-" + gs[i].name
			sizes[i], layout[i] = ownSize(owns[i].l.Name, 200), owns[i].l.Name
		}
		imports += "import uuid\n"
		gs = append(gs, gen{"python-uuid.uuid4", "str(uuid.uuid4())"})
		sizes, layout = append(sizes, 1000), append(layout, "uuidv4")
		src := pyProgram(imports, gs)
		measured(t, func(t *testing.T) measures {
			ms := childMeasures(t, gs, layout, sizes, runs)
			stream(t, pythonCmd(t, src, args(false, ms.counts(gs))...), ms.each)
			return ms
		})
	})
	t.Run("Java", func(t *testing.T) {
		testenv.NeedTool(t, "java")
		testenv.NeedTool(t, "javac")
		setup, gs := ownJava(t, owns)
		sizes := make([]int, len(gs))
		layout := make([]string, len(gs))
		for i := range gs {
			gs[i].name = "idforge-Java-" + gs[i].name
			sizes[i], layout[i] = ownSize(owns[i].l.Name, 1000), owns[i].l.Name
		}
		gs = append(gs, gen{"java-UUID.randomUUID", "java.util.UUID.randomUUID()"})
		sizes, layout = append(sizes, 1000), append(layout, "uuidv4")
		cmd := javaProgram(t, setup, gs)
		measured(t, func(t *testing.T) measures {
			ms := childMeasures(t, gs, layout, sizes, runs)
			stream(t, exec.Command(cmd[0], append(cmd[1:len(cmd):len(cmd)], args(false, ms.counts(gs))...)...), ms.each)
			return ms
		})
	})
	t.Run("SQL", func(t *testing.T) {
		db := pgtest.DB(t)
		conn, err := db.Conn(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		defer conn.Close()
		gs := ownSQL(t, conn, owns)
		var version int
		if err := conn.QueryRowContext(context.Background(), `select current_setting('server_version_num')::int`).Scan(&version); err != nil {
			t.Fatal(err)
		}
		if version < 180000 {
			t.Logf("PostgreSQL %d has no uuidv7() and uuidv4(), which 18 added: not measured here (.ci/run measures them on 18)", version)
		}
		measured(t, func(t *testing.T) measures {
			ms := measures{}
			for _, g := range gs {
				// PL/pgSQL makes some 50,000 IDs a second: runs of 100.
				m := newMeasure(t, "idforge SQL "+g.l.Name, g.l.Name, 100, runs)
				ms.add(m)
				sqlBurst(t, conn, g, m.size*m.runs, func(s string) { m.line([]byte(s)) })
			}
			if version < 180000 {
				return ms
			}
			for _, c := range []struct {
				fn      string
				layouts []string
			}{{"uuidv7", []string{"uuidv7", "uuidv7-subms"}}, {"uuidv4", []string{"uuidv4"}}} {
				name := "PostgreSQL 18 " + c.fn + "()"
				for _, l := range c.layouts {
					ms.add(newMeasure(t, name, l, 1000, runs))
				}
				q := fmt.Sprintf("SELECT %s()::text FROM generate_series(1, %d) i ORDER BY i", c.fn, 1000*runs)
				rows, err := conn.QueryContext(context.Background(), q)
				if err != nil {
					t.Fatal(err)
				}
				for rows.Next() {
					var s []byte
					if err := rows.Scan(&s); err != nil {
						t.Fatal(err)
					}
					ms.each(name, s)
				}
				if err := rows.Err(); err != nil {
					t.Fatal(err)
				}
				rows.Close()
			}
			return ms
		})
	})
}

// childMeasures returns the measures of a child program's generators gs:
// generator i's IDs as layout names[i], in runs of sizes[i].
func childMeasures(t testing.TB, gs []gen, names []string, sizes []int, runs int) measures {
	ms := measures{}
	for i, g := range gs {
		ms.add(newMeasure(t, g.name, names[i], sizes[i], runs))
	}
	return ms
}

// isGenerated reports whether idforge has a generated Go package of the
// layout, which goGenerator uses (the interpreter otherwise).
func isGenerated(name string) bool {
	return slices.Contains([]string{"uuidv1", "uuidv4", "uuidv6", "uuidv7", "uuidv8", "ulid", "ksuid", "snowflake"}, name)
}
