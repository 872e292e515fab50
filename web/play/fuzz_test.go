package play_test

import (
	"testing"

	"github.com/idforge/idforge/fuzz"
	"github.com/idforge/idforge/layouts"
	"github.com/idforge/idforge/web/play"
)

// FuzzCall gives the page's entries a random layout (fuzz.RandomSpec of
// the first input), the same spec cut short at a drawn length, and
// arbitrary text. Every answer is JSON and nothing panics; the whole spec
// checks clean, with its diagram, and every sample ID it makes reads back,
// with that spec, as exactly one reading of that layout; any text reads,
// with that spec, only as that layout, at most once in each form; a cut
// spec either checks clean or says what is wrong.
func FuzzCall(f *testing.F) {
	f.Add([]byte("orderid"), uint16(40), "017F22E2-79B0-7CC3-98C4-DC0C0C07398F", "1000")
	f.Add([]byte{0xff, 0x00, 0x7f}, uint16(0), "user_01h455vb4pex5vsknk084sn02q", "NaN")
	f.Fuzz(func(t *testing.T, seed []byte, cut uint16, text, rate string) {
		spec := fuzz.RandomSpec(seed)
		l, err := layouts.Parse(play.SpecFile, []byte(spec))
		if err != nil {
			t.Fatalf("RandomSpec made a spec that does not parse: %v\n%s", err, spec)
		}
		var c play.Check
		call(t, &c, "check", spec, "1000", "4")
		if !c.OK || len(c.Errors) != 0 || c.SVG != l.SVG(nil) {
			t.Fatalf("a valid spec: ok %v, errors %+v, SVG %d bytes (not the layout's)\n%s", c.OK, c.Errors, len(c.SVG), spec)
		}
		for _, s := range c.Samples {
			var in play.Inspection
			call(t, &in, "inspect", s.Text, spec)
			if len(in.Readings) != 1 || in.Readings[0].Layout != l.Name || in.Readings[0].SVG == "" {
				t.Fatalf("sample %s read as %+v, want one reading of %s\n%s", s.Text, in, l.Name, spec)
			}
		}

		var cutCheck play.Check
		call(t, &cutCheck, "check", spec[:int(cut)%(len(spec)+1)], rate, text)
		if !cutCheck.OK && len(cutCheck.Errors) == 0 {
			t.Fatalf("a spec that does not check, with no error: %q", spec[:int(cut)%(len(spec)+1)])
		}
		var any1, any2 play.Inspection
		call(t, &any1, "inspect", text, "")
		call(t, &any2, "inspect", text, spec)
		// With one spec, every reading is of its layout, each in another
		// form (text that several of its forms decode is shown each way).
		forms := map[string]bool{}
		for _, r := range any2.Readings {
			if r.Layout != l.Name || forms[r.Form] {
				t.Fatalf("%q read as %+v with one spec", text, any2.Readings)
			}
			forms[r.Form] = true
		}
	})
}
