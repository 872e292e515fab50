package main

import (
	"encoding/hex"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/idforge/idforge/layouts"
	"github.com/idforge/idforge/mask"
)

// mask and unmask agree with package mask, in both directions, from
// arguments and standard input, with flags anywhere; bad keys and inputs
// are reported without the key.
func TestMaskCommands(t *testing.T) {
	dir := t.TempDir()
	if _, stderr, exit := idforge(t, dir, "", "key", "-o", "ids.key"); exit != 0 || !strings.Contains(stderr, "wrote a new key") {
		t.Fatalf("key -o: exit %d: %s", exit, stderr)
	}
	if _, stderr, exit := idforge(t, dir, "", "key", "-o", "ids.key"); exit != 1 || !strings.Contains(stderr, "exists") {
		t.Errorf("key -o over a file: exit %d: %s", exit, stderr)
	}
	info, err := os.Stat(filepath.Join(dir, "ids.key"))
	if err != nil || info.Mode().Perm() != 0o600 {
		t.Errorf("ids.key: %v, %v: want mode 0600", info, err)
	}
	text, _ := os.ReadFile(filepath.Join(dir, "ids.key"))
	key, err := mask.ParseKey(string(text))
	if err != nil || len(key) != 32 {
		t.Fatalf("the key file: %v (%d bytes)", err, len(key))
	}

	const v7 = "017f22e2-79b0-7cc3-98c4-dc0c0c07398f"
	l, _ := layouts.Builtin("uuidv7")
	m, _ := mask.New(l, key, []byte("tenant"))
	id, _ := hex.DecodeString(strings.ReplaceAll(v7, "-", ""))
	pub, _ := m.Mask(id)
	h := hex.EncodeToString(pub)
	want := h[0:8] + "-" + h[8:12] + "-" + h[12:16] + "-" + h[16:20] + "-" + h[20:]

	out, stderr, exit := idforge(t, dir, "", "mask", v7, "-layout", "v7", "-key-file", "ids.key", "-tweak", "tenant")
	if exit != 0 || strings.TrimSpace(out) != want {
		t.Fatalf("mask: exit %d, %q, %s; want %s", exit, out, stderr, want)
	}
	out, stderr, exit = idforge(t, dir, want+"\n"+strings.ToUpper(want)+"\n", "unmask", "-layout", "v7", "-key-file", "ids.key", "-tweak", "tenant", "-")
	if exit != 0 || out != v7+"\n"+v7+"\n" {
		t.Errorf("unmask -: exit %d, %q, %s", exit, out, stderr)
	}
	// A UUIDv7 is not a public form; a UUIDv4 is not a UUIDv7 to mask;
	// the other lines are still read.
	out, stderr, exit = idforge(t, dir, v7+"\n"+want+"\n", "unmask", "-layout", "v7", "-key-file", "ids.key", "-tweak", "tenant", "-")
	if exit != 1 || out != v7+"\n" || !strings.Contains(stderr, "line 1: ") || !strings.Contains(stderr, "not a public uuidv7 ID") {
		t.Errorf("unmask of a v7: exit %d, %q, %s", exit, out, stderr)
	}
	if _, stderr, exit := idforge(t, dir, "", "mask", "-layout", "v7", "-key-file", "ids.key", "919108f7-52d1-4320-9bac-f847db4148a8"); exit != 1 || !strings.Contains(stderr, "not a uuidv7 ID") {
		t.Errorf("mask of a v4 as v7: exit %d: %s", exit, stderr)
	}

	// Keys: too short, not hex, missing; none is ever printed.
	os.WriteFile(filepath.Join(dir, "short.key"), []byte("00112233445566778899aabbccddee\n"), 0o600)
	os.WriteFile(filepath.Join(dir, "text.key"), []byte("this is not a hex key but it is long enough\n"), 0o600)
	for _, c := range []struct{ file, want string }{{"short.key", "at least 16 bytes"}, {"text.key", "not hex"}, {"none.key", "no such file"}} {
		_, stderr, exit := idforge(t, dir, "", "mask", "-layout", "v7", "-key-file", c.file, v7)
		if exit != 1 || !strings.Contains(stderr, c.want) || strings.Contains(stderr, "00112233") || strings.Contains(stderr, "long enough") {
			t.Errorf("-key-file %s: exit %d: %s", c.file, exit, stderr)
		}
	}
	if _, stderr, exit := idforge(t, dir, "", "mask", "-layout", "v7", v7); exit != 2 || !strings.Contains(stderr, "-key-file") {
		t.Errorf("no key: exit %d: %s", exit, stderr)
	}
	if _, stderr, exit := idforge(t, dir, "", "mask", "-key-file", "ids.key", v7); exit != 2 || !strings.Contains(stderr, "-layout") {
		t.Errorf("no layout: exit %d: %s", exit, stderr)
	}
	if _, stderr, exit := idforge(t, dir, "", "mask", "-layout", "v7", "-key-file", "ids.key", "-"); exit != 1 || !strings.Contains(stderr, "empty") {
		t.Errorf("empty standard input: exit %d: %s", exit, stderr)
	}

	// A Snowflake's public form is a non-negative decimal, and comes back.
	ids, _, _ := idforge(t, dir, "", "new", "-layout", "snowflake", "-node", "3", "-n", "5")
	pubs, stderr, exit := idforge(t, dir, ids, "mask", "-", "-layout", "snowflake", "-key-file", "ids.key")
	if exit != 0 || strings.Contains(pubs, "-") || len(strings.Fields(pubs)) != 5 {
		t.Fatalf("mask snowflake: exit %d, %q, %s", exit, pubs, stderr)
	}
	back, _, _ := idforge(t, dir, pubs, "unmask", "-layout", "snowflake", "-key-file", "ids.key", "-")
	if back != ids {
		t.Errorf("unmask snowflake: %q, want %q", back, ids)
	}
}
