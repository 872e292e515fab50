package verify

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	google "github.com/google/uuid"
	"github.com/sony/sonyflake"

	"github.com/idforge/idforge/testenv"
	"github.com/idforge/idforge/uuid"
	"github.com/idforge/idforge/verify"
)

// The tests here pipe IDs into the idforge command while a generator
// makes them, for several seconds, as a user does (`node -e '…' | idforge
// verify -layout v7`): verify judges "ahead of the clock" against the
// clock when each line arrives (DESIGN, "verify"), so a generator that
// writes into the pipe for longer than -ahead (1s) passes.

// live is how long each live pipe runs: several times -ahead's default.
const live = 3500 * time.Millisecond

// cliBuild is the idforge command, built once per test process.
var cliBuild struct {
	sync.Once
	path string
	err  error
}

// idforgeCLI returns the path of the idforge command, built from the
// checkout (go build ./cmd/idforge, at the root) once per test process.
func idforgeCLI(t testing.TB) string {
	t.Helper()
	repo := root(t)
	cliBuild.Do(func() {
		dir, err := os.MkdirTemp("", "idforge-cli-")
		if err != nil {
			cliBuild.err = err
			return
		}
		removeAtEnd(dir)
		cliBuild.path = filepath.Join(dir, "idforge")
		cmd := exec.Command("go", "build", "-o", cliBuild.path, "./cmd/idforge")
		cmd.Dir = repo
		if out, err := cmd.CombinedOutput(); err != nil {
			cliBuild.err = fmt.Errorf("go build ./cmd/idforge: %v\n%s", err, out)
		}
	})
	if cliBuild.err != nil {
		t.Fatal(cliBuild.err)
	}
	return cliBuild.path
}

// pipeVerify runs `idforge verify -layout layout -json` and write, which
// writes IDs into its standard input as they are made; it returns the
// report, and fails the test, naming each failed check, unless every
// check passes.
func pipeVerify(t *testing.T, layout string, write func(w io.Writer)) *verify.Report {
	t.Helper()
	cmd := exec.Command(idforgeCLI(t), "verify", "-layout", layout, "-json")
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	in, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	write(in)
	in.Close()
	err = cmd.Wait()
	return judgeJSON(t, fmt.Sprintf("idforge verify -layout %s (fed for %v)", layout, time.Since(start).Round(time.Millisecond)), out.Bytes(), errb.String(), err)
}

// judgeJSON reads the report `idforge verify -json` printed and fails the
// test unless it passed.
func judgeJSON(t *testing.T, what string, out []byte, stderr string, err error) *verify.Report {
	t.Helper()
	var r verify.Report
	if jerr := json.Unmarshal(out, &r); jerr != nil {
		t.Fatalf("%s: %v (%v)\n%s%s", what, err, jerr, out, stderr)
	}
	if r.Failed || err != nil {
		t.Errorf("%s: %v: fails %d IDs, method %s:\n%s", what, err, r.IDs, r.Method, failures(&r))
	} else {
		t.Logf("%s: %d IDs pass, method %s", what, r.IDs, r.Method)
	}
	return &r
}

// shellVerify runs a shell pipeline that ends in idforge verify, with the
// command on PATH, in dir, and fails the test unless it exits 0; it
// returns what the pipeline printed. A pipeline whose generator fails
// fails too (pipefail).
func shellVerify(t *testing.T, dir, pipeline string) string {
	t.Helper()
	testenv.NeedTool(t, "bash")
	cmd := exec.Command("bash", "-c", "set -o pipefail\n"+pipeline)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "PATH="+filepath.Dir(idforgeCLI(t))+string(os.PathListSeparator)+os.Getenv("PATH"))
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	start := time.Now()
	err := cmd.Run()
	took := time.Since(start).Round(time.Millisecond)
	if err != nil {
		var fails []string
		for _, line := range strings.Split(out.String(), "\n") {
			if strings.Contains(line, "FAIL") {
				fails = append(fails, line)
			}
		}
		t.Errorf("%s (%v): %v\n%s\n%s\n%s", pipeline, took, err, strings.Join(fails, "\n"), out.String(), errb.String())
	} else {
		t.Logf("%s (%v): passes", pipeline, took)
	}
	return out.String()
}

// writeFor writes the IDs next makes for d: a burst of burst IDs, then a
// pause, until d has passed.
func writeFor(w io.Writer, d time.Duration, burst int, pause time.Duration, next func() string) (n int) {
	bw := bufio.NewWriterSize(w, 1<<16)
	for end := time.Now().Add(d); time.Now().Before(end); {
		for range burst {
			bw.WriteString(next())
			bw.WriteByte('\n')
			n++
		}
		if bw.Flush() != nil {
			return n
		}
		time.Sleep(pause)
	}
	return n
}

// TestPipedLive: real generators write UUIDv7s into the command's
// standard input for several seconds while it reads them.
func TestPipedLive(t *testing.T) {
	idforgeCLI(t) // built once, before the parallel tests time themselves
	t.Run("idforge uuid.NewV7 in bursts and pauses", func(t *testing.T) {
		t.Parallel()
		pipeVerify(t, "uuidv7", func(w io.Writer) {
			writeFor(w, live, 1000, 20*time.Millisecond, func() string { return uuid.NewV7().String() })
		})
	})
	t.Run("google/uuid NewV7 one a millisecond", func(t *testing.T) {
		t.Parallel()
		pipeVerify(t, "uuidv7", func(w io.Writer) {
			writeFor(w, live, 1, time.Millisecond, func() string { return google.Must(google.NewV7()).String() })
		})
	})
	t.Run("google/uuid NewV7, a million in one burst", func(t *testing.T) {
		t.Parallel()
		pipeVerify(t, "uuidv7", func(w io.Writer) {
			bw := bufio.NewWriterSize(w, 1<<16)
			for range 1_000_000 {
				bw.WriteString(google.Must(google.NewV7()).String())
				bw.WriteByte('\n')
			}
			bw.Flush()
		})
	})
	t.Run("npm uuid v7 in a node loop with pauses", func(t *testing.T) {
		t.Parallel()
		dir := npmPeers(t)
		src := fmt.Sprintf(`import { v7 } from 'uuid';
const end = Date.now() + %d;
while (Date.now() < end) {
  let s = '';
  for (let i = 0; i < 500; i++) s += v7() + '\n';
  process.stdout.write(s);
  await new Promise((resolve) => setTimeout(resolve, 10));
}
`, live.Milliseconds())
		gen := nodeCmd(t, dir, src)
		ver := exec.Command(idforgeCLI(t), "verify", "-layout", "v7", "-json")
		pipeProcesses(t, "node (npm uuid v7) | idforge verify -layout v7 -json", gen, ver)
	})
	t.Run("docs/verify.md's node -e example as written", func(t *testing.T) {
		t.Parallel()
		dir := npmPeers(t)
		src, err := os.ReadFile(filepath.Join(root(t), "docs", "verify.md"))
		if err != nil {
			t.Fatal(err)
		}
		m := regexp.MustCompile(`(?m)^node -e .*\| idforge verify -layout v7$`).Find(src)
		if m == nil {
			t.Fatal("docs/verify.md has no line `node -e '…' | idforge verify -layout v7`")
		}
		// node's require finds npm's uuid in dir's node_modules, where
		// bench/js/npm-cache installed it, as in a project that depends on it.
		shellVerify(t, dir, string(m))
	})
	t.Run("gofrs/uuid latest NewV7, a million piped from its process", func(t *testing.T) {
		t.Parallel()
		gen, why := gofrsLatest(t, "burst", "1000000", "0")
		if gen == nil {
			t.Skipf("skipped: %s", why)
		}
		ver := exec.Command(idforgeCLI(t), "verify", "-layout", "v7", "-json")
		pipeProcesses(t, "gofrs | idforge verify -layout v7 -json", gen, ver)
	})
}

// pipeProcesses runs gen | ver (ver an idforge verify -json) and judges
// ver's report. gen prints "NAME ID" lines: the names are cut off on the
// way.
func pipeProcesses(t *testing.T, what string, gen, ver *exec.Cmd) *verify.Report {
	t.Helper()
	var genErr, out, verErr bytes.Buffer
	gen.Stderr = &genErr
	genOut, err := gen.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	in, err := ver.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	ver.Stdout, ver.Stderr = &out, &verErr
	if err := ver.Start(); err != nil {
		t.Fatal(err)
	}
	if err := gen.Start(); err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	br := bufio.NewReaderSize(genOut, 1<<16)
	bw := bufio.NewWriterSize(in, 1<<16)
	for {
		line, err := br.ReadSlice('\n')
		if _, id, ok := bytes.Cut(line, []byte(" ")); ok {
			line = id
		}
		bw.Write(line)
		if br.Buffered() == 0 {
			bw.Flush() // the lines go on as they come
		}
		if err != nil {
			break
		}
	}
	bw.Flush()
	in.Close()
	if err := gen.Wait(); err != nil {
		t.Fatalf("%s: the generator: %v\n%s", what, err, genErr.String())
	}
	err = ver.Wait()
	return judgeJSON(t, fmt.Sprintf("%s (%v)", what, time.Since(start).Round(time.Millisecond)), out.Bytes(), verErr.String(), err)
}

// newSonyflake returns sony/sonyflake's generator with machine ID 42 and
// its default start, 2014-09-01, which layout sonyflake's epoch is.
func newSonyflake(t testing.TB) func() string {
	sf, err := sonyflake.New(sonyflake.Settings{MachineID: func() (uint16, error) { return 42, nil }})
	if err != nil {
		t.Fatal(err)
	}
	return func() string {
		id, err := sf.NextID()
		if err != nil {
			panic(err)
		}
		return strconv.FormatUint(id, 10)
	}
}

// TestSonyflake: sony/sonyflake, which waits for the next 10-ms tick when
// its 8-bit sequence runs out (256 IDs a tick, 25,600 a second), made at
// a limited rate and in a burst (where its own limit holds it), piped
// live into idforge verify -layout sonyflake.
func TestSonyflake(t *testing.T) {
	idforgeCLI(t)
	t.Run("one every 2 ms", func(t *testing.T) {
		t.Parallel()
		next := newSonyflake(t)
		pipeVerify(t, "sonyflake", func(w io.Writer) {
			writeFor(w, live, 1, 2*time.Millisecond, next)
		})
	})
	t.Run("bursts of 1,000 and pauses", func(t *testing.T) {
		t.Parallel()
		next := newSonyflake(t)
		pipeVerify(t, "sonyflake", func(w io.Writer) {
			writeFor(w, live, 1000, 100*time.Millisecond, next)
		})
	})
	t.Run("100,000 in one burst, at its own limit", func(t *testing.T) {
		t.Parallel()
		next := newSonyflake(t)
		pipeVerify(t, "sonyflake", func(w io.Writer) {
			bw := bufio.NewWriter(w)
			for i := range 100_000 {
				bw.WriteString(next() + "\n")
				if i%256 == 255 {
					bw.Flush()
				}
			}
			bw.Flush()
		})
	})
	t.Run("40 in one burst", func(t *testing.T) {
		next := newSonyflake(t)
		var b strings.Builder
		for range 40 {
			b.WriteString(next() + "\n")
		}
		mustPass(t, "sonyflake", b.String(), 40)
	})
}

// gofrsGoMod and gofrsGoSum are the module of gofrsLatest's program:
// interop's own go.mod pins gofrs/uuid v5.4.0, whose NewV7 has a known
// rollover (gofrs/uuid#253, which TestGoPeers finds); the newest release
// is measured here.
const (
	gofrsGoMod = `module gofrslatest

go 1.24

require github.com/gofrs/uuid/v5 v5.5.1
`
	gofrsGoSum = `github.com/gofrs/uuid/v5 v5.5.1 h1:z1Ce19/JwNidXpy3tOQc3241lnJLKdKyq/xlNvlD4Ng=
github.com/gofrs/uuid/v5 v5.5.1/go.mod h1:bbAA98EoIlxyRHIVg6ektCSsZ5n8mSbwgEhvhMYlZgg=
`
	gofrsMain = `package main

import (
	"bufio"
	"os"
	"strconv"

	"github.com/gofrs/uuid/v5"
)

func main() {
	counts := os.Args[2:]
	w := bufio.NewWriterSize(os.Stdout, 1<<16)
	for j, make := range []func() (uuid.UUID, error){uuid.NewV7, uuid.NewV4} {
		n, _ := strconv.Atoi(counts[j])
		name := []string{"gofrs/uuid-NewV7 ", "gofrs/uuid-NewV4 "}[j]
		for range n {
			w.WriteString(name + uuid.Must(make()).String() + "\n")
		}
	}
	w.Flush()
}
`
)

var gofrsBuild struct {
	sync.Once
	path string
	err  error
}

// gofrsLatest returns the command that runs a program of gofrs/uuid's
// newest release (v5.5.1): args are "burst" and the counts of NewV7 and
// NewV4. The program is built once per test process, in a module of its
// own; where the Go command cannot fetch the module, it returns nil and
// why.
func gofrsLatest(t testing.TB, args ...string) (*exec.Cmd, string) {
	t.Helper()
	gofrsBuild.Do(func() {
		dir, err := os.MkdirTemp("", "idforge-gofrs-")
		if err != nil {
			gofrsBuild.err = err
			return
		}
		removeAtEnd(dir)
		for name, body := range map[string]string{"go.mod": gofrsGoMod, "go.sum": gofrsGoSum, "main.go": gofrsMain} {
			if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
				gofrsBuild.err = err
				return
			}
		}
		gofrsBuild.path = filepath.Join(dir, "gofrs")
		cmd := exec.Command("go", "build", "-o", gofrsBuild.path, ".")
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS=-mod=mod")
		if out, err := cmd.CombinedOutput(); err != nil {
			gofrsBuild.err = fmt.Errorf("building a program of gofrs/uuid v5.5.1 (which needs the module proxy): %v\n%s", err, out)
		}
	})
	if gofrsBuild.err != nil {
		return nil, gofrsBuild.err.Error()
	}
	return exec.Command(gofrsBuild.path, args...), ""
}
