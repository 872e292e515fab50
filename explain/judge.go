package explain

import (
	"cmp"
	"slices"
	"strings"
	"time"

	"github.com/idforge/idforge/layouts"
)

// How sure Inspect is of its first reading: Report.Verdict.
const (
	// Certain: the first reading is the answer. Its text form and constant
	// bits leave no other likely reading (a UUID whose version and variant
	// match an RFC 9562 layout is that layout), or it is the only one.
	Certain = "certain"
	// Likely: the first reading is likelier than the others (its text is
	// in the layout's own form, or it matches more constant bits), but the
	// others are plausible too.
	Likely = "likely"
	// Ambiguous: several readings are as likely as the first, each with its
	// own fields and time (a decimal Snowflake-style ID, read with each
	// system's epoch). The likeliest come first.
	Ambiguous = "ambiguous"
)

// Plausible returns the window of plausible times, 1990 to 2100: from, and
// up to just before to. A reading whose time is outside it, or whose
// layout is an expired draft, is implausible.
func Plausible() (from, to time.Time) { return plausibleFrom, plausibleTo }

var (
	plausibleFrom = time.Date(1990, 1, 1, 0, 0, 0, 0, time.UTC)
	plausibleTo   = time.Date(2101, 1, 1, 0, 0, 0, 0, time.UTC)
)

// futureSlack is how far past now a reading's time may be, for clocks that
// run ahead, before it is marked as in the future.
const futureSlack = 24 * time.Hour

// Options tune Inspect: which layout and form it reads the text as (see
// Readings), and what it shows.
type Options struct {
	ReadOptions
	// All keeps every reading: the implausible ones, and the others of a
	// certain reading. Without it Report.Hidden names the ones left out.
	All bool
	// Now is the time a reading's time is compared with to mark it in the
	// future; the zero Time means time.Now().
	Now time.Time
}

// Inspect reads one input as Readings does (as o.Layout alone, when it is
// not nil, and in o.From alone, when it is not "") and judges the readings as a person would: it merges layouts with
// the same bits into one reading (Candidate.Also), marks the implausible
// (Candidate.Implausible) and those in the future, orders them likeliest
// first and says how sure the first is (Report.Verdict). Unless o.All, it
// leaves out the implausible readings (all but the first, when every one
// is) and, when the first is certain, every other one, naming them in
// Report.Hidden (with the form they read the text in, when it is not the
// first reading's: "ksuid (as crockford)").
//
// The order: plausible readings in the past (or without a time) first,
// then those in the future, then the implausible; within each, text in the
// layout's own form first, then the layout with more constant bits (not
// counting leading zero bits, which any small number has), then the later
// time.
func Inspect(in string, o Options) Report {
	r := Readings(in, o.ReadOptions)
	if len(r.Candidates) == 0 {
		return r
	}
	now := o.Now
	if now.IsZero() {
		now = time.Now()
	}
	cs := r.Candidates
	decimal := slices.ContainsFunc(cs, func(c Candidate) bool { return c.Form == "decimal" })
	for i := range cs {
		judge(&cs[i], now, decimal, slices.ContainsFunc(cs, func(d Candidate) bool { return asWritten(&d, &cs[i]) }))
	}
	cs = mergeSame(cs)
	slices.SortStableFunc(cs, rank)
	r.Verdict = verdict(cs)
	if !o.All {
		var kept []Candidate
		for i, c := range cs {
			if i == 0 || r.Verdict != Certain && c.class < implausible {
				kept = append(kept, c)
				continue
			}
			name := c.Layout
			if c.Form != cs[0].Form {
				name += " (as " + c.Form + ")"
			}
			if !slices.Contains(r.Hidden, name) {
				r.Hidden = append(r.Hidden, name)
			}
		}
		cs = kept
	}
	r.Candidates = cs
	return r
}

// A reading's class, the first key of its rank.
const (
	plausible   = iota // a time in the window, not in the future; or no time
	future             // a time in the window, after now
	implausible        // a time outside the window, or an expired draft
)

// judge sets a reading's title, class and what makes it implausible. Text
// that reads as a decimal number (digits alone, no leading zero) is one:
// its readings in other forms are implausible. So is a reading of text
// in its form only by folding its case, when another form reads the text
// exactly as it writes it (caseOnly; see asWritten).
func judge(c *Candidate, now time.Time, decimal, caseOnly bool) {
	c.Title = Title(c.Model)
	var why []string
	if decimal && c.Form != "decimal" {
		why = append(why, "its text is a decimal number")
	}
	if caseOnly {
		why = append(why, "its letters are not in the case "+c.Form+" writes")
	}
	if IsBuiltin(c.Model) && strings.Contains(c.Layout, "draft") {
		why = append(why, "an expired draft")
	}
	if c.hasTime {
		switch {
		case c.at.Before(plausibleFrom):
			why = append(why, "its time is before "+plausibleFrom.Format("2006"))
		case !c.at.Before(plausibleTo):
			why = append(why, "its time is after "+plausibleTo.AddDate(-1, 0, 0).Format("2006"))
		case c.at.After(now.Add(futureSlack)):
			c.Future = true
			c.class = future
		}
	}
	if len(why) > 0 {
		c.Implausible = strings.Join(why, ", ")
		c.class = implausible
	}
}

// rank orders two readings of one text, likelier first.
func rank(a, b Candidate) int {
	return cmp.Or(
		cmp.Compare(a.class, b.class),
		-cmp.Compare(boolInt(a.ownForm), boolInt(b.ownForm)),
		-cmp.Compare(Evidence(a.Model), Evidence(b.Model)),
		cmp.Compare(boolInt(isVariant(a.Model)), boolInt(isVariant(b.Model))),
		-cmp.Compare(boolInt(a.hasTime), boolInt(b.hasTime)),
		-a.at.Compare(b.at),
	)
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// verdict says how sure the first of readings ordered by rank is.
func verdict(cs []Candidate) string {
	top := cs[0]
	var others []Candidate
	for _, c := range cs[1:] {
		if (c.class < implausible || top.class == implausible) && !Variant(top.Model, c.Model) && !Variant(c.Model, top.Model) {
			others = append(others, c)
		}
	}
	if len(others) == 0 {
		return Certain
	}
	// Matching four or more constant bits that no other reading matches
	// (a UUID's version, say) is the answer: a ULID, say, reads any 128
	// bits.
	most := 0
	for _, c := range others {
		most = max(most, Evidence(c.Model))
	}
	if Evidence(top.Model)-most >= 4 {
		return Certain
	}
	for _, c := range others {
		if c.class == top.class && c.ownForm == top.ownForm && Evidence(c.Model) == Evidence(top.Model) {
			return Ambiguous
		}
	}
	return Likely
}

// Evidence counts the constant bits of a layout that tell its IDs apart
// from any bits: its ConstantBits, less the zero bits that lead the ID (a
// Snowflake's sign bit), which any small number has.
func Evidence(l *layouts.Layout) int {
	n := ConstantBits(l)
	for _, p := range l.Parts {
		if p.Role != layouts.Const || p.Const != 0 {
			break
		}
		n -= p.Width
	}
	return n
}

// Variant reports whether layout v is a variant of layout l: a built-in
// whose name is l's with a suffix (ksuid-ms of ksuid, uuidv7-draft01 of
// uuidv7), with the same constant bits and a time of the same epoch. It
// reads the same IDs as l with more or less precision, so it is no rival
// to l's reading.
func Variant(l, v *layouts.Layout) bool {
	if !strings.HasPrefix(v.Name, l.Name+"-") || ConstantBits(l) != ConstantBits(v) {
		return false
	}
	lt, lok := l.Value(layouts.Time)
	vt, vok := v.Value(layouts.Time)
	return lok && vok && lt.Epoch.Equal(vt.Epoch)
}

// isVariant reports whether l is a Variant of a built-in layout.
func isVariant(l *layouts.Layout) bool {
	ls, _ := builtins()
	return slices.ContainsFunc(ls, func(b *layouts.Layout) bool { return Variant(b, l) })
}

// mergeSame merges the readings, in one form, of layouts with the same
// bits (twitter and snowflake) into one: the layout whose doc names the
// other keeps the reading, and the other's name goes into its Also.
func mergeSame(cs []Candidate) []Candidate {
	var out []Candidate
next:
	for _, c := range cs {
		for i := range out {
			o := &out[i]
			if o.Form != c.Form || !SameBits(o.Model, c.Model) {
				continue
			}
			if names(c.Model.Doc, o.Layout) && !names(o.Model.Doc, c.Layout) {
				c.Also = append(append([]string{o.Layout}, o.Also...), c.Also...)
				*o = c
			} else {
				o.Also = append(o.Also, c.Layout)
			}
			continue next
		}
		out = append(out, c)
	}
	return out
}

// names reports whether doc names a layout: has its name as a word (as
// regexp's \b marks one: not beside a letter, digit or underscore).
func names(doc, name string) bool {
	word := func(c byte) bool {
		return c == '_' || '0' <= c && c <= '9' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z'
	}
	if name == "" {
		return false
	}
	for i := 0; ; {
		j := strings.Index(doc[i:], name)
		if j < 0 {
			return false
		}
		j += i
		end := j + len(name)
		if (j == 0 || !word(doc[j-1]) || !word(name[0])) && (end == len(doc) || !word(doc[end]) || !word(name[len(name)-1])) {
			return true
		}
		i = j + 1
	}
}

// SameBits reports whether two layouts read every ID alike: the same
// parts, with the same roles, constants and positions, and the same
// values (epoch, unit, counter, node), whatever their names.
func SameBits(a, b *layouts.Layout) bool {
	if a.Bits != b.Bits || !slices.Equal(a.Parts, b.Parts) || len(a.Values) != len(b.Values) {
		return false
	}
	for i := range a.Values {
		x, y := a.Values[i], b.Values[i]
		if x.Role != y.Role || x.Width != y.Width || !slices.Equal(x.Parts, y.Parts) || !x.Epoch.Equal(y.Epoch) ||
			x.Unit != y.Unit || x.Init != y.Init || x.Overflow != y.Overflow || x.MAC != y.MAC || x.Once != y.Once || x.Algorithm != y.Algorithm {
			return false
		}
	}
	return true
}

// Headline is the first line of a layout's spec comment, up to a colon
// and without a closing period ("UUIDv7 — RFC 9562 section 5.7"), or ""
// for a spec without one.
func Headline(l *layouts.Layout) string {
	line, _, _ := strings.Cut(strings.TrimSpace(l.Doc), "\n")
	line, _, _ = strings.Cut(line, ": ")
	return strings.TrimSuffix(strings.TrimSpace(line), ".")
}

// Title is a layout's name for people: its Headline up to a dash
// ("Discord" of "Discord — Discord's Snowflake").
func Title(l *layouts.Layout) string {
	t, _, _ := strings.Cut(Headline(l), " — ")
	return t
}
