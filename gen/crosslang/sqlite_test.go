package conformance_test

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/idforge/idforge/conformance"
	"github.com/idforge/idforge/layouts"
	"github.com/idforge/idforge/resolved"
	"github.com/idforge/idforge/storage"
	"github.com/idforge/idforge/testenv"
	"github.com/idforge/idforge/verify"
)

// sqliteNewCount is how many IDs each layout's P_new makes in SQLite, for
// package verify to judge, and sqliteOrderCount how many IDs of each
// time-ordered built-in are stored through the bytes profile into a BLOB
// column, to come back in time order under ORDER BY: 10,000 in the
// README's go test work, 100,000 with IDFORGE_FULL=1 (CI's SQLite step).
var sqliteNewCount, sqliteOrderCount = sqliteCounts()

func sqliteCounts() (int, int) {
	if os.Getenv("IDFORGE_FULL") != "" {
		return 100000, 100000
	}
	return 10000, 10000
}

// runSQLite runs a script of testdata that takes the corpus through the
// SQL functions a language registers on SQLite (sqlite_corpus.*), on the
// modules of lang, and judges the IDs each built-in layout's P_new made
// with package verify: every check must pass. The script also checks the
// corpus's stored records both ways, and that sqliteOrderCount IDs of each
// time-ordered built-in, stored through the bytes profile into a BLOB
// column, come back in time order under ORDER BY. (The corpus's other layouts,
// some of whose clocks tick once a second or more with a few bits beside
// them, make three IDs each, which P_valid checks.)
func runSQLite(t *testing.T, lang, name string, args ...string) {
	t.Helper()
	readInputs(t, "testdata/sqlite_corpus.*")
	dir, corpus := modules(t, lang)
	out := t.TempDir()
	ls, err := layouts.Builtins()
	if err != nil {
		t.Fatal(err)
	}
	bytesProfile, err := storage.Lookup("bytes")
	if err != nil {
		t.Fatal(err)
	}
	var builtins, ordered []string
	for _, l := range ls {
		builtins = append(builtins, l.Name)
		// The time-ordered built-ins: those with a time whose arrangement
		// under the bytes profile sorts by it (UUIDv1's included: its
		// stored bytes put the time's high bits first).
		rl := resolved.Must(l)
		if a, err := storage.For(rl, bytesProfile); err == nil && a.Sorts && rl.Time != nil {
			ordered = append(ordered, l.Name)
		}
	}
	cmd := exec.Command(name, args...)
	cmd.Dir = "testdata"
	cmd.Env = append(os.Environ(), "IDFORGE_CORPUS="+corpus, "IDFORGE_MODULES="+dir, "IDFORGE_NEW="+out,
		"IDFORGE_NEW_COUNT="+strconv.Itoa(sqliteNewCount), "IDFORGE_NEW_LAYOUTS="+strings.Join(builtins, ","),
		"IDFORGE_ORDER_LAYOUTS="+strings.Join(ordered, ","), "IDFORGE_ORDER_COUNT="+strconv.Itoa(sqliteOrderCount))
	var stdout bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stdout
	start := time.Now()
	if err := cmd.Run(); err != nil {
		t.Fatalf("%s %s: %v\n%s", name, strings.Join(args, " "), err, lastLines(stdout.String(), 60))
	}
	t.Logf("%s", lastLines(stdout.String(), 4))
	if n := strings.Count(stdout.String(), "in time order under ORDER BY"); n != len(ordered) {
		t.Errorf("%d layouts stored through the bytes profile came back in time order, want the %d time-ordered built-ins (%v)", n, len(ordered), ordered)
	}
	t.Logf("time-ordered under the bytes profile, %d IDs each: %v", sqliteOrderCount, ordered)
	rs, err := conformance.Load(corpus)
	if err != nil {
		t.Fatal(err)
	}
	judged := 0
	for _, r := range rs {
		if r.Kind != "layout" {
			continue
		}
		f, err := os.Open(filepath.Join(out, r.Layout+".txt"))
		if os.IsNotExist(err) {
			continue // a layout that does not generate (name-based)
		}
		if err != nil {
			t.Fatal(err)
		}
		l, err := layouts.Parse(r.File, []byte(r.Spec))
		if err != nil {
			f.Close()
			t.Fatal(err)
		}
		rep, err := verify.Run(l, f, verify.Options{From: "hex", Since: start.Add(-time.Second)})
		f.Close()
		if err != nil {
			t.Fatal(err)
		}
		if rep.IDs != int64(sqliteNewCount) || rep.Failed {
			var b bytes.Buffer
			rep.WriteText(&b)
			t.Errorf("%s: verify judges %d IDs of P_new:\n%s", r.Layout, rep.IDs, b.String())
		}
		judged++
	}
	if judged == 0 {
		t.Fatal("no layout's P_new was judged")
	}
	t.Logf("verify judged %d IDs of P_new for each of %d layouts, with no failure", sqliteNewCount, judged)
}

// The SQL functions the Python modules register on Python's sqlite3
// (register_sqlite) read, write and bound the corpus's IDs as the
// interpreter does, bit for bit, refuse its bad inputs with the same error
// kinds, positions and lengths, and P_new makes IDs package verify passes.
func TestSQLitePython(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("runs python3's sqlite3 on every layout")
	}
	testenv.NeedTool(t, testenv.Python)
	runSQLite(t, "python", "python3", "-B", "sqlite_corpus.py")
}

// The same for the JavaScript modules' registerSqlite on Node's node:sqlite
// (Node 22.13 and later, without a flag): IDFORGE_NODE22 names that node
// (.ci/node22 installs it; CI sets it), as the node CI runs elsewhere is 20.
func TestSQLiteJavaScript(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("runs node:sqlite on every layout")
	}
	node := os.Getenv("IDFORGE_NODE22")
	if node == "" {
		t.Skip("IDFORGE_NODE22 is not set: it names a node of version 22.13 or later, which has node:sqlite (.ci/node22 installs one and prints its path)")
	}
	runSQLite(t, "js", node, "--no-warnings", "sqlite_corpus.mjs")
}
