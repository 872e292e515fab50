package verify_test

import (
	"os"
	"path/filepath"
	"regexp"
	"testing"
	"time"

	"github.com/idforge/idforge/uuid"
)

// docSamples are the sample files docs/verify.md shows and runs its
// transcripts over, each made by a seeded generator on a fake clock, so
// that the page's reports never change from run to run.
func docSamples() map[string]string {
	const n = 40
	good := must(uuid.NewGenerator(uuid.WithClock(fakeClock(100*time.Microsecond)), uuid.WithEntropy(seeded(40))))
	stuck := must(uuid.NewGenerator(uuid.WithClock(fakeClock(100*time.Microsecond)), uuid.WithEntropy(seeded(41))))
	// A process makes 20 IDs, then a new one on the same machine, whose
	// clock has meanwhile stepped back 50 ms, makes 20 more.
	before := must(uuid.NewGenerator(uuid.WithClock(fakeClock(100*time.Microsecond)), uuid.WithEntropy(seeded(42))))
	t := start.Add(2*time.Millisecond - 50*time.Millisecond)
	after := must(uuid.NewGenerator(uuid.WithClock(func() time.Time {
		t = t.Add(100 * time.Microsecond)
		return t
	}), uuid.WithEntropy(seeded(43))))
	return map[string]string{
		"good.txt": lines(n, func(int) string { return must(good.NewV7()).String() }),
		"stuck.txt": lines(n, func(int) string {
			u := must(stuck.NewV7())
			u[15] |= 0x04 // rand_b bit 2, always 1
			return u.String()
		}),
		"stepback.txt": lines(n, func(i int) string {
			if i < n/2 {
				return must(before.NewV7()).String()
			}
			return must(after.NewV7()).String()
		}),
	}
}

// TestDocSamples holds docs/verify.md's sample files to the generators
// above: the page shows what they make.
func TestDocSamples(t *testing.T) {
	src, err := os.ReadFile(filepath.Join("..", "docs", "verify.md"))
	if err != nil {
		t.Skip("docs/verify.md is not beside this package (a module zip has no docs)")
	}
	block := regexp.MustCompile("(?s)File `([^`]+)`:\n\n```text\n(.*?)```\n")
	found := map[string]string{}
	for _, m := range block.FindAllStringSubmatch(string(src), -1) {
		found[m[1]] = m[2]
	}
	for name, want := range docSamples() {
		if found[name] != want {
			t.Errorf("docs/verify.md's %s is not what its seeded generator makes:\n%s", name, want)
		}
	}
}
