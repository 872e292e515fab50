package conformance_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/idforge/idforge/gen"
	"github.com/idforge/idforge/gen/emit"
	"github.com/idforge/idforge/layouts"
	"github.com/idforge/idforge/resolved"
	"github.com/idforge/idforge/testenv"
)

// hostileLines are texts a spec's comment may hold (the layout's doc, which
// every emitter writes into its docs) that would end a comment, a
// docstring, a string literal or a dollar-quoted body early in one of the
// languages idforge writes, and then run code there: PWN() in JavaScript
// and Python (the test defines it to print PWNED), a print of PWNED in Java,
// a CREATE TABLE in SQL. One set of lines reaches every language, so each
// emitter meets every other language's terminators too.
var hostileLines = []string{
	`*/ PWN(); /*`, // JavaScript, .d.ts and Java block comments
	`*/ static { System.out.println("PWN" + "ED"); } /*`,           // Java
	`\u002a/ static { System.out.println("PWN" + "ED"); } /\u002a`, // Java reads \u escapes everywhere, comments too
	`\u000a static { System.out.println("PWN" + "ED"); }`,
	`"""; PWN(); """`, `'''; PWN(); '''`, // Python docstrings
	`\N{oops} \x \u12 \U1 \ `,             // Python escapes, which do not compile in a docstring
	`$$; CREATE TABLE pwned_dollar(); $$`, // SQL dollar quotes
	`$doc$; CREATE TABLE pwned_doc(); $doc$`,
	`$body$; CREATE TABLE pwned_body(); $body$`,
	`'; CREATE TABLE pwned_quote(); --`,       // SQL strings
	`*/ CREATE TABLE pwned_block(); /* /* /*`, // PostgreSQL's block comments nest
	"`${PWN()}` ${PWN()}",                     // JavaScript template literals
	`</script><script>PWN()</script> <!-- -->`,
	`% %s %d %% %I %L`,                          // format strings (RAISE, printf, String.format)
	`@param x {@code y} {@link z} <b>&amp;</b>`, // Javadoc and JSDoc tags
	`-- # // ; \\ \\\ '' "" ' "`,
}

// hostileEncodings are encodings a spec may declare whose digits and
// aliases are the characters that quote, escape or end something in one of
// the languages: they land in string literals (alphabets, decode tables,
// error messages) and in docs. h16 is also the 16-digit encoding that gen
// -lang go once refused, because its own code for it did not parse. (No
// digit is '#', which starts a comment in a spec.)
var hostileEncodings = []string{
	"encoding h16 Hex16 0123456789*/'\"\\$",
	"encoding h32 H32 `{}A%;<>&@!?()[]^~|:+,.=-_'\"\\$*/ bits",
	"encoding hal Hal 0123456789abcdef fold '\"\\=0 $*/=1 `{}=2 %;=3",
}

// hostileSpecs are the specs of the hostile corpus: each text form above,
// each with the hostile doc, ending in each character that could join the
// closing quote of a docstring or comment.
func hostileSpecs() map[string]string {
	specs := map[string]string{}
	ends := []string{`"`, `\`, `*`, `'`}
	for i, text := range []string{"h16", "h32", "hal"} {
		var b strings.Builder
		for _, l := range hostileLines {
			b.WriteString("# " + l + "\n")
		}
		b.WriteString("# the end " + ends[i] + "\n")
		name := "hostile-" + text
		fmt.Fprintf(&b, "layout %s 64\n", name)
		for _, e := range hostileEncodings {
			b.WriteString(e + "\n")
		}
		fmt.Fprintf(&b, "text %s\n  stamp  48  time unix ms\n  seq    4   counter\n  noise  12  random\n", text)
		specs[name] = b.String()
	}
	specs["hostile-wide"] = "# the end " + ends[3] + "\nlayout hostile-wide 96\n" + hostileEncodings[1] + "\ntext h32\n  stamp 48 time unix ms\n  seq 8 counter\n  noise 40 random\n"
	return specs
}

// Titles are restricted where the spec is read: a declared encoding's
// title is a word of letters, digits and - _ . +, so that it can stand in
// any comment, docstring or string literal of any language as it is. A
// title that could end one is refused by layouts.Parse, before any emitter
// sees it.
func TestHostileTitlesRefused(t *testing.T) {
	t.Parallel()
	for _, title := range []string{`E*/PWN();/*`, `"""`, `T'x`, `T"x`, `T\u002a/`, `$$`, `$doc$`, "T`x", `T%s`, `T<b>`, `T@x`, `T#x`, `T;x`, "T\u202ex", `T\`} {
		spec := "layout t 64\nencoding ev " + title + " 0123456789abcdefghijklmnopqrstuv bits\ntext ev\n  stamp 48 time unix ms\n  noise 16 random\n"
		if _, err := layouts.Parse("t.layout", []byte(spec)); err == nil {
			t.Errorf("title %q: the spec parses; want it refused", title)
		} else if !errors.Is(err, layouts.ErrSyntax) {
			t.Errorf("title %q: %v; want a syntax error", title, err)
		}
	}
}

// The hostile corpus drives every emitter of the registry: each writes
// each hostile spec (no error: gen writes what it accepts), and what it
// writes compiles and runs nothing of the spec's on import: Go (go vet in
// a module of its own), JavaScript (node imports it, and tsc checks its
// .d.ts where the pinned npm tools install), Python (imported), Java
// (javac with every lint, then each class initialised) and SQL (installed
// by psql on a real PostgreSQL, where IDFORGE_POSTGRES_DSN names one).
func TestHostileSpecs(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("compiles and runs the hostile corpus in every language")
	}
	specs := hostileSpecs()
	dir := t.TempDir()
	out := map[string][]emit.File{} // by language and layout: lang+"/"+name
	for name, spec := range specs {
		l, err := layouts.Parse(name+".layout", []byte(spec))
		if err != nil {
			t.Fatalf("%s does not parse: %v\n%s", name, err, spec)
		}
		r := resolved.Must(l)
		for _, e := range gen.Languages() {
			o := emit.Options{}
			for _, p := range e.Params() {
				if p.Required {
					o.Set(p.Option, strings.ReplaceAll(name, "-", ""))
				}
			}
			if e.Name() == "java" {
				o.Package = "hostile." + strings.ReplaceAll(name, "-", "")
			}
			files, err := e.Generate(r, o)
			if err != nil {
				t.Errorf("%s: gen -lang %s refuses it: %v", name, e.Name(), err)
				continue
			}
			out[e.Name()+"/"+name] = files
		}
	}
	write := func(sub string, f emit.File) string {
		p := filepath.Join(dir, sub, f.Name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, f.Content, 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	for _, e := range gen.Languages() {
		lang := e.Name()
		t.Run(lang, func(t *testing.T) {
			var paths []string
			for name := range specs {
				for _, f := range out[lang+"/"+name] {
					sub := filepath.Join(lang, name)
					if lang == "go" {
						sub = filepath.Join(lang, strings.ReplaceAll(name, "-", ""))
					}
					paths = append(paths, write(sub, f))
				}
			}
			if len(paths) == 0 {
				t.Skip("nothing written")
			}
			switch lang {
			case "go":
				hostileGo(t, filepath.Join(dir, "go"))
			case "js":
				hostileJS(t, paths)
			case "python":
				hostilePython(t, paths)
			case "java":
				hostileJava(t, dir, paths)
			case "sql":
				hostileSQL(t, paths)
			case "duckdb":
				hostileDuckDB(t, paths)
			case "mariadb":
				hostileMariaDB(t, paths)
			case "jsonschema", "openapi":
				hostileJSON(t, paths)
			default:
				t.Errorf("language %s: the hostile corpus has no check of it", lang)
			}
		})
	}
}

// hostileJSON checks the schemas written of hostile specs: each is JSON,
// in printable ASCII and line ends only (every character of the spec's
// text escaped, none raw to reorder what a reader shows), with a pattern
// that Go's regexp compiles.
func hostileJSON(t *testing.T, paths []string) {
	for _, p := range paths {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		for i, c := range b {
			if (c < 0x20 && c != '\n') || c >= 0x7f {
				t.Errorf("%s: byte %d is %#x, raw", p, i, c)
				break
			}
		}
		var doc any
		if err := json.Unmarshal(b, &doc); err != nil {
			t.Errorf("%s: %v", p, err)
			continue
		}
		for _, m := range regexp.MustCompile(`"pattern": ("[^"\\]*(?:\\.[^"\\]*)*")`).FindAllSubmatch(b, -1) {
			var pat string
			if err := json.Unmarshal(m[1], &pat); err != nil {
				t.Errorf("%s: %v", p, err)
			} else if _, err := regexp.Compile(pat); err != nil {
				t.Errorf("%s: the pattern: %v", p, err)
			}
		}
	}
}

func hostileRun(t *testing.T, dir string, env []string, name string, args ...string) string {
	t.Helper()
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), env...)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	start := time.Now()
	err := cmd.Run()
	t.Logf("%s %s (%.1fs)", name, lastLines(strings.Join(args, " "), 1), time.Since(start).Seconds())
	if strings.Contains(out.String(), "PWNED") {
		t.Errorf("%s %s: the spec's code ran:\n%s", name, strings.Join(args, " "), lastLines(out.String(), 30))
	}
	if err != nil {
		t.Errorf("%s %s: %v\n%s", name, strings.Join(args, " "), err, lastLines(out.String(), 30))
	}
	return out.String()
}

func hostileGo(t *testing.T, dir string) {
	testenv.NeedTool(t, testenv.Go)
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	gomod := "module example.com/hostile\n\ngo 1.24\n\nrequire github.com/idforge/idforge v0.0.0\n\nreplace github.com/idforge/idforge => " + root + "\n"
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte(gomod), 0o644); err != nil {
		t.Fatal(err)
	}
	out := hostileRun(t, dir, []string{"GOFLAGS=-mod=mod", "GOPROXY=off", "GOWORK=off"}, "go", "vet", "./...")
	if strings.Contains(out, "matched no packages") {
		t.Errorf("go vet found no packages: %s", out)
	}
}

func hostileJS(t *testing.T, paths []string) {
	testenv.NeedTool(t, testenv.Node)
	var imports []string
	var decls []string
	for _, p := range paths {
		switch {
		case strings.HasSuffix(p, ".d.ts"):
			decls = append(decls, p)
		case strings.HasSuffix(p, ".js"):
			imports = append(imports, fmt.Sprintf("await import(%q);", p))
		}
	}
	// PWN reports that the spec's code ran; import() fails on a module that
	// does not compile.
	script := "globalThis.PWN = () => console.log('PWN' + 'ED'); " + strings.Join(imports, " ") + " console.log('imported');"
	if out := hostileRun(t, "", nil, "node", "--input-type=module", "-e", script); !strings.Contains(out, "imported") {
		t.Errorf("node imported nothing: %s", out)
	}
	if len(decls) == 0 {
		t.Fatal("no .d.ts written")
	}
	tools := npmToolsOrSkip(t)
	if tools == "" {
		return
	}
	args := append([]string{filepath.Join(tools, "node_modules", "typescript", "bin", "tsc"), "--noEmit", "--strict", "--target", "es2020", "--skipLibCheck", "false"}, decls...)
	hostileRun(t, "", nil, "node", args...)
}

// npmToolsOrSkip returns npmTools's directory, or "" (logged) where the
// pinned npm tools cannot be installed outside CI, so that the rest of a
// test still runs.
func npmToolsOrSkip(t *testing.T) (dir string) {
	if _, err := exec.LookPath(testenv.NPM); err != nil {
		t.Log("npm missing: the .d.ts files are not type-checked")
		return ""
	}
	npmOnce.Do(func() { npmOnce.dir, npmOnce.out, npmOnce.err = npmInstall(npmDir) })
	if npmOnce.err != nil {
		if os.Getenv("CI") != "" {
			t.Fatalf("npm ci of %s failed: %v\n%s", npmDir, npmOnce.err, npmOnce.out)
		}
		t.Logf("the pinned npm tools could not be installed (%v): the .d.ts files are not type-checked", npmOnce.err)
		return ""
	}
	return npmOnce.dir
}

func hostilePython(t *testing.T, paths []string) {
	testenv.NeedTool(t, testenv.Python)
	var b strings.Builder
	b.WriteString("import builtins, importlib.util\nbuiltins.PWN = lambda: print('PWN' + 'ED')\n")
	for i, p := range paths {
		fmt.Fprintf(&b, "s = importlib.util.spec_from_file_location('hostile%d', %q)\nm = importlib.util.module_from_spec(s)\ns.loader.exec_module(m)\n", i, p)
	}
	b.WriteString("print('imported')\n")
	if out := hostileRun(t, "", nil, "python3", "-B", "-W", "error", "-c", b.String()); !strings.Contains(out, "imported") {
		t.Errorf("python3 imported nothing: %s", out)
	}
}

func hostileJava(t *testing.T, dir string, paths []string) {
	needJava(t)
	classes := filepath.Join(dir, "java-classes")
	var srcs, names []string
	for _, p := range paths {
		srcs = append(srcs, p)
		if base := filepath.Base(p); base != "IDException.java" {
			pkg := filepath.Base(filepath.Dir(p))
			names = append(names, "hostile."+strings.ReplaceAll(pkg, "-", "")+"."+strings.TrimSuffix(base, ".java"))
		}
	}
	hostileRun(t, "", nil, "javac", append([]string{"--release", "17", "-Xlint:all", "-Werror", "-d", classes}, srcs...)...)
	if t.Failed() {
		return
	}
	// Initialise every class, as a program's first use would.
	main := filepath.Join(dir, "Init.java")
	src := "public class Init { public static void main(String[] a) throws Exception { for (String n : a) Class.forName(n, true, Init.class.getClassLoader()); System.out.println(\"imported\"); } }\n"
	if err := os.WriteFile(main, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	hostileRun(t, "", nil, "javac", "-cp", classes, "-d", classes, main)
	if out := hostileRun(t, "", nil, "java", append([]string{"-cp", classes, "Init"}, names...)...); !strings.Contains(out, "imported") {
		t.Errorf("java initialised nothing: %s", out)
	}
}

func hostileSQL(t *testing.T, paths []string) {
	dsn := testenv.Need(t, testenv.Postgres)
	testenv.NeedTool(t, "psql")
	schema := "hostile_test"
	args := []string{dsn, "-X", "-q", "-v", "ON_ERROR_STOP=1", "-c", "DROP SCHEMA IF EXISTS " + schema + " CASCADE; CREATE SCHEMA " + schema}
	hostileRun(t, "", nil, "psql", args...)
	defer exec.Command("psql", dsn, "-X", "-q", "-c", "DROP SCHEMA IF EXISTS "+schema+" CASCADE").Run()
	for _, p := range paths {
		hostileRun(t, "", []string{"PGOPTIONS=-c search_path=" + schema}, "psql", dsn, "-X", "-q", "-v", "ON_ERROR_STOP=1", "-f", p)
	}
	out := hostileRun(t, "", nil, "psql", dsn, "-X", "-At", "-c", "SELECT count(*) FROM pg_class WHERE relname LIKE 'pwned%'")
	if strings.TrimSpace(out) != "0" {
		t.Errorf("the spec's CREATE TABLE ran: %s tables named pwned*", strings.TrimSpace(out))
	}
}

// hostileMariaDB checks the MariaDB scripts written of hostile specs: the
// spec's text reaches them only in comments, so no line that is not a
// comment names pwned; and where IDFORGE_MARIADB_DSN is set (.ci/mariadb),
// each script loads on the server (interop/mariadb's loader) and creates
// no table.
func hostileMariaDB(t *testing.T, paths []string) {
	for _, p := range paths {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		for i, line := range strings.Split(string(b), "\n") {
			if !strings.HasPrefix(strings.TrimSpace(line), "--") && strings.Contains(strings.ToLower(line), "pwned") {
				t.Errorf("%s:%d: the spec's text outside a comment: %q", p, i+1, line)
			}
		}
	}
	dsn := os.Getenv("IDFORGE_MARIADB_DSN")
	if dsn == "" {
		t.Log("IDFORGE_MARIADB_DSN is not set: the scripts are not run on MariaDB (.ci/mariadb prints it)")
		return
	}
	testenv.NeedTool(t, "mariadb")
	// The DSN is the Go driver's: USER:PASSWORD@tcp(HOST:PORT)/DATABASE?...
	m := regexp.MustCompile(`^([^:@]+)(?::([^@]*))?@tcp\(([^:)]+):(\d+)\)/([^?]*)`).FindStringSubmatch(dsn)
	if m == nil {
		t.Fatalf("IDFORGE_MARIADB_DSN %q: want USER:PASSWORD@tcp(HOST:PORT)/DATABASE", dsn)
	}
	client := func(stdin []byte, args ...string) string {
		t.Helper()
		cmd := exec.Command("mariadb", append([]string{"--protocol=tcp", "-h", m[3], "-P", m[4], "-u", m[1], "-N", "-B"}, args...)...)
		cmd.Env = append(os.Environ(), "MYSQL_PWD="+m[2])
		cmd.Stdin = bytes.NewReader(stdin)
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("mariadb %s: %v\n%s", strings.Join(args, " "), err, out)
		}
		return string(out)
	}
	for _, p := range paths {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		client(b, m[5])
	}
	out := client(nil, "-e", "SELECT count(*) FROM information_schema.tables WHERE table_name LIKE 'pwned%'")
	if strings.TrimSpace(out) != "0" {
		t.Errorf("the spec's CREATE TABLE ran on MariaDB: %s tables named pwned*", strings.TrimSpace(out))
	}
}

// hostileDuckDB checks the DuckDB scripts written of hostile specs: the
// spec's text reaches them only in comments, so no line that is not a
// comment names pwned; and where IDFORGE_DUCKDB is set (.ci/duckdb), each
// script runs on the engine (interop/duckdb's runner) and creates no table.
func hostileDuckDB(t *testing.T, paths []string) {
	var stmts []string
	for _, p := range paths {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		for i, line := range strings.Split(string(b), "\n") {
			if !strings.HasPrefix(line, "--") && strings.Contains(strings.ToLower(line), "pwned") {
				t.Errorf("%s:%d: the spec's text outside a comment: %q", p, i+1, line)
			}
		}
		for _, s := range strings.Split(string(b), ";\n") {
			if strings.TrimSpace(s) != "" {
				stmts = append(stmts, s)
			}
		}
	}
	dir := os.Getenv("IDFORGE_DUCKDB")
	if dir == "" {
		t.Log("IDFORGE_DUCKDB is not set: the scripts are not run on DuckDB (.ci/duckdb prints it)")
		return
	}
	in, err := json.Marshal(map[string][]string{"setup": stmts, "queries": {"SELECT count(*) FROM duckdb_tables() WHERE table_name LIKE 'pwned%'"}})
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("node", filepath.Join("..", "..", "interop", "duckdb", "node", "run.mjs"))
	cmd.Env = append(os.Environ(), "IDFORGE_DUCKDB="+dir)
	cmd.Stdin = bytes.NewReader(in)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("the scripts on DuckDB: %v\n%s", err, stderr.String())
	}
	if !strings.Contains(string(out), `"queries":[[["0"]]]`) {
		t.Errorf("the spec's CREATE TABLE ran on DuckDB: %s", out)
	}
}
