package explain_test

import (
	"errors"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/idforge/idforge/explain"
	"github.com/idforge/idforge/layouts"
	"github.com/idforge/idforge/resolved"
)

// Decode reads every form idforge writes; one text can be several (a
// decimal Snowflake is also Base62).
func TestDecodeForms(t *testing.T) {
	forms := func(s string) []string {
		var out []string
		for _, d := range explain.Decode(s) {
			out = append(out, d.Form)
		}
		return out
	}
	for in, want := range map[string]string{
		"017F22E2-79B0-7CC3-98C4-DC0C0C07398F":          "uuid",
		"{017f22e2-79b0-7cc3-98c4-dc0c0c07398f}":        "uuid",
		"urn:uuid:017f22e2-79b0-7cc3-98c4-dc0c0c07398f": "uuid",
		"user_01h455vb4pex5vsknk084sn02q":               "typeid",
		"1541815603606036480":                           "decimal",
	} {
		if got := forms(in); !slices.Contains(got, want) {
			t.Errorf("%s: forms %v, want %s among them", in, got, want)
		}
	}
	if got := forms("not-an-id!"); len(got) != 0 {
		t.Errorf("garbage decodes as %v", got)
	}
}

// Formatter's errors match ErrEncoding and read as the CLI writes them,
// with the name meant when one is near.
func TestFormatterErrors(t *testing.T) {
	l, err := explain.Lookup("snowflake")
	if err != nil {
		t.Fatal(err)
	}
	_, err = explain.Formatter(l, "uuid")
	if !errors.Is(err, explain.ErrEncoding) || err.Error() != "snowflake IDs have 8 bytes, and only 16-byte IDs have a UUID form" {
		t.Errorf("uuid of a snowflake: %v", err)
	}
	_, err = explain.Formatter(l, "base64")
	if !errors.Is(err, explain.ErrEncoding) || !strings.HasPrefix(err.Error(), `unknown encoding "base64"; did you mean base62? (want one of canonical, uuid,`) {
		t.Errorf("base64: %v", err)
	}
	if f, err := explain.Formatter(l, "canonical"); err != nil || string(f(nil, []byte{0, 0, 0, 0, 0, 0, 0, 42})) != "42" {
		t.Errorf("canonical snowflake: %v", err)
	}
}

// PropsOf says in words what the layout's methods compute.
func TestPropsOf(t *testing.T) {
	l, err := layouts.Builtin("snowflake")
	if err != nil {
		t.Fatal(err)
	}
	p := explain.PropsOf(resolved.Must(l), 1e6, 2000)
	if p.SortsByTime != "yes" || p.NodeSpace != "1024" || p.PerTick != "4096 per 1ms" || !strings.HasPrefix(p.Leased, "snowflake/") {
		t.Errorf("%+v", p)
	}
	// 2000 generators share 1024 node numbers: duplicates come.
	if first, _ := l.FirstDuplicate(1e6, 2000); math.IsInf(first, 1) || p.Duplicates != explain.Duplicates(resolved.Must(l), 1e6, 2000, first) {
		t.Errorf("duplicates %q", p.Duplicates)
	}
	if explain.PropsOf(resolved.Must(l), 1000, 1).Duplicates != "none" {
		t.Error("one snowflake generator makes duplicates")
	}
}
