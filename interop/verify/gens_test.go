package verify

// The generators the tests of this file's siblings run, in every
// language: idforge's own (each built-in layout with a generator, in Go,
// PostgreSQL, JavaScript, Python and Java) and the peers, as programs that
// print "NAME ID" lines, one ID a line, either one ID of each generator a
// millisecond ("paced") or each generator's IDs in one burst ("burst").

import (
	"bufio"
	"bytes"
	"context"
	"database/sql"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"io"
	"math/big"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/idforge/idforge/gen/golang"
	"github.com/idforge/idforge/gen/pgsql"
	"github.com/idforge/idforge/interp"
	"github.com/idforge/idforge/ksuid"
	"github.com/idforge/idforge/layouts"
	"github.com/idforge/idforge/resolved"
	"github.com/idforge/idforge/snowflake"
	"github.com/idforge/idforge/ulid"
	"github.com/idforge/idforge/uuid"
	"github.com/idforge/idforge/verify"
)

// testNode is the node the generators of a layout with a node field are
// given: it fits every built-in layout's node.
const testNode = 5

// own is one of idforge's built-in layouts with a generator.
type own struct {
	l    *layouts.Layout
	node bool // the layout has a node field, which its generators need
	mac  bool // a MAC address, which Go's generators draw at random unless given one
}

// module is the layout's module in the JavaScript and Python packages.
func (o own) module() string { return strings.ReplaceAll(o.l.Name, "-", "_") }

// ownLayouts are the built-in layouts that have a generator: every one
// but the name-based (uuidv3, uuidv5, uuidv8-sha256).
func ownLayouts(t testing.TB) []own {
	t.Helper()
	ls, err := layouts.Builtins()
	if err != nil {
		t.Fatal(err)
	}
	var out []own
	for _, l := range ls {
		if _, ok := l.Value(layouts.Hash); ok {
			continue
		}
		v, node := l.Value(layouts.Node)
		out = append(out, own{l, node, node && v.MAC})
	}
	return out
}

// builtin returns a built-in layout by name.
func builtin(t testing.TB, name string) *layouts.Layout {
	t.Helper()
	l, err := layouts.Builtin(name)
	if err != nil {
		t.Fatal(err)
	}
	return l
}

// canonical returns the function that writes an ID's bytes as the
// layout's canonical text.
func canonical(t testing.TB, l *layouts.Layout) func([]byte) string {
	t.Helper()
	text, err := resolved.TextIn(l, l.CanonicalText())
	if err != nil {
		t.Fatal(err)
	}
	return text.Format
}

// goGenerator returns the Go generator of an own layout, as `idforge new`
// makes it: the generated package where idforge has one (uuid, ulid,
// ksuid, snowflake), the interpreter's generator otherwise.
func goGenerator(t testing.TB, o own) func() string {
	t.Helper()
	format := canonical(t, o.l)
	must := func(b []byte, err error) string {
		if err != nil {
			panic(fmt.Sprintf("%s: %v", o.l.Name, err))
		}
		return format(b)
	}
	uuidGen := func(next func(*uuid.Generator) (uuid.UUID, error)) func() string {
		var opts []uuid.Option
		if o.node {
			opts = append(opts, uuid.WithNode(testNode))
		}
		g, err := uuid.NewGenerator(opts...)
		if err != nil {
			t.Fatal(err)
		}
		return func() string { u, err := next(g); return must(u[:], err) }
	}
	switch o.l.Name {
	case "uuidv1":
		return uuidGen((*uuid.Generator).NewV1)
	case "uuidv4":
		return uuidGen((*uuid.Generator).NewV4)
	case "uuidv6":
		return uuidGen((*uuid.Generator).NewV6)
	case "uuidv7":
		return uuidGen((*uuid.Generator).NewV7)
	case "uuidv8":
		return uuidGen((*uuid.Generator).NewV8)
	case "ulid":
		g, err := ulid.NewGenerator()
		if err != nil {
			t.Fatal(err)
		}
		return func() string { u, err := g.Next(); return must(u[:], err) }
	case "ksuid":
		g, err := ksuid.NewGenerator()
		if err != nil {
			t.Fatal(err)
		}
		return func() string { k, err := g.Next(); return must(k[:], err) }
	case "snowflake":
		g, err := snowflake.NewGenerator(testNode)
		if err != nil {
			t.Fatal(err)
		}
		return func() string {
			id, err := g.Next()
			return must(binary.BigEndian.AppendUint64(nil, uint64(id)), err)
		}
	}
	var opts []interp.Option
	if o.node {
		opts = append(opts, interp.WithFixed(layouts.Node, big.NewInt(testNode)))
	}
	g, err := interp.NewGenerator(o.l, opts...)
	if err != nil {
		t.Fatal(err)
	}
	return func() string { return must(g.Next()) }
}

// gen is one generator of a child program: name is what it prints before
// each ID, and code the expression (in the program's language) that makes
// the next ID's text.
type gen struct {
	name, code string
}

// ownJS returns the generators of the JavaScript package's own layouts:
// each module's process-wide newId, the node set first where the layout
// has one.
func ownJS(t testing.TB, owns []own) (imports string, gens []gen) {
	js := builtPackage(t, "js")
	var b strings.Builder
	for i, o := range owns {
		fmt.Fprintf(&b, "import * as m%d from %q;\n", i, "file://"+filepath.ToSlash(filepath.Join(js, o.module()+".js")))
		if o.node {
			fmt.Fprintf(&b, "m%d.setNode(%d);\n", i, testNode)
		}
		gens = append(gens, gen{o.l.Name, fmt.Sprintf("String(m%d.newId())", i)})
	}
	return b.String(), gens
}

// jsProgram is an ES module that runs gens: argv is the mode ("paced" or
// "burst") and each generator's count. Paced, it makes one ID of each
// generator, then sleeps a millisecond (Atomics.wait), until each has its
// count; in a burst, each generator's IDs one after the other.
func jsProgram(imports string, gens []gen) string {
	var b strings.Builder
	b.WriteString("import { writeSync } from 'node:fs';\n")
	b.WriteString(imports)
	b.WriteString("\nconst gens = [\n")
	for _, g := range gens {
		fmt.Fprintf(&b, "  [%q, () => %s],\n", g.name, g.code)
	}
	// A generator whose counter runs out within a tick fails with
	// ErrClockStalled rather than block the event loop (its doc: make the
	// ID again on a later tick), as idforge's JavaScript does: made again.
	b.WriteString(`].map(([name, make]) => [name, () => {
  for (;;) {
    try { return make(); } catch (e) { if (e.code !== 'ErrClockStalled') throw e; }
  }
}]);
const paced = process.argv[2] === 'paced';
const counts = process.argv.slice(3).map(Number);
const sab = new Int32Array(new SharedArrayBuffer(4));
let out = [];
// Written with writeSync to the inherited, blocking pipe: the pipe's
// backpressure holds the generator (process.stdout would queue a long
// stream in memory until ENOBUFS).
const flush = () => {
  let b = Buffer.from(out.join(''));
  out = [];
  while (b.length > 0) {
    try { b = b.subarray(writeSync(1, b)); } catch (e) { if (e.code !== 'EAGAIN') throw e; }
  }
};
const emit = (name, s) => { out.push(name + ' ' + s + '\n'); if (out.length >= 4096) flush(); };
if (paced) {
  const max = Math.max(...counts);
  for (let i = 0; i < max; i++) {
    gens.forEach(([name, make], j) => { if (i < counts[j]) emit(name, make()); });
    Atomics.wait(sab, 0, 0, 1);
  }
} else {
  gens.forEach(([name, make], j) => { for (let i = 0; i < counts[j]; i++) emit(name, make()); });
}
flush();
`)
	return b.String()
}

// ownPython returns the generators of the Python package's own layouts.
func ownPython(owns []own) (imports string, gens []gen) {
	var b strings.Builder
	for i, o := range owns {
		fmt.Fprintf(&b, "import idforge.%s as m%d\n", o.module(), i)
		if o.node {
			fmt.Fprintf(&b, "m%d.set_node(%d)\n", i, testNode)
		}
		gens = append(gens, gen{o.l.Name, fmt.Sprintf("str(m%d.new_id())", i)})
	}
	return b.String(), gens
}

// pyProgram is jsProgram in Python (time.sleep(0.001) between rounds).
func pyProgram(imports string, gens []gen) string {
	var b strings.Builder
	b.WriteString("import sys, time\n")
	b.WriteString(imports)
	b.WriteString("gens = [\n")
	for _, g := range gens {
		fmt.Fprintf(&b, "    (%q, lambda: %s),\n", g.name, g.code)
	}
	b.WriteString(`]
paced = sys.argv[1] == 'paced'
counts = [int(a) for a in sys.argv[2:]]
out = []
w = sys.stdout.write
def emit(name, s):
    out.append(name + ' ' + s + '\n')
    if len(out) >= 4096:
        w(''.join(out))
        out.clear()
if paced:
    for i in range(max(counts)):
        for j, (name, make) in enumerate(gens):
            if i < counts[j]:
                emit(name, make())
        time.sleep(0.001)
else:
    for j, (name, make) in enumerate(gens):
        for _ in range(counts[j]):
            emit(name, make())
w(''.join(out))
sys.stdout.flush()
`)
	return b.String()
}

// javaBuild is the Java package, compiled once per test process.
var javaBuild struct {
	sync.Once
	classes string
	names   map[string]string // layout name → class
	err     error
}

// javaClasses compiles the Java package once and returns its classes'
// directory and each layout's class (the class whose LAYOUT names it).
func javaClasses(t testing.TB) (string, map[string]string) {
	t.Helper()
	src := filepath.Join(builtPackage(t, "java"), "src", "main", "java")
	javaBuild.Do(func() {
		dir, err := os.MkdirTemp("", "idforge-java-")
		if err != nil {
			javaBuild.err = err
			return
		}
		removeAtEnd(dir)
		javaBuild.names = map[string]string{}
		layoutName := regexp.MustCompile(`public static final String LAYOUT = "([^"]+)";`)
		var files []string
		filepath.WalkDir(src, func(p string, d os.DirEntry, err error) error {
			if err != nil || !strings.HasSuffix(p, ".java") || strings.HasSuffix(p, "module-info.java") {
				return err
			}
			files = append(files, p)
			if b, err := os.ReadFile(p); err == nil {
				if m := layoutName.FindSubmatch(b); m != nil {
					javaBuild.names[string(m[1])] = "io.github.idforge." + strings.TrimSuffix(filepath.Base(p), ".java")
				}
			}
			return nil
		})
		javaBuild.classes = filepath.Join(dir, "classes")
		cmd := exec.Command("javac", append([]string{"--release", "17", "-nowarn", "-d", javaBuild.classes}, files...)...)
		if out, err := cmd.CombinedOutput(); err != nil {
			javaBuild.err = fmt.Errorf("javac: %v\n%s", err, out)
		}
	})
	if javaBuild.err != nil {
		t.Fatal(javaBuild.err)
	}
	return javaBuild.classes, javaBuild.names
}

// ownJava returns the generators of the Java package's own layouts.
func ownJava(t testing.TB, owns []own) (setup string, gens []gen) {
	_, classes := javaClasses(t)
	var b strings.Builder
	for _, o := range owns {
		class, ok := classes[o.l.Name]
		if !ok {
			t.Fatalf("the Java package has no class of layout %s", o.l.Name)
		}
		if o.node {
			fmt.Fprintf(&b, "        %s.setNode(%d);\n", class, testNode)
		}
		gens = append(gens, gen{o.l.Name, class + ".newId().toString()"})
	}
	return b.String(), gens
}

// javaProgram compiles jsProgram's Java twin (Thread.sleep(1) between
// rounds) against the package and returns the command that runs it, but
// for its arguments.
func javaProgram(t testing.TB, setup string, gens []gen) []string {
	t.Helper()
	classes, _ := javaClasses(t)
	var b strings.Builder
	b.WriteString(`import java.io.*;
import java.util.function.Supplier;

public class Make {
    public static void main(String[] args) throws Exception {
`)
	b.WriteString(setup)
	b.WriteString("        String[] names = {")
	for _, g := range gens {
		fmt.Fprintf(&b, "%q, ", g.name)
	}
	b.WriteString("};\n        java.util.List<Supplier<String>> gens = java.util.List.of(\n")
	for i, g := range gens {
		sep := ","
		if i == len(gens)-1 {
			sep = ""
		}
		fmt.Fprintf(&b, "            () -> String.valueOf(%s)%s\n", g.code, sep)
	}
	b.WriteString(`        );
        boolean paced = args[0].equals("paced");
        int[] counts = new int[gens.size()];
        int max = 0;
        for (int j = 0; j < counts.length; j++) {
            counts[j] = Integer.parseInt(args[1 + j]);
            max = Math.max(max, counts[j]);
        }
        Writer out = new BufferedWriter(new OutputStreamWriter(System.out), 1 << 16);
        if (paced) {
            for (int i = 0; i < max; i++) {
                for (int j = 0; j < counts.length; j++) {
                    if (i < counts[j]) out.write(names[j] + " " + gens.get(j).get() + "\n");
                }
                Thread.sleep(1);
            }
        } else {
            for (int j = 0; j < counts.length; j++) {
                Supplier<String> g = gens.get(j);
                for (int i = 0; i < counts[j]; i++) out.write(names[j] + " " + g.get() + "\n");
            }
        }
        out.flush();
    }
}
`)
	dir := t.TempDir()
	file := filepath.Join(dir, "Make.java")
	if err := os.WriteFile(file, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "classes")
	cmd := exec.Command("javac", "--release", "17", "-nowarn", "-cp", classes, "-d", out, file)
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("javac Make.java: %v\n%s", err, b)
	}
	return []string{"java", "-cp", classes + string(os.PathListSeparator) + out, "Make"}
}

// args are a child program's arguments: the mode and each generator's
// count.
func args(paced bool, counts []int) []string {
	a := []string{"burst"}
	if paced {
		a[0] = "paced"
	}
	for _, n := range counts {
		a = append(a, fmt.Sprint(n))
	}
	return a
}

// stream runs cmd and calls each for every "NAME ID" line it prints, as
// the lines come; it fails the test if cmd fails.
func stream(t testing.TB, cmd *exec.Cmd, each func(name string, id []byte)) {
	t.Helper()
	var errb bytes.Buffer
	cmd.Stderr = &errb
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatalf("%s: %v", cmd.Args[0], err)
	}
	br := bufio.NewReaderSize(out, 1<<16)
	for {
		line, err := br.ReadSlice('\n')
		if len(line) > 0 {
			name, id, ok := bytes.Cut(bytes.TrimRight(line, "\n"), []byte(" "))
			if !ok {
				t.Errorf("%s printed %q", cmd.Args[0], line)
			} else {
				each(string(name), id)
			}
		}
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	if err := cmd.Wait(); err != nil {
		t.Fatalf("%s: %v\n%s", strings.Join(cmd.Args, " "), err, errb.String())
	}
}

// collect runs cmd and returns each generator's IDs, one a line.
func collect(t testing.TB, cmd *exec.Cmd) map[string]string {
	t.Helper()
	bs := map[string]*strings.Builder{}
	stream(t, cmd, func(name string, id []byte) {
		b := bs[name]
		if b == nil {
			b = new(strings.Builder)
			bs[name] = b
		}
		b.Write(id)
		b.WriteByte('\n')
	})
	out := map[string]string{}
	for name, b := range bs {
		out[name] = b.String()
	}
	return out
}

// nodeCmd returns the command that runs an ES module's source, written
// into dir (which must be where its bare imports resolve).
func nodeCmd(t testing.TB, dir, src string, args ...string) *exec.Cmd {
	t.Helper()
	file := filepath.Join(dir, fmt.Sprintf("verify-%d-%d.mjs", os.Getpid(), time.Now().UnixNano()))
	if err := os.WriteFile(file, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.Remove(file) })
	return exec.Command("node", append([]string{file}, args...)...)
}

// pythonCmd returns the command that runs a Python program with the
// package on its path.
func pythonCmd(t testing.TB, src string, args ...string) *exec.Cmd {
	py := builtPackage(t, "python")
	cmd := exec.Command("python3", append([]string{"-c", src}, args...)...)
	cmd.Env = append(os.Environ(), "PYTHONPATH="+py, "PYTHONDONTWRITEBYTECODE=1")
	return cmd
}

// sqlGen is one layout's P_new, loaded into a schema of its own.
type sqlGen struct {
	l      *layouts.Layout
	call   string // the qualified call that returns the new ID's hex
	format func([]byte) string
}

// ownSQL loads the generated PostgreSQL functions of every own layout
// that has P_new (a layout whose IDs need no per-node state) into fresh
// schemas on conn, dropped when the test ends, and returns their calls.
func ownSQL(t testing.TB, conn *sql.Conn, owns []own) []sqlGen {
	t.Helper()
	ctx := context.Background()
	var out []sqlGen
	for _, o := range owns {
		schema := fmt.Sprintf("verify_test_%d", rand.Int64())
		if _, err := conn.ExecContext(ctx, "CREATE SCHEMA "+schema); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { conn.ExecContext(context.Background(), "DROP SCHEMA "+schema+" CASCADE") })
		script, err := pgsql.GenerateWith(resolved.Must(o.l), pgsql.Options{Schema: schema})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := conn.ExecContext(ctx, string(script)); err != nil {
			t.Fatalf("%s: loading the generated SQL: %v", o.l.Name, err)
		}
		p := pgsql.DefaultPrefix(resolved.Must(o.l))
		var n int
		if err := conn.QueryRowContext(ctx, "SELECT count(*) FROM pg_proc WHERE proname = $1 AND pronamespace = $2::regnamespace", p+"_new", schema).Scan(&n); err != nil {
			t.Fatal(err)
		}
		if n == 0 {
			continue // a layout with a node, clock sequence or running counter: no P_new
		}
		fn := func(s string) string { return fmt.Sprintf("%q.%q", schema, p+"_"+s) }
		out = append(out, sqlGen{o.l, fmt.Sprintf("%s(%s())", fn("to_hex"), fn("new")), canonical(t, o.l)})
	}
	return out
}

// sqlBurst makes n IDs with one statement, one call of P_new a row, and
// calls each with each ID's canonical text, in the order made.
func sqlBurst(t testing.TB, conn *sql.Conn, g sqlGen, n int, each func(string)) {
	t.Helper()
	rows, err := conn.QueryContext(context.Background(), fmt.Sprintf("SELECT %s FROM generate_series(1, %d) i ORDER BY i", g.call, n))
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	for rows.Next() {
		var h string
		if err := rows.Scan(&h); err != nil {
			t.Fatal(err)
		}
		b, err := hex.DecodeString(h)
		if err != nil {
			t.Fatal(err)
		}
		each(g.format(b))
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
}

// sqlPaced makes n IDs of each generator, one statement a round (one ID
// of each), a millisecond's sleep between rounds.
func sqlPaced(t testing.TB, conn *sql.Conn, gs []sqlGen, n int) map[string]string {
	t.Helper()
	calls := make([]string, len(gs))
	for i, g := range gs {
		calls[i] = g.call
	}
	q := "SELECT " + strings.Join(calls, ", ")
	bs := make([]strings.Builder, len(gs))
	hexes := make([]string, len(gs))
	ptrs := make([]any, len(gs))
	for i := range hexes {
		ptrs[i] = &hexes[i]
	}
	for range n {
		if err := conn.QueryRowContext(context.Background(), q).Scan(ptrs...); err != nil {
			t.Fatal(err)
		}
		for i, h := range hexes {
			b, err := hex.DecodeString(h)
			if err != nil {
				t.Fatal(err)
			}
			bs[i].WriteString(gs[i].format(b))
			bs[i].WriteByte('\n')
		}
		time.Sleep(time.Millisecond)
	}
	out := map[string]string{}
	for i, g := range gs {
		out[g.l.Name] = bs[i].String()
	}
	return out
}

// failures returns the report's failed checks, one a line, as
// "group/name: message [lines]".
func failures(r *verify.Report) string {
	var b strings.Builder
	for _, c := range r.Checks {
		if c.Status == verify.Fail {
			fmt.Fprintf(&b, "  %s/%s: %s %v\n", c.Group, c.Name, c.Message, c.Lines)
		}
	}
	return b.String()
}

// mustPass verifies text (one ID a line) as layout with the default
// options and fails the test, naming each failed check, unless every
// check passes and all want IDs were read.
func mustPass(t testing.TB, layout, text string, want int) *verify.Report {
	t.Helper()
	r, err := verify.Run(builtin(t, layout), strings.NewReader(text), verify.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if r.IDs != int64(want) {
		t.Errorf("%s: %d IDs, want %d", layout, r.IDs, want)
	}
	if r.Failed {
		var b bytes.Buffer
		r.WriteText(&b)
		t.Errorf("verify -layout %s fails %d IDs, method %s:\n%s\n%s", layout, r.IDs, r.Method, failures(r), b.String())
	}
	return r
}

// goGenBuild is the program of goGenProgram, built once per test process.
var goGenBuild struct {
	sync.Once
	path string
	err  error
}

// goGenProgram returns the command (but for its arguments) of a Go
// program that runs the generators of packages idforge gen writes, one
// for each own layout (gen/golang's Single, as `idforge gen -lang go`
// writes a user's): argv is the mode and each generator's count, as
// jsProgram's. The program is built once per test process, in a module
// of its own that requires idforge by a replace directive to this
// checkout, as a user's module would.
func goGenProgram(t testing.TB, owns []own) (cmd []string, gens []gen) {
	t.Helper()
	for _, o := range owns {
		gens = append(gens, gen{o.l.Name, ""})
	}
	repo := root(t)
	goGenBuild.Do(func() {
		goGenBuild.err = func() error {
			dir, err := os.MkdirTemp("", "idforge-gogen-")
			if err != nil {
				return err
			}
			removeAtEnd(dir)
			write := func(name string, data []byte) error {
				if err := os.MkdirAll(filepath.Dir(filepath.Join(dir, name)), 0o755); err != nil {
					return err
				}
				return os.WriteFile(filepath.Join(dir, name), data, 0o644)
			}
			if err := write("go.mod", []byte("module example.com/user\n\ngo 1.24\n\nrequire github.com/idforge/idforge v0.0.0\n\nreplace github.com/idforge/idforge => "+repo+"\n")); err != nil {
				return err
			}
			var imports, setup, names strings.Builder
			for i, o := range owns {
				src, err := golang.Generate(golang.Single(resolved.Must(o.l), "p", "ID"))
				if err != nil {
					return fmt.Errorf("idforge gen -lang go of %s: %w", o.l.Name, err)
				}
				if err := write(fmt.Sprintf("p%d/p_gen.go", i), src); err != nil {
					return err
				}
				fmt.Fprintf(&imports, "\tp%d \"example.com/user/p%d\"\n", i, i)
				node := ""
				switch {
				case o.mac:
					node = fmt.Sprintf("p%d.WithNode(%d)", i, testNode)
				case o.node:
					node = fmt.Sprint(testNode)
				}
				fmt.Fprintf(&setup, "\t{\n\t\tg, err := p%d.NewGenerator(%s)\n\t\tif err != nil {\n\t\t\tpanic(err)\n\t\t}\n\t\tgens = append(gens, func() string {\n\t\t\tid, err := g.Next()\n\t\t\tif err != nil {\n\t\t\t\tpanic(err)\n\t\t\t}\n\t\t\treturn id.String()\n\t\t})\n\t}\n", i, node)
				fmt.Fprintf(&names, "%q, ", o.l.Name)
			}
			main := fmt.Sprintf(`package main

import (
	"bufio"
	"os"
	"strconv"
	"time"

%s)

func main() {
	names := []string{%s}
	var gens []func() string
%s	paced := os.Args[1] == "paced"
	counts := make([]int, len(gens))
	most := 0
	for j := range counts {
		counts[j], _ = strconv.Atoi(os.Args[2+j])
		most = max(most, counts[j])
	}
	w := bufio.NewWriterSize(os.Stdout, 1<<16)
	if paced {
		for i := range most {
			for j, g := range gens {
				if i < counts[j] {
					w.WriteString(names[j] + " " + g() + "\n")
				}
			}
			time.Sleep(time.Millisecond)
		}
	} else {
		for j, g := range gens {
			for range counts[j] {
				w.WriteString(names[j] + " " + g() + "\n")
			}
		}
	}
	w.Flush()
}
`, imports.String(), names.String(), setup.String())
			if err := write("main.go", []byte(main)); err != nil {
				return err
			}
			goGenBuild.path = filepath.Join(dir, "gogen")
			build := exec.Command("go", "build", "-o", goGenBuild.path, ".")
			build.Dir = dir
			build.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOPROXY=off", "GOWORK=off")
			if out, err := build.CombinedOutput(); err != nil {
				return fmt.Errorf("building the generated Go packages: %v\n%s", err, out)
			}
			return nil
		}()
	})
	if goGenBuild.err != nil {
		t.Fatal(goGenBuild.err)
	}
	return []string{goGenBuild.path}, gens
}
