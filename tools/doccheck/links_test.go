package doccheck

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestLinks checks every relative link of the README, the guides and the
// other top-level pages: the file it names exists and, for a link to a
// heading (#anchor), the heading does, by GitHub's rule for anchors. A
// page moved or a heading renamed fails here, not in a reader's browser.
func TestLinks(t *testing.T) {
	link := regexp.MustCompile(`\]\(([^)\s]+)\)`)
	n := 0
	for _, page := range pages(t, "BENCHMARKS.md", "ARCHITECTURE.md", "CONTRIBUTING.md", "CHANGELOG.md") {
		src, err := os.ReadFile(page)
		if err != nil {
			t.Fatal(err)
		}
		name := strings.TrimPrefix(filepath.ToSlash(page), "../../")
		for i, line := range proseLines(string(src)) {
			for _, m := range link.FindAllStringSubmatch(line, -1) {
				target := m[1]
				if strings.Contains(target, "://") || strings.HasPrefix(target, "mailto:") || strings.HasPrefix(target, `"`) {
					continue
				}
				n++
				file, anchor, _ := strings.Cut(target, "#")
				path := page
				if file != "" {
					path = filepath.Join(filepath.Dir(page), filepath.FromSlash(file))
				}
				body, err := os.ReadFile(path)
				if err != nil {
					if _, serr := os.Stat(path); serr == nil {
						continue // a directory
					}
					t.Errorf("%s:%d: the link %s names no file", name, i+1, target)
					continue
				}
				if anchor != "" && strings.HasSuffix(path, ".md") && !anchors(string(body))[anchor] {
					t.Errorf("%s:%d: the link %s names no heading of %s", name, i+1, target, filepath.Base(path))
				}
			}
		}
	}
	if n < 50 {
		t.Errorf("%d relative links checked, want more: is the parser right?", n)
	}
}

// proseLines returns a page's lines with those of its code blocks blanked,
// so that line numbers still match.
func proseLines(src string) []string {
	lines := strings.Split(src, "\n")
	in := false
	for i, l := range lines {
		if strings.HasPrefix(strings.TrimSpace(l), "```") {
			in = !in
			lines[i] = ""
			continue
		}
		if in {
			lines[i] = ""
		}
	}
	return lines
}

// anchors returns the anchors of a page's headings, as GitHub makes them:
// lower case, punctuation other than - and _ dropped, spaces as -, and a
// -1, -2, ... for repeats.
func anchors(src string) map[string]bool {
	as := map[string]bool{}
	seen := map[string]int{}
	for _, l := range proseLines(src) {
		h, ok := strings.CutPrefix(l, "#")
		if !ok {
			continue
		}
		h = strings.TrimSpace(strings.TrimLeft(h, "#"))
		var b strings.Builder
		for _, r := range strings.ToLower(h) {
			switch {
			case r == ' ':
				b.WriteRune('-')
			case r == '-' || r == '_' || r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r > 127 && r != '—' && r != '…' && r != '→':
				b.WriteRune(r)
			}
		}
		a := b.String()
		if k := seen[a]; k > 0 {
			as[a+"-"+string(rune('0'+k))] = true
		} else {
			as[a] = true
		}
		seen[a]++
	}
	return as
}
