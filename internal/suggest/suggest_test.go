package suggest

import (
	"strings"
	"testing"
)

func TestNearest(t *testing.T) {
	layouts := []string{"v1", "v4", "v7", "ksuid", "ksuid-ms", "ulid", "uuidv4", "uuidv6", "uuidv7", "uuidv7-subms", "xid"}
	encodings := []string{"canonical", "uuid", "base62", "crockford", "hex", "base58", "base36", "base32hex", "zbase32"}
	for _, c := range []struct {
		name  string
		names []string
		want  string // Nearest's names, joined by " or "
	}{
		{"uuid7", layouts, "uuidv7"},
		{"UUIDv7", layouts, "uuidv7"},
		{"uuidv77", layouts, "uuidv7"},
		{"uudiv7", layouts, "uuidv7"}, // two letters swapped
		{"KSUID", layouts, "ksuid"},
		{"ulld", layouts, "ulid"},
		{"v9", layouts, "v1 or v4 or v7"},
		{"snowflake", layouts, ""}, // nothing near
		{"uuidv5", layouts, "uuidv4 or uuidv6 or uuidv7"},
		{"v", []string{"v1", "v2", "v3", "v4"}, ""}, // more than three as near
		{"base63", encodings, "base62 or base36"},
		{"base6", encodings, "base62 or base36"},
		{"crokford", encodings, "crockford"},
		{"Hex", encodings, "hex"},
		{"", encodings, ""},
	} {
		if got := strings.Join(Nearest(c.name, c.names), " or "); got != c.want {
			t.Errorf("Nearest(%q) = %q, want %q", c.name, got, c.want)
		}
	}
}

func TestDistance(t *testing.T) {
	for _, c := range []struct {
		a, b string
		want int
	}{{"", "", 0}, {"a", "", 1}, {"", "ab", 2}, {"ab", "ba", 1}, {"kitten", "sitting", 3}, {"ca", "abc", 3}} {
		if got := distance(c.a, c.b); got != c.want {
			t.Errorf("distance(%q, %q) = %d, want %d", c.a, c.b, got, c.want)
		}
		if got := distance(c.b, c.a); got != c.want {
			t.Errorf("distance(%q, %q) = %d, want %d", c.b, c.a, got, c.want)
		}
	}
}
