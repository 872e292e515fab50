package main

import (
	"bytes"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime/debug"
	"strings"
	"sync"

	_ "github.com/jackc/pgx/v5/stdlib" // the pgx driver, as "pgx"
)

// missing is an error that says this machine lacks what a row needs (a
// tool, a server): the row is shown as not run here, and league -check
// fails, since CI has everything.
type missing string

func (m missing) Error() string { return string(m) }

// absent is an error that says the implementation reachable here has no
// such function (Python 3.11's uuid has no uuid7): a fact of the version,
// shown as such, not a failure of the run.
type absent string

func (a absent) Error() string { return string(a) }

// env is what the rows share: the repository, the installed npm peers,
// idforge's built packages, the PostgreSQL server.
type env struct {
	root    string // the repository's root
	tmp     string // a temporary directory, removed at the end
	pgDSN   string // PostgreSQL 18, or ""
	verbose bool

	npmOnce sync.Once
	npmDir  string
	npmErr  error

	pkgOnce sync.Once
	pkgDir  string
	pkgErr  error

	gofrsOnce sync.Once
	gofrsBin  string
	gofrsErr  error

	pgOnce sync.Once
	pg     *sql.DB
	pgErr  error

	// cleanup are directories outside tmp to remove at the end.
	cleanup []string
}

// join writes ids one a line.
func join[T any](ids []T, text func(T) string) string {
	var b strings.Builder
	for _, id := range ids {
		b.WriteString(text(id))
		b.WriteByte('\n')
	}
	return b.String()
}

// goVersion is the version of module path in this build.
func goVersion(path string) string {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return "?"
	}
	for _, d := range info.Deps {
		if d.Path == path {
			if d.Replace != nil && d.Replace.Version != "" {
				return d.Replace.Version
			}
			return d.Version
		}
	}
	return "?"
}

// run runs cmd and returns its standard output.
func run(cmd *exec.Cmd) (string, error) {
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Run(); err != nil {
		return "", fmt.Errorf("%s: %v\n%s", strings.Join(cmd.Args, " "), err, errb.String())
	}
	return out.String(), nil
}

// tool returns a missing error when name is not on PATH.
func tool(name, pkg string) error {
	if _, err := exec.LookPath(name); err != nil {
		return missing(fmt.Sprintf("%s is not on PATH (%s)", name, pkg))
	}
	return nil
}

// gofrsLatest is the version of gofrs/uuid that testdata/gofrs's go.mod
// pins, the newest v5.
const gofrsLatest = "v5.5.1"

// gofrsSub makes IDs with gofrs/uuid at gofrsLatest, built from
// testdata/gofrs outside the workspace.
func gofrsSub(fn string) func(*env, int) (string, error) {
	return func(e *env, n int) (string, error) {
		e.gofrsOnce.Do(func() {
			e.gofrsBin = filepath.Join(e.tmp, "gofrs")
			cmd := exec.Command("go", "build", "-o", e.gofrsBin, ".")
			cmd.Dir = filepath.Join(e.root, "interop", "cmd", "league", "testdata", "gofrs")
			cmd.Env = append(os.Environ(), "GOWORK=off")
			_, e.gofrsErr = run(cmd)
			if e.gofrsErr == nil {
				var v string
				v, e.gofrsErr = run(exec.Command(e.gofrsBin, "-version"))
				if v = strings.TrimSpace(v); e.gofrsErr == nil && v != gofrsLatest {
					e.gofrsErr = fmt.Errorf("testdata/gofrs builds gofrs/uuid %s, not %s", v, gofrsLatest)
				}
			}
		})
		if e.gofrsErr != nil {
			return "", e.gofrsErr
		}
		return run(exec.Command(e.gofrsBin, "-f", fn, "-n", fmt.Sprint(n)))
	}
}

// npmPeers is the directory of the npm packages interop/cmd/league/js
// pins, installed by .ci/npm-cache.
func (e *env) npmPeers() (string, error) {
	e.npmOnce.Do(func() {
		if err := tool("node", "apt-get install nodejs"); err != nil {
			e.npmErr = err
			return
		}
		if err := tool("npm", "apt-get install npm"); err != nil {
			e.npmErr = err
			return
		}
		out, err := run(exec.Command(filepath.Join(e.root, ".ci", "npm-cache"), filepath.Join(e.root, "interop", "cmd", "league", "js")))
		if err != nil {
			e.npmErr = missing(".ci/npm-cache could not install interop/cmd/league/js's packages: " + err.Error())
			return
		}
		e.npmDir = strings.TrimSpace(out)
	})
	return e.npmDir, e.npmErr
}

// npmVersion is the installed version of npm package name.
func (e *env) npmVersion(name string) string {
	dir, err := e.npmPeers()
	if err != nil {
		return "?"
	}
	b, err := os.ReadFile(filepath.Join(dir, "node_modules", name, "package.json"))
	if err != nil {
		return "?"
	}
	var p struct{ Version string }
	if json.Unmarshal(b, &p) != nil {
		return "?"
	}
	return p.Version
}

// node runs an ES module body in dir and returns what it prints.
func (e *env) node(dir, body string) (string, error) {
	file := filepath.Join(dir, fmt.Sprintf("league-%d.mjs", os.Getpid()))
	if err := os.WriteFile(file, []byte(body), 0o644); err != nil {
		return "", err
	}
	defer os.Remove(file)
	return run(exec.Command("node", file))
}

// printJS is the JavaScript that prints n IDs from the expression make.
func printJS(imports, make string, n int) string {
	return fmt.Sprintf("%s\nconst out = [];\nfor (let i = 0; i < %d; i++) out.push(String(%s));\nprocess.stdout.write(out.join('\\n') + '\\n');\n", imports, n, make)
}

// npm makes IDs with one of the pinned npm packages.
func npm(imports, make string) func(*env, int) (string, error) {
	return func(e *env, n int) (string, error) {
		dir, err := e.npmPeers()
		if err != nil {
			return "", err
		}
		return e.node(dir, printJS(imports, make, n))
	}
}

// npmBurst makes IDs in bursts of burst IDs, each with the millisecond ms
// read once, before the burst; the next burst waits for the next
// millisecond.
func npmBurst(imports, make string, burst int) func(*env, int) (string, error) {
	return func(e *env, n int) (string, error) {
		dir, err := e.npmPeers()
		if err != nil {
			return "", err
		}
		body := fmt.Sprintf(`%s
const out = [];
let ms = 0n;
while (out.length < %d) {
  let now;
  do { now = BigInt(Date.now()); } while (now === ms);
  ms = now;
  for (let j = 0; j < %d && out.length < %d; j++) out.push(String(%s));
}
process.stdout.write(out.join('\n') + '\n');
`, imports, n, burst, n, make)
		return e.node(dir, body)
	}
}

// packages builds idforge's JavaScript, Python and Java packages from this
// checkout, once, as go run ./gen/tools/packages does.
func (e *env) packages() (string, error) {
	e.pkgOnce.Do(func() {
		e.pkgDir = filepath.Join(e.tmp, "packages")
		cmd := exec.Command("go", "run", "./gen/tools/packages", "-o", e.pkgDir)
		cmd.Dir = e.root
		_, e.pkgErr = run(cmd)
	})
	return e.pkgDir, e.pkgErr
}

// idforgeJS makes IDs with the newId of a module of idforge's JavaScript
// package.
func idforgeJS(module string) func(*env, int) (string, error) {
	return func(e *env, n int) (string, error) {
		if err := tool("node", "apt-get install nodejs"); err != nil {
			return "", err
		}
		pkg, err := e.packages()
		if err != nil {
			return "", err
		}
		file := "file://" + filepath.ToSlash(filepath.Join(pkg, "js", module+".js"))
		return e.node(e.tmp, printJS(fmt.Sprintf("import { newId } from %q;", file), "newId()", n))
	}
}

// python makes IDs with new, which code defines, in python3; idforge's
// Python package is on its path.
func python(code string) func(*env, int) (string, error) {
	return func(e *env, n int) (string, error) {
		if err := tool("python3", "apt-get install python3"); err != nil {
			return "", err
		}
		pythonPath := ""
		if strings.Contains(code, "idforge") {
			pkg, err := e.packages()
			if err != nil {
				return "", err
			}
			pythonPath = filepath.Join(pkg, "python")
		}
		prog := fmt.Sprintf("import sys\ntry:\n    %s\nexcept (ImportError, AttributeError) as e:\n    sys.stderr.write('absent: %%s' %% e)\n    sys.exit(3)\nsys.stdout.write(''.join(str(new()) + '\\n' for _ in range(%d)))\n",
			strings.ReplaceAll(code, "\n", "\n    "), n)
		cmd := exec.Command("python3", "-c", prog)
		cmd.Env = append(os.Environ(), "PYTHONPATH="+pythonPath, "PYTHONDONTWRITEBYTECODE=1")
		var out, errb bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &errb
		if err := cmd.Run(); err != nil {
			if x, ok := err.(*exec.ExitError); ok && x.ExitCode() == 3 {
				return "", absent(fmt.Sprintf("not in Python %s (%s): uuid7 is in 3.14 and later", e.pythonVersion(), strings.TrimPrefix(errb.String(), "absent: ")))
			}
			return "", fmt.Errorf("python3: %v\n%s", err, errb.String())
		}
		return out.String(), nil
	}
}

// pythonVersion is python3's version.
func (e *env) pythonVersion() string {
	out, err := run(exec.Command("python3", "-c", "import platform; print(platform.python_version())"))
	if err != nil {
		return "?"
	}
	return strings.TrimSpace(out)
}

// java makes IDs with the expression make, in a source-file program.
func java(make string) func(*env, int) (string, error) {
	return func(e *env, n int) (string, error) {
		if err := tool("java", "apt-get install openjdk-17-jdk-headless"); err != nil {
			return "", err
		}
		file := filepath.Join(e.tmp, "Make.java")
		body := fmt.Sprintf(`public class Make {
    public static void main(String[] args) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < %d; i++) b.append(%s).append('\n');
        System.out.print(b);
    }
}
`, n, make)
		if err := os.WriteFile(file, []byte(body), 0o644); err != nil {
			return "", err
		}
		return run(exec.Command("java", file))
	}
}

// javaVersion is the JDK's version.
func (e *env) javaVersion() string {
	out, err := exec.Command("java", "-XshowSettings:properties", "-version").CombinedOutput()
	if err != nil {
		return "?"
	}
	for _, line := range strings.Split(string(out), "\n") {
		if k, v, ok := strings.Cut(strings.TrimSpace(line), " = "); ok && k == "java.runtime.version" {
			return v
		}
	}
	return "?"
}

// db connects to the PostgreSQL 18 server at e.pgDSN.
func (e *env) db() (*sql.DB, error) {
	e.pgOnce.Do(func() {
		if e.pgDSN == "" {
			e.pgErr = missing("no PostgreSQL 18: IDFORGE_POSTGRES_DSN is not set (IDFORGE_PG_VERSION=18 .ci/postgres starts one and prints its DSN)")
			return
		}
		db, err := sql.Open("pgx", e.pgDSN)
		if err == nil {
			err = db.Ping()
		}
		if err != nil {
			e.pgErr = missing("cannot reach PostgreSQL at IDFORGE_POSTGRES_DSN: " + err.Error())
			return
		}
		var version int
		if err := db.QueryRow(`select current_setting('server_version_num')::int`).Scan(&version); err != nil {
			e.pgErr = err
			return
		}
		if version < 180000 {
			e.pgErr = missing(fmt.Sprintf("PostgreSQL %d at IDFORGE_POSTGRES_DSN has no uuidv7() and uuidv4(), which 18 added (IDFORGE_PG_VERSION=18 .ci/postgres starts one)", version))
			return
		}
		e.pg = db
	})
	return e.pg, e.pgErr
}

// pgVersion is the server's version.
func (e *env) pgVersion() string {
	db, err := e.db()
	if err != nil {
		return "18"
	}
	var v string
	if err := db.QueryRow(`show server_version`).Scan(&v); err != nil {
		return "18"
	}
	return v
}

// postgres makes IDs with a function of PostgreSQL 18, one a row.
func postgres(fn string) func(*env, int) (string, error) {
	return func(e *env, n int) (string, error) {
		db, err := e.db()
		if err != nil {
			return "", err
		}
		var text string
		q := fmt.Sprintf(`select string_agg(u::text, E'\n' order by i) || E'\n' from (select i, %s() as u from generate_series(1, %d) i) s`, fn, n)
		err = db.QueryRow(q).Scan(&text)
		return text, err
	}
}

// uuidgen makes IDs with Debian's uuidgen and flag, one process an ID.
func uuidgen(flag string) func(*env, int) (string, error) {
	return func(e *env, n int) (string, error) {
		if err := tool("uuidgen", "apt-get install uuid-runtime"); err != nil {
			return "", err
		}
		help, _ := exec.Command("uuidgen", "--help").CombinedOutput()
		if !strings.Contains(string(help), " "+flag+",") {
			return "", absent(fmt.Sprintf("not in %s: its uuidgen has no %s", e.uuidgenVersion(), flag))
		}
		return run(exec.Command("sh", "-c", fmt.Sprintf("i=0; while [ $i -lt %d ]; do uuidgen %s || exit 1; i=$((i+1)); done", n, flag)))
	}
}

// uuidgenVersion is uuidgen's version: util-linux's.
func (e *env) uuidgenVersion() string {
	out, err := exec.Command("uuidgen", "--version").Output()
	if err != nil {
		return "?"
	}
	s := strings.TrimSpace(string(out))
	if i := strings.Index(s, "util-linux"); i >= 0 {
		return s[i:]
	}
	return s
}

var errNoRoot = errors.New("league: not run in idforge's repository (no go.work above the working directory); run it at the root: go run ./interop/cmd/league")
