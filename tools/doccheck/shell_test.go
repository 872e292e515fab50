package doccheck

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// runners are the marks of the regions of a page whose shell blocks CI
// runs as written, each with the script that runs them: the script must
// name the page, or the region runs nowhere.
var runners = map[string]string{
	"clone":       ".ci/clone",       // the README's commands for a clone, in a fresh clone (.ci/blocks)
	"docs":        ".ci/docs",        // the guides' commands, in a fresh clone with PostgreSQL (.ci/blocks)
	"walkthrough": ".ci/walkthrough", // docs/your-own-layout.md, through a release's module proxy
}

// shellLangs are the fences' languages of commands a reader runs.
var shellLangs = map[string]bool{"sh": true, "bash": true, "shell": true, "zsh": true, "console": true}

var (
	notRun  = regexp.MustCompile(`^<!-- not run: (\S.*\S) -->$`)
	region  = regexp.MustCompile(`^<!-- (/?)([a-z][a-z ]*[a-z]) -->$`)
	inDirRe = regexp.MustCompile("^In `[^`]+`:$")
)

// TestShellBlocks holds every shell block of the README and the guides to
// being run, as written, by CI, or saying why not: a ```sh block between
// <!-- docs --> marks (.ci/docs) or <!-- clone --> marks (.ci/clone), both
// through .ci/blocks, which runs only blocks fenced exactly ```sh; a
// walkthrough block after "In `DIR`:" between <!-- walkthrough --> marks
// (.ci/walkthrough); a transcript (a ```console block of "$ " commands,
// cmd/idforge's TestTranscripts); or, just before its fence, a line
// <!-- not run: REASON --> (a placeholder of the reader's, a server that
// runs until stopped, a published release, a pod). So a command added to a
// page is run, or the page's source says why it is not.
func TestShellBlocks(t *testing.T) {
	scripts := map[string]string{}
	for name, path := range runners {
		src, err := os.ReadFile(filepath.Join(root, path))
		if err != nil {
			t.Fatalf("the runner of <!-- %s --> regions: %v", name, err)
		}
		scripts[name] = string(src)
	}
	n, run := 0, 0
	for _, page := range pages(t) {
		src, err := os.ReadFile(page)
		if err != nil {
			t.Fatal(err)
		}
		name := strings.TrimPrefix(filepath.ToSlash(page), "../../")
		lines := strings.Split(string(src), "\n")
		inside := "" // the region's name, between its marks
		fence := -1  // the open block's fence line (0-based), or -1
		reason := -1 // the line of a <!-- not run --> mark that awaits its block, or -1
		seen := map[string]bool{}
		for i, line := range lines {
			if fence >= 0 {
				if line == "```" {
					fence = -1
				}
				continue
			}
			if m := region.FindStringSubmatch(line); m != nil && runners[m[2]] != "" {
				switch {
				case m[1] == "" && inside == "":
					inside = m[2]
					seen[m[2]] = true
				case m[1] == "/" && inside == m[2]:
					inside = ""
				default:
					t.Errorf("%s:%d: %s inside <!-- %s --> or without its opening mark", name, i+1, line, inside)
				}
				continue
			}
			if notRun.MatchString(line) {
				reason = i
				continue
			}
			if !strings.HasPrefix(line, "```") {
				if strings.TrimSpace(line) != "" && reason >= 0 {
					t.Errorf("%s:%d: a <!-- not run --> mark not just before a shell block's fence", name, reason+1)
					reason = -1
				}
				continue
			}
			fence = i
			info := strings.Fields(line[3:])
			marked := reason == i-1
			if reason >= 0 && !marked {
				t.Errorf("%s:%d: a <!-- not run --> mark not just before a shell block's fence", name, reason+1)
			}
			reason = -1
			if len(info) == 0 || !shellLangs[info[0]] {
				if marked {
					t.Errorf("%s:%d: a <!-- not run --> mark before a block that is no shell block", name, i)
				}
				continue
			}
			n++
			first := ""
			if i+1 < len(lines) {
				first = lines[i+1]
			}
			prev := ""
			if i > 0 {
				prev = lines[i-1]
			}
			switch {
			case marked && inside != "":
				t.Errorf("%s:%d: a shell block marked not run inside <!-- %s -->, whose blocks %s runs", name, i+1, inside, runners[inside])
			case marked:
				// Not run, and the page's source says why.
			case info[0] == "console" && strings.HasPrefix(first, "$ "):
				// A transcript: cmd/idforge's TestTranscripts runs it.
				run++
			case inside == "walkthrough" && inDirRe.MatchString(prev):
				run++
			case inside == "walkthrough":
				t.Errorf("%s:%d: a shell block in the walkthrough that .ci/walkthrough does not run: say where it runs (\"In `DIR`:\" on the line before its fence) or mark it <!-- not run: REASON --> outside the walkthrough's marks", name, i+1)
			case inside != "" && line == "```sh":
				run++
			case inside != "":
				t.Errorf("%s:%d: %s, in <!-- %s -->: .ci/blocks runs only blocks fenced exactly ```sh, so this one would be shown, never run", name, i+1, line, inside)
			default:
				t.Errorf("%s:%d: a shell block that no CI step runs: put it between <!-- docs --> and <!-- /docs --> (.ci/docs runs it as written, from a clone, with PostgreSQL), or say why it cannot run on the line just before its fence: <!-- not run: REASON -->", name, i+1)
			}
		}
		if inside != "" {
			t.Errorf("%s: <!-- %s --> is never closed", name, inside)
		}
		for r := range seen {
			if !strings.Contains(scripts[r], name) {
				t.Errorf("%s has <!-- %s --> blocks, but %s does not run the page: add %s to it", name, r, runners[r], name)
			}
		}
	}
	if n < 30 || run < 20 {
		t.Errorf("%d shell blocks in the README and docs/, %d of them run, want at least 30 and 20: are the pages still read?", n, run)
	}
}
