package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"

	"github.com/idforge/idforge/conformance"
	"github.com/idforge/idforge/conformance/testee"
)

// A testeeDef says how to start one implementation's conformance testee
// (conformance/testees), or why there is none to run.
type testeeDef struct {
	// Command returns the testee's command line for sh -c, and the file of
	// its expected failures ("" for none).
	Command func(e *env) (cmd, failures string, err error)
	// Elsewhere, when set, says where the implementation is held to the
	// corpus instead.
	Elsewhere string
}

var testees = map[string]testeeDef{
	"idforge-go": {Elsewhere: "corpus in `go test` (gen/golang's TestCorpus)"},
	"idforge-js": {Command: func(e *env) (string, string, error) {
		if err := tool("node", "apt-get install nodejs"); err != nil {
			return "", "", err
		}
		pkg, err := e.packages()
		if err != nil {
			return "", "", err
		}
		return fmt.Sprintf("IDFORGE_JS=%s node %s", filepath.Join(pkg, "js"), filepath.Join(e.root, "conformance", "testees", "idforge.mjs")), "", nil
	}},
	"idforge-python": {Command: func(e *env) (string, string, error) {
		if err := tool("python3", "apt-get install python3"); err != nil {
			return "", "", err
		}
		pkg, err := e.packages()
		if err != nil {
			return "", "", err
		}
		return fmt.Sprintf("IDFORGE_PYTHON=%s PYTHONDONTWRITEBYTECODE=1 python3 %s", filepath.Join(pkg, "python"), filepath.Join(e.root, "conformance", "testees", "idforge_testee.py")), "", nil
	}},
	// npm-uuid.mjs imports 'uuid': node finds it in the node_modules of
	// the directory above the copy, the pinned packages' (its version
	// there is the one the testee's list of failures is written for).
	"npm-uuid": {Command: func(e *env) (string, string, error) {
		dir, err := e.npmPeers()
		if err != nil {
			return "", "", err
		}
		run := filepath.Join(dir, fmt.Sprintf("league-conformance-%d", os.Getpid()))
		if err := os.MkdirAll(run, 0o755); err != nil {
			return "", "", err
		}
		src, err := os.ReadFile(filepath.Join(e.root, "conformance", "testees", "npm-uuid.mjs"))
		if err != nil {
			return "", "", err
		}
		if err := os.WriteFile(filepath.Join(run, "npm-uuid.mjs"), src, 0o644); err != nil {
			return "", "", err
		}
		e.cleanup = append(e.cleanup, run)
		return "node " + filepath.Join(run, "npm-uuid.mjs"), filepath.Join(e.root, "conformance", "testees", "npm-uuid.failures"), nil
	}},
}

// conformanceOf runs testee name on the corpus's records of layout and
// says, in a few words, how it fared.
func (e *env) conformanceOf(name, layout string) (string, error) {
	if name == "" {
		return "no testee", nil
	}
	def, ok := testees[name]
	if !ok {
		return "", fmt.Errorf("no testee %q", name)
	}
	if def.Elsewhere != "" {
		return def.Elsewhere, nil
	}
	cmd, failures, err := def.Command(e)
	if err != nil {
		return "", err
	}
	rs, err := conformance.Corpus()
	if err != nil {
		return "", err
	}
	opts := testee.Options{Layouts: []string{layout}}
	if failures != "" {
		f, err := os.Open(failures)
		if err != nil {
			return "", err
		}
		opts.Expected, err = testee.ParseList(f)
		f.Close()
		if err != nil {
			return "", err
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	var stderr io.Writer = io.Discard
	if e.verbose {
		stderr = os.Stderr
	}
	t, err := testee.Start(ctx, cmd, stderr)
	if err != nil {
		return "", err
	}
	rep, runErr := testee.Run(t, rs, opts)
	closeErr := t.Close()
	if runErr != nil {
		return "", fmt.Errorf("%s: %w", cmd, runErr)
	}
	if closeErr != nil {
		return "", fmt.Errorf("%s: %w", cmd, closeErr)
	}
	skipped := 0
	for _, k := range rep.Skipped {
		skipped += k
	}
	total := rep.Passed + len(rep.Failed) + len(rep.Expected)
	var s string
	switch {
	case !rep.OK():
		s = fmt.Sprintf("**FAIL**: %d of %d cases", len(rep.Failed), total)
	case len(rep.Expected) > 0:
		s = fmt.Sprintf("passes %d of %d cases; %d [listed differences](../conformance/testees/%s)", rep.Passed, total, len(rep.Expected), filepath.Base(failures))
	default:
		s = fmt.Sprintf("passes all %d cases", total)
	}
	if skipped > 0 {
		s += fmt.Sprintf(" (%d not supported)", skipped)
	}
	return s, nil
}
