package duckdb_test

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/idforge/idforge/resolved"
	"github.com/idforge/idforge/verify"
)

// newIDs is how many IDs P_new makes for verify, per layout.
const newIDs = 100_000

// P_new of every built-in layout the script writes it for makes IDs that
// idforge verify passes: 100,000 of them in one statement, in the order
// made (one thread), each read back in the layout's canonical text.
func TestNew(t *testing.T) {
	engine(t)
	ls, err := resolved.Builtins()
	if err != nil {
		t.Fatal(err)
	}
	made := 0
	for _, l := range ls {
		stmts, ok := scriptOK(l)
		if !ok || !strings.Contains(strings.Join(stmts, "\n"), "MACRO "+p(l)+"_new()") {
			continue
		}
		made++
		t.Run(l.Name, func(t *testing.T) {
			// The canonical text, or hex where that is a declared
			// encoding, which the macros do not write, and for an ID over
			// 128 bits, whose Base62 (TestCorpus checks it) takes DuckDB
			// 0.3 ms an ID.
			read, from := p(l)+"_to_hex(%s)", "hex"
			switch t := l.Text.Name; {
			case t == "uuid":
				read, from = "%s::VARCHAR", ""
			case l.Bits > 128:
			case t == "decimal", t == "base62", t == "crockford", t == "hex":
				read, from = p(l)+"_to_"+t+"(%s)", ""
			}
			q := fmt.Sprintf("SELECT "+read+" FROM range(%d) ORDER BY range", p(l)+"_new()", newIDs)
			_, rows := run(t, append([]string{"SET threads = 1"}, stmts...), nil, []string{q})
			var text strings.Builder
			for _, r := range rows[0] {
				text.WriteString(*r[0] + "\n")
			}
			rep, err := verify.Run(l.Model, strings.NewReader(text.String()), verify.Options{From: from})
			if err != nil {
				t.Fatal(err)
			}
			var b bytes.Buffer
			rep.WriteText(&b)
			if rep.IDs != newIDs || rep.Failed {
				t.Errorf("verify of %d IDs from %s_new() (%d read) fails:\n%s", newIDs, p(l), rep.IDs, b.String())
			} else {
				t.Logf("%d IDs, %d ticks, method %v: verify passes", rep.IDs, rep.Ticks, rep.Method)
			}
		})
	}
	if made == 0 {
		t.Error("no built-in layout has P_new")
	}
}

func p(l *resolved.Layout) string { return strings.ReplaceAll(l.Name, "-", "_") }

// scriptOK returns the statements of the layout's script, or false where
// gen/duckdb refuses the layout.
func scriptOK(l *resolved.Layout) ([]string, bool) {
	b, err := duckdbGenerate(l)
	if err != nil {
		return nil, false
	}
	return statements(b), true
}
