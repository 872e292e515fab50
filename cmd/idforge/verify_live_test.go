package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/idforge/idforge/snowflake"
	"github.com/idforge/idforge/ulid"
	"github.com/idforge/idforge/uuid"
	"github.com/idforge/idforge/verify"
)

// live is how long each generator below writes into idforge verify's
// standard input: several times -ahead's default of 1s. verify judges
// "ahead of the clock" against the clock when each line arrives (DESIGN,
// "verify"; issue 64), so an honest generator that writes into the pipe
// for longer than that passes.
const live = 3500 * time.Millisecond

// verifyLive runs idforge verify -layout layout -json with write writing
// its standard input as IDs are made, and fails the test, naming each
// failed check, unless every check passes.
func verifyLive(t *testing.T, layout string, write func(w *bufio.Writer) int) {
	t.Helper()
	cmd := exec.Command(idforgeBin, "verify", "-layout", layout, "-json")
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
	n := write(bufio.NewWriterSize(in, 1<<16))
	in.Close()
	err = cmd.Wait()
	judgeVerifyJSON(t, fmt.Sprintf("%d IDs written into idforge verify -layout %s over %v", n, layout, time.Since(start).Round(time.Millisecond)), out.Bytes(), errb.String(), err)
}

// judgeVerifyJSON fails the test unless the report idforge verify -json
// printed passed, naming each failed check.
func judgeVerifyJSON(t *testing.T, what string, out []byte, stderr string, err error) {
	t.Helper()
	var r verify.Report
	if jerr := json.Unmarshal(out, &r); jerr != nil {
		t.Fatalf("%s: %v (%v)\n%s%s", what, err, jerr, out, stderr)
	}
	var fails []string
	for _, c := range r.Checks {
		if c.Status == verify.Fail {
			fails = append(fails, fmt.Sprintf("  %s/%s: %s %v", c.Group, c.Name, c.Message, c.Lines))
		}
	}
	if r.Failed || err != nil {
		t.Errorf("%s: %v: %d IDs fail, method %s:\n%s", what, err, r.IDs, r.Method, strings.Join(fails, "\n"))
	} else {
		t.Logf("%s: %d IDs pass, method %s", what, r.IDs, r.Method)
	}
}

// writeLive writes the IDs next makes, burst at a time with a pause after
// each burst, for live; it returns how many it wrote.
func writeLive(w *bufio.Writer, burst int, pause time.Duration, next func() string) (n int) {
	for end := time.Now().Add(live); time.Now().Before(end); {
		for range burst {
			w.WriteString(next())
			w.WriteByte('\n')
			n++
		}
		if w.Flush() != nil {
			return n
		}
		time.Sleep(pause)
	}
	return n
}

// TestVerifyPipedLive: idforge's own Go generators, in this process,
// write into idforge verify's standard input for several seconds, in
// bursts with pauses and one ID a millisecond; and idforge new, one
// process after another, into a shell pipe.
func TestVerifyPipedLive(t *testing.T) {
	sf, err := snowflake.NewGenerator(7)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name   string
		layout string
		burst  int
		pause  time.Duration
		next   func() string
	}{
		{"uuid.NewV7 bursts", "v7", 1000, 20 * time.Millisecond, func() string { return uuid.NewV7().String() }},
		{"uuid.NewV7 one a millisecond", "v7", 1, time.Millisecond, func() string { return uuid.NewV7().String() }},
		{"ulid.New bursts", "ulid", 1000, 20 * time.Millisecond, func() string { return ulid.New().String() }},
		{"snowflake node 7 bursts", "snowflake", 1000, 20 * time.Millisecond, func() string {
			id, err := sf.Next()
			if err != nil {
				panic(err)
			}
			return id.String()
		}},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			verifyLive(t, c.layout, func(w *bufio.Writer) int { return writeLive(w, c.burst, c.pause, c.next) })
		})
	}
	for _, c := range []struct{ name, new, layout string }{
		{"idforge new -layout v7", "idforge new -layout v7 -n 2000", "v7"},
		{"idforge new -layout snowflake -node 7", "idforge new -layout snowflake -node 7 -n 2000", "snowflake"},
	} {
		t.Run(c.name+" processes, 12 of them 0.2 s apart", func(t *testing.T) {
			t.Parallel()
			if _, err := exec.LookPath("bash"); err != nil {
				t.Skip("skipped: no bash")
			}
			// One process after another, 0.2 s apart: each a new
			// generator, in a later millisecond than the last.
			pipeline := fmt.Sprintf("set -o pipefail\nfor i in $(seq 12); do %s; sleep 0.2; done | idforge verify -layout %s -json", c.new, c.layout)
			cmd := exec.Command("bash", "-c", pipeline)
			cmd.Dir = t.TempDir()
			cmd.Env = append(os.Environ(), "PATH="+filepath.Dir(idforgeBin)+string(os.PathListSeparator)+os.Getenv("PATH"))
			var out, errb bytes.Buffer
			cmd.Stdout, cmd.Stderr = &out, &errb
			start := time.Now()
			err := cmd.Run()
			judgeVerifyJSON(t, fmt.Sprintf("%s (%v)", strings.ReplaceAll(pipeline, "\n", "; "), time.Since(start).Round(time.Millisecond)), out.Bytes(), errb.String(), err)
		})
	}
}
