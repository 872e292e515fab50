//go:build linux

package main

import (
	"bufio"
	"encoding/json"
	"io"
	"os/exec"
	"strings"
	"syscall"
	"testing"

	"github.com/idforge/idforge/uuid"
)

// inspect -json - streams: 200,000 lines of standard input take less than
// 100 MB, measured as the child's peak resident set (Linux's ru_maxrss).
// It held every report and then encoded the whole list at once: 1.5 GB
// for 200,000 lines (issue 65). What it writes is still one JSON list,
// with a report for each line.
func TestInspectJSONStreams(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("inspects 200,000 IDs")
	}
	const lines = 200_000
	pr, pw := io.Pipe()
	go func() {
		w := bufio.NewWriter(pw)
		for range lines {
			w.WriteString(uuid.NewV7().String())
			w.WriteByte('\n')
		}
		pw.CloseWithError(w.Flush())
	}()
	cmd := exec.Command(idforgeBin, "inspect", "-json", "-layout", "v7", "-")
	cmd.Stdin = pr
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	var stderr strings.Builder
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	dec := json.NewDecoder(bufio.NewReader(out))
	n := 0
	if tok, err := dec.Token(); err != nil || tok != json.Delim('[') {
		t.Fatalf("want a JSON list: %v %v", tok, err)
	}
	for dec.More() {
		var r struct {
			Input   string `json:"input"`
			Verdict string `json:"verdict"`
		}
		if err := dec.Decode(&r); err != nil {
			t.Fatalf("report %d: %v", n+1, err)
		}
		if r.Verdict != "certain" || len(r.Input) != 36 {
			t.Fatalf("report %d: %+v", n+1, r)
		}
		n++
	}
	if tok, err := dec.Token(); err != nil || tok != json.Delim(']') {
		t.Fatalf("want the list's end: %v %v", tok, err)
	}
	io.Copy(io.Discard, out)
	if err := cmd.Wait(); err != nil {
		t.Fatalf("inspect -json -: %v\n%s", err, stderr.String())
	}
	if n != lines {
		t.Errorf("%d reports, want %d", n, lines)
	}
	ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage)
	if !ok {
		t.Fatalf("no rusage on %T", cmd.ProcessState.SysUsage())
	}
	peak := ru.Maxrss * 1024 // kilobytes on Linux
	t.Logf("inspect -json of %d lines: peak RSS %.1f MB", lines, float64(peak)/1e6)
	if peak >= 100e6 {
		t.Errorf("inspect -json of %d lines: peak RSS %.1f MB, want under 100 MB", lines, float64(peak)/1e6)
	}
}
