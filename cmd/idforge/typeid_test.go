package main

import (
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/idforge/idforge/typeid"
)

// new -layout v7 -enc typeid -prefix user makes valid, strictly increasing
// v7 TypeIDs, which convert -enc uuid and inspect read back.
func TestNewTypeID(t *testing.T) {
	t.Parallel()
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
	if out, stderr, _ := idforge(t, "", "", "inspect", last.String()); !regexp.MustCompile(`(?m)^  prefix +user$`).MatchString(out) || !regexp.MustCompile(`(?m)^  layout +uuidv7 `).MatchString(out) {
		t.Errorf("inspect %s:\n%s%s", last, out, stderr)
	}
}

// Every valid vector of the TypeID specification (v0.3.0, spec/valid.yml;
// the typeid package's tests hold the same list) reads back to its UUID
// with convert -enc uuid, with and without -from typeid (one without a
// prefix is Crockford text too, which reads as a ULID of 1970 here),
// whatever the UUID's variant and version, and its UUID converts to it
// with convert -enc typeid.
func TestTypeIDSpecVectors(t *testing.T) {
	t.Parallel()
	vectors := []struct{ typeid, prefix, uuid string }{
		{"00000000000000000000000000", "", "00000000-0000-0000-0000-000000000000"},
		{"00000000000000000000000001", "", "00000000-0000-0000-0000-000000000001"},
		{"0000000000000000000000000a", "", "00000000-0000-0000-0000-00000000000a"},
		{"0000000000000000000000000g", "", "00000000-0000-0000-0000-000000000010"},
		{"00000000000000000000000010", "", "00000000-0000-0000-0000-000000000020"},
		{"7zzzzzzzzzzzzzzzzzzzzzzzzz", "", "ffffffff-ffff-ffff-ffff-ffffffffffff"},
		{"prefix_0123456789abcdefghjkmnpqrs", "prefix", "0110c853-1d09-52d8-d73e-1194e95b5f19"},
		{"prefix_01h455vb4pex5vsknk084sn02q", "prefix", "01890a5d-ac96-774b-bcce-b302099a8057"},
		{"pre_fix_00000000000000000000000000", "pre_fix", "00000000-0000-0000-0000-000000000000"},
	}
	for _, v := range vectors {
		if out, stderr, exit := idforge(t, "", "", "convert", "-enc", "uuid", v.typeid); exit != 0 || out != v.uuid+"\n" {
			t.Errorf("convert -enc uuid %s: exit %d, %q, %s; want %s", v.typeid, exit, out, stderr, v.uuid)
		}
		if out, stderr, exit := idforge(t, "", "", "convert", "-from", "typeid", "-enc", "uuid", v.typeid); exit != 0 || out != v.uuid+"\n" {
			t.Errorf("convert -from typeid -enc uuid %s: exit %d, %q, %s; want %s", v.typeid, exit, out, stderr, v.uuid)
		}
		if out, stderr, exit := idforge(t, "", "", "convert", "-enc", "typeid", "-prefix", v.prefix, v.uuid); exit != 0 || out != v.typeid+"\n" {
			t.Errorf("convert -enc typeid -prefix %q %s: exit %d, %q, %s; want %s", v.prefix, v.uuid, exit, out, stderr, v.typeid)
		}
		if _, stderr, exit := idforge(t, "", "", "inspect", v.typeid); exit != 0 {
			t.Errorf("inspect %s: exit %d, %s", v.typeid, exit, stderr)
		}
	}
}
