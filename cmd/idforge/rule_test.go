package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The reading rule end to end, through the command (the bulk is in package
// explain): overflow is ErrRange in convert, mask and unmask; an ID that
// starts with - gets a hint of --; twitter converts as snowflake; a long
// argument is cut in messages; inspect's first reading is convert's.
func TestReadingRuleEndToEnd(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	key := filepath.Join(dir, "ids.key")
	if err := os.WriteFile(key, []byte("00112233445566778899aabbccddeeff\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	long := strings.Repeat("x", 100_000)
	for _, c := range []struct {
		args   []string
		exit   int
		stdout string // a prefix
		stderr string // a part
	}{
		{[]string{"convert", "-layout", "ulid", "-enc", "uuid", "8ZZZZZZZZZZZZZZZZZZZZZZZZZ"}, 1, "", `"8ZZZZZZZZZZZZZZZZZZZZZZZZZ" (length 26) is above the largest ulid ID in crockford, 7ZZZZZZZZZZZZZZZZZZZZZZZZZ`},
		{[]string{"convert", "-enc", "hex", "aWgEPTl1tmebfsQzFP4bxwgy80W"}, 1, "", "is above the largest ksuid ID in base62, aWgEPTl1tmebfsQzFP4bxwgy80V"},
		{[]string{"unmask", "-layout", "ksuid", "-key-file", key, "zzzzzzzzzzzzzzzzzzzzzzzzzzz"}, 1, "", "is above the largest ksuid ID"},
		{[]string{"mask", "-layout", "tsid", "-key-file", key, "ZZZZZZZZZZZZZ"}, 1, "", "is above the largest tsid ID"},
		{[]string{"unmask", "-layout", "ulid", "-key-file", key, "ZZZZZZZZZZZZZZZZZZZZZZZZZZ"}, 1, "", "is above the largest ulid ID"},
		{[]string{"inspect", "-layout", "ksuid", "zzzzzzzzzzzzzzzzzzzzzzzzzzz"}, 1, "", "is above the largest ksuid ID"},
		{[]string{"inspect", "-JhLeOlGIEjaIOFHR0xd"}, 2, "", "flag provided but not defined: -JhLeOlGIEjaIOFHR0xd; an ID that starts with - goes after --: idforge inspect -- -JhLeOlGIEjaIOFHR0xd"},
		{[]string{"inspect", "--", "-JhLeOlGIEjaIOFHR0xd"}, 0, "-JhLeOlGIEjaIOFHR0xd\n  layout     firebase", ""},
		{[]string{"convert", "-layout", "twitter", "-to", "v7", "605343031096418304"}, 0, "014daefe-2200-70a8-8000-000000000000", ""},
		{[]string{"convert", "-to", "twitter", "-enc", "hex", "014daefe-2200-70a8-8000-000000000000"}, 0, "08669c478fc2a000", ""},
		{[]string{"convert", "-enc", "hex", long}, 1, "", `"` + strings.Repeat("x", 64) + `"… (100000 bytes) is not an ID`},
		{[]string{"inspect", "-" + long}, 2, "", "flag provided but not defined: -" + strings.Repeat("x", 63) + "… (100001 bytes)\n"},
		// The crockford-check UUIDv7 whose text Base62 reads as a KSUID.
		{[]string{"convert", "-enc", "uuid", "01M8JG28S4E3ZBA9GQRRRPGB78Y"}, 0, "01a22501-2324-70fe-b526-17c631682ce8", ""},
		{[]string{"inspect", "01M8JG28S4E3ZBA9GQRRRPGB78Y"}, 0, "01M8JG28S4E3ZBA9GQRRRPGB78Y\n  layout     uuidv7 (UUIDv7 — RFC 9562 section 5.7), read as crockford-check", ""},
	} {
		out, stderr, exit := idforge(t, dir, "", c.args...)
		if exit != c.exit || !strings.HasPrefix(out, c.stdout) || !strings.Contains(stderr, c.stderr) {
			t.Errorf("idforge %.200s: exit %d\nstdout %.300q\nstderr %.300q\nwant exit %d, %q, %q", strings.Join(c.args, " "), exit, out, stderr, c.exit, c.stdout, c.stderr)
		}
		if len(stderr) > 1000 {
			t.Errorf("idforge %.200s: %d bytes of standard error", strings.Join(c.args, " "), len(stderr))
		}
	}
}
