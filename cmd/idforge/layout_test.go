package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// The time-ordered IDs of one `idforge new` run strictly increase, compared
// bytewise as `LC_ALL=C sort -c` compares them, even when many share a tick:
// 200000 KSUIDs take a second or two, so most share their second.
func TestNewSorts(t *testing.T) {
	t.Parallel()
	for _, layout := range []string{"ksuid", "ulid", "v7", "v6"} {
		out, stderr, exit := idforge(t, "", "", "new", "-layout", layout, "-n", "200000")
		if exit != 0 || stderr != "" {
			t.Fatalf("new %s: exit %d: %s", layout, exit, stderr)
		}
		lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
		if len(lines) != 200000 {
			t.Fatalf("new %s: %d lines", layout, len(lines))
		}
		for i := 1; i < len(lines); i++ {
			if lines[i-1] >= lines[i] {
				t.Fatalf("new %s: line %d %q is not below line %d %q", layout, i, lines[i-1], i+1, lines[i])
			}
		}
	}
}

// layouts -spec warns of a clock that overflows within 10 years, on
// standard error, with the spec's file, line and field; the spec is still
// shown, and the exit code is 0.
func TestLayoutsWarnsOfOverflow(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	// A 30-bit clock of seconds overflows 2^30 s (about 34 years) after its
	// epoch: put the epoch so that happens in 5 years.
	end := time.Now().UTC().AddDate(5, 0, 0).Truncate(time.Second)
	epoch := end.Add(-(1 << 30) * time.Second)
	spec := "layout soon 64\n  t 30 time " + epoch.Format(time.RFC3339) + " s\n  r 34 counter seeded wait\n"
	if err := os.WriteFile(filepath.Join(dir, "soon.layout"), []byte(spec), 0o644); err != nil {
		t.Fatal(err)
	}
	stdout, stderr, exit := idforge(t, dir, "", "layouts", "-spec", "soon.layout")
	want := "idforge layouts: warning: soon.layout:2: t: the 30-bit clock overflows at " + end.Format(time.RFC3339) + ", within 10 years: no ID can be made from then on\n"
	if exit != 0 || stderr != want || !strings.Contains(stdout, "overflows             "+end.Format("2006-01-02")) {
		t.Errorf("exit %d\nstderr %q\nwant   %q\nstdout:\n%s", exit, stderr, want, stdout)
	}
}

// The burst layout, with no counter: new warns on standard error,
// before any ID, that one generator repeats itself, and names the remedy;
// then makes the IDs (which repeat, at this speed, as the warning says).
func TestNewWarnsOfRepeats(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	spec := "layout burst 64\n  t 48 time unix ms\n  r 16 random\n"
	if err := os.WriteFile(filepath.Join(dir, "burst.layout"), []byte(spec), 0o644); err != nil {
		t.Fatal(err)
	}
	out, stderr, exit := idforge(t, dir, "", "new", "-spec", "burst.layout", "-n", "20000")
	if exit != 0 || strings.Count(out, "\n") != 20000 {
		t.Fatalf("exit %d, %d lines: %s", exit, strings.Count(out, "\n"), stderr)
	}
	if !strings.HasPrefix(stderr, "idforge new: warning: burst.layout:3: r: one generator repeats itself") || !strings.Contains(stderr, "counter seeded borrow") {
		t.Errorf("stderr %q: want the warning, with the remedy", stderr)
	}
}
