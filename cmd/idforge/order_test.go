package main

import (
	"strings"
	"testing"
)

// The time-ordered IDs of one `idforge new` run come out in sorted order,
// strictly, and bytewise as `LC_ALL=C sort -c` compares them, even when many share a tick
// (200000 KSUIDs take a second or two, so most share their second).
func TestNewSorts(t *testing.T) {
	for _, layout := range []string{"ksuid", "ulid", "v7", "v6"} {
		out, stderr, exit := idforge(t, "", "", "new", "-layout", layout, "-n", "200000")
		if exit != 0 {
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
