package main

import (
	"strings"
	"testing"
)

// gen takes a built-in layout (-layout) in every language, and writes its
// IDs in the text form its spec declares, unless -text says otherwise:
// ULIDs in Crockford, an ObjectId in hex.
func TestGenLayoutText(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"gen", "-layout", "ulid", "-pkg", "ulid", "-o", "-"}, "String returns id in its canonical text form, as Crockford returns it"},
		{[]string{"gen", "-lang", "js", "-layout", "ulid", "-o", "-"}, "Returns the ID's text: 26 Crockford digits"},
		{[]string{"gen", "-lang", "python", "-layout", "ulid", "-o", "-"}, "Returns the ID's text: 26 Crockford digits"},
		{[]string{"gen", "-lang", "js", "-layout", "objectid", "-o", "-"}, "Returns the ID's text: 24 hex digits"},
		{[]string{"gen", "-lang", "python", "-layout", "ulid", "-text", "base62", "-o", "-"}, "Returns the ID's text: 22 Base62 digits"},
		{[]string{"gen", "-lang", "js", "-layout", "ulid", "-text", "base62", "-o", "-"}, "Returns the ID's text: 22 Base62 digits"},
	} {
		stdout, stderr, exit := idforge(t, t.TempDir(), "", c.args...)
		if exit != 0 {
			t.Errorf("idforge %s: exit %d\n%s", strings.Join(c.args, " "), exit, stderr)
			continue
		}
		if !strings.Contains(stdout, c.want) {
			t.Errorf("idforge %s: no %q in the output", strings.Join(c.args, " "), c.want)
		}
	}
}
