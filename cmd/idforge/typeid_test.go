package main

import (
	"slices"
	"strings"
	"testing"

	"github.com/idforge/idforge/typeid"
)

// new -layout v7 -enc typeid -prefix user makes valid, strictly increasing
// v7 TypeIDs, which convert -enc uuid and inspect read back.
func TestNewTypeID(t *testing.T) {
	out, stderr, exit := idforge(t, "", "", "new", "-layout", "v7", "-enc", "typeid", "-prefix", "user", "-n", "1000")
	if exit != 0 {
		t.Fatalf("exit %d: %s", exit, stderr)
	}
	lines := strings.Fields(out)
	if len(lines) != 1000 || !slices.IsSorted(lines) || len(slices.Compact(slices.Clone(lines))) != len(lines) {
		t.Fatalf("%d lines, sorted %v, or a duplicate", len(lines), slices.IsSorted(lines))
	}
	for _, l := range lines {
		id, err := typeid.Parse(l)
		if err != nil || id.Prefix() != "user" || id.UUID().Version() != 7 {
			t.Fatalf("%q: %v, prefix %q, version %d", l, err, id.Prefix(), id.UUID().Version())
		}
	}
	last := typeid.MustParse(lines[len(lines)-1])
	if out, stderr, _ := idforge(t, "", "", "convert", "-enc", "uuid", last.String()); out != last.UUID().String()+"\n" {
		t.Errorf("convert -enc uuid %s: %q, %s; want %s", last, out, stderr, last.UUID())
	}
	if out, stderr, _ := idforge(t, "", "", "inspect", last.String()); !strings.Contains(out, "prefix      user\n") || !strings.Contains(out, "layout      uuidv7") {
		t.Errorf("inspect %s:\n%s%s", last, out, stderr)
	}
}
