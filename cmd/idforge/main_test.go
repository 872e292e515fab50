package main

import (
	"bytes"
	"crypto/sha256"
	"flag"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"golang.org/x/tools/txtar"

	"github.com/idforge/idforge/snowflake"
	"github.com/idforge/idforge/store"
	"github.com/idforge/idforge/ulid"
	"github.com/idforge/idforge/uuid"
)

var update = flag.Bool("update", false, "rewrite the golden stdout and stderr of the script cases")

// idforgeBin is the idforge command, built once for the end-to-end tests.
var idforgeBin string

func TestMain(m *testing.M) {
	flag.Parse()
	dir, err := os.MkdirTemp("", "idforge-test")
	if err != nil {
		panic(err)
	}
	idforgeBin = filepath.Join(dir, "idforge")
	if out, err := exec.Command("go", "build", "-buildvcs=false", "-o", idforgeBin, ".").CombinedOutput(); err != nil {
		panic("building idforge: " + err.Error() + "\n" + string(out))
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// idforge runs the binary with args and stdin in dir, in UTC.
func idforge(t *testing.T, dir, stdin string, args ...string) (stdout, stderr string, exit int) {
	t.Helper()
	return idforgeEnv(t, dir, stdin, nil, args...)
}

// idforgeEnv is idforge with more environment variables (KEY=VALUE).
func idforgeEnv(t *testing.T, dir, stdin string, env []string, args ...string) (stdout, stderr string, exit int) {
	t.Helper()
	cmd := exec.Command(idforgeBin, args...)
	cmd.Dir = dir
	cmd.Env = append(append(os.Environ(), "TZ=UTC"), env...)
	cmd.Stdin = strings.NewReader(stdin)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	if ee, ok := err.(*exec.ExitError); ok {
		exit = ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	return out.String(), errb.String(), exit
}

// Each testdata/*.txt is a txtar archive: its comment holds the arguments
// ("args: ..."), the exit code ("exit: N") and any environment variables
// ("env: KEY=VALUE"); its files are the stdin and the golden stdout and
// stderr, and any other files the command reads. A file the command
// changes is checked too when the archive has "FILE.after": what FILE must
// hold afterwards.
func TestScripts(t *testing.T) {
	t.Parallel()
	files, err := filepath.Glob("testdata/*.txt")
	if err != nil || len(files) == 0 {
		t.Fatal("no script cases", err)
	}
	for _, file := range files {
		t.Run(strings.TrimSuffix(filepath.Base(file), ".txt"), func(t *testing.T) {
			t.Parallel() // each case runs in a directory of its own
			ar, err := txtar.ParseFile(file)
			if err != nil {
				t.Fatal(err)
			}
			var args, env []string
			wantExit := 0
			for _, line := range strings.Split(string(ar.Comment), "\n") {
				if a, ok := strings.CutPrefix(line, "args: "); ok {
					args = strings.Fields(a)
				}
				if e, ok := strings.CutPrefix(line, "exit: "); ok {
					wantExit, _ = strconv.Atoi(e)
				}
				if e, ok := strings.CutPrefix(line, "env: "); ok {
					env = append(env, e)
				}
			}
			dir := t.TempDir()
			var stdin string
			for _, f := range ar.Files {
				switch f.Name {
				case "stdin":
					stdin = string(f.Data)
				case "stdout", "stderr":
				default:
					if strings.HasSuffix(f.Name, ".after") {
						continue
					}
					if err := os.WriteFile(filepath.Join(dir, f.Name), f.Data, 0o644); err != nil {
						t.Fatal(err)
					}
				}
			}
			stdout, stderr, exit := idforgeEnv(t, dir, stdin, env, args...)
			for _, f := range ar.Files {
				if name, ok := strings.CutSuffix(f.Name, ".after"); ok {
					if got, err := os.ReadFile(filepath.Join(dir, name)); err != nil || string(got) != string(f.Data) {
						t.Errorf("%s afterwards: %v\n%s\nwant:\n%s", name, err, got, f.Data)
					}
				}
			}
			if exit != wantExit {
				t.Errorf("exit %d, want %d\nstderr: %s", exit, wantExit, stderr)
			}
			got := map[string]string{"stdout": stdout, "stderr": stderr}
			if *update {
				var kept []txtar.File
				for _, f := range ar.Files {
					if f.Name != "stdout" && f.Name != "stderr" {
						kept = append(kept, f)
					}
				}
				for _, name := range []string{"stdout", "stderr"} {
					if got[name] != "" {
						kept = append(kept, txtar.File{Name: name, Data: []byte(got[name])})
					}
				}
				ar.Files = kept
				os.WriteFile(file, txtar.Format(ar), 0o644)
				return
			}
			for _, name := range []string{"stdout", "stderr"} {
				want := ""
				for _, f := range ar.Files {
					if f.Name == name {
						want = string(f.Data)
					}
				}
				if got[name] != want {
					t.Errorf("%s:\n%s\nwant:\n%s\n(%s's golden %s: go test ./cmd/idforge -run 'TestScripts/%s$' -update rewrites it, as go run ./tools/regen at the repository's root does every golden file)", name, got[name], want, file, name, t.Name()[len("TestScripts/"):])
				}
			}
		})
	}
}

// new -layout v7 -enc base62 makes sorted, unique, 22-character IDs.
func TestNewV7Base62(t *testing.T) {
	t.Parallel()
	out, stderr, exit := idforge(t, "", "", "new", "-layout", "v7", "-enc", "base62", "-n", "10000")
	if exit != 0 {
		t.Fatalf("exit %d: %s", exit, stderr)
	}
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if len(lines) != 10000 {
		t.Fatalf("%d lines", len(lines))
	}
	if !sort.StringsAreSorted(lines) {
		t.Error("not sorted")
	}
	seen := map[string]bool{}
	for _, l := range lines {
		if len(l) != 22 || seen[l] {
			t.Fatalf("%q: wrong width or a duplicate", l)
		}
		seen[l] = true
	}
}

// Every built-in layout makes IDs that inspect reads back as that layout.
// Layouts with a node field take -node; the others refuse it.
func TestNewThenInspect(t *testing.T) {
	t.Parallel()
	for _, layout := range []string{"v1", "v4", "v6", "v7", "v8", "ksuid", "ulid", "objectid", "sonyflake", "instagram", "snowflake", "uuidv7-draft01", "ksuid-ms"} {
		args := []string{"new", "-layout", layout, "-n", "3"}
		switch layout {
		case "v1", "v6", "sonyflake", "instagram", "snowflake":
			args = append(args, "-node", "7")
		}
		out, stderr, exit := idforge(t, "", "", args...)
		if exit != 0 {
			t.Fatalf("new %s: exit %d: %s", layout, exit, stderr)
		}
		for _, id := range strings.Fields(out) {
			if _, stderr, exit := idforge(t, "", "", "inspect", "-layout", layout, id); exit != 0 {
				t.Errorf("inspect %s %s: exit %d: %s", layout, id, exit, stderr)
			}
		}
	}
}

// gen writes a package for a user's spec, marked as generated code.
func TestGenWritesPackage(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	spec := "layout orders 64\n  sign 1 = 0\n  ts 41 time 2024-01-01T00:00:00Z ms\n  shard 10 node\n  seq 12 counter zero wait\n"
	if err := os.WriteFile(filepath.Join(dir, "orders.layout"), []byte(spec), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, stderr, exit := idforge(t, dir, "", "gen", "-spec", "orders.layout", "-pkg", "orders", "-o", "orders_gen.go"); exit != 0 {
		t.Fatalf("exit %d: %s", exit, stderr)
	}
	src, err := os.ReadFile(filepath.Join(dir, "orders_gen.go"))
	if err != nil {
		t.Fatal(err)
	}
	f, err := parser.ParseFile(token.NewFileSet(), "orders_gen.go", src, parser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	if !ast.IsGenerated(f) || f.Name.Name != "orders" {
		t.Errorf("package %s, generated %v", f.Name.Name, ast.IsGenerated(f))
	}
	// A bad spec is bad input: exit 1, with the file and line.
	os.WriteFile(filepath.Join(dir, "bad.layout"), []byte("layout bad 8\n  a 9 random\n"), 0o644)
	if _, stderr, exit := idforge(t, dir, "", "gen", "-spec", "bad.layout", "-pkg", "bad", "-o", "bad_gen.go"); exit != 1 || !strings.Contains(stderr, "bad.layout:2") {
		t.Errorf("bad spec: exit %d, %q", exit, stderr)
	}
	// Names gen cannot paste into code: exit 2, a clear error, no file.
	os.WriteFile(filepath.Join(dir, "clash.layout"), []byte("layout clash 64\n  foo 16 random\n  foo_ 16 random\n  f_oo 32 random\n"), 0o644)
	for _, args := range [][]string{
		{"-spec", "orders.layout", "-pkg", "func"},
		{"-spec", "orders.layout", "-pkg", "_"},
		{"-spec", "orders.layout", "-pkg", "main"},
		{"-spec", "orders.layout", "-pkg", "orders", "-type", "Fields"},
		{"-spec", "orders.layout", "-pkg", "orders", "-type", "Generator"},
		{"-spec", "orders.layout", "-pkg", "orders", "-type", "Option"},
		{"-spec", "orders.layout", "-pkg", "orders", "-type", "SyntaxError"},
		{"-spec", "orders.layout", "-pkg", "orders", "-type", "Pack"},
		{"-spec", "orders.layout", "-pkg", "orders", "-type", "X /* evil */"},
		{"-spec", "clash.layout", "-pkg", "clash"},
	} {
		_, stderr, exit := idforge(t, dir, "", append(append([]string{"gen"}, args...), "-o", "rejected_gen.go")...)
		if exit != 2 || !strings.Contains(stderr, "invalid name") {
			t.Errorf("gen %q: exit %d, %q; want exit 2 and an invalid name", args, exit, stderr)
		}
		if _, err := os.Stat(filepath.Join(dir, "rejected_gen.go")); err == nil {
			t.Fatalf("gen %q wrote a file", args)
		}
	}
}

// new -store keeps each layout's order across runs, even when the clock is
// behind the last run: here the store holds a mark an hour ahead of the
// clock, as a run before the clock was set back an hour would leave it.
// (Snowflake's generator runs ahead of its clock by a second at most: it
// gets a mark 300 ms ahead, and an hour is an error.)
func TestNewStoreAcrossRuns(t *testing.T) {
	t.Parallel()
	ahead := time.Now().Add(time.Hour)
	const gregorian = 0x01B21DD213814000 // 100 ns ticks from 1582-10-15 to 1970
	cases := []struct {
		layout, mark string
		ahead        time.Time
		tick         uint64                                  // the mark's tick: ahead in the layout's unit and epoch
		time         func(t *testing.T, id string) time.Time // the time of an ID as new prints it
		less         func(a, b string) bool                  // the layout's order
	}{
		{"v1", "uuidv1", ahead, uint64(ahead.UnixNano()/100) + gregorian, uuidTime, v1Less},
		{"v6", "uuidv6", ahead, uint64(ahead.UnixNano()/100) + gregorian, uuidTime, stringLess},
		{"v7", "uuidv7", ahead, uint64(ahead.UnixMilli()), uuidTime, stringLess},
		{"ulid", "ulid", ahead, uint64(ahead.UnixMilli()), func(t *testing.T, id string) time.Time {
			u, err := ulid.Parse(id)
			if err != nil {
				t.Fatal(err)
			}
			return u.Time()
		}, stringLess},
		{"snowflake", "snowflake", time.Now().Add(300 * time.Millisecond), uint64(time.Now().Add(300*time.Millisecond).UnixMilli() - 1288834974657), func(t *testing.T, id string) time.Time {
			s, err := snowflake.Parse(id)
			if err != nil {
				t.Fatal(err)
			}
			return s.Time()
		}, func(a, b string) bool { return len(a) < len(b) || len(a) == len(b) && a < b }},
	}
	for _, c := range cases {
		t.Run(c.layout, func(t *testing.T) {
			dir := t.TempDir()
			writeMark(t, filepath.Join(dir, "ids.state"), c.mark, c.tick)
			var all []string
			for run := range 3 {
				args := []string{"new", "-layout", c.layout, "-store", "ids.state", "-n", "50"}
				if c.layout == "snowflake" {
					args = append(args, "-node", "7")
				}
				out, stderr, exit := idforge(t, dir, "", args...)
				if exit != 0 {
					t.Fatalf("run %d: exit %d: %s", run, exit, stderr)
				}
				ids := strings.Fields(out)
				if run == 0 {
					if got := c.time(t, ids[0]); got.Before(c.ahead.Add(-time.Millisecond)) {
						t.Fatalf("the first ID's time %v is below the stored mark %v", got, c.ahead)
					}
				}
				all = append(all, ids...)
			}
			for i := 1; i < len(all); i++ {
				if !c.less(all[i-1], all[i]) {
					t.Fatalf("ID %d (%s) is not after ID %d (%s): order lost across runs", i, all[i], i-1, all[i-1])
				}
			}
			if _, stderr, exit := idforge(t, dir, "", "store", "check", "ids.state"); exit != 0 {
				t.Errorf("store check after the runs: exit %d: %s", exit, stderr)
			}
		})
	}
	t.Run("snowflake an hour behind", func(t *testing.T) {
		dir := t.TempDir()
		writeMark(t, filepath.Join(dir, "ids.state"), "snowflake", uint64(ahead.UnixMilli()-1288834974657)+1)
		if out, _, exit := idforge(t, dir, "", "new", "-layout", "snowflake", "-node", "7", "-store", "ids.state"); exit != 1 || out != "" {
			t.Errorf("exit %d, %q: want exit 1 and no ID", exit, out)
		}
	})
}

// writeMark writes the store file at path holding one mark, name at tick,
// as a store writes it: the format's line, the mark, and the SHA-256 of
// both.
func writeMark(t *testing.T, path, name string, tick uint64) {
	t.Helper()
	body := fmt.Sprintf("idforge-state 1\n%s %d\n", name, tick)
	data := fmt.Sprintf("%ssha256 %x\n", body, sha256.Sum256([]byte(body)))
	if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
	if marks, _, err := store.Check(path); err != nil || marks[name] != tick {
		t.Fatalf("the store written holds %v, %v; want %s %d", marks, err, name, tick)
	}
}

func uuidTime(t *testing.T, id string) time.Time {
	u, err := uuid.Parse(id)
	if err != nil {
		t.Fatal(err)
	}
	tm, ok := u.Time()
	if !ok {
		t.Fatalf("%s has no time", id)
	}
	return tm
}

func stringLess(a, b string) bool { return a < b }

// v1Less orders UUIDv1s by their timestamp, then clock sequence.
func v1Less(a, b string) bool {
	ua, ub := uuid.MustParse(a).V1(), uuid.MustParse(b).V1()
	return ua.Timestamp < ub.Timestamp || ua.Timestamp == ub.Timestamp && ua.ClockSeq < ub.ClockSeq
}

// A junk line of 100 KB on standard input is reported with its line number,
// and so is a blank line, and the IDs after them are still read, by inspect
// and by convert; arguments are trimmed as lines are.
func TestStreamsSurviveJunk(t *testing.T) {
	t.Parallel()
	const v1, v6 = "C232AB00-9414-11EC-B3C8-9F6BDECED846", "1ec9414c-232a-6b00-b3c8-9f6bdeced846"
	stdin := v1 + "\n" + strings.Repeat("x", 100<<10) + "\n\n  " + v1 + " \r\n" + strings.Repeat("y", 4095) + "\n" + strings.Repeat("z", 4096) + "\n" + v1 // no newline at the end
	t.Run("convert", func(t *testing.T) {
		out, stderr, exit := idforge(t, "", stdin, "convert", "-to", "v6", "-")
		if exit != 1 {
			t.Errorf("exit %d, want 1", exit)
		}
		if want := strings.Repeat(v6+"\n", 3); out != want {
			t.Errorf("stdout %q, want %q", out, want)
		}
		for _, want := range []string{"line 2: longer than 4096 bytes", "line 3: blank line", "line 5: \"yyy", "line 6: longer than 4096 bytes", "4 of 7 inputs"} {
			if !strings.Contains(stderr, want) {
				t.Errorf("stderr %q: no %q", stderr, want)
			}
		}
	})
	t.Run("inspect", func(t *testing.T) {
		out, stderr, exit := idforge(t, "", stdin, "inspect", "-layout", "v1", "-")
		if exit != 1 {
			t.Errorf("exit %d, want 1", exit)
		}
		if n := len(regexp.MustCompile(`(?m)^  layout +uuidv1 `).FindAllString(out, -1)); n != 3 {
			t.Errorf("%d IDs read, want 3:\n%s", n, out)
		}
		for _, want := range []string{"line 2: longer than 4096 bytes", "line 3: blank line", "line 6: longer than 4096 bytes", "4 of 7 inputs"} {
			if !strings.Contains(stderr, want) {
				t.Errorf("stderr %q: no %q", stderr, want)
			}
		}
	})
	t.Run("inspect -json", func(t *testing.T) {
		out, _, exit := idforge(t, "", v1+"\n"+strings.Repeat("x", 100<<10)+"\n"+v1+"\n", "inspect", "-json", "-layout", "v1", "-")
		if exit != 1 || !strings.Contains(out, `"line": 2,`) || !strings.Contains(out, `"error": "longer than 4096 bytes"`) || strings.Count(out, `"layout": "uuidv1"`) != 2 {
			t.Errorf("exit %d:\n%s", exit, out)
		}
	})
	t.Run("arguments", func(t *testing.T) {
		if out, stderr, exit := idforge(t, "", "", "convert", "-to", "v6", " "+v1+"\t", "\n"+v1+"\r\n"); exit != 0 || out != v6+"\n"+v6+"\n" {
			t.Errorf("convert: exit %d, %q, %s", exit, out, stderr)
		}
		if _, stderr, exit := idforge(t, "", "", "inspect", "  "+v1+"  "); exit != 0 {
			t.Errorf("inspect: exit %d, %s", exit, stderr)
		}
		if _, stderr, exit := idforge(t, "", "", "inspect", v1, "  "); exit != 1 || !strings.Contains(stderr, "empty argument") {
			t.Errorf("an empty argument: exit %d, %s", exit, stderr)
		}
	})
}
