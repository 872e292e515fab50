package main

import (
	"bytes"
	"strings"
	"testing"
)

// writes records the boundaries of the writes made to it.
type writes struct {
	all  bytes.Buffer
	ends []int // the length of all after each write
}

func (w *writes) Write(p []byte) (int, error) {
	w.all.Write(p)
	w.ends = append(w.ends, w.all.Len())
	return len(p), nil
}

// checkWholeLines checks that every write ended at the end of a line, so
// that output cut after any write holds whole lines only.
func checkWholeLines(t *testing.T, w *writes) {
	t.Helper()
	all := w.all.Bytes()
	for i, end := range w.ends {
		if end == 0 || all[end-1] != '\n' {
			t.Fatalf("write %d of %d ends at byte %d, inside a line: %q", i+1, len(w.ends), end, all[max(0, end-20):end])
		}
	}
}

// idforge new writes each ID and its newline in the same write, many IDs
// (more than its buffer holds) or a few, with -at and with -min-at.
func TestNewWritesWholeLines(t *testing.T) {
	t.Parallel()
	for _, args := range [][]string{
		{"new", "-layout", "v7", "-n", "5000"}, // 185,000 bytes: the buffer fills, three times over
		{"new", "-layout", "snowflake", "-node", "3", "-n", "3001"},
		{"new", "-layout", "v7", "-enc", "base62", "-n", "3"},
		{"new", "-layout", "v7", "-at", "2024-05-01T12:00:00Z", "-n", "2000"},
		{"new", "-layout", "v7", "-min-at", "2024-05-01", "-max-at", "2024-05-31"},
	} {
		var out writes
		var errs bytes.Buffer
		if code := run(args, strings.NewReader(""), &out, &errs); code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, errs.String())
		}
		if out.all.Len() == 0 {
			t.Fatalf("%v: no output", args)
		}
		checkWholeLines(t, &out)
	}
}

// A line longer than the buffer goes out whole, in one write; the lines
// before it go out first.
func TestLineWriter(t *testing.T) {
	t.Parallel()
	var out writes
	lw := newLineWriter(&out, 16)
	for _, line := range []string{"abc\n", "0123456789\n", "a line longer than the buffer\n", "x\n", "0123456789abcd\n"} {
		if err := lw.WriteLine([]byte(line)); err != nil {
			t.Fatal(err)
		}
	}
	if err := lw.Flush(); err != nil {
		t.Fatal(err)
	}
	checkWholeLines(t, &out)
	if want := "abc\n0123456789\na line longer than the buffer\nx\n0123456789abcd\n"; out.all.String() != want {
		t.Errorf("wrote %q, want %q", out.all.String(), want)
	}
	if len(out.ends) != 4 {
		t.Errorf("%d writes (%v), want 4: two lines, the long one, two lines", len(out.ends), out.ends)
	}
}
