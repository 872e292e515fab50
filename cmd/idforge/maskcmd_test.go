package main

import (
	"bytes"
	"encoding/hex"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/idforge/idforge/layouts"
	"github.com/idforge/idforge/mask"
	"github.com/idforge/idforge/maskkey"
)

// idforgeTo runs idforge with its standard output a new file of mode 0644,
// and returns what it wrote there.
func idforgeTo(t *testing.T, dir, file string, args ...string) (stdout, stderr string, exit int) {
	t.Helper()
	f, err := os.OpenFile(file, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Chmod(0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(idforgeBin, args...)
	cmd.Dir, cmd.Stdout = dir, f
	var errb bytes.Buffer
	cmd.Stderr = &errb
	err = cmd.Run()
	f.Close()
	if ee, ok := err.(*exec.ExitError); ok {
		exit = ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	out, _ := os.ReadFile(file)
	return string(out), errb.String(), exit
}

// mask and unmask agree with package mask, in both directions, from
// arguments and standard input, with flags anywhere; bad keys and inputs
// are reported without the key.
func TestMaskCommands(t *testing.T) {
	t.Parallel()
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
	key, err := maskkey.ReadFile(filepath.Join(dir, "ids.key"))
	if err != nil || len(key.Hex()) != 64 {
		t.Fatalf("the key file: %v (%d digits)", err, len(key.Hex()))
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

	// Keys: too short, all zero, not hex, missing, not a regular file;
	// none is ever printed.
	os.WriteFile(filepath.Join(dir, "short.key"), []byte("00112233445566778899aabbccddee\n"), 0o600)
	os.WriteFile(filepath.Join(dir, "zero.key"), []byte(strings.Repeat("00", 32)+"\n"), 0o600)
	os.WriteFile(filepath.Join(dir, "text.key"), []byte("this is not a hex key but it is long enough\n"), 0o600)
	cases := []struct{ file, want string }{
		{"short.key", "15 bytes; a key is at least 32 hex digits (16 bytes)"},
		{"zero.key", "all zero"},
		{"text.key", "not hex (a passphrase is not a key)"},
		{"none.key", "no such file"},
		{".", "is a directory, not a regular file"},
	}
	if _, err := os.Stat("/dev/zero"); err == nil {
		cases = append(cases, struct{ file, want string }{"/dev/zero", "is a device, not a regular file"})
	}
	if fifo := makeFIFO(t, dir); fifo != "" {
		cases = append(cases, struct{ file, want string }{fifo, "is a named pipe, not a regular file"})
	}
	for _, c := range cases {
		for _, cmd := range []string{"mask", "unmask"} {
			_, stderr, exit := idforge(t, dir, "", cmd, "-layout", "v7", "-key-file", c.file, v7)
			if exit != 1 || !strings.Contains(stderr, c.want) || strings.Contains(stderr, "00112233") || strings.Contains(stderr, "long enough") {
				t.Errorf("%s -key-file %s: exit %d: %s; want exit 1 and %q", cmd, c.file, exit, stderr, c.want)
			}
		}
	}
	// A key file that others can read works, with a warning; key writes a
	// warning when its standard output is such a file.
	os.WriteFile(filepath.Join(dir, "open.key"), []byte(key.Hex()+"\n"), 0o644)
	if runtime.GOOS != "windows" {
		os.Chmod(filepath.Join(dir, "open.key"), 0o644) // whatever the umask
		out, stderr, exit := idforge(t, dir, "", "mask", "-layout", "v7", "-key-file", "open.key", "-tweak", "tenant", v7)
		if exit != 0 || strings.TrimSpace(out) != want || !strings.Contains(stderr, "warning: others can read the key file open.key (mode -rw-r--r--): chmod 600 open.key") {
			t.Errorf("mask -key-file open.key: exit %d, %q, %s", exit, out, stderr)
		}
		out, stderr, exit = idforgeTo(t, dir, filepath.Join(dir, "out.key"), "key")
		if exit != 0 || !strings.Contains(stderr, "warning: standard output is a file that others can read") || len(strings.TrimSpace(out)) != 64 {
			t.Errorf("key > out.key (0644): exit %d, %q, %s", exit, out, stderr)
		}
		if _, stderr, _ := idforge(t, dir, "", "mask", "-layout", "v7", "-key-file", "ids.key", v7); stderr != "" {
			t.Errorf("mask -key-file ids.key (0600): %s", stderr)
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
