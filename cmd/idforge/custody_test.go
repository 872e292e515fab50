package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/idforge/idforge/ulid"
)

// The reproductions of issue 65's findings about the CLI's readers, each
// failing on the main of its day.

// Decimal text with a sign is no ID in any layout: -layout discord read
// "-5" as its two's complement (18446744073709551611) and exited 0, where
// the docs, the corpus, SQL and every generated Parse refuse a sign.
func TestDecimalRefusesSign(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	for _, name := range []string{"discord", "instagram", "tsid", "snowflake", "mastodon"} {
		for _, in := range []string{"-5", "-1", "+5", "-9223372036854775808", "-0"} {
			for _, cmd := range [][]string{
				{"inspect", "-layout", name, "--", in},
				{"convert", "-layout", name, "-enc", "hex", "--", in},
				{"convert", "-layout", name, "-from", "decimal", "-enc", "hex", "--", in},
			} {
				out, stderr, exit := idforge(t, dir, "", cmd...)
				if exit != 1 || out != "" {
					t.Errorf("%q: exit %d, stdout %q, stderr %q: want the signed text refused (exit 1)", cmd, exit, out, stderr)
				}
			}
		}
	}
	// Without -layout, a sign reads as no layout's decimal either.
	if out, stderr, exit := idforge(t, dir, "", "convert", "-enc", "hex", "--", "-5"); exit != 1 || out != "" {
		t.Errorf("convert -- -5: exit %d, stdout %q, stderr %q: want it refused", exit, out, stderr)
	}
	// The same digits without a sign still read.
	if out, stderr, exit := idforge(t, dir, "", "convert", "-layout", "discord", "-enc", "hex", "5"); exit != 0 || strings.TrimSpace(out) != "0000000000000005" {
		t.Errorf("convert -layout discord 5: exit %d, %q, %s", exit, out, stderr)
	}
}

// key -o - writes the key on standard output, as gen's -o - does, and
// creates no file named "-".
func TestKeyToStdout(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	out, stderr, exit := idforge(t, dir, "", "key", "-o", "-")
	if exit != 0 || !regexp.MustCompile(`^[0-9a-f]{64}\n$`).MatchString(out) {
		t.Errorf("key -o -: exit %d, stdout %q, stderr %q: want a key on standard output", exit, out, stderr)
	}
	if _, err := os.Stat(filepath.Join(dir, "-")); err == nil {
		t.Error("key -o - wrote a file named -")
	}
}

// Aliases never outrank an exact reading: base32hex text that idforge
// itself wrote (convert -enc base32hex) reads back without -from as a ULID
// only by reading Crockford's aliases (lower-case base32hex holds i, l and
// o, which Crockford reads as 1, 1 and 0). It is refused as ambiguous,
// naming both readings; with -from base32hex, or -from crockford, it reads
// as asked. A ULID's text with an alias that no other encoding reads
// exactly still reads as the ULID.
func TestAliasesNeverOutrankExact(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	u := ulid.MustParse("01M990396HYD7AT56EJECJWNCP")
	b32, stderr, exit := idforge(t, dir, "", "convert", "-enc", "base32hex", u.String())
	b32 = strings.TrimSpace(b32)
	if exit != 0 || !strings.ContainsAny(b32, "ilo") {
		t.Fatalf("convert -enc base32hex %s: exit %d, %q, %s: want base32hex text holding i, l or o", u, exit, b32, stderr)
	}
	for _, cmd := range [][]string{{"convert", "-to", "ulid", b32}, {"convert", "-enc", "hex", b32}} {
		out, stderr, exit := idforge(t, dir, "", cmd...)
		if exit != 1 || !strings.Contains(stderr, "ambiguous") || !strings.Contains(stderr, "crockford as ulid") || !strings.Contains(stderr, "base32hex as ulid") {
			t.Errorf("%q: exit %d, stdout %q, stderr %q: want it refused as ambiguous, naming the crockford and the base32hex readings", cmd, exit, out, stderr)
		}
	}
	// inspect shows an ambiguous text's readings, as it does 64-bit
	// decimal's, its verdict "ambiguous".
	out, stderr, exit := idforge(t, dir, "", "inspect", "-json", b32)
	if exit != 0 || !strings.Contains(out, `"verdict": "ambiguous"`) || !strings.Contains(out, `"form": "base32hex"`) || !strings.Contains(out, `"form": "crockford"`) {
		t.Errorf("inspect -json %s: exit %d, stdout %q, stderr %q: want the verdict ambiguous, with the crockford and base32hex readings", b32, exit, out, stderr)
	}
	if out, stderr, exit := idforge(t, dir, "", "convert", "-from", "base32hex", "-to", "ulid", b32); exit != 0 || strings.TrimSpace(out) != u.String() {
		t.Errorf("convert -from base32hex: exit %d, %q, %s: want %s", exit, out, stderr, u)
	}
	if out, stderr, exit := idforge(t, dir, "", "convert", "-from", "crockford", "-to", "ulid", b32); exit != 0 || strings.TrimSpace(out) == u.String() {
		t.Errorf("convert -from crockford: exit %d, %q, %s: want the Crockford reading", exit, out, stderr)
	}
	if out, stderr, exit := idforge(t, dir, "", "convert", "-layout", "ulid", "-to", "ulid", b32); exit != 0 || strings.TrimSpace(out) == u.String() {
		t.Errorf("convert -layout ulid: exit %d, %q, %s: want the canonical (Crockford) reading, as -layout asks", exit, out, stderr)
	}
	// An alias in a text no other encoding reads exactly: 'Z' is no
	// base32hex digit, so the ULID reads, as it always did.
	in := "01ARZ3NDEKTSV4RRFFQ69G5FAV"
	withAlias := strings.Replace(in, "1", "I", 1)
	if out, stderr, exit := idforge(t, dir, "", "convert", "-to", "ulid", withAlias); exit != 0 || strings.TrimSpace(out) != in {
		t.Errorf("convert %s: exit %d, %q, %s: want %s", withAlias, exit, out, stderr, in)
	}
}
