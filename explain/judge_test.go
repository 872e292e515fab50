package explain_test

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/idforge/idforge/explain"
	"github.com/idforge/idforge/interp"
	"github.com/idforge/idforge/layouts"
)

// now is the time the judging tests take as now, so that "in the future"
// does not move under them.
var now = time.Date(2026, 11, 26, 0, 0, 0, 0, time.UTC)

func layoutsOf(r explain.Report) []string {
	var out []string
	for _, c := range r.Candidates {
		out = append(out, c.Layout)
	}
	return out
}

// A UUID whose version and variant match one RFC 9562 layout is that
// layout, alone; -all adds the others, the expired draft marked.
func TestInspectCertainUUID(t *testing.T) {
	const v7 = "017F22E2-79B0-7CC3-98C4-DC0C0C07398F"
	r := explain.Inspect(v7, explain.Options{Now: now})
	if r.Verdict != explain.Certain || !slices.Equal(layoutsOf(r), []string{"uuidv7"}) {
		t.Fatalf("verdict %s, readings %v; want certain, uuidv7 alone", r.Verdict, layoutsOf(r))
	}
	if !slices.Contains(r.Hidden, "ulid") || !slices.Contains(r.Hidden, "uuidv7-draft01") {
		t.Errorf("hidden %v, want ulid and uuidv7-draft01", r.Hidden)
	}
	all := explain.Inspect(v7, explain.Options{All: true, Now: now})
	if len(all.Hidden) != 0 || all.Candidates[0].Layout != "uuidv7" || len(all.Candidates) != 1+len(r.Hidden) {
		t.Fatalf("-all: readings %v, hidden %v", layoutsOf(all), all.Hidden)
	}
	for _, c := range all.Candidates {
		if (c.Layout == "uuidv7-draft01") != (c.Implausible != "") {
			t.Errorf("%s: implausible %q", c.Layout, c.Implausible)
		}
	}
}

// A decimal Snowflake-style ID is ambiguous: each system with its own
// time, those in the past first and latest first, then those in the
// future; twitter and snowflake, of the same bits, are one reading.
func TestInspectSnowflakeFamily(t *testing.T) {
	r := explain.Inspect("175928847299117063", explain.Options{Now: now})
	if r.Verdict != explain.Ambiguous {
		t.Fatalf("verdict %s, want ambiguous", r.Verdict)
	}
	times := map[string]string{}
	for _, c := range r.Candidates {
		times[c.Layout] = c.Time
	}
	if times["discord"] != "2016-04-30T11:18:25.796Z" {
		t.Errorf("discord reads %q, want 2016-04-30T11:18:25.796Z", times["discord"])
	}
	if _, ok := times["snowflake"]; ok {
		t.Errorf("snowflake read apart from twitter: %v", layoutsOf(r))
	}
	for _, c := range r.Candidates {
		if c.Layout == "twitter" && !slices.Equal(c.Also, []string{"snowflake"}) {
			t.Errorf("twitter also %v, want snowflake", c.Also)
		}
		// Future is a plausible time more than a day (the reader's slack)
		// after now: said of whichever layouts read so, named by none
		// here, so that a new built-in layout needs no change to this test.
		if at, err := time.Parse(time.RFC3339Nano, c.Time); err == nil && c.Implausible == "" && c.Future != at.After(now.Add(24*time.Hour)) {
			t.Errorf("%s (%s): future %v", c.Layout, c.Time, c.Future)
		}
	}
	if !slices.ContainsFunc(r.Candidates, func(c explain.Candidate) bool { return c.Future }) {
		t.Errorf("no reading in the future (Mastodon's is): %v", layoutsOf(r))
	}
	// In the past before in the future; among the decimal readings in the
	// past, the later first.
	var past []time.Time
	for i, c := range r.Candidates {
		if i > 0 && r.Candidates[i-1].Future && !c.Future {
			t.Errorf("%s after a reading in the future", c.Layout)
		}
		if at, _ := time.Parse(time.RFC3339Nano, c.Time); !c.Future && c.Form == explain.Canonical(c.Model) {
			past = append(past, at)
		}
	}
	if !slices.IsSortedFunc(past, func(a, b time.Time) int { return b.Compare(a) }) {
		t.Errorf("readings in the past not latest first: %v", past)
	}
}

// A TypeID reads as its UUID only, never as a ULID of the same bits.
func TestInspectTypeID(t *testing.T) {
	for _, in := range []string{"user_01h455vb4pex5vsknk084sn02q", "user_4hj44femph8cg9qb7r8zdm2j58"} {
		r := explain.Inspect(in, explain.Options{All: true, Now: now})
		for _, c := range r.Candidates {
			if !explain.UUIDLike(c.Model) {
				t.Errorf("%s reads as %s", in, c.Layout)
			}
		}
		if len(r.Candidates) == 0 || r.Verdict != explain.Certain {
			t.Errorf("%s: verdict %s, readings %v", in, r.Verdict, layoutsOf(r))
		}
	}
}

// An ID a layout's generator makes an hour before now is read as that
// layout: with -all it is among the readings, and without, it is shown
// too, or it is a variant of the first reading (ksuid-ms of ksuid).
func TestInspectFindsTheMaker(t *testing.T) {
	ls, err := explain.Builtins()
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range ls {
		if _, ok := l.Value(layouts.Hash); ok {
			continue
		}
		// The ID is an hour old at the time the judging takes as now: now,
		// or a month after the epoch of a layout whose range starts later.
		now := now
		if first, _, ok := explain.TimeRange(l); ok && first.After(now.Add(-24*time.Hour)) {
			now = first.Add(30 * 24 * time.Hour)
		}
		g, err := interp.NewGenerator(l, interp.WithClock(func() time.Time { return now.Add(-time.Hour) }))
		if err != nil {
			t.Fatal(err)
		}
		id, err := g.Next()
		if err != nil {
			t.Fatal(err)
		}
		format, err := explain.Formatter(l, "canonical")
		if err != nil {
			t.Fatal(err)
		}
		text := string(format(nil, id))
		has := func(r explain.Report) bool {
			return slices.ContainsFunc(r.Candidates, func(c explain.Candidate) bool {
				return c.Layout == l.Name || slices.Contains(c.Also, l.Name)
			})
		}
		if all := explain.Inspect(text, explain.Options{All: true, Now: now}); !has(all) {
			t.Errorf("%s %s: -all reads %v", l.Name, text, layoutsOf(all))
		}
		r := explain.Inspect(text, explain.Options{Now: now})
		if !has(r) && !explain.Variant(r.Candidates[0].Model, l) && !explain.Variant(l, r.Candidates[0].Model) {
			t.Errorf("%s %s: reads %v (%s)", l.Name, text, layoutsOf(r), r.Verdict)
		}
		if l.IsUUID() && !l.NeedsNode() && r.Candidates[0].Layout != l.Name && l.Name != "uuidv8" && !explain.Variant(r.Candidates[0].Model, l) {
			t.Errorf("%s %s: first reading %s", l.Name, text, r.Candidates[0].Layout)
		}
	}
}

// Evidence counts constant bits, but not a leading run of zero bits.
func TestEvidence(t *testing.T) {
	for name, want := range map[string]int{"uuidv7": 6, "snowflake": 0, "discord": 0, "ulid": 0} {
		l, _ := explain.Builtin(name)
		if got := explain.Evidence(l); got != want {
			t.Errorf("Evidence(%s) = %d, want %d", name, got, want)
		}
	}
	if explain.Evidence(explain.Nil()) != 0 || explain.Evidence(explain.Max()) != 128 {
		t.Errorf("Evidence of nil %d, max %d", explain.Evidence(explain.Nil()), explain.Evidence(explain.Max()))
	}
}

func TestSameBitsTitle(t *testing.T) {
	get := func(name string) *layouts.Layout { l, _ := explain.Builtin(name); return l }
	if !explain.SameBits(get("twitter"), get("snowflake")) || explain.SameBits(get("twitter"), get("discord")) {
		t.Error("SameBits: twitter is snowflake's bits, not discord's")
	}
	for name, want := range map[string]string{"discord": "Discord", "twitter": "Twitter/X", "ksuid-ms": "KSUID with milliseconds", "uuidv7": "UUIDv7"} {
		if got := explain.Title(get(name)); got != want {
			t.Errorf("Title(%s) = %q, want %q", name, got, want)
		}
	}
	if !explain.Variant(get("ksuid"), get("ksuid-ms")) || !explain.Variant(get("uuidv7"), get("uuidv7-draft01")) || explain.Variant(get("uuidv8"), get("uuidv8-sha256")) {
		t.Error("Variant: ksuid-ms of ksuid, uuidv7-draft01 of uuidv7, and uuidv8-sha256 not of uuidv8")
	}
}

// Digits alone are a decimal number, a Snowflake-style layout's canonical
// form, and 13 of them a TSID's Crockford too: those readings are
// weighed, the others rank lower as not canonical, and say so.
func TestInspectDigitsAreDecimal(t *testing.T) {
	r := explain.Inspect("1234567890123", explain.Options{All: true, Now: now})
	if r.Verdict != explain.Ambiguous {
		t.Fatalf("verdict %s", r.Verdict)
	}
	others := 0
	for _, c := range r.Candidates {
		canonical := c.Form == explain.Canonical(c.Model)
		switch {
		case canonical && c.RanksLower != "" && c.Implausible == "" && c.Layout != "tsid":
			t.Errorf("%s read as %s ranks lower: %s", c.Layout, c.Form, c.RanksLower)
		case !canonical:
			others++
			if !strings.Contains(c.RanksLower, "is not "+c.Layout+"'s canonical form") {
				t.Errorf("%s read as %s: ranks lower %q", c.Layout, c.Form, c.RanksLower)
			}
		}
	}
	if others == 0 || r.Candidates[0].Form != "decimal" {
		t.Errorf("readings %v: want decimal first, and others after", layoutsOf(r))
	}
}
