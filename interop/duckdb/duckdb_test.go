// Package duckdb_test runs the DuckDB macros gen/duckdb writes on the real
// engine: the npm package @duckdb/node-api that .ci/duckdb installs (and
// prints the directory of), driven by node/run.mjs. The tests skip without
// IDFORGE_DUCKDB, that directory; CI's DuckDB step sets it.
package duckdb_test

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/idforge/idforge/gen/duckdb"
	"github.com/idforge/idforge/resolved"
)

// engine returns the directory of the installed engine, or skips.
func engine(t *testing.T) string {
	t.Helper()
	dir := os.Getenv("IDFORGE_DUCKDB")
	if dir == "" {
		t.Skip("IDFORGE_DUCKDB is not set: run `IDFORGE_DUCKDB=$(.ci/duckdb) go test ./duckdb` in interop (CI's DuckDB step does)")
	}
	if _, err := exec.LookPath("node"); err != nil {
		t.Fatalf("IDFORGE_DUCKDB is set but node is not on PATH: %v", err)
	}
	return dir
}

// answer is one expression's outcome: its value as text, or its error.
type answer struct {
	OK   bool
	Text string
}

func (a *answer) UnmarshalJSON(b []byte) error {
	var pair [2]json.RawMessage
	if err := json.Unmarshal(b, &pair); err != nil {
		return err
	}
	if err := json.Unmarshal(pair[0], &a.OK); err != nil {
		return err
	}
	return json.Unmarshal(pair[1], &a.Text)
}

// run loads the setup statements into a new in-memory database, then
// evaluates each expression alone and runs each query.
func run(t *testing.T, setup, exprs, queries []string) ([]answer, [][][]*string) {
	t.Helper()
	dir := engine(t)
	in, err := json.Marshal(map[string][]string{"setup": setup, "exprs": exprs, "queries": queries})
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("node", filepath.Join("node", "run.mjs"))
	cmd.Env = append(os.Environ(), "IDFORGE_DUCKDB="+dir)
	cmd.Stdin = bytes.NewReader(in)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("node run.mjs: %v\n%s", err, stderr.String())
	}
	var res struct {
		Exprs   []answer
		Queries [][][]*string
	}
	if err := json.Unmarshal(out, &res); err != nil {
		t.Fatalf("node run.mjs: %v", err)
	}
	if len(res.Exprs) != len(exprs) || len(res.Queries) != len(queries) {
		t.Fatalf("%d answers to %d expressions, %d to %d queries", len(res.Exprs), len(exprs), len(res.Queries), len(queries))
	}
	return res.Exprs, res.Queries
}

// statements splits a generated script into its statements.
func statements(script []byte) []string {
	var out []string
	for _, s := range strings.Split(string(script), ";\n") {
		if strings.Contains(s, "CREATE ") {
			out = append(out, s)
		}
	}
	return out
}

// script returns the statements of the layout's macros.
func script(t *testing.T, l *resolved.Layout) []string {
	t.Helper()
	b, err := duckdb.Generate(l, "")
	if err != nil {
		t.Fatal(err)
	}
	return statements(b)
}

func duckdbGenerate(l *resolved.Layout) ([]byte, error) { return duckdb.Generate(l, "") }
