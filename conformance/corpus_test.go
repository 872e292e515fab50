package conformance_test

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"io"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/idforge/idforge/conformance/internal/corpus"
	"github.com/idforge/idforge/layouts"
)

// regen is the one command that regenerates everything generated in the
// repository, the corpus included.
const regen = "go run ./tools/regen (at the repository's root)"

// TestCorpusUpToDate makes the corpus and the conversions in memory, as
// go generate does, and holds corpus.jsonl.gz (uncompressed) and
// conversions.jsonl to them
// byte for byte: a change to a layout, the interpreter or compat that is
// not regenerated fails here, not only in CI.
func TestCorpusUpToDate(t *testing.T) {
	recs, conv, err := corpus.Make(".")
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range []struct {
		name string
		want []byte
	}{{"corpus.jsonl.gz", recs}, {"conversions.jsonl", conv}} {
		got, err := os.ReadFile(f.name)
		if err != nil {
			t.Fatal(err)
		}
		if strings.HasSuffix(f.name, ".gz") {
			if got, err = gunzip(got); err != nil {
				t.Fatalf("%s: %v", f.name, err)
			}
		}
		if !bytes.Equal(got, f.want) {
			t.Errorf("%s is stale (%s): run %s", f.name, firstDiff(got, f.want), regen)
		}
	}
}

// gunzip returns the bytes gzip-compressed b holds.
func gunzip(b []byte) ([]byte, error) {
	r, err := gzip.NewReader(bytes.NewReader(b))
	if err != nil {
		return nil, err
	}
	return io.ReadAll(r)
}

// firstDiff says where two files first differ, by line.
func firstDiff(got, want []byte) string {
	g, w := bytes.Split(got, []byte("\n")), bytes.Split(want, []byte("\n"))
	for i := range min(len(g), len(w)) {
		if !bytes.Equal(g[i], w[i]) {
			return fmt.Sprintf("line %d differs", i+1)
		}
	}
	return fmt.Sprintf("%d lines, not %d", len(g)-1, len(w)-1)
}

// A layout whose epoch is after the corpus's sample instant (2024-05-06)
// has its records too: its IDs start, and its bounds are taken, after its
// epoch, and every ID it generates has a time at or after that start.
// The layouts whose time holds the sample instant start there (which
// TestCorpusUpToDate holds to the committed corpus).
func TestCorpusEpochAfterSample(t *testing.T) {
	const spec = `# A test layout whose epoch is in 2026.
layout late26 80
  time_cs   40  time 2026-01-01T00:00:00Z 10ms
  seq        8  counter
  rand      32  random
`
	l, err := layouts.Parse("late26.layout", []byte(spec))
	if err != nil {
		t.Fatal(err)
	}
	start := corpus.Start(l)
	if epoch := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC); !start.After(epoch) || start.After(epoch.Add(24*time.Hour)) {
		t.Errorf("Start = %v, want within a day after the epoch %v", start, epoch)
	}
	rs, err := corpus.Records(l, spec)
	if err != nil {
		t.Fatalf("Records: %v", err)
	}
	kinds := map[string]int{}
	for _, r := range rs {
		kinds[r.Kind]++
	}
	for _, k := range []string{"layout", "id", "bound", "sequence", "bad"} {
		if kinds[k] == 0 {
			t.Errorf("no %q record among %v", k, kinds)
		}
	}
	// The generated IDs (the records after the zero, the max and three
	// random IDs) are at or after the start, to the layout's 10 ms.
	ids := 0
	for _, r := range rs {
		if r.Kind != "id" || r.UnixNs == "" {
			continue
		}
		if ids++; ids <= 5 || ids > 9 {
			continue
		}
		var ns int64
		if _, err := fmt.Sscan(r.UnixNs, &ns); err != nil {
			t.Fatal(err)
		}
		if at := time.Unix(0, ns); at.Before(start.Truncate(10 * time.Millisecond)) {
			t.Errorf("generated ID %s has time %v, before the start %v", r.Hex, at, start)
		}
	}
	if ids < 9 {
		t.Errorf("%d id records with a time, want the generated four too", ids)
	}
	// The sample instant is still where a layout of 2024's epochs starts.
	v7, err := layouts.Builtin("uuidv7")
	if err != nil {
		t.Fatal(err)
	}
	if got, want := corpus.Start(v7), time.Date(2024, 5, 6, 7, 8, 9, 123456789, time.UTC); !got.Equal(want) {
		t.Errorf("Start(uuidv7) = %v, want %v", got, want)
	}
}
