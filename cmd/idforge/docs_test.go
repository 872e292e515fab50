package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// The user documentation: the README and the guides in docs/, two
// directories up from this module's. A module zip holds neither, so the
// tests below skip there.
func docFiles(t *testing.T) []string {
	t.Helper()
	files, _ := filepath.Glob(filepath.Join("..", "..", "docs", "*.md"))
	readme := filepath.Join("..", "..", "README.md")
	if _, err := os.Stat(readme); err != nil || len(files) == 0 {
		t.Skip("the README and docs/ are not beside this module (a module zip has neither)")
	}
	return append([]string{readme}, files...)
}

// block is one fenced code block of a Markdown file.
type block struct {
	lang   string // the fence's info string: console, sh, go, ...
	before string // the last paragraph before the fence, its lines joined
	start  int    // the line of the opening fence, from 1
	lines  []string
}

func blocks(src string) []block {
	var bs []block
	var cur *block
	var para []string // the paragraph before a fence, its lines joined
	before := ""
	for i, line := range strings.Split(src, "\n") {
		switch {
		case cur == nil && strings.HasPrefix(line, "```"):
			if len(para) > 0 {
				before = strings.Join(para, " ")
			}
			cur = &block{lang: strings.TrimSpace(line[3:]), before: before, start: i + 1}
			para = nil
		case cur != nil && line == "```":
			bs = append(bs, *cur)
			cur = nil
		case cur != nil:
			cur.lines = append(cur.lines, line)
		case strings.TrimSpace(line) == "":
			if len(para) > 0 {
				before = strings.Join(para, " ")
			}
			para = nil
		default:
			para = append(para, line)
		}
	}
	return bs
}

// A transcript is a console block with commands: each line "$ COMMAND" is
// run and the lines up to the next command are what it must print,
// standard output and standard error as a terminal shows them. A line
// "..." stands for any lines. The commands are idforge (or go tool
// idforge) and cat FILE, which shows a file the transcript then uses: the
// test writes FILE with the lines shown. A block is run in a new
// directory that holds the files the page declares (the walkthrough's
// "File `PATH`:" blocks), in the directory the words "In `DIR`" just
// before it name, with TZ=UTC.
type transcript struct {
	file string
	line int
	dir  string
	cmds []transcriptCmd
}

type transcriptCmd struct {
	line int
	args []string
	want []string
}

func transcripts(t *testing.T, file, src string) ([]transcript, map[string]string) {
	files := map[string]string{}
	var ts []transcript
	inDir := regexp.MustCompile("In `([^`]+)`")
	for _, b := range blocks(src) {
		if m := regexp.MustCompile("^File `([^`]+)`:$").FindStringSubmatch(b.before); m != nil {
			files[m[1]] = strings.Join(b.lines, "\n") + "\n"
			continue
		}
		if b.lang != "console" || len(b.lines) == 0 || !strings.HasPrefix(b.lines[0], "$ ") {
			continue
		}
		tr := transcript{file: file, line: b.start}
		if m := inDir.FindStringSubmatch(b.before); m != nil {
			tr.dir = m[1]
		}
		for i, line := range b.lines {
			if cmd, ok := strings.CutPrefix(line, "$ "); ok {
				args, err := shellWords(cmd)
				if err != nil {
					t.Errorf("%s:%d: %v", file, b.start+1+i, err)
				}
				tr.cmds = append(tr.cmds, transcriptCmd{line: b.start + 1 + i, args: args})
				continue
			}
			c := &tr.cmds[len(tr.cmds)-1]
			c.want = append(c.want, line)
		}
		ts = append(ts, tr)
	}
	return ts, files
}

// shellWords splits a command as sh would, for the quoting transcripts use:
// words, 'single' and "double" quotes.
func shellWords(s string) ([]string, error) {
	var words []string
	var w strings.Builder
	in, quote := false, byte(0)
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case quote != 0 && c == quote:
			quote = 0
		case quote != 0:
			w.WriteByte(c)
		case c == '\'' || c == '"':
			quote, in = c, true
		case c == ' ' || c == '\t':
			if in {
				words = append(words, w.String())
				w.Reset()
				in = false
			}
		case strings.IndexByte("|&;<>()$`\\*?#", c) >= 0:
			return nil, fmt.Errorf("a transcript's command may not use the shell's %q: %s", c, s)
		default:
			w.WriteByte(c)
			in = true
		}
	}
	if quote != 0 {
		return nil, fmt.Errorf("an unterminated quote: %s", s)
	}
	if in {
		words = append(words, w.String())
	}
	return words, nil
}

// matches reports whether got, line by line, is want, in which a line
// "..." stands for any lines.
func matches(want, got []string) bool {
	if len(want) == 0 {
		return len(got) == 0
	}
	if strings.TrimSpace(want[0]) == "..." {
		for i := 0; i <= len(got); i++ {
			if matches(want[1:], got[i:]) {
				return true
			}
		}
		return false
	}
	return len(got) > 0 && got[0] == want[0] && matches(want[1:], got[1:])
}

// TestTranscripts runs every transcript of the README and the guides and
// compares what idforge prints with what the page shows, so that a page
// cannot drift from the tool: a renamed field, a changed message or a new
// reading fails here. With -update (a step of go run ./tools/regen) it
// rewrites the output of each command whose page differs with what the
// command prints, so that no transcript is edited by hand; review the
// diff (a "..." line of a rewritten output is gone with it).
func TestTranscripts(t *testing.T) {
	t.Parallel()
	n := 0
	for _, file := range docFiles(t) {
		src, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		name := strings.TrimPrefix(filepath.ToSlash(file), "../../")
		ts, files := transcripts(t, name, string(src))
		var stale []staleOutput
		for _, tr := range ts {
			root := t.TempDir()
			for path, body := range files {
				p := filepath.Join(root, filepath.FromSlash(path))
				if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			dir := filepath.Join(root, filepath.FromSlash(tr.dir))
			if err := os.MkdirAll(dir, 0o755); err != nil {
				t.Fatal(err)
			}
			for _, c := range tr.cmds {
				n++
				got := runTranscriptCmd(t, dir, c)
				if !matches(c.want, got) {
					if *update {
						stale = append(stale, staleOutput{line: c.line, want: len(c.want), got: got})
						continue
					}
					t.Errorf("%s:%d: $ %s\nprints:\n%s\nthe page shows:\n%s\n(go test ./cmd/idforge -run TestTranscripts -update rewrites it, as go run ./tools/regen does)", name, c.line, strings.Join(c.args, " "),
						strings.Join(got, "\n"), strings.Join(c.want, "\n"))
				}
			}
		}
		if len(stale) > 0 {
			if err := os.WriteFile(file, []byte(rewriteOutputs(string(src), stale)), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	if n < 20 {
		t.Errorf("%d transcript commands in the README and docs/, want at least 20: are the console blocks still there?", n)
	}
}

// staleOutput is a transcript command whose page shows other output than
// it prints: the command's line (1-based), the count of lines the page
// shows after it, and what it prints.
type staleOutput struct {
	line, want int
	got        []string
}

// rewriteOutputs returns src with each stale command's output replaced by
// what it prints.
func rewriteOutputs(src string, stale []staleOutput) string {
	lines := strings.Split(src, "\n")
	slices.SortFunc(stale, func(a, b staleOutput) int { return b.line - a.line })
	for _, s := range stale {
		lines = slices.Replace(lines, s.line, s.line+s.want, s.got...)
	}
	return strings.Join(lines, "\n")
}

func runTranscriptCmd(t *testing.T, dir string, c transcriptCmd) []string {
	args := c.args
	switch {
	case len(args) == 2 && args[0] == "cat":
		// The file is what the page shows: write it for the commands after.
		body := strings.Join(c.want, "\n") + "\n"
		if err := os.WriteFile(filepath.Join(dir, args[1]), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
		return c.want
	case len(args) >= 3 && args[0] == "go" && args[1] == "tool" && args[2] == "idforge":
		args = args[3:]
	case len(args) >= 1 && args[0] == "idforge":
		args = args[1:]
	default:
		t.Fatalf("line %d: a transcript runs only idforge, go tool idforge and cat FILE: $ %s", c.line, strings.Join(args, " "))
	}
	cmd := exec.Command(idforgeBin, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "TZ=UTC")
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out // one pipe, in the order a terminal shows
	if err := cmd.Run(); err != nil {
		if _, ok := err.(*exec.ExitError); !ok {
			t.Fatal(err)
		}
	}
	return strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
}

// referenceOrder is the order of the commands in docs/cli.md's reference,
// the order of idforge's own list.
var referenceOrder = []string{"new", "inspect", "convert", "layouts", "gen", "store", "mask", "unmask", "key", "verify", "conformance", "playground", "version"}

// reference returns docs/cli.md's reference section as it must read: the
// tool's usage, then every command's help, each as idforge prints it.
func reference(t *testing.T) string {
	var b strings.Builder
	b.WriteString("## Reference\n\nEach command's help, as `idforge help COMMAND` and `idforge COMMAND -h`\nprint it. (A test compares this section with the tool's help: `go test\n./cmd/idforge -run TestReference -update` rewrites it.)\n\n")
	top, _, _ := idforge(t, "", "", "help")
	b.WriteString("### idforge\n\n```text\n" + top + "```\n")
	for _, cmd := range referenceOrder {
		help, _, _ := idforge(t, "", "", "help", cmd)
		b.WriteString("\n### idforge " + cmd + "\n\n```text\n" + help + "```\n")
	}
	return b.String()
}

// TestReference holds docs/cli.md's reference to the commands' help.
func TestReference(t *testing.T) {
	docFiles(t)
	for cmd := range usages {
		if !strings.Contains(" "+strings.Join(referenceOrder, " ")+" ", " "+cmd+" ") {
			t.Errorf("the command %s is missing from referenceOrder", cmd)
		}
	}
	path := filepath.Join("..", "..", "docs", "cli.md")
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	head, section, ok := strings.Cut(string(src), "## Reference\n")
	if !ok {
		t.Fatal("docs/cli.md has no ## Reference section")
	}
	want := reference(t)
	if got := "## Reference\n" + section; got != want {
		if *update {
			if err := os.WriteFile(path, []byte(head+want), 0o644); err != nil {
				t.Fatal(err)
			}
			return
		}
		t.Errorf("docs/cli.md's reference differs from the commands' help: go test ./cmd/idforge -run TestReference -update rewrites it (so does go run ./tools/regen at the repository's root)")
	}
}
